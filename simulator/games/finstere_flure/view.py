"""SVG view-model of Finstere Flure: the board, stones, blood, figures, the monster, and a side
panel with each player's start pool and saved figures. Works from the JSON position and the
events of the last step (their ``trail`` data draws the last move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.core.engine import Engine, EngineError, Event
from simulator.core.view import BoardView, LegendRow, Shape

from .board import EXIT, HEIGHT, START, WIDTH, Square, on_board

COLOUR_NL = {
    "red": "Rood",
    "yellow": "Geel",
    "green": "Groen",
    "blue": "Blauw",
    "purple": "Paars",
    "white": "Wit",
    "orange": "Oranje",
}
FACING_NL = {"U": "omhoog", "D": "omlaag", "L": "naar links", "R": "naar rechts"}
PHASE_NL = {
    "setup": "Opbouw: de spelers leggen steenblokken en bloedplassen.",
    "card": "De spelers zijn klaar: er wordt een monsterkaart omgedraaid.",
    "monster": "Het monster loopt.",
    "over": "Het spel is afgelopen.",
}
MARGIN = 0.3


def figure_name(fid: str) -> str:
    colour = fid.rstrip("0123456789")
    return f"{COLOUR_NL.get(colour, colour)} {fid[len(colour):]}"


def _xy(square: Sequence[int]) -> tuple[float, float]:
    return square[0] + MARGIN, square[1] + MARGIN


def _adjacent(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def trail_segments(events: Sequence[Event]) -> list[list[Square]]:
    """The squares the last step walked over, from its events' ``trail`` data (a figure's path with
    its slides, or the monster's step), split where the path jumps (through the wall)."""
    segments: list[list[Square]] = []
    for event in events:
        raw = event.data.get("trail")
        if not raw:
            continue
        current: list[Square] = []
        for x, y in raw:
            sq = (int(x), int(y))
            if current and sq == current[-1]:
                continue
            if current and not _adjacent(current[-1], sq):
                segments.append(current)
                current = []
            current.append(sq)
        segments.append(current)
    return [seg for seg in segments if len(seg) > 1]


def board_view(
    engine: Engine[Any],
    state: Any,
    *,
    previous: Any | None = None,
    events: Sequence[Event] = (),
    seat: str | None = None,
    lang: str | None = None,
) -> BoardView:
    pos = engine.observation(state, seat) if seat else engine.position_of(state)
    shapes: list[Shape] = []
    blood = {tuple(s) for s in pos.get("blood", [])}
    stones = [tuple(s) for s in pos.get("stones", [])]
    description = []

    for y in range(HEIGHT):
        for x in range(WIDTH):
            if not on_board((x, y)):
                continue
            css = "sq"
            title = ""
            if (x, y) in blood:
                css += " sq-blood"
                title = f"Bloedplas ({x}, {y})"
            if (x, y) == START:
                css += " sq-start"
                title = "Startveld (15, 10)"
            elif (x, y) == EXIT:
                css += " sq-exit"
                title = "Doelveld, de uitgang (0, 0)"
            px, py = _xy((x, y))
            shapes.append(Shape.make("rect", css=css, title=title, x=px, y=py, width=1, height=1))
    shapes.append(Shape.make("text", css="label", text="uit", x=MARGIN + 0.5, y=MARGIN + 0.62, text_anchor="middle"))
    shapes.append(Shape.make("text", css="label", text="in", x=MARGIN + 15.5, y=MARGIN + 10.62, text_anchor="middle"))

    for walked in trail_segments(events):
        points = " ".join(f"{_xy(sq)[0] + 0.5:g},{_xy(sq)[1] + 0.5:g}" for sq in walked)
        shapes.append(Shape.make("polyline", css="trail", title="De laatste zet", points=points))

    for square in stones:
        px, py = _xy(square)
        shapes.append(
            Shape.make("rect", css="stone", title=f"Steenblok ({square[0]}, {square[1]})",
                       x=px + 0.12, y=py + 0.12, width=0.76, height=0.76, rx=0.12)
        )
    if stones:
        description.append("Steenblokken op " + ", ".join(f"({x}, {y})" for x, y in stones) + ".")
    if blood:
        description.append("Bloedplassen op " + ", ".join(f"({x}, {y})" for x, y in sorted(blood)) + ".")

    monster = pos["monster"]
    mx, my = _xy(monster["at"])
    facing = monster["facing"]
    tip = {"U": (0.5, 0.1), "D": (0.5, 0.9), "L": (0.1, 0.5), "R": (0.9, 0.5)}[facing]
    base = {
        "U": ((0.15, 0.85), (0.85, 0.85)),
        "D": ((0.15, 0.15), (0.85, 0.15)),
        "L": ((0.85, 0.15), (0.85, 0.85)),
        "R": ((0.15, 0.15), (0.15, 0.85)),
    }[facing]
    points = " ".join(f"{mx + px:g},{my + py:g}" for px, py in (tip, *base))
    monster_text = f"Het monster staat op ({monster['at'][0]}, {monster['at'][1]}) en kijkt {FACING_NL[facing]}."
    # When the monster is to act, tapping it plays its next step.
    step_action = "monster" if engine.current_actor(state) == "monster" else ""
    shapes.append(Shape.make("polygon", css="monster", title=monster_text, points=points, action=step_action))
    shapes.append(Shape.make("circle", css="monster-eye", cx=mx + (tip[0] + 0.5) / 2, cy=my + (tip[1] + 0.5) / 2, r=0.09))
    description.append(monster_text)

    pools: dict[str, list[tuple[str, int]]] = {p: [] for p in pos["players"]}
    saved_count: dict[str, int] = {p: 0 for p in pos["players"]}
    out_count: dict[str, int] = {p: 0 for p in pos["players"]}
    for fid, fig in pos["figures"].items():
        colour = fid.rstrip("0123456789")
        if fig == "saved":
            saved_count[colour] += 1
            continue
        if fig == "out":
            out_count[colour] += 1
            continue
        at, showing = fig["at"], fig["showing"]
        if at == "pool":
            pools[colour].append((fid, showing))
            continue
        fx, fy = _xy(at)
        moved = " (al verplaatst deze ronde)" if fig.get("moved") else ""
        text = f"{figure_name(fid)} op ({at[0]}, {at[1]}), toont {showing}{moved}."
        shapes.append(Shape.make("g-start", css=f"fig-{colour}"))
        shapes.append(Shape.make("circle", css=f"fig fig-{colour}", title=text, cx=fx + 0.5, cy=fy + 0.5, r=0.38))
        shapes.append(Shape.make("text", css="fig-label", text=str(showing), x=fx + 0.5, y=fy + 0.65, text_anchor="middle"))
        shapes.append(Shape.make("g-end"))
        description.append(text)

    # Beside the board (as HTML, so the board itself can use the whole width on a phone):
    # each player's start pool and saved figures.
    legend: list[LegendRow] = []
    for player in pos["players"]:
        chips = [str(showing) for _fid, showing in pools[player]]
        for fid, showing in pools[player]:
            description.append(f"{figure_name(fid)} in de startvoorraad, toont {showing}.")
        summary = f"{saved_count[player]} gered" + (f", {out_count[player]} uit" if out_count[player] else "")
        legend.append(LegendRow(f"fig-{player}", COLOUR_NL[player], tuple(chips), summary))
        description.append(f"{COLOUR_NL[player]}: {summary}.")

    return BoardView(
        width=WIDTH + 2 * MARGIN,
        height=HEIGHT + 2 * MARGIN,
        legend=legend,
        shapes=shapes,
        label=f"Speelbord Finstere Flure, hoofdstuk {pos.get('chapter', 1)}, ronde {pos.get('round', 1)}",
        description=description,
        status=status_line(engine, state, pos),
    )


