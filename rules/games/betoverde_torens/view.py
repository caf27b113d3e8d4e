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
from .labels import COLOURS, action_group, action_label, card, lang_of, spell_name
from .names import COLOUR_NL, card_name
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


# The drawing's own texts. The Dutch ones are the board's wording since the game was added.
V: dict[str, dict[str, str]] = {
    "nl": {
        "title": "De Betoverde Torens",
        "label": "De ring van 16 velden van De Betoverde Torens",
        "wizard": "Tovenaar van {who} {where}",
        "prisoner": " (opgesloten)",
        "on.space": "op veld {n}",
        "on.tower": "op toren {t}",
        "flask": "Flesje {k} van {who}: {state}",
        "flask.filled": "gevuld",
        "flask.empty": "leeg",
        "flask.spent": "ingezet",
        "panel": "Raventoren: {k} van {n} · hand: {size}",
        "trail": "De laatste verplaatsing",
        "space": "Veld {n}",
        "raven-space": " (ravenveld)",
        "ground.prisoners": "opgesloten: ",
        "ground": "op het veld: ",
        "tower": "Toren {t}{shield} op veld {n}",
        "tower.shield": " met ravenschild",
        "part.tower": "toren {t}{shield}",
        "part.shield": " (schild)",
        "part.with": " met {names}",
        "part.with.prisoners": " met opgesloten {names}",
        "raven": "De Raventoren op veld {n}, met {count} tovenaars erin",
        "part.raven": "de Raventoren",
        "desc.space": "Veld {n}: {parts}.",
        "desc.inside": "In de Raventoren: {names}.",
        "nobody": "nog niemand",
        "hand.hidden": "{n} kaarten (verborgen)",
        "hand.empty": "leeg",
        "note": "{k} van {n} in de Raventoren; flesjes: {filled} gevuld, {empty} leeg, {spent} ingezet; hand: {hand}",
        "cards": "Kaarten",
        "piles": "Trekstapel {deck}, aflegstapel {discard} kaarten",
        "piles.spells": "; open spreuken: {names}",
        "piles.card": "; in het spel: {card}",
        "piles.roll": ", geworpen: {roll}",
        "over": "Het spel is afgelopen. ",
        "ending": " Het einde is ingeluid: de ronde wordt afgemaakt.",
        "before": "vóór",
        "after": "na",
        "phase.spells": "Er worden 3 spreuken willekeurig gekozen.",
        "phase.deal": "De startkaarten worden getrokken.",
        "phase.roll": "{p} gooit de dobbelsteen.",
        "phase.choose": "{p} kiest wat de worp verplaatst.",
        "phase.draw": "{p} trekt kaarten bij.",
        "phase.pass-tower": "{p} mag een toren 1 stap verplaatsen.",
        "phase.play": "{p} is aan de beurt ({a} van {n} acties gedaan).",
        "phase.offer": "{o} mag een spreuk uitspreken ({w} de actie van {p}).",
        "phase.ask": "{m} kiest een kaart voor teamgenoot {p}.",
        "phase.return": "{p} geeft een kaart terug aan zijn teamgenoot.",
    },
    "de": {
        "title": "Die wandelnden Türme",
        "label": "Die wandelnden Türme: der Ring aus 16 Feldern",
        "wizard": "Magier von {who} {where}",
        "prisoner": " (eingesperrt)",
        "on.space": "auf Feld {n}",
        "on.tower": "auf Turm {t}",
        "flask": "Zaubertrankflasche {k} von {who}: {state}",
        "flask.filled": "gefüllt",
        "flask.empty": "leer",
        "flask.spent": "eingesetzt",
        "panel": "Rabenburg: {k} von {n} · Hand: {size}",
        "trail": "Die letzte Bewegung",
        "space": "Feld {n}",
        "raven-space": " (Rabenfeld)",
        "ground.prisoners": "eingesperrt: ",
        "ground": "auf dem Boden: ",
        "tower": "Turm {t}{shield} auf Feld {n}",
        "tower.shield": " mit Rabenschild",
        "part.tower": "Turm {t}{shield}",
        "part.shield": " (Schild)",
        "part.with": " mit {names}",
        "part.with.prisoners": " mit {names} (eingesperrt)",
        "raven": "Die Rabenburg auf Feld {n}, mit {count} Magiern darin",
        "part.raven": "die Rabenburg",
        "desc.space": "Feld {n}: {parts}.",
        "desc.inside": "In der Rabenburg: {names}.",
        "nobody": "noch niemand",
        "hand.hidden": "{n} Karten (verdeckt)",
        "hand.empty": "leer",
        "note": "{k} von {n} in der Rabenburg; Zaubertrankflaschen: {filled} gefüllt, {empty} leer, {spent} eingesetzt; Hand: {hand}",
        "cards": "Karten",
        "piles": "Nachziehstapel {deck}, Ablagestapel {discard} Karten",
        "piles.spells": "; offene Zaubersprüche: {names}",
        "piles.card": "; im Spiel: {card}",
        "piles.roll": ", gewürfelt: {roll}",
        "over": "Das Spiel ist vorbei. ",
        "ending": " Das Ende ist eingeläutet: die Runde wird zu Ende gespielt.",
        "before": "vor",
        "after": "nach",
        "phase.spells": "Es werden 3 Zaubersprüche zufällig gewählt.",
        "phase.deal": "Die Startkarten werden gezogen.",
        "phase.roll": "{p} würfelt.",
        "phase.choose": "{p} wählt, was der Wurf versetzt.",
        "phase.draw": "{p} zieht Karten nach.",
        "phase.pass-tower": "{p} darf einen Turm 1 Schritt versetzen.",
        "phase.play": "{p} ist am Zug ({a} von {n} Aktionen ausgeführt).",
        "phase.offer": "{o} darf einen Zauberspruch sprechen ({w} der Aktion von {p}).",
        "phase.ask": "{m} wählt eine Karte für Teampartner {p}.",
        "phase.return": "{p} gibt dem Teampartner eine Karte zurück.",
    },
    "en": {
        "title": "Wandering Towers",
        "label": "Wandering Towers: the ring of 16 spaces",
        "wizard": "{who} wizard {where}",
        "prisoner": " (trapped)",
        "on.space": "on space {n}",
        "on.tower": "on tower {t}",
        "flask": "Potion {k} of {who}: {state}",
        "flask.filled": "filled",
        "flask.empty": "empty",
        "flask.spent": "spent",
        "panel": "Ravenskeep: {k} of {n} · hand: {size}",
        "trail": "The last move",
        "space": "Space {n}",
        "raven-space": " (raven space)",
        "ground.prisoners": "trapped: ",
        "ground": "on the ground: ",
        "tower": "Tower {t}{shield} on space {n}",
        "tower.shield": " with raven shield",
        "part.tower": "tower {t}{shield}",
        "part.shield": " (shield)",
        "part.with": " with {names}",
        "part.with.prisoners": " with {names} (trapped)",
        "raven": "Ravenskeep on space {n}, with {count} wizards inside",
        "part.raven": "Ravenskeep",
        "desc.space": "Space {n}: {parts}.",
        "desc.inside": "In Ravenskeep: {names}.",
        "nobody": "nobody yet",
        "hand.hidden": "{n} cards (hidden)",
        "hand.empty": "empty",
        "note": "{k} of {n} in Ravenskeep; potions: {filled} filled, {empty} empty, {spent} spent; hand: {hand}",
        "cards": "Cards",
        "piles": "Draw pile {deck}, discard pile {discard} cards",
        "piles.spells": "; open spells: {names}",
        "piles.card": "; in play: {card}",
        "piles.roll": ", rolled: {roll}",
        "over": "The game is over. ",
        "ending": " The end of the game is triggered: the round is finished.",
        "before": "before",
        "after": "after",
        "phase.spells": "3 spells are chosen at random.",
        "phase.deal": "The starting cards are drawn.",
        "phase.roll": "{p} rolls the die.",
        "phase.choose": "{p} chooses what the roll moves.",
        "phase.draw": "{p} draws cards.",
        "phase.pass-tower": "{p} may move a tower 1 step.",
        "phase.play": "It is {p}'s turn ({a} of {n} actions done).",
        "phase.offer": "{o} may cast a spell ({w} {p}'s action).",
        "phase.ask": "{m} chooses a card for teammate {p}.",
        "phase.return": "{p} gives a card back to the teammate.",
    },
}


