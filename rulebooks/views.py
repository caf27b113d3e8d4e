"""Pages of the rulebooks: home, rulebook, clause. Views stay thin; the work is in
:mod:`rulebooks.outline` (structure). The FAQ rulings under each clause come through
:mod:`rulebooks.annotations` (registered by the FAQ app); the search lives in :mod:`sitewide`."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulesite.httpcache import public

from .annotations import rulings_by_clause, rulings_for_clause
from .localize import localize_clauses, localize_game, localize_sections
from .lookups import get_game_or_404, renamed_clause
from .models import Clause, Game, Section
from .outline import build_outline, clause_neighbours, section_path


@require_safe
@public
def home(request):
    games = [localize_game(game) for game in Game.objects.all()]
    return render(request, "rulebooks/home.html", {"games": games})


@require_safe
@public
def rulebook(request, game):
    game = get_game_or_404(game)
    sections = list(game.sections.all())
    clauses = list(game.clauses.all())
    localize_sections(sections)
    localize_clauses(clauses)
    rulings = rulings_by_clause(game)  # published FAQ entries per clause, one query
    for clause in clauses:
        clause.faq_rulings = rulings.get(clause.pk, [])
    outline, items = build_outline(sections, clauses)
    return render(
        request,
        "rulebooks/rulebook.html",
        {"game": game, "outline": outline, "items": items, "clause_count": len(clauses)},
    )


@require_safe
@public
def clause_detail(request, game, clause):
    game_obj = get_game_or_404(game)
    found = Clause.objects.select_related("game", "section").filter(anchor=clause).first()
    if found is None:
        section = Section.objects.filter(anchor=clause).select_related("game").first()
        if section is not None:
            # A section has no page of its own: show it in its rulebook.
            return redirect(reverse("rulebooks:rulebook", args=[section.game_id]) + f"#{section.anchor}")
        renamed = renamed_clause(game_obj.slug, clause)
        if renamed is not None:
            # A permalink shared before the clause was renamed (renamed_from= in the content).
            query = request.META.get("QUERY_STRING", "")
            target = reverse("rulebooks:clause", kwargs={"game": game_obj.slug, "clause": renamed})
            return redirect(target + (f"?{query}" if query else ""), permanent=True)
        raise Http404(
            _("The rulebook %(game)s has no clause “%(clause)s”.") % {"game": game_obj.title, "clause": clause[:80]}
        )
    if found.game_id != game_obj.slug:
        return redirect("rulebooks:clause", game=found.game_id, clause=found.anchor, permanent=True)
    previous, following = clause_neighbours(found)
    shown = [c for c in (found, previous, following) if c is not None]
    for item in shown:
        item.game = game_obj  # the same row: no query per clause
    path = section_path(found.section)
    localize_sections(path)
    localize_clauses(shown)
    found.faq_rulings = rulings_for_clause(found)
    return render(
        request,
        "rulebooks/clause.html",
        {
            "game": game_obj,
            "clause": found,
            "path": path,
            "previous": previous,
            "next": following,
        },
    )
