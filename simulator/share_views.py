"""A step's link-preview image and its printable ruling (:mod:`simulator.sharing`).

``/<lang>/<game>/sim/preview.png?scenario=<id>&step=N`` (or ``?log=…&step=N``; without a query:
the game's own card) is the board at that step as a 1200×630 PNG; ``/<lang>/<game>/sim/print/?…``
is the step as one printable page. Both take the simulator's query strings, untrusted: anything
that does not address a step is a 400 naming the problem. Both are public pages, stored and sent
with an ETag under the content version like every page (:mod:`pagecache.httpcache`).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from pagecache.httpcache import public
from rules.core.registry import GameSpec

from . import preview, sharing
from .addressing import Address, BadAddress, read, resolve
from .presenter import ui_language
from .views import game_and_spec


def _address(spec: GameSpec, params: Mapping[str, str]) -> Address | None:
    if not read(params, "scenario") and not read(params, "log"):
        return None
    return resolve(spec.engine, params)


def _refusal(request: HttpRequest, exc: BadAddress, image: bool) -> HttpResponse:
    reason = exc.message or f"{exc.field}: {exc.reason}"
    if image:
        return HttpResponse(_("Bad address: %(reason)s") % {"reason": reason}, status=400, content_type="text/plain; charset=utf-8")
    return render(request, "400.html", {"message": _("This address does not show a step: %(reason)s.") % {"reason": reason}}, status=400)


@require_safe
@public
def preview_image(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, spec = game_and_spec(game)
    try:
        asked = _address(spec, request.GET)
        own_card = asked is None
        address = sharing.game_address(spec) if asked is None else asked
    except BadAddress as exc:
        return _refusal(request, exc, image=True)
    story = sharing.step_story(game_obj, spec, address)
    if own_card:
        card = preview.Card(game_obj.title, game_obj.edition or _("Rulebook"), game_obj.description, _("Rules at the table"))
    else:
        card = preview.Card(game_obj.title, story.heading, f"{story.caption} {story.cite}".strip(), _("Rules at the table"))
    sheets = tuple(p for p in ("css/site.css", "css/simulator.css", spec.stylesheet_path) if p)
    png = preview.board_png(story.context["scene"].board, card, sheets, ui_language())
    return HttpResponse(png, content_type="image/png")


@require_safe
@public
def print_ruling(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, spec = game_and_spec(game)
    try:
        address = _address(spec, request.GET)
        if address is None:
            raise BadAddress("scenario", "give a scenario or a log, and a step", message=_("Give a scenario or a position and a step."))
    except BadAddress as exc:
        return _refusal(request, exc, image=False)
    path = sharing.page_url(game_obj.slug, address)
    try:
        absolute = request.build_absolute_uri(path)
    except DisallowedHost:  # pragma: no cover - the middleware refuses such hosts first
        absolute = path
    context = sharing.ruling_context(game_obj, spec, address, absolute)
    context["page_path"] = path
    return render(request, "simulator/print.html", context)
