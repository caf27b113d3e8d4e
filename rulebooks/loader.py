"""Load the checked rulebook content into the database (``manage.py loadrules``).

Loading never destroys what people wrote: ``plan_load`` compares the content with the stored rows
first, and a missing game or a vanished clause that FAQ entries point at is a problem that refuses
the whole load (one transaction). Renamed ids (``renamed_from``) are renamed in place, retired games
(``retired.toml``) are hidden and kept."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import ManyToManyRel, Model
from django.utils import translation

from rules.core.registry import get_engine
from rules.core.scenario_files import scenario_ids, scenario_paths
from rules.core.scenario_texts import load_texts, scenario_in, texts_path, texts_problems
from rules.core.scenarios import ScenarioError, check_scenario, load_scenario

from .content_rules import content_rules
from .contentset import ContentSet, GameContent, NodeIndex, load_content
from .glossary import inconsistencies
from .models import Clause, ClauseTranslation, Game, Section
from .parsing import CONTENT_LANGUAGES, Node, Problem
from .rendering import html_to_text, render_markdown
from .translations import glossary_message


class ContentError(Exception):
    """Raised when content has problems; the message lists them with file and line."""

    def __init__(self, problems: list[Problem]):
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
    for slug, game in content.games.items():
        for lang, book_translation in game.translations.items():
            found = scenario_text_problems(slug, game, lang)
            book_translation.problems.extend(found)  # counted per language by checkrules --json
            content.problems.extend(found)
    content.problems.extend(content_rules(content, settings.BASE_DIR))  # glossary, phrasings, catalogues
    return content


def scenario_text_problems(slug: str, game: GameContent, lang: str) -> list[Problem]:
    """The ``lang`` title, intro and captions of every scenario of a game
    (rules/core/scenario_texts.py), with the glossary's terms."""
    path = texts_path(slug, lang)
    if path is None:
        return []  # no scenarios
    problems = [Problem(_shown(p), 0, message) for p, message in texts_problems(slug, lang)]
    if problems:
        return problems
    texts = load_texts(slug, lang)
    for scenario_id in scenario_paths(slug):
        try:
            source = load_scenario(slug, scenario_id)
        except ScenarioError:
            continue
        translated = scenario_in(source, lang)
        source_text = "\n".join([source.title, source.intro, *(s.caption for s in source.steps)])
        text = "\n".join([translated.title, translated.intro, *(s.caption for s in translated.steps)])
        allowed = texts[scenario_id].glossary_exceptions
        flagged = inconsistencies(game.glossary, game.language, source_text, lang, text)
        messages = [glossary_message(term, game.language, lang) for term in flagged if term.id not in allowed]
        messages += [
            f"glossary_exceptions: '{term_id}' is not needed: remove it"
            for term_id in sorted(set(allowed) - {t.id for t in flagged})
        ]
        problems += [Problem(_shown(path), 0, f"scenario '{scenario_id}': {message}") for message in messages]
    return problems


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
            problems.append(
                Problem(_shown(next(iter(paths.values()))), 0, f"game '{slug}' has scenarios but no rules engine")
            )
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


def _shown(path: Path) -> str:
    return str(path.relative_to(settings.BASE_DIR)) if path.is_relative_to(settings.BASE_DIR) else str(path)


@dataclass
class LoadPlan:
    """What storing a content set would change, worked out before anything changes.

    ``problems`` are the changes that would destroy rows other apps point at (FAQ entries of a
    game, citations of a clause): loading refuses them, nothing is deleted in cascade."""

    removed_games: list[str] = field(default_factory=list)  # stored, gone from the content: deleted
    retired: list[str] = field(default_factory=list)  # stored, retired on purpose: hidden, kept
    renames: dict[str, str] = field(default_factory=dict)  # stored id -> new id (renamed_from)
    removed_ids: set[str] = field(default_factory=set)  # stored section/clause ids that will be gone
    problems: list[Problem] = field(default_factory=list)


