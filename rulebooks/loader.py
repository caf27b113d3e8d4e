"""Load the checked rulebook content into the database (``manage.py loadrules``)."""

from __future__ import annotations

from django.conf import settings
from django.db import transaction

from simulator.core.registry import get_engine
from simulator.core.scenario_files import scenario_ids, scenario_paths
from simulator.core.scenarios import check_scenario, load_scenario

from .contentset import ContentSet, load_content
from .models import Clause, Game, Section
from .parsing import Problem
from .rendering import html_to_text, render_markdown
from .textsearch import index_text


class ContentError(Exception):
    """Raised when content has problems; the message lists them with file and line."""

    def __init__(self, problems):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def read_content(check_seeds: bool = True, check_scenarios: bool = True) -> ContentSet:
    content = load_content(
        settings.RULEBOOK_CONTENT_DIR,
        scenario_lookup=scenario_ids,
        seeds_dir=settings.SEEDS_DIR if check_seeds else None,
        display_root=settings.BASE_DIR,
    )
    if check_scenarios:
        content.problems.extend(scenario_problems(content))
    return content


def scenario_problems(content: ContentSet) -> list[Problem]:
    """Replay every scenario of every game; each broken one is a problem naming its file.

    Replays go through ``check_scenario``, which caches per process, so the FAQ badge rule that
    checkrules applies afterwards does not replay the same scenarios again."""
    problems = []
    for slug, game in content.games.items():
        paths = scenario_paths(slug)
        if not paths:
            continue
        if get_engine(slug) is None:
            problems.append(Problem(_shown(next(iter(paths.values()))), 0, f"game '{slug}' has scenarios but no rules engine"))
            continue
        own = {c.id for c in game.book.clauses}
        for scenario_id, path in paths.items():
            report = check_scenario(slug, scenario_id)
            if not report.ok:
                problems.extend(Problem(_shown(path), 0, problem) for problem in report.problems)
                continue
            for clause in load_scenario(slug, scenario_id).clauses:
                if clause not in own:
                    problems.append(Problem(_shown(path), 0, f"scenario demonstrates unknown clause '{clause}'"))
    return problems


def _shown(path) -> str:
    return str(path.relative_to(settings.BASE_DIR)) if path.is_relative_to(settings.BASE_DIR) else str(path)


@transaction.atomic
def store_content(content: ContentSet) -> dict[str, int]:
    """Replace the stored rulebooks by ``content``. Refuses content with problems."""
    if content.problems:
        raise ContentError(content.problems)
    Game.objects.exclude(slug__in=list(content.games)).delete()
    counts = {"games": 0, "sections": 0, "clauses": 0}
    for slug, game_content in content.games.items():
        meta = game_content.meta
        game, _ = Game.objects.update_or_create(
            slug=slug,
            defaults={
                "prefix": meta["prefix"],
                "title": meta["title"],
                "language": meta["language"],
                "edition": meta["edition"],
                "source": meta["source"],
                "description": meta["description"],
                "players": meta.get("players", ""),
                "order": int(meta.get("order", 0)),
                "source_path": game_content.book.path,
            },
        )
        # Sections and clauses are a rendering of the files. Rows are updated in place by id
        # (so other tables can point at them); ids that vanished from the files are deleted.
        seen_sections: set[str] = set()
        seen_clauses: set[str] = set()
        section_rows: dict[str, Section] = {}
        for position, node in enumerate(game_content.book.nodes):
            parent = section_rows.get(node.parent.id) if node.parent else None
            if not node.is_clause:
                section_rows[node.id], _ = Section.objects.update_or_create(
                    anchor=node.id,
                    defaults={
                        "game": game,
                        "parent": parent,
                        "number": node.number,
                        "title": node.title,
                        "level": node.level,
                        "position": position,
                    },
                )
                seen_sections.add(node.id)
                counts["sections"] += 1
                continue
            body_html = render_markdown(node.body_markdown(), content.index)
            notes_html = [render_markdown(note.markdown, content.index) for note in node.notes]
            body_text = html_to_text(body_html)
            notes_text = " ".join(html_to_text(n) for n in notes_html)
            Clause.objects.update_or_create(
                anchor=node.id,
                defaults={
                    "game": game,
                    "section": parent,
                    "number": node.number,
                    "title": node.title,
                    "kind": node.kind,
                    "level": node.level,
                    "position": position,
                    "body_markdown": node.body_markdown(),
                    "body_html": body_html,
                    "notes_html": notes_html,
                    "demos": [{"scenario": d.scenario, "caption": d.caption} for d in node.demos],
                    "body_text": body_text,
                    "search_title": index_text(node.title),
                    "search_body": index_text(f"{body_text} {notes_text}"),
                    "source_path": game_content.book.path,
                    "source_line": node.line,
                },
            )
            seen_clauses.add(node.id)
            counts["clauses"] += 1
        game.clauses.exclude(anchor__in=seen_clauses).delete()
        game.sections.exclude(anchor__in=seen_sections).delete()
        counts["games"] += 1
    return counts
