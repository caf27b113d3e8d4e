"""All rulebook content of the site, parsed and cross-checked (no Django).

``load_content`` reads every ``rulebooks/content/<slug>/`` folder: the rulebook, its coverage
checklist and its curated FAQ files. It returns the parsed content together with every problem
found, each naming a file and line, so ``checkrules`` can list them all at once.

Two declarations protect what people wrote against content changes (docs/CONTENT.md):
``renamed_from=old-id`` in a heading's attribute list (the loader renames the stored row in
place, so FAQ citations follow; curated FAQ files may still cite the old id) and
``rulebooks/content/retired.toml`` (games taken off the site on purpose: hidden, FAQ kept).
"""

from __future__ import annotations

import datetime as dt
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from . import translations as tr
from .glossary import FILE_NAME as GLOSSARY_FILE
from .glossary import GlossaryError, Term, read_glossary
from .parsing import (
    CONTENT_LANGUAGES,
    ID_RE,
    SCENARIO_ID_RE,
    Book,
    Node,
    Problem,
    cross_refs,
    cross_refs_with_lines,
    parse_file,
    read_front_matter_file,
    resolve_refs,
)
from .phrasings import FILE_NAME as PHRASINGS_FILE
from .phrasings import PhrasingsError, PhrasingSource, read_phrasings

FAQ_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
RETIRED_FILE = "retired.toml"
ScenarioLookup = Callable[[str], set[str]]
NodeIndex = dict[str, tuple[str, Node]]  # every section/clause id -> (game slug, node)


@dataclass
class CoverageFact:
    seed: str
    clauses: list[str]
    line: int


@dataclass
class FaqSource:
    """A curated FAQ entry shipped in the repository."""

    slug: str
    path: str
    question: str
    answer: str
    clauses: list[str]
    scenario: str = ""
    asked: dt.date | None = None
    answered: dt.date | None = None
    origin: str = ""


@dataclass
class GameContent:
    slug: str
    folder: Path
    book: Book
    seed_file: str = ""
    coverage: list[CoverageFact] = field(default_factory=list)
    faqs: list[FaqSource] = field(default_factory=list)
    scenarios: set[str] = field(default_factory=set)
    glossary: list[Term] = field(default_factory=list)
    phrasings: list[PhrasingSource] = field(default_factory=list)  # phrasings.toml ("players also say")
    translations: dict[str, tr.BookTranslation] = field(default_factory=dict)  # language -> translation

    @property
    def meta(self) -> dict[str, Any]:
        return self.book.meta

    @property
    def language(self) -> str:
        return cast(str, self.book.meta.get("language", ""))


@dataclass
class ContentSet:
    games: dict[str, GameContent]
    problems: list[Problem]
    index: NodeIndex  # every section/clause id -> (game slug, node)
    aliases: dict[str, str] = field(default_factory=dict)  # former id -> current id (renamed_from)
    retired: list[str] = field(default_factory=list)  # game slugs retired on purpose (retired.toml)
    # Markdown rendered by the loader, by (language, text): loading the same content again (every
    # test's database) renders nothing twice.
    rendered: dict[tuple[str, str], str] = field(default_factory=dict)

    def resolve(self, ref: str) -> str | None:
        """The current id of ``ref`` (itself, or the id it was renamed to), or None if unknown."""
        if ref in self.index:
            return ref
        return self.aliases.get(ref)

    def summary(self, verify: Callable[[str, str], bool] | None = None) -> dict[str, dict[str, Any]]:
        """Counts per game, as printed by ``checkrules --json``.

        ``verify(game_slug, scenario_id)`` tells whether a scenario replays with its
        expectations holding (``faq.verification.is_verified``); without it no FAQ entry counts
        as verified.
        """
        out = {}
        for slug, game in sorted(self.games.items()):
            clauses = game.book.clauses
            rules = [c for c in clauses if c.kind == "rule"]
            out[slug] = {
                "clauses": len(clauses),
                "rule_clauses": len(rules),
                "rule_clauses_with_demo": sum(1 for c in rules if c.demos),
                "scenarios": len(game.scenarios),
                "faq_entries": len(game.faqs),
                "faq_verified": sum(1 for f in game.faqs if f.scenario and verify and verify(slug, f.scenario)),
                "languages": self.language_summary(game),
            }
        return out

    @staticmethod
    def language_summary(game: GameContent) -> dict[str, dict[str, Any]]:
        """Per language: the source, or a translation with how much of it is there and its
        problems (structure, glossary, FAQ entries, scenario texts)."""
        out: dict[str, dict[str, Any]] = {
            game.language: {"role": "source", "clauses": len(game.book.clauses), "faq_entries": len(game.faqs)}
        }
        for lang, translation in sorted(game.translations.items()):
            out[lang] = {
                "role": "translation",
                "clauses": len(translation.book.clauses),
                "faq_entries": len(translation.faqs),
                "problems": [str(p) for p in translation.problems],
                "ok": not translation.problems,
            }
        return out


