"""Pages of an FAQ list: ``?page=2`` links, and a clear 404 (never a 500) for a page that does
not exist, whether the number is garbage or past the end."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.paginator import InvalidPage, Page, Paginator
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from rulebooks.models import Game

from .models import Entry

PER_PAGE = 50
MAX_PAGE_CHARS = 12


def paginate(entries: QuerySet[Entry] | Sequence[Entry], raw_page: object, game: Game) -> Page[Entry]:
    """The page ``raw_page`` (a GET value; missing means the first) of ``entries``."""
    paginator = Paginator(entries, PER_PAGE)
    text = "1" if raw_page is None else str(raw_page)
    if text.isascii() and text.isdigit() and len(text) <= MAX_PAGE_CHARS:
        try:
            return paginator.page(int(text))
        except InvalidPage:
            pass
    raise Http404(
        _("There is no page “%(page)s” of questions about %(game)s; the pages run from 1 to %(count)d.")
        % {"page": text[:MAX_PAGE_CHARS], "game": game.title, "count": paginator.num_pages}
    )
