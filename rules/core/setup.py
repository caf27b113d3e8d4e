"""One validator for the setup of a new game: the new-game form (strings), the JSON API and the URL
decoder all go through :func:`validate_setup`, which knows only the engine's ``SetupOption``s."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from .engine import Engine, PositionError, SetupOption

_INT_RE = re.compile(r"^-?[0-9]{1,9}\Z")  # ASCII digits only: int() would also read "٣"
_TRUE = ("1", "on", "true", "yes")
_FALSE = ("0", "off", "false", "no", "")


def validate_setup(engine: Engine[Any], raw: Any, *, from_strings: bool = False) -> dict[str, Any]:
    """Every option of the game, validated, defaults filled in. Raises PositionError(name, reason).

    ``from_strings``: the values come from a form (a missing checkbox is false, numbers are text)."""
    if not isinstance(raw, Mapping):
        raise PositionError("setup", "must be an object")
    options = {o.name: o for o in engine.setup_options()}
    for key in raw:
        if key not in options:
            known = ", ".join(options) or "none"
            raise PositionError(str(key)[:40], f"unknown setup option; this game has: {known}")
    return {name: _value(option, raw, from_strings) for name, option in options.items()}


def _value(option: SetupOption, raw: Mapping[str, Any], from_strings: bool) -> Any:
    name = option.name
    if from_strings:
        return _value_from_text(option, raw.get(name))
    if name not in raw:
        return option.default
    value = raw[name]
    if option.kind == "bool":
        if not isinstance(value, bool):
            raise PositionError(name, f"must be true or false, not {value!r:.40}")
        return value
    if option.kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise PositionError(name, f"must be an integer, not {value!r:.40}")
        return _check_int(option, value)
    return _check_choice(option, value)


def _value_from_text(option: SetupOption, text: Any) -> Any:
    """An option from a form or URL parameter: a missing box is off, an empty field the default."""
    name = option.name
    if option.kind == "bool":
        if text is None:
            return False
        if not isinstance(text, str) or text.lower() not in _TRUE + _FALSE:
            raise PositionError(name, "must be on or off")
        return text.lower() in _TRUE
    if text is None or text == "":
        return option.default
    if option.kind == "int":
        if not isinstance(text, str) or not _INT_RE.match(text):
            raise PositionError(name, "must be a whole number")
        return _check_int(option, int(text))
    return _check_choice(option, text)


def _check_int(option: SetupOption, value: int) -> int:
    lo, hi = option.min, option.max
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise PositionError(option.name, f"must be an integer from {lo} to {hi}, not {value}")
    return value


def _check_choice(option: SetupOption, value: Any) -> str:
    if value not in option.choices:
        raise PositionError(option.name, f"must be one of {', '.join(option.choices)}, not {value!r:.40}")
    return str(value)


def random_setup(engine: Engine[Any], rng: random.Random) -> dict[str, Any]:
    """A random valid setup (every option drawn from its range): for benches and property tests."""
    raw: dict[str, Any] = {}
    for option in engine.setup_options():
        if option.kind == "int":
            lo = option.min if option.min is not None else int(option.default)
            hi = option.max if option.max is not None else int(option.default)
            raw[option.name] = rng.randint(lo, hi)
        elif option.kind == "bool":
            raw[option.name] = rng.random() < 0.5
        else:
            raw[option.name] = rng.choice(option.choices)
    return validate_setup(engine, raw)
