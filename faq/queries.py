"""Published rulings for the rulebook pages: what cites which clause. ``FaqConfig.ready`` registers
this module with :mod:`rulebooks.annotations`, which the rulebook views ask."""

from __future__ import annotations

from collections import defaultdict

from rulebooks.models import Clause, Game

from .models import Entry, localize_entries

_ORDER = ["entry__published_at", "entry__pk"]


def rulings_by_clause(game: Game) -> dict[int, list[Entry]]:
    """Clause pk -> published entries citing it, for a whole rulebook in one query."""
    through = Entry.clauses.through
    rows = list(
        through.objects.filter(clause__game=game, entry__published=True)
        .select_related("entry")
        .order_by(*_ORDER)
    )
    entries = {row.entry_id: row.entry for row in rows}
    localize_entries(entries.values())  # the question in the reader's language
    out: dict[int, list[Entry]] = defaultdict(list)
    for row in rows:
        out[row.clause_id].append(entries[row.entry_id])
    return dict(out)


def rulings_for_clause(clause: Clause) -> list[Entry]:
    return localize_entries(Entry.objects.published().filter(clauses=clause).order_by("published_at", "pk"))