def plan_load(content: ContentSet) -> LoadPlan:
    """Compare ``content`` with the stored rows (no writes)."""
    plan = LoadPlan()
    stored_games = set(Game.all_objects.values_list("slug", flat=True))
    plan.retired = sorted(stored_games & set(content.retired))
    plan.removed_games = sorted(stored_games - set(content.games) - set(content.retired))
    for model, wants_clause in ((Clause, True), (Section, False)):
        for row in model.all_objects.exclude(game_id__in=plan.retired):
            current = content.resolve(row.anchor)
            if current is not None and current != row.anchor:
                plan.renames[row.anchor] = current
            if current is None or content.index[current][1].is_clause != wants_clause:
                plan.removed_ids.add(row.anchor)
                plan.problems.extend(_still_referenced(row, _vanished_id_message(content, row)))
    for slug in plan.removed_games:
        game = Game.all_objects.get(slug=slug)
        plan.problems.extend(_still_referenced(game, _vanished_game_message(content, slug), strict=True))
    return plan


def _vanished_id_message(content: ContentSet, row: Section | Clause) -> tuple[str, str]:
    kind = "clause" if isinstance(row, Clause) else "section"
    where = _content_path(content, row.game_id, "rulebook.md")
    return where, (
        f"{kind} '{row.anchor}' is no longer in the content, but {{what}} cite(s) it: if it was renamed, add "
        f"'renamed_from={row.anchor}' to the attribute list of its new heading; otherwise restore it"
    )


def _vanished_game_message(content: ContentSet, slug: str) -> tuple[str, str]:
    where = _content_path(content, slug, "")
    return where, (
        f"game '{slug}' is missing from the content, but {{what}} belong(s) to it: restore its folder, or "
        f"retire it on purpose by listing it in rulebooks/content/retired.toml (its entries are kept, hidden)"
    )


def _content_path(content: ContentSet, slug: str, name: str) -> str:
    folder = Path(settings.RULEBOOK_CONTENT_DIR) / slug
    if slug in content.games:
        folder = content.games[slug].folder
    return _shown(folder / name if name else folder)


def _still_referenced(row: Model, message: tuple[str, str], strict: bool = False) -> list[Problem]:
    """Rows of other apps (the FAQ) that point at ``row``: deleting it would lose them."""
    where, text = message
    with translation.override("en"):  # command output is English
        found = _referencing(row, strict)
    if not found:
        return []
    return [Problem(where, 0, text.format(what=" and ".join(found)))]


def _referencing(row: Model, strict: bool) -> list[str]:
    """Counts and examples of the rows of other apps pointing at ``row``. Unless ``strict``, rows
    the content itself rebuilds are left out (a queryset's ``written_by_people()``, if it has one);
    ``strict`` (a game that would go) counts every row, or those a queryset's
    ``lost_with_their_game()`` names (a content file's phrasings go with the file)."""
    found = []
    for rel in row._meta.related_objects:
        model, accessor = rel.related_model, rel.get_accessor_name()
        assert not isinstance(model, str) and accessor is not None  # (resolved once the apps are loaded)
        if model._meta.app_label == row._meta.app_label:
            continue  # the rulebook's own rows are a rendering of the files
        related = getattr(row, accessor).all()
        if strict and hasattr(related, "lost_with_their_game"):
            related = related.lost_with_their_game()
        elif not strict and hasattr(related, "written_by_people"):
            related = related.written_by_people()
        count = related.count()
        if count:
            examples = "; ".join(f"“{obj}”" for obj in related[:3])
            meta = model._meta
            found.append(f"{count} {meta.verbose_name if count == 1 else meta.verbose_name_plural} ({examples})")
    return found