def _t(key: str, lang: str | None, **data: Any) -> str:
    return V[lang_of(lang)][key].format(**data)


def _name(colour: str, lang: str | None = None) -> str:
    """A colour as a player's name: lower case in the Dutch texts (as the board has always written
    it), the labels' capitalised names in German and English."""
    if lang_of(lang) == "nl":
        return COLOUR_NL.get(colour, colour)
    return COLOURS[lang_of(lang)].get(colour, colour)


def _card(code: str, lang: str | None) -> str:
    return card_name(code) if lang_of(lang) == "nl" else card(code, lang)


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
        title = _t("wizard", lang, who=_name(colour, lang), where=where) + (_t("prisoner", lang) if prisoners else "")
        cx = x + 0.3 + k * 0.56
        # The group carries the target; the letter says whose wizard it is (colour is never the only cue).
        shapes.append(Shape.make("g-start", css="bt-wiz-group", title=title, target=f"wiz:{colour}:{level}"))
        shapes.append(Shape.make("circle", css=css, title=title, seat=colour, cx=cx, cy=y, r=r))
        shapes.append(Shape.make("text", css="bt-wiz-letter", text=letter(colour, lang), seat=colour, x=cx, y=y,
                                 text_anchor="middle", dominant_baseline="central", font_size=f"{r * 1.25:.2f}"))
        shapes.append(Shape.make("g-end"))


