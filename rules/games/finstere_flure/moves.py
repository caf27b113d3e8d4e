"""A player's move of one figure: walking, jumping, pushing stones, sliding over blood, entering and
leaving the board (clauses ``ff-stappen-waarde`` ... ``ff-uitgang-verlaten``).

A path is a string of letters, one per step: ``U D L R`` (a step on the board), ``E`` (the step from
the start pool onto the start square) and ``O`` (the step from the exit square out of the board).

Refusals are :class:`~rules.core.engine.RuleError` (clause, message key, data); events carry
their message key and data (see ``messages_nl``).
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from rules.core.engine import Event, RuleError

from .board import EXIT, HEIGHT, NEIGHBOUR, NEXT_INDEX, SQUARES, START, WIDTH, Square, index, mask, on_board, step
from .physics import slide, stone_removed
from .state import POOL, SAVED, Figure, State

PATH_LETTERS = "EUDLRO"

Where = Square | str  # a square, POOL or SAVED while a figure moves
Stones = frozenset[Square]


class _Board(NamedTuple):
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
            Event("ff-steen-schuiven", "move.push", {"figure": ctx.figure, "from": _sq(target), "to": _sq(beyond)}, decisive=True)
        )
    landed = slide(beyond, letter, ctx.blood, lambda sq: sq in new or sq in ctx.others or sq == ctx.monster)
    if stone_removed(landed):
        if events is not None:
            events.append(Event("ff-steen-op-start-of-doel", "stone.removed", {"square": _sq(beyond)}, decisive=True))
    else:
        if landed != beyond and events is not None:
            events.append(
                Event("ff-steen-op-bloedplas", "move.stone-slides", {"from": _sq(beyond), "to": _sq(landed)}, decisive=True)
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
            raise RuleError("ff-bloedplas-geblokkeerd", "refuse.blood-wall", figure=ctx.figure)
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
            Event("ff-bloedplas-glijden", "move.slide", {"figure": ctx.figure, "from": _sq(start), "to": _sq(pos)}, decisive=True)
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


def _enter(ctx: _Board, pos: Where, events: list[Event] | None, trail: list[Square] | None) -> None:
    """ff-bord-betreden: a figure from the pool enters on the start square, unless the monster is there
    (over a figure on it: ff-over-figuren-springen)."""
    fid = ctx.figure
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
        _enter(ctx, pos, events, trail)
        return START, stones
    if not isinstance(pos, tuple):  # in the pool (a saved figure takes no more steps)
        raise RuleError("ff-bord-betreden", "refuse.enter-first", figure=fid)
    if letter == "O":
        if pos != EXIT:
            raise RuleError("ff-uitgang-verlaten", "refuse.exit-elsewhere", figure=fid)
        return SAVED, stones
    target = NEIGHBOUR[letter].get(pos)  # step(pos, letter), None off the board
    if target is None:
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
    others = dict(state.figure_squares)  # every square holds at most one figure (positions, moves)
    if type(fig.at) is tuple:
        del others[fig.at]
    return _Board(figure=fig.id, others=others, monster=state.monster, blood=state.blood)


class Walk(NamedTuple):
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
    others, monster, blood = ctx.others, ctx.monster, ctx.blood
    for letter in path:
        if type(pos) is tuple and letter in NEIGHBOUR:
            # A step onto a square without stone, figure, blood or monster only moves the figure:
            # what ``_take_step`` does there, without calling it.
            target = NEIGHBOUR[letter].get(pos)
            if target is not None and target != monster and target not in stones and target not in others and target not in blood:
                trail.append(target)
                pos = target
                continue
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
_POSITIONS = 256  # every position (square index, pool, saved) is below 256: one byte each in a bytearray
assert _SAVED < _POSITIONS


def _steps_from(i: int) -> tuple[tuple[str, int], ...]:
    """The steps from position ``i`` in the order the search tries them: (letter, the square stepped
    onto). From the pool only E onto the start square, from the exit square also O (out: saved), none
    once saved."""
    if i == _POOL:
        return (("E", _START),)
    if (i % WIDTH, i // WIDTH) not in SQUARES:  # saved, or not a square of the board
        return ()
    plain = tuple((d, NEXT_INDEX[d][i]) for d in "UDLR" if NEXT_INDEX[d][i] >= 0)
    return plain + ((("O", _SAVED),) if i == _EXIT else ())


# _STEPS[position], indexed by position (indexing a tuple is cheaper than a dict lookup).
_STEPS: tuple[tuple[tuple[str, int], ...], ...] = tuple(_steps_from(i) for i in range(_POSITIONS))

# What a search finds on a square before it steps there, for the stones as they lie (``_Layout.cells``):
_OPEN = 0  # a plain step (a free square or a figure to jump)
_CLOSED = 1  # the monster's square (ff-niet-over-monster), or, during a search, a position reached before
_PUSH_OR_SLIDE = 2  # a stone to push or blood to slide on


def _figure_step(
    letter: str, target: int, stones: int, others: bytearray, monster: int, blood: int
) -> tuple[int, int] | None:
    """``_take_step`` onto square ``target`` (not the monster's) with letter U, D, L or R when a stone or
    blood lies there, on integers: (new position, new stones), or None where ``_take_step`` refuses.
    ``others`` marks the squares of the other figures."""
    nxt = NEXT_INDEX[letter]
    bit = 1 << target
    if stones & bit:  # push the stone (ff-steen-schuiven), it slides over blood (ff-steen-op-bloedplas)
        beyond = nxt[target]
        if beyond < 0 or beyond == monster or stones >> beyond & 1 or others[beyond]:
            return None
        stones &= ~bit
        landed = beyond
        while blood >> landed & 1:
            ahead = nxt[landed]
            if ahead < 0 or ahead == monster or stones >> ahead & 1 or others[ahead]:
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


class _Layout(NamedTuple):
    """The monster, the stones and the blood as bit sets, and ``cells``: what a step onto each square
    meets (``_OPEN``, ``_CLOSED`` for the monster, ``_PUSH_OR_SLIDE`` for a stone or blood)."""

    monster: int
    blood: int
    stones: int
    cells: bytes


# Layouts by (stones, blood, monster): the stones lie still during most of a round and the blood all
# game, so consecutive states share their layout. Bounded: emptied when full.
_layouts: dict[tuple[frozenset[Square], frozenset[Square], Square], _Layout] = {}
_LAYOUTS_KEPT = 256


def _layout(state: State) -> _Layout:
    key = (state.stones, state.blood, state.monster)
    layout = _layouts.get(key)
    if layout is None:
        cells = bytearray(_POSITIONS)
        for squares in key[:2]:
            for x, y in squares:
                cells[x + WIDTH * y] = _PUSH_OR_SLIDE
        monster = index(state.monster)
        cells[monster] = _CLOSED  # the monster comes first: a step onto it is refused whatever lies there
        layout = _Layout(monster, mask(state.blood), mask(state.stones), bytes(cells))
        if len(_layouts) >= _LAYOUTS_KEPT:
            _layouts.clear()
        _layouts[key] = layout
    return layout


def enumerate_moves(state: State, fig: Figure) -> list[str]:
    """One canonical (shortest, then alphabetical-by-letter-order) path per distinct result.

    A result is the figure's end position (a square, the pool or saved) together with the stones.
    """
    return legal_moves(state, [fig])


def legal_moves(state: State, figures: list[Figure]) -> list[str]:
    """``enumerate_moves`` of each of ``figures`` in turn. Figures in the pool share one search: a
    breadth-first search cut at a smaller path length finds exactly the results of the longer one up
    to that length, in the same order."""
    layout = _layout(state)
    occupied = bytearray(_POSITIONS)  # the squares with a figure
    for x, y in state.figure_squares:
        occupied[x + WIDTH * y] = 1
    out: list[str] = []
    pool_actions: list[str] | None = None  # the actions of the first figure in the pool
    pool_prefix = ""
    pool_paths: list[str] | None = None  # their paths
    for fig in figures:
        at = fig.at
        prefix = f"move:{fig.id}:"
        if type(at) is tuple:
            own = at[0] + WIDTH * at[1]
            occupied[own] = 0  # the figure's own square is free for it
            out += _search(own, fig.showing, layout, occupied, prefix)
            occupied[own] = 1
        elif at == POOL:
            if pool_actions is None:
                depth = max(f.showing for f in figures if f.at == POOL)
                pool_actions, pool_prefix = _search(_POOL, depth, layout, occupied, prefix), prefix
            # The actions come shortest first: those of at most ``fig.showing`` letters are a prefix.
            actions = pool_actions[: bisect_right(pool_actions, len(pool_prefix) + fig.showing, key=len)]
            if prefix == pool_prefix:
                out += actions
            else:  # the same paths for another figure
                if pool_paths is None:
                    pool_paths = [a[len(pool_prefix) :] for a in pool_actions]
                out += [prefix + path for path in pool_paths[: len(actions)]]
        else:  # saved or out: only the empty path
            out.append(prefix)
    return out


def _search(start: int, depth: int, layout: _Layout, occupied: bytearray, prefix: str) -> list[str]:
    """The actions (``prefix`` + path) of the canonical paths of at most ``depth`` letters from position
    ``start``, breadth first, one path length at a time, the letters in the order E, U, D, L, R, O; a
    result (position and stones) reached before keeps its earlier path. ``occupied`` marks the other
    figures (ff-vrij-eindveld; pushed stones stop at them)."""
    base = layout.stones
    # One ``cells`` per arrangement of the stones met (a layer of the search): the layout's cells with
    # those stones, and _CLOSED on every position reached with them. One lookup per step then says
    # "reached before or the monster", "stone or blood" or "a plain step onto a new position".
    cells = bytearray(layout.cells)
    cells[start] = _CLOSED
    layers = {base: cells}  # stones -> cells
    results = [prefix]
    level: list[tuple[int, int, bytearray, str]] = [(start, base, cells, prefix)]  # position, stones, cells, path
    next_level: list[tuple[int, int, bytearray, str]] = []
    steps_from = _STEPS
    unexpanded: set[int] = set()  # stones << 8 | position of last-level nodes with stones not met before

    # Neither stones nor blood ever lie on the start square (ff-steen-op-start-of-doel, blood never
    # touches the outer wall) nor on "saved": E and O are always plain steps (or onto the monster).
    for length in range(1, depth + 1):
        next_level = []
        last = length == depth  # the nodes found now are never expanded: no need to list them
        for pos, stones, at, path in level:
            for letter, target in steps_from[pos]:
                cell = at[target]
                if cell == _OPEN:  # a plain step
                    at[target] = _CLOSED
                    new_path = path + letter
                    if not last:
                        next_level.append((target, stones, at, new_path))
                    if not occupied[target]:  # the end square is free (ff-vrij-eindveld)
                        results.append(new_path)
                elif cell == _PUSH_OR_SLIDE:
                    reached = _push_or_slide(letter, target, stones, occupied, layout, layers, unexpanded, last)
                    if reached is None:
                        continue
                    end, new_stones, layer = reached
                    new_path = path + letter
                    if layer is not None:
                        next_level.append((end, new_stones, layer, new_path))
                    if not occupied[end]:
                        results.append(new_path)
        if not next_level:
            break
        level = next_level
    return results


def _push_or_slide(
    letter: str,
    target: int,
    stones: int,
    occupied: bytearray,
    layout: _Layout,
    layers: dict[int, bytearray],
    unexpanded: set[int],
    last: bool,
) -> tuple[int, int, bytearray | None] | None:
    """A step of ``_search`` onto a stone or blood: the position it ends on, the stones after it and
    the cells of their layer to expand it with (None on the last level), or None when the step is
    refused or its end was reached before with the same stones."""
    stepped = _figure_step(letter, target, stones, occupied, layout.monster, layout.blood)
    if stepped is None:
        return None
    end, new_stones = stepped  # never the monster's square: _CLOSED below means reached before
    layer = layers.get(new_stones)
    if layer is None:  # stones not met before
        if last:  # a node never expanded needs no cells of its own: a set tells them apart
            key = new_stones << 8 | end
            if key in unexpanded:
                return None
            unexpanded.add(key)
            return end, new_stones, None
        layer = layers[new_stones] = _layer_cells(layout, new_stones)
    elif layer[end] == _CLOSED:
        return None
    layer[end] = _CLOSED
    return end, new_stones, None if last else layer


def _layer_cells(layout: _Layout, stones: int) -> bytearray:
    """The layout's cells with ``stones`` instead of the stones as they lie: only the squares where the
    two differ change (a stone pushed away from a blood square leaves blood there; a stone is never
    pushed onto the monster)."""
    cells = bytearray(layout.cells)
    changed = stones ^ layout.stones
    while changed:
        low = changed & -changed
        cells[low.bit_length() - 1] = _PUSH_OR_SLIDE if (stones | layout.blood) & low else _OPEN
        changed ^= low
    return cells