def _rel(path: Path, root: Path) -> str:
    try:
        return str(path.relative_to(root))
    except ValueError:
        return str(path)


def normalize_ws(text: str) -> str:
    return " ".join(text.split())


def load_content(
    content_dir: Path,
    scenario_lookup: ScenarioLookup | None = None,
    seeds_dir: Path | None = None,
    display_root: Path | None = None,
) -> ContentSet:
    """Parse and validate every game folder under ``content_dir``."""
    root = display_root or content_dir.parent.parent
    scenario_lookup = scenario_lookup or (lambda slug: set())
    problems: list[Problem] = []
    games: dict[str, GameContent] = {}
    index: NodeIndex = {}
    first_seen: dict[str, str] = {}
    prefixes: dict[str, str] = {}

    folders = sorted(p for p in content_dir.iterdir() if p.is_dir()) if content_dir.is_dir() else []
    if not folders:
        problems.append(Problem(_rel(content_dir, root), 0, "no game folders found"))
    retired = _load_retired(content_dir, {p.name for p in folders}, root, problems)

    for folder in folders:
        book_path = folder / "rulebook.md"
        if not book_path.exists():
            problems.append(Problem(_rel(folder, root), 0, "game folder has no rulebook.md"))
            continue
        shown = _rel(book_path, root)
        book, book_problems = parse_file(book_path, shown)
        problems.extend(book_problems)
        slug = folder.name
        if book.meta.get("slug") and book.meta["slug"] != slug:
            problems.append(
                Problem(shown, 1, f"front matter slug '{book.meta['slug']}' differs from folder name '{slug}'")
            )
        prefix = book.meta.get("prefix", "")
        if prefix:
            if prefix in prefixes:
                problems.append(Problem(shown, 1, f"id prefix '{prefix}' is already used by '{prefixes[prefix]}'"))
            prefixes[prefix] = slug
        problems.extend(_index_nodes(book, slug, shown, index, first_seen))
        game = GameContent(slug=slug, folder=folder, book=book, scenarios=set(scenario_lookup(slug)))
        games[slug] = game

    aliases = _collect_aliases(games, index, root, problems)
    for game in games.values():
        problems.extend(_reference_problems(game, index, aliases, _rel(game.folder / "rulebook.md", root)))
        _load_coverage(game, index, seeds_dir, root, problems, aliases)
        _load_faqs(game, index, root, problems, aliases)
        _load_glossary(game, root, problems)
        _load_phrasings(game, root, problems, aliases)
        _load_translations(game, root, problems, aliases)

    return ContentSet(games=games, problems=problems, index=index, aliases=aliases, retired=retired)


def _load_retired(content_dir: Path, folders: set[str], root: Path, problems: list[Problem]) -> list[str]:
    """``retired.toml``: ``retired = ["game-slug", ...]``, games taken off the site on purpose.

    A retired game is hidden and its stored rulebook and FAQ entries are kept as they are; a game
    missing from the content without being retired makes ``loadrules`` refuse if it has entries."""
    path = content_dir / RETIRED_FILE
    if not path.is_file():
        return []
    shown = _rel(path, root)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        problems.append(Problem(shown, 1, f"cannot read the list of retired games: {exc}"))
        return []
    slugs = data.get("retired", [])
    unknown_keys = sorted(set(data) - {"retired"})
    if unknown_keys:
        problems.append(Problem(shown, 1, f"unknown key(s) {', '.join(unknown_keys)}: the file holds only 'retired'"))
    if not isinstance(slugs, list) or not all(isinstance(s, str) and FAQ_SLUG_RE.match(s) for s in slugs):
        problems.append(Problem(shown, 1, "'retired' must be a list of game slugs"))
        return []
    for slug in slugs:
        if slug in folders:
            problems.append(
                Problem(shown, 1, f"game '{slug}' is retired but its folder is still there: remove one of the two")
            )
    return sorted(set(slugs) - folders)


