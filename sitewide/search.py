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
  in the same order as the page; with a position attached, what that position is about ranks higher.
- Both say when nothing answers the question ("no ruling", :mod:`rulebooks.search.verdict`): then
  only the closest few are shown, under their own heading, with "Ask the editors".
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
MAX_CLOSEST = 5  # hits the search page shows when none answers the question
MAX_CLOSEST_SUGGESTIONS = 3  # and the suggestions
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
    translations: dict[int, dict[str, dict[str, Any]]] = {}
    for translation in ClauseTranslation.objects.filter(game_id__in=list(games)).values(
        "clause_id", "language", "title", "body_text", "notes_html"
    ):
        translations.setdefault(translation["clause_id"], {})[translation["language"]] = dict(translation)
    documents = []
    rows = Clause.objects.filter(game_id__in=list(games)).values(
        "pk", "anchor", "game_id", "number", "title", "body_text", "notes_html", "section_id", "position", "kind"
    )
    for values in rows:
        row: dict[str, Any] = dict(values)
        game = games[row["game_id"]]
        texts: dict[str, dict[str, Any]] = {game.language: row, **translations.get(row["pk"], {})}
        meta = {"number": row["number"], "language": game.language}
        shown = row
        if game.language != lang and lang in texts:
            shown = texts[lang]
            meta.update(
                language=lang,
                original_language=game.language,
                original_title=row["title"],
                original_text=row["body_text"][:ORIGINAL_PREVIEW],
            )
        notes = " ".join(html_to_text(n) for n in shown["notes_html"])
        meta.update(title=shown["title"], text=shown["body_text"])
        documents.append(
            Document(
                key=f"clause:{row['anchor']}",
                kind="clause",
                game=row["game_id"],
                ref=row["anchor"],
                fields={
                    "title": shown["title"],
                    "say": " . ".join(say.get(row["pk"], ())),
                    "body": shown["body_text"],
                    "notes": notes,
                    "context": paths.get(row["section_id"], ""),
                },
                order=row["position"],
                meta=meta,
                foreign={other: (t["title"], t["body_text"]) for other, t in texts.items() if other != lang},
                info=row["kind"] == "info",
            )
        )
    return documents


def _entry_texts(published: Any) -> dict[int, dict[str, tuple[str, str]]]:
    """Entry pk -> language -> (question, answer) for every translation of a published entry."""
    texts: dict[int, dict[str, tuple[str, str]]] = {}
    for entry_id, language, question, answer in EntryTranslation.objects.filter(entry__in=published).values_list(
        "entry_id", "language", "question", "answer_text"
    ):
        texts.setdefault(entry_id, {})[language] = (question, answer)
    return texts


def _entry_documents(lang: str, games: Mapping[str, Game], say: Mapping[int, list[str]], titles: Mapping[str, str]) -> list[Document]:
    """Published entries in ``lang``: their own text where that is the rulebook's language, else
    their translation (an entry without one is found in its own language only)."""
    cites: dict[int, list[str]] = {}
    for entry_id, anchor in Entry.clauses.through.objects.values_list("entry_id", "clause__anchor"):
        cites.setdefault(entry_id, []).append(anchor)
    published = Entry.objects.published().filter(game_id__in=list(games))
    translations = _entry_texts(published)
    documents = []
    for pk, game_id, slug, question, answer_text, scenario in published.values_list(
        "pk", "game_id", "slug", "question", "answer_text", "scenario"
    ):
        texts = {games[game_id].language: (question, answer_text), **translations.get(pk, {})}
        if lang not in texts:
            continue
        question, answer_text = texts[lang]
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
                    "notes": "",
                    "context": " . ".join(titles.get(a, "") for a in anchors),
                },
                cites=anchors,
                order=-pk,
                meta={"slug": slug, "scenario": scenario, "title": question, "text": answer_text, "language": lang},
                foreign={other: texts[other] for other in texts if other != lang},
            )
        )
    return documents


def _game_names(game: Game) -> list[str]:
    """A game's titles in every language, and what its glossary's "game" term says players call
    it ("dark tower", "Carcassonne torens")."""
    names = [game.title, *(t.get("title", "") for t in (game.translations or {}).values())]
    for term in game.search_terms or []:
        if term.get("id") == "game":
            names += [form for key, forms in term.items() if key != "id" for form in forms]
    return names


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
    names = {slug: _game_names(game) for slug, game in games.items()}
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


_localized_games: dict[tuple[str | None, str], dict[str, Game]] = {}


def _games() -> dict[str, Game]:
    """The games, localized to the reader's language; kept per content version and language, so a
    keystroke reads no game rows (the rows change only with the content version)."""
    key = (content_version(), reader_language())
    found = _localized_games.get(key) if key[0] is not None else None
    if found is None:
        found = {game.slug: localize_game(game, key[1]) for game in Game.objects.defer("search_terms")}
        if key[0] is not None:
            _localized_games.clear()  # only the current version is kept
            _localized_games[key] = found
    return found


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


