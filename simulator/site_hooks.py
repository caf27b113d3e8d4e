"""What the simulator adds to the rulebook pages below it (hooks of :mod:`pagecache.hooks`,
found by ``PagecacheConfig.ready``): each clause's demos, and the way to
the simulator from a rulebook and from its card on the home page (games with a rules engine); in
every page's frame the boards' stylesheets and the link preview (``{% share_meta %}``)."""

from __future__ import annotations

from typing import Any

from django.template.context import Context
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from pagecache import hooks
from rules.core.registry import get_game

from .templatetags.sharing_tags import share_meta


@hooks.register("clause_extras", order=10)
def clause_demos(context: Context, clause: Any) -> SafeString:
    return hooks.render_fragment(context, "simulator/_clause_demo.html", clause=clause)


@hooks.register("rulebook_actions", order=20)
def open_the_simulator(context: Context, game: Any) -> str:
    if get_game(game.slug) is None:
        return ""
    return format_html('<a class="button" href="{}">{}</a>', reverse("simulator:page", args=[game.slug]), _("Open the simulator"))


@hooks.register("game_card_links", order=20)
def try_a_position(context: Context, game: Any) -> str:
    if get_game(game.slug) is None:
        return ""
    return format_html('<a href="{}">{}</a>', reverse("simulator:page", args=[game.slug]), _("Simulator: try a position"))


hooks.register("head_meta", share_meta)


@hooks.register("head_styles")
def board_stylesheets(context: Context) -> SafeString:
    return hooks.render_fragment(context, "simulator/_head_styles.html")
