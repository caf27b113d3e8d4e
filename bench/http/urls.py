"""The site's URLs plus ``/bench/bare/``: a plain view returning a page of a fixed size, and
``/bench/bare/<size>/`` and ``/bench/bare/json/<size>/``: ``size`` bytes of HTML or JSON to any
method (CSRF-exempt, like the API), to set beside a page or an API answer of that size.

``bench/bench_http.py`` sets ``BENCH_BARE_BYTES`` to the size of the Finstere Flure rulebook page,
so the bare view measures what the server and the middleware cost for a page that big, without
the database and the templates.
"""

import os

from django.http import HttpRequest, HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from rulesite import urls as site_urls

HEAD = b"<!DOCTYPE html><html lang=\"nl\"><head><meta charset=\"utf-8\"><title>bare</title></head><body><pre>\n"
TAIL = b"</pre></body></html>\n"


def bare_page(size: int) -> bytes:
    """Exactly ``size`` bytes of HTML (lines of text, so it compresses like text does)."""
    filler_size = max(0, size - len(HEAD) - len(TAIL))
    line = b"Regels aan tafel: a page of the same size as the rulebook, rendered by nothing.\n"
    filler = (line * (filler_size // len(line) + 1))[:filler_size]
    return (HEAD + filler + TAIL)[:size] if size >= len(HEAD) + len(TAIL) else b"x" * size


BODY = bare_page(int(os.environ.get("BENCH_BARE_BYTES", "140000")))


def bare(request: HttpRequest) -> HttpResponse:
    return HttpResponse(BODY, content_type="text/html; charset=utf-8")


MAX_SIZE = 10_000_000
_sized: dict[tuple[str, int], bytes] = {}  # a few bodies kept (the bench asks for a handful of sizes)


def bare_json_body(size: int) -> bytes:
    """Exactly ``size`` bytes of JSON (an object with one string of text; at least 12 bytes)."""
    head, tail = b'{"bare":"', b'"}'
    line = b"Regels aan tafel: an answer of the same size as the API's, computed by nothing. "
    filler_size = max(0, size - len(head) - len(tail))
    return head + (line * (filler_size // len(line) + 1))[:filler_size] + tail


def _sized_response(request: HttpRequest, kind: str, size: int) -> HttpResponse:
    request.body  # noqa: B018 - a POST's body is read, as the API reads it
    size = min(max(size, 12), MAX_SIZE)
    body = _sized.get((kind, size))
    if body is None:
        body = bare_json_body(size) if kind == "json" else bare_page(size)
        if len(_sized) < 32:
            _sized[kind, size] = body
    return HttpResponse(body, content_type="application/json" if kind == "json" else "text/html; charset=utf-8")


@csrf_exempt
def bare_sized(request: HttpRequest, size: int) -> HttpResponse:
    """``size`` bytes of HTML, to any method: beside a page of that size."""
    return _sized_response(request, "html", size)


@csrf_exempt
def bare_sized_json(request: HttpRequest, size: int) -> HttpResponse:
    """``size`` bytes of JSON, to any method (CSRF-exempt, as the API is): beside an API answer."""
    return _sized_response(request, "json", size)


# rulesite.urls uses i18n_patterns, which include() refuses: its patterns are taken as they are.
urlpatterns = [
    path("bench/bare/", bare),
    path("bench/bare/<int:size>/", bare_sized),
    path("bench/bare/json/<int:size>/", bare_sized_json),
    *site_urls.urlpatterns,
]

handler400 = site_urls.handler400
handler403 = site_urls.handler403
handler404 = site_urls.handler404
handler500 = site_urls.handler500
