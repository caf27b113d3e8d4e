"""The installable web app and the game kept offline (:mod:`sitewide.offline`): the web app
manifest, the service worker, the offline page, and per game and language the list of what to
store and the search index. All public pages: stored and sent with an ETag under the content
version like every page (:mod:`pagecache.httpcache`)."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.http import require_safe

from pagecache.httpcache import public
from rulebooks.localize import reader_language
from rulebooks.lookups import get_game_or_404
from rulebooks.site_description import site_description

from .offline import core_assets, manifest, search_index

SITE_COLOURS = {"theme": "#2b2621", "background": "#fbfaf7"}  # site.css: --header-bg, --bg


@require_safe
@public
def web_manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest in the reader's language: the site opens on its home page."""
    lang = reader_language()
    body = {
        "id": "/",
        "name": _("Rules at the table"),
        "short_name": _("Rules"),
        "description": site_description(),
        "lang": lang,
        "start_url": reverse("rulebooks:home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": SITE_COLOURS["theme"],
        "background_color": SITE_COLOURS["background"],
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": static("icons/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
            {"src": static("icons/favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return HttpResponse(json.dumps(body, ensure_ascii=False), content_type="application/manifest+json")


@require_safe
@public(max_age=0)
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js, at the root so that it serves every page (scope "/"). Its text names the offline
    page of every language and the files they load (hashed names in production), so a release
    that changes them changes the worker, which the browser then installs."""
    offline_pages = {}
    for code, _name in settings.LANGUAGES:
        with override(code):
            offline_pages[code] = reverse("sitewide:offline")
    config = {"offline": offline_pages, "assets": core_assets(), "default_language": settings.LANGUAGE_CODE}
    config["version"] = hashlib.blake2b(json.dumps(config, sort_keys=True).encode(), digest_size=8).hexdigest()
    text = render_to_string("sitewide/sw.js", {"config": json.dumps(config)})
    response = HttpResponse(text, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def site_answers(request: HttpRequest) -> HttpResponse:
    """/online.json: asked by a page that was opened from the copies kept on this device, until
    the site answers again (then its "no connection" notice goes). Never stored anywhere, so an
    answer means the site itself answered; the service worker answers it with a marked 503 when
    the network fails."""
    response = JsonResponse({"online": True})
    response["Cache-Control"] = "no-store"
    return response


@require_safe
@public
def offline_page(request: HttpRequest) -> HttpResponse:
    """What the service worker shows for a page that is not kept on this device while there is
    no connection (and, for /<lang>/search/, the search over the games kept on this device)."""
    return render(request, "sitewide/offline.html", {})


@require_safe
@public
def offline_manifest(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_game_or_404(game)
    return JsonResponse(manifest(game_obj, reader_language()), json_dumps_params={"ensure_ascii": False})


@require_safe
@public
def offline_index(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_game_or_404(game)
    return JsonResponse(search_index(game_obj, reader_language()), json_dumps_params={"ensure_ascii": False, "separators": (",", ":")})