def _index_nodes(
    book: Book, slug: str, shown: str, index: NodeIndex, first_seen: dict[str, str]
) -> list[Problem]:
    """Add the book's sections and clauses to the site-wide ``index``; an id seen before is a problem."""
    problems = []
    for node in book.nodes:
        if node.id in first_seen:
            problems.append(Problem(shown, node.line, f"duplicate id '{node.id}' (first defined at {first_seen[node.id]})"))
            continue
        first_seen[node.id] = f"{shown}:{node.line}"
        index[node.id] = (slug, node)
    return problems


def _reference_problems(
    game: GameContent, index: NodeIndex, aliases: dict[str, str], shown: str
) -> list[Problem]:
    """``[[id]]`` references of the game's clauses to former or unknown ids, and demos of unknown scenarios."""
    problems = []
    for clause in game.book.clauses:
        for part in clause.parts:
            text, start = (part[1], part[2]) if part[0] == "md" else (part[1].markdown, part[1].line + 1)
            for ref, line in cross_refs_with_lines(text, start):
                if ref in aliases:
                    problems.append(
                        Problem(shown, line, f"[[{ref}]] in clause '{clause.id}' uses a former id: write [[{aliases[ref]}]]")
                    )
                elif ref not in index:
                    problems.append(Problem(shown, line, f"[[{ref}]] in clause '{clause.id}' refers to an unknown clause"))
        for demo in clause.demos:
            if SCENARIO_ID_RE.match(demo.scenario) and demo.scenario not in game.scenarios:
                problems.append(
                    Problem(
                        shown,
                        demo.line,
                        f"demo of clause '{clause.id}' refers to unknown scenario '{demo.scenario}' "
                        f"(expected rules/games/{game.slug.replace('-', '_')}/scenarios/{demo.scenario}.toml)",
                    )
                )
    return problems


def _collect_aliases(games: dict[str, GameContent], index: NodeIndex, root: Path, problems: list[Problem]) -> dict[str, str]:
    """Former ids (``renamed_from``) -> current ids; a former id must not be in use or claimed twice."""
    aliases: dict[str, str] = {}
    where: dict[str, str] = {}
    for game in games.values():
        shown = _rel(game.folder / "rulebook.md", root)
        for node in game.book.nodes:
            for old in node.renamed_from:
                if old in index:
                    problems.append(
                        Problem(shown, node.line, f"'{node.id}' is renamed from '{old}', but '{old}' is still an id")
                    )
                elif old in aliases:
                    problems.append(
                        Problem(shown, node.line, f"'{old}' is already renamed to '{aliases[old]}' (at {where[old]})")
                    )
                else:
                    aliases[old] = node.id
                    where[old] = f"{shown}:{node.line}"
    return aliases


def _load_glossary(game: GameContent, root: Path, problems: list[Problem]) -> None:
    """The game's terms in nl, de and en (rulebooks/glossary.py): required, and well-formed."""
    path = game.folder / GLOSSARY_FILE
    if not path.exists():
        problems.append(Problem(_rel(path, root), 0, "glossary is missing: the game's terms in nl, de and en"))
        return
    try:
        game.glossary = read_glossary(path)
    except GlossaryError as exc:
        problems.append(Problem(_rel(path, root), 1, exc.detail))


def _load_phrasings(game: GameContent, root: Path, problems: list[Problem], aliases: dict[str, str]) -> None:
    """``phrasings.toml`` (optional): every phrasing names a clause of this game or one of its
    curated FAQ files (read after the FAQ files)."""
    path = game.folder / PHRASINGS_FILE
    shown = _rel(path, root)
    try:
        found = read_phrasings(path)
    except PhrasingsError as exc:
        problems.append(Problem(shown, 1, exc.detail))
        return
    clauses = {c.id for c in game.book.clauses}
    slugs = {f.slug for f in game.faqs} | {p.stem for p in (game.folder / "faq").glob("*.md")}
    for phrasing in found:
        if phrasing.kind == "clause":
            ref = aliases.get(phrasing.ref, phrasing.ref)
            if ref not in clauses:
                problems.append(Problem(shown, 1, f"[clause.{phrasing.ref}] is not a clause of {game.slug}"))
                continue
            phrasing = PhrasingSource("clause", ref, phrasing.language, phrasing.text)
        elif phrasing.ref not in slugs:
            problems.append(Problem(shown, 1, f"[faq.{phrasing.ref}] is not a file faq/{phrasing.ref}.md of {game.slug}"))
            continue
        game.phrasings.append(phrasing)


