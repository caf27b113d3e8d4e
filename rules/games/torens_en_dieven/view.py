"""SVG view-model of Torens & Dieven: the open tile grid (the view box pans to the tiles in play),
tower heights, guards by colour and letter, the reach of the towers that matter this step, the free
spots where the drawn tile may go (tap to place), and beside the board the scores, followers, the
supply of tower pieces, the stolen tile and the stacks.

Tap targets (moving by tapping, ``taps.py``, and the position editor, ``editor.py``): every tile and
every open square next to the grid carries ``sq:X,Y``, every tower (or empty tower site)
``tower:X,Y``, every guard ``guard:X,Y``. The open squares are drawn in every phase (invisible
unless they are links), so the view box always has a ring of one square around the tiles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, Event
from rules.core.view import BoardView, LegendRow, Shape

from . import rules
from .explain import explain
from .labels import action_group, action_label, capital, colour, kind_name, square
from .state import DRAW, GROW, GUARD, PLACE, State, Tower, in_reach, reach_squares, thief_value
from .taps import tap
from .words import WORDS

LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y", "black": "Z"}
MARGIN = 0.25

def _number_word(lang: str | None, key: str, n: int) -> str:
    """The board's word ``key`` for ``n`` things: ``key.one`` or ``key.many``."""
    return WORDS.word("board", f"{key}.one" if n == 1 else f"{key}.many", lang)


def _tile_title(x: int, y: int, kind: str, lang: str | None = None) -> str:
    return WORDS.text("board", "tile", lang, kind=capital(kind_name(kind, lang)), at=square((x, y)))


def _tower_text(tower: Tower, lang: str | None = None) -> str:
    at = square(tower.at)
    if tower.pieces == 0:
        return WORDS.text("board", "tower.empty", lang, at=at)
    if tower.guard:
        guard = WORDS.text("board", "tower.guard", lang, owner=colour(tower.guard, lang))
    else:
        guard = WORDS.word("board", "tower.unguarded", lang)
    return WORDS.text("board", "tower", lang, at=at, pieces=tower.pieces, guard=guard)


def board_view(
    engine: Engine[Any],
    state: Any,
    *,
    previous: Any | None = None,
    events: Sequence[Event] = (),
    seat: str | None = None,
    lang: str | None = None,
) -> BoardView:
    st: State = state
    # The open squares next to the grid are always drawn (tap targets of the position editor); only
    # in phase place do they show (the spots where the drawn tile may go).
    frontier = list(st.frontier)
    last = {tuple(e.data["at"]) for e in events if e.key in ("place", "place.thief") and "at" in e.data}
    reach, tappable = _guard_reach(st)
    squares = [(x, y) for x, y, _k in st.tiles] + frontier + list(reach)
    min_x = min(x for x, _y in squares) - MARGIN
    min_y = min(y for _x, y in squares) - MARGIN
    width = max(x for x, _y in squares) + 1 + MARGIN - min_x
    height = max(y for _x, y in squares) + 1 + MARGIN - min_y

    shapes, description = _tile_shapes(st, last, reach, lang)
    shapes += _frontier_shapes(st, frontier, lang)
    tower_shapes, tower_texts = _tower_shapes(st, tappable, lang, guard_letter(width))
    legend, supply_texts = _legend(st, lang)
    return BoardView(
        width=width,
        height=height,
        min_x=min_x,
        min_y=min_y,
        cell=0.8,  # an open spot beside the tiles
        shapes=shapes + tower_shapes,
        legend=legend,
        label=WORDS.text("board", "label", lang, tiles=len(st.tiles), tile_word=_number_word(lang, "tile", len(st.tiles))),
        description=description + tower_texts + supply_texts,
        status=status_line(engine, st, lang),
    )


def _guard_reach(st: State) -> tuple[set[tuple[int, int]], dict[tuple[int, int], str]]:
    """In phase guard: the squares in reach of every tower that may take a guard, and those towers'
    guard actions by square (empty in other phases)."""
    reach: set[tuple[int, int]] = set()
    tappable: dict[tuple[int, int], str] = {}
    if st.phase == GUARD:
        for action in rules.guard_options(st):
            tx, ty = (int(v) for v in action[6:].split(","))
            tower = st.tower_at((tx, ty))
            if tower is not None:
                reach.update(reach_squares(tower))
                tappable[(tx, ty)] = action
    return reach, tappable


