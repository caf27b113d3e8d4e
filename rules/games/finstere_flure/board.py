"""Board geometry of Finstere Flure (clause ``ff-speelbord`` and ``ff-muurletters``).

Coordinates are ``(x, y)``: x from 0 (left) to 15 (right), y from 0 (top) to 10 (bottom).
The top-right and bottom-left corners are cut away in steps of 4-3-2-1, leaving 156 squares.
The exit (doelveld) is (0, 0), the start square (startveld) is (15, 10).

A monster leaving the board from (x, y) re-enters on (15 - x, 10 - y) keeping its heading; the board
is point-symmetric, so the entry square always has the outer wall behind it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Set

WIDTH = 16
HEIGHT = 11

Square = tuple[int, int]

EXIT: Square = (0, 0)
START: Square = (15, 10)

# Cut corners: row -> x values missing.
_MISSING_TOP_RIGHT = {0: range(12, 16), 1: range(13, 16), 2: range(14, 16), 3: range(15, 16)}
_MISSING_BOTTOM_LEFT = {10: range(0, 4), 9: range(0, 3), 8: range(0, 2), 7: range(0, 1)}

MISSING: frozenset[Square] = frozenset(
    (x, y) for table in (_MISSING_TOP_RIGHT, _MISSING_BOTTOM_LEFT) for y, xs in table.items() for x in xs
)

SQUARES: frozenset[Square] = frozenset(
    (x, y) for y in range(HEIGHT) for x in range(WIDTH) if (x, y) not in MISSING
)
assert len(SQUARES) == 156

# Directions: letter -> (dx, dy). y grows downwards, so "U" is dy = -1.
DIRECTIONS: dict[str, tuple[int, int]] = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}
LEFT_OF = {"U": "L", "L": "D", "D": "R", "R": "U"}  # the monster's left hand when facing a direction
RIGHT_OF = {"U": "R", "R": "D", "D": "L", "L": "U"}


def on_board(square: Square) -> bool:
    return square in SQUARES


def grid_position(square: Square) -> bool:
    """True when the coordinates lie inside the 16 x 11 grid (on the board or in a cut corner)."""
    x, y = square
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def step(square: Square, direction: str) -> Square:
    dx, dy = DIRECTIONS[direction]
    return (square[0] + dx, square[1] + dy)


# NEIGHBOUR[direction][square]: the square one step away, for the squares that have one (a table
# lookup instead of ``step`` and ``on_board``).
NEIGHBOUR: dict[str, dict[Square, Square]] = {
    d: {sq: n for sq in SQUARES if (n := (sq[0] + dx, sq[1] + dy)) in SQUARES} for d, (dx, dy) in DIRECTIONS.items()
}


def mirror(square: Square) -> Square:
    """Where the monster re-enters after walking through the outer wall from ``square``."""
    return (WIDTH - 1 - square[0], HEIGHT - 1 - square[1])


def _ray(square: Square, direction: str) -> tuple[Square, ...]:
    """The squares from ``square`` (not included) straight in ``direction`` up to the outer wall."""
    out = []
    square = step(square, direction)
    while square in SQUARES:
        out.append(square)
        square = step(square, direction)
    return tuple(out)


# RAYS[direction][square]: what lies straight ahead of ``square`` up to the outer wall (the monster's view).
RAYS: dict[str, dict[Square, tuple[Square, ...]]] = {d: {sq: _ray(sq, d) for sq in SQUARES} for d in DIRECTIONS}


def is_neighbour(a: Square, b: Square) -> bool:
    """Whether two squares share a side (a trail is split where consecutive squares are not)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def neighbours(square: Square) -> list[Square]:
    return [n for d in "UDLR" if (n := step(square, d)) in SQUARES]


def walls(square: Square) -> str:
    """The directions (letters) in which ``square`` borders the outer wall."""
    return "".join(d for d in "UDLR" if step(square, d) not in SQUARES)


EDGE_SQUARES: frozenset[Square] = frozenset(s for s in SQUARES if walls(s))


