"""The engine protocol every game implements (modelled on OpenSpiel's State and boardgame.io's
reducer): pure transitions on immutable states, chance as explicit actions, events citing clauses.

No Django here. A game package ``simulator/games/<slug_with_underscores>/`` exposes a module-level
``ENGINE`` object satisfying :class:`Engine`.

Vocabulary
----------
- **State**: an immutable value (frozen dataclass / tuples). ``apply`` never mutates its input.
- **Action**: a short string, e.g. ``"move:r1:U,U,L"`` or ``"card:7"``. Strings keep URLs, logs and
  scenario files readable; each engine parses and validates its own action strings.
- **Chance**: when ``chance_outcomes(state)`` is non-empty, the state is a chance node: the only
  legal actions are those outcomes (a card drawn, a die rolled). A driver samples one with a seeded
  generator (:mod:`simulator.core.chance`) or a scenario/dispute forces one; either way the chosen
  outcome is an ordinary action in the log, so replay is exact.
- **Event**: what happened, with the id of the rulebook clause that makes it happen and a short
  sentence in the rulebook's language.
- **Position**: a JSON-able dict describing a state completely, writable by hand; ``state_from_position``
  validates it and names the exact problem (:class:`PositionError`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class Event:
    """Something that happened in a transition, citing the clause that causes it."""

    clause: str  # clause id, e.g. "ff-monster-kijkt"
    text: str  # one sentence in the rulebook's language
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def as_dict(self) -> dict[str, Any]:
        return {"clause": self.clause, "text": self.text, "data": dict(self.data)}


class EngineError(Exception):
    """Base class of the errors an engine raises on bad input."""


class IllegalAction(EngineError):
    """An action that the rules forbid (or that does not parse), citing the forbidding clause."""

    def __init__(self, action: str, reason: str, clause: str | None = None):
        self.action, self.reason, self.clause = action, reason, clause
        super().__init__(f"illegal action {action!r}: {reason}" + (f" ({clause})" if clause else ""))

    def as_dict(self) -> dict[str, Any]:
        return {"action": self.action, "reason": self.reason, "clause": self.clause}


class PositionError(EngineError):
    """A hand-written position or setup that is invalid; ``field`` is a dotted path into it."""

    def __init__(self, field: str, reason: str):
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


@dataclass(frozen=True)
class Outcome:
    """One possible result of a chance node, with its probability."""

    action: str
    probability: float


@runtime_checkable
class Engine(Protocol):
    slug: str  # the game slug, e.g. "finstere-flure"
    language: str  # language of event texts, e.g. "nl"

    def setup_schema(self) -> dict[str, Any]:
        """Describes the setup options: {"players": {"min": 2, "max": 7, "default": 4}, ...}."""

    def initial_state(self, setup: dict[str, Any]) -> Any:
        """Start state from a setup dict (player count, options). Raises PositionError."""

    def state_from_position(self, position: dict[str, Any]) -> Any:
        """Validate a JSON position and build its state. Raises PositionError(field, reason)."""

    def position_of(self, state: Any) -> dict[str, Any]:
        """The JSON position of a state; ``state_from_position(position_of(s)) == s``."""

    def legal_actions(self, state: Any) -> list[str]:
        """Every legal action at ``state`` (the chance outcomes at a chance node); [] when over."""

    def chance_outcomes(self, state: Any) -> list[Outcome]:
        """The outcomes of a chance node, [] when a player (not chance) acts."""

    def apply(self, state: Any, action: str) -> tuple[Any, list[Event]]:
        """Pure transition. Raises IllegalAction(action, reason, clause) and leaves nothing changed."""

    def current_actor(self, state: Any) -> str:
        """Who acts: a player id, "chance", or "" when the game is over."""

    def is_over(self, state: Any) -> bool: ...

    def result(self, state: Any) -> dict[str, Any] | None:
        """None while the game runs; else e.g. {"winners": ["red"], "reason": "...", "clause": "..."}."""
