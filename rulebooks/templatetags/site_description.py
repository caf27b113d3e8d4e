"""``{% site_description %}``: the site's meta description, naming the games on the site from their
rows (so a new game's content is named without editing a template or a translation)."""

from __future__ import annotations

from django import template
from django.utils.text import get_text_list
from django.utils.translation import gettext, pgettext

from rulebooks.models import Game

register = template.Library()


@register.simple_tag
def site_description() -> str:
    titles = [str(title) for title in Game.objects.values_list("title", flat=True)]
    if not titles:
        return gettext("The rules of board games, clause by clause.")
    games = get_text_list(titles, pgettext("the last of a list of games", "and"))
    return gettext("The rules of %(games)s, clause by clause.") % {"games": games}
