"""Plain words for the pages in the reader's language (nl, de, en; ``None`` is the rulebook's
Dutch): colours, tile kinds, squares as the board shows them ("(3, -1)"), the labels and groups of
the actions, and the sentences of tapping (``taps``) and of the position editor (``editor``).

Engine codes (``place:3,-1``, ``thief5``) never reach a label."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.core.engine import Engine
from rules.core.inputs import whole_number

from .state import thief_value

LANGS = ("nl", "de", "en")


def lang_of(lang: str | None) -> str:
    """The language of a label: the reader's, or the rulebook's Dutch for ``None`` and unknown ones."""
    return lang if lang in LANGS else "nl"


COLOURS: dict[str, dict[str, str]] = {
    "nl": {"red": "Rood", "green": "Groen", "blue": "Blauw", "yellow": "Geel", "black": "Zwart"},
    "de": {"red": "Rot", "green": "Grün", "blue": "Blau", "yellow": "Gelb", "black": "Schwarz"},
    "en": {"red": "Red", "green": "Green", "blue": "Blue", "yellow": "Yellow", "black": "Black"},
}

# A tile kind with its article, as in "Rood trekt een torentegel" ({n}: the thief value).
KINDS: dict[str, dict[str, str]] = {
    "nl": {
        "start": "de starttegel", "source": "de bron van de rivier", "land": "een gewone landtegel",
        "thief": "een landtegel met diefsymbool {n}", "tower": "een torentegel", "river": "een riviertegel",
        "rivertower": "de riviertegel met de torenbouwplaats",
    },
    "de": {
        "start": "die Startkarte", "source": "die Flussquelle", "land": "eine gewöhnliche Landschaftskarte",
        "thief": "eine Landschaftskarte mit Diebessymbol {n}", "tower": "eine Turmkarte", "river": "eine Flusskarte",
        "rivertower": "die Flusskarte mit dem Turmbauplatz",
    },
    "en": {
        "start": "the start tile", "source": "the river source", "land": "a plain land tile",
        "thief": "a land tile with thief symbol {n}", "tower": "a tower tile", "river": "a river tile",
        "rivertower": "the river tile with the tower site",
    },
}

# A tile kind as a name (palette chips, field choices).
NAMES: dict[str, dict[str, str]] = {
    "nl": {
        "start": "Starttegel", "source": "Bron van de rivier", "land": "Landtegel",
        "thief": "Landtegel met diefsymbool {n}", "tower": "Torentegel", "river": "Riviertegel",
        "rivertower": "Riviertegel met torenbouwplaats",
    },
    "de": {
        "start": "Startkarte", "source": "Flussquelle", "land": "Landschaftskarte",
        "thief": "Landschaftskarte mit Diebessymbol {n}", "tower": "Turmkarte", "river": "Flusskarte",
        "rivertower": "Flusskarte mit Turmbauplatz",
    },
    "en": {
        "start": "Start tile", "source": "River source", "land": "Land tile",
        "thief": "Land tile with thief symbol {n}", "tower": "Tower tile", "river": "River tile",
        "rivertower": "River tile with tower site",
    },
}


def colour(value: str, lang: str | None) -> str:
    return COLOURS[lang_of(lang)].get(value, value)


def _kind_text(table: dict[str, dict[str, str]], kind: str, lang: str | None) -> str:
    words = table[lang_of(lang)]
    value = thief_value(kind)
    if value:
        return words["thief"].format(n=value)
    return words.get(kind, words["land"])


def kind_name(kind: str, lang: str | None) -> str:
    """``een landtegel met diefsymbool 5`` / ``a land tile with thief symbol 5``."""
    return _kind_text(KINDS, kind, lang)


def tile_name(kind: str, lang: str | None) -> str:
    """``Landtegel met diefsymbool 5`` / ``Land tile with thief symbol 5`` (no article)."""
    return _kind_text(NAMES, kind, lang)


def square(value: Iterable[int]) -> str:
    x, y = value
    return f"({x}, {y})"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def parse_square(text: str) -> tuple[int, int] | None:
    """``"3,-1"`` -> ``(3, -1)``; None when it is not a square."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    x, y = whole_number(parts[0]), whole_number(parts[1])
    return (x, y) if x is not None and y is not None else None


def join(items: list[str], lang: str | None) -> str:
    word = {"nl": "en", "de": "und", "en": "and"}[lang_of(lang)]
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


# -- the actions --------------------------------------------------------------------------------------

