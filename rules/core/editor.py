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

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .engine import Engine, PositionError
from .messages import Words
from .problems import Code, Problem
from .schema import Kind
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
    """What a game provides for its position editor (``GameSpec.editor``); :class:`FormEditor` gives
    a game all of it from its declared fields and its tool hooks."""

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
        """The position with the given fields changed (each checked against its choices); raises
        :class:`EditError`."""
        ...

    def off_board(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        """(target, label) of the pieces the board does not draw (a start pool, saved figures, a
        hand), offered as a row of tap targets under the board in edit mode; [] for none."""
        ...

    def held(self, engine: Engine[Any], position: Mapping[str, Any], tool: str) -> str | None:
        """The target of the piece the current tool holds (after "move" picked it up), which the page
        marks on the board beside the sentence saying what is held."""
        ...


def read_state(engine: Engine[Any], position: Mapping[str, Any]) -> Any:
    """The engine's state of ``position``; raises :class:`EditError` with the engine's reason when it
    refuses the position (editors use it to read the position they are given)."""
    try:
        return engine.state_from_position(dict(position))
    except PositionError as exc:
        raise EditError(exc.reason, exc.field, engine=True) from None


def read_format(position_format: Kind, position: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` as the game's declared position format reads it (defaults filled in, a copy);
    raises :class:`EditError` with the format's reason when it refuses the position."""
    try:
        decoded: dict[str, Any] = position_format.decode(copy.deepcopy(dict(position)))
    except PositionError as exc:
        raise EditError(exc.reason, exc.field, engine=True) from None
    return decoded


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
    """Set the fields ``values`` (the editor checks them against their choices) and judge the result."""
    return judged(engine, editor.set_fields(engine, position, values, lang))


def palette_ids(items: Sequence[PaletteItem]) -> set[str]:
    return {item.id for item in items}


# -- the declared form and the tools ------------------------------------------------------------------

S = TypeVar("S")  # what an editor edits: the engine's state, or a working copy of the position
T = TypeVar("T")  # a board target as the editor reads it
Pairs = Iterable[tuple[str, str]]
YES_NO = ("no", "yes")  # choices labelled with the editor's words "no" and "yes"; a bool value reads as one


def numbers(low: int, high: int) -> tuple[tuple[str, str], ...]:
    """The choices ``low`` .. ``high``, each labelled with its number."""
    return tuple((str(n), str(n)) for n in range(low, high + 1))


@dataclass(frozen=True)
class Field(Generic[S]):
    """A field of the form, declared once. ``label``: a key of the editor's words (or the label as a
    function of the position and the language); ``choices``: a range, or a function of the position
    and the language; ``get``: the current value; ``set``: the position with the value changed
    (it may change a working copy in place and return None; None: the editor's
    :meth:`FormEditor.settle` applies it with the fields it goes with); ``shown``: whether the
    position has this field (all positions when None)."""

    name: str
    label: str | Callable[[S, str], str]
    choices: range | tuple[str, ...] | Callable[[S, str], Pairs]  # a tuple: values labelled with their words
    get: Callable[[S], object]
    set: Callable[[S, str, str], S | None] | None = None  # (position, value, lang)
    shown: Callable[[S], bool] | None = None


@dataclass(frozen=True)
class SeatField(Generic[S]):
    """A field declared once for every seat (scores, followers, flasks, a card of each hand): ``name``
    holds ``{seat}``; the label's words get the seat's name as :attr:`FormEditor.seat_word` (and
    ``data``); ``choices``, ``get``, ``set`` and ``shown`` get the seat's index after the position."""

    name: str
    label: str
    choices: range | Callable[[S, int, str], Pairs]
    get: Callable[[S, int], object]
    set: Callable[[S, int, str, str], S | None] | None = None  # (position, seat index, value, lang)
    shown: Callable[[S, int], bool] | None = None
    data: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Tool(Generic[S, T]):
    """A tool of the palette, declared once: its chip (``label``: a key of the editor's words, given
    ``data``, or a function of the position and the language; ``css``; ``glyph``; ``group``: a key of
    the words) and what a tap with it does (``put``: the position after a tap at a read target, or
    None when it changed a working copy in place; no ``put``: the core's "move" and "empty");
    ``shown``: whether the palette shows it for this position (always when None)."""

    id: str
    label: str | Callable[[S, str], str]
    put: Callable[[S, T, str], S | None] | None = None
    css: str = ""
    glyph: str | Callable[[str], str] = ""  # or a function of the language (a name's first letter)
    group: str | Callable[[str], str] = ""  # or the heading as a function of the language
    shown: Callable[[S], bool] | None = None
    data: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class _Entry(Generic[S]):
    field: EditField
    declared: Field[S] | SeatField[S]
    seat: int


class FormEditor(ABC, Generic[S, T]):
    """An :class:`Editor` from declarations: the game declares its fields (:attr:`form`) and gives the
    hooks below; this class builds and checks the form once per change and runs the tools "move"
    (pick up what stands at the target), "drop:<held>" (put it at the target, then "move" again) and
    "empty". Rules between fields (a phase and what belongs to it) stay in the game's :meth:`settle`."""

    form: Sequence[Field[S] | SeatField[S]] = ()
    toolbox: Sequence[Tool[S, T]] = ()  # the palette, in its order (see :meth:`declared_tools`)
    seat_word = "player"  # the name the label of a seat field gives the seat
    words: Words | None = None  # the game's words: labels from ``word_table``, refusals from ``refusal_table``
    word_table = "editor"
    tool_table = ""  # the words of the palette's chips and headings, when not the ``word_table``
    refusal_table = "refusal"
    unknown_tool = "tool"  # the refusal of a tool this position does not offer
    # The engine's refusals the editor says in the reader's words: (field, or the part of the position
    # it starts, words of the engine's reason, refusal key), the first that fits.
    engine_refusals: Sequence[tuple[str, str, str]] = ()

    # -- the game's part: reading, writing, words ------------------------------------------------

    @abstractmethod
    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """An empty board with the same players (and variant) as ``position``."""

    def decode(self, engine: Engine[Any], position: Mapping[str, Any]) -> S:
        """The position to edit: the engine's state (a game may edit a working copy of the JSON
        instead); :class:`EditError` when refused."""
        decoded: S = read_state(engine, position)
        return decoded

    def encode(self, engine: Engine[Any], st: S) -> dict[str, Any]:
        """The position of ``st``."""
        return engine.position_of(st)

    def text(self, key: str, lang: str, **data: Any) -> str:
        """The editor's word ``key`` in ``lang`` (labels of fields and tools)."""
        assert self.words is not None, "an editor declares its words or gives text()"
        return self.words.text(self.word_table, key, lang, **data)

    def refuse(self, key: str, lang: str, **data: Any) -> EditError:
        """The refusal ``key`` in ``lang``, to raise."""
        assert self.words is not None, "an editor declares its words or gives refuse()"
        return EditError(self.words.text(self.refusal_table, key, lang, **data))

    def seats(self, st: S) -> Sequence[str]:
        return ()

    def seat_name(self, seat: str, lang: str) -> str:
        return seat

    def settle(
        self, engine: Engine[Any], st: S, values: Mapping[str, str], changed: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        """The position after the fields' own setters ran: ``values`` all fields' values with the
        ``changed`` ones; the game applies here the fields declared without a setter."""
        return self.encode(engine, st)

    # -- the game's part: the tools ------------------------------------------------------------------

    @abstractmethod
    def target(self, st: S, target: str, lang: str) -> T:
        """The board target read (raises :class:`EditError` for one this editor has no use for)."""

    @abstractmethod
    def pick_up(self, st: S, at: T, lang: str) -> str:
        """What stands at ``at``, as the id a "move" holds (the tool becomes ``drop:<id>``)."""

    @abstractmethod
    def drop(self, st: S, held: str, at: T, lang: str) -> S:
        """Put the held piece down at ``at``."""

    @abstractmethod
    def empty(self, st: S, at: T, lang: str) -> S:
        """Take away what stands at ``at``."""

    def declared_tools(self, st: S) -> Iterable[Tool[S, T]]:
        """The tools this position may offer (the :attr:`toolbox`; a game adds those of its seats)."""
        return self.toolbox

    def put(self, st: S, tool: str, at: T, lang: str) -> S:
        """The declared tool ``tool`` applied at ``at`` (one the palette does not show here refuses
        with its own reason)."""
        chosen = next((d for d in self.declared_tools(st) if d.id == tool and d.put is not None), None)
        if chosen is None or chosen.put is None:
            raise self.refuse(self.unknown_tool, lang)
        new = chosen.put(st, at, lang)
        return st if new is None else new

    def tools(self, st: S, lang: str) -> list[PaletteItem]:
        """The palette's chips (with "move" and "empty"); :meth:`palette` adds the held piece."""
        def text(key: str, **data: Any) -> str:
            if self.tool_table and self.words is not None:
                return self.words.text(self.tool_table, key, lang, **data)
            return self.text(key, lang, **data)

        return [
            PaletteItem(d.id, d.label(st, lang) if callable(d.label) else text(d.label, **d.data), d.css,
                        d.glyph(lang) if callable(d.glyph) else d.glyph,
                        d.group(lang) if callable(d.group) else text(d.group) if d.group else "")
            for d in self._offered(st)
        ]

    def _offered(self, st: S) -> list[Tool[S, T]]:
        return [d for d in self.declared_tools(st) if d.shown is None or d.shown(st)]

    def held_item(self, st: S, tool: str, lang: str) -> PaletteItem | None:
        """The chip of the piece the tool ``drop:<held>`` holds (None: a tool that holds nothing)."""
        return None

    def after_tap(self, engine: Engine[Any], st: S, lang: str) -> dict[str, Any]:
        """The position after a tap (the game's checks of a whole position)."""
        return self.encode(engine, st)

    def judge(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> dict[str, Any]:
        """The engine's canonical form of ``position``; its refusal in the reader's words when the
        editor declares it (:attr:`engine_refusals`), else the engine's own reason."""
        try:
            return engine.position_of(engine.state_from_position(dict(position)))
        except PositionError as exc:
            for part, words, key in self.engine_refusals:
                if (exc.field == part or exc.field.startswith(part + ".")) and words in exc.reason:
                    refused = self.refuse(key, lang)
                    refused.field = exc.field
                    raise refused from None
            raise EditError(exc.reason, exc.field, engine=True) from None

    def held_target(self, held: str) -> str | None:
        """The board target of the held piece ``held``."""
        return held

    def off_board(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        return []

    # -- the Editor protocol -----------------------------------------------------------------------

    def held(self, engine: Engine[Any], position: Mapping[str, Any], tool: str) -> str | None:
        return self.held_target(tool[5:]) if tool.startswith("drop:") else None

    def palette(self, engine: Engine[Any], position: Mapping[str, Any], tool: str, lang: str) -> list[PaletteItem]:
        """The game's tools; while a "move" holds a piece, its chip stands just before "move"."""
        st = self.decode(engine, position)
        items = self.tools(st, lang)
        held = self.held_item(st, tool, lang) if tool.startswith("drop:") else None
        if held is not None:
            items.insert(next((i for i, item in enumerate(items) if item.id == "move"), 0), held)
        return items

    def place(
        self, engine: Engine[Any], position: Mapping[str, Any], target: str, tool: str, lang: str
    ) -> EditResult:
        st = self.decode(engine, position)
        at = self.target(st, target, lang)
        if tool == "move":
            return EditResult(self.encode(engine, st), "drop:" + self.pick_up(st, at, lang))
        if tool.startswith("drop:"):
            return EditResult(self.after_tap(engine, self.drop(st, tool[5:], at, lang), lang), "move")
        st = self.empty(st, at, lang) if tool == "empty" else self.put(st, tool, at, lang)
        return EditResult(self.after_tap(engine, st, lang))

    def fields(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[EditField]:
        return [entry.field for entry in self._entries(self.decode(engine, position), lang)]

    def set_fields(
        self, engine: Engine[Any], position: Mapping[str, Any], values: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        st = self.decode(engine, position)
        form = {entry.field.name: entry for entry in self._entries(st, lang)}
        changed: dict[str, str] = {}
        for name, value in values.items():
            entry = form.get(name)
            if entry is None:
                raise EditError(f"unknown field '{name[:40]}'", name)
            if value not in {choice for choice, _label in entry.field.choices}:
                raise EditError(f"'{value[:40]}' is not a choice of '{name}'", name)
            if value != entry.field.value:
                changed[name] = value
        for name, entry in form.items():  # in the order of the form
            if name in changed:
                st = self._set(st, entry, changed[name], lang)
        return self.settle(engine, st, {name: e.field.value for name, e in form.items()} | changed, changed, lang)

    # -- building the form ---------------------------------------------------------------------------

    def _entries(self, st: S, lang: str) -> list[_Entry[S]]:
        out: list[_Entry[S]] = []
        for declared in self.form:
            if isinstance(declared, SeatField):
                for i, seat in enumerate(self.seats(st)):
                    if declared.shown is None or declared.shown(st, i):
                        out.append(_Entry(self._seat_field(declared, st, i, seat, lang), declared, i))
            elif declared.shown is None or declared.shown(st):
                out.append(_Entry(self._field(declared, st, lang), declared, -1))
        return out

    def _field(self, declared: Field[S], st: S, lang: str) -> EditField:
        label = declared.label(st, lang) if callable(declared.label) else self.text(declared.label, lang)
        given = declared.choices
        if isinstance(given, range):
            choices = numbers(given.start, given.stop - 1)
        elif isinstance(given, tuple):
            choices = tuple((value, self.text(value, lang)) for value in given)
        else:
            choices = tuple(given(st, lang))
        value = declared.get(st)
        return EditField(declared.name, label, choices, YES_NO[value] if isinstance(value, bool) else str(value))

    def _seat_field(self, declared: SeatField[S], st: S, i: int, seat: str, lang: str) -> EditField:
        label = self.text(declared.label, lang, **{self.seat_word: self.seat_name(seat, lang)}, **declared.data)
        given = declared.choices
        choices = numbers(given.start, given.stop - 1) if isinstance(given, range) else tuple(given(st, i, lang))
        return EditField(declared.name.format(seat=seat), label, choices, str(declared.get(st, i)))

    @staticmethod
    def _set(st: S, entry: _Entry[S], value: str, lang: str) -> S:
        declared = entry.declared
        if isinstance(declared, SeatField):
            new = declared.set(st, entry.seat, value, lang) if declared.set is not None else st
        else:
            new = declared.set(st, value, lang) if declared.set is not None else st
        return st if new is None else new
