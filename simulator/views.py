"""The simulator page and the clause mini-boards: one view, several renderings.

``/<lang>/<game>/sim/?scenario=<id>&step=N`` or ``?log=<token>&step=N`` renders the full page;
an htmx request renders only the part it targets (the mini-board under a clause, or the
simulator's board area). Every state is a URL; every control is a real link. The contexts are
built by :mod:`simulator.presenter` from the game's ``GameSpec``; nothing here knows a game.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from rulebooks.models import Game, looks_like_slug
from simulator.core import codec
from simulator.core.registry import GameSpec, get_game

from .addressing import BadAddress, new_game_log, pasted_position_log, resolve
from .presenter import board_context, start_context


def game_and_spec(slug: str) -> tuple[Game, GameSpec]:
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        raise Http404(_("There is no rulebook called “%(slug)s”.") % {"slug": slug[:80]})
    spec = get_game(slug)
    if spec is None:
        raise Http404(_("%(game)s has no simulator yet.") % {"game": game.title})
    return game, spec


@require_safe
@vary_on_headers("HX-Request", "HX-Target")
def simulator_page(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, spec = game_and_spec(game)
    engine = spec.engine
    sim_url = reverse("simulator:page", args=[game_obj.slug])
    params = request.GET
    try:
        if "new" in params:
            log = new_game_log(engine, params)
            return redirect(f"{sim_url}?log={codec.encode(log)}&step=0")
        if "position" in params:
            log = pasted_position_log(engine, params.get("position", ""))
            return redirect(f"{sim_url}?log={codec.encode(log)}&step=0")
        if not params.get("scenario") and not params.get("log"):
            return render(request, "simulator/start.html", start_context(game_obj, spec))
        address = resolve(engine, params)
    except BadAddress as exc:
        context = start_context(game_obj, spec)
        context["error"] = exc
        return render(request, "simulator/start.html", context, status=400)

    context = board_context(game_obj, spec, address, sim_url)
    template = "simulator/page.html"
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.history_restore_request:
        target = htmx.target or ""
        if target.startswith("demo-"):
            context["demo_id"] = target
            template += "#miniboard"
        elif target == "sim":
            template += "#sim"
    return render(request, template, context)
