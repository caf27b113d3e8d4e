"""A player's move of one figure: walking, jumping, pushing stones, sliding over blood, entering and
leaving the board (clauses ``ff-stappen-waarde`` ... ``ff-uitgang-verlaten``).

A path is a string of letters, one per step: ``U D L R`` (a step on the board), ``E`` (the step from
the start pool onto the start square) and ``O`` (the step from the exit square out of the board).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .board import DIRECTION_NL, EXIT, START, Square, fmt, on_board, step
from .state import POOL, SAVED, Figure, State, figure_name

PATH_LETTERS = "EUDLRO"


class MoveError(Exception):
    def __init__(self, reason: str, clause: str):
        super().__init__(reason)
        self.reason, self.clause = reason, clause


@dataclass
class _Board:
    """What stays fixed while one figure moves."""

    others: dict[Square, str]  # other figures on the board
    monster: Square
    blood: frozenset[Square]


def _slide_stone(stone: Square, d: str, stones: set[Square], ctx: _Board) -> Square | None:
    """A stone pushed onto blood slides on (ff-steen-op-bloedplas); None when it leaves the board via
    the start or exit square (ff-steen-op-start-of-doel)."""
    pos = stone
    while pos in ctx.blood:
        nxt = step(pos, d)
        if not on_board(nxt) or nxt in stones or nxt in ctx.others or nxt == ctx.monster:
            break
        pos = nxt
    if pos == START or pos == EXIT:
        return None
    return pos


def _take_step(ctx: _Board, name: str, pos, stones: frozenset[Square], letter: str, events: list | None):
    """One letter of a path. Returns (new position, new stones); raises MoveError."""
    if letter == "E":
        if pos != POOL:
            raise MoveError(f"{name} staat al op het bord; alleen een figuur uit de startvoorraad stapt met E het bord op.",
                            "ff-bord-betreden")
        if ctx.monster == START:
            raise MoveError("Het monster staat op het startveld; de figuur kan het bord niet op.", "ff-bord-betreden")
        if events is not None:
            events.append(("ff-bord-betreden", f"{name} stapt vanuit de startvoorraad op het startveld.",
                           {"to": list(START)}))
            if START in ctx.others:
                events.append(("ff-over-figuren-springen",
                               f"{name} springt over {figure_name(ctx.others[START])} op het startveld.",
                               {"over": ctx.others[START], "square": list(START)}))
        return START, stones
    if pos == POOL:
        raise MoveError(f"{name} staat in de startvoorraad; de eerste stap moet E zijn (het startveld op).",
                        "ff-bord-betreden")
    if letter == "O":
        if pos != EXIT:
            raise MoveError(f"{name} staat niet op het doelveld {fmt(EXIT)}; alleen van daar kan ze naar buiten.",
                            "ff-uitgang-verlaten")
        return SAVED, stones
    target = step(pos, letter)
    if not on_board(target):
        extra = " Naar buiten gaan kan alleen vanaf het doelveld met O." if pos == EXIT else ""
        raise MoveError(f"Van {fmt(pos)} kan niet {DIRECTION_NL[letter]} gestapt worden: daar is de buitenmuur.{extra}",
                        "ff-orthogonaal")
    if target == ctx.monster:
        raise MoveError(f"Op {fmt(target)} staat het monster; daar kan een figuur niet heen of overheen.",
                        "ff-niet-over-monster")
    if target in stones:
        beyond = step(target, letter)
        if not on_board(beyond):
            raise MoveError(f"Het steenblok op {fmt(target)} ligt tegen de buitenmuur en kan niet geschoven worden.",
                            "ff-steen-schuiven")
        if beyond in stones or beyond in ctx.others or beyond == ctx.monster:
            raise MoveError(f"Het steenblok op {fmt(target)} kan niet geschoven worden: {fmt(beyond)} is niet leeg.",
                            "ff-steen-schuiven")
        new = set(stones)
        new.discard(target)
        if events is not None:
            events.append(("ff-steen-schuiven", f"{name} schuift het steenblok van {fmt(target)} naar {fmt(beyond)}.",
                           {"from": list(target), "to": list(beyond)}))
        landed = _slide_stone(beyond, letter, new, ctx)
        if landed is None:
            if events is not None:
                where = "startveld" if beyond == START else "doelveld"
                events.append(("ff-steen-op-start-of-doel",
                               f"Het steenblok komt op het {where} en wordt van het bord verwijderd.",
                               {"square": list(beyond)}))
        else:
            if landed != beyond and events is not None:
                events.append(("ff-steen-op-bloedplas",
                               f"Het steenblok glijdt over de bloedplas naar {fmt(landed)}.",
                               {"from": list(beyond), "to": list(landed)}))
            new.add(landed)
        stones = frozenset(new)
    elif target in ctx.others and events is not None:
        events.append(("ff-over-figuren-springen", f"{name} springt over {figure_name(ctx.others[target])}.",
                       {"over": ctx.others[target], "square": list(target)}))
    pos = target
    if pos in ctx.blood:
        start = pos
        passed = []
        while pos in ctx.blood:
            nxt = step(pos, letter)
            if not on_board(nxt):  # impossible: blood never touches the outer wall
                raise MoveError("De bloedplas ligt tegen de buitenmuur.", "ff-bloedplas-geblokkeerd")
            if nxt in stones:
                raise MoveError(f"{name} kan niet over de bloedplas glijden: op {fmt(nxt)} ligt een steenblok.",
                                "ff-bloedplas-geblokkeerd")
            if nxt == ctx.monster:
                raise MoveError(f"{name} kan niet over de bloedplas glijden: op {fmt(nxt)} staat het monster.",
                                "ff-bloedplas-geblokkeerd")
            pos = nxt
            if pos in ctx.others:
                passed.append(pos)
        if events is not None:
            events.append(("ff-bloedplas-glijden",
                           f"{name} glijdt over de bloedplas van {fmt(start)} naar {fmt(pos)}.",
                           {"from": list(start), "to": list(pos)}))
            for sq in passed:
                events.append(("ff-bloedplas-geblokkeerd",
                               f"Op {fmt(sq)} staat {figure_name(ctx.others[sq])}: {name} komt daar terecht zoals "
                               "bij springen.", {"over": ctx.others[sq], "square": list(sq)}))
    return pos, stones


def board_context(state: State, fig: Figure) -> _Board:
    others = {f.at: f.id for f in state.figures if f.on_board and f.id != fig.id}
    return _Board(others=others, monster=state.monster, blood=state.blood)


def simulate(state: State, fig: Figure, path: str, events: list | None = None):
    """Walk ``fig`` along ``path``. Returns (end position, stones). Raises MoveError.

    ``events`` (a list) collects (clause, text, data) tuples when given.
    """
    name = figure_name(fig.id)
    if len(path) > fig.showing:
        most = "1 stap" if fig.showing == 1 else f"{fig.showing} stappen"
        raise MoveError(f"{name} toont {fig.showing} en mag hoogstens {most} lopen, "
                        f"niet {len(path)}.", "ff-stappen-waarde")
    for letter in path:
        if letter not in PATH_LETTERS:
            raise MoveError(f"Onbekende stap {letter!r}: gebruik U, D, L, R (recht, nooit schuin), E en O.",
                            "ff-orthogonaal")
    ctx = board_context(state, fig)
    pos, stones = fig.at, state.stones
    for letter in path:
        if pos == SAVED:
            raise MoveError(f"{name} is al naar buiten gestapt; de overige punten vervallen.", "ff-uitgang-verlaten")
        pos, stones = _take_step(ctx, name, pos, stones, letter, events)
    if path and pos != SAVED and pos in ctx.others:
        raise MoveError(f"De beurt mag niet eindigen op {fmt(pos)}: daar staat {figure_name(ctx.others[pos])}.",
                        "ff-vrij-eindveld")
    return pos, stones


def enumerate_moves(state: State, fig: Figure) -> list[str]:
    """One canonical (shortest, then alphabetical-by-letter-order) path per distinct result.

    A result is the figure's end position (a square, the pool or saved) together with the stones.
    """
    ctx = board_context(state, fig)
    name = figure_name(fig.id)
    start = (fig.at, state.stones)
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
                new_pos, new_stones = _take_step(ctx, name, pos, stones, letter, None)
            except MoveError:
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
