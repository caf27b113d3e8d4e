"""Der dunkle Turm: a pure-Python rules engine following ``rulebooks/content/der-dunkle-turm/rulebook.md``.
Every event and every refusal cites the rulebook clause behind it (``dt-...``).

Modules: ``board`` (the path, side fields, deck, magic places, timers), ``state`` (frozen State and the
mutable Table of a transition), ``moves`` (walking over free fields, landing, exile, camp), ``attack``
(the tower attack, bridges, rifts, beasts and their fights), ``duel`` (the wizard), ``flow`` (turns,
table rounds, timers, the owl for an all-captured team, lapsing cards), ``actions`` (who acts, legal
actions, what each action does), ``position`` (JSON), ``messages_de``/``_nl``/``_en``,
``message_formats`` and ``messages`` (sentences in three languages),
``engine`` (``ENGINE``), ``view`` (the board, tapping moves, action labels in nl/de/en), ``words`` (the
plain words of those labels), ``editor`` (the position editor, ``EDITOR``), ``bots`` (how the computer
teams judge a position), ``players`` (the computer teams: beginner and strong, and why a move is
good; ``bench/bench_strengths.py`` measures them).

Seats and actors
----------------
Seats are teams ``red``, ``blue``, ``green``, ``yellow`` (setup ``teams`` 2-4, dt-teams), each with
companions ``red1``..``red3``. ``current_actor`` is a team, ``"chance"`` (the lot, a card drawn, a d12
rolled), an automatic actor (``"tower"``: the tower attack; ``"beast"``: a beast attacks at a tower
attack; ``"owl"``: the owl at every second attack) or ``""`` when the game is over.

Action grammar
--------------
- chance: ``start:<team>`` (the lot, dt-aufbau), ``card:<kind>`` with kinds ``step1``..``step4``,
  ``attack7`` .. ``attack20`` (the rift field printed on the card), ``exile``, ``bolt``, ``spell``,
  ``float``; ``d12:1`` .. ``d12:12`` (12 is the wand) for fights, field events and the duel.
- a team: ``draw`` (draw without placing a floating field first), ``float:<field>`` (a floating field
  over an open rift), ``keep`` (keep a drawn floating field), ``move:<companion>`` (a step card),
  ``free:<companion>`` / ``advance:<companion>`` ("Aus dem Exil" or the owl), ``bolt:<companion>``,
  ``spell:<companion>``, ``fight-on`` / ``retreat`` (after a lost first duel round), ``rescue:<companion>``
  (the owl frees one of an all-captured team; that team chooses).
- automatic: ``tower``, ``beast:12`` / ``beast:18``, ``owl``.

Tapping and the position editor
-------------------------------
Board targets (``Shape.target``): fields ``f:1`` .. ``f:20`` and ``f:6a`` .. ``f:15c``, the places ``camp``,
``exile``, ``out`` (burst companions) and ``tower``, companions ``c:red1``, rifts ``rift:9``, floating
fields ``sf:9``, beasts ``beast:12`` / ``beast:18``. Moving by tapping (``view.DunkleTurmView.tap``): a
companion, then where it goes (step cards, "Aus dem Exil", the owl's rescue); a companion alone for a
thunderbolt or a protection spell; a rift for a floating field; everything else is an off-board button
``do:<action>`` (drawing, keeping, the duel choice, the lot, cards, dice, the tower, beasts, owl). The
editor (``editor.EDITOR``) uses the same targets.

Positions
---------
The JSON position format is declared in ``position.FORMAT`` (``rules.core.schema``); its reference is
rendered on the API page from the declaration.
"""

from pathlib import Path

from rules.core.registry import Capability, GameSpec

from .editor import EDITOR
from .engine import ENGINE, DerDunkleTurmEngine
from .players import PLAYERS
from .position import FORMAT
from .view import VIEW

GAME = GameSpec(
    engine=ENGINE,
    view=VIEW,
    package_dir=Path(__file__).resolve().parent,
    stylesheet="board.css",
    editor=EDITOR,
    position_format=FORMAT,
    players=PLAYERS,
    capabilities=frozenset(
        {Capability.TAP, Capability.EXPLAIN, Capability.ABOUT, Capability.EDITOR, Capability.POSITION_FORMAT}
    ),
)

__all__ = ["EDITOR", "ENGINE", "GAME", "DerDunkleTurmEngine"]