@transaction.atomic
def store_content(content: ContentSet, plan: LoadPlan | None = None) -> dict[str, int]:
    """Replace the stored rulebooks by ``content``. Refuses content with problems, and changes
    that would delete rows the FAQ points at (see :class:`LoadPlan`); all or nothing."""
    if content.problems:
        raise ContentError(content.problems)
    plan = plan or plan_load(content)
    if plan.problems:
        raise ContentError(plan.problems)
    Game.all_objects.filter(slug__in=plan.removed_games).delete()
    Game.all_objects.filter(slug__in=plan.retired).update(retired=True)
    _rename_in_place(plan.renames)
    counts = {"games": 0, "sections": 0, "clauses": 0, "translated_clauses": 0}
    former = _former_ids()
    # Each language's view of the id index (translated titles in references), built once.
    indexes = {lang: language_index(content, lang) for lang in CONTENT_LANGUAGES}
    for slug, game_content in content.games.items():
        game = _store_game(slug, game_content)
        sections, clauses = _store_book(content, game_content, game, former)
        counts["sections"] += sections
        counts["clauses"] += clauses
        counts["translated_clauses"] += _store_translations(content, game_content, game, indexes)
        counts["games"] += 1
    return counts


def _store_game(slug: str, game_content: GameContent) -> Game:
    """The game's row, from the rulebook's front matter and glossary (un-retired)."""
    meta = game_content.meta
    game, _ = Game.all_objects.update_or_create(
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
            "retired": False,
            "search_terms": [
                {"id": term.id, **{lang: list(term.synonyms(lang)) for lang in CONTENT_LANGUAGES}}
                for term in game_content.glossary
            ],
        },
    )
    return game


def _store_book(
    content: ContentSet, game_content: GameContent, game: Game, former: dict[str, list[str]]
) -> tuple[int, int]:
    """The game's sections and clauses, (number of sections, number of clauses). They are a
    rendering of the files. Rows are updated in place by id (so other tables can point at them; a
    renamed id was renamed in place before); ids that vanished from the files are deleted
    (plan_load made sure nothing points at them)."""
    seen_sections: set[str] = set()
    seen_clauses: set[str] = set()
    section_rows: dict[str, Section] = {}
    sections = clauses = 0
    for position, node in enumerate(game_content.book.nodes):
        parent = section_rows.get(node.parent.id) if node.parent else None
        former_ids = sorted(set(node.renamed_from) | set(former.get(node.id, ())))
        if not node.is_clause:
            section_rows[node.id], _ = Section.all_objects.update_or_create(
                anchor=node.id,
                defaults={
                    "game": game,
                    "parent": parent,
                    "number": node.number,
                    "title": node.title,
                    "level": node.level,
                    "position": position,
                    "former_ids": former_ids,
                },
            )
            seen_sections.add(node.id)
            sections += 1
            continue
        _store_clause(content, game_content, game, node, parent, position, former_ids)
        seen_clauses.add(node.id)
        clauses += 1
    Clause.all_objects.filter(game=game).exclude(anchor__in=seen_clauses).delete()
    Section.all_objects.filter(game=game).exclude(anchor__in=seen_sections).delete()
    return sections, clauses


def _store_clause(
    content: ContentSet,
    game_content: GameContent,
    game: Game,
    node: Node,
    section: Section | None,
    position: int,
    former_ids: list[str],
) -> None:
    body_html = _rendered(content, node.body_markdown(), content.index, "")
    notes_html = [_rendered(content, note.markdown, content.index, "") for note in node.notes]
    Clause.all_objects.update_or_create(
        anchor=node.id,
        defaults={
            "game": game,
            "section": section,
            "number": node.number,
            "title": node.title,
            "kind": node.kind,
            "level": node.level,
            "position": position,
            "body_markdown": node.body_markdown(),
            "body_html": body_html,
            "notes_html": notes_html,
            "demos": [{"scenario": d.scenario, "caption": d.caption} for d in node.demos],
            "body_text": html_to_text(body_html),
            "source_path": game_content.book.path,
            "source_line": node.line,
            "former_ids": former_ids,
        },
    )


TRANSLATED_FRONT_MATTER = ("title", "description", "edition", "source", "players")


def _rendered(content: ContentSet, text: str, index: NodeIndex, lang: str) -> str:
    """``render_markdown``, once per text and language of a content set (``lang`` "" for the
    source: references titled in each rulebook's own language)."""
    key = (lang, text)
    if key not in content.rendered:
        content.rendered[key] = render_markdown(text, index)
    return content.rendered[key]


