"""Finding rulebook rows for a request, shared by the pages of every app (not a views module, so
other apps can use it without importing rulebooks' views)."""

from django.http import Http404
from django.utils.translation import gettext as _

from .localize import localize_game
from .models import Clause, Game, looks_like_slug


def get_game_or_404(slug: str) -> Game:
    """The game, with its title and description in the reader's language (rulebooks.localize)."""
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        raise Http404(_("There is no rulebook called “%(slug)s”.") % {"slug": slug[:80]})
    return localize_game(game)


def renamed_clause(game: str, former: str) -> str | None:
    """The current id of a clause that was called ``former`` before (``renamed_from=`` in the
    content), or None. Only asked when an id is unknown, so it may read the game's clauses."""
    for anchor, former_ids in Clause.objects.filter(game_id=game).values_list("anchor", "former_ids"):
        if former in (former_ids or ()):
            return str(anchor)
    return None
