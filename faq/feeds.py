"""Atom feeds of newly published or changed rulings: per game and for the whole site."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebooks.localize import localize_game
from rulebooks.lookups import get_game_or_404
from rulebooks.rendering import LANG_PLACEHOLDER

from .models import Entry, localize_entries
from .rendering import sanitize

FEED_ITEMS = 30


def _with_base(entries, request):
    """The entries, each knowing the absolute base URL for its cross-reference links (feed
    instances are shared between requests, so nothing request-specific is kept on them)."""
    base = request.build_absolute_uri(f"/{get_language()}/")
    entries = localize_entries(entries)  # question and answer in the feed's language
    for entry in entries:
        entry.link_base = base
        localize_game(entry.game)
    return entries


class SiteFaqFeed(Feed):
    feed_type = Atom1Feed

    def get_object(self, request):
        return request

    def title(self, obj=None):
        return _("Rules at the table: new and changed rulings")

    def subtitle(self, obj=None):
        return _("Questions about the rules, answered by the editors, newest first.")

    def link(self, obj=None):
        return reverse("faq:index")

    def feed_url(self, obj=None):
        return reverse("faq:feed")

    def items(self, obj=None):
        return _with_base(Entry.objects.published().select_related("game").by_feed_date()[:FEED_ITEMS], obj)

    def item_title(self, item):
        return str(item)

    def item_description(self, item):
        # Sanitised again on the way out (an answer stored before a sanitiser fix is not trusted),
        # then cross-reference links become absolute links in the reader's language.
        return sanitize(item.answer_html).replace(f'href="{LANG_PLACEHOLDER}', f'href="{item.link_base}')

    def item_link(self, item):
        return item.get_absolute_url()

    def item_pubdate(self, item):
        return item.published_at or item.created_at

    def item_updateddate(self, item):
        return item.feed_date

    def item_categories(self, item):
        return [item.game.title]


class GameFaqFeed(SiteFaqFeed):
    def get_object(self, request, game):
        game = get_game_or_404(game)
        game.request = request
        return game

    def title(self, obj=None):
        return _("%(game)s: new and changed rulings") % {"game": obj.title}

    def link(self, obj=None):
        return reverse("faq:game", args=[obj.slug])

    def feed_url(self, obj=None):
        return reverse("faq:game_feed", args=[obj.slug])

    def items(self, obj=None):
        entries = obj.faq_entries.published().select_related("game").by_feed_date()[:FEED_ITEMS]
        return _with_base(entries, obj.request)
