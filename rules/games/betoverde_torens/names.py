"""The formatters of the message catalogues (Dutch, German and English): :func:`formats` names
cards, colours, spells and places with the words of the catalogues (:mod:`.words`) and the
functions of :mod:`.labels`, so a sentence and the board name a card, a colour or a spell alike.
Colours in the sentences are the ``colour_name`` words (lower case in Dutch)."""

from __future__ import annotations

from typing import Any

from . import labels
from .words import WORDS


def formats(lang: str) -> dict[str, Any]:
    """The formatters of the ``lang`` catalogue (nl, de, en)."""

    def colour_(value: Any, args: tuple[str, ...] = ()) -> str:
        return WORDS.table("colour_name", lang).get(str(value), str(value))

    def colours_(value: Any, args: tuple[str, ...] = ()) -> str:
        names = [colour_(v) for v in value]
        return ", ".join(names[:-1]) + WORDS.word("word", "and", lang) + names[-1] if len(names) > 1 else "".join(names)

    def card_(value: Any, args: tuple[str, ...] = ()) -> str:
        return labels.card(str(value), lang)

    def spell_(value: Any, args: tuple[str, ...] = ()) -> str:
        return labels.spell_name(str(value), lang)

    def spells_(value: Any, args: tuple[str, ...] = ()) -> str:
        return ", ".join(labels.spell_name(str(v), lang) for v in value)

    def where_(value: Any, args: tuple[str, ...] = ()) -> str:
        return WORDS.text("where", "tower", lang, t=value) if value else WORDS.word("where", "ground", lang)

    def kind_(value: Any, args: tuple[str, ...] = ()) -> str:
        return WORDS.word("kind", "wizard" if value == "wizard" else "tower", lang)

    return {
        "kind": kind_,
        "colour": colour_,
        "colours": colours_,
        "card": card_,
        "spell": spell_,
        "spells": spells_,
        "where": where_,
    }
