"""Site search over the clauses and published FAQ entries of every rulebook, ranked and grouped
by game.

The work per request is capped: documents are scored on their folded search columns only, the
best ``MAX_RESULTS_PER_GAME`` of each game are kept, and only those are loaded in full and get
snippets and highlighting (the expensive part). One-letter terms match whole words only
(:mod:`rulebooks.textsearch`), so "e" does not match nearly every clause."""

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
    MIN_PREFIX,
    clean_query,
    highlight,
    parse_query,
    score_document,
    snippet,
)

MAX_RESULTS_PER_GAME = 40
SCORE_FIELDS = ("pk", "game_id", "search_title", "search_body")  # all that scoring reads


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
    if len(stemmed) < MIN_PREFIX:
        needle = f" {stemmed} "  # a whole word
    else:
        needle = stemmed if len(stemmed) >= MIN_INFIX else f" {stemmed}"
    return Q(search_title__contains=needle) | Q(search_body__contains=needle)


def clause_texts(clause: Clause) -> tuple[str, str]:
    return clause.title, clause.body_text


def entry_texts(entry: Entry) -> tuple[str, str]:
    return entry.question, entry.answer_text


def _best(query, rows, order) -> tuple[dict[str, list[tuple[float, int]]], int]:
    """The best-scoring matches per game, as (score, pk) lists of at most MAX_RESULTS_PER_GAME,
    and the number of all matches. ``rows`` need only the fields in SCORE_FIELDS; ``order(row)``
    breaks ties."""
    by_game: dict[str, list[tuple[float, object, int]]] = {}
    total = 0
    for row in rows:
        score = score_document(query, row.search_title, row.search_body)
        if score > 0:
            total += 1
            by_game.setdefault(row.game_id, []).append((score, order(row), row.pk))
    best = {}
    for game_id, scored in by_game.items():
        scored.sort(key=lambda item: (-item[0], item[1]))
        best[game_id] = [(score, pk) for score, _order, pk in scored[:MAX_RESULTS_PER_GAME]]
    return best, total


def _shown(query, model_rows, best, texts):
    """Per game, (row, score, highlighted title, snippet) of the shown matches, loaded in full."""
    rows = model_rows.select_related("game").in_bulk([pk for hits in best.values() for _score, pk in hits])
    shown = {}
    for game_id, hits in best.items():
        shown[game_id] = []
        for score, pk in hits:
            row = rows[pk]
            title, text = texts(row)
            shown[game_id].append((row, score, mark_safe(highlight(title, query)), mark_safe(snippet(text, query))))
    return shown


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
    if any(len(stemmed) < MIN_PREFIX for stemmed in query.stems):
        messages.append(
            _(
                "A single letter only finds that letter as a word of its own: "
                "type more letters to find words that start with them."
            )
        )

    groups: list[GameHits] = []
    total = 0
    faq_total = 0
    if not query.empty:
        term_filter = reduce(and_, [_term_filter(s) for s in query.stems])
        clauses = Clause.objects.filter(term_filter)
        # Published FAQ entries only, ranked by the same scoring as clauses.
        entries = Entry.objects.published().filter(term_filter)
        if selected is not None:
            clauses, entries = clauses.filter(game=selected), entries.filter(game=selected)
        best_clauses, total = _best(query, clauses.only("position", *SCORE_FIELDS), lambda row: row.position)
        best_entries, faq_total = _best(query, entries.only(*SCORE_FIELDS), lambda row: row.pk)
        by_game: dict[str, GameHits] = {}
        for game_id, hits in _shown(query, Clause.objects.all(), best_clauses, clause_texts).items():
            for clause, score, title_html, snippet_html in hits:
                hit = Hit(clause=clause, score=score, title_html=title_html, snippet_html=snippet_html)
                by_game.setdefault(game_id, GameHits(clause.game)).hits.append(hit)
        for game_id, hits in _shown(query, Entry.objects.all(), best_entries, entry_texts).items():
            for entry, score, title_html, snippet_html in hits:
                hit = FaqHit(entry=entry, score=score, title_html=title_html, snippet_html=snippet_html)
                by_game.setdefault(game_id, GameHits(entry.game)).faq_hits.append(hit)
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
