"""Translations of a rulebook and its curated FAQ entries, and the checks that keep them aligned
with the source (no Django).

Every rulebook exists in the three site languages. The source (``rulebook.md``, in the language its
front matter names) governs; each other language has ``rulebook.<lang>.md`` with the same headings
(identical attribute lists, so the same ids, levels, kinds and order, hence the same § numbers),
and in every clause the same interpretation notes, demos, ``[[references]]``, block structure
(paragraphs, list items, table rows) and numbers written in digits. Curated FAQ entries have
``faq/<lang>/<slug>.md`` with only the translated ``question`` in the front matter. A game term
from the glossary must be rendered with one of its listed forms (:func:`glossary.inconsistencies`).

Coverage of the seed text is checked against the source only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .glossary import Term, inconsistencies
from .parsing import (
    CONTENT_LANGUAGES,
    Book,
    Node,
    Problem,
    cross_refs,
    parse_file,
    read_front_matter_file,
    resolve_refs,
)

if TYPE_CHECKING:
    from .contentset import FaqSource

TRANSLATION_META = ("language", "title", "description")  # required in a translation's front matter
OPTIONAL_META = ("edition", "source", "players", "glossary_exceptions")
FAQ_META = ("question", "glossary_exceptions")
# A translator who renders a term otherwise on purpose (the source word means something else
# there) says so: ``glossary_exceptions = { "clause-id" = ["term-id"] }`` in a rulebook's front
# matter, ``glossary_exceptions = ["term-id"]`` in a FAQ entry's.
EXCEPTIONS = "glossary_exceptions"
TRANSLATED_FILE = re.compile(r"^rulebook\.([a-z]{2})\.md$")

_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s")
_TABLE_ROW = re.compile(r"^\s*\|")
_DIGITS = re.compile(r"\d+")
_NOT_COUNTED = re.compile(r"\[\[[^\[\]]*\]\]|\]\([^)]*\)|<[^>]*>|https?://\S+")


@dataclass
class FaqTranslation:
    slug: str
    path: str
    question: str
    answer: str


@dataclass
class BookTranslation:
    """One language of a rulebook other than its source language."""

    lang: str
    path: str
    book: Book
    faqs: dict[str, FaqTranslation] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def meta(self) -> dict[str, Any]:
        return self.book.meta

    @cached_property
    def nodes_by_id(self) -> dict[str, Node]:
        return {n.id: n for n in self.book.nodes}

    def node(self, node_id: str) -> Node | None:
        return self.nodes_by_id.get(node_id)


def rulebook_path(folder: Path, lang: str) -> Path:
    return folder / f"rulebook.{lang}.md"


def faq_path(folder: Path, lang: str, slug: str) -> Path:
    return folder / "faq" / lang / f"{slug}.md"


def skeleton(markdown: str) -> list[str]:
    """The block structure of a Markdown text: one item per block (paragraph ``p``, ``list:N``
    items, ``table:N`` rows), which a translation keeps."""
    blocks: list[list[str]] = [[]]
    for line in markdown.split("\n"):
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    shape = []
    for block in blocks:
        if not block:
            continue
        if all(_TABLE_ROW.match(line) for line in block):
            shape.append(f"table:{len(block)}")
            continue
        items = sum(1 for line in block if _LIST_ITEM.match(line))
        # Only a block that starts with an item is a list: "2025. Dit…" inside a paragraph is not.
        shape.append(f"list:{items}" if items and _LIST_ITEM.match(block[0]) else "p")
    # Consecutive lists separated by blank lines are one list ("loose" items).
    merged: list[str] = []
    for item in shape:
        if merged and item.startswith("list:") and merged[-1].startswith("list:"):
            merged[-1] = f"list:{int(merged[-1][5:]) + int(item[5:])}"
        else:
            merged.append(item)
    return merged


def numbers(text: str) -> Counter[str]:
    """The numbers written in digits (not inside references, link targets, tags or addresses)."""
    return Counter(_DIGITS.findall(_NOT_COUNTED.sub(" ", text)))


def _counter_difference(source: Counter[str], target: Counter[str]) -> str:
    missing = sorted((source - target).elements(), key=int)
    extra = sorted((target - source).elements(), key=int)
    parts = []
    if missing:
        parts.append("missing " + ", ".join(missing))
    if extra:
        parts.append("extra " + ", ".join(extra))
    return "; ".join(parts)


def clause_text(node: Node) -> str:
    """Everything a reader reads of a clause: title, body and notes."""
    return "\n\n".join([node.title, node.body_markdown(), *(note.markdown for note in node.notes)])


def read_translation(folder: Path, lang: str, shown: str) -> BookTranslation:
    book, problems = parse_file(rulebook_path(folder, lang), shown, required_meta=TRANSLATION_META)
    unknown = sorted(set(book.meta) - set(TRANSLATION_META) - set(OPTIONAL_META))
    if unknown:
        problems.append(
            Problem(shown, 1, f"front matter key(s) {', '.join(unknown)} belong to the source rulebook only")
        )
    exceptions = book.meta.get(EXCEPTIONS, {})
    if not isinstance(exceptions, dict) or not all(
        isinstance(v, list) and all(isinstance(t, str) for t in v) for v in exceptions.values()
    ):
        problems.append(Problem(shown, 1, f'{EXCEPTIONS} must be a table: {{ "clause-id" = ["term-id"] }}'))
    if book.meta.get("language") not in (None, lang):
        problems.append(
            Problem(shown, 1, f"front matter says language '{book.meta.get('language')}' in a file for '{lang}'")
        )
    return BookTranslation(lang=lang, path=shown, book=book, problems=problems)


def compare_books(source: Book, translation: BookTranslation, terms: list[Term]) -> list[Problem]:
    """Where a translation's structure differs from the source, and glossary terms it renders
    with none of the listed forms."""
    problems = exception_problems(translation, terms) + heading_problems(source, translation)
    for src in source.nodes:
        node = translation.node(src.id)
        if node is None:
            continue
        problems += node_problems(translation.path, src, node)
        if src.is_clause:
            problems += clause_problems(source, translation, terms, src, node)
    return problems


def exception_problems(translation: BookTranslation, terms: list[Term]) -> list[Problem]:
    """The glossary exceptions that name no clause of the book or no term of the glossary."""
    shown, problems = translation.path, []
    known_terms = {t.id for t in terms}
    for clause_id, term_ids in translation.meta.get(EXCEPTIONS, {}).items():
        if clause_id not in translation.nodes_by_id:
            problems.append(Problem(shown, 1, f"{EXCEPTIONS}: '{clause_id}' is not a clause of this book"))
        for term_id in sorted(set(term_ids) - known_terms):
            problems.append(Problem(shown, 1, f"{EXCEPTIONS}: '{term_id}' is not a term of the glossary"))
    return problems


def heading_problems(source: Book, translation: BookTranslation) -> list[Problem]:
    """The source's headings the translation leaves out, the ones it adds, and the first heading
    out of the source's order."""
    shown, by_id, problems = translation.path, translation.nodes_by_id, []
    for node in source.nodes:
        if node.id not in by_id:
            kind = "clause" if node.is_clause else "section"
            problems.append(Problem(shown, 0, f"{kind} '{node.id}' of the source (line {node.line}) is missing"))
    source_ids = [n.id for n in source.nodes]
    source_set = set(source_ids)
    for node in translation.book.nodes:
        if node.id not in source_set:
            problems.append(Problem(shown, node.line, f"'{node.id}' is not in the source rulebook"))
    common_source = [i for i in source_ids if i in by_id]
    common_target = [n.id for n in translation.book.nodes if n.id in source_set]
    if common_source != common_target:
        first = next(i for i, (a, b) in enumerate(zip(common_source, common_target, strict=False)) if a != b)
        problems.append(
            Problem(
                shown,
                by_id[common_target[first]].line,
                f"headings are in another order than the source: expected '{common_source[first]}' here",
            )
        )
    return problems


