"""De Betoverde Torens: a pure-Python rules engine following
``rulebooks/content/betoverde-torens/rulebook.md``; every event and refusal cites a ``bt-`` clause.

Modules: ``cards`` (the 90 cards, the spells and their costs), ``state`` (frozen dataclasses, the
ring), ``moves`` (wizards, towers, the Raventoren, flasks, spell effects), ``flow`` (turns, chance,
legal actions, transitions, the end), ``position`` (JSON positions), ``names``/``messages_nl``/``_de``/``_en``/
``messages`` (sentences in three languages), ``engine`` (the ``ENGINE``), ``view`` (the board drawing), ``labels``
(action labels and groups in nl/de/en), ``taps`` (moving by tapping the board), ``editor`` (the
position editor).

Setup: ``players`` 1-6 (1 = solo, default 2), ``solo_flasks`` (solo with flasks and 3 random
spells), ``teams`` (only with 4 or 6 players, else ignored), ``master`` (2-6 players) and
``master_spells`` (1-8 open spells). Seats are colours: red, blue, yellow, green, purple, white (in seating order, the first is
the start player). The solo seat is ``red``.

Action grammar
--------------
- ``play:<card>:wizard:<space>`` move your visible wizard standing on space 1-16;
  ``play:<card>:tower:<n>`` move tower n (1-9) with everything on it; ``play:<card>:none`` a card
  with which no move is possible (bt-kaart-zonder-effect); ``play:<card>`` a dice card: then
  chance ``roll:<1-6>``, then ``move:wizard:<space>`` / ``move:tower:<n>`` / ``none`` / ``reroll``.
- Cards: ``w1``-``w5``, ``t1``-``t5``, ``x1``-``x4``, ``x5-1``, ``x4-2``, ``x2-4``, ``x1-5`` (tower/wizard),
  ``xd``, ``w2d``, ``t2d``, ``w3d``, ``t3d``.
- ``pass`` (bt-kaarten-wisselen): discard the hand, chance draws three, then ``pass-tower:<n>`` or
  ``pass-tower:none``.
- ``spell:wizard-fwd:<space>``, ``spell:wizard-back:<space>``, ``spell:tower-fwd:<n>``,
  ``spell:tower-back:<n>``, ``spell:swap:<n>,<m>``, ``spell:raven:cw|ccw``, ``spell:free:<n>``.
- ``end``: end the turn after the last card when a spell could still be cast, or when no card is
  left in the hand (only in a hand-written position).
- Teams (4 or 6 players, seats i and i + n/2 together): ``ask`` (the active player asks the
  teammate), then the teammate ``give:<card>`` or ``give:none``, then ``return:<card>``.
- Master wizards: before each action, and after it if nobody cast one before, the players are asked
  in turn from the active player (phase ``offer``): ``spell:...`` or ``decline``; ``spell:lift``
  (after a wizard move only) lets the caster's wizard follow the moved one.
- Chance: ``draw:<card>`` (the card drawn; the discard pile is reshuffled into the deck when it is
  empty), ``roll:<n>``, ``spells:<a>+<b>+<c>`` (solo with flasks: 3; master wizards: as many as
  agreed in the setup).

Positions
---------
The JSON position format is declared in ``position.FORMAT`` (``rules.core.schema``); its reference is
rendered on the API page from the declaration.
"""

from pathlib import Path

from rules.core.registry import Capability, GameSpec

from . import view
from .editor import EDITOR
from .engine import BetoverdeTorensEngine
from .players import PLAYERS
from .position import FORMAT

ENGINE = BetoverdeTorensEngine()

GAME = GameSpec(
    engine=ENGINE,
    view=view,
    package_dir=Path(__file__).resolve().parent,
    stylesheet="board.css",
    editor=EDITOR,
    position_format=FORMAT,
    players=PLAYERS,
    capabilities=frozenset(
        {Capability.TAP, Capability.EXPLAIN, Capability.ABOUT, Capability.EDITOR, Capability.POSITION_FORMAT}
    ),
)

__all__ = ["EDITOR", "ENGINE", "GAME", "BetoverdeTorensEngine"]
