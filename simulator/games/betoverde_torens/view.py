"""SVG view-model: the ring of 16 spaces as the border of a 5 x 5 square (space 1 top left,
clockwise), each space with its stack drawn bottom up (ground wizards, towers with their wizards,
imprisoned wizards pale), the Raventoren, and beside the board each player's flasks, wizards in the
Raventoren and hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simulator.core.engine import Engine, Event
from simulator.core.view import BoardView, LegendRow, Shape

from .names import COLOUR_NL, card_name, spell_name
from .state import RAVEN_SPACES, SHIELDS

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
    action: str,
    active: str,
) -> None:
    for k, colour in enumerate(wizards):
        css = f"bt-wiz bt-{colour}" + (" bt-prisoner" if prisoners else "")
        title = f"Tovenaar van {_name(colour)} {where}" + (" (opgesloten)" if prisoners else "")
        act = action if colour == active else ""
        shapes.append(Shape.make("circle", css=css, title=title, action=act, cx=x + 0.35 + k * 0.5, cy=y, r=0.2))


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
    ordered = engine.legal_actions(state)

    def tap(kind: str, number: int) -> str:
        """The action a tap on a wizard (on space ``number``) or tower plays, when exactly one legal
        action moves that piece (the move of the current dice roll, the pass step, or the only card
        that can move it); with a choice of cards the player picks from the list instead."""
        found = []
        for action in ordered:
            parts = action.split(":")
            if parts[-2:] == [kind, str(number)] and parts[0] in ("move", "play", "pass-tower"):
                found.append(action)
            elif kind == "tower" and action == f"pass-tower:{number}":
                found.append(action)
        return found[0] if len(found) == 1 else ""

    shapes: list[Shape] = []
    description: list[str] = []
    shapes.append(Shape.make("rect", css="bt-centre", x=CELL, y=CELL, width=3 * CELL, height=3 * CELL))
    shapes.append(
        Shape.make("text", css="bt-label", text="De Betoverde Torens", x=2.5 * CELL, y=2.5 * CELL, text_anchor="middle")
    )
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
            Shape.make("rect", css=css, title=title, x=x + 0.05, y=y + 0.05, width=CELL - 0.1, height=CELL - 0.1)
        )
        shapes.append(Shape.make("text", css="bt-num", text=str(n), x=x + 0.3, y=y + 0.55))
        space = pos["spaces"].get(str(n), {})
        towers = space.get("towers", [])
        ground = space.get("wizards", [])
        levels = 1 + len(towers) + (1 if raven_at == n else 0)
        h = min(0.75, (CELL - 0.8) / max(levels, 1))
        cy = y + CELL - 0.35
        top_index = len(towers)
        mover = state.mover_colour(state.turn)
        wizard_tap = tap("wizard", n)
        _wizard_row(shapes, ground, x + 0.3, cy, top_index > 0, f"op veld {n}", wizard_tap if not towers else "", mover)
        parts = []
        if ground:
            parts.append(("opgesloten: " if towers else "op het veld: ") + ", ".join(_name(c) for c in ground))
        for i, tower in enumerate(towers):
            cy -= h
            tid = tower["tower"]
            shield = tid in SHIELDS
            action = tap("tower", tid)
            shapes.append(
                Shape.make(
                    "rect",
                    css="bt-tower" + (" bt-shield" if shield else ""),
                    action=action,
                    title=f"Toren {tid}" + (" met ravenschild" if shield else "") + f" op veld {n}",
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
            on_top = i == top_index - 1
            _wizard_row(
                shapes, wz, x + 0.3, cy - h * 0.18, prisoners, f"op toren {tid}", wizard_tap if on_top else "", mover
            )
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


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    parts = action.split(":")
    head = parts[0]
    if head == "play":
        card = card_name(parts[1])
        if len(parts) == 2:
            return f"{card}: gooien"
        if parts[2] == "none":
            return f"{card}: niets mogelijk"
        return f"{card}: " + (f"tovenaar van veld {parts[3]}" if parts[2] == "wizard" else f"toren {parts[3]}")
    if head == "move":
        return f"tovenaar van veld {parts[2]}" if parts[1] == "wizard" else f"toren {parts[2]}"
    if head == "spell":
        return f"{spell_name(parts[1])}" + (f": {_spell_target(parts[1], parts[2])}" if len(parts) > 2 else "")
    if head == "draw":
        return f"trek {card_name(parts[1])}"
    if head == "roll":
        return f"worp {parts[1]}"
    if head == "pass-tower":
        return "geen toren" if parts[1] == "none" else f"toren {parts[1]} 1 stap"
    if head in ("give", "return"):
        return (
            "niets geven"
            if parts[1] == "none"
            else f"{'geef' if head == 'give' else 'geef terug'}: {card_name(parts[1])}"
        )
    if head == "spells":
        return "open: " + ", ".join(spell_name(x) for x in parts[1].split("+"))
    return {
        "pass": "kaarten wisselen",
        "end": "beurt beëindigen",
        "none": "niets mogelijk",
        "reroll": "opnieuw gooien",
        "decline": "geen spreuk",
        "ask": "teamgenoot om een kaart vragen",
    }.get(action, action)


def _spell_target(spell: str, arg: str) -> str:
    if spell.startswith("wizard"):
        return f"tovenaar van veld {arg}"
    if spell.startswith("tower"):
        return f"toren {arg}"
    if spell == "swap":
        return "torens " + " en ".join(arg.split(","))
    if spell == "raven":
        return "met de klok mee" if arg == "cw" else "tegen de klok in"
    if spell == "free":
        return f"onder toren {arg}"
    return arg


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    head = action.split(":")[0]
    if head == "play":
        return "Kaart " + card_name(action.split(":")[1])
    return {
        "spell": "Toverspreuken",
        "draw": "Kaart trekken",
        "roll": "Dobbelsteen",
        "spells": "Spreuken kiezen",
        "move": "Verplaatsen met de worp",
        "reroll": "Verplaatsen met de worp",
        "none": "Verplaatsen met de worp",
        "pass": "Kaarten wisselen",
        "pass-tower": "Toren 1 stap",
        "decline": "Toverspreuken",
        "ask": "Teamgenoot",
        "give": "Kaart geven",
        "return": "Kaart teruggeven",
    }.get(head, "Beurt")


class BetoverdeTorensView:
    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)


VIEW = BetoverdeTorensView()
