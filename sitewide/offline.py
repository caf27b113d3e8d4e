"""A game kept offline on the reader's device: what "Keep this game offline" stores, and the search
index the browser searches without a connection.

- :func:`manifest`: every address of a game in one language, as the pages ask for them: the
  rulebook, every clause page, the FAQ (list pages and every published entry), every step of every
  demo under a clause and under an FAQ answer (the simulator page of the step, and the mini-board
  fragment htmx asks for with ``HX-Target: demo-…``), the offline page, the search index and the
  static files the pages load. Its ``version`` changes with the content version and with any of
  those addresses (a release that changes a static file's hashed name changes it too), so a device
  that kept the game stores it again when it is next online.
- :func:`search_index`: the game's clauses and published entries in one language as the server's
  search reads them (:mod:`sitewide.search`), with what the browser's search (MiniSearch, vendored
  in ``static/vendor``) needs to read a question the same way: each word of the texts with the
  server's tokens for it (Snowball stem and lemma, :func:`rulebooks.search.analysis.word_tokens`),
  the game's synonym groups (glossary terms and players' words, :class:`Thesaurus`) and the
  language's stop words.

No views here (:mod:`sitewide.offline_views`); ``static/js/offline.js`` does the storing and the
searching, ``sitewide/templates/sitewide/sw.js`` serves the stored copies.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import override

from faq.models import Entry
from faq.pagination import PER_PAGE as FAQ_PAGE_SIZE
from pagecache.httpcache import content_version
from rulebooks.localize import localize_game
from rulebooks.models import Clause, Game
from rulebooks.search.analysis import word_tokens, words
from rulebooks.search.index import FIELDS
from rulebooks.search.stopwords import STOPWORDS
from rulebooks.search.synonyms import SynonymGroup, Thesaurus
from rules.core.registry import get_game
from rules.core.scenarios import ScenarioError
from simulator.addressing import scenario_query
from simulator.timelines import scenario_timeline

from . import search

SNIPPET_CHARS = 280
# The static files every page loads (the pages' own links are read by offline.js as well).
ASSETS = (
    "css/site.css",
    "css/simulator.css",
    "css/print.css",
    "js/site.js",
    "js/offline.js",
    "django_htmx/htmx-2.min.js",
    "vendor/minisearch-7.2.0.js",
    "icons/favicon.svg",
    "icons/icon-192.png",
)


def core_assets() -> list[str]:
    return [static(path) for path in ASSETS]


def offline_languages(game: Game, reader: str) -> list[str]:
    """The reader's language and the rulebook's own (once when they are the same)."""
    return [reader] if reader == game.language else [reader, game.language]


def manifest(game: Game, lang: str) -> dict[str, Any]:
    """What keeping ``game`` offline stores for ``lang`` (see the module docstring)."""
    with override(lang):
        pages: list[str] = [reverse("rulebooks:rulebook", args=[game.slug])]
        fragments: list[tuple[str, str]] = []
        spec = get_game(game.slug)
        sim_url = reverse("simulator:page", args=[game.slug]) if spec is not None else ""
        clauses = list(Clause.objects.filter(game=game).order_by("position").values_list("anchor", "demos"))
        demos: list[tuple[str, str]] = []  # (scenario, element id)
        for anchor, clause_demos in clauses:
            pages.append(reverse("rulebooks:clause", args=[game.slug, anchor]))
            for n, demo in enumerate(clause_demos or [], start=1):
                demos.append((demo.get("scenario", ""), f"demo-{anchor}-{n}"))
        entries = list(Entry.objects.published().filter(game=game).order_by("pk").values_list("slug", "scenario"))
        faq = reverse("faq:game", args=[game.slug])
        pages.append(faq)
        pages.extend(f"{faq}?page={n}" for n in range(2, (len(entries) - 1) // FAQ_PAGE_SIZE + 2))
        for slug, scenario in entries:
            pages.append(reverse("faq:entry", args=[game.slug, slug]))
            if scenario:
                demos.append((scenario, f"demo-faq-{slug}"))
        steps: list[str] = []
        if spec is not None:
            for scenario, element in demos:
                try:
                    timeline = scenario_timeline(spec.engine, scenario)
                except ScenarioError:
                    continue  # checkrules reports it; the page shows no board either
                for step in range(timeline.last + 1):
                    url = f"{sim_url}?{scenario_query(scenario, step)}"
                    fragments.append((url, element))
                    if url not in steps:
                        steps.append(url)
        pages.extend(steps)
        offline_page = reverse("sitewide:offline")
        index = reverse("sitewide:offline-index", args=[game.slug])
    assets = core_assets()
    if spec is not None and spec.stylesheet_path:
        assets.append(static(spec.stylesheet_path))
    body = {
        "game": game.slug,
        "lang": lang,
        "title": localize_game(game, lang).title,
        "pages": pages + [offline_page],
        "fragments": [list(f) for f in fragments],
        "index": index,
        "assets": assets,
    }
    digest = hashlib.blake2b(json.dumps(body, sort_keys=True).encode(), digest_size=8)
    digest.update((content_version(game.slug) or "").encode())
    return {"version": digest.hexdigest(), **body}


def _documents(game: Game, lang: str, docs: list[Any]) -> list[dict[str, Any]]:
    """The clauses and FAQ entries as the browser's index holds them: fields, address, snippet."""
    slugs = dict(Entry.objects.filter(game=game).values_list("pk", "slug"))
    documents = []
    with override(lang):
        for d in docs:
            if d.kind == "clause":
                url = reverse("rulebooks:clause", args=[game.slug, d.ref])
            else:
                url = reverse("faq:entry", args=[game.slug, slugs.get(int(d.ref), "")])
            text = " ".join(str(d.meta.get("text", "")).split())
            documents.append(
                {
                    "id": d.key,
                    "kind": d.kind,
                    "url": url,
                    "number": d.meta.get("number", ""),
                    "title": d.fields["title"],
                    "say": d.fields["say"],
                    "body": d.fields["body"],
                    "notes": d.fields["notes"],
                    "context": d.fields["context"],
                    "snippet": text[:SNIPPET_CHARS] + ("…" if len(text) > SNIPPET_CHARS else ""),
                    "language": d.meta.get("language", lang),
                }
            )
    return documents


