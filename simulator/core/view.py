"""The board as drawing primitives (no Django): each game's view-model turns a state into a
:class:`BoardView`; one generic template draws it as SVG. Every piece carries an accessible
name, and ``description`` lists the whole position as text for screen readers.

A shape may stand for an action (``Shape.action``): the page draws it as a link that plays the
action. A shape may carry a tap target (``Shape.target``): moving by tapping
(:mod:`simulator.core.tapping`) and the position editor (:mod:`simulator.core.editor`) make it a link. ``min_x``/``min_y`` let an open grid reach negative coordinates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .engine import Engine, Event

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
    action: str = ""  # the action this shape plays when tapped ("" for none)
    # The tap target this shape stands for ("sq:3,4", "fig:red4"): for moving by tapping and for the
    # position editor (simulator.core.tapping, simulator.core.editor). "" for none.
    target: str = ""

    @staticmethod
    def make(
        kind: str, css: str = "", text: str = "", title: str = "", action: str = "", target: str = "", **attrs: Any
    ) -> Shape:
        if kind not in SHAPE_KINDS:
            raise ValueError(f"unknown shape kind {kind!r}")
        pairs = []
        for key, value in attrs.items():
            name = key.replace("_", "-")
            if name not in ALLOWED_ATTRS:
                raise ValueError(f"attribute {name!r} is not allowed on board shapes")
            pairs.append((name, f"{value:g}" if isinstance(value, float) else str(value)))
        return Shape(kind, tuple(pairs), css, text, title, action, target)


@dataclass(frozen=True)
class LegendRow:
    """A row beside the board: pieces off the board (a start pool, a hand, a score)."""

    css: str
    label: str
    chips: tuple[str, ...] = ()
    note: str = ""


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

    @property
    def viewbox(self) -> str:
        """The SVG viewBox, formatted without locale (never "21,4")."""
        return f"{self.min_x:g} {self.min_y:g} {self.width:g} {self.height:g}"


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


# Optional, beside the three methods above (the presenter looks them up with getattr):
#   tap(engine, state, pick, *, lang) -> simulator.core.tapping.TapOptions
#       what may be tapped next after the targets in ``pick``; raises tapping.PickError for a pick
#       the board never offered. Without it the game is played from the list of actions.
# Labels (action_label, action_group, tap labels) are in ``lang``, the reader's language (nl, de, en):
# plain words ("2 omhoog, 1 naar links"), never engine codes.
