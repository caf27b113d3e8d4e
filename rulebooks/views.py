"""Pages of the rulebooks: home, rulebook, clause. Views stay thin; the work is in
:mod:`rulebooks.outline` (structure). The FAQ rulings under each clause come through
:mod:`rulebooks.annotations` (registered by the FAQ app); the search lives in :mod:`sitewide`."""

from dataclasses import dataclass
from functools import cached_property

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from pagecache.httpcache import public

from .annotations import rulings_by_clause, rulings_for_clause
from .fragments import FRAGMENTS
from .localize import localize_clauses, localize_game, localize_sections
from .lookups import get_game_or_404, renamed_clause
from .models import Clause, Game, Section, looks_like_slug
from .outline import OutlineEntry, build_outline, clause_neighbours, section_path


@require_safe
@public
def home(request: HttpRequest) -> HttpResponse:
    games = [localize_game(game) for game in Game.objects.all()]
    return render(request, "rulebooks/home.html", {"games": games})


class Book:
    """What the rulebook page's stored blocks show, read from the database only when a block is
    not kept (rulebooks.fragments)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @cached_property
    def _outline(self) -> tuple[list[OutlineEntry], list[OutlineEntry], int]:
        sections = list(self.game.sections.all())
        clauses = list(self.game.clauses.all())
        localize_sections(sections)
        localize_clauses(clauses)
        rulings = rulings_by_clause(self.game)  # published FAQ entries per clause, one query
        for clause in clauses:
            clause.faq_rulings = rulings.get(clause.pk, [])
        return (*build_outline(sections, clauses), len(clauses))

    @property
    def outline(self) -> list[OutlineEntry]:
        return self._outline[0]

    @property
    def items(self) -> list[OutlineEntry]:
        return self._outline[1]

    @property
    def clause_count(self) -> int:
        return self._outline[2]


@require_safe
@public
def rulebook(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = get_game_or_404(game)
    return render(request, "rulebooks/rulebook.html", {"game": game_obj, "book": Book(game_obj)})


@dataclass
class ClausePage:
    """A clause page's rows in the reader's language (kept per content version: FRAGMENTS)."""

    clause: Clause
    path: list[Section]
    previous: Clause | None
    next: Clause | None


def _clause_page(game: Game, anchor: str) -> ClausePage | None:
    found = Clause.objects.select_related("game", "section").filter(game=game, anchor=anchor).first()
    if found is None:
        return None
    previous, following = clause_neighbours(found)
    shown = [c for c in (found, previous, following) if c is not None]
    for item in shown:
        item.game = game  # the same row: no query per clause
    path = section_path(found.section)
    localize_sections(path)
    localize_clauses(shown)
    found.faq_rulings = rulings_for_clause(found)
    return ClausePage(found, path, previous, following)


def _clause_elsewhere(request: HttpRequest, game_obj: Game, clause: str) -> HttpResponseRedirect | HttpResponsePermanentRedirect:
    """An address that names no clause of this rulebook: a section, a former id, another
    rulebook's clause, or nothing (404)."""
    found = Clause.objects.filter(anchor=clause).first() if looks_like_slug(clause) else None
    if found is not None and found.game_id != game_obj.slug:
        return redirect("rulebooks:clause", game=found.game_id, clause=found.anchor, permanent=True)
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


@require_safe
@public
def clause_detail(request: HttpRequest, game: str, clause: str) -> HttpResponse:
    game_obj = get_game_or_404(game)
    page = FRAGMENTS.get(game_obj.slug, ("clause", clause), lambda: _clause_page(game_obj, clause))
    if page is None:
        return _clause_elsewhere(request, game_obj, clause)
    return render(
        request,
        "rulebooks/clause.html",
        {"game": game_obj, "clause": page.clause, "path": page.path, "previous": page.previous, "next": page.next},
    )
