"""What other apps attach to clauses, asked for without ``rulebooks`` importing those apps.

``rulebooks`` is the bottom layer: the FAQ builds on it, so it must not import the FAQ. The
rulebook and clause pages still list the published rulings citing each clause; they ask this
module, and the FAQ registers the provider at startup (``faq.apps.FaqConfig.ready`` registers
:mod:`faq.queries`). Without a provider every clause has no rulings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .models import Clause, Game


class ClauseRulings(Protocol):
    """Where the rulings citing clauses come from (:mod:`faq.queries` is one, as a module)."""

    def rulings_by_clause(self, game: Game) -> dict[int, list[Any]]:
        """Clause pk -> rulings citing it, for a whole rulebook in one query."""

    def rulings_for_clause(self, clause: Clause) -> list[Any]:
        """The rulings citing one clause."""


class NoRulings:
    """The default provider: no clause has rulings."""

    def rulings_by_clause(self, game: Game) -> dict[int, list[Any]]:
        return {}

    def rulings_for_clause(self, clause: Clause) -> list[Any]:
        return []


_provider: ClauseRulings = NoRulings()


def register_clause_rulings(provider: ClauseRulings) -> ClauseRulings:
    """Make ``provider`` the source of clause rulings (replacing any earlier one); returns the
    previous provider, so a test can put it back."""
    global _provider
    previous, _provider = _provider, provider
    return previous


def rulings_by_clause(game: Game) -> dict[int, list[Any]]:
    """Clause pk -> rulings citing it, for the whole rulebook ``game`` (one query)."""
    return _provider.rulings_by_clause(game)


def rulings_for_clause(clause: Clause) -> list[Any]:
    return _provider.rulings_for_clause(clause)
