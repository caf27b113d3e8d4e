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
from .words import WORDS


def colour(value: str, lang: str | None) -> str:
    return WORDS.table("colour", lang).get(value, value)


def _kind_text(namespace: str, kind: str, lang: str | None) -> str:
    words = WORDS.table(namespace, lang)
    value = thief_value(kind)
    if value:
        return words["thief"].format(n=value)
    return words.get(kind, words["land"])


def kind_name(kind: str, lang: str | None) -> str:
    """``een landtegel met diefsymbool 5`` / ``a land tile with thief symbol 5``."""
    return _kind_text("kind", kind, lang)


def tile_name(kind: str, lang: str | None) -> str:
    """``Landtegel met diefsymbool 5`` / ``Land tile with thief symbol 5`` (no article)."""
    return _kind_text("tile", kind, lang)


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
    word = WORDS.word("word", "and", lang)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


# -- the actions --------------------------------------------------------------------------------------

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
    words = WORDS.table("label", lang)
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
    return WORDS.table("group", lang).get(action.partition(":")[0], "")


# -- tapping --------------------------------------------------------------------------------------------

def draw_label(kind: str, n: int, total: int, lang: str | None) -> str:
    if kind == "tower":
        return capital(kind_name(kind, lang))
    return WORDS.text("tap", "draw", lang, kind=capital(kind_name(kind, lang)), n=n, total=total)

