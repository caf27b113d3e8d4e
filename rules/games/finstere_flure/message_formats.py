"""The formatters of Finstere Flure's message catalogues, built per language from the catalogues'
words (:mod:`.words`: ``colour_name``, ``direction``, ``side`` and ``sentence``).

``formats(lang)`` returns the formatters of the ``lang`` catalogue (every language has all of them;
the notes in brackets say which sentences use one); the templates name them in their format specs
(``{figure:name}``, ``{square:sq}`` ...):

- ``name``: a figure id -> ``rood 1`` / ``Red 1`` / ``Rot 1``; ``names``: a list of figure ids joined
  with the language's "and"
- ``colour``: a colour -> ``rood``; ``colours``: a list of colours -> ``rood, geel`` (Dutch) or
  ``Red, Yellow and Blue`` (English, German)
- ``count/one/many`` (English, German): the form agreeing with a list (a verb after ``colours``)
- ``sq``: a square ``[x, y]`` -> ``(x, y)``
- ``dir``: a direction letter -> ``omhoog``, ``up``, ``nach oben`` ...; ``way`` (English):
  ``upwards``, ``to the left`` ...
- ``place`` (Dutch): ``"pool"`` -> ``de startvoorraad``, ``"saved"`` -> ``buiten``, a square -> ``(x, y)``
- ``from``/``to`` (English, German): ``"pool"``/``"saved"`` or a square with the preposition
- ``at``: ``"pool"`` -> ``in de startvoorraad``, a square -> ``op (x, y)``
- ``special``: the start or exit square -> ``startveld`` / ``doelveld``
- ``side``: ``left``/``right``/``ahead`` (as the monster sees it) -> ``links van zich`` ...
- ``orientation``: ``h``/``v`` (a 1 x 4 blood pool) -> ``liggend`` / ``staand``
- ``possessive`` (English): a colour -> ``Red's``
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.messages import Formatter

from .words import WORDS


def square(value: Any) -> str:
    x, y = value
    return f"({x}, {y})"


def figure_name(fid: str, colours: Mapping[str, str]) -> str:
    """The name of a figure in the language of ``colours``: ``red1`` -> ``rood 1``."""
    colour = fid.rstrip("0123456789")
    return f"{colours.get(colour, colour)} {fid[len(colour):]}"


def _count(value: Any, args: tuple[str, ...]) -> str:
    """``count/one/many``: the form that agrees with a list of one or more (a verb after ``colours``)."""
    if len(args) != 2:
        raise ValueError("count needs two forms: count/one/many")
    return args[0] if len(list(value)) == 1 else args[1]


def _sq(value: Any, args: tuple[str, ...]) -> str:
    return square(value)


def formats(lang: str) -> Mapping[str, Formatter]:
    """The formatters of the catalogue in ``lang`` (``nl``, ``en`` or ``de``), from its words."""
    colours, directions, sides = (WORDS.table(n, lang) for n in ("colour_name", "direction", "side"))
    words = WORDS.table("sentence", lang)

    def word(table: Mapping[str, str]) -> Formatter:
        return lambda value, args: table.get(str(value), str(value))

    def name(value: Any, args: tuple[str, ...]) -> str:
        return figure_name(str(value), colours)

    def names(value: Any, args: tuple[str, ...]) -> str:
        return words["and"].join(figure_name(str(v), colours) for v in value)

    def colours_(value: Any, args: tuple[str, ...]) -> str:
        listed = [colours.get(str(v), str(v)) for v in value]
        return words["colours.last"].join([", ".join(listed[:-1]), listed[-1]]) if len(listed) > 1 else "".join(listed)

    def at(value: Any, args: tuple[str, ...]) -> str:
        return words["at.pool"] if value == "pool" else f"{words['at.square']} {square(value)}"

    def special(value: Any, args: tuple[str, ...]) -> str:
        return words["special.start"] if list(value) == [15, 10] else words["special.exit"]

    def orientation(value: Any, args: tuple[str, ...]) -> str:
        return words["orientation.h"] if value == "h" else words["orientation.v"]

    def place(value: Any, args: tuple[str, ...]) -> str:
        return words[f"place.{value}"] if value in ("pool", "saved") else square(value)

    def from_(value: Any, args: tuple[str, ...]) -> str:
        return words["from.pool"] if value == "pool" else f"{words['from.square']} {square(value)}"

    def to(value: Any, args: tuple[str, ...]) -> str:
        return words[f"to.{value}"] if value in ("saved", "pool") else f"{words['to.square']} {square(value)}"

    return {
        "name": name,
        "names": names,
        "colour": word(colours),
        "colours": colours_,
        "sq": _sq,
        "dir": word(directions),
        "at": at,
        "special": special,
        "side": word(sides),
        "orientation": orientation,
        "possessive": lambda value, args: f"{colours.get(str(value), str(value))}'s",
        "count": _count,
        "way": lambda value, args: words.get(f"way.{value}", str(value)),
        "place": place,
        "from": from_,
        "to": to,
    }