def _one_word_forms(thesaurus: Thesaurus, lang: str, vocabulary: dict[str, list[str]]) -> dict[str, list[int]]:
    """Each one-word form of a synonym group -> the groups it belongs to; the forms in ``lang`` join
    the ``vocabulary``."""
    forms: dict[str, list[int]] = {}
    for number, group in enumerate(thesaurus.groups):
        for form_lang, group_forms in group.forms.items():
            for form in group_forms:
                folded = words(form)
                if len(folded) == 1:
                    forms.setdefault(folded[0], [])
                    if number not in forms[folded[0]]:
                        forms[folded[0]].append(number)
                    if form_lang == lang and folded[0] not in vocabulary:
                        vocabulary[folded[0]] = list(word_tokens(folded[0], lang))
    return forms


def search_index(game: Game, lang: str) -> dict[str, Any]:
    """The game's documents in ``lang`` and how the browser reads a question (module docstring)."""
    games = {g.slug: g for g in Game.objects.all()}
    clause_say, entry_say = search._phrasings(lang)
    clauses = search._clause_documents(lang, {game.slug: game}, clause_say)
    titles = {d.ref: d.fields["title"] for d in clauses}
    entries = search._entry_documents(lang, {game.slug: game}, entry_say, titles)
    documents = _documents(game, lang, clauses + entries)
    vocabulary: dict[str, list[str]] = {}
    for doc in documents:
        for name in ("title", "say", "body", "notes", "context"):
            for word in words(doc[name]):
                if word not in vocabulary:
                    vocabulary[word] = list(word_tokens(word, lang))
    groups = [
        SynonymGroup(f"{game.slug}:{term.get('id', '')}", {k: tuple(v) for k, v in term.items() if k != "id"})
        for term in games[game.slug].search_terms or []
    ]
    thesaurus = Thesaurus.build(lang, groups)
    forms = _one_word_forms(thesaurus, lang, vocabulary)
    return {
        "game": game.slug,
        "lang": lang,
        "version": content_version(game.slug) or "",
        "fields": {name: weight for name, (weight, _b) in FIELDS.items()},
        "documents": documents,
        "vocabulary": vocabulary,
        "stopwords": sorted(STOPWORDS.get(lang, ())),
        "synonyms": {
            "targets": [list(thesaurus.targets.get(i, ())) for i in range(len(thesaurus.groups))],
            "by_token": {token: sorted(ids) for token, ids in thesaurus.by_token.items()},
            "forms": forms,
            "weight": 0.8,
        },
    }