def status_line(engine: Engine[Any], state: Any, pos: dict[str, Any]) -> str:
    phase = pos.get("phase")
    if phase == "players":
        actor = engine.current_actor(state)
        return f"{COLOUR_NL.get(actor, actor)} is aan de beurt (hoofdstuk {pos.get('chapter')}, ronde {pos.get('round')})."
    if phase == "monster" and pos.get("monster_turn"):
        mt = pos["monster_turn"]
        steps = "1 stap" if mt["steps"] == 1 else f"{mt['steps']} stappen"
        caught = "1 figuur" if mt["caught"] == 1 else f"{mt['caught']} figuren"
        return f"Het monster loopt met kaart {mt['card']}: {steps} gezet, {caught} gepakt."
    if phase == "over":
        result = engine.result(state)
        winners = ", ".join(COLOUR_NL.get(w, w) for w in (result.winners if result else ())) or "niemand"
        return f"Het spel is afgelopen. Winnaar: {winners}."
    return PHASE_NL.get(str(phase), "")


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    """A short Dutch label of an action at ``state`` (where a move ends, which card, ...).

    ``after`` is the state the action led to, when the caller already has it (the step log);
    otherwise the action is applied here to find where a move ends."""
    kind, _, rest = action.partition(":")
    if kind == "card":
        hits = {"X": " (één treffer)", "XX": " (twee treffers)"}.get(rest, " stappen")
        return f"Monsterkaart {rest}{hits}"
    if kind == "monster":
        return "Het monster zet een stap"
    if kind == "place":
        what, _, where = rest.partition(":")
        names = {"stone": "Steenblok", "pool4": "Bloedplas 1×4", "pool2": "Bloedplas 2×2"}
        return f"{names.get(what, what)} op {where}"
    if kind == "move":
        fid, _, path = rest.partition(":")
        name = figure_name(fid)
        if not path:
            return f"{name} blijft staan"
        if path.endswith("O"):
            return f"{name} verlaat de gangen ({len(path)} stappen)"
        if after is None:
            try:
                after, _events = engine.apply(state, action)
            except EngineError:
                return f"{name}: {path}"
        fig = engine.position_of(after)["figures"].get(fid)
        if isinstance(fig, dict) and fig.get("at") != "pool":
            x, y = fig["at"]
            return f"{name} naar ({x}, {y}) via {path}"
        return f"{name}: {path}"
    return action


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    """Moves are listed under the figure they move; cards, monster steps and placements together."""
    kind, _, rest = action.partition(":")
    if kind == "move":
        return figure_name(rest.partition(":")[0])
    if kind == "card":
        return "Monsterkaart"
    if kind == "place":
        return "Opbouw"
    return ""


class FinstereFlureView:
    """The view-model object the registry hands to the pages (``GAME.view``)."""

    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)


VIEW = FinstereFlureView()
