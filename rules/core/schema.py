"""Declared position formats: a small schema of JSON kinds that reads a hand-written position with
dotted-path errors, writes one back and renders its reference for the API page.

A game declares its format once from these kinds (objects with known keys, lists, integer ranges,
choices, strings, booleans, optionals with defaults, nested)::

    SQUARE = Tuple(Int(0, 9), Int(0, 9), shown="a square [x, y]")
    FORMAT = Obj({
        "players": need(ListOf(Choice(COLOURS), 2, 4, unique="a colour is listed twice"), "seats in order"),
        "monster": opt(Obj({"at": need(SQUARE), "facing": opt(Choice("UDLR"), default="R")})),
    })

``FORMAT.decode(position)`` returns plain data (dicts, lists, ints, strings, booleans) with every
default filled in, or raises :class:`~rules.core.engine.PositionError` naming the field
(``monster.at.0``) and what was expected; the game's reader then only converts that data to its
state and checks the rules that tie fields together. ``FORMAT.encode(data)`` writes the keys in the
declared order, and ``FORMAT.reference()`` is a Markdown list of every field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .engine import PositionError
from .positions import as_bool, as_int, as_list, as_object, one_of, sub

NO_DEFAULT: Any = object()


class Kind:
    """A JSON kind: ``decode`` checks and converts (raising PositionError at ``field``), ``encode``
    writes a decoded value back, ``describe`` says in a few words what is expected."""

    def decode(self, value: Any, field: str = "") -> Any:
        raise NotImplementedError

    def encode(self, value: Any) -> Any:
        return value

    def describe(self) -> str:
        raise NotImplementedError

    def inner(self) -> Obj | None:
        """The object whose keys the reference lists below this kind's line, if any."""
        return None

    def reference(self) -> str:
        """The format as a Markdown list (one line per key, nested keys indented)."""
        obj = self.inner()
        lines = [f"- {self.describe()}"] if obj is None else obj.reference_lines(0)
        return "\n".join(lines)


@dataclass(frozen=True)
class Int(Kind):
    lo: int | None = None
    hi: int | None = None

    def decode(self, value: Any, field: str = "") -> int:
        return as_int(value, field, self.lo, self.hi)

    def describe(self) -> str:
        if self.lo is not None and self.hi is not None:
            if self.lo == self.hi:
                return f"the integer {self.lo}"
            return f"integer from {self.lo} to {self.hi}" if self.lo < 0 else f"integer {self.lo}-{self.hi}"
        if self.lo is not None:
            return f"integer ≥ {self.lo}"
        if self.hi is not None:
            return f"integer ≤ {self.hi}"
        return "integer"


@dataclass(frozen=True)
class Bool(Kind):
    def decode(self, value: Any, field: str = "") -> bool:
        return as_bool(value, field)

    def describe(self) -> str:
        return "true or false"


@dataclass(frozen=True)
class Str(Kind):
    max_length: int = 200

    def decode(self, value: Any, field: str = "") -> str:
        if not isinstance(value, str):
            raise PositionError(field, f"must be a string, not {value!r:.60}")
        if len(value) > self.max_length:
            raise PositionError(field, f"must be at most {self.max_length} characters long")
        return value

    def describe(self) -> str:
        return "string"


