"""Show rulebook rows in the reader's language.

Rows hold the source text (the rulebook's own language, which governs); the translations sit in
``Game.translations``, ``Section.titles`` and :class:`ClauseTranslation`. These functions put the
reader's text on the loaded objects in place (``title``, ``body_html``, ...), keep the source text
as ``original`` for the "original" toggle, and record the language shown in ``text_language`` so
templates mark it with ``lang``. A row without a translation in that language stays as it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.utils import translation

from .models import Clause, ClauseTranslation, Game, Section


@dataclass(frozen=True)
class Original:
    """A clause's source text, shown under "original" beside its translation."""

    language: str
    title: str
    body_html: str
    notes_html: list[str]


def reader_language() -> str:
    return (translation.get_language() or "").split("-")[0]


def clause_titles(lang: str, **filters: Any) -> dict[str, str]:
    """Clause id -> its title in ``lang``, for the clauses of other rulebooks matching ``filters``
    (citations that need only the title)."""
    rows = ClauseTranslation.objects.filter(language=lang, **filters)
    return dict(rows.values_list("clause__anchor", "title"))


def localize_game(game: Game, lang: str | None = None) -> Game:
    lang = lang or reader_language()
    texts = (game.translations or {}).get(lang)
    if lang == game.language or not texts or game.localized:
        return game
    game.original_title = game.title
    for key in ("title", "description", "edition", "source", "players"):
        if texts.get(key):
            setattr(game, key, texts[key])
    game.text_language = lang
    return game


def localize_sections(sections: Iterable[Section], lang: str | None = None) -> None:
    lang = lang or reader_language()
    for section in sections:
        title = (section.titles or {}).get(lang)
        if title and not section.localized:
            section.title = title
            section.text_language = lang


def localize_clauses(clauses: Iterable[Clause], lang: str | None = None) -> None:
    """Put the ``lang`` text on clauses of rulebooks in other languages (one query)."""
    lang = lang or reader_language()
    pending = [c for c in clauses if not c.localized]
    wanted = [c.pk for c in pending if c.game.language != lang] if pending else []
    if not wanted:
        return
    rows = {
        row.clause_id: row
        for row in ClauseTranslation.objects.filter(clause_id__in=wanted, language=lang).only(
            "clause_id", "title", "body_html", "notes_html", "demos", "body_text"
        )
    }
    for clause in pending:
        row = rows.get(clause.pk)
        if row is None:
            continue
        clause.original = Original(clause.game.language, clause.title, clause.body_html, clause.notes_html)
        clause.title, clause.body_html, clause.notes_html, clause.body_text = (
            row.title,
            row.body_html,
            row.notes_html,
            row.body_text,
        )
        if len(row.demos) == len(clause.demos):  # the same demos (checkrules), captions in lang
            clause.demos = row.demos
        clause.text_language = lang