# Each player's letter on their wizards (the colour's initial; two letters where two colours share one).
LETTERS: dict[str, dict[str, str]] = {
    "nl": {"red": "R", "blue": "B", "yellow": "Ge", "green": "Gr", "purple": "P", "white": "W"},
    "de": {"red": "R", "blue": "B", "yellow": "Ge", "green": "Gr", "purple": "L", "white": "W"},
    "en": {"red": "R", "blue": "B", "yellow": "Y", "green": "G", "purple": "P", "white": "W"},
}


def letter(colour: str, lang: str | None = None) -> str:
    return LETTERS[lang_of(lang)].get(colour, colour[:1].upper())


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
        shapes.append(Shape.make("circle", css=f"bt-wiz bt-{colour}", seat=colour, cx=4.7, cy=y, r=0.28))
        shapes.append(Shape.make("text", css="bt-wiz-letter", text=letter(colour, lang), seat=colour, x=4.7, y=y,
                                 text_anchor="middle", dominant_baseline="central", font_size="0.34"))
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
                    title=_t("flask", lang, k=k + 1, who=_name(colour, lang), state=_t(f"flask.{state}", lang)),
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
                text=_t("panel", lang, k=inside.get(colour, 0), n=pos["wizards_each"], size=size),
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
        Shape.make("text", css="bt-label", text=_t("title", lang), x=2.5 * CELL, y=CELL + 0.8, text_anchor="middle")
    )
    _panel(shapes, pos, state.active, lang)
    last = [e for e in events if e.data.get("trail")]
    for e in last:
        pts = " ".join(f"{_cell(n)[0] + CELL / 2:g},{_cell(n)[1] + CELL / 2:g}" for n in e.data["trail"])
        shapes.append(Shape.make("polyline", css="trail", title=_t("trail", lang), points=pts))
    raven_at = pos["raven"]["at"]
    inside = pos["raven"]["inside"]
    for n in range(1, 17):
        x, y = _cell(n)
        raven_space = n in RAVEN_SPACES
        css = "bt-space" + (" bt-raven-space" if raven_space else "")
        title = _t("space", lang, n=n) + (_t("raven-space", lang) if raven_space else "")
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
        _wizard_row(shapes, ground, x + 0.2, cy, top_index > 0, _t("on.space", lang, n=n), f"s{n}", r, lang)
        parts = []
        if ground:
            names = ", ".join(_name(c, lang) for c in ground)
            parts.append(_t("ground.prisoners" if towers else "ground", lang) + names)
        for i, tower in enumerate(towers):
            cy -= h
            tid = tower["tower"]
            shield = tid in SHIELDS
            shapes.append(
                Shape.make(
                    "rect",
                    css="bt-tower" + (" bt-shield" if shield else ""),
                    title=_t("tower", lang, t=tid, n=n, shield=_t("tower.shield", lang) if shield else ""),
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
            _wizard_row(shapes, wz, x + 0.2, cy - h * 0.18, prisoners, _t("on.tower", lang, t=tid), f"t{tid}", r, lang)
            riders = ", ".join(_name(c, lang) for c in wz)
            parts.append(
                _t("part.tower", lang, t=tid, shield=_t("part.shield", lang) if shield else "")
                + (_t("part.with.prisoners" if prisoners else "part.with", lang, names=riders) if wz else "")
            )
        if raven_at == n:
            cy -= h
            count = sum(inside.values())
            shapes.append(
                Shape.make(
                    "rect",
                    css="bt-raven",
                    title=_t("raven", lang, n=n, count=count),
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
            parts.append(_t("part.raven", lang))
        if parts:
            description.append(_t("desc.space", lang, n=n, parts="; ".join(parts)))
    inside_text = ", ".join(f"{_name(c, lang)} {k}" for c, k in inside.items()) or _t("nobody", lang)
    description.append(_t("desc.inside", lang, names=inside_text))

    legend: list[LegendRow] = []
    for colour in pos["players"]:
        f = pos["flasks"][colour]
        chips = tuple(["●"] * f["filled"] + ["○"] * f["empty"] + ["×"] * f["spent"])
        hand = pos["hands"][colour]
        hand_text = (
            ", ".join(_card(c, lang) for c in hand) if isinstance(hand, list) else _t("hand.hidden", lang, n=hand)
        )
        note = _t(
            "note",
            lang,
            k=inside.get(colour, 0),
            n=pos["wizards_each"],
            filled=f["filled"],
            empty=f["empty"],
            spent=f["spent"],
            hand=hand_text or _t("hand.empty", lang),
        )
        legend.append(LegendRow(f"bt-{colour}", _name(colour, lang).capitalize(), chips, note, seat=colour))
        description.append(f"{_name(colour, lang).capitalize()}: {note}.")
    deck = pos["deck"] if isinstance(pos["deck"], int) else sum(pos["deck"].values())
    extra = _t("piles", lang, deck=deck, discard=sum(pos["discard"].values()))
    if pos["spells"]:
        extra += _t("piles.spells", lang, names=", ".join(spell_name(s, lang) for s in pos["spells"]))
    in_play = pos["turn"].get("card")
    if in_play:
        extra += _t("piles.card", lang, card=_card(in_play["card"], lang))
        extra += _t("piles.roll", lang, roll=in_play["roll"]) if in_play["roll"] else ""
    legend.append(LegendRow("bt-deck", _t("cards", lang), (), extra))
    description.append(extra + ".")
    return BoardView(
        width=5 * CELL,
        height=5 * CELL,
        cell=CELL - 0.1,  # a space of the ring; what stands on it is tapped after enlarging the space
        shapes=shapes,
        legend=legend,
        label=_t("label", lang),
        description=description,
        status=_status(engine, state, pos, lang),
    )


def _status(engine: Engine[Any], state: Any, pos: dict[str, Any], lang: str | None = None) -> str:
    if pos["phase"] == "over":
        result = engine.result(state)
        return _t("over", lang) + (engine.describe_result(result, lang_of(lang)) if result else "")
    n = 1 if pos["variant"] != "base" else 2
    turn = pos["turn"]
    mate = engine.current_actor(state) if pos["phase"] == "ask" else ""
    text = _t(
        f"phase.{pos['phase']}",
        lang,
        p=_name(turn["player"], lang).capitalize(),
        a=turn["actions"],
        n=n,
        o=_name(turn.get("offer", ""), lang).capitalize(),
        w=_t("before" if turn.get("window") == "before" else "after", lang),
        m=_name(mate, lang).capitalize(),
    )
    return text + (_t("ending", lang) if pos["ending"] else "")


class BetoverdeTorensView:
    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)
    tap = staticmethod(tap)
    explain = staticmethod(explain)


VIEW = BetoverdeTorensView()
