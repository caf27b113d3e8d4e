"""The formatters of the message catalogues of Torens & Dieven, one set per language, built by
:func:`formats` from the words of the catalogues (:mod:`.words`: colours, tile kinds, the stacks,
"en"/"und"/"and", "nu"/"jetzt"/"now").

``colour`` (``red`` -> ``Rood``), ``colours`` (a list, joined with "en"), ``sq`` (a square ``[x, y]``
-> ``(x, y)``), ``squares`` (a list of squares), ``kind`` (a tile kind -> ``een landtegel met
diefsymbool 5``; a value that is no tile kind stays as it is), ``towers`` (a list of ``{"at",
"pieces"}`` -> ``(2, 0) (nu 3)``), ``source`` (the stack a tile is drawn from).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.messages import Formatter

from .labels import colour, join, square
from .words import WORDS


def formats(lang: str) -> Mapping[str, Formatter]:
    """The formatters of the catalogue in ``lang`` (``nl``, ``de`` or ``en``)."""
    kinds, sources, now = WORDS.table("kind", lang), WORDS.table("source", lang), WORDS.word("word", "now", lang)

    def _colour(value: Any, args: tuple[str, ...]) -> str:
        return colour(str(value), lang)

    def _colours(value: Any, args: tuple[str, ...]) -> str:
        return join([colour(str(v), lang) for v in value], lang)

    def _sq(value: Any, args: tuple[str, ...]) -> str:
        return square(value)

    def _squares(value: Any, args: tuple[str, ...]) -> str:
        return ", ".join(square(v) for v in value)

    def _kind(value: Any, args: tuple[str, ...]) -> str:
        text = str(value)
        if text.startswith("thief"):
            return kinds["thief"].format(n=text[5:])
        return kinds.get(text, text)

    def _towers(value: Any, args: tuple[str, ...]) -> str:
        return ", ".join(f"{square(t['at'])} ({now} {t['pieces']})" for t in value)

    def _source(value: Any, args: tuple[str, ...]) -> str:
        return sources.get(str(value), str(value))

    return {
        "source": _source,
        "colour": _colour,
        "colours": _colours,
        "sq": _sq,
        "squares": _squares,
        "kind": _kind,
        "towers": _towers,
    }
