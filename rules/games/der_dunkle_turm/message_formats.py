"""The formatters of Der dunkle Turm's message catalogues (``messages_de`` / ``messages_nl`` /
``messages_en``): one factory, :func:`formats`, builds them for a language from the board's words
(:mod:`.words`), so sentences and board agree.

Each language names its formatters in its own words (the placeholders' field names are the source's):
a companion id -> ``Rot 1`` / ``Rood 1`` / ``Red 1``; a team (``red``) -> ``Rot``; a place -> ``auf
Feld 7``, ``op zijveld 6b``, ``in the camp``; a field (``7``, ``6b``) -> ``Feld 7``, ``zijveld 6b``;
a card kind -> ``Schritte 2``, ``Torenaanval (scheur op veld 13)``; a lair -> ``das Knochentier von
Feld 12``; fields joined with ``und`` / ``en`` / ``and``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.messages import Formatter

from . import words
from .words import WORDS

# The formatter names each catalogue uses, by what they format.
NAMES: dict[str, dict[str, str]] = {
    "de": {"companion": "name", "team": "team", "at": "an", "field": "feld", "card": "karte", "beast": "tier",
           "fields": "felder"},
    "nl": {"companion": "naam", "team": "team", "at": "op", "field": "veld", "card": "kaart", "beast": "beest",
           "fields": "velden"},
    "en": {"companion": "name", "team": "team", "at": "at", "field": "field", "card": "card", "beast": "beast",
           "fields": "fields"},
}


def formats(lang: str) -> Mapping[str, Formatter]:
    """The formatters of the ``lang`` catalogue, under that catalogue's names (:data:`NAMES`)."""

    def word(name: Callable[[str, str | None], str]) -> Formatter:
        return lambda v, a: name(str(v), lang)

    by_kind: dict[str, Formatter] = {
        "companion": word(words.companion),
        "team": word(words.team),
        "at": word(words.at),
        "field": word(words.field),
        "card": word(words.card),
        "beast": lambda v, a: WORDS.text("word", "beast", lang, lair=v),
        "fields": lambda v, a: WORDS.word("word", "and", lang).join(words.field(str(f), lang) for f in v),
    }
    return {NAMES[lang][kind]: formatter for kind, formatter in by_kind.items()}
