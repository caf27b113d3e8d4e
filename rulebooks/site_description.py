"""The site's one-sentence description naming the games on the site, from their rows (so a new
game's content is named without editing a template or a translation)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext

from .models import Game

GENERIC = "The rules of board games, clause by clause."  # pages that must not ask the database


def describe(titles: Iterable[str]) -> str:
    names = [str(title) for title in titles]
    if not names:
        return gettext(GENERIC)
    games = get_text_list(names, pgettext("the last of a list of games", "and"))
    return gettext("The rules of %(games)s, clause by clause.") % {"games": games}


def site_description() -> str:
    """"The rules of A, B and C, clause by clause." in the active language (one query)."""
    return describe(Game.objects.values_list("title", flat=True))
