"""Which games have a rules engine: ``simulator.games.<slug_with_underscores>.ENGINE``."""

from __future__ import annotations

import importlib
from functools import cache

from .engine import Engine


@cache
def get_engine(slug: str) -> Engine | None:
    """The engine of a game, or None if the game has no engine (yet)."""
    if not slug or not all(c.isalnum() or c == "-" for c in slug):
        return None
    name = f"simulator.games.{slug.replace('-', '_')}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise  # a broken game package must fail loudly, not look like a missing one
    engine = getattr(module, "ENGINE", None)
    return engine if isinstance(engine, Engine) else None


@cache
def get_view_model(slug: str):
    """The game's view-model module (``board_view``, ``action_label``), or None."""
    if get_engine(slug) is None:
        return None
    name = f"simulator.games.{slug.replace('-', '_')}.view"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise
