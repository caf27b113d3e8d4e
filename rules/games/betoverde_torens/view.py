"""SVG view-model: the ring of 16 spaces as the border of a 5 x 5 square (space 1 top left,
clockwise), each space with its stack drawn bottom up (ground wizards, towers with their wizards,
imprisoned wizards pale), the Raventoren, and in the centre each player's flasks, wizards in the
Raventoren and hand size. Shapes carry the tap targets of :mod:`.taps` and :mod:`.editor` (``sp:<n>``,
``tw:<t>``, ``wiz:<colour>:s<n>`` / ``wiz:<colour>:t<t>``, ``raven``, ``fl:<colour>:<i>``).
Labels of actions live in :mod:`.labels`; the drawing's own texts (titles, description, legend,
status) are in :data:`V`, in the reader's language (nl, de, en; ``None`` is the rulebook's Dutch),
with the terms of ``rulebooks/content/betoverde-torens/glossary.toml``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, Event
from rules.core.view import BoardView, LegendRow, Shape

from .explain import explain
from .labels import action_group, action_label, card, spell_name
from .state import RAVEN_SPACES, SHIELDS
from .taps import tap
from .words import WORDS

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


def _name(colour: str, lang: str | None = None) -> str:
    """A colour as a player's name: lower case in the Dutch texts (as the board has always written
    it), the labels' capitalised names in German and English."""
    return WORDS.table("colour_name", lang).get(colour, colour)


def _wizard_row(
    shapes: list[Shape],
    wizards: Sequence[str],
    x: float,
    y: float,
    prisoners: bool,
    where: str,
    level: str,
    r: float,
    lang: str | None = None,
) -> None:
    """The wizards of one level (``level``: ``s<n>`` the ground of space n, ``t<t>`` tower t); each
    carries the target ``wiz:<colour>:<level>``."""
    for k, colour in enumerate(wizards):
        css = f"bt-wiz bt-{colour}" + (" bt-prisoner" if prisoners else "")
        title = WORDS.text("board", "wizard", lang, who=_name(colour, lang), where=where) + (WORDS.text("board", "prisoner", lang) if prisoners else "")
        cx = x + r + 0.05 + k * min(2 * r + 0.04, (CELL - 0.4 - 2 * r) / max(len(wizards) - 1, 1))
        # The group carries the target; the letter says whose wizard it is (colour is never the only cue).
        shapes.append(Shape.make("g-start", css="bt-wiz-group", title=title, target=f"wiz:{colour}:{level}"))
        shapes.append(Shape.make("circle", css=css, title=title, seat=colour, cx=cx, cy=y, r=r))
        shapes.append(Shape.make("text", css="bt-wiz-letter", text=letter(colour, lang), seat=colour, x=cx, y=y,
                                 text_anchor="middle", dominant_baseline="central", font_size=LETTER_SIZE))
        shapes.append(Shape.make("g-end"))


# A wizard's letter: 12 px on the whole board on a 390 px phone (20 units across: 19.5 px each), so
# that whose wizard it is shows without colour (reviews-ux, issue 34); the wizard is drawn round it.
LETTER_SIZE = "0.62"
WIZARD_R = 0.34


def letter(colour: str, lang: str | None = None) -> str:
    return WORDS.table("letter", lang).get(colour, colour[:1].upper())


def flask_states(filled: int, empty: int, spent: int) -> list[str]:
    """The flasks of a player in the order the board draws them (target ``fl:<colour>:<i>``)."""
    return ["filled"] * filled + ["empty"] * empty + ["spent"] * spent