def _ask_games(result: Result | None, games: Mapping[str, Game], *known: Game | None) -> list[Game]:
    """The games "Ask the editors" offers for a question: the game it is asked about (the page's,
    the one chosen or the one it names), else every game."""
    for game in known:
        if game is not None:
            return [game]
    named = result.parsed.game if result is not None else None
    if named is not None and named in games:
        return [games[named]]
    return list(games.values())


def run_search(params: Mapping[str, str], lang: str | None = None) -> dict[str, Any]:
    """Everything the search page shows for the GET parameters ``params``: ``q`` the question,
    ``game`` a rulebook to search only, ``in`` the rulebook the reader came from (ranked first).
    When nothing answers the question (``answered`` false) only the closest few are shown, under
    their own heading, with "Ask the editors"."""
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
    searched = answered = False
    result = None
    if text:
        index = INDEXES.get(lang)
        preferred = selected or context_game
        result = index.search(
            text,
            games=[selected.slug] if selected else None,
            prefer_game=preferred.slug if preferred else None,
            limit=MAX_RESULTS,
        )
        searched = any(w.counts for w in result.words)
        answered = result.answered
        messages += _messages(result, truncated)
        hits = _present(index, result, games, lang)
        if not answered:
            hits = hits[:MAX_CLOSEST]
        total = result.total
        if not searched:
            messages.append(_("Only very common words were typed: add a word about the rule you are looking for."))
    return {
        "q": text,
        "hits": hits,
        "total": total,
        "faq_count": sum(1 for h in hits if h.is_faq),
        "searched": searched,
        "answered": answered,
        "ask_games": _ask_games(result, games, selected, context_game),
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
    """The best answers for a question being typed, clauses and rulings in one order of
    relevance (the search page's); ``game`` is the rulebook the question is asked about (its
    answers rank first), ``position`` a simulator position attached to it and ``clause`` the
    clause it is asked from (both rank what they are about higher). ``answered`` false: no rule
    or ruling answers it (the suggestions are then the closest, under their own heading)."""
    games = _games()
    text, truncated = clean_query(text or "")
    context_game = games.get(game) if game and looks_like_slug(game) else None
    preferred: set[str] = set(clauses_of_position(position)) if position else set()
    if clause and looks_like_slug(clause):
        preferred.add(clause)
    hits: list[Hit] = []
    messages: list[str] = []
    answered = searched = False
    result = None
    if text:
        index = INDEXES.get(lang)
        result = index.search(
            text,
            partial=partial,
            prefer_game=context_game.slug if context_game else None,
            prefer_clauses=preferred,
            limit=limit,
        )
        searched = any(w.counts for w in result.words)
        answered = result.answered
        best = result.hits[0].score if result.hits else 0.0
        result.hits = [h for h in result.hits if h.score >= SUGGESTION_FLOOR * best]
        if not answered:
            result.hits = result.hits[:MAX_CLOSEST_SUGGESTIONS]
        hits = _present(index, result, games, lang)
        messages = _messages(result, truncated)
    return {
        "q": text,
        "suggestions": hits,
        "messages": messages,
        "context_game": context_game,
        "answered": answered,
        "searched": searched,
        "ask_games": _ask_games(result, games, context_game),
    }


def ranked(text: str, lang: str, *, game: str | None = None, limit: int = 10, partial: bool = False) -> tuple[list[str], bool]:
    """The refs ("clause:<id>", "faq:<slug>") of the best hits in rank order, and whether they
    answer the question: what the search page (``partial`` false) or the suggestions (true) show
    for ``text`` asked on ``game``'s pages (the labelled-question bench and its test use this)."""
    index = INDEXES.get(lang)
    result = index.search(clean_query(text)[0], prefer_game=game, limit=limit, partial=partial)
    refs = [
        f"clause:{h.document.ref}" if h.document.kind == "clause" else f"faq:{h.document.meta['slug']}"
        for h in result.hits
    ]
    return refs, result.answered


def matches_for_editors(question: str, game: Game, lang: str, limit: int = 8) -> list[Hit]:
    """Existing rulings and clauses that match a visitor's question, for the editor triaging it
    (the admin): its game's first, the best rulings (an answer may exist already) before the best
    clauses, half of ``limit`` each."""
    text, _truncated = clean_query(question or "")
    if not text:
        return []
    index = INDEXES.get(lang)
    games = _games()
    found: list[Hit] = []
    for kind in ("faq", "clause"):
        result = index.search(text, prefer_game=game.slug, kinds=[kind], limit=limit // 2)
        found += _present(index, result, games, lang)
    return found