def _tile_shapes(
    st: State, last: set[tuple[Any, ...]], reach: set[tuple[int, int]], lang: str | None
) -> tuple[list[Shape], list[str]]:
    """The empty squares in reach, then every tile (with its water, thief symbol and start mark),
    and the tiles' sentences."""
    shapes: list[Shape] = []
    description: list[str] = []
    for x, y in sorted(reach - st.occupied):
        shapes.append(Shape.make("rect", css="td-reach td-gap", title=WORDS.text("board", "gap.reach", lang, at=square((x, y))),
                                 x=x + 0.04, y=y + 0.04, width=0.92, height=0.92))
    for x, y, kind in st.tiles:
        css = f"td-tile td-k-{kind}" + (" td-last" if (x, y) in last else "") + (" td-reach" if (x, y) in reach else "")
        if st.placed == (x, y):
            css += " td-placed"
        title = _tile_title(x, y, kind, lang)
        shapes.append(Shape.make("rect", css=css, title=title, target=f"sq:{x},{y}",
                                 x=x + 0.03, y=y + 0.03, width=0.94, height=0.94, rx=0.06))
        if kind in ("river", "rivertower", "source"):
            shapes.append(Shape.make("rect", css="td-water", x=x + 0.03, y=y + 0.42, width=0.94, height=0.16))
        value = thief_value(kind)
        if value:
            shapes.append(Shape.make("circle", css="td-thief", cx=x + 0.27, cy=y + 0.27, r=0.19))
            shapes.append(Shape.make("text", css="td-thief-label", text=str(value), x=x + 0.27, y=y + 0.34, text_anchor="middle"))
        if kind in ("start", "source"):
            shapes.append(Shape.make("text", css="td-tile-label", text=WORDS.word("board", "start", lang),
                                     x=x + 0.5, y=y + 0.85, text_anchor="middle"))
        description.append(title + ".")
    return shapes, description


def _frontier_shapes(st: State, frontier: list[tuple[int, int]], lang: str | None) -> list[Shape]:
    """The open squares next to the grid: in phase place the spots the drawn tile may go (with the
    towers whose reach covers them), else invisible editor targets."""
    shapes: list[Shape] = []
    for x, y in frontier:
        if st.phase != PLACE:
            shapes.append(Shape.make("rect", css="td-open", title=WORDS.text("board", "open", lang, at=square((x, y))),
                                     target=f"sq:{x},{y}", x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))
            continue
        action = f"place:{x},{y}"
        covering = [t for t in st.towers if in_reach(t, (x, y))]
        css, title = "td-free", WORDS.text("board", "free", lang, at=square((x, y)))
        if covering:
            css += " td-free-reach"
            towers = ", ".join(WORDS.text("board", "free.tower", lang, at=square(t.at)) for t in covering)
            title += WORDS.text("board", "free.reach", lang, towers=towers)
        shapes.append(Shape.make("rect", css=css, title=title, action=action, target=f"sq:{x},{y}",
                                 x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))
    return shapes


PHONE_PX = 390  # the phone column a board is drawn across (simulator.drawing)


def guard_letter(width: float) -> float:
    """The size of a guard's letter (board units): 12 px on a 390 px phone however wide the board
    grows, never less than it was (0.45 of a tile), never more than a guard fits (0.6)."""
    return round(min(0.6, max(0.45, 12.2 * width / PHONE_PX)), 3)


def _tower_shapes(
    st: State, tappable: dict[tuple[int, int], str], lang: str | None, letter: float = 0.45
) -> tuple[list[Shape], list[str]]:
    """Every tower with its height and guard (its letter ``letter`` board units high), and the
    towers' sentences."""
    shapes: list[Shape] = []
    description: list[str] = []
    growing = {t.at for t in rules.growing(st)} if st.phase == GROW else set()
    for tower in st.towers:
        x, y = tower.at
        text = _tower_text(tower, lang)
        description.append(text)
        css = "td-tower" + (" td-tower-empty" if tower.pieces == 0 else "") + (" td-grows" if tower.at in growing else "")
        shapes.append(Shape.make("g-start", css="td-tower-group"))
        shapes.append(Shape.make("rect", css=css, title=text, action=tappable.get(tower.at, ""), target=f"tower:{x},{y}",
                                 x=x + 0.34, y=y + 0.2, width=0.32, height=0.6, rx=0.04))
        shapes.append(Shape.make("text", css="td-height", text=str(tower.pieces), x=x + 0.5, y=y + 0.6, text_anchor="middle"))
        shapes.append(Shape.make("g-end"))
        if tower.guard:
            gtext = WORDS.text("board", "guard", lang, owner=colour(tower.guard, lang), at=square((x, y)))
            r = round(letter * 0.7, 3)
            shapes.append(Shape.make("circle", css=f"td-guard td-guard-{tower.guard}", title=gtext, target=f"guard:{x},{y}",
                                     seat=tower.guard, cx=x + 1 - r, cy=y + r, r=r))
            shapes.append(Shape.make("text", css="td-guard-label", text=LETTER[tower.guard], seat=tower.guard,
                                     x=x + 1 - r, y=y + r, text_anchor="middle", dominant_baseline="central",
                                     font_size=f"{letter:g}"))
    return shapes, description


