"""What the FAQ adds to the rulebook and simulator pages below it (hooks of :mod:`pagecache.hooks`,
found by ``PagecacheConfig.ready``): the rulings citing each clause (the data,
:mod:`faq.queries`, and their list under the clause), the "ask a question" section of a clause's
page and of a simulator position, and the way to a game's FAQ from its rulebook and its card."""

from __future__ import annotations

from typing import Any

from django.template.context import Context
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from pagecache import hooks

from . import queries

hooks.register("clause_rulings", queries)


@hooks.register("clause_extras", order=20)
def clause_rulings(context: Context, clause: Any) -> SafeString:
    return hooks.render_fragment(context, "faq/_clause_rulings.html", clause=clause)


@hooks.register("clause_page_extras")
def ask_about_the_clause(context: Context, clause: Any) -> SafeString:
    return hooks.render_fragment(context, "faq/_ask_link.html", clause=clause, position_url="")


@hooks.register("position_extras")
def ask_about_the_position(context: Context, game: Any, position_url: str) -> SafeString:
    return hooks.render_fragment(context, "faq/_ask_link.html", game=game, position_url=position_url)


@hooks.register("rulebook_actions", order=10)
def questions_and_rulings(context: Context, game: Any) -> str:
    return format_html('<a class="button" href="{}">{}</a>', reverse("faq:game", args=[game.slug]), _("Questions and rulings (FAQ)"))


@hooks.register("game_card_links", order=10)
def faq_link(context: Context, game: Any) -> str:
    return format_html('<a href="{}">{}</a>', reverse("faq:game", args=[game.slug]), _("FAQ"))
