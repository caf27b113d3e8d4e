"""Site search over the clauses and published FAQ entries of every rulebook, ranked and grouped
by game."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from operator import and_

from django.db.models import Q
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from faq.models import Entry
from rulebooks.models import Clause, Game, looks_like_slug
from rulebooks.textsearch import (
    MAX_QUERY_CHARS,
    MAX_TERMS,
    MIN_INFIX,
    clean_query,
    highlight,
    parse_query,
    score_document,
    snippet,
)

MAX_RESULTS_PER_GAME = 40


@dataclass
class Hit:
    clause: Clause
    score: float
    title_html: str
    snippet_html: str


@dataclass
class FaqHit:
    entry: Entry
    score: float
    title_html: str
    snippet_html: str


@dataclass
class GameHits:
    game: Game
    hits: list[Hit] = field(default_factory=list)
    faq_hits: list[FaqHit] = field(default_factory=list)

    @property
    def best(self) -> float:
        return max([h.score for h in self.hits[:1] + self.faq_hits[:1]], default=0.0)


def _term_filter(stemmed: str) -> Q:
    needle = stemmed if len(stemmed) >= MIN_INFIX else f" {stemmed}"
    return Q(search_title__contains=needle) | Q(search_body__contains=needle)


def clause_texts(clause: Clause) -> tuple[str, str]:
    return clause.title, clause.body_text


def entry_texts(entry: Entry) -> tuple[str, str]:
    return entry.question, entry.answer_text


def _scored(query, rows, texts):
    """(row, score, highlighted title, snippet) for each row that matches, scored on its
    folded search columns; ``texts(row)`` gives the title and the text to show."""
    for row in rows:
        score = score_document(query, row.search_title, row.search_body)
        if score > 0:
            title, text = texts(row)
            yield row, score, mark_safe(highlight(title, query)), mark_safe(snippet(text, query))


def run_search(params) -> dict:
    """Everything the search page shows for the GET parameters ``params``."""
    raw = params.get("q", "")
    query = parse_query(raw)
    messages: list[str] = []
    game_filter = params.get("game", "") or ""
    selected = None
    if game_filter:
        selected = Game.objects.filter(slug=game_filter).first() if looks_like_slug(game_filter) else None
        if selected is None:
            shown = clean_query(game_filter)[0][:60]
            messages.append(_("There is no game called “%(game)s”; searching all rulebooks instead.") % {"game": shown})
    if query.truncated:
        messages.append(_("Your search was shortened to its first %(n)d characters.") % {"n": MAX_QUERY_CHARS})
    if query.dropped_terms:
        messages.append(_("Only the first %(n)d words of your search were used.") % {"n": MAX_TERMS})

    groups: list[GameHits] = []
    total = 0
    faq_total = 0
    if not query.empty:
        term_filter = reduce(and_, [_term_filter(s) for s in query.stems])
        rows = Clause.objects.select_related("game").filter(term_filter)
        if selected is not None:
            rows = rows.filter(game=selected)
        by_game: dict[str, GameHits] = {}
        for clause, score, title_html, snippet_html in _scored(query, rows, clause_texts):
            hit = Hit(clause=clause, score=score, title_html=title_html, snippet_html=snippet_html)
            by_game.setdefault(clause.game_id, GameHits(clause.game)).hits.append(hit)
        # Published FAQ entries only, ranked by the same scoring as clauses.
        entries = Entry.objects.published().select_related("game").filter(term_filter)
        if selected is not None:
            entries = entries.filter(game=selected)
        for entry, score, title_html, snippet_html in _scored(query, entries, entry_texts):
            hit = FaqHit(entry=entry, score=score, title_html=title_html, snippet_html=snippet_html)
            by_game.setdefault(entry.game_id, GameHits(entry.game)).faq_hits.append(hit)
        for group in by_game.values():
            group.hits.sort(key=lambda h: (-h.score, h.clause.position))
            group.faq_hits.sort(key=lambda h: (-h.score, h.entry.pk))
            total += len(group.hits)
            faq_total += len(group.faq_hits)
            group.hits = group.hits[:MAX_RESULTS_PER_GAME]
            group.faq_hits = group.faq_hits[:MAX_RESULTS_PER_GAME]
        groups = sorted(by_game.values(), key=lambda g: (-g.best, g.game.order))
    elif query.text:
        messages.append(_("Type a word to search for: letters or digits."))

    return {
        "query": query,
        "q": query.text,
        "groups": groups,
        "total": total,
        "faq_total": faq_total,
        "messages": messages,
        "selected_game": selected,
    }