def language_index(content: ContentSet, lang: str) -> NodeIndex:
    """The site-wide id index with each node as ``lang`` readers see it (its translation's title;
    numbers are the same in every language), for rendering ``[[id]]`` in a translation."""
    index: NodeIndex = {}
    for ref, (slug, node) in content.index.items():
        translation = content.games[slug].translations.get(lang)
        translated = translation.node(ref) if translation else None
        index[ref] = (slug, translated or node)
    return index


def _store_translations(
    content: ContentSet, game_content: GameContent, game: Game, indexes: dict[str, NodeIndex]
) -> int:
    """rulebook.<lang>.md of one game: the game's translated front matter, section titles and one
    ClauseTranslation per clause and language (replaced: nothing points at them)."""
    ClauseTranslation.all_objects.filter(game=game).delete()
    clauses = {row.anchor: row for row in Clause.all_objects.filter(game=game)}
    sections = {row.anchor: row for row in Section.all_objects.filter(game=game)}
    titles: dict[str, dict[str, str]] = {anchor: {} for anchor in sections}
    front: dict[str, dict[str, str]] = {}
    rows = []
    for lang, book_translation in sorted(game_content.translations.items()):
        meta = book_translation.meta
        front[lang] = {key: meta.get(key) or getattr(game, key) for key in TRANSLATED_FRONT_MATTER}
        index = indexes[lang]
        for node in book_translation.book.nodes:
            if node.id in sections:
                titles[node.id][lang] = node.title
                continue
            if node.id not in clauses:
                continue
            body_html = _rendered(content, node.body_markdown(), index, lang)
            notes_html = [_rendered(content, note.markdown, index, lang) for note in node.notes]
            body_text = html_to_text(body_html)
            rows.append(
                ClauseTranslation(
                    clause=clauses[node.id],
                    game=game,
                    language=lang,
                    title=node.title,
                    body_html=body_html,
                    notes_html=notes_html,
                    demos=[{"scenario": d.scenario, "caption": d.caption} for d in node.demos],
                    body_text=body_text,
                )
            )
    ClauseTranslation.all_objects.bulk_create(rows)
    for anchor, row in sections.items():
        if row.titles != titles[anchor]:
            row.titles = titles[anchor]
            row.save(update_fields=["titles"])
    if game.translations != front:
        game.translations = front
        game.save(update_fields=["translations"])
    return len(rows)


def _former_ids() -> dict[str, list[str]]:
    """Stored former ids per current id, kept even when the content no longer declares them."""
    out: dict[str, list[str]] = {}
    for model in (Section, Clause):
        for anchor, former in model.all_objects.exclude(former_ids=[]).values_list("anchor", "former_ids"):
            out.setdefault(anchor, []).extend(former)
    return out


def _rename_in_place(renames: dict[str, str]) -> None:
    """Give stored rows their new ids (primary keys, and so FAQ citations, stay). If a row with
    the new id exists already, the old row's citations move to it and the old row goes."""
    for model in (Section, Clause):
        for old, new in renames.items():
            row = model.all_objects.filter(anchor=old).first()
            if row is None:
                continue
            target = model.all_objects.filter(anchor=new).first()
            if target is None:
                model.all_objects.filter(pk=row.pk).update(anchor=new)
                continue
            _move_references(model, row, target)
            row.delete()


def _move_references(model: type[Section] | type[Clause], source: Model, target: Model) -> None:
    """Point every many-to-many row of another app at ``target`` instead of ``source``."""
    for rel in model._meta.related_objects:
        if not isinstance(rel, ManyToManyRel):
            continue
        related_model = rel.related_model
        assert not isinstance(related_model, str)  # (resolved once the apps are loaded)
        if related_model._meta.app_label == model._meta.app_label:
            continue
        through: Any = rel.through  # a model class (resolved once the apps are loaded)
        mine = rel.field.m2m_reverse_field_name()  # the through table's column pointing at ``model``
        other = rel.field.m2m_field_name()
        already = set(through.objects.filter(**{mine: target}).values_list(f"{other}_id", flat=True))
        through.objects.filter(**{mine: source}, **{f"{other}_id__in": already}).delete()
        through.objects.filter(**{mine: source}).update(**{mine: target})