def _panel(shapes: list[Shape], pos: dict[str, Any], active: str, lang: str | None = None) -> None:
    """The centre of the board: per player the flasks (targets for the editor), the wizards in the
    Raventoren and the size of the hand."""
    players = pos["players"]
    inside = pos["raven"]["inside"]
    row = min(1.6, 9.6 / max(len(players), 1))
    for i, colour in enumerate(players):
        y = 6.0 + i * row
        in_raven = WORDS.text("board", "desc.inside", lang, names=f"{_name(colour, lang)} {inside.get(colour, 0)}")
        shapes.append(Shape.make("circle", css=f"bt-wiz bt-{colour}", seat=colour, title=in_raven, cx=4.7, cy=y, r=WIZARD_R))
        shapes.append(Shape.make("text", css="bt-wiz-letter", text=letter(colour, lang), seat=colour, x=4.7, y=y,
                                 text_anchor="middle", dominant_baseline="central", font_size=LETTER_SIZE))
        name = _name(colour, lang).capitalize()
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
                    title=WORDS.text("board", "flask", lang, k=k + 1, who=_name(colour, lang), state=WORDS.text("board", f"flask.{state}", lang)),
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
                text=WORDS.text("board", "panel", lang, k=inside.get(colour, 0), n=pos["wizards_each"], size=size),
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
        Shape.make("text", css="bt-label", text=WORDS.word("board", "title", lang), x=2.5 * CELL, y=CELL + 0.8,
                   text_anchor="middle")
    )
    _panel(shapes, pos, state.active, lang)
    last = [e for e in events if e.data.get("trail")]
    for e in last:
        pts = " ".join(f"{_cell(n)[0] + CELL / 2:g},{_cell(n)[1] + CELL / 2:g}" for n in e.data["trail"])
        shapes.append(Shape.make("polyline", css="trail", title=WORDS.word("board", "trail", lang), points=pts))
    for n in range(1, 17):
        parts = _space(shapes, pos, n, lang)
        if parts:
            description.append(WORDS.text("board", "desc.space", lang, n=n, parts="; ".join(parts)))
    inside = pos["raven"]["inside"]
    inside_text = ", ".join(f"{_name(c, lang)} {k}" for c, k in inside.items()) or WORDS.word("board", "nobody", lang)
    description.append(WORDS.text("board", "desc.inside", lang, names=inside_text))
    legend, legend_texts = _legend(pos, lang)
    return BoardView(
        width=5 * CELL,
        height=5 * CELL,
        cell=CELL - 0.1,  # a space of the ring; what stands on it is tapped after enlarging the space
        shapes=shapes,
        legend=legend,
        label=WORDS.word("board", "label", lang),
        description=description + legend_texts,
        status=_status(engine, state, pos, lang),
    )


def _space(shapes: list[Shape], pos: dict[str, Any], n: int, lang: str | None) -> list[str]:
    """Draw space ``n`` with what stands on it (the wizards on the ground, the stack of towers with
    their wizards, the Raventoren on top); the parts of its sentence."""
    x, y = _cell(n)
    raven_space = n in RAVEN_SPACES
    css = "bt-space" + (" bt-raven-space" if raven_space else "")
    title = WORDS.text("board", "space", lang, n=n) + (WORDS.word("board", "raven-space", lang) if raven_space else "")
    shapes.append(Shape.make("rect", css=css, title=title, target=f"sp:{n}", x=x + 0.05, y=y + 0.05,
                             width=CELL - 0.1, height=CELL - 0.1))
    shapes.append(Shape.make("text", css="bt-num", text=str(n), x=x + 0.3, y=y + 0.55))
    space = pos["spaces"].get(str(n), {})
    towers = space.get("towers", [])
    ground = space.get("wizards", [])
    raven_here = pos["raven"]["at"] == n
    levels = 1 + len(towers) + (1 if raven_here else 0)
    h = min(0.8, (CELL - 0.8) / max(levels, 1))
    r = WIZARD_R
    cy = y + CELL - 0.35
    _wizard_row(shapes, ground, x + 0.2, cy, len(towers) > 0, WORDS.text("board", "on.space", lang, n=n), f"s{n}", r, lang)
    parts = []
    if ground:
        names = ", ".join(_name(c, lang) for c in ground)
        parts.append(WORDS.word("board", "ground.prisoners" if towers else "ground", lang) + names)
    for i, tower in enumerate(towers):
        cy -= h
        parts.append(_tower(shapes, tower, n, x, cy, h, r, i < len(towers) - 1, lang))
    if raven_here:
        cy -= h
        count = sum(pos["raven"]["inside"].values())
        shapes.append(Shape.make("rect", css="bt-raven", title=WORDS.text("board", "raven", lang, n=n, count=count),
                                 target="raven", x=x + 0.6, y=cy - h * 0.6, width=CELL - 1.2, height=h * 0.9, rx=0.1))
        shapes.append(Shape.make("text", css="bt-raven-label", text=f"R {count}", x=x + CELL / 2, y=cy - h * 0.05,
                                 text_anchor="middle"))
        parts.append(WORDS.word("board", "part.raven", lang))
    return parts


