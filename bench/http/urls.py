"""The site's URLs plus ``/bench/bare/``: a plain view returning a page of a fixed size.

``bench/bench_http.py`` sets ``BENCH_BARE_BYTES`` to the size of the Finstere Flure rulebook page,
so the bare view measures what the server and the middleware cost for a page that big, without
the database and the templates.
"""

import os

from django.http import HttpResponse
from django.urls import path

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


def bare(request):
    return HttpResponse(BODY, content_type="text/html; charset=utf-8")


# rulesite.urls uses i18n_patterns, which include() refuses: its patterns are taken as they are.
urlpatterns = [path("bench/bare/", bare), *site_urls.urlpatterns]

handler400 = site_urls.handler400
handler403 = site_urls.handler403
handler404 = site_urls.handler404
handler500 = site_urls.handler500
