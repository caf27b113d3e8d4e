"""The board as drawing primitives (no Django): each game's view-model turns a state into a
:class:`BoardView`; one generic template draws it as SVG. Every piece carries an accessible
name, and ``description`` lists the whole position as text for screen readers."""

from __future__ import annotations

from dataclasses import dataclass, field

SHAPE_KINDS = ("rect", "circle", "text", "polygon", "polyline", "line", "path", "g-start", "g-end")
ALLOWED_ATTRS = frozenset(
    "x y width height cx cy r rx points x1 y1 x2 y2 d transform text-anchor dominant-baseline font-size".split()
)


@dataclass(frozen=True)
class Shape:
    kind: str
    attrs: tuple[tuple[str, str], ...] = ()
    css: str = ""
    text: str = ""  # for kind "text"
    title: str = ""  # accessible name (rendered as <title>)

    @staticmethod
    def make(kind: str, css: str = "", text: str = "", title: str = "", **attrs) -> Shape:
        if kind not in SHAPE_KINDS:
            raise ValueError(f"unknown shape kind {kind!r}")
        pairs = []
        for key, value in attrs.items():
            name = key.replace("_", "-")
            if name not in ALLOWED_ATTRS:
                raise ValueError(f"attribute {name!r} is not allowed on board shapes")
            pairs.append((name, f"{value:g}" if isinstance(value, float) else str(value)))
        return Shape(kind, tuple(pairs), css, text, title)


@dataclass
class BoardView:
    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    label: str = ""  # short accessible name of the whole board
    description: list[str] = field(default_factory=list)  # the position in words, one line each
    status: str = ""  # whose turn / what happens next, in the rulebook's language
    # Pieces off the board, shown beside it: {"css", "label", "chips": [str], "note"} per row.
    legend: list[dict] = field(default_factory=list)

    @property
    def viewbox(self) -> str:
        """The SVG viewBox, formatted without locale (never "21,4")."""
        return f"0 0 {self.width:g} {self.height:g}"
