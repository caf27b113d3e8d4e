"""Which games have a rules engine. A game package exports one :class:`GameSpec` as ``GAME``::

    # rules/games/<slug_with_underscores>/__init__.py
    GAME = GameSpec(engine=ENGINE, view=VIEW, stylesheet="board.css", package_dir=Path(__file__).parent,
                    players=PLAYERS)

``players`` is required: every game declares its computer players (``rules.core.strengths``).
Every registered game has rulebook pages, a simulator, rooms (online play), link previews, print
and an offline copy; what a game offers beyond that it *declares* in ``capabilities``
(:class:`Capability`: moving by tapping, "why not?", the piece an event is about, the position
editor, a declared position format). ``view`` is any object or module with the view-model's
functions (``rules.core.view.ViewModel``; a game's ``view`` module itself). The spec is checked
and completed once, when it is made (boardgame.io's ``ProcessGameConfig``): a declared capability
the game does not provide, or one it provides without declaring it, is a :class:`SpecError` naming
the game and the capability; the pages then read ``spec.tap`` / ``spec.explain`` / ``spec.about``
(None when not declared), never probe the view.

The registry looks for ``<package>.<slug_with_underscores>.GAME`` in each package of
:data:`PACKAGES` (``rules.games``; the tests add a package of their own to register a toy game
through the same mechanism). A package that does not export ``GAME`` is not registered (work in
progress); one that fails to import, or whose ``GAME`` is not a GameSpec of that slug, fails loudly.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .editor import Editor
from .engine import Engine
from .schema import Kind
from .strengths import ComputerPlayers, PlayerFactory
from .view import ViewModel

if TYPE_CHECKING:
    from .engine import Event, RuleError
    from .tapping import TapOptions

PACKAGES: list[str] = ["rules.games"]


class Capability(StrEnum):
    """What a game may offer beyond its engine, view-model and computer players."""

    TAP = "tap"  # moving by tapping the board: view.tap(engine, state, pick, *, lang) -> TapOptions
    EXPLAIN = "explain"  # "why not?" for a board target: view.explain(engine, state, pick, target, *, lang)
    ABOUT = "about"  # the board target an event is about: view.about(engine, state, event) -> str
    EDITOR = "editor"  # the position editor: GameSpec.editor (rules.core.editor)
    POSITION_FORMAT = "position-format"  # the declared JSON position format: GameSpec.position_format


VIEW_FUNCTIONS = ("board_view", "action_label", "action_group")  # every view-model has these
_VIEW_CAPABILITIES = (Capability.TAP, Capability.EXPLAIN, Capability.ABOUT)  # a view function each

TapFn = Callable[..., "TapOptions"]
ExplainFn = Callable[..., "RuleError | None"]
AboutFn = Callable[[Engine[Any], Any, "Event"], str]


class SpecError(TypeError):
    """A game spec that does not hold what it declares (or holds what it does not declare)."""


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
    capabilities: frozenset[Capability] = field(kw_only=True, default=frozenset())  # what it offers besides
    # Completed from the declaration (None: not declared): what the pages call.
    tap: TapFn | None = field(init=False, default=None)
    explain: ExplainFn | None = field(init=False, default=None)
    about: AboutFn | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        """Check the declared capabilities against what the game provides, and complete the spec."""
        slug = self.slug
        missing = [name for name in VIEW_FUNCTIONS if not callable(getattr(self.view, name, None))]
        if missing:
            raise SpecError(f"{slug}: the view-model has no {', '.join(missing)} (rules.core.view.ViewModel)")
        provided = {c for c in _VIEW_CAPABILITIES if callable(getattr(self.view, c.value, None))}
        provided |= {Capability.EDITOR} if self.editor is not None else set()
        provided |= {Capability.POSITION_FORMAT} if self.position_format is not None else set()
        unprovided, undeclared = sorted(self.capabilities - provided), sorted(provided - self.capabilities)
        if unprovided:
            raise SpecError(f"{slug}: declares {_names(unprovided)} in capabilities but does not provide it")
        if undeclared:
            raise SpecError(f"{slug}: provides {_names(undeclared)} but does not declare it in capabilities")
        for capability in _VIEW_CAPABILITIES:
            if capability in self.capabilities:
                object.__setattr__(self, capability.value, getattr(self.view, capability.value))

    def can(self, capability: Capability) -> bool:
        """Whether the game declares ``capability``."""
        return capability in self.capabilities

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


def _names(capabilities: list[Capability]) -> str:
    return ", ".join(f"Capability.{c.name} ({c.value!r})" for c in capabilities)


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