def _tower(
    shapes: list[Shape], tower: dict[str, Any], n: int, x: float, cy: float, h: float, r: float, prisoners: bool,
    lang: str | None,
) -> str:
    """Draw one tower of the stack on space ``n`` with the wizards on it (``prisoners``: a tower
    stands on top of it); its part of the space's sentence."""
    tid = tower["tower"]
    shield = tid in SHIELDS
    shield_text = WORDS.word("board", "tower.shield", lang) if shield else ""
    shapes.append(Shape.make("rect", css="bt-tower" + (" bt-shield" if shield else ""),
                             title=WORDS.text("board", "tower", lang, t=tid, n=n, shield=shield_text), target=f"tw:{tid}",
                             x=x + 0.2, y=cy - h * 0.45, width=CELL - 0.4, height=h * 0.55, rx=0.08))
    shapes.append(Shape.make("text", css="bt-tower-label", text=f"{tid}" + ("*" if shield else ""),
                             x=x + CELL - 0.45, y=cy - h * 0.05, text_anchor="end"))
    wz = tower.get("wizards", [])
    _wizard_row(shapes, wz, x + 0.2, cy - h * 0.18, prisoners, WORDS.text("board", "on.tower", lang, t=tid), f"t{tid}", r, lang)
    riders = ", ".join(_name(c, lang) for c in wz)
    part = WORDS.text("board", "part.tower", lang, t=tid, shield=WORDS.word("board", "part.shield", lang) if shield else "")
    if wz:
        part += WORDS.text("board", "part.with.prisoners" if prisoners else "part.with", lang, names=riders)
    return part


def _legend(pos: dict[str, Any], lang: str | None) -> tuple[list[LegendRow], list[str]]:
    """Beside the board: each player's flasks, wizards in the Raventoren and hand, then the piles;
    and their sentences."""
    inside = pos["raven"]["inside"]
    legend: list[LegendRow] = []
    description: list[str] = []
    for colour in pos["players"]:
        f = pos["flasks"][colour]
        chips = tuple(["●"] * f["filled"] + ["○"] * f["empty"] + ["×"] * f["spent"])
        hand = pos["hands"][colour]
        hand_text = (
            ", ".join(card(c, lang) for c in hand) if isinstance(hand, list) else WORDS.text("board", "hand.hidden", lang, n=hand)
        )
        note = WORDS.text(
            "board", "note", lang, k=inside.get(colour, 0), n=pos["wizards_each"], filled=f["filled"], empty=f["empty"],
            spent=f["spent"], hand=hand_text or WORDS.word("board", "hand.empty", lang),
        )
        legend.append(LegendRow(f"bt-{colour}", _name(colour, lang).capitalize(), chips, note, seat=colour))
        description.append(f"{_name(colour, lang).capitalize()}: {note}.")
    deck = pos["deck"] if isinstance(pos["deck"], int) else sum(pos["deck"].values())
    extra = WORDS.text("board", "piles", lang, deck=deck, discard=sum(pos["discard"].values()))
    if pos["spells"]:
        extra += WORDS.text("board", "piles.spells", lang, names=", ".join(spell_name(s, lang) for s in pos["spells"]))
    in_play = pos["turn"].get("card")
    if in_play:
        extra += WORDS.text("board", "piles.card", lang, card=card(in_play["card"], lang))
        extra += WORDS.text("board", "piles.roll", lang, roll=in_play["roll"]) if in_play["roll"] else ""
    legend.append(LegendRow("bt-deck", WORDS.word("board", "cards", lang), (), extra))
    description.append(extra + ".")
    return legend, description


def _status(engine: Engine[Any], state: Any, pos: dict[str, Any], lang: str | None = None) -> str:
    if pos["phase"] == "over":
        result = engine.result(state)
        return WORDS.text("board", "over", lang) + (engine.describe_result(result, WORDS.language(lang)) if result else "")
    n = 1 if pos["variant"] != "base" else 2
    turn = pos["turn"]
    mate = engine.current_actor(state) if pos["phase"] == "ask" else ""
    text = WORDS.text("board",
        f"phase.{pos['phase']}",
        lang,
        p=_name(turn["player"], lang).capitalize(),
        a=turn["actions"],
        n=n,
        o=_name(turn.get("offer", ""), lang).capitalize(),
        w=WORDS.text("board", "before" if turn.get("window") == "before" else "after", lang),
        m=_name(mate, lang).capitalize(),
    )
    return text + (WORDS.text("board", "ending", lang) if pos["ending"] else "")


def about(engine: Engine[Any], state: Any, event: Event) -> str:
    """The board target an event is about: the space where wizards were imprisoned or freed, or
    the tower a spell freed; "" for none."""
    space = event.data.get("space")
    if isinstance(space, int) and 1 <= space <= 16:
        return f"sp:{space}"
    tower = event.data.get("tower")
    return f"tw:{tower}" if isinstance(tower, int) and 1 <= tower <= 9 else ""

# This module is the view-model (GAME.view): its functions, some of them written in other modules.
__all__ = ["about", "action_group", "action_label", "board_view", "explain", "tap"]
