"""Dutch names of colours, cards and spells (used by the message catalogue and the view)."""

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
