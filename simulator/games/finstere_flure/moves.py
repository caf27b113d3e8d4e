"""A player's move of one figure: walking, jumping, pushing stones, sliding over blood, entering and
leaving the board (clauses ``ff-stappen-waarde`` ... ``ff-uitgang-verlaten``).

A path is a string of letters, one per step: ``U D L R`` (a step on the board), ``E`` (the step from
the start pool onto the start square) and ``O`` (the step from the exit square out of the board).

Refusals are :class:`~simulator.core.engine.RuleError` (clause, message key, data); events carry
their message key and data (see ``messages_nl``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from simulator.core.engine import Event, RuleError

from .board import EXIT, HEIGHT, NEXT_INDEX, SQUARES, START, WIDTH, Square, index, mask, on_board, step
from .physics import slide, stone_removed
from .state import POOL, SAVED, Figure, State

PATH_LETTERS = "EUDLRO"

Where = Square | str  # a square, POOL or SAVED while a figure moves
Stones = frozenset[Square]


@dataclass
class _Board:
    """What stays fixed while one figure moves."""

    figure: str  # the moving figure's id
    others: dict[Square, str]  # other figures on the board
    monster: Square
    blood: frozenset[Square]


def _sq(square: Square) -> list[int]:
    return [square[0], square[1]]


def _push(ctx: _Board, target: Square, letter: str, stones: Stones, events: list[Event] | None) -> Stones:
    """The figure steps onto the stone on ``target``: it moves one square on (ff-steen-schuiven),
    slides over blood (ff-steen-op-bloedplas) or leaves via the start/exit square."""
    beyond = step(target, letter)
    if not on_board(beyond):
        raise RuleError("ff-steen-schuiven", "refuse.stone-wall", square=_sq(target))
    if beyond in stones or beyond in ctx.others or beyond == ctx.monster:
        raise RuleError("ff-steen-schuiven", "refuse.stone-blocked", square=_sq(target), beyond=_sq(beyond))
    new = set(stones)
    new.discard(target)
    if events is not None:
        events.append(
            Event("ff-steen-schuiven", "move.push", {"figure": ctx.figure, "from": _sq(target), "to": _sq(beyond)})
        )
    landed = slide(beyond, letter, ctx.blood, lambda sq: sq in new or sq in ctx.others or sq == ctx.monster)
    if stone_removed(landed):
        if events is not None:
            events.append(Event("ff-steen-op-start-of-doel", "stone.removed", {"square": _sq(beyond)}))
    else:
        if landed != beyond and events is not None:
            events.append(
                Event("ff-steen-op-bloedplas", "move.stone-slides", {"from": _sq(beyond), "to": _sq(landed)})
            )
        new.add(landed)
    return frozenset(new)


def _slide_figure(
    ctx: _Board, pos: Square, letter: str, stones: Stones, events: list[Event] | None, trail: list[Square] | None
) -> Square:
    """The figure stepped onto blood: it slides to the first square beyond the pool, passing figures
    lying on it like a jump (ff-bloedplas-glijden, ff-bloedplas-geblokkeerd)."""
    start = pos
    passed = []
    while pos in ctx.blood:
        nxt = step(pos, letter)
        if not on_board(nxt):  # impossible: blood never touches the outer wall
            raise RuleError("ff-bloedplas-geblokkeerd", "refuse.blood-wall")
        if nxt in stones:
            raise RuleError("ff-bloedplas-geblokkeerd", "refuse.slide-stone", figure=ctx.figure, square=_sq(nxt))
        if nxt == ctx.monster:
            raise RuleError("ff-bloedplas-geblokkeerd", "refuse.slide-monster", figure=ctx.figure, square=_sq(nxt))
        pos = nxt
        if trail is not None:
            trail.append(pos)
        if pos in ctx.others:
            passed.append(pos)
    if events is not None:
        events.append(
            Event("ff-bloedplas-glijden", "move.slide", {"figure": ctx.figure, "from": _sq(start), "to": _sq(pos)})
        )
        for sq in passed:
            events.append(
                Event(
                    "ff-bloedplas-geblokkeerd",
                    "move.slide.pass",
                    {"figure": ctx.figure, "over": ctx.others[sq], "square": _sq(sq)},
                )
            )
    return pos


def _take_step(
    ctx: _Board,
    pos: Where,
    stones: Stones,
    letter: str,
    events: list[Event] | None,
    trail: list[Square] | None = None,
) -> tuple[Where, Stones]:
    """One letter of a path. Returns (new position, new stones); raises RuleError.

    ``trail`` (when given) gets every square the figure occupies during the step."""
    fid = ctx.figure
    if letter == "E":
        if pos != POOL:
            raise RuleError("ff-bord-betreden", "refuse.enter-on-board", figure=fid)
        if ctx.monster == START:
            raise RuleError("ff-bord-betreden", "refuse.enter-monster", figure=fid)
        if events is not None:
            events.append(Event("ff-bord-betreden", "move.enter", {"figure": fid, "to": _sq(START)}))
            if START in ctx.others:
                events.append(
                    Event(
                        "ff-over-figuren-springen",
                        "move.jump.start",
                        {"figure": fid, "over": ctx.others[START], "square": _sq(START)},
                    )
                )
        if trail is not None:
            trail.append(START)
        return START, stones
    if not isinstance(pos, tuple):  # in the pool (a saved figure takes no more steps)
        raise RuleError("ff-bord-betreden", "refuse.enter-first", figure=fid)
    if letter == "O":
        if pos != EXIT:
            raise RuleError("ff-uitgang-verlaten", "refuse.exit-elsewhere", figure=fid)
        return SAVED, stones
    target = step(pos, letter)
    if not on_board(target):
        key = "refuse.wall.exit" if pos == EXIT else "refuse.wall"
        raise RuleError("ff-orthogonaal", key, figure=fid, square=_sq(pos), direction=letter)
    if target == ctx.monster:
        raise RuleError("ff-niet-over-monster", "refuse.monster", figure=fid, square=_sq(target))
    if target in stones:
        stones = _push(ctx, target, letter, stones, events)
    elif target in ctx.others and events is not None:
        events.append(
            Event("ff-over-figuren-springen", "move.jump", {"figure": fid, "over": ctx.others[target], "square": _sq(target)})
        )
    if trail is not None:
        trail.append(target)
    if target in ctx.blood:
        return _slide_figure(ctx, target, letter, stones, events, trail), stones
    return target, stones


def board_context(state: State, fig: Figure) -> _Board:
    others = {f.at: f.id for f in state.figures if isinstance(f.at, tuple) and f.id != fig.id}
    return _Board(figure=fig.id, others=others, monster=state.monster, blood=state.blood)


@dataclass(frozen=True)
class Walk:
    """Where a move ends (a square, POOL for 0 steps from the pool, or SAVED), the stones after it
    and every square the figure occupied in order (its origin first; see ``simulate``)."""

    end: Where
    stones: Stones
    trail: tuple[Square, ...]


def simulate(state: State, fig: Figure, path: str, events: list[Event] | None = None) -> Walk:
    """Walk ``fig`` along ``path``; raises RuleError. ``events`` (a list) collects the events.

    The trail starts at the figure's square (the start square for a figure entering from the pool;
    empty for a figure that stays in the pool), holds every square stepped on, jumped or slid over,
    and ends at the end square (the exit square for a figure that leaves the board).
    """
    if len(path) > fig.showing:
        raise RuleError("ff-stappen-waarde", "refuse.too-far", figure=fig.id, showing=fig.showing, steps=len(path))
    for letter in path:
        if letter not in PATH_LETTERS:
            raise RuleError("ff-orthogonaal", "refuse.bad-letter", figure=fig.id, letter=letter)
    ctx = board_context(state, fig)
    pos: Where = fig.at
    stones = state.stones
    trail: list[Square] = [pos] if isinstance(pos, tuple) else []
    for letter in path:
        if pos == SAVED:
            raise RuleError("ff-uitgang-verlaten", "refuse.after-exit", figure=fig.id)
        pos, stones = _take_step(ctx, pos, stones, letter, events, trail)
    if path and isinstance(pos, tuple) and pos in ctx.others:
        raise RuleError("ff-vrij-eindveld", "refuse.end-occupied", figure=fig.id, square=_sq(pos), other=ctx.others[pos])
    return Walk(pos, stones, tuple(trail))


# -- the move generator ------------------------------------------------------------------------------
# ``enumerate_moves`` searches the same steps as ``_take_step`` (without events, refusals or trail) on
# integers: a square is its index (``board.index``), the pool and "saved" are two numbers beyond the
# squares, a set of squares is a bit set (``board.mask``). tests/simulator/finstere_flure/test_move_generator.py
# checks it against a search through ``_take_step`` itself.

_POOL = WIDTH * HEIGHT + 1
_SAVED = WIDTH * HEIGHT + 2
_START = index(START)
_EXIT = index(EXIT)
_KEY_BITS = 8  # a search key is stones << _KEY_BITS | position
_KEY_LOW = (1 << _KEY_BITS) - 1
assert _SAVED <= _KEY_LOW

# The steps from each position in the order the search tries them: (letter, the square stepped onto).
# From the pool only E onto the start square, from the exit square also O (out: saved), none once saved.
_STEPS: dict[int, tuple[tuple[str, int], ...]] = {
    i: tuple((d, NEXT_INDEX[d][i]) for d in "UDLR" if NEXT_INDEX[d][i] >= 0) + ((("O", _SAVED),) if i == _EXIT else ())
    for i in map(index, SQUARES)
}
_STEPS[_POOL] = (("E", _START),)
_STEPS[_SAVED] = ()


def _figure_step(letter: str, target: int, stones: int, others: int, monster: int, blood: int) -> tuple[int, int] | None:
    """``_take_step`` onto square ``target`` (not the monster's) with letter U, D, L or R when a stone or
    blood lies there, on integers: (new position, new stones), or None where ``_take_step`` refuses."""
    nxt = NEXT_INDEX[letter]
    bit = 1 << target
    if stones & bit:  # push the stone (ff-steen-schuiven), it slides over blood (ff-steen-op-bloedplas)
        beyond = nxt[target]
        if beyond < 0 or beyond == monster or (stones | others) >> beyond & 1:
            return None
        stones &= ~bit
        landed = beyond
        while blood >> landed & 1:
            ahead = nxt[landed]
            if ahead < 0 or ahead == monster or (stones | others) >> ahead & 1:
                break
            landed = ahead
        if landed != _START and landed != _EXIT:  # ff-steen-op-start-of-doel
            stones |= 1 << landed
    pos = target
    while blood >> pos & 1:  # the figure slides (ff-bloedplas-glijden, ff-bloedplas-geblokkeerd)
        ahead = nxt[pos]
        if ahead < 0 or ahead == monster or stones >> ahead & 1:
            return None
        pos = ahead
    return pos, stones


class _Grid(NamedTuple):
    """What every search of one state shares: the monster, the blood and the stones as they lie (bit
    sets; ``blocked`` marks the squares with a stone or blood, where a step pushes or slides) and where
    the figures stand (``occupied`` marks them, ``figures`` is their bit set)."""

    monster: int
    blood: int
    stones: int
    blocked: bytearray
    occupied: bytearray
    figures: int

    @staticmethod
    def of(state: State) -> _Grid:
        stones = mask(state.stones)
        blood = mask(state.blood)
        blocked = bytearray(_KEY_LOW + 1)
        for squares in (state.stones, state.blood):
            for x, y in squares:
                blocked[x + WIDTH * y] = 1
        occupied = bytearray(_KEY_LOW + 1)
        figures = 0
        for f in state.figures:
            at = f.at
            if isinstance(at, tuple):
                i = at[0] + WIDTH * at[1]
                occupied[i] = 1
                figures |= 1 << i
        return _Grid(index(state.monster), blood, stones, blocked, occupied, figures)


def enumerate_moves(state: State, fig: Figure) -> list[str]:
    """One canonical (shortest, then alphabetical-by-letter-order) path per distinct result.

    A result is the figure's end position (a square, the pool or saved) together with the stones.
    """
    return legal_moves(state, [fig])


def legal_moves(state: State, figures: list[Figure]) -> list[str]:
    """``enumerate_moves`` of each of ``figures`` in turn. Figures in the pool share one search: a
    breadth-first search cut at a smaller path length finds exactly the results of the longer one up
    to that length, in the same order."""
    grid = _Grid.of(state)
    out: list[str] = []
    pool_paths: list[str] | None = None
    for fig in figures:
        at = fig.at
        if isinstance(at, tuple):
            own = index(at)
            occupied = bytearray(grid.occupied)
            occupied[own] = 0
            paths = _search(own, fig.showing, grid, occupied, grid.figures & ~(1 << own))
        elif at == POOL:
            if pool_paths is None:
                depth = max(f.showing for f in figures if f.at == POOL)
                pool_paths = _search(_POOL, depth, grid, grid.occupied, grid.figures)
            paths = [p for p in pool_paths if len(p) <= fig.showing]
        else:  # saved or out: only the empty path
            paths = [""]
        prefix = f"move:{fig.id}:"
        out += [prefix + p for p in paths]
    return out


def _search(start: int, depth: int, grid: _Grid, occupied: bytearray, others: int) -> list[str]:
    """The canonical paths of at most ``depth`` letters from position ``start``, breadth first, one
    path length at a time, the letters in the order E, U, D, L, R, O; a result (position and stones)
    reached before keeps its earlier path. ``occupied`` and ``others`` mark the other figures."""
    monster, blood, base, base_blocked = grid.monster, grid.blood, grid.stones, grid.blocked
    seen_base = bytearray(_KEY_LOW + 1)  # positions reached with the stones as they lie (most paths push none)
    seen_base[start] = 1
    seen: set[int] = set()  # stones << _KEY_BITS | position, for the other stones
    results = [""]
    level = [(start, base, "")]
    next_level: list[tuple[int, int, str]] = []

    def visit(pos: int, stones: int, path: str) -> None:
        if stones == base:
            if seen_base[pos]:
                return
            seen_base[pos] = 1
        else:
            key = stones << _KEY_BITS | pos
            if key in seen:
                return
            seen.add(key)
        next_level.append((pos, stones, path))
        if not occupied[pos]:  # the end square is free (ff-vrij-eindveld)
            results.append(path)

    # Neither stones nor blood ever lie on the start square (ff-steen-op-start-of-doel, blood never
    # touches the outer wall) nor on "saved": E and O are always plain steps.
    for _ in range(depth):
        next_level = []
        for pos, stones, path in level:
            if stones == base:
                for letter, target in _STEPS[pos]:
                    if target == monster:  # ff-niet-over-monster; E: ff-bord-betreden
                        continue
                    if base_blocked[target]:
                        stepped = _figure_step(letter, target, stones, others, monster, blood)
                        if stepped is not None:
                            visit(stepped[0], stepped[1], path + letter)
                    elif not seen_base[target]:  # the plain step: visit() inlined
                        seen_base[target] = 1
                        new_path = path + letter
                        next_level.append((target, base, new_path))
                        if not occupied[target]:
                            results.append(new_path)
            else:  # stones pushed on the way here
                blocked = stones | blood
                for letter, target in _STEPS[pos]:
                    if target == monster:
                        continue
                    if blocked >> target & 1:
                        stepped = _figure_step(letter, target, stones, others, monster, blood)
                        if stepped is not None:
                            visit(stepped[0], stepped[1], path + letter)
                    elif (key := stones << _KEY_BITS | target) not in seen:  # the plain step: visit() inlined
                        seen.add(key)
                        new_path = path + letter
                        next_level.append((target, stones, new_path))
                        if not occupied[target]:
                            results.append(new_path)
        level = next_level
    return results