def node_problems(shown: str, src: Node, node: Node) -> list[Problem]:
    """A heading's level, kind and former ids against the source's."""
    where, problems = f"'{src.id}'", []
    if node.level != src.level:
        problems.append(Problem(shown, node.line, f"{where} is at heading level {node.level}, the source at {src.level}"))
    if node.kind != src.kind:
        problems.append(
            Problem(shown, node.line, f"{where} has kind {node.kind or 'section'}, the source {src.kind or 'section'}")
        )
    if node.renamed_from != src.renamed_from:
        problems.append(Problem(shown, node.line, f"{where}: copy the source's renamed_from={','.join(src.renamed_from)}"))
    return problems


def clause_problems(source: Book, translation: BookTranslation, terms: list[Term], src: Node, node: Node) -> list[Problem]:
    """A translated clause against the source's: notes, demos, citations, blocks, numbers and
    glossary terms (save the clause's listed exceptions)."""
    shown, lang, where = translation.path, translation.lang, f"'{src.id}'"
    problems = []
    if len(node.notes) != len(src.notes):
        problems.append(
            Problem(shown, node.line, f"{where} has {len(node.notes)} interpretation note(s), the source {len(src.notes)}")
        )
    demos, source_demos = [d.scenario for d in node.demos], [d.scenario for d in src.demos]
    if demos != source_demos:
        problems.append(Problem(shown, node.line, f"{where} shows demos {demos}, the source {source_demos}"))
    text, source_text = clause_text(node), clause_text(src)
    refs, source_refs = Counter(cross_refs(text)), Counter(cross_refs(source_text))
    if refs != source_refs:
        problems.append(
            Problem(shown, node.line, f"{where} cites {sorted(refs.elements())}, the source {sorted(source_refs.elements())}")
        )
    if skeleton(node.body_markdown()) != skeleton(src.body_markdown()):
        problems.append(
            Problem(
                shown,
                node.line,
                f"{where} has blocks {skeleton(node.body_markdown())}, the source {skeleton(src.body_markdown())} "
                "(same paragraphs, list items and table rows)",
            )
        )
    for i, (note, source_note) in enumerate(zip(node.notes, src.notes, strict=False), start=1):
        if skeleton(note.markdown) != skeleton(source_note.markdown):
            problems.append(
                Problem(
                    shown,
                    note.line,
                    f"{where}: interpretation note {i} has blocks {skeleton(note.markdown)}, "
                    f"the source {skeleton(source_note.markdown)}",
                )
            )
    difference = _counter_difference(numbers(source_text), numbers(text))
    if difference:
        problems.append(Problem(shown, node.line, f"{where}: numbers differ from the source ({difference})"))
    source_lang = source.meta.get("language", "")
    flagged = {t.id: t for t in inconsistencies(terms, source_lang, source_text, lang, text)}
    allowed = set(translation.meta.get(EXCEPTIONS, {}).get(src.id, ()))
    for term_id, term in flagged.items():
        if term_id not in allowed:
            problems.append(_glossary_problem(shown, node.line, where, term, source_lang, lang))
    for term_id in sorted(allowed & {t.id for t in terms} - set(flagged)):
        problems.append(Problem(shown, 1, f"{EXCEPTIONS}: '{term_id}' in '{src.id}' is not needed: remove it"))
    return problems


