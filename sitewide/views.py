"""The search page and the suggestions while a question is typed, over the clauses and published
FAQ entries of every rulebook. The views stay thin; the work is in :mod:`sitewide.search`."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.middleware import HtmxDetails

from pagecache.httpcache import public
from rulebooks.localize import localize_game, reader_language
from rulebooks.models import Game

from .search import run_search, suggest

PARAM_MAX = 2000  # a question typed in the ask form can be long; the search reads its first 200 characters
POSITION_MAX = 8190  # a long game's simulator address (gunicorn's longest request line)


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (``request.htmx``)."""

    htmx: HtmxDetails


@require_safe
@public
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def search(request: HtmxHttpRequest) -> HttpResponse:
    context = run_search(request.GET)
    context["games"] = [localize_game(game) for game in Game.objects.all()]
    context["not_one_game"] = context["selected_game"] is None
    template = "sitewide/search.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    return render(request, template, context)


@require_safe
@public
def suggestions(request: HttpRequest) -> HttpResponse:
    """The best few answers for what is typed so far (``q``, or ``question`` from the ask form):
    ``in`` the rulebook it is asked about, ``position`` a simulator position and ``clause`` the
    clause it is asked from (ranked higher), ``ask=1`` inside the ask form (with "This answers my
    question"). A fragment for htmx; without JavaScript the search page serves the same."""
    params = request.GET
    text = (params.get("q") or params.get("question") or "")[:PARAM_MAX]
    context = suggest(
        text,
        reader_language(),
        game=(params.get("in") or params.get("game") or "")[:80],
        position=(params.get("position") or "")[:POSITION_MAX],
        clause=(params.get("clause") or "")[:100],
    )
    context["answer_button"] = params.get("ask") == "1"
    # A fragment rendered on every keystroke: none of the page's context processors (language
    # switch, alternates) is needed, only the language (the hits' lang attributes).
    context["LANGUAGE_CODE"] = translation.get_language()
    return HttpResponse(render_to_string("sitewide/_suggestions.html", context))
