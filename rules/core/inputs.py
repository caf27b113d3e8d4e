"""Reading what a visitor sends: JSON text and whole numbers, with limits checked before Python's
own parsers can fail in ways that are not a plain "invalid input".

Python's ``json.loads`` raises ``RecursionError`` for arrays nested about a thousand deep and a
plain ``ValueError`` for an integer of more than 4,300 digits; ``str.isdigit`` accepts ``²`` and
``①``, which ``int`` refuses. Every caller that parses visitor input goes through
:func:`parse_json` and :func:`parse_int`, which raise only :class:`InputError` naming the field.
No Django here: the URL codec (core) uses it as well as the views and the API.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .problems import Code, Problem

# Positions nest about five levels deep; logs a few more. Far below Python's recursion limit.
MAX_DEPTH = 32
# Seeds are 64-bit; nothing in a position or a log needs longer integers.
MAX_INT_DIGITS = 30

# A string (an unterminated one runs to the end: one pass, no backtracking) or a bracket.
_TOKEN_RE = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class InputError(Problem, ValueError):
    """Visitor input that cannot be read: ``field`` names it, ``reason`` (English) says why.

    ``kind`` is ``"syntax"`` (with ``line``/``column``), ``"depth"``, ``"number"`` (code
    ``bad-json``), ``"format"`` or ``"range"`` (code ``bad-value``), for callers that show their
    own translated sentence."""

    def __init__(self, field: str, reason: str, kind: str = "format", line: int = 0, column: int = 0):
        super().__init__(field, reason, code=Code.BAD_VALUE if kind in ("format", "range") else Code.BAD_JSON)
        self.kind = kind
        self.line = line
        self.column = column


class _Refused(Exception):
    """Raised by the decoder hooks; turned into an InputError by parse_json."""

    def __init__(self, kind: str, reason: str):
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


def nesting_depth(text: str, stop_above: int | None = None) -> int:
    """How deep the arrays and objects of JSON ``text`` nest (brackets inside strings do not count),
    in one linear pass; stops early once the depth exceeds ``stop_above``. On malformed text it may
    miscount, which only turns one refusal into another."""
    if "[" not in text and "{" not in text:
        return 0
    depth = deepest = 0
    for match in _TOKEN_RE.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    break
        elif token in ("]", "}"):
            depth -= 1
    return deepest


def _int_hook(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused("number", f"a number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def _float_hook(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused("number", f"the number {text[:20]}… is too large")
    return value


def _constant_hook(name: str) -> Any:
    raise _Refused("syntax", f"{name} is not a JSON value")


def parse_json(text: str | bytes, field: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of JSON ``text``; raises :class:`InputError` (``field``) for anything that is not
    plain JSON within the limits: bad UTF-8, bad syntax, NaN/Infinity, nesting deeper than
    ``max_depth``, integers of more than ``MAX_INT_DIGITS`` digits, floats out of range."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(field, f"not valid UTF-8 (byte {exc.start})", "syntax") from None
    # Fewer brackets in all than the limit cannot nest past it (a short body skips the scan).
    if text.count("[") + text.count("{") > max_depth and nesting_depth(text, stop_above=max_depth) > max_depth:
        raise InputError(field, f"nested more than {max_depth} levels deep", "depth")
    try:
        return json.loads(text, parse_int=_int_hook, parse_float=_float_hook, parse_constant=_constant_hook)
    except json.JSONDecodeError as exc:
        reason = f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        raise InputError(field, reason, "syntax", exc.lineno, exc.colno) from None
    except _Refused as exc:
        raise InputError(field, exc.reason, exc.kind) from None
    except (ValueError, RecursionError):  # not expected after the checks above; still never a 500
        raise InputError(field, "not valid JSON", "syntax") from None


def is_digits(text: str, max_digits: int | None = None) -> bool:
    """``text`` is one or more ASCII digits (at most ``max_digits``): what ``int`` may then read.
    ``str.isdigit``, ``isdecimal`` and ``isnumeric`` also accept ``²``, ``⁹``, ``①`` or ``٣``, which
    ``int`` refuses or reads as a number that no canonical action spells."""
    return bool(text) and text.isascii() and text.isdigit() and (max_digits is None or len(text) <= max_digits)


_WHOLE_RE = re.compile(r"-?[0-9]{1,9}")


def whole_number(text: str) -> int | None:
    """``text`` as an ``int`` when it is an optional ``-`` and one to nine ASCII digits, else None.
    For parsers of actions and targets (``int`` itself also reads `` 3``, ``+3``, ``3_0``, ``٣``)."""
    return int(text) if _WHOLE_RE.fullmatch(text) else None


_INT_RE = re.compile(r"-?[0-9]{1,18}")
_NATURAL_RE = re.compile(r"[0-9]{1,18}")


def parse_int(text: str | None, field: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number written in ASCII digits (an optional leading ``-`` only if ``lo`` allows
    negatives), at most 18 digits, within ``lo``..``hi``; otherwise :class:`InputError`."""
    pattern = _INT_RE if lo is None or lo < 0 else _NATURAL_RE
    if not isinstance(text, str) or not pattern.fullmatch(text):
        raise InputError(field, "must be a whole number")
    value = int(text)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"from {lo} to {hi}" if lo is not None and hi is not None else (f"at least {lo}" if lo is not None else f"at most {hi}")
        raise InputError(field, f"must be a whole number {bounds}", "range")
    return value


# --- Values inside parsed JSON ----------------------------------------------------------------
# parse_json bounds the text (depth, digits, finite floats); these bound what a program then takes
# out of it, so a number out of range, a string too long or a list too long is an InputError
# naming the field before it reaches a database or an engine.

MAX_ID = 2**63 - 1  # the largest row id any database here stores (SQLite and PostgreSQL bigint)


def json_int(value: object, field: str, lo: int, hi: int) -> int:
    """``value`` as a whole number within ``lo``..``hi`` (``true``, ``1.0`` and ``"1"`` are not)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(field, "must be a whole number")
    if not lo <= value <= hi:
        raise InputError(field, f"must be a whole number from {lo} to {hi}", "range")
    return value


def json_text(value: object, field: str, max_chars: int, min_chars: int = 0) -> str:
    """``value`` as a string of ``min_chars``..``max_chars`` characters."""
    if not isinstance(value, str):
        raise InputError(field, "must be text")
    if not min_chars <= len(value) <= max_chars:
        raise InputError(field, f"must have {min_chars} to {max_chars} characters", "range")
    return value


def json_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError(field, "must be true or false")
    return value


def json_list(value: object, field: str, max_items: int) -> list[Any]:
    """``value`` as a list of at most ``max_items`` items (each still to be read)."""
    if not isinstance(value, list):
        raise InputError(field, "must be a list")
    if len(value) > max_items:
        raise InputError(field, f"has more than {max_items} items", "range")
    return value


def json_object(value: object, field: str) -> dict[str, Any]:
    """``value`` as an object (its fields still to be read)."""
    if not isinstance(value, dict):
        raise InputError(field, "must be an object")
    return value