def _legend(st: State, lang: str | None) -> tuple[list[LegendRow], list[str]]:
    """The rows beside the board (each player, the supply of tower pieces, the stolen tile, the
    stacks) and their sentences."""
    legend: list[LegendRow] = []
    description: list[str] = []
    for i, player in enumerate(st.players):
        guards = sum(1 for t in st.towers if t.guard == player)
        note = WORDS.text("board", "note", lang, score=st.scores[i], point_word=_number_word(lang, "point", st.scores[i]),
                          followers=st.followers[i], guards=guards, guard_word=_number_word(lang, "guard", guards))
        if i == st.turn and st.phase != "over":
            note += WORDS.word("board", "note.turn", lang)
        name = colour(player, lang)
        legend.append(LegendRow(f"td-guard-{player}", name, (LETTER[player],), note, seat=player))
        description.append(WORDS.text("board", "desc.player", lang, colour=name, note=note))
    legend.append(LegendRow("td-piece", WORDS.word("board", "pieces", lang), (str(st.supply),),
                            WORDS.word("board", "pieces.note", lang)))
    stolen = WORDS.text("board", "stolen.value", lang, value=st.stolen) if st.stolen else WORDS.word("board", "stolen.none", lang)
    legend.append(LegendRow("td-stolen", WORDS.word("board", "stolen", lang), (str(st.stolen),) if st.stolen else (), stolen))
    stacks = WORDS.text("board", "stacks.note", lang, land=sum(st.stack), thief=sum(st.stack[1:]), tower=st.tower_stack)
    if sum(st.river_stack):
        stacks += WORDS.text("board", "stacks.river", lang, river=sum(st.river_stack))
    legend.append(LegendRow("td-stack", WORDS.word("board", "stacks", lang), (), stacks))
    description += [
        WORDS.text("board", "desc.pieces", lang, supply=st.supply),
        WORDS.text("board", "desc.stolen", lang, stolen=stolen),
        WORDS.text("board", "desc.stacks", lang, stacks=stacks),
    ]
    return legend, description


def status_line(engine: Engine[Any], st: State, lang: str | None = None) -> str:
    who = colour(st.player, lang)
    if st.phase == DRAW:
        source = rules.draw_source(st)
        what = WORDS.text("board", "status.draw." + (source if source in ("tower", "river") else "land"), lang)
        return WORDS.text("board", "status.draw", lang, who=who, what=what)
    if st.phase == GROW:
        return WORDS.text("board", "status.grow", lang, who=who, supply=st.supply)
    if st.phase == PLACE:
        return WORDS.text("board", "status.place", lang, who=who, kind=kind_name(st.drawn, lang))
    if st.phase == GUARD:
        return WORDS.text("board", "status.guard", lang, who=who)
    result = engine.result(st)
    names = [colour(w, lang) for w in (result.winners if result else ())]
    winners = f" {WORDS.word('board', 'and', lang)} ".join(names)
    return WORDS.text("board", "status.over", lang, winners=winners, winner_word=_number_word(lang, "winner", len(names)))


def about(engine: Engine[Any], state: Any, event: Event) -> str:
    """The board target an event is about: the tower whose guard it concerns (``at``); "" for none."""
    at = event.data.get("at")
    if isinstance(at, (list, tuple)) and len(at) == 2 and any(t.at == (at[0], at[1]) for t in state.towers):
        return f"tower:{at[0]},{at[1]}"
    return ""

# This module is the view-model (GAME.view): its functions, some of them written in other modules.
__all__ = ["about", "action_group", "action_label", "board_view", "explain", "tap"]
