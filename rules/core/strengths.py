"""The computer players a game declares: two strengths in every game, and the reasons behind a move.

Every registered game declares its computer players in its ``GameSpec`` (``players=``)::

    PLAYERS = ComputerPlayers(beginner=make_beginner, strong=make_strong, explain=explain)

- ``beginner`` plays sensibly and makes the mistakes of a person who is learning the game;
- ``strong`` is the best player the game has (the one "What would a good player do?" asks and the
  one a seat handed to the computer gets: :attr:`ComputerPlayers.strongest`);
- ``others``: further players offered by name, ``random`` (uniformly random legal actions) unless
  the game says otherwise;
- ``aliases``: names of earlier players that logs and rooms may still carry, and the player each now
  stands for (a log keeps working when a player is renamed);
- ``solo_score``: how good a finished game of one seat is, higher is better (the bench compares two
  players' solo games with it); the seat's score in the result unless the game says otherwise;
- ``explain``: why a move is good, as :class:`Reason` s: a message key of the game's catalogues, its
  data and the clause it rests on (the simulator renders "this imprisons two wizards and fills a
  flask, §3.2.4").

A factory makes a fresh :class:`~rules.core.bots.Bot`; ``budget`` scales how much it may think
(1.0: as played on the site; the tests use less). Bots see only their seat's
:class:`~rules.core.bots.SeatView` (docs/ARCHITECTURE.md, hidden information).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from .bots import Bot, RandomBot, SeatView
from .engine import Engine, Result

BEGINNER = "beginner"
STRONG = "strong"
RANDOM = "random"
STRENGTHS = (BEGINNER, STRONG)  # every game has these two


class PlayerFactory(Protocol):
    def __call__(self, *, budget: float = 1.0) -> Bot: ...


@dataclass(frozen=True)
class Reason:
    """One reason for a move: ``key`` in the game's catalogues (``MESSAGES``), its ``data``, and the
    clause that makes the move do it."""

    key: str
    clause: str
    data: Mapping[str, Any] = field(default_factory=dict)


class Explainer(Protocol):
    def __call__(self, engine: Engine[Any], view: SeatView, action: str) -> list[Reason]: ...


def random_player(*, budget: float = 1.0) -> Bot:
    """Plays a uniformly random legal action (``budget`` does not matter)."""
    return RandomBot()


class SoloScore(Protocol):
    def __call__(self, result: Result, seat: str) -> float: ...


def higher_score(result: Result, seat: str) -> float:
    """A solo game's measure where a higher score is better: the seat's score in the result."""
    return float(result.scores.get(seat, 0.0))


def _no_reasons(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    return []


@dataclass(frozen=True)
class ComputerPlayers:
    """The computer players of a game (see the module docstring)."""

    beginner: PlayerFactory
    strong: PlayerFactory
    explain: Explainer = _no_reasons
    others: Mapping[str, PlayerFactory] = field(default_factory=lambda: {RANDOM: random_player})
    aliases: Mapping[str, str] = field(default_factory=dict)
    solo_score: SoloScore = higher_score

    @property
    def strongest(self) -> str:
        """The name of the game's strongest player."""
        return STRONG

    def factories(self) -> dict[str, PlayerFactory]:
        """Every player offered, by name: the two strengths first, then the others."""
        return {BEGINNER: self.beginner, STRONG: self.strong, **self.others}

    def name_of(self, name: str) -> str | None:
        """The player a name (or an earlier name) stands for, or None."""
        name = self.aliases.get(name, name)
        return name if name in self.factories() else None

    def make(self, name: str, *, budget: float = 1.0) -> Bot | None:
        """A fresh player called ``name`` (or an earlier name of it), None for an unknown name."""
        known = self.name_of(name)
        return self.factories()[known](budget=budget) if known is not None else None

    def accepted_names(self) -> tuple[str, ...]:
        """The names a log or a form may carry: the players and their earlier names."""
        return (*self.factories(), *self.aliases)