def _glossary_problem(shown: str, line: int, where: str, term: Term, source_lang: str, lang: str) -> Problem:
    return Problem(shown, line, f"{where}: {glossary_message(term, source_lang, lang)}")


def glossary_message(term: Term, source_lang: str, lang: str) -> str:
    return (
        f"glossary term '{term.id}' ({term.word(source_lang)}) is not rendered as {' / '.join(term.forms[lang])} "
        f"(if the source word means something else here, list '{term.id}' in {EXCEPTIONS})"
    )


def read_faq_translations(
    folder: Path,
    lang: str,
    sources: list[FaqSource],
    source_lang: str,
    terms: list[Term],
    rel: Callable[[Path], str],
    aliases: dict[str, str] | None = None,
) -> tuple[dict[str, FaqTranslation], list[Problem]]:
    """``faq/<lang>/*.md`` against the curated entries ``sources`` (contentset.FaqSource), whose
    answers cite renamed clauses by their current ids (``aliases``: former id -> id); so do the
    translations."""
    aliases = aliases or {}
    problems: list[Problem] = []
    found: dict[str, FaqTranslation] = {}
    lang_dir = folder / "faq" / lang
    files = {p.stem: p for p in sorted(lang_dir.glob("*.md"))} if lang_dir.is_dir() else {}
    for source in sources:
        path = files.pop(source.slug, None)
        shown = rel(faq_path(folder, lang, source.slug))
        if path is None:
            problems.append(Problem(shown, 0, f"FAQ entry '{source.slug}' has no {lang} translation"))
            continue
        meta, answer, start, local = read_front_matter_file(path, shown)
        problems.extend(local)
        if local:
            continue
        answer = resolve_refs(answer, aliases)
        question = meta.get("question")
        extra = sorted(set(meta) - set(FAQ_META))
        if extra:
            problems.append(
                Problem(shown, 1, f"front matter key(s) {', '.join(extra)} belong to the source entry only")
            )
        if not isinstance(question, str) or not question.strip():
            problems.append(Problem(shown, 1, "a translated FAQ entry needs its 'question'"))
            continue
        if not answer:
            problems.append(Problem(shown, start + 1, "a translated FAQ entry needs its answer"))
            continue
        problems += _faq_differences(shown, start, question, answer, source)
        problems += _faq_term_problems(shown, meta.get(EXCEPTIONS, []), terms, source, source_lang, lang, question, answer)
        found[source.slug] = FaqTranslation(source.slug, shown, question.strip(), answer)
    for slug, path in files.items():
        if not (folder / "faq" / f"{slug}.md").exists():  # (a broken source file is reported itself)
            problems.append(Problem(rel(path), 1, f"'{slug}' is not a curated FAQ entry of this game (no faq/{slug}.md)"))
    return found, problems


