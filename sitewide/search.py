"""Site search over the clauses and published FAQ entries of every rulebook, ranked and grouped
by game.

The work per request is capped: the full-text index (:mod:`sitewide.fulltext`) finds the matching
rows, at most ``MAX_CANDIDATES_PER_GAME`` of them per game are scored on
their folded search columns, the best ``MAX_RESULTS_PER_GAME`` (``MAX_FAQ_RESULTS_PER_GAME``) of
each game are kept, and only those are loaded in full and get snippets and highlighting. One-letter
terms match whole words only (:mod:`rulebooks.textsearch`), so "e" does not match nearly every
clause."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import connection
from django.db.models import Case, Count, F, IntegerField, Value, When, Window
from django.db.models.functions import RowNumber
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from faq.models import Entry, EntryTranslation
from rulebooks.localize import localize_game, reader_language
from rulebooks.models import Clause, ClauseTranslation, Game, looks_like_slug
from rulebooks.textsearch import (
    MAX_QUERY_CHARS,
    MAX_TERMS,
    MIN_PREFIX,
    clean_query,
    highlight,
    parse_query,
    score_document,
    snippet,
)

from .fulltext import matching

MAX_RESULTS_PER_GAME = 40  # clauses shown per game
MAX_FAQ_RESULTS_PER_GAME = 10  # FAQ entries shown per game
# At most this many matching rows of each kind and game are scored (those with every term in the
# title first, see _scored); more are only counted. A one-word search among thousands of FAQ
# entries stays cheap, and the best hits almost always have the words in the title.
MAX_CANDIDATES_PER_GAME = 150
# All that scoring reads, and the tie-breaker last.
SCORE_FIELDS = ("pk", "game_id", "search_title", "search_body")


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


def clause_texts(clause: Clause) -> tuple[str, str]:
    return clause.title, clause.body_text


def entry_texts(entry: Entry) -> tuple[str, str]:
    return entry.question, entry.answer_text


# Tie-breakers: rulebook order for clauses (else the newest first).
ORDER_FIELDS = {Clause: "position", ClauseTranslation: "clause__position"}


def _best(query, rows, per_game) -> tuple[dict[str, list[tuple[float, int]]], int]:
    """The best-scoring matches per game, as (score, pk) lists of at most ``per_game``, and the
    number of all matches. ``rows`` are tuples of SCORE_FIELDS and optionally a tie-breaker (else
    the pk breaks ties)."""
    by_game: dict[str, list[tuple[float, object, int]]] = {}
    total = 0
    for pk, game_id, search_title, search_body, *tiebreak in rows:
        score = score_document(query, search_title, search_body)
        if score > 0:
            total += 1
            by_game.setdefault(game_id, []).append((score, tiebreak[0] if tiebreak else pk, pk))
    best = {}
    for game_id, scored in by_game.items():
        scored.sort(key=lambda item: (-item[0], item[1]))
        best[game_id] = [(score, pk) for score, _order, pk in scored[:per_game]]
    return best, total


def _in_title(query, model) -> Case:
    """1 for the rows with every term in the title (they score highest), else 0."""
    in_title = matching(model, query.stems, columns=("search_title",))
    return Case(When(in_title, then=Value(1)), default=Value(0), output_field=IntegerField())


def _scored(query, model, matches, games, per_game: int) -> tuple[dict[str, list[tuple[float, int]]], int]:
    """:func:`_best` over at most MAX_CANDIDATES_PER_GAME rows of each game of ``matches`` (rows
    filtered by the index): those with every term in the title first, newest first among equals;
    and the number of all matches (exact: the index matches exactly the rows that score above 0)."""
    fields = (*SCORE_FIELDS, ORDER_FIELDS[model]) if model in ORDER_FIELDS else SCORE_FIELDS
    if connection.vendor == "postgresql":
        order = [_in_title(query, model).desc(), F("pk").desc()]
        # One scan: rank per game and count with window functions.
        ranked = matches.annotate(
            rank=Window(RowNumber(), partition_by=[F("game_id")], order_by=order), matches=Window(Count("pk"))
        )
        rows = list(ranked.filter(rank__lte=MAX_CANDIDATES_PER_GAME).values_list(*fields, "matches"))
        return _best(query, [row[:-1] for row in rows], per_game)[0], rows[0][-1] if rows else 0
    # SQLite: counting through the FTS index is cheap; so are small queries.
    total = matches.count()
    if total <= MAX_CANDIDATES_PER_GAME:
        return _best(query, matches.values_list(*fields), per_game)[0], total
    in_title = matching(model, query.stems, columns=("search_title",))
    rows: list[tuple] = []
    for game in games:
        of_game = matches.filter(game_id=game.slug).order_by("-pk").values_list(*fields)
        found = list(of_game.filter(in_title)[:MAX_CANDIDATES_PER_GAME])
        if len(found) < MAX_CANDIDATES_PER_GAME:
            found += of_game.exclude(in_title)[: MAX_CANDIDATES_PER_GAME - len(found)]
        rows += found
    return _best(query, rows, per_game)[0], total


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


def _clause_sources(query, lang, own, translated):
    """(model, matching rows, their texts, rows to show) for the clauses: the rulebooks written in
    ``lang`` by their own text, the others by their ``lang`` translation."""
    big = ("body_markdown", "body_html", "notes_html", "demos", *SCORE_FIELDS[2:])
    yield (
        Clause,
        Clause.objects.filter(game_id__in=own).filter(matching(Clause, query.stems)),
        clause_texts,
        Clause.objects.defer(*big),
    )
    yield (
        ClauseTranslation,
        ClauseTranslation.objects.filter(language=lang, game_id__in=translated).filter(
            matching(ClauseTranslation, query.stems)
        ),
        clause_texts,
        ClauseTranslation.objects.select_related("clause").defer("body_html", "notes_html", *SCORE_FIELDS[2:]),
    )


def _entry_sources(query, lang, own, translated):
    """The same for published FAQ entries (an entry without a ``lang`` translation is found in
    its own language only)."""
    yield (
        Entry,
        Entry.objects.published().filter(game_id__in=own).filter(matching(Entry, query.stems)),
        entry_texts,
        Entry.objects.defer("answer", "answer_html", *SCORE_FIELDS[2:]),
    )
    yield (
        EntryTranslation,
        EntryTranslation.objects.filter(
            language=lang, game_id__in=translated, entry__published=True, game__retired=False
        ).filter(matching(EntryTranslation, query.stems)),
        entry_texts,
        EntryTranslation.objects.select_related("entry").defer("answer", "answer_html", *SCORE_FIELDS[2:]),
    )


def run_search(params, lang: str | None = None) -> dict:
    """Everything the search page shows for the GET parameters ``params``, in the reader's language."""
    lang = lang or reader_language()
    raw = params.get("q", "")
    query = parse_query(raw, lang)
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
        games = [selected] if selected is not None else list(Game.objects.all())
        # Each rulebook is searched in the reader's language: its own text where that is its
        # language, else its translation (the index finds the rows in which every term matches;
        # only those are scored).
        own = [g.slug for g in games if g.language == lang]
        translated = [g.slug for g in games if g.language != lang]
        by_game: dict[str, GameHits] = {}
        for model, rows, texts, shown_rows in _clause_sources(query, lang, own, translated):
            best, count = _scored(query, model, rows, games, MAX_RESULTS_PER_GAME)
            total += count
            for game_id, hits in _shown(query, shown_rows, best, texts).items():
                for row, score, title_html, snippet_html in hits:
                    clause = row if model is Clause else row.clause
                    hit = Hit(clause=clause, score=score, title_html=title_html, snippet_html=snippet_html)
                    by_game.setdefault(game_id, GameHits(row.game)).hits.append(hit)
        for model, rows, texts, shown_rows in _entry_sources(query, lang, own, translated):
            best, count = _scored(query, model, rows, games, MAX_FAQ_RESULTS_PER_GAME)
            faq_total += count
            for game_id, hits in _shown(query, shown_rows, best, texts).items():
                for row, score, title_html, snippet_html in hits:
                    entry = row if model is Entry else row.entry
                    hit = FaqHit(entry=entry, score=score, title_html=title_html, snippet_html=snippet_html)
                    by_game.setdefault(game_id, GameHits(row.game)).faq_hits.append(hit)
        for group in by_game.values():
            localize_game(group.game, lang)
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