def _load_translations(game: GameContent, root: Path, problems: list[Problem], aliases: dict[str, str]) -> None:
    """``rulebook.<lang>.md`` and ``faq/<lang>/*.md`` for every language but the source's, checked
    against the source (rulebooks/translations.py). Each problem is also kept on its translation,
    for ``checkrules --json``."""
    source_lang = game.language
    if source_lang not in CONTENT_LANGUAGES:
        return  # the front matter's language is reported with the rulebook
    targets = tr.target_languages(source_lang)
    for path in sorted(game.folder.glob("rulebook.*.md")):
        match = tr.TRANSLATED_FILE.match(path.name)
        if match is None or match.group(1) not in targets:
            problems.append(
                Problem(
                    _rel(path, root),
                    1,
                    f"unexpected file: translations are rulebook.<lang>.md for {', '.join(targets)}",
                )
            )
    for lang in targets:
        path = tr.rulebook_path(game.folder, lang)
        shown = _rel(path, root)
        if not path.exists():
            problem = Problem(shown, 0, f"the {lang} translation is missing: every rulebook exists in nl, de and en")
            problems.append(problem)
            game.translations[lang] = tr.BookTranslation(lang, shown, Book(shown, {}, [], []), problems=[problem])
            continue
        translation = tr.read_translation(game.folder, lang, shown)
        if not translation.problems:
            translation.problems += tr.compare_books(game.book, translation, game.glossary)
        faqs, faq_problems = tr.read_faq_translations(
            game.folder, lang, game.faqs, source_lang, game.glossary, lambda p: _rel(p, root), aliases
        )
        translation.faqs = faqs
        translation.problems += faq_problems
        problems.extend(translation.problems)
        game.translations[lang] = translation


def _load_coverage(
    game: GameContent, index: NodeIndex, seeds_dir: Path | None, root: Path, problems: list[Problem], aliases: dict[str, str]
) -> None:
    """``coverage.toml``: every rule sentence of the seed -> the clauses that carry it; every rule
    clause covered or explained by an interpretation note."""
    path = game.folder / "coverage.toml"
    shown = _rel(path, root)
    if not path.exists():
        problems.append(Problem(shown, 0, "coverage checklist is missing"))
        return
    text = path.read_text(encoding="utf-8")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        problems.append(Problem(shown, 1, f"invalid TOML: {exc}"))
        return
    fact_lines = [i + 1 for i, line in enumerate(text.split("\n")) if line.strip() == "[[fact]]"]
    game.seed_file = data.get("seed_file", "")
    if not isinstance(game.seed_file, str) or not game.seed_file:
        problems.append(Problem(shown, 1, "coverage checklist needs 'seed_file'"))
    facts = data.get("fact", [])
    if not facts:
        problems.append(Problem(shown, 1, "coverage checklist has no [[fact]] entries"))
    seed_text = _seed_text(game, seeds_dir, shown, problems)
    own_ids = {n.id for n in game.book.nodes}
    for i, fact in enumerate(facts):
        line = fact_lines[i] if i < len(fact_lines) else 1
        seed = fact.get("seed")
        if not isinstance(seed, str) or not seed.strip():
            problems.append(Problem(shown, line, "fact needs a non-empty 'seed' quote"))
        elif seed_text is not None and normalize_ws(seed) not in seed_text:
            problems.append(Problem(shown, line, f"seed quote not found in {game.seed_file}: {seed[:60]!r}"))
        clauses = _fact_clauses(fact.get("clauses"), own_ids, index, aliases, Problem(shown, line, ""), problems)
        if isinstance(seed, str):
            game.coverage.append(CoverageFact(seed=seed, clauses=clauses, line=line))
    problems.extend(_uncovered_rules(game, root))


def _seed_text(game: GameContent, seeds_dir: Path | None, shown: str, problems: list[Problem]) -> str | None:
    """The seed file's text (whitespace normalised) when the seeds are checked and it exists."""
    if seeds_dir is None or not game.seed_file:
        return None
    seed_path = seeds_dir / game.seed_file
    if seed_path.exists():
        return normalize_ws(seed_path.read_text(encoding="utf-8"))
    if seeds_dir.exists():
        problems.append(Problem(shown, 1, f"seed file '{game.seed_file}' not found in {seeds_dir}"))
    return None