def _faq_differences(shown: str, start: int, question: str, answer: str, source: FaqSource) -> list[Problem]:
    """Where a translated FAQ entry differs from its source in what must stay: the clauses it cites,
    its blocks, its numbers."""
    problems = []
    if Counter(cross_refs(answer)) != Counter(cross_refs(source.answer)):
        problems.append(
            Problem(
                shown,
                start + 1,
                f"the answer cites {sorted(cross_refs(answer))}, the source {sorted(cross_refs(source.answer))}",
            )
        )
    if skeleton(answer) != skeleton(source.answer):
        problems.append(
            Problem(shown, start + 1, f"the answer has blocks {skeleton(answer)}, the source {skeleton(source.answer)}")
        )
    both, source_both = f"{question}\n{answer}", f"{source.question}\n{source.answer}"
    difference = _counter_difference(numbers(source_both), numbers(both))
    if difference:
        problems.append(Problem(shown, 1, f"numbers differ from the source ({difference})"))
    return problems


def _faq_term_problems(
    shown: str,
    allowed: object,
    terms: list[Term],
    source: FaqSource,
    source_lang: str,
    lang: str,
    question: str,
    answer: str,
) -> list[Problem]:
    """The glossary's terms a translated FAQ entry renders otherwise than the glossary says, less the
    exceptions its front matter lists (each of which must be needed)."""
    problems = []
    if not isinstance(allowed, list) or not set(allowed) <= {t.id for t in terms}:
        problems.append(Problem(shown, 1, f"{EXCEPTIONS} must list term ids of the glossary"))
        allowed = []
    both, source_both = f"{question}\n{answer}", f"{source.question}\n{source.answer}"
    flagged = {t.id: t for t in inconsistencies(terms, source_lang, source_both, lang, both)}
    for term_id, term in flagged.items():
        if term_id not in allowed:
            problems.append(_glossary_problem(shown, 1, f"FAQ entry '{source.slug}'", term, source_lang, lang))
    for term_id in sorted(set(allowed) - set(flagged)):
        problems.append(Problem(shown, 1, f"{EXCEPTIONS}: '{term_id}' is not needed: remove it"))
    return problems


def target_languages(source_lang: str) -> tuple[str, ...]:
    return tuple(lang for lang in CONTENT_LANGUAGES if lang != source_lang)