@dataclass(frozen=True)
class Choice(Kind):
    """One of ``choices``. ``numbers``: a JSON integer is read as its digits (``5`` for ``"5"``);
    ``write_numbers``: digit strings are written back as integers."""

    choices: tuple[Any, ...]
    numbers: bool = False
    write_numbers: bool = False
    message: str = ""  # a reason of the game's own instead of "must be one of ..."

    def __init__(
        self, choices: Iterable[Any], *, numbers: bool = False, write_numbers: bool = False, message: str = ""
    ):
        object.__setattr__(self, "choices", tuple(choices))
        object.__setattr__(self, "numbers", numbers or write_numbers)
        object.__setattr__(self, "write_numbers", write_numbers)
        object.__setattr__(self, "message", message)

    def decode(self, value: Any, field: str = "") -> Any:
        if self.numbers and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if self.message and (not isinstance(value, str | int) or value not in self.choices):
            raise PositionError(field, f"{self.message}, not {value!r:.40}")
        return one_of(value, field, self.choices)

    def encode(self, value: Any) -> Any:
        return int(value) if self.write_numbers and isinstance(value, str) and value.isdigit() else value

    def describe(self) -> str:
        shown = ", ".join(f"`{c}`" if c != "" else '`""`' for c in self.choices)
        return f"one of {shown}" if len(self.choices) > 1 else f"{shown}"


@dataclass(frozen=True)
class Nullable(Kind):
    """``null`` or ``kind``; ``null`` is read as ``null`` (None unless told) and written back from it."""

    kind: Kind
    null: Any = None

    def decode(self, value: Any, field: str = "") -> Any:
        return self.null if value is None else self.kind.decode(value, field)

    def encode(self, value: Any) -> Any:
        return None if value is None or value == self.null else self.kind.encode(value)

    def describe(self) -> str:
        return f"null or {self.kind.describe()}"

    def inner(self) -> Obj | None:
        return self.kind.inner()


def _count(lo: int, hi: int | None) -> str:
    if hi is None:
        return f"at least {lo}" if lo else ""
    return f"{lo}" if lo == hi else f"{lo} to {hi}"


@dataclass(frozen=True)
class ListOf(Kind):
    """A list of ``lo`` to ``hi`` items; ``unique``: the reason given when an item is listed twice;
    ``noun``: what the items are called in the length error ("must list 1 to 6 colours")."""

    item: Kind
    lo: int = 0
    hi: int | None = None
    unique: str = ""
    noun: str = "items"

    def decode(self, value: Any, field: str = "") -> list[Any]:
        items = as_list(value, field)
        if len(items) < self.lo or (self.hi is not None and len(items) > self.hi):
            raise PositionError(field, f"must list {_count(self.lo, self.hi)} {self.noun}, not {len(items)}")
        out = [self.item.decode(v, sub(field, i)) for i, v in enumerate(items)]
        for i, v in enumerate(out):
            if self.unique and v in out[:i]:
                raise PositionError(field, f"{self.unique}: {v!r:.40}")
        return out

    def encode(self, value: Any) -> list[Any]:
        return [self.item.encode(v) for v in value]

    def describe(self) -> str:
        n = _count(self.lo, self.hi)
        text = f"list of {n} {self.noun}" if n else "list"
        return f"{text}, each {self.item.describe()}" + (", none twice" if self.unique else "")

    def inner(self) -> Obj | None:
        return self.item.inner()


@dataclass(frozen=True)
class Tuple(Kind):
    """A list of fixed kinds (``[x, y]``); the last ``len(items) - min_length`` may be left out.
    ``shown`` names the shape in errors ("a square [x, y]")."""

    items: tuple[Kind, ...]
    shown: str
    min_length: int

    def __init__(self, *items: Kind, shown: str, min_length: int | None = None):
        object.__setattr__(self, "items", items)
        object.__setattr__(self, "shown", shown)
        object.__setattr__(self, "min_length", len(items) if min_length is None else min_length)

    def decode(self, value: Any, field: str = "") -> list[Any]:
        if not isinstance(value, list | tuple) or not self.min_length <= len(value) <= len(self.items):
            raise PositionError(field, f"must be {self.shown}, not {value!r:.60}")
        return [kind.decode(v, sub(field, i)) for i, (kind, v) in enumerate(zip(self.items, value, strict=False))]

    def encode(self, value: Any) -> list[Any]:
        return [kind.encode(v) for kind, v in zip(self.items, value, strict=False)]

    def describe(self) -> str:
        return f"{self.shown}: " + ", ".join(kind.describe() for kind in self.items)


