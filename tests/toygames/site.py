"""Games registered without a rulebook on the site (the tests' toy game) get their Game, sections
and clauses from the rulebook.md in their package, so the browser tests that run over every
registered game find a page for each."""

from __future__ import annotations

from pathlib import Path

from rulebooks.models import Clause, Game, Section
from rulebooks.parsing import parse_file
from rulebooks.rendering import render_markdown
from rules.core.registry import all_games


def add_to_site(slug: str, rulebook: Path) -> Game:
    """The game's rows from its package's rulebook (a test database only)."""
    book, problems = parse_file(rulebook)
    assert not problems, problems
    game = Game.objects.create(
        slug=slug, prefix=slug.split("-")[0][:6], title=slug.replace("-", " ").title(), language="nl", edition="test",
        source="test", description="", source_path=str(rulebook),
    )  # fmt: skip
    sections: dict[str, Section] = {}
    for position, node in enumerate(book.nodes):
        parent = sections.get(node.parent.id) if node.parent else None
        if not node.is_clause:
            sections[node.id] = Section.objects.create(
                anchor=node.id, game=game, parent=parent, number=node.number, title=node.title,
                level=node.level, position=position,
            )  # fmt: skip
            continue
        html = render_markdown(node.body_markdown(), {})
        Clause.objects.create(
            anchor=node.id, game=game, section=parent, number=node.number, title=node.title, kind=node.kind,
            level=node.level, position=position, body_markdown=node.body_markdown(), body_html=html,
            demos=[{"scenario": d.scenario, "caption": d.caption} for d in node.demos], body_text=node.title,
            source_path=str(rulebook), source_line=node.line,
        )  # fmt: skip
    return game


def add_every_game_to_site() -> None:
    """Rows for every registered game that the site's content does not have."""
    for spec in all_games():
        if not Game.all_objects.filter(slug=spec.slug).exists():
            add_to_site(spec.slug, spec.package_dir / "rulebook.md")