def _fact_clauses(
    clauses: Any, own_ids: set[str], index: NodeIndex, aliases: dict[str, str], at: Problem, problems: list[Problem]
) -> list[str]:
    """A fact's ``clauses``, each a clause of this game (``at``: where the fact is written)."""
    if not isinstance(clauses, list) or not clauses:
        problems.append(Problem(at.path, at.line, "fact needs a non-empty 'clauses' list"))
        return []
    for ref in clauses:
        if ref in aliases:
            problems.append(Problem(at.path, at.line, f"fact uses the former id '{ref}': write '{aliases[ref]}'"))
        elif ref not in own_ids:
            problems.append(Problem(at.path, at.line, f"fact refers to unknown clause '{ref}'"))
        elif not index[ref][1].is_clause:
            problems.append(Problem(at.path, at.line, f"fact refers to '{ref}', which is a section, not a clause"))
    return list(clauses)


def _uncovered_rules(game: GameContent, root: Path) -> list[Problem]:
    """Rule clauses neither in coverage.toml nor explained by an interpretation note."""
    covered = {ref for fact in game.coverage for ref in fact.clauses}
    book_shown = _rel(game.folder / "rulebook.md", root)
    return [
        Problem(book_shown, clause.line,
                f"rule clause '{clause.id}' is neither in coverage.toml nor explained by an interpretation note")
        for clause in game.book.clauses
        if clause.kind == "rule" and clause.id not in covered and not clause.notes
    ]  # fmt: skip


def _load_faqs(game: GameContent, index: NodeIndex, root: Path, problems: list[Problem], aliases: dict[str, str]) -> None:
    """The curated FAQ files ``faq/*.md``: an entry with a problem is reported and left out."""
    folder = game.folder / "faq"
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.md")):
        shown = _rel(path, root)
        if not FAQ_SLUG_RE.match(path.stem):
            problems.append(Problem(shown, 1, f"FAQ file name '{path.stem}' must be lowercase words joined by hyphens"))
            continue
        meta, answer, start, local = read_front_matter_file(path, shown)
        if not local:
            # Citations of a renamed clause follow it (``renamed_from``).
            answer = resolve_refs(answer, aliases)
            local = _faq_problems(game, index, aliases, shown, meta, answer, start)
        problems.extend(local)
        if not local:
            game.faqs.append(
                FaqSource(
                    slug=path.stem,
                    path=shown,
                    question=cast(str, meta["question"]).strip(),
                    answer=answer,
                    clauses=[aliases.get(ref, ref) for ref in meta["clauses"]],
                    scenario=meta.get("scenario", "") or "",
                    asked=meta.get("asked"),
                    answered=meta.get("answered"),
                    origin=meta.get("origin", ""),
                )
            )


def _faq_problems(
    game: GameContent, index: NodeIndex, aliases: dict[str, str], shown: str, meta: dict[str, Any], answer: str, start: int
) -> list[Problem]:
    """What is wrong with one FAQ entry: its question, answer, citations, scenario and dates."""
    problems = []
    question, clauses = meta.get("question"), meta.get("clauses")
    if not isinstance(question, str) or not question.strip():
        problems.append(Problem(shown, 1, "FAQ entry needs a 'question'"))
    if not answer:
        problems.append(Problem(shown, start + 1, "FAQ entry has no answer text"))
    if not isinstance(clauses, list) or not clauses:
        problems.append(Problem(shown, 1, "FAQ entry needs a non-empty 'clauses' list"))
        clauses = []
    for ref in (aliases.get(ref, ref) if isinstance(ref, str) else ref for ref in clauses):
        if not isinstance(ref, str) or not ID_RE.match(ref) or ref not in index:
            problems.append(Problem(shown, 1, f"FAQ entry cites unknown clause '{ref}'"))
        elif not index[ref][1].is_clause:
            problems.append(Problem(shown, 1, f"FAQ entry cites '{ref}', which is a section, not a clause"))
    unknown = [ref for ref in cross_refs(answer) if ref not in index]
    problems += [Problem(shown, 1, f"[[{ref}]] in the answer refers to an unknown clause") for ref in unknown]
    scenario = meta.get("scenario", "") or ""
    if scenario and scenario not in game.scenarios:
        problems.append(Problem(shown, 1, f"FAQ entry refers to unknown scenario '{scenario}'"))
    problems += [
        Problem(shown, 1, f"'{key}' must be a TOML date like 2024-05-01")
        for key in ("asked", "answered") if key in meta and not isinstance(meta[key], dt.date)
    ]  # fmt: skip
    return problems
