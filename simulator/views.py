"""The simulator page and the clause mini-boards: one view, several renderings.

``/<lang>/<game>/sim/?scenario=<id>&step=N`` or ``?log=<token>&step=N`` renders the full page;
an htmx request renders only the part it targets (the mini-board under a clause, or the
simulator's board area). Every state is a URL; every control is a real link. The contexts are
built by :mod:`simulator.presenter` from the game's ``GameSpec``; nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from pagecache.httpcache import public
from rulebooks.lookups import get_game_or_404
from rulebooks.models import Game
from rules.core import codec
from rules.core.problems import Problem
from rules.core.registry import GameSpec, get_game

from . import editing
from .addressing import (
    MAX_POSITION_CHARS,
    Dispatch,
    dispatch,
    edit_query_of,
    log_query,
    looking,
    new_game_log,
    pasted_position_log,
    read,
    resolve,
)
from .editing import edit_url
from .presenter import api_docs_context, board_context, start_context, ui_language


def game_and_spec(slug: str) -> tuple[Game, GameSpec]:
    game = get_game_or_404(slug)  # titled in the reader's language
    spec = get_game(slug)
    if spec is None:
        raise Http404(_("%(game)s has no simulator yet.") % {"game": game.title})
    return game, spec


@require_safe
@public
@vary_on_headers("HX-Request", "HX-Target", "HX-History-Restore-Request")
def simulator_page(request: HttpRequest, game: str) -> HttpResponse:
    game_obj, spec = game_and_spec(game)
    engine = spec.engine
    sim_url = reverse("simulator:page", args=[game_obj.slug])
    params = request.GET
    htmx = getattr(request, "htmx", None)
    try:
        asked = dispatch(params)
        if asked.edit is not None and spec.editor is not None:
            return _editor(request, game_obj, spec, sim_url)
        elsewhere = _elsewhere(spec, params, asked, sim_url)
        if elsewhere is not None:
            return elsewhere
        if not read(params, "scenario") and not read(params, "log"):
            return render(request, "simulator/start.html", start_context(game_obj, spec))
        address = resolve(engine, params)
        seen = looking(params)
        demo = bool(htmx and (htmx.target or "").startswith("demo-") and not htmx.history_restore_request)
        context = board_context(
            game_obj,
            spec,
            address,
            sim_url,
            seen.pick,
            playable_board=not demo,
            zoom=seen.zoom,
            why=seen.why,
            demo_id=htmx.target if demo and htmx else "",
            advice=read(params, "advice"),
        )
        auto = context["scene"].auto
        if auto and htmx and htmx.history_restore_request:
            auto.live = False  # going back in history does not replay the computer's move
    except Problem as exc:
        return _refused(request, game_obj, spec, exc)

    return render(request, _page_template(htmx), context)


def _page_template(htmx: Any) -> str:
    """The page, or the part of it an htmx request swaps: a demo's board, the simulator, the advice."""
    template = "simulator/page.html"
    if htmx and not htmx.history_restore_request:
        target = htmx.target or ""
        if target.startswith("demo-"):
            template += "#miniboard"
        elif target == "sim":
            template += "#sim"
        elif target == "advice":
            template = "simulator/_advice.html"
    return template


def _elsewhere(spec: GameSpec, params: Mapping[str, str], asked: Dispatch, sim_url: str) -> HttpResponse | None:
    """The addresses answered with another address: a new game (or the editor at its start, or a
    blank board), a pasted position, and the editor at a step ("Change this position", ``then=edit``:
    the page itself carries its position once, in the JSON box)."""
    engine = spec.engine
    if asked.new:
        log = new_game_log(engine, params, spec.players.accepted_names())
        if asked.then in ("edit", "blank") and spec.editor is not None:
            position = engine.position_of(engine.initial_state(log.setup or {}))
            if asked.then == "blank":
                position = spec.editor.blank(engine, position)
            return redirect(edit_url(sim_url, position))
        return redirect(f"{sim_url}?{log_query(codec.encode(log), 0)}")
    if asked.position is not None:
        log = pasted_position_log(engine, asked.position)
        return redirect(f"{sim_url}?{log_query(codec.encode(log), 0)}")
    if asked.then == "edit" and spec.editor is not None and (read(params, "scenario") or read(params, "log")):
        address = resolve(engine, params)
        return redirect(edit_url(sim_url, engine.position_of(address.frame.state)))
    return None


def _refused(request: HttpRequest, game: Game, spec: GameSpec, exc: Problem) -> HttpResponse:
    """The start page with the problem of an address that shows no state (400): the one place a
    page renders a :class:`~rules.core.problems.Problem`."""
    context = start_context(game, spec)
    context["error"] = {"code": exc.code, "field": exc.field, "reason": exc.sentence(), "message": exc.message}
    pasted = read(request.GET, "position")  # the refused text, shown again as typed
    if pasted is not None:
        context["pasted"] = pasted[:MAX_POSITION_CHARS]
    return render(request, "simulator/start.html", context, status=400)


def _editor(request: HttpRequest, game: Game, spec: GameSpec, sim_url: str) -> HttpResponse:
    """The position editor: a tap or a field change moves to the new position's own URL."""
    lang = ui_language()
    asked = edit_query_of(request.GET)
    edit = editing.handle(spec, asked, lang)
    htmx = getattr(request, "htmx", None)
    canonical = edit_url(sim_url, edit.position, edit.tool)
    if edit.changed and edit.error is None and not htmx:
        return redirect(canonical)
    context = editing.edit_context(game, spec, edit, sim_url, lang, zoom=asked.zoom)
    template = "simulator/edit.html"
    if htmx and not htmx.history_restore_request and htmx.target == "editor":
        template += "#editor"
    response = render(request, template, context, status=edit.error.status if edit.error else 200)
    if htmx and edit.error is None:
        response["HX-Push-Url"] = canonical
    return response


@require_safe
@public
def api_docs(request: HttpRequest) -> HttpResponse:
    """docs/API.md as a page of the site, with each registered game's reference (its engine package's
    docstring: action grammar and position format)."""
    return render(request, "simulator/api_docs.html", api_docs_context())
