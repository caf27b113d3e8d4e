"""What other apps attach to clauses, asked for without ``rulebooks`` importing those apps.

``rulebooks`` sits below the FAQ, so it must not import the FAQ. The rulebook and clause pages
still list the published rulings citing each clause: they ask this module, which asks the
providers registered for the ``clause_rulings`` hook (:mod:`pagecache.hooks`; the FAQ registers
:mod:`faq.queries` in :mod:`faq.site_hooks`). Without a provider every clause has no rulings.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pagecache import hooks

if TYPE_CHECKING:
    from .models import Clause, Game


class ClauseRulings(Protocol):
    """Where the rulings citing clauses come from (:mod:`faq.queries` is one, as a module)."""

    def rulings_by_clause(self, game: Game) -> dict[int, list[Any]]:
        """Clause pk -> rulings citing it, for a whole rulebook in one query."""

    def rulings_for_clause(self, clause: Clause) -> list[Any]:
        """The rulings citing one clause."""


def providers() -> list[ClauseRulings]:
    return hooks.get_hooks("clause_rulings")


def rulings_by_clause(game: Game) -> dict[int, list[Any]]:
    """Clause pk -> rulings citing it, for the whole rulebook ``game`` (one query per provider)."""
    found: dict[int, list[Any]] = {}
    for provider in providers():
        for pk, rulings in provider.rulings_by_clause(game).items():
            found.setdefault(pk, []).extend(rulings)
    return found


def rulings_for_clause(clause: Clause) -> list[Any]:
    return [ruling for provider in providers() for ruling in provider.rulings_for_clause(clause)]
