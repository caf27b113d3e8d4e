"""Finstere Flure: a pure-Python rules engine following ``rulebooks/content/finstere-flure/rulebook.md``.

Every event and every refusal cites the id of the rulebook clause behind it (``ff-...``).

Modules: ``board`` (geometry, wrap-around, default layout), ``state`` (frozen dataclasses),
``physics`` (objects sliding over blood), ``moves`` (a player's move), ``monster`` (one monster step),
``flow`` (rounds, chapters, endings, the result), ``placement`` (option dmaufbau), ``position`` (JSON
positions), ``messages_nl``/``_de``/``_en``, ``message_formats`` and ``messages`` (the sentences of events, refusals
and results in three languages: the engine emits message keys and data, never text), ``engine`` (the ``ENGINE`` object), ``view`` (the
board drawing), ``examples`` (hand-written positions such as the rulebook's worked monster turn),
``editor`` (the position editor, ``GAME.editor``: palette, fields and refusals in nl/de/en) and
``bots`` (the sensible player) and ``players`` (the computer players of ``GAME.players``: beginner
and strong, and why a move is good).

Setup
-----
``players`` (2-7, default 4, ff-aantal-spelers) and ``dmaufbau`` (default false,
ff-dmaufbau-plaatsen); ``initial_state`` takes a setup validated by
``rules.core.setup.validate_setup``. A seed is not the engine's business: drivers draw the
chance outcomes (``rules.core.bots``, ``rules.core.replay``).

Coordinates
-----------
``(x, y)`` with x 0..15 left to right and y 0..10 top to bottom; exit (doelveld) (0, 0), start square
(15, 10). Directions: ``U`` (up, y-1), ``D`` (down, y+1), ``L`` (x-1), ``R`` (x+1).

Actors
------
``current_actor``: a colour (``red``, ``yellow``, ``green``, ``blue``, ``purple``, ``white``, ``orange``,
seated in that order; the first is the start player), ``"chance"`` (a monster card is turned over),
``"monster"`` (the monster walks) or ``""`` (game over).

Action grammar
--------------
- ``place:stone:X,Y`` | ``place:pool4:X,Y,h`` | ``place:pool4:X,Y,v`` | ``place:pool2:X,Y``
  (dmaufbau only; pool4 from its top/left end, pool2 from its top-left square; players in turn from
  the start player).
- ``move:<figure>:<path>``: figure ids are ``<colour><front value>`` (``red1``, ``yellow4``; values
  1, 2, 3, 4 with 2-4 players, 1, 2, 3 with 5-7). The path has one letter per step: ``U D L R`` on the
  board, ``E`` for the step from the start pool onto the start square (must come first for a figure in
  the pool), ``O`` for the final step from the exit square out of the board (must come last).
  Jumped figures count as steps, stepping into a stone pushes it, blood slides automatically (free).
  ``move:red1:`` (empty path) is a 0-step move, always legal for a figure that is due.
  ``legal_actions`` lists one shortest path per distinct result (end square or exit, plus where the
  stones end up); ``apply`` accepts any legal path.
- ``card:5`` | ``card:7`` | ``card:8`` | ``card:10`` | ``card:X`` | ``card:XX``: the chance outcomes
  after the players' part of a round (probabilities from the remaining deck; never X/XX as the first
  card of the game).
- ``monster``: exactly one monster step (the look and turn before it, the step with slide, push,
  crush, wrap-around and catches, and after the last step of the turn the final look). A card 10
  therefore takes ten ``monster`` actions; X/XX take steps until 1/2 catches, at most 20. The monster
  is an automatic actor: drivers play its only legal action themselves.

Events and trails
-----------------
Every event is ``Event(clause, key, data)``; ``ENGINE.describe(event)`` renders its sentence. The
event of a player's move (``ff-stappen-waarde``, key ``move.walk``; ``ff-eens-per-ronde``, key
``move.stay`` for 0 steps) and the step event of each monster step (``ff-monster-kijkt``, key
``monster.step``; ``ff-monster-door-muur``, key ``monster.wall``) carry ``data["trail"]``: the squares
``[x, y]`` occupied in order. A move's trail starts at the figure's square (the start square when it
enters from the pool; empty when it stays in the pool), includes jumped and slid-over squares and
ends at its end square (the exit square when it leaves the board). A monster step's trail is its
origin, the square stepped onto (the re-entry square through the wall) and every square it slides
to. Where two consecutive squares are not neighbours (through the wall), a drawing splits the trail.

Positions
---------
The JSON position format is declared in ``position.FORMAT`` (``rules.core.schema``); its reference is
rendered on the API page from the declaration.

Readings beyond the rulebook's interpretation notes
---------------------------------------------------
- A 0-step move is always legal for a figure that is due, also for a figure lying on blood (it stays).
- A sliding figure passes figures lying on the pool like a jump; a sliding object (stone or pushed
  figure) stops on the blood square before the first obstacle.
- The sliding monster catches figures lying on the pool and slides on; stones on the pool are pushed.
- With X/XX the step that reaches the hits is completed (slide and all) before the monster stops.
- In chapter 2 the game ends as soon as no figure is on the board or in the pool, even mid-turn; when
  the end has been rung, the championship rule decides (ff-einde-kampioenschap) instead.
- No winner (nobody saved a figure): ``result`` is a ``Result`` with no winners and ``draw`` true.

Result
------
``ENGINE.result(state)`` is a ``rules.core.engine.Result``: ``winners`` (one colour, or none),
``clause`` (the ending used), ``scores`` (saved figures per colour), ``tiebreak``
(``ff-einde-gelijke-stand`` when equal counts were decided by who reached the number first, and for a
draw) and ``draw``; ``ENGINE.describe_result(result)`` renders its sentence.
"""

from pathlib import Path

from rules.core.registry import Capability, GameSpec

from . import view
from .editor import EDITOR
from .engine import FinstereFlureEngine
from .players import PLAYERS
from .position import FORMAT

ENGINE = FinstereFlureEngine()

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

__all__ = ["ENGINE", "GAME", "FinstereFlureEngine"]
