"""The search as JSON, for a group's chat bot: ``GET /api/v1/search?q=…&lang=…&game=…``.

It answers what the search page would (:mod:`sitewide.search`): ``answered`` (whether a rule or a
ruling answers the question; false: "no ruling", and the hits are only the closest), the ranked
hits (clause or ruling, id, §, title, a plain-text snippet, the page's absolute URL, whether the
rules engine proves the ruling) and, when nothing answers, the address of the ask form with the
question and the game filled in. Part of the rules API (its errors, its OpenAPI description in
:mod:`simulator.openapi`, docs/API.md); routed in ``rulesite/urls.py`` beside ``simulator.api_urls``,
so no lower layer imports this one. Each client address may ask ``SEARCH_API_RATE`` questions per
window (:mod:`sitewide.api_rate`); more get a 429 with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext_noop

from faq import verification
from rulebooks.models import Game, looks_like_slug
from rulebooks.search.index import Result
from rulebooks.search.snippets import plain_snippet
from rulebooks.textsearch import MAX_QUERY_CHARS, clean_query
from rules.core.languages import LANGUAGES
from rules.core.problems import Code
from simulator.api_endpoint import endpoint
from simulator.api_problems import problem

from . import api_rate
from .search import INDEXES, MAX_CLOSEST

DEFAULT_LIMIT = 5
MAX_LIMIT = 20
MAX_PARAM = 2000  # characters of q read (the search uses the first MAX_QUERY_CHARS)


def _language(request: HttpRequest) -> str:
    asked = request.GET.get("lang")
    if asked is None:
        return translation.get_language() if translation.get_language() in LANGUAGES else "en"
    if asked not in LANGUAGES:
        raise problem(
            "lang", gettext_noop("unknown language '%(lang)s'; one of: %(known)s"),
            code=Code.UNKNOWN_LANGUAGE, lang=asked[:20], known=", ".join(LANGUAGES),
        )  # fmt: skip
    return asked


def _game(request: HttpRequest) -> Game | None:
    slug = request.GET.get("game")
    if slug is None or slug == "":
        return None
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        raise problem("game", gettext_noop("unknown game '%(game)s'"), 404, code=Code.UNKNOWN_GAME, game=slug[:80])
    return game


def _limit(request: HttpRequest) -> int:
    raw = request.GET.get("limit")
    if raw is None:
        return DEFAULT_LIMIT
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 2 and 1 <= int(raw) <= MAX_LIMIT):
        raise problem("limit", gettext_noop("limit must be a whole number from 1 to %(max)d"), max=MAX_LIMIT)
    return int(raw)


def _question(request: HttpRequest) -> tuple[str, bool]:
    raw = request.GET.get("q") or ""
    if len(raw) > MAX_PARAM:
        raise problem("q", gettext_noop("q is longer than %(max)d characters"), max=MAX_PARAM)
    text, truncated = clean_query(raw)
    if not text:
        raise problem("q", gettext_noop("q must be the question, in words"))
    return text, truncated


def _hits(request: HttpRequest, result: Result, lang: str) -> list[dict[str, Any]]:
    index = INDEXES.get(lang)
    tokens = result.tokens
    hits = []
    for found in result.hits:
        document, meta = found.document, found.document.meta
        clause = document.kind == "clause"
        ref = document.ref if clause else meta["slug"]
        path = reverse("rulebooks:clause" if clause else "faq:entry", args=[document.game, ref])
        text = meta["text"]
        hits.append(
            {
                "kind": "clause" if clause else "ruling",
                "id": ref,
                "game": document.game,
                "number": meta.get("number") if clause else None,
                "title": meta["title"],
                "snippet": plain_snippet(text, index.marks(text, tokens)),
                "url": request.build_absolute_uri(path),
                "engine_proven": (not clause) and verification.is_verified(document.game, meta.get("scenario", "")),
                "language": meta.get("language", lang),
                "score": round(found.score, 4),
            }
        )
    return hits


def _ask_url(request: HttpRequest, game: Game | None, result: Result, text: str) -> str | None:
    slug = game.slug if game else result.parsed.game
    if not slug:
        return None
    return request.build_absolute_uri(f"{reverse('faq:ask')}?{urlencode({'game': slug, 'question': text})}")


@endpoint("GET")
def search(request: HttpRequest) -> HttpResponse:
    lang = _language(request)
    game, limit, (text, truncated) = _game(request), _limit(request), _question(request)
    refused = api_rate.refuse(request)
    if refused is not None:
        return refused
    with translation.override(lang):
        result = INDEXES.get(lang).search(text, prefer_game=game.slug if game else None, limit=limit)
        if not result.answered:
            result.hits = result.hits[: min(limit, MAX_CLOSEST)]
        payload = {
            "q": text,
            "truncated": truncated,
            "max_q": MAX_QUERY_CHARS,
            "lang": lang,
            "game": game.slug if game else None,
            "answered": result.answered,
            "hits": _hits(request, result, lang),
            "ask": None if result.answered else _ask_url(request, game, result, text),
        }
    response = JsonResponse(payload, json_dumps_params={"ensure_ascii": False})
    if "lang" not in request.GET:
        patch_vary_headers(response, ["Accept-Language"])
    return response