@dataclass(frozen=True)
class MapOf(Kind):
    """An object whose keys are ``keys`` (a choice) and whose values are all ``value``."""

    keys: tuple[str, ...]
    value: Kind
    key_doc: str = ""  # how the reference names the keys ("a player's colour"); default: the list
    unknown: str = ""  # the reason for an unknown key; default: "unknown key; expected one of" the keys

    def __init__(self, keys: Iterable[str], value: Kind, key_doc: str = "", unknown: str = ""):
        object.__setattr__(self, "keys", tuple(keys))
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "key_doc", key_doc)
        object.__setattr__(self, "unknown", unknown)

    def decode(self, value: Any, field: str = "") -> dict[str, Any]:
        if self.unknown and isinstance(value, dict):
            for key in value:
                if key not in self.keys:
                    raise PositionError(sub(field, str(key)[:40]), self.unknown)
        raw = as_object(value, field, self.keys)
        return {key: self.value.decode(v, sub(field, key)) for key, v in raw.items()}

    def encode(self, value: Any) -> dict[str, Any]:
        return {key: self.value.encode(v) for key, v in value.items()}

    def describe(self) -> str:
        keys = self.key_doc or ", ".join(f"`{k}`" for k in self.keys)
        return f"object: keys {keys}; each value {self.value.describe()}"

    def inner(self) -> Obj | None:
        return self.value.inner()


def _is_object(value: Any) -> bool:
    return isinstance(value, dict)


@dataclass(frozen=True)
class Counts(Kind):
    """An object counting things per kind (cards per code): each of ``limits``' keys at most its
    limit; absent keys count 0, and the decoded value holds every key."""

    limits: Mapping[str, int]
    what: str = "count"

    def decode(self, value: Any, field: str = "") -> dict[str, int]:
        raw = as_object(value, field, self.limits)
        return {key: as_int(raw.get(key, 0), sub(field, key), 0, hi) for key, hi in self.limits.items()}

    def encode(self, value: Any) -> dict[str, int]:
        return dict(value)

    def describe(self) -> str:
        limits = ", ".join(f"`{key}` {hi}" for key, hi in self.limits.items())
        return f"object: a {self.what} per key, 0 when left out, at most: {limits}"


@dataclass(frozen=True)
class Either(Kind):
    """``obj`` for a JSON object (or whatever ``pick`` accepts), ``plain`` for anything else: a short
    form, e.g. a place alone for ``{"at": place}``."""

    plain: Kind
    obj: Kind
    pick: Callable[[Any], bool] = _is_object

    def decode(self, value: Any, field: str = "") -> Any:
        return self.obj.decode(value, field) if self.pick(value) else self.plain.decode(value, field)

    def encode(self, value: Any) -> Any:
        return self.obj.encode(value) if self.pick(value) else self.plain.encode(value)

    def describe(self) -> str:
        return f"{self.plain.describe()}, or {self.obj.describe()}"

    def inner(self) -> Obj | None:
        return self.obj.inner()


@dataclass(frozen=True)
class Key:
    """A key of an :class:`Obj`. Absent (or ``null`` when ``null_is_absent``), it reads as
    ``default`` (None when there is none: the game derives it, as ``default_doc`` says)."""

    kind: Kind
    doc: str = ""
    required: bool = False
    default: Any = NO_DEFAULT
    default_doc: str = ""
    null_is_absent: bool = False

    @property
    def nullable(self) -> bool:
        """Whether ``null`` may be written for this key (else None is written by leaving it out)."""
        return self.null_is_absent or isinstance(self.kind, Nullable)

    def absent(self) -> Any:
        value = None if self.default is NO_DEFAULT else self.default
        return value() if callable(value) else value

    def describe(self) -> str:
        parts = [self.kind.describe()]
        if self.required:
            parts.append("required")
        elif self.default_doc:
            parts.append(f"default {self.default_doc}")
        elif self.default is not NO_DEFAULT and not callable(self.default):
            parts.append(f"default `{_json(self.default)}`")
        else:
            parts.append("optional")
        text = "; ".join(parts)
        return f"{text}. {self.doc[:1].upper()}{self.doc[1:]}." if self.doc else text


