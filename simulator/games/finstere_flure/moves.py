"""A player's move of one figure: walking, jumping, pushing stones, sliding over blood, entering and
leaving the board (clauses ``ff-stappen-waarde`` ... ``ff-uitgang-verlaten``).

A path is a string of letters, one per step: ``U D L R`` (a step on the board), ``E`` (the step from
the start pool onto the start square) and ``O`` (the step from the exit square out of the board).

Refusals are :class:`~simulator.core.engine.RuleError` (clause, message key, data); events carry
their message key and data (see ``messages_nl``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from simulator.core.engine import Event, RuleError

from .board import EXIT, START, Square, on_board, step
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


def enumerate_moves(state: State, fig: Figure) -> list[str]:
    """One canonical (shortest, then alphabetical-by-letter-order) path per distinct result.

    A result is the figure's end position (a square, the pool or saved) together with the stones.
    """
    ctx = board_context(state, fig)
    start: tuple[Where, Stones] = (fig.at, state.stones)
    seen = {start: ""}
    results = {start: ""}
    frontier = deque([start])
    letters_board = "UDLRO"
    while frontier:
        key = frontier.popleft()
        path = seen[key]
        if len(path) >= fig.showing:
            continue
        pos, stones = key
        if pos == SAVED:
            continue
        letters = "E" if pos == POOL else letters_board
        for letter in letters:
            if letter == "O" and pos != EXIT:
                continue
            try:
                new_pos, new_stones = _take_step(ctx, pos, stones, letter, None)
            except RuleError:
                continue
            new_key = (new_pos, new_stones)
            if new_key in seen:
                continue
            new_path = path + letter
            seen[new_key] = new_path
            frontier.append(new_key)
            if new_pos == SAVED or new_pos not in ctx.others:
                results.setdefault(new_key, new_path)
    return [f"move:{fig.id}:{p}" for p in results.values()]
