"""Playing on the simulator page: what a tap does, who moves next, and the computer's move.

Everything here turns engine answers into URLs (every state and every half-finished tap is a
URL): ``tap_context`` makes the board's targets links (``&pick=a/b`` for a move in progress, the
branched log when a tap completes an action), ``next_moves`` finds what plays itself next (a
seat played by the computer, an automatic actor such as the monster, chance in a game against
the computer) and the whole run of an automatic actor's turn ("all at once").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from typing import Any

from rules.core.bots import Bot, automatic_turn, next_action
from rules.core.engine import CHANCE, TERMINAL
from rules.core.registry import GameSpec
from rules.core.replay import drive
from rules.core.tapping import TapOptions, tap_options

MAX_AUTOMATIC_RUN = 200  # an automatic actor's turn played "all at once" (a monster card 10 is 10 steps)


@dataclass(frozen=True)
class BoardShape:
    """A shape of the board and, if tapping it does something, the URL it opens."""

    shape: Any
    href: str | None
    label: str = ""  # the link's accessible name
    state: str = ""  # "tap-next" (may be tapped next), "tap-chosen" (already picked), "edit-target"
    # How the link wraps: "self" (this shape), "open" (a group: opened before its g-start),
    # "close" (closed after the group's g-end), "" (no link).
    wrap: str = ""
    # Whether a tap on it (when it is no link) may ask why it cannot be tapped now: only a target
    # drawn at least a thumb's size (simulator.drawing.draw_board); a smaller one is asked about
    # through the larger target it stands on, or in its enlarged area.
    askable: bool = True
    # A small link with room around it: its hit area, a thumb's size (x0, y0, x1, y1 in board units).
    hit: tuple[float, float, float, float] | None = None


def link_shapes(shapes: Sequence[Any], decide: Callable[[Any], tuple[str | None, str, str]]) -> list[BoardShape]:
    """The board's shapes with their links: ``decide(shape)`` gives (href, label, state). A group
    (g-start .. g-end) that links becomes one link around the whole group; shapes inside a linked
    group get no link of their own (links may not nest)."""
    out: list[BoardShape] = []
    stack: list[bool] = []  # for each open group: whether it is a link
    for sh in shapes:
        inside_link = any(stack)
        if sh.kind == "g-end":
            linked = stack.pop() if stack else False
            out.append(BoardShape(sh, None, "", "", "close" if linked else ""))
            continue
        href, label, state = decide(sh)
        if inside_link:
            href = None
        if sh.kind == "g-start":
            stack.append(href is not None)
            out.append(BoardShape(sh, href, label, state, "open" if href else ""))
            continue
        out.append(BoardShape(sh, href, label, state, "self" if href else ""))
    return out


@dataclass(frozen=True)
class OffBoardTap:
    label: str
    url: str
    plays: bool
    target: str = ""


@dataclass(frozen=True)
class TapView:
    links: dict[str, str]  # target -> URL, for board shapes carrying that target
    labels: dict[str, str]  # target -> accessible name of the link
    chosen: frozenset[str]
    off_board: list[OffBoardTap]
    confirm_url: str | None
    cancel_url: str | None
    status: str
    picking: bool


def tap_context(
    spec: GameSpec,
    state: Any,
    pick: Sequence[str],
    board_targets: AbstractSet[str],
    lang: str,
    pick_url: Callable[[Sequence[str]], str],
    play_url: Callable[[str], str],
) -> TapView | None:
    """The links of a board that is played by tapping; None when the game has no ``tap``."""
    options: TapOptions | None = tap_options(spec, state, pick, lang)
    if options is None:
        return None
    links: dict[str, str] = {}
    labels: dict[str, str] = {}
    off_board: list[OffBoardTap] = []
    for t in options.taps:
        url = play_url(t.plays) if t.plays else pick_url((*pick, t.target))
        if t.target in board_targets:
            links[t.target] = url
            labels[t.target] = t.label
        else:
            off_board.append(OffBoardTap(t.label, url, t.plays is not None, t.target))
    return TapView(
        links=links,
        labels=labels,
        chosen=frozenset(options.chosen or pick),
        off_board=off_board,
        confirm_url=play_url(options.confirm) if options.confirm else None,
        cancel_url=pick_url(()) if pick else None,
        status=options.status,
        picking=bool(pick),
    )


def bots_of(spec: GameSpec, seats: dict[str, str] | None) -> dict[str, Bot]:
    """The bots of a log's computer seats (unknown names were refused when the log was made)."""
    out: dict[str, Bot] = {}
    for seat, name in (seats or {}).items():
        bot = spec.players.make(name)  # an earlier name of a player stands for it
        if bot is not None:
            out[seat] = bot
    return out


def rng_for(seed: int | None, index: int) -> random.Random:
    """The computer's dice for the move at ``index``: the same page always offers the same move."""
    return random.Random(f"{seed or 0}:{index}")


@dataclass
class AutoMove:
    """What plays itself next: a computer seat, chance or an automatic actor (``who``), and its
    ``actions`` (one action, or an automatic actor's whole run). The page fills in how it shows it
    (``presenter.auto_move``): the link that plays it, its label, whether the page plays it by itself
    (``live``) and after how long."""

    actions: tuple[str, ...]
    who: str  # "computer" | "automatic" | "chance"
    actor: str
    url: str = ""
    label: str = ""
    live: bool = False
    delay_ms: int = 0


def computer_move(spec: GameSpec, state: Any, seats: dict[str, str] | None, seed: int | None, index: int) -> AutoMove | None:
    """In a game with computer seats: the next move that plays itself (a computer seat, chance, an
    automatic actor). None when a person is to act or the game is over."""
    if not seats:
        return None
    engine = spec.engine
    actor = engine.current_actor(state)
    if actor == TERMINAL:
        return None
    action = next_action(engine, state, bots_of(spec, seats), rng_for(seed, index))
    if action is None:
        return None
    who = "chance" if actor == CHANCE else "automatic" if actor in engine.info.automatic_actors else "computer"
    return AutoMove((action,), who, actor)


def automatic_run(spec: GameSpec, state: Any, index: int) -> AutoMove | None:
    """An automatic actor's actions until another actor is due ("all at once")."""
    engine = spec.engine
    actor = engine.current_actor(state)
    if actor not in engine.info.automatic_actors:
        return None
    run = drive(engine, state, automatic_turn(engine, actor), limit=MAX_AUTOMATIC_RUN, first=index)
    return AutoMove(tuple(t.action for t in run), "automatic", actor)


__all__ = ["tap_context", "computer_move", "automatic_run", "AutoMove", "TapView"]
