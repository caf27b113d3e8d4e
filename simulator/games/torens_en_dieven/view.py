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

from simulator.core.engine import Engine, Event
from simulator.core.view import BoardView, LegendRow, Shape

from . import rules
from .labels import action_group, action_label
from .messages_nl import kind_name
from .state import DRAW, GROW, GUARD, PLACE, State, Tower, in_reach, reach_squares, thief_value
from .taps import tap

COLOUR_NL = {"red": "Rood", "green": "Groen", "blue": "Blauw", "yellow": "Geel", "black": "Zwart"}
LETTER = {"red": "R", "green": "G", "blue": "B", "yellow": "Y", "black": "Z"}
MARGIN = 0.25


def _tile_title(x: int, y: int, kind: str) -> str:
    return f"{kind_name(kind)[0].upper()}{kind_name(kind)[1:]} op ({x}, {y})"


def _tower_text(tower: Tower) -> str:
    x, y = tower.at
    if tower.pieces == 0:
        return f"Lege torenbouwplaats op ({x}, {y}): geen toren."
    guard = f", wachter van {COLOUR_NL[tower.guard]}" if tower.guard else ", geen wachter"
    return f"Toren op ({x}, {y}), {tower.pieces} hoog (bereik {tower.pieces}){guard}."


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
    shapes: list[Shape] = []
    description: list[str] = []
    # The open squares next to the grid are always drawn (tap targets of the position editor); only
    # in phase place do they show (the spots where the drawn tile may go).
    frontier = list(st.frontier)
    squares = [(x, y) for x, y, _k in st.tiles] + frontier
    last = {tuple(e.data["at"]) for e in events if e.key in ("place", "place.thief") and "at" in e.data}

    # Reach: in phase guard, of every tower that may take a guard; in phase grow, the towers that may grow.
    reach: set[tuple[int, int]] = set()
    tappable: dict[tuple[int, int], str] = {}
    if st.phase == GUARD:
        for action in rules.guard_options(st):
            tx, ty = (int(v) for v in action[6:].split(","))
            tower = st.tower_at((tx, ty))
            if tower is not None:
                reach.update(reach_squares(tower))
                tappable[(tx, ty)] = action
    squares += list(reach)
    min_x = min(x for x, _y in squares) - MARGIN
    min_y = min(y for _x, y in squares) - MARGIN
    width = max(x for x, _y in squares) + 1 + MARGIN - min_x
    height = max(y for _x, y in squares) + 1 + MARGIN - min_y

    occupied = st.occupied
    for x, y in sorted(reach - occupied):
        shapes.append(Shape.make("rect", css="td-reach td-gap", title=f"Lege plek ({x}, {y}) binnen bereik",
                                 x=x + 0.04, y=y + 0.04, width=0.92, height=0.92))
    for x, y, kind in st.tiles:
        css = f"td-tile td-k-{kind}" + (" td-last" if (x, y) in last else "") + (" td-reach" if (x, y) in reach else "")
        if st.placed == (x, y):
            css += " td-placed"
        title = _tile_title(x, y, kind)
        shapes.append(Shape.make("rect", css=css, title=title, target=f"sq:{x},{y}",
                                 x=x + 0.03, y=y + 0.03, width=0.94, height=0.94, rx=0.06))
        if kind in ("river", "rivertower", "source"):
            shapes.append(Shape.make("rect", css="td-water", x=x + 0.03, y=y + 0.42, width=0.94, height=0.16))
        value = thief_value(kind)
        if value:
            shapes.append(Shape.make("circle", css="td-thief", cx=x + 0.27, cy=y + 0.27, r=0.19))
            shapes.append(Shape.make("text", css="td-thief-label", text=str(value), x=x + 0.27, y=y + 0.34, text_anchor="middle"))
        if kind in ("start", "source"):
            shapes.append(Shape.make("text", css="td-tile-label", text="start", x=x + 0.5, y=y + 0.85, text_anchor="middle"))
        description.append(title + ".")
    for x, y in frontier:
        if st.phase != PLACE:
            shapes.append(Shape.make("rect", css="td-open", title=f"Lege plek ({x}, {y})", target=f"sq:{x},{y}",
                                     x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))
            continue
        action = f"place:{x},{y}"
        covering = [t for t in st.towers if in_reach(t, (x, y))]
        css, title = "td-free", f"Leg de tegel aan op ({x}, {y})"
        if covering:
            css += " td-free-reach"
            title += " (binnen bereik van " + ", ".join(f"de toren op ({t.at[0]}, {t.at[1]})" for t in covering) + ")"
        shapes.append(Shape.make("rect", css=css, title=title, action=action, target=f"sq:{x},{y}",
                                 x=x + 0.1, y=y + 0.1, width=0.8, height=0.8, rx=0.08))

    growing = {t.at for t in rules.growing(st)} if st.phase == GROW else set()
    for tower in st.towers:
        x, y = tower.at
        text = _tower_text(tower)
        description.append(text)
        css = "td-tower" + (" td-tower-empty" if tower.pieces == 0 else "") + (" td-grows" if tower.at in growing else "")
        shapes.append(Shape.make("g-start", css="td-tower-group"))
        shapes.append(Shape.make("rect", css=css, title=text, action=tappable.get(tower.at, ""), target=f"tower:{x},{y}",
                                 x=x + 0.34, y=y + 0.2, width=0.32, height=0.6, rx=0.04))
        shapes.append(Shape.make("text", css="td-height", text=str(tower.pieces), x=x + 0.5, y=y + 0.6, text_anchor="middle"))
        shapes.append(Shape.make("g-end"))
        if tower.guard:
            gtext = f"Wachter van {COLOUR_NL[tower.guard]} op de toren op ({x}, {y})"
            shapes.append(Shape.make("circle", css=f"td-guard td-guard-{tower.guard}", title=gtext, target=f"guard:{x},{y}", cx=x + 0.76, cy=y + 0.26, r=0.2))
            shapes.append(Shape.make("text", css="td-guard-label", text=LETTER[tower.guard], x=x + 0.76, y=y + 0.33, text_anchor="middle"))

    legend: list[LegendRow] = []
    for i, player in enumerate(st.players):
        guards = sum(1 for t in st.towers if t.guard == player)
        note = f"{st.scores[i]} punten · {st.followers[i]} meeples in voorraad · {guards} {'wachter' if guards == 1 else 'wachters'}"
        if i == st.turn and st.phase != "over":
            note += " · aan de beurt"
        legend.append(LegendRow(f"td-guard-{player}", COLOUR_NL[player], (LETTER[player],), note))
        description.append(f"{COLOUR_NL[player]}: {note}.")
    legend.append(LegendRow("td-piece", "Torendelen", (str(st.supply),), "in de algemene voorraad (van de 20)"))
    stolen = f"waarde {st.stolen}" if st.stolen else "geen"
    legend.append(LegendRow("td-stolen", "Gestolen tegel", (str(st.stolen),) if st.stolen else (), stolen))
    stacks = f"{sum(st.stack)} landtegels ({sum(st.stack[1:])} met diefsymbool), {st.tower_stack} torentegels"
    if sum(st.river_stack):
        stacks += f", {sum(st.river_stack)} riviertegels"
    legend.append(LegendRow("td-stack", "Stapels", (), stacks))
    description += [f"Torendelen in de voorraad: {st.supply}.", f"Gestolen tegel: {stolen}.", f"Stapels: {stacks}."]
    return BoardView(
        width=width,
        height=height,
        min_x=min_x,
        min_y=min_y,
        shapes=shapes,
        legend=legend,
        label=f"Speelveld van Torens & Dieven, {len(st.tiles)} tegels",
        description=description,
        status=status_line(engine, st),
    )


def status_line(engine: Engine[Any], st: State) -> str:
    who = COLOUR_NL[st.player]
    if st.phase == DRAW:
        source = rules.draw_source(st)
        what = {"tower": "de bovenste torentegel", "river": "een riviertegel"}.get(source, "een landtegel")
        return f"{who} trekt {what}."
    if st.phase == GROW:
        return f"{who} kiest welke torens een van de {st.supply} laatste torendelen krijgen."
    if st.phase == PLACE:
        return f"{who} legt {kind_name(st.drawn)} aan."
    if st.phase == GUARD:
        return f"{who} mag een wachter zetten op een toren binnen bereik, of niet."
    result = engine.result(st)
    winners = " en ".join(COLOUR_NL[w] for w in (result.winners if result else ()))
    return f"Het spel is afgelopen. Winnaar: {winners}."


class TorensEnDievenView:
    """The view-model object the registry hands to the pages (``GAME.view``)."""

    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)
    tap = staticmethod(tap)


VIEW = TorensEnDievenView()
