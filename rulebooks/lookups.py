"""Finding rulebook rows for a request, shared by the pages of every app (not a views module, so
other apps can use it without importing rulebooks' views)."""

from django.http import Http404
from django.utils.translation import gettext as _

from .models import Game, looks_like_slug


def get_game_or_404(slug: str) -> Game:
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        raise Http404(_("There is no rulebook called “%(slug)s”.") % {"slug": slug[:80]})
    return game
