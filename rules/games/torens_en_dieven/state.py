"""The state of a game of Torens & Dieven: frozen values, plus the tile kinds and the grid geometry
(reach of a tower) that every other module uses."""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass
from functools import cached_property
from typing import Any

Square = tuple[int, int]

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")  # seating order
FOLLOWERS = 7  # followers per player in the supply (8 meeples, one on the score track)
PIECES = 20  # td-voorraad-torendelen
MAX_HEIGHT = 5  # td-maximum-vijf
TOWER_TILES = 5  # td-torentegels
THIEF_VALUES: dict[int, int] = {2: 2, 3: 3, 4: 3, 5: 2, 6: 1, 7: 1}  # value -> number of tiles (td-landtegels)
LAND_TILES = 71  # the base game's land tiles besides the start tile
RIVER_TILES = 11  # De Rivier's river tiles besides the source (the lake included)
GRID_LIMIT = 200  # coordinates of hand-written positions stay within -200..200

# Tile kinds: the start tile ("start", or the river's "source"), plain base-game land tiles, land
# tiles with a thief symbol ("thief2".."thief7"), tower tiles, river tiles and the river tile with
# a tower site.
START, SOURCE, LAND, TOWER, RIVER, RIVER_TOWER = "start", "source", "land", "tower", "river", "rivertower"
THIEF_KINDS: tuple[str, ...] = tuple(f"thief{v}" for v in THIEF_VALUES)
STACK_KINDS: tuple[str, ...] = (LAND, *THIEF_KINDS)  # the face-down land stack
RIVER_KINDS: tuple[str, ...] = (RIVER, RIVER_TOWER)  # the river stack
TILE_KINDS: tuple[str, ...] = (START, SOURCE, LAND, *THIEF_KINDS, TOWER, RIVER, RIVER_TOWER)
SITE_KINDS = frozenset({TOWER, RIVER_TOWER})  # tiles with a tower site (td-toren-beginnen)
DRAWABLE: tuple[str, ...] = (*STACK_KINDS, TOWER, *RIVER_KINDS)

# Phases: a tile is drawn (chance), the active player chooses which towers grow when the supply is
# short, places the tile, then places a guard (or not); "over" after the final scoring.
DRAW, GROW, PLACE, GUARD, OVER = "draw", "grow", "place", "guard", "over"
PHASES: tuple[str, ...] = (DRAW, GROW, PLACE, GUARD, OVER)


def thief_value(kind: str) -> int:
    """The number on a tile's thief symbol, 0 for a tile without one."""
    return int(kind[5:]) if kind.startswith("thief") else 0


@dataclass(frozen=True)
class Tower:
    """A tower site on the grid: its pieces (0: the site stayed empty, no tower) and its guard."""

    at: Square
    pieces: int
    guard: str = ""  # the colour of the guard on top, "" for none


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    phase: str
    turn: int  # index into players: the active player
    tiles: tuple[tuple[int, int, str], ...]  # (x, y, kind) in the order they were placed
    towers: tuple[Tower, ...]  # in the order they were built
    supply: int  # tower pieces in the general supply
    followers: tuple[int, ...]  # followers in each player's supply
    scores: tuple[int, ...]
    stolen: int  # value of the stolen tile beside the score track, 0 for none
    stack: tuple[int, ...]  # counts per STACK_KINDS
    tower_stack: int
    river_stack: tuple[int, ...]  # counts per RIVER_KINDS
    drawn: str = ""  # the tile in hand (phases grow and place)
    placed: Square | None = None  # the tile placed this turn (phase guard)
    replacement: bool = False  # phase draw: the thieves stole the tile, a tower tile is drawn instead

    @property
    def player(self) -> str:
        return self.players[self.turn]

    @cached_property
    def occupied(self) -> frozenset[Square]:
        """The squares with a tile (cached per state; :func:`evolve` drops the cache)."""
        return frozenset((x, y) for x, y, _k in self.tiles)

    def tower_at(self, square: Square) -> Tower | None:
        for tower in self.towers:
            if tower.at == square:
                return tower
        return None

    def guards(self) -> list[Tower]:
        return [t for t in self.towers if t.guard]

    @cached_property
    def free(self) -> frozenset[Square]:
        """The empty squares that touch the grid (where a tile may go)."""
        occupied = self.occupied
        out: set[Square] = set()
        for x, y in occupied:
            out.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
        return frozenset(out - occupied)

    @cached_property
    def frontier(self) -> tuple[Square, ...]:
        """:attr:`free` in a stable order (row by row)."""
        return tuple(sorted(self.free, key=_row_major))

    def seat_index(self, colour: str) -> int:
        return self.players.index(colour)


CACHED = ("occupied", "free", "frontier")


def evolve(state: State, **changes: Any) -> State:
    """``dataclasses.replace`` for a State, without re-running ``__init__`` (the engine's hot path);
    the grid caches are kept unless the tiles change."""
    new = object.__new__(State)
    fields = dict(state.__dict__)
    if "tiles" in changes:
        for name in CACHED:
            fields.pop(name, None)
    fields.update(changes)
    new.__dict__.update(fields)
    return new


def _row_major(square: Square) -> tuple[int, int]:
    return square[1], square[0]


def with_tile(before: State, after: State, square: Square) -> State:
    """Carry the grid caches of ``before`` over to ``after`` (= ``before`` plus a tile on ``square``)."""
    x, y = square
    occupied = before.occupied | {square}
    before_free = before.free
    opened = frozenset(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))) - occupied - before_free
    after.__dict__["occupied"] = occupied
    after.__dict__["free"] = (before_free - {square}) | opened
    frontier = before.__dict__.get("frontier")
    if frontier is not None:
        # the sorted frontier, updated in place of sorting every free square again
        squares = list(frontier)
        i = bisect_left(squares, (y, x), key=_row_major)
        if i < len(squares) and squares[i] == square:
            del squares[i]
        for new in opened:
            insort(squares, new, key=_row_major)
        after.__dict__["frontier"] = tuple(squares)
    return after


def in_reach(tower: Tower, square: Square) -> bool:
    """td-bereik-eigen-tegel, td-bereik-hoogte, td-bereik-gaten: the tower's own tile, and the
    squares in its row and column at most ``pieces`` away (empty squares count like tiles)."""
    if tower.pieces < 1:
        return False
    (tx, ty), (x, y) = tower.at, square
    if (tx, ty) == (x, y):
        return True
    return (tx == x and abs(ty - y) <= tower.pieces) or (ty == y and abs(tx - x) <= tower.pieces)


def reach_squares(tower: Tower) -> list[Square]:
    """Every square a tower reaches (its own tile first)."""
    if tower.pieces < 1:
        return []
    tx, ty = tower.at
    out = [(tx, ty)]
    for d in range(1, tower.pieces + 1):
        out += [(tx + d, ty), (tx - d, ty), (tx, ty + d), (tx, ty - d)]
    return out


def gaps_between(state: State, tower: Tower, square: Square) -> int:
    """The empty squares between a tower and a square in its row or column."""
    (tx, ty), (x, y) = tower.at, square
    occupied = state.occupied
    if tx == x:
        between = [(x, v) for v in range(min(ty, y) + 1, max(ty, y))]
    else:
        between = [(u, y) for u in range(min(tx, x) + 1, max(tx, x))]
    return sum(1 for sq in between if sq not in occupied)
