"""Atom feeds of newly published or changed rulings: per game and for the whole site."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from django.contrib.syndication.views import Feed
from django.http import HttpRequest
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebooks.localize import localize_game
from rulebooks.lookups import get_game_or_404
from rulebooks.models import Game
from rulebooks.rendering import LANG_PLACEHOLDER

from .models import Entry, localize_entries
from .rendering import sanitize

FEED_ITEMS = 30


@dataclass(frozen=True)
class FeedScope:
    """What a feed is asked about: the request (for absolute links) and its game (None: the site)."""

    request: HttpRequest
    game: Game | None = None


if TYPE_CHECKING:
    _EntryFeed = Feed[Entry, FeedScope]  # django-stubs makes Feed generic; Django's takes no parameters
else:
    _EntryFeed = Feed


def _with_base(entries: Iterable[Entry], request: HttpRequest) -> list[Entry]:
    """The entries, each knowing the absolute base URL for its cross-reference links (feed
    instances are shared between requests, so nothing request-specific is kept on them)."""
    base = request.build_absolute_uri(f"/{get_language()}/")
    shown = localize_entries(entries)  # question and answer in the feed's language
    for entry in shown:
        entry.link_base = base
        localize_game(entry.game)
    return shown


class SiteFaqFeed(_EntryFeed):
    feed_type = Atom1Feed

    def get_object(self, request: HttpRequest, *args: Any, **kwargs: Any) -> FeedScope:
        return FeedScope(request)

    def title(self, obj: FeedScope) -> str:
        return _("Rules at the table: new and changed rulings")

    def subtitle(self, obj: FeedScope) -> str:
        return _("Questions about the rules, answered by the editors, newest first.")

    def link(self, obj: FeedScope) -> str:
        return reverse("faq:index")

    def feed_url(self, obj: FeedScope) -> str:
        return reverse("faq:feed")

    def items(self, obj: FeedScope) -> list[Entry]:
        return _with_base(Entry.objects.published().select_related("game").by_feed_date()[:FEED_ITEMS], obj.request)

    def item_title(self, item: Entry) -> str:
        return str(item)

    def item_description(self, item: Entry) -> str:
        # Sanitised again on the way out (an answer stored before a sanitiser fix is not trusted),
        # then cross-reference links become absolute links in the reader's language.
        return sanitize(item.answer_html).replace(f'href="{LANG_PLACEHOLDER}', f'href="{item.link_base}')

    def item_link(self, item: Entry) -> str:
        return item.get_absolute_url()

    def item_pubdate(self, item: Entry) -> datetime:
        return item.published_at or item.created_at

    def item_updateddate(self, item: Entry) -> datetime:
        return item.feed_date

    def item_categories(self, item: Entry) -> list[str]:
        return [item.game.title]


class GameFaqFeed(SiteFaqFeed):
    def get_object(self, request: HttpRequest, game: str) -> FeedScope:
        return FeedScope(request, get_game_or_404(game))

    def title(self, obj: FeedScope) -> str:
        return _("%(game)s: new and changed rulings") % {"game": _game(obj).title}

    def link(self, obj: FeedScope) -> str:
        return reverse("faq:game", args=[_game(obj).slug])

    def feed_url(self, obj: FeedScope) -> str:
        return reverse("faq:game_feed", args=[_game(obj).slug])

    def items(self, obj: FeedScope) -> list[Entry]:
        entries = _game(obj).faq_entries.published().select_related("game").by_feed_date()[:FEED_ITEMS]
        return _with_base(entries, obj.request)


def _game(scope: FeedScope) -> Game:
    """The game of a game's feed (GameFaqFeed.get_object always sets it)."""
    assert scope.game is not None
    return scope.game
