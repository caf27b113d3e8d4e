"""The structure of a rulebook as the pages show it: table of contents, flat reading order,
section paths and neighbouring clauses."""

from __future__ import annotations

from dataclasses import dataclass, field

from .models import Clause, Section


@dataclass
class OutlineEntry:
    anchor: str
    number: str
    title: str
    level: int
    kind: str | None  # None for a section
    obj: object = None
    children: list[OutlineEntry] = field(default_factory=list)

    @property
    def heading_level(self) -> int:
        """h2 for top-level sections (the page title is h1), at most h6."""
        return min(self.level + 1, 6)


def build_outline(sections: list[Section], clauses: list[Clause]) -> tuple[list[OutlineEntry], list[OutlineEntry]]:
    """Return (tree of entries for the table of contents, entries in reading order)."""
    entries: dict[str, OutlineEntry] = {}
    parent_of: dict[str, str | None] = {}
    rows: list[tuple[int, Section | Clause, str | None]] = [(s.position, s, None) for s in sections]
    ordered = sorted(
        rows + [(c.position, c, c.kind) for c in clauses],
        key=lambda t: t[0],
    )
    section_anchor: dict[int | None, str] = {s.pk: s.anchor for s in sections}
    flat: list[OutlineEntry] = []
    for _, obj, kind in ordered:
        entry = OutlineEntry(obj.anchor, obj.number, obj.title, obj.level, kind, obj)
        entries[obj.anchor] = entry
        parent_id = obj.section_id if isinstance(obj, Clause) else obj.parent_id
        parent_of[obj.anchor] = section_anchor.get(parent_id)
        flat.append(entry)
    roots: list[OutlineEntry] = []
    for entry in flat:
        parent = parent_of[entry.anchor]
        (entries[parent].children if parent else roots).append(entry)
    return roots, flat


def section_path(section: Section | None) -> list[Section]:
    """The chain of sections from the top level down to ``section``."""
    path = []
    while section is not None:
        path.append(section)
        section = section.parent
    return list(reversed(path))


def clause_neighbours(clause: Clause) -> tuple[Clause | None, Clause | None]:
    siblings = Clause.objects.filter(game_id=clause.game_id)
    previous = siblings.filter(position__lt=clause.position).order_by("-position").first()
    following = siblings.filter(position__gt=clause.position).order_by("position").first()
    return previous, following
