"""Which games have a rules engine. A game package exports one :class:`GameSpec` as ``GAME``::

    # rules/games/<slug_with_underscores>/__init__.py
    GAME = GameSpec(engine=ENGINE, view=VIEW, stylesheet="board.css", package_dir=Path(__file__).parent,
                    players=PLAYERS)

``players`` is required: every game declares its computer players (``rules.core.strengths``).

The registry looks for ``<package>.<slug_with_underscores>.GAME`` in each package of
:data:`PACKAGES` (``rules.games``; the tests add a package of their own to register a toy game
through the same mechanism). A package that does not export ``GAME`` is not registered (work in
progress); one that fails to import, or whose ``GAME`` is not a GameSpec of that slug, fails loudly.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .editor import Editor
from .engine import Engine
from .schema import Kind
from .strengths import ComputerPlayers, PlayerFactory
from .view import ViewModel

PACKAGES: list[str] = ["rules.games"]


@dataclass(frozen=True)
class GameSpec:
    """Everything the site needs of a game, exported by its package as ``GAME``."""

    engine: Engine[Any]
    view: ViewModel
    package_dir: Path  # the game package's folder: scenarios/ and static/ live there
    stylesheet: str | None = None  # a file in <package_dir>/static/, served as games/<slug>/<file>
    editor: Editor | None = None  # the position editor (rules.core.editor); None: JSON only
    position_format: Kind | None = None  # the declared position format (rules.core.schema), for the API page
    players: ComputerPlayers = field(kw_only=True)  # the computer players (rules.core.strengths)

    @property
    def bots(self) -> Mapping[str, PlayerFactory]:
        """The computer players offered, by name (beginner, strong, then the others)."""
        return self.players.factories()

    @property
    def slug(self) -> str:
        return self.engine.slug

    @property
    def scenario_dir(self) -> Path:
        return self.package_dir / "scenarios"

    @property
    def static_dir(self) -> Path:
        return self.package_dir / "static"

    @property
    def stylesheet_path(self) -> str | None:
        """The static path of the game's stylesheet (``games/<slug>/<file>``)."""
        return f"games/{self.slug}/{self.stylesheet}" if self.stylesheet else None


_cache: dict[str, GameSpec | None] = {}


def module_name(slug: str) -> str:
    return slug.replace("-", "_")


def valid_slug(slug: str) -> bool:
    return bool(slug) and len(slug) <= 80 and all(c.isascii() and (c.isalnum() or c == "-") for c in slug)


def add_package(name: str) -> None:
    """Also look for games in package ``name`` (used by the tests for a toy game)."""
    if name not in PACKAGES:
        PACKAGES.append(name)
    _cache.clear()


def get_game(slug: str) -> GameSpec | None:
    """The spec of a game, or None if the game has no engine (yet)."""
    if slug in _cache:
        return _cache[slug]
    spec = _find(slug) if valid_slug(slug) else None
    _cache[slug] = spec
    return spec


def _find(slug: str) -> GameSpec | None:
    for package in PACKAGES:
        name = f"{package}.{module_name(slug)}"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue
            raise  # a broken game package must fail loudly, not look like a missing one
        if not hasattr(module, "GAME"):
            continue  # a package without GAME is not registered (yet): work in progress
        spec = module.GAME
        if not isinstance(spec, GameSpec):
            raise TypeError(f"{name} must export GAME = GameSpec(...) (rules/core/registry.py)")
        if spec.slug != slug:
            raise TypeError(f"{name}: GAME.engine.info.slug is {spec.slug!r}, expected {slug!r}")
        return spec
    return None


def get_engine(slug: str) -> Engine[Any] | None:
    spec = get_game(slug)
    return spec.engine if spec else None


def all_games() -> list[GameSpec]:
    """Every registered game, by slug."""
    found: dict[str, GameSpec] = {}
    for package in PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(module.__path__):
            if info.ispkg:
                spec = get_game(info.name.replace("_", "-"))
                if spec is not None:
                    found.setdefault(spec.slug, spec)
    return [found[slug] for slug in sorted(found)]
