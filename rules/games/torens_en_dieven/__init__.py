"""Carcassonne: Torens & Dieven: a pure-Python rules engine following
``rulebooks/content/torens-en-dieven/rulebook.md``. Every event and every refusal cites the id of
the rulebook clause behind it (``td-...``).

Modules: ``state`` (frozen dataclasses, tile kinds, reach geometry), ``rules`` (drawing, the thief
symbol, placing tiles and guards, the end of a turn, the final scoring), ``position`` (JSON
positions), ``messages_nl``/``_de``/``_en``, ``message_formats`` and ``messages`` (the sentences in three
languages; the engine emits message keys and data, never text), ``engine`` (the ``ENGINE`` object), ``view`` (the board drawing and its tap
targets), ``labels`` (action labels, groups and the words of tapping and editing in nl/de/en),
``taps`` (moving by tapping the board), ``editor`` (the position editor, ``EDITOR``) and ``players``
(the computer players: beginner and strong, and why a move is good).

The base game (edge matching, roads, cities, monasteries, fields and their scoring, meeples on
tiles) is not modelled (interpretation note on td-landtegel-leggen): a tile is a square with the
expansion's features, any empty square touching the grid is a legal spot, and the score counts the
points of this expansion only.

Setup
-----
``players`` (2-5, default 2), ``river`` (default true, td-rivier-schudden: the river source is the
start tile and the 11 other river tiles, one of them the river tile with a tower site, are drawn
first) and ``land`` (0-71, default 71: the ordinary land tiles without a thief symbol shuffled
with the 12 thief tiles, td-landtegels-schudden). Every player has 7 followers in the supply.

Coordinates
-----------
``(x, y)``, any integers (within -200..200 in positions); x grows to the right, y grows downward
(y-1 is "omhoog"). The start tile lies on (0, 0).

Actors and actions
------------------
- ``"chance"`` draws the tile: ``draw:land``, ``draw:thief2`` .. ``draw:thief7`` (the land stack),
  ``draw:river`` and ``draw:rivertower`` (the river stack, first), ``draw:tower`` (the top tower
  tile after a theft, probability 1). Odds are the counts left in the stack.
- The active player (``red``, ``green``, ``blue``, ``yellow``, ``black``, seated in that order):
  ``grow:X,Y;X,Y`` (the supply is short: which towers get a piece, exactly as many as the supply
  holds, one each), ``place:X,Y`` (place the drawn tile), ``guard:X,Y`` (a guard on the tower on
  X,Y, instead of a meeple; the turn ends) or ``pass`` (no guard). The guard step is skipped when
  no tower reaches the placed tile or the player has no follower left.
- ``""``: the game is over (the last tile is placed, the final scoring is done).

Positions
---------
The JSON position format is declared in ``position.FORMAT`` (``rules.core.schema``); its reference is
rendered on the API page from the declaration.
"""

from pathlib import Path

from rules.core.registry import Capability, GameSpec

from . import view
from .editor import EDITOR
from .engine import TorensEnDievenEngine
from .players import PLAYERS
from .position import FORMAT

ENGINE = TorensEnDievenEngine()

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

__all__ = ["ENGINE", "GAME", "TorensEnDievenEngine"]
