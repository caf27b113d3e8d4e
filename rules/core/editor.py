"""Setting up a position by tapping (no Django).

A game's editor (``GameSpec.editor``) works on the JSON position (``Engine.position_of``): the
player chooses a *tool* from the palette (a stone, a figure showing a value, "empty", "move") and
taps a *target* of the board (the same target ids the board shapes carry for tapping moves:
``Shape.target``); the editor returns the new position. The rest of the turn state (whose turn,
round, the card in play ...) is a handful of *fields*.

The editor's own rules refuse impossible arrangements with a reason in the reader's language
(:class:`EditError`); the engine's ``state_from_position`` stays the one judge of validity:
:func:`apply_edit` and :func:`apply_fields` pass every edited position through it and return its
canonical form, so the editor can never produce a position the engine would refuse later.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .engine import Engine, PositionError
from .problems import Code, Problem
from .tapping import TARGET_RE


class EditError(Problem, ValueError):
    """An edit refused on the spot (code ``edit-refused``, 422). ``reason`` is in the reader's
    language when the editor's own rules refused it (it is then the ``message`` too); ``engine`` is
    True when the engine's position reader refused it (its reason is the reader's English sentence)
    and ``field`` then names the part of the position."""

    code = Code.EDIT_REFUSED
    status = 422

    def __init__(self, reason: str, field: str = "", *, engine: bool = False):
        # A game's kind of it may name its rule before calling this (``key``, ``clause``): kept.
        given = self.__dict__
        super().__init__(field, reason, given.get("clause"), "" if engine else reason, key=given.get("key", ""))
        self.engine = engine


@dataclass(frozen=True)
class PaletteItem:
    """A tool of the palette. ``id`` is a target-like id (``stone``, ``fig:red4:6``, ``empty``)."""

    id: str
    label: str  # in the reader's language
    css: str = ""  # class of the chip (the game's stylesheet)
    glyph: str = ""  # short text on the chip (a letter, a number)
    group: str = ""  # heading of the palette part ("Figuren", "Objects"), in the reader's language


@dataclass(frozen=True)
class EditField:
    """One field of the rest of the turn state, offered as a choice."""

    name: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, label in the reader's language)
    value: str


@dataclass(frozen=True)
class EditResult:
    position: dict[str, Any]
    tool: str | None = None  # the tool after this tap ("drop:fig:red4" after picking a piece up); None: keep


class Editor(Protocol):
    """What a game provides for its position editor (``GameSpec.editor``)."""

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """An empty board with the same players (and variant) as ``position``."""
        ...

    def palette(self, engine: Engine[Any], position: Mapping[str, Any], tool: str, lang: str) -> list[PaletteItem]:
        """The tools for this position (``tool``: the current one, which may be transient, such as a
        piece being moved)."""
        ...

    def fields(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[EditField]:
        """The rest of the turn state, with the current values."""
        ...

    def place(
        self, engine: Engine[Any], position: Mapping[str, Any], target: str, tool: str, lang: str
    ) -> EditResult:
        """Tapping ``target`` with ``tool``; raises :class:`EditError` (reason in ``lang``)."""
        ...

    def set_fields(
        self, engine: Engine[Any], position: Mapping[str, Any], values: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        """The position with the given fields changed; raises :class:`EditError`."""
        ...


# Optional, beside the methods above (the page looks them up with getattr):
#   off_board(engine, position, lang) -> list[tuple[target, label]]
#       pieces the board does not draw (a start pool, saved figures, a hand), offered as a row of
#       tap targets under the board in edit mode.
#   held(engine, position, tool) -> str | None
#       the target of the piece the current tool holds (after "move" picked it up), which the
#       page marks on the board beside the sentence saying what is held.


def read_state(engine: Engine[Any], position: Mapping[str, Any]) -> Any:
    """The engine's state of ``position``; raises :class:`EditError` with the engine's reason when it
    refuses the position (editors use it to read the position they are given)."""
    try:
        return engine.state_from_position(dict(position))
    except PositionError as exc:
        raise EditError(exc.reason, exc.field, engine=True) from None


def judged(engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
    """The canonical form of ``position`` as the engine reads it (:func:`read_state`)."""
    return engine.position_of(read_state(engine, position))


def check_id(value: str, what: str) -> str:
    if not TARGET_RE.match(value or ""):
        raise EditError(f"'{value[:40]}' is not a {what}", what)
    return value


def apply_edit(
    engine: Engine[Any], editor: Editor, position: Mapping[str, Any], target: str, tool: str, lang: str
) -> EditResult:
    """Tap ``target`` with ``tool`` and judge the result."""
    check_id(target, "target")
    check_id(tool, "tool")
    result = editor.place(engine, position, target, tool, lang)
    return EditResult(judged(engine, result.position), result.tool)


def apply_fields(
    engine: Engine[Any], editor: Editor, position: Mapping[str, Any], values: Mapping[str, str], lang: str
) -> dict[str, Any]:
    known = {f.name: f for f in editor.fields(engine, position, lang)}
    for name, value in values.items():
        field = known.get(name)
        if field is None:
            raise EditError(f"unknown field '{name[:40]}'", name)
        if value not in {c for c, _label in field.choices}:
            raise EditError(f"'{value[:40]}' is not a choice of '{name}'", name)
    return judged(engine, editor.set_fields(engine, position, values, lang))


def palette_ids(items: Sequence[PaletteItem]) -> set[str]:
    return {item.id for item in items}
