"""Dutch names of colours, cards and spells (the source catalogue's formatters, used by the view
for its Dutch texts), and :func:`formats`: the German and English catalogues' formatters."""

from __future__ import annotations

from typing import Any

from .cards import BY_CODE

COLOUR_NL = {"red": "rood", "blue": "blauw", "yellow": "geel", "green": "groen", "purple": "paars", "white": "wit"}
SPELL_NL = {
    "wizard-fwd": "Verplaats een Tovenaar (vooruit)",
    "wizard-back": "Verplaats een Tovenaar (achteruit)",
    "tower-fwd": "Verplaats een Toren (vooruit)",
    "tower-back": "Verplaats een Toren (achteruit)",
    "swap": "Wissel twee torens om",
    "raven": "Verplaats de Raventoren",
    "lift": "Meeliften",
    "free": "Bevrijd een Tovenaar",
}


def colour_name(value: Any, args: tuple[str, ...] = ()) -> str:
    return COLOUR_NL.get(str(value), str(value))


def colours(value: Any, args: tuple[str, ...] = ()) -> str:
    names = [COLOUR_NL.get(str(v), str(v)) for v in value]
    return ", ".join(names[:-1]) + " en " + names[-1] if len(names) > 1 else "".join(names)


def card_name(value: Any, args: tuple[str, ...] = ()) -> str:
    card = BY_CODE.get(str(value))
    if card is None:
        return str(value)
    kind = (
        "tovenaar-of-torenkaart" if card.wizard and card.tower else ("tovenaarkaart" if card.wizard else "torenkaart")
    )
    if card.dice:
        return f"{kind} met {card.dice} {'dobbelsteen' if card.dice == 1 else 'dobbelstenen'}"
    if card.wizard and card.tower and card.wizard_steps != card.tower_steps:
        return f"{kind} {card.tower_steps}/{card.wizard_steps} (toren {card.tower_steps}, tovenaar {card.wizard_steps})"
    return f"{kind} {card.wizard_steps or card.tower_steps}"


def spell_name(value: Any, args: tuple[str, ...] = ()) -> str:
    return SPELL_NL.get(str(value), str(value))


def spells(value: Any, args: tuple[str, ...] = ()) -> str:
    return ", ".join(SPELL_NL.get(str(v), str(v)) for v in value)


def where(value: Any, args: tuple[str, ...] = ()) -> str:
    return f"bovenop toren {value}" if value else "op het veld"


def kind(value: Any, args: tuple[str, ...] = ()) -> str:
    return "tovenaar" if value == "wizard" else "toren"


FORMATS = {
    "kind": kind,
    "colour": colour_name,
    "colours": colours,
    "card": card_name,
    "spell": spell_name,
    "spells": spells,
    "where": where,
}


# -- the formatters of the German and English catalogues -------------------------------------------

WHERE = {
    "de": ("oben auf Turm {t}", "auf dem Boden"),
    "en": ("on top of tower {t}", "on the ground"),
}
KIND = {"de": ("Magier", "Turm"), "en": ("wizard", "tower")}
AND = {"de": " und ", "en": " and "}


def formats(lang: str) -> dict[str, Any]:
    """The formatters of the ``lang`` catalogue (de, en): the names the board and the action labels
    use (:mod:`.labels`), so a sentence and the board name a card, a colour or a spell alike."""
    from . import labels  # labels imports this module: import it when the catalogue is built

    def colour_(value: Any, args: tuple[str, ...] = ()) -> str:
        return labels.colour(str(value), lang)

    def colours_(value: Any, args: tuple[str, ...] = ()) -> str:
        names = [labels.colour(str(v), lang) for v in value]
        return ", ".join(names[:-1]) + AND[lang] + names[-1] if len(names) > 1 else "".join(names)

    def card_(value: Any, args: tuple[str, ...] = ()) -> str:
        return labels.card(str(value), lang)

    def spell_(value: Any, args: tuple[str, ...] = ()) -> str:
        return labels.spell_name(str(value), lang)

    def spells_(value: Any, args: tuple[str, ...] = ()) -> str:
        return ", ".join(labels.spell_name(str(v), lang) for v in value)

    def where_(value: Any, args: tuple[str, ...] = ()) -> str:
        on_tower, on_space = WHERE[lang]
        return on_tower.format(t=value) if value else on_space

    def kind_(value: Any, args: tuple[str, ...] = ()) -> str:
        wizard, tower = KIND[lang]
        return wizard if value == "wizard" else tower

    return {
        "kind": kind_,
        "colour": colour_,
        "colours": colours_,
        "card": card_,
        "spell": spell_,
        "spells": spells_,
        "where": where_,
    }
