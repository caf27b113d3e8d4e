"""The site search: the clauses and published FAQ entries of every rulebook, in the reader's
language, ranked by relevance (:mod:`rulebooks.search`: BM25F over lemmas and stems, compounds,
the glossaries' synonyms, the "players also say" phrasings, corrections of misspelt words).

Each process keeps one index per language, built from the database the first time a language is
searched and again after every content change (the content version of :mod:`pagecache.httpcache`
changes with every committed rulebook or FAQ change). A search then reads no database rows at all:
the index holds what a hit shows (title, number, text for the snippet, the original of a
translation).

- :func:`run_search`: the search page (``/<lang>/search/?q=…&game=…&in=…``).
- :func:`suggest`: the few best answers while a question is typed (the ask form, the search box),
  FAQ rulings first; with a position attached, what that position is about ranks higher.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from faq import verification
from faq.models import Entry, EntryTranslation, Phrasing
from pagecache.httpcache import content_version
from rulebooks.localize import localize_game, reader_language
from rulebooks.models import Clause, ClauseTranslation, Game, Section, looks_like_slug
from rulebooks.rendering import html_to_text
from rulebooks.search.index import AnalysisMemo, Document, Index, Result
from rulebooks.search.snippets import highlight, snippet
from rulebooks.search.synonyms import SynonymGroup
from rulebooks.textsearch import MAX_QUERY_CHARS, clean_query

from .position_topics import clauses_of_position

logger = logging.getLogger(__name__)

MAX_RESULTS = 50  # hits on the search page
MAX_SUGGESTIONS = 6  # hits while a question is typed
SUGGESTION_FLOOR = 0.2  # a suggestion scores at least this share of the best one
ORIGINAL_PREVIEW = 240  # characters of a translated clause's original shown under it


# --- The index of each language ---------------------------------------------------------------


def _section_paths(lang: str) -> dict[int, str]:
    """Section pk -> the titles of it and its parents in ``lang`` (a clause's context)."""
    rows = {
        pk: (parent, (titles or {}).get(lang) or title)
        for pk, parent, title, titles in Section.objects.values_list("pk", "parent_id", "title", "titles")
    }
    paths: dict[int, str] = {}
    for pk in rows:
        names, current, depth = [], pk, 0
        while current is not None and current in rows and depth < 10:
            parent, title = rows[current]
            names.append(title)
            current, depth = parent, depth + 1
        paths[pk] = " · ".join(names)
    return paths


def _phrasings(lang: str) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    by_clause: dict[int, list[str]] = {}
    by_entry: dict[int, list[str]] = {}
    for clause_id, entry_id, text in Phrasing.objects.filter(language=lang).values_list("clause_id", "entry_id", "text"):
        if clause_id:
            by_clause.setdefault(clause_id, []).append(text)
        elif entry_id:
            by_entry.setdefault(entry_id, []).append(text)
    return by_clause, by_entry


def _clause_documents(lang: str, games: Mapping[str, Game], say: Mapping[int, list[str]]) -> list[Document]:
    paths = _section_paths(lang)
    translated = {
        row["clause_id"]: row
        for row in ClauseTranslation.objects.filter(language=lang, game_id__in=list(games)).values(
            "clause_id", "title", "body_text", "notes_html"
        )
    }
    documents = []
    rows = Clause.objects.filter(game_id__in=list(games)).values(
        "pk", "anchor", "game_id", "number", "title", "body_text", "notes_html", "section_id", "position"
    )
    for row in rows:
        game = games[row["game_id"]]
        own = {"title": row["title"], "body": row["body_text"], "notes": row["notes_html"]}
        meta = {"number": row["number"], "language": game.language}
        shown = own
        if game.language != lang and row["pk"] in translated:
            t = translated[row["pk"]]
            shown = {"title": t["title"], "body": t["body_text"], "notes": t["notes_html"]}
            meta.update(
                language=lang,
                original_language=game.language,
                original_title=row["title"],
                original_text=row["body_text"][:ORIGINAL_PREVIEW],
            )
        notes = " ".join(html_to_text(n) for n in shown["notes"])
        meta.update(title=shown["title"], text=shown["body"])
        documents.append(
            Document(
                key=f"clause:{row['anchor']}",
                kind="clause",
                game=row["game_id"],
                ref=row["anchor"],
                fields={
                    "title": shown["title"],
                    "say": " . ".join(say.get(row["pk"], ())),
                    "body": f"{shown['body']} {notes}",
                    "context": paths.get(row["section_id"], ""),
                },
                order=row["position"],
                meta=meta,
            )
        )
    return documents


def _entry_documents(lang: str, games: Mapping[str, Game], say: Mapping[int, list[str]], titles: Mapping[str, str]) -> list[Document]:
    """Published entries in ``lang``: their own text where that is the rulebook's language, else
    their translation (an entry without one is found in its own language only)."""
    cites: dict[int, list[str]] = {}
    for entry_id, anchor in Entry.clauses.through.objects.values_list("entry_id", "clause__anchor"):
        cites.setdefault(entry_id, []).append(anchor)
    published = Entry.objects.published().filter(game_id__in=list(games))
    own_games = [slug for slug, game in games.items() if game.language == lang]
    rows = list(
        published.filter(game_id__in=own_games).values_list("pk", "game_id", "slug", "question", "answer_text", "scenario")
    )
    rows += [
        (t.entry_id, t.game_id, t.entry.slug, t.question, t.answer_text, t.entry.scenario)
        for t in EntryTranslation.objects.filter(
            language=lang, entry__in=published.exclude(game_id__in=own_games)
        ).select_related("entry").only(
            "entry_id", "game_id", "question", "answer_text", "entry__slug", "entry__scenario"
        )
    ]  # fmt: skip
    documents = []
    for pk, game_id, slug, question, answer_text, scenario in rows:
        anchors = tuple(sorted(cites.get(pk, ())))
        documents.append(
            Document(
                key=f"faq:{pk}",
                kind="faq",
                game=game_id,
                ref=str(pk),
                fields={
                    "title": question,
                    "say": " . ".join(say.get(pk, ())),
                    "body": answer_text,
                    "context": " . ".join(titles.get(a, "") for a in anchors),
                },
                cites=anchors,
                order=-pk,
                meta={"slug": slug, "scenario": scenario, "title": question, "text": answer_text, "language": lang},
            )
        )
    return documents


def build_index(lang: str, memo: AnalysisMemo | None = None) -> Index:
    """The index of everything searchable in ``lang``, read from the database (``memo``: texts
    analysed for the previous index of the language)."""
    games = {game.slug: game for game in Game.objects.all()}
    clause_say, entry_say = _phrasings(lang)
    clauses = _clause_documents(lang, games, clause_say)
    titles = {d.ref: d.fields["title"] for d in clauses}
    entries = _entry_documents(lang, games, entry_say, titles)
    synonyms = [
        SynonymGroup(f"{slug}:{term.get('id', '')}", {k: tuple(v) for k, v in term.items() if k != "id"})
        for slug, game in games.items()
        for term in game.search_terms or []
    ]
    names = {
        slug: [game.title, *(t.get("title", "") for t in (game.translations or {}).values())]
        for slug, game in games.items()
    }
    return Index(lang, clauses + entries, synonyms, game_names=names, memo=memo)


class IndexCache:
    """One index per language for this process, rebuilt when the content version changes.

    The first search of a language builds its index. After a content change the next search
    starts a rebuild; with ``SEARCH_REBUILD_IN_BACKGROUND`` (the default) it runs in a thread while
    searches keep using the previous index for the moment it takes (as a cached page is served
    until its max-age), so no keystroke waits for it. Texts analysed before are not analysed again.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.indexes: dict[str, tuple[str | None, Index]] = {}
        self.memos: dict[str, AnalysisMemo] = {}
        self.building: set[str] = set()

    def get(self, lang: str) -> Index:
        version = content_version()
        with self.lock:
            cached = self.indexes.get(lang)
            if cached is not None and version is not None and cached[0] == version:
                return cached[1]
            if cached is not None and version is not None and settings.SEARCH_REBUILD_IN_BACKGROUND:
                if lang not in self.building:
                    self.building.add(lang)
                    threading.Thread(target=self._rebuild, args=(lang, version), daemon=True).start()
                return cached[1]
            index = self._build(lang)
            if version is not None:
                self.indexes[lang] = (version, index)
            return index

    def _build(self, lang: str) -> Index:
        return build_index(lang, self.memos.setdefault(lang, AnalysisMemo()))

    def _rebuild(self, lang: str, version: str) -> None:
        try:
            index = self._build(lang)
            with self.lock:
                self.indexes[lang] = (version, index)
        except Exception:  # noqa: BLE001 - the old index stays; the next search tries again
            logger.exception("sitewide.search: rebuilding the %s index failed", lang)
        finally:
            with self.lock:
                self.building.discard(lang)
            connection.close()  # this thread's own database connection

    def clear(self) -> None:
        with self.lock:
            self.indexes.clear()
            self.memos.clear()


INDEXES = IndexCache()


# --- What a hit shows -------------------------------------------------------------------------


@dataclass
class Hit:
    kind: str  # "faq" or "clause"
    game: Game
    url_args: tuple[str, str]  # (game slug, clause anchor or entry slug)
    number: str  # the clause's §, "" for entries
    title_html: SafeString
    snippet_html: SafeString
    language: str  # the language of the text shown
    score: float
    verified: bool = False  # an FAQ ruling checked by the rules engine
    original_language: str = ""  # a translated clause: its rulebook's own text
    original_title: str = ""
    original_text: str = ""

    @property
    def is_faq(self) -> bool:
        return self.kind == "faq"


def _present(index: Index, result: Result, games: Mapping[str, Game], lang: str) -> list[Hit]:
    tokens = result.tokens
    hits = []
    for found in result.hits:
        document, meta = found.document, found.document.meta
        title, text = meta["title"], meta["text"]
        game = games[document.game]
        hits.append(
            Hit(
                kind=document.kind,
                game=game,
                url_args=(document.game, document.ref if document.kind == "clause" else meta["slug"]),
                number=meta.get("number", ""),
                title_html=mark_safe(highlight(title, index.marks(title, tokens))),
                snippet_html=mark_safe(snippet(text, index.marks(text, tokens))),
                language=meta.get("language", lang),
                score=found.score,
                verified=document.kind == "faq" and verification.is_verified(document.game, meta.get("scenario", "")),
                original_language=meta.get("original_language", ""),
                original_title=meta.get("original_title", ""),
                original_text=meta.get("original_text", ""),
            )
        )
    return hits


def _games() -> dict[str, Game]:
    return {game.slug: localize_game(game) for game in Game.objects.all()}


def _game_param(params: Mapping[str, str], name: str, games: Mapping[str, Game]) -> tuple[Game | None, str]:
    """The game a parameter names, and the raw value when it names none."""
    value = params.get(name, "") or ""
    if not isinstance(value, str) or not value:
        return None, ""
    game = games.get(value) if looks_like_slug(value) else None
    return game, ("" if game else clean_query(value)[0][:60])


def _messages(result: Result, truncated: bool) -> list[str]:
    messages = []
    if truncated:
        messages.append(_("Your search was shortened to its first %(n)d characters.") % {"n": MAX_QUERY_CHARS})
    for typed, used in result.corrections.items():
        messages.append(_("“%(typed)s” is not in the rules; also searched for “%(used)s”.") % {"typed": typed, "used": used})
    return messages


def run_search(params: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
    """Everything the search page shows for the GET parameters ``params``: ``q`` the question,
    ``game`` a rulebook to search only, ``in`` the rulebook the reader came from (ranked first)."""
    lang = lang or reader_language()
    games = _games()
    text, truncated = clean_query(params.get("q", "") or "")
    selected, unknown = _game_param(params, "game", games)
    context_game, _unknown_context = _game_param(params, "in", games)
    messages = []
    if unknown:
        messages.append(_("There is no game called “%(game)s”; searching all rulebooks instead.") % {"game": unknown})
    hits: list[Hit] = []
    total = 0
    searched = False
    if text:
        index = INDEXES.get(lang)
        preferred = selected or context_game
        result = index.search(
            text,
            games=[selected.slug] if selected else None,
            prefer_game=preferred.slug if preferred else None,
            limit=MAX_RESULTS,
        )
        searched = bool(result.words)
        messages += _messages(result, truncated)
        hits = _present(index, result, games, lang)
        total = result.total
        if not searched:
            messages.append(_("Only very common words were typed: add a word about the rule you are looking for."))
    return {
        "q": text,
        "hits": hits,
        "total": total,
        "faq_count": sum(1 for h in hits if h.is_faq),
        "searched": searched,
        "messages": messages,
        "selected_game": selected,
        "context_game": context_game,
    }


def suggest(
    text: str,
    lang: str,
    *,
    game: str | None = None,
    position: str = "",
    clause: str = "",
    partial: bool = True,
    limit: int = MAX_SUGGESTIONS,
) -> dict[str, Any]:
    """The best answers for a question being typed: FAQ rulings first, then clauses; ``game`` is
    the rulebook the question is asked about (its answers rank first), ``position`` a simulator
    position attached to it and ``clause`` the clause it is asked from (both rank what they are
    about higher)."""
    games = _games()
    text, truncated = clean_query(text or "")
    context_game = games.get(game) if game and looks_like_slug(game) else None
    preferred: set[str] = set(clauses_of_position(position)) if position else set()
    if clause and looks_like_slug(clause):
        preferred.add(clause)
    hits: list[Hit] = []
    messages: list[str] = []
    if text:
        index = INDEXES.get(lang)
        result = index.search(
            text,
            partial=partial,
            prefer_game=context_game.slug if context_game else None,
            prefer_clauses=preferred,
            limit=limit,
        )
        best = result.hits[0].score if result.hits else 0.0
        result.hits = [h for h in result.hits if h.score >= SUGGESTION_FLOOR * best]
        hits = _present(index, result, games, lang)
        hits.sort(key=lambda h: not h.is_faq)  # rulings first, each kind in rank order
        messages = _messages(result, truncated)
    return {"q": text, "suggestions": hits, "messages": messages, "context_game": context_game}


def ranked_refs(text: str, lang: str, *, game: str | None = None, limit: int = 10) -> list[str]:
    """The refs ("clause:<id>", "faq:<slug>") of the best hits, in rank order: what the search
    would show for ``text`` (the labelled-question bench and its test use this)."""
    index = INDEXES.get(lang)
    result = index.search(text, prefer_game=game, limit=limit)
    return [
        f"clause:{h.document.ref}" if h.document.kind == "clause" else f"faq:{h.document.meta['slug']}"
        for h in result.hits
    ]


def matches_for_editors(question: str, game: Game, lang: str, limit: int = 8) -> list[Hit]:
    """Existing rulings and clauses that match a visitor's question, for the editor triaging it
    (the admin): its game's first."""
    text, _truncated = clean_query(question or "")
    if not text:
        return []
    index = INDEXES.get(lang)
    result = index.search(text, prefer_game=game.slug, limit=limit)
    return _present(index, result, _games(), lang)
