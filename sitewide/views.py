"""The search page, over the clauses and published FAQ entries of every rulebook. The view stays
thin; the work is in :mod:`sitewide.search`."""

from django.shortcuts import render
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from rulebooks.localize import localize_game
from rulebooks.models import Game
from rulesite.httpcache import public

from .search import run_search


@require_safe
@public
@vary_on_headers("HX-Request", "HX-History-Restore-Request")
def search(request):
    context = run_search(request.GET)
    context["games"] = [localize_game(game) for game in Game.objects.all()]
    template = "sitewide/search.html"
    if request.htmx and not request.htmx.history_restore_request:
        template += "#results"
    return render(request, template, context)
