"""Reading hand-written JSON positions: small checks that name the exact field on failure.

A game declares its position format with :mod:`rules.core.schema`, whose kinds are built on these
checks; a game's reader uses them directly only for the rules that tie fields together (a range
that depends on the number of players, say). They raise :class:`~rules.core.engine.PositionError`
with a dotted path (``figures.red1.at.0``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .engine import PositionError


def sub(field: str, key: str | int) -> str:
    """The dotted path of ``key`` below ``field``."""
    return f"{field}.{key}" if field else str(key)


def as_int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(field, f"must be an integer, not {value!r:.60}")
    if lo is not None and value < lo:
        raise PositionError(field, f"must be at least {lo}, not {value}")
    if hi is not None and value > hi:
        raise PositionError(field, f"must be at most {hi}, not {value}")
    return int(value)


def as_bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise PositionError(field, f"must be true or false, not {value!r:.60}")
    return value


def as_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise PositionError(field, f"must be a list, not {type(value).__name__}")
    return list(value)


def as_object(value: Any, field: str, allowed: Iterable[str], required: Iterable[str] = ()) -> dict[str, Any]:
    """A JSON object with only ``allowed`` keys and all ``required`` ones."""
    if not isinstance(value, dict):
        raise PositionError(field or "position", f"must be an object, not {type(value).__name__}")
    allowed = tuple(allowed)
    for key in value:
        if key not in allowed:
            raise PositionError(sub(field, str(key)[:40]), f"unknown key; expected one of {', '.join(allowed)}")
    for key in required:
        if key not in value:
            raise PositionError(sub(field, key), "missing")
    return value


def one_of(value: Any, field: str, choices: Iterable[Any]) -> Any:
    choices = tuple(choices)
    if value not in choices:
        raise PositionError(field, f"must be one of {', '.join(str(c) for c in choices)}, not {value!r:.60}")
    return value