def is_edge(square: Square) -> bool:
    """A randveld: a square with at least one side against the outer wall."""
    return square in EDGE_SQUARES


def _distances(origin: Square) -> dict[Square, int]:
    """Straight steps over the empty board (ff-dmaufbau-vrije-zone)."""
    dist = {origin: 0}
    queue: deque[Square] = deque([origin])
    while queue:
        sq = queue.popleft()
        for n in neighbours(sq):
            if n not in dist:
                dist[n] = dist[sq] + 1
                queue.append(n)
    return dist


DIST_FROM_START = _distances(START)
DIST_FROM_EXIT = _distances(EXIT)

FREE_ZONE: frozenset[Square] = frozenset(
    s for s in SQUARES if DIST_FROM_START[s] <= 3 or DIST_FROM_EXIT[s] <= 3
)

# The default layout (ff-standaardopstelling).
DEFAULT_STONES: frozenset[Square] = frozenset(
    [(2, 2), (7, 4), (8, 5), (12, 3), (13, 5), (6, 6), (4, 7), (11, 7), (14, 8), (5, 9), (8, 9)]
)
DEFAULT_POOL4: tuple[Square, ...] = ((4, 8), (5, 8), (6, 8), (7, 8))
DEFAULT_POOL2: tuple[Square, ...] = ((8, 2), (9, 2), (8, 3), (9, 3))
DEFAULT_BLOOD: frozenset[Square] = frozenset(DEFAULT_POOL4 + DEFAULT_POOL2)
STONE_COUNT = 11


def pool4_squares(x: int, y: int, orientation: str) -> tuple[Square, ...]:
    """The 1 x 4 pool from its top/left end; orientation "h" (lying) or "v" (standing)."""
    if orientation == "h":
        return tuple((x + i, y) for i in range(4))
    return tuple((x, y + i) for i in range(4))


def pool2_squares(x: int, y: int) -> tuple[Square, ...]:
    """The 2 x 2 pool from its top-left square."""
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def components(squares: Set[Square]) -> list[frozenset[Square]]:
    """Side-connected groups of ``squares`` (sorted by their smallest square)."""
    rest = set(squares)
    groups: list[frozenset[Square]] = []
    while rest:
        first = min(rest)
        group = {first}
        queue = [first]
        rest.discard(first)
        while queue:
            sq = queue.pop()
            for d in "UDLR":
                n = step(sq, d)
                if n in rest:
                    rest.discard(n)
                    group.add(n)
                    queue.append(n)
        groups.append(frozenset(group))
    return sorted(groups, key=min)


def pool_shape(group: frozenset[Square]) -> str | None:
    """"pool4" for a 1 x 4 line, "pool2" for a 2 x 2 square, else None."""
    xs = sorted({x for x, _ in group})
    ys = sorted({y for _, y in group})
    if len(group) != 4:
        return None
    x0, y0 = xs[0], ys[0]
    if frozenset(pool4_squares(x0, y0, "h")) == group or frozenset(pool4_squares(x0, y0, "v")) == group:
        return "pool4"
    if frozenset(pool2_squares(x0, y0)) == group:
        return "pool2"
    return None


def fmt(square: Square) -> str:
    """``(x, y)``, as in position errors (event sentences format squares in the catalogues)."""
    return f"({square[0]}, {square[1]})"


# -- squares as small integers (for the move generator's search) -------------------------------------
# Square (x, y) has index x + WIDTH * y; a set of squares is an int with one bit per index.


def index(square: Square) -> int:
    return square[0] + WIDTH * square[1]


def mask(squares: Set[Square]) -> int:
    """The bit set of ``squares``."""
    bits = 0
    for x, y in squares:
        bits |= 1 << (x + WIDTH * y)
    return bits


# NEXT_INDEX[direction][i]: the index of the square one step from square i, -1 off the board.
NEXT_INDEX: dict[str, tuple[int, ...]] = {
    d: tuple(
        index(n) if (n := step((i % WIDTH, i // WIDTH), d)) in SQUARES else -1 for i in range(WIDTH * HEIGHT)
    )
    for d in DIRECTIONS
}
