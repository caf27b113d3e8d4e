"""What the rooms add to the pages below them (hooks of :mod:`pagecache.hooks`, found by
``PagecacheConfig.ready``): "Play online" on a rulebook, its card on the home page,
the FAQ's list of games and a game's simulator and FAQ pages (games with a rules engine)."""

from __future__ import annotations

from typing import Any

from django.template.context import Context
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from pagecache import hooks
from rules.core.registry import get_game


def _play_online(game: Any, css: str) -> str:
    if get_game(game.slug) is None:
        return ""
    return format_html('<a class="{}" href="{}">{}</a>', css, reverse("rooms:lobby", args=[game.slug]), _("Play online"))


@hooks.register("rulebook_actions", order=30)
def play_online_button(context: Context, game: Any) -> str:
    return _play_online(game, "button online-play")


@hooks.register("game_card_links", order=30)
@hooks.register("faq_game_links")
def play_online_link(context: Context, game: Any) -> str:
    return _play_online(game, "online-play")


@hooks.register("page_actions")
def online_link(context: Context, game: Any) -> SafeString:
    return hooks.render_fragment(context, "rooms/_online_link.html", game=game)
