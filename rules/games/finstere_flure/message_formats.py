"""The formatters of Finstere Flure's message catalogues, built per language from word tables.

``formats(lang)`` returns the ``FORMATS`` of ``messages_<lang>``; the templates name them in their
format specs (``{figure:name}``, ``{square:sq}`` ...):

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
from dataclasses import dataclass
from typing import Any

from rules.core.messages import Formatter

COLOUR_NL: dict[str, str] = {
    "red": "rood",
    "yellow": "geel",
    "green": "groen",
    "blue": "blauw",
    "purple": "paars",
    "white": "wit",
    "orange": "oranje",
}
COLOUR_EN: dict[str, str] = {
    "red": "Red",
    "yellow": "Yellow",
    "green": "Green",
    "blue": "Blue",
    "purple": "Purple",
    "white": "White",
    "orange": "Orange",
}
COLOUR_DE: dict[str, str] = {
    "red": "Rot",
    "yellow": "Gelb",
    "green": "Grün",
    "blue": "Blau",
    "purple": "Lila",
    "white": "Weiß",
    "orange": "Orange",
}


@dataclass(frozen=True)
class Words:
    """The words one language's formatters put into the sentences."""

    colours: Mapping[str, str]
    directions: Mapping[str, str]
    sides: Mapping[str, str]
    conjunction: str  # joins ``names`` (and the last two of ``colours`` when ``colours_and``)
    colours_and: bool  # ``colours`` ends with the conjunction (``A, B and C``), else ``A, B, C``
    at: tuple[str, str]  # ``at``: the start pool, the preposition before a square
    special: tuple[str, str]  # the start square, the exit square
    orientation: tuple[str, str]  # ``h``, ``v``
    place: tuple[str, str] | None = None  # ``place``: the start pool, saved (outside)
    from_: tuple[str, str] | None = None  # ``from``: the start pool, the preposition before a square
    to: tuple[str, str, str] | None = None  # ``to``: saved, the start pool, the preposition before a square
    ways: Mapping[str, str] | None = None  # ``way``: a direction letter as an adverb
    count: bool = False  # ``count/one/many``: the form agreeing with a list
    possessive: bool = False  # ``possessive``: a colour -> ``Red's``


WORDS: dict[str, Words] = {
    "nl": Words(
        colours=COLOUR_NL,
        directions={"U": "omhoog", "D": "omlaag", "L": "naar links", "R": "naar rechts"},
        sides={"ahead": "recht vooruit", "left": "links van zich", "right": "rechts van zich"},
        conjunction=" en ",
        colours_and=False,
        at=("in de startvoorraad", "op"),
        special=("startveld", "doelveld"),
        orientation=("liggend", "staand"),
        place=("de startvoorraad", "buiten"),
    ),
    "en": Words(
        colours=COLOUR_EN,
        directions={"U": "up", "D": "down", "L": "left", "R": "right"},
        sides={"ahead": "straight ahead", "left": "to its left", "right": "to its right"},
        conjunction=" and ",
        colours_and=True,
        at=("in the start pool", "on"),
        special=("start square", "exit square"),
        orientation=("horizontally", "vertically"),
        from_=("from the start pool", "from"),
        to=("out through the exit", "to the start pool", "to"),
        count=True,
        ways={"U": "upwards", "D": "downwards", "L": "to the left", "R": "to the right"},
        possessive=True,
    ),
    "de": Words(
        colours=COLOUR_DE,
        directions={"U": "nach oben", "D": "nach unten", "L": "nach links", "R": "nach rechts"},
        sides={"ahead": "geradeaus", "left": "links von sich", "right": "rechts von sich"},
        conjunction=" und ",
        colours_and=True,
        at=("im Startvorrat", "auf"),
        special=("Startfeld", "Zielfeld"),
        orientation=("waagerecht", "senkrecht"),
        from_=("aus dem Startvorrat", "von"),
        to=("durch den Ausgang hinaus", "in den Startvorrat", "nach"),
        count=True,
    ),
}


def square(value: Any) -> str:
    x, y = value
    return f"({x}, {y})"


def figure_name(fid: str, colours: Mapping[str, str] = COLOUR_NL) -> str:
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
    """The formatters of the catalogue in ``lang`` (``nl``, ``en`` or ``de``)."""
    words = WORDS[lang]
    colours, directions, sides = words.colours, words.directions, words.sides

    def word(table: Mapping[str, str]) -> Formatter:
        return lambda value, args: table.get(str(value), str(value))

    def name(value: Any, args: tuple[str, ...]) -> str:
        return figure_name(str(value), colours)

    def names(value: Any, args: tuple[str, ...]) -> str:
        return words.conjunction.join(figure_name(str(v), colours) for v in value)

    def colours_(value: Any, args: tuple[str, ...]) -> str:
        listed = [colours.get(str(v), str(v)) for v in value]
        if not words.colours_and:
            return ", ".join(listed)
        return words.conjunction.join([", ".join(listed[:-1]), listed[-1]]) if len(listed) > 1 else "".join(listed)

    def at(value: Any, args: tuple[str, ...]) -> str:
        pool, preposition = words.at
        return pool if value == "pool" else f"{preposition} {square(value)}"

    def special(value: Any, args: tuple[str, ...]) -> str:
        start, exit_ = words.special
        return start if list(value) == [15, 10] else exit_

    def orientation(value: Any, args: tuple[str, ...]) -> str:
        horizontal, vertical = words.orientation
        return horizontal if value == "h" else vertical

    result: dict[str, Formatter] = {
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
    }
    if words.possessive:
        result["possessive"] = lambda value, args: f"{colours.get(str(value), str(value))}'s"
    if words.count:
        result["count"] = _count
    if words.ways is not None:
        result["way"] = word(words.ways)
    if words.place is not None:
        place_pool, place_saved = words.place

        def place(value: Any, args: tuple[str, ...]) -> str:
            if value == "pool":
                return place_pool
            if value == "saved":
                return place_saved
            return square(value)

        result["place"] = place
    if words.from_ is not None:
        from_pool, from_preposition = words.from_
        result["from"] = lambda value, args: from_pool if value == "pool" else f"{from_preposition} {square(value)}"
    if words.to is not None:
        to_saved, to_pool, to_preposition = words.to

        def to(value: Any, args: tuple[str, ...]) -> str:
            if value == "saved":
                return to_saved
            if value == "pool":
                return to_pool
            return f"{to_preposition} {square(value)}"

        result["to"] = to
    return result