def need(kind: Kind, doc: str = "") -> Key:
    return Key(kind, doc, required=True)


def opt(
    kind: Kind, doc: str = "", *, default: Any = NO_DEFAULT, default_doc: str = "", null_is_absent: bool = False
) -> Key:
    """An optional key; a mutable ``default`` is given as a factory (``list``, ``dict``)."""
    return Key(kind, doc, default=default, default_doc=default_doc, null_is_absent=null_is_absent)


def _json(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


@dataclass(frozen=True)
class Obj(Kind):
    """A JSON object with known keys only: unknown keys and missing required ones are refused.
    ``decode`` gives every declared key (absent ones as their default); ``encode`` writes the
    keys of the given dict in the declared order, leaving out the keys it does not hold and those
    that are None but may not be null (so ``encode(decode(p))`` is a valid position)."""

    keys: Mapping[str, Key]
    doc: str = ""
    root: str = "position"  # the field named when the whole position is not an object

    def decode(self, value: Any, field: str = "") -> dict[str, Any]:
        if not isinstance(value, dict):
            raise PositionError(field or self.root, f"must be an object, not {type(value).__name__}")
        raw = as_object(value, field, self.keys, (k for k, key in self.keys.items() if key.required))
        out: dict[str, Any] = {}
        for name, key in self.keys.items():
            if name not in raw or (key.null_is_absent and raw[name] is None):
                out[name] = key.absent()
            else:
                out[name] = key.kind.decode(raw[name], sub(field, name))
        return out

    def encode(self, value: Any) -> dict[str, Any]:
        return {
            name: None if value[name] is None else key.kind.encode(value[name])
            for name, key in self.keys.items()
            if name in value and (value[name] is not None or key.nullable)
        }

    def describe(self) -> str:
        return "object"

    def inner(self) -> Obj | None:
        return self

    def reference_lines(self, depth: int) -> list[str]:
        pad = "    " * depth
        lines = [f"{pad}{self.doc}", ""] if self.doc and depth == 0 else []
        for name, key in self.keys.items():
            lines.append(f"{pad}- `{name}`: {key.describe()}")
            nested = key.kind.inner()
            if nested is not None:
                if nested.doc:
                    lines.append(f"{pad}    {nested.doc}")
                lines.extend(nested.reference_lines(depth + 1))
        return lines


@dataclass(frozen=True)
class Check(Kind):
    """``kind`` followed by a check of the game's own (``check(value, field)`` raises PositionError
    or returns the value, converted). ``shown`` is its description for the reference."""

    kind: Kind
    check: Callable[[Any, str], Any]
    shown: str = ""

    def decode(self, value: Any, field: str = "") -> Any:
        return self.check(self.kind.decode(value, field), field)

    def encode(self, value: Any) -> Any:
        return self.kind.encode(value)

    def describe(self) -> str:
        return self.shown or self.kind.describe()

    def inner(self) -> Obj | None:
        return self.kind.inner()


def only_keys(value: Mapping[str, Any], field: str, allowed: Iterable[str]) -> None:
    """The cross-field form of an object's unknown-key refusal: keys that depend on another field
    (the players of this position, say)."""
    as_object(dict(value), field, allowed)


__all__ = [
    "Bool",
    "Check",
    "Choice",
    "Counts",
    "Either",
    "Int",
    "Key",
    "Kind",
    "ListOf",
    "MapOf",
    "Nullable",
    "Obj",
    "Str",
    "Tuple",
    "need",
    "only_keys",
    "opt",
]
