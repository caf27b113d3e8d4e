"""The board as drawing primitives (no Django): each game's view-model turns a state into a
:class:`BoardView`; one generic template draws it as SVG. Every piece carries an accessible
name, and ``description`` lists the whole position as text for screen readers.

A shape may stand for an action (``Shape.action``): the page draws it as a link that plays the
action. A shape may carry a tap target (``Shape.target``): moving by tapping
(:mod:`rules.core.tapping`) and the position editor (:mod:`rules.core.editor`) make it a link. ``min_x``/``min_y`` let an open grid reach negative coordinates.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .engine import Engine, Event

SHAPE_KINDS = ("rect", "circle", "text", "polygon", "polyline", "line", "path", "g-start", "g-end")
ALLOWED_ATTRS = frozenset(
    "x y width height cx cy r rx points x1 y1 x2 y2 d transform text-anchor dominant-baseline font-size".split()
    + ["textLength", "lengthAdjust"]  # a label squeezed into its piece, at its full height
)


@dataclass(frozen=True)
class Shape:
    kind: str
    attrs: tuple[tuple[str, str], ...] = ()
    css: str = ""
    text: str = ""  # for kind "text"
    title: str = ""  # accessible name (rendered as <title>)
    action: str = ""  # the action this shape plays when tapped ("" for none)
    # The tap target this shape stands for ("sq:3,4", "fig:red4"): for moving by tapping and for the
    # position editor (rules.core.tapping, rules.core.editor). "" for none.
    target: str = ""
    # The seat whose piece this is ("red", "2"): on the coloured body of a piece, and on the text that
    # marks it with the seat's letter, so colour is never the only cue (the pages check every seat's
    # pieces stay apart under colour-vision simulations). "" for none.
    seat: str = ""

    @staticmethod
    def make(
        kind: str,
        css: str = "",
        text: str = "",
        title: str = "",
        action: str = "",
        target: str = "",
        seat: str = "",
        **attrs: Any,
    ) -> Shape:
        if kind not in SHAPE_KINDS:
            raise ValueError(f"unknown shape kind {kind!r}")
        pairs = []
        for key, value in attrs.items():
            name = key.replace("_", "-")
            if name not in ALLOWED_ATTRS:
                raise ValueError(f"attribute {name!r} is not allowed on board shapes")
            pairs.append((name, f"{value:g}" if isinstance(value, float) else str(value)))
        return Shape(kind, tuple(pairs), css, text, title, action, target, seat)


@dataclass(frozen=True)
class LegendRow:
    """A row beside the board: pieces off the board (a start pool, a hand, a score)."""

    css: str
    label: str
    chips: tuple[str, ...] = ()
    note: str = ""
    seat: str = ""  # the seat this row is about (its label names the seat on other surfaces)


@dataclass
class BoardView:
    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    label: str = ""  # short accessible name of the whole board
    description: list[str] = field(default_factory=list)  # the position in words, one line each
    status: str = ""  # whose turn / what happens next
    legend: list[LegendRow] = field(default_factory=list)
    min_x: float = 0.0
    min_y: float = 0.0
    # The size (board units) of the board's ordinary tap target (a square, a field): pages draw the
    # board so that this is at least a thumb's width; smaller targets are reached by first enlarging
    # the area around them. None: the median size of the board's targets.
    cell: float | None = None

    @property
    def targets(self) -> frozenset[str]:
        """The tap target ids of the board's shapes (what a tap or a "why not?" may name)."""
        return frozenset(sh.target for sh in self.shapes if sh.target)

    @property
    def viewbox(self) -> str:
        """The SVG viewBox, formatted without locale (never "21,4")."""
        return f"{self.min_x:g} {self.min_y:g} {self.width:g} {self.height:g}"


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in board units

_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def shape_box(shape: Shape) -> Box | None:
    """The bounding box of one drawn shape (None for groups and for texts, whose size depends on
    the font). Boards use no transforms."""
    a = dict(shape.attrs)

    def f(key: str) -> float:
        return float(a.get(key, 0))

    if shape.kind == "rect":
        return (f("x"), f("y"), f("x") + f("width"), f("y") + f("height"))
    if shape.kind == "circle":
        return (f("cx") - f("r"), f("cy") - f("r"), f("cx") + f("r"), f("cy") + f("r"))
    if shape.kind == "line":
        return (min(f("x1"), f("x2")), min(f("y1"), f("y2")), max(f("x1"), f("x2")), max(f("y1"), f("y2")))
    if shape.kind in ("polygon", "polyline", "path"):
        numbers = [float(n) for n in _NUMBER.findall(a.get("points" if shape.kind != "path" else "d", ""))]
        xs, ys = numbers[0::2], numbers[1::2]
        if not xs or len(xs) != len(ys):
            return None
        return (min(xs), min(ys), max(xs), max(ys))
    return None


def union(a: Box | None, b: Box | None) -> Box | None:
    if a is None:
        return b
    if b is None:
        return a
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def shape_boxes(shapes: Sequence[Shape]) -> list[Box | None]:
    """The box of every shape, a group's (``g-start``) being the union of what it holds."""
    boxes: list[Box | None] = [shape_box(s) for s in shapes]
    open_groups: list[int] = []
    for i, s in enumerate(shapes):
        if s.kind == "g-start":
            open_groups.append(i)
        elif s.kind == "g-end":
            if open_groups:
                start = open_groups.pop()
                if open_groups:
                    boxes[open_groups[-1]] = union(boxes[open_groups[-1]], boxes[start])
        elif open_groups:
            boxes[open_groups[-1]] = union(boxes[open_groups[-1]], boxes[i])
    return boxes


def side(box: Box) -> float:
    """The smaller side of a box: what a thumb has to hit."""
    return min(box[2] - box[0], box[3] - box[1])


class ViewModel(Protocol):
    """What a game's view-model provides (``GameSpec.view``)."""

    def board_view(
        self,
        engine: Engine[Any],
        state: Any,
        *,
        previous: Any | None = None,
        events: Sequence[Event] = (),
        seat: str | None = None,
        lang: str | None = None,
    ) -> BoardView:
        """The board at ``state``; ``previous`` and ``events`` are the step that led here (to draw the
        last move from the events' data); ``seat`` limits it to what that seat may see."""
        ...

    def action_label(
        self, engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
    ) -> str:
        """A short label of ``action`` at ``state`` (``after``: the state it leads to, if known)."""
        ...

    def action_group(self, engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
        """The heading under which ``action`` is listed (e.g. the piece it moves); "" for none."""
        ...


# Optional, beside the three methods above; a game declares each it has in GameSpec.capabilities
# (rules.core.registry.Capability), and the pages call spec.tap / spec.about / spec.explain:
#   tap(engine, state, pick, *, lang) -> rules.core.tapping.TapOptions
#       what may be tapped next after the targets in ``pick``; raises tapping.PickError for a pick
#       the board never offered. Without it the game is played from the list of actions.
#   about(engine, state, event) -> str
#       the board target of the piece or place ``event`` is about ("fig:red1", "sp:3"), for the page
#       to mark the one the step's decisive event concerns; "" when it is not on the board.
#   explain(engine, state, pick, target, *, lang) -> rules.core.engine.RuleError | None
#       why ``target`` (a board target that is not offered after ``pick``) cannot be tapped now,
#       citing the clause: the engine's refusal of the action the tap would stand for, else a reason
#       of the view-model's own (rules.core.tapping.refusal). None: the page says what it waits for.
# Labels (action_label, action_group, tap labels) are in ``lang``, the reader's language (nl, de, en):
# plain words ("2 omhoog, 1 naar links"), never engine codes.
