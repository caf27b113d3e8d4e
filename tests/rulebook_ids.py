"""The ids in a rulebook file, read with the site's own parser (shared by the engine tests and the
contract suite, so a test never cites a clause the rulebook lacks)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rulebooks.parsing import parse_file

CONTENT = Path(__file__).resolve().parent.parent / "rulebooks" / "content"


def rulebook_path(slug: str) -> Path:
    return CONTENT / slug / "rulebook.md"


@cache
def _clauses(path: Path) -> tuple[tuple[str, str], ...]:
    book, problems = parse_file(path)
    assert not problems, problems
    return tuple((node.id, node.kind) for node in book.clauses)


def clause_ids(path: Path) -> frozenset[str]:
    """Every clause id of the rulebook at ``path``."""
    return frozenset(cid for cid, _kind in _clauses(path))


def rule_clause_ids(path: Path) -> frozenset[str]:
    """The ids of its ``.rule`` clauses (the ones that need a live demo)."""
    return frozenset(cid for cid, kind in _clauses(path) if kind == "rule")
