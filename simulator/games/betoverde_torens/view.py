"""SVG view-model: the ring of 16 spaces as the border of a 5 x 5 square (space 1 top left,
clockwise), each space with its stack drawn bottom up (ground wizards, towers with their wizards,
imprisoned wizards pale), the Raventoren, and in the centre each player's flasks, wizards in the
Raventoren and hand size. Shapes carry the tap targets of :mod:`.taps` and :mod:`.editor` (``sp:<n>``,
``tw:<t>``, ``wiz:<colour>:s<n>`` / ``wiz:<colour>:t<t>``, ``raven``, ``fl:<colour>:<i>``).
Labels of actions live in :mod:`.labels`; the drawing's own texts stay Dutch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.core.engine import Engine, Event
from simulator.core.view import BoardView, LegendRow, Shape

from .labels import action_group, action_label
from .names import COLOUR_NL, card_name, spell_name
from .state import RAVEN_SPACES, SHIELDS
from .taps import tap

CELL = 4.0
CELLS = (
    [(c, 0) for c in range(5)]
    + [(4, r) for r in range(1, 5)]
    + [(c, 4) for c in range(3, -1, -1)]
    + [(0, r) for r in range(3, 0, -1)]
)


def _cell(number: int) -> tuple[float, float]:
    c, r = CELLS[number - 1]
    return c * CELL, r * CELL


def _name(colour: str) -> str:
    return COLOUR_NL.get(colour, colour)


def _wizard_row(
    shapes: list[Shape],
    wizards: Sequence[str],
    x: float,
    y: float,
    prisoners: bool,
    where: str,
    level: str,
    r: float,
) -> None:
    """The wizards of one level (``level``: ``s<n>`` the ground of space n, ``t<t>`` tower t); each
    carries the target ``wiz:<colour>:<level>``."""
    for k, colour in enumerate(wizards):
        css = f"bt-wiz bt-{colour}" + (" bt-prisoner" if prisoners else "")
        title = f"Tovenaar van {_name(colour)} {where}" + (" (opgesloten)" if prisoners else "")
        shapes.append(
            Shape.make("circle", css=css, title=title, target=f"wiz:{colour}:{level}", cx=x + 0.3 + k * 0.56, cy=y, r=r)
        )


FLASK_NL = {"filled": "gevuld", "empty": "leeg", "spent": "ingezet"}


def flask_states(filled: int, empty: int, spent: int) -> list[str]:
    """The flasks of a player in the order the board draws them (target ``fl:<colour>:<i>``)."""
    return ["filled"] * filled + ["empty"] * empty + ["spent"] * spent


def _panel(shapes: list[Shape], pos: dict[str, Any], active: str) -> None:
    """The centre of the board: per player the flasks (targets for the editor), the wizards in the
    Raventoren and the size of the hand."""
    players = pos["players"]
    inside = pos["raven"]["inside"]
    row = min(1.6, 9.6 / max(len(players), 1))
    for i, colour in enumerate(players):
        y = 6.0 + i * row
        shapes.append(Shape.make("circle", css=f"bt-wiz bt-{colour}", cx=4.7, cy=y, r=0.28))
        name = _name(colour).capitalize()
        shapes.append(
            Shape.make(
                "text",
                css="bt-panel" + (" bt-active" if colour == active else ""),
                text=("▶ " if colour == active else "") + name,
                x=5.15,
                y=y + 0.16,
            )
        )
        f = pos["flasks"][colour]
        for k, state in enumerate(flask_states(f["filled"], f["empty"], f["spent"])):
            shapes.append(
                Shape.make(
                    "rect",
                    css=f"bt-flask bt-flask-{state} bt-{colour}",
                    title=f"Flesje {k + 1} van {_name(colour)}: {FLASK_NL[state]}",
                    target=f"fl:{colour}:{k + 1}",
                    x=8.0 + k * 0.7,
                    y=y - 0.32,
                    width=0.48,
                    height=0.64,
                    rx=0.14,
                )
            )
        hand = pos["hands"][colour]
        size = len(hand) if isinstance(hand, list) else int(hand)
        shapes.append(
            Shape.make(
                "text",
                css="bt-panel-small",
                text=f"Raventoren: {inside.get(colour, 0)} van {pos['wizards_each']} · hand: {size}",
                x=5.15,
                y=y + 0.72,
            )
        )


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
    description: list[str] = []
    shapes.append(Shape.make("rect", css="bt-centre", x=CELL, y=CELL, width=3 * CELL, height=3 * CELL))
    shapes.append(
        Shape.make("text", css="bt-label", text="De Betoverde Torens", x=2.5 * CELL, y=CELL + 0.8, text_anchor="middle")
    )
    _panel(shapes, pos, state.active)
    last = [e for e in events if e.data.get("trail")]
    for e in last:
        pts = " ".join(f"{_cell(n)[0] + CELL / 2:g},{_cell(n)[1] + CELL / 2:g}" for n in e.data["trail"])
        shapes.append(Shape.make("polyline", css="trail", title="De laatste verplaatsing", points=pts))
    raven_at = pos["raven"]["at"]
    inside = pos["raven"]["inside"]
    for n in range(1, 17):
        x, y = _cell(n)
        raven_space = n in RAVEN_SPACES
        css = "bt-space" + (" bt-raven-space" if raven_space else "")
        title = f"Veld {n}" + (" (ravenveld)" if raven_space else "")
        shapes.append(
            Shape.make(
                "rect",
                css=css,
                title=title,
                target=f"sp:{n}",
                x=x + 0.05,
                y=y + 0.05,
                width=CELL - 0.1,
                height=CELL - 0.1,
            )
        )
        shapes.append(Shape.make("text", css="bt-num", text=str(n), x=x + 0.3, y=y + 0.55))
        space = pos["spaces"].get(str(n), {})
        towers = space.get("towers", [])
        ground = space.get("wizards", [])
        levels = 1 + len(towers) + (1 if raven_at == n else 0)
        h = min(0.75, (CELL - 0.8) / max(levels, 1))
        r = min(0.25, 0.2 + h * 0.07)
        cy = y + CELL - 0.35
        top_index = len(towers)
        _wizard_row(shapes, ground, x + 0.2, cy, top_index > 0, f"op veld {n}", f"s{n}", r)
        parts = []
        if ground:
            parts.append(("opgesloten: " if towers else "op het veld: ") + ", ".join(_name(c) for c in ground))
        for i, tower in enumerate(towers):
            cy -= h
            tid = tower["tower"]
            shield = tid in SHIELDS
            shapes.append(
                Shape.make(
                    "rect",
                    css="bt-tower" + (" bt-shield" if shield else ""),
                    title=f"Toren {tid}" + (" met ravenschild" if shield else "") + f" op veld {n}",
                    target=f"tw:{tid}",
                    x=x + 0.2,
                    y=cy - h * 0.45,
                    width=CELL - 0.4,
                    height=h * 0.55,
                    rx=0.08,
                )
            )
            shapes.append(
                Shape.make(
                    "text",
                    css="bt-tower-label",
                    text=f"{tid}" + ("*" if shield else ""),
                    x=x + CELL - 0.45,
                    y=cy - h * 0.05,
                    text_anchor="end",
                )
            )
            wz = tower.get("wizards", [])
            prisoners = i < top_index - 1
            _wizard_row(shapes, wz, x + 0.2, cy - h * 0.18, prisoners, f"op toren {tid}", f"t{tid}", r)
            parts.append(
                f"toren {tid}{' (schild)' if shield else ''}"
                + (f" met {'opgesloten ' if prisoners else ''}" + ", ".join(_name(c) for c in wz) if wz else "")
            )
        if raven_at == n:
            cy -= h
            count = sum(inside.values())
            shapes.append(
                Shape.make(
                    "rect",
                    css="bt-raven",
                    title=f"De Raventoren op veld {n}, met {count} tovenaars erin",
                    target="raven",
                    x=x + 0.6,
                    y=cy - h * 0.6,
                    width=CELL - 1.2,
                    height=h * 0.9,
                    rx=0.1,
                )
            )
            shapes.append(
                Shape.make(
                    "text",
                    css="bt-raven-label",
                    text=f"R {count}",
                    x=x + CELL / 2,
                    y=cy - h * 0.05,
                    text_anchor="middle",
                )
            )
            parts.append("de Raventoren")
        if parts:
            description.append(f"Veld {n}: " + "; ".join(parts) + ".")
    inside_text = ", ".join(f"{_name(c)} {k}" for c, k in inside.items()) or "nog niemand"
    description.append(f"In de Raventoren: {inside_text}.")

    legend: list[LegendRow] = []
    for colour in pos["players"]:
        f = pos["flasks"][colour]
        chips = tuple(["●"] * f["filled"] + ["○"] * f["empty"] + ["×"] * f["spent"])
        hand = pos["hands"][colour]
        hand_text = ", ".join(card_name(c) for c in hand) if isinstance(hand, list) else f"{hand} kaarten (verborgen)"
        note = f"{inside.get(colour, 0)} van {pos['wizards_each']} in de Raventoren; flesjes: {f['filled']} gevuld, {f['empty']} leeg, {f['spent']} ingezet; hand: {hand_text or 'leeg'}"
        legend.append(LegendRow(f"bt-{colour}", _name(colour).capitalize(), chips, note))
        description.append(f"{_name(colour).capitalize()}: {note}.")
    deck = pos["deck"] if isinstance(pos["deck"], int) else sum(pos["deck"].values())
    extra = f"Trekstapel {deck}, aflegstapel {sum(pos['discard'].values())} kaarten"
    if pos["spells"]:
        extra += "; open spreuken: " + ", ".join(spell_name(s) for s in pos["spells"])
    card = pos["turn"].get("card")
    if card:
        extra += f"; in het spel: {card_name(card['card'])}" + (f", geworpen: {card['roll']}" if card["roll"] else "")
    legend.append(LegendRow("bt-deck", "Kaarten", (), extra))
    description.append(extra + ".")
    return BoardView(
        width=5 * CELL,
        height=5 * CELL,
        shapes=shapes,
        legend=legend,
        label="De ring van 16 velden van De Betoverde Torens",
        description=description,
        status=_status(engine, state, pos),
    )


PHASE_NL = {
    "spells": "Er worden 3 spreuken willekeurig gekozen.",
    "deal": "De startkaarten worden getrokken.",
    "roll": "{p} gooit de dobbelsteen.",
    "choose": "{p} kiest wat de worp verplaatst.",
    "draw": "{p} trekt kaarten bij.",
    "pass-tower": "{p} mag een toren 1 stap verplaatsen.",
    "play": "{p} is aan de beurt ({a} van {n} acties gedaan).",
    "offer": "{o} mag een spreuk uitspreken ({w} de actie van {p}).",
    "ask": "{m} kiest een kaart voor teamgenoot {p}.",
    "return": "{p} geeft een kaart terug aan zijn teamgenoot.",
}


def _status(engine: Engine[Any], state: Any, pos: dict[str, Any]) -> str:
    if pos["phase"] == "over":
        result = engine.result(state)
        return "Het spel is afgelopen. " + (engine.describe_result(result) if result else "")
    n = 1 if pos["variant"] != "base" else 2
    turn = pos["turn"]
    mate = engine.current_actor(state) if pos["phase"] == "ask" else ""
    text = PHASE_NL[pos["phase"]].format(
        p=_name(turn["player"]).capitalize(),
        a=turn["actions"],
        n=n,
        o=_name(turn.get("offer", "")).capitalize(),
        w="vóór" if turn.get("window") == "before" else "na",
        m=_name(mate).capitalize(),
    )
    return text + (" Het einde is ingeluid: de ronde wordt afgemaakt." if pos["ending"] else "")


class BetoverdeTorensView:
    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)
    tap = staticmethod(tap)


VIEW = BetoverdeTorensView()
