"""Rendered content kept per content version and language (issue 29).

A rulebook, a clause or an FAQ page is mostly content: the same HTML for every reader of one
language until the game's rows change. :data:`FRAGMENTS` keeps, per process, what was made from
them once, keyed on the game, its content version (rulesite.httpcache: one per game, replaced
after a change to that game's rows, so a change to one game leaves the other games' fragments
alone), the language and the fragment's own names:

- ``{% stored game.slug "name" ... %}...{% endstored %}`` (rulebook_tags) keeps the HTML a block of a
  template renders; the views hand those blocks lazy values (:class:`Lazy`), so a stored block
  costs neither its queries nor its rendering;
- :meth:`Fragments.get` keeps an object (a localized row a page's title needs).

This sits beside rulesite.httpcache's store of whole pages, which answers a repeated address; the
fragments answer the first request for an address (a new query string, another page of the same
content) and the first request after a change to another game. The per-process store is bounded
(least recently used first). Without a readable content version nothing is kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from django.utils import translation

from rulesite.httpcache import content_version

T = TypeVar("T")
MAX_ITEMS = 20_000


class Fragments:
    def __init__(self, max_items: int = MAX_ITEMS) -> None:
        self.max_items = max_items
        self.items: OrderedDict[tuple, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.made = 0  # how many were made (the tests count renders with it)

    def key(self, game: str, names: tuple) -> tuple | None:
        version = content_version(game)
        if version is None:
            return None
        return (game, version, translation.get_language() or "", *names)

    def lookup(self, key: tuple) -> Any:
        with self.lock:
            value = self.items.get(key, _MISSING)
            if value is not _MISSING:
                self.items.move_to_end(key)
            return value

    def put(self, key: tuple, value: Any) -> None:
        with self.lock:
            self.made += 1
            self.items[key] = value
            self.items.move_to_end(key)
            while len(self.items) > self.max_items:
                self.items.popitem(last=False)

    def get(self, game: str, names: tuple, make: Callable[[], T]) -> T:
        """The value kept for ``names`` of ``game`` in the active language at the game's current
        content version, made by ``make`` when there is none (a None made is not kept)."""
        key = self.key(game, names)
        if key is None:
            return make()
        value = self.lookup(key)
        if value is _MISSING:
            value = make()
            if value is not None:
                self.put(key, value)
        return value

    def clear(self) -> None:
        with self.lock:
            self.items.clear()


_MISSING = object()
FRAGMENTS = Fragments()