ACTIONS: dict[str, dict[str, str]] = {
    "nl": {"place": "Aanleggen op {at}", "guard": "Wachter op de toren op {at}", "grow": "Torendeel op {towers}",
           "pass": "Geen wachter zetten"},
    "de": {"place": "Anlegen auf {at}", "guard": "Wächter auf den Turm auf {at}", "grow": "Turmteil auf {towers}",
           "pass": "Keinen Wächter einsetzen"},
    "en": {"place": "Place on {at}", "guard": "Guard on the tower on {at}", "grow": "Tower piece onto {towers}",
           "pass": "No guard"},
}

GROUPS: dict[str, dict[str, str]] = {
    "nl": {"draw": "Tegel trekken", "place": "Tegel aanleggen", "guard": "Wachter zetten", "pass": "Wachter zetten",
           "grow": "Welke torens groeien"},
    "de": {"draw": "Karte ziehen", "place": "Karte anlegen", "guard": "Wächter einsetzen", "pass": "Wächter einsetzen",
           "grow": "Welche Türme wachsen"},
    "en": {"draw": "Draw a tile", "place": "Place the tile", "guard": "Place a guard", "pass": "Place a guard",
           "grow": "Which towers grow"},
}


def _squares(text: str) -> list[str]:
    out = []
    for part in text.split(";"):
        at = parse_square(part)
        out.append(square(at) if at else part)
    return out


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    """A short label of ``action`` in ``lang``: "Aanleggen op (3, -1)", "Guard on the tower on (2, 0)"."""
    words = ACTIONS[lang_of(lang)]
    kind, _, rest = action.partition(":")
    if kind == "draw":
        return capital(kind_name(rest, lang))
    if kind in ("place", "guard"):
        return words[kind].format(at=join(_squares(rest), lang))
    if kind == "grow":
        return words["grow"].format(towers=join(_squares(rest), lang))
    if action == "pass":
        return words["pass"]
    return action


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    return GROUPS[lang_of(lang)].get(action.partition(":")[0], "")


# -- tapping --------------------------------------------------------------------------------------------

TAPS: dict[str, dict[str, str]] = {
    "nl": {
        "draw": "{kind} (kans {n} op {total})",
        "place": "Leg de tegel op {at}",
        "place.reach": "Leg de tegel op {at} (binnen bereik van een toren)",
        "guard": "Wachter op de toren op {at} ({pieces} hoog)",
        "guard.displace": "Wachter op de toren op {at} ({pieces} hoog, {owner} gaat eraf)",
        "grow": "Torendeel op de toren op {at} ({pieces} hoog)",
        "grow.status": "{player} kiest {left} van {towers} torens die een torendeel krijgen (de voorraad heeft er {supply}).",
        "grow.chosen": "Al gekozen {towers}.",
    },
    "de": {
        "draw": "{kind} (Chance {n} zu {total})",
        "place": "Karte auf {at} anlegen",
        "place.reach": "Karte auf {at} anlegen (in Reichweite eines Turms)",
        "guard": "Wächter auf den Turm auf {at} ({pieces} hoch)",
        "guard.displace": "Wächter auf den Turm auf {at} ({pieces} hoch, {owner} muss herunter)",
        "grow": "Turmteil auf den Turm auf {at} ({pieces} hoch)",
        "grow.status": "{player} wählt {left} von {towers} Türmen, die ein Turmteil bekommen (im Vorrat sind {supply}).",
        "grow.chosen": "Schon gewählt {towers}.",
    },
    "en": {
        "draw": "{kind} (chance {n} in {total})",
        "place": "Place the tile on {at}",
        "place.reach": "Place the tile on {at} (in reach of a tower)",
        "guard": "Guard on the tower on {at} ({pieces} high)",
        "guard.displace": "Guard on the tower on {at} ({pieces} high, {owner} goes off)",
        "grow": "Tower piece onto the tower on {at} ({pieces} high)",
        "grow.status": "{player} chooses {left} of {towers} towers to get a tower piece (the supply has {supply}).",
        "grow.chosen": "Already chosen {towers}.",
    },
}


def tap_text(key: str, lang: str | None, **data: Any) -> str:
    return TAPS[lang_of(lang)][key].format(**data)


def draw_label(kind: str, n: int, total: int, lang: str | None) -> str:
    if kind == "tower":
        return capital(kind_name(kind, lang))
    return tap_text("draw", lang, kind=capital(kind_name(kind, lang)), n=n, total=total)

