"""Rendered content kept per content version and language (issue 29).

A rulebook, a clause or an FAQ page is mostly content: the same HTML for every reader of one
language until the game's rows change. :data:`FRAGMENTS` keeps, per process, what was made from
them once, keyed on the game, its content version (pagecache.httpcache: one per game, replaced
after a change to that game's rows, so a change to one game leaves the other games' fragments
alone), the language and the fragment's own names:

- ``{% stored game.slug "name" ... %}...{% endstored %}`` (rulebook_tags) keeps the HTML a block of a
  template renders; the views hand those blocks lazy values (:class:`Lazy`), so a stored block
  costs neither its queries nor its rendering;
- :meth:`Fragments.get` keeps an object (a localized row a page's title needs).

This sits beside pagecache.httpcache's store of whole pages, which answers a repeated address; the
fragments answer the first request for an address (a new query string, another page of the same
content) and the first request after a change to another game. The per-process store is bounded
in bytes (least recently used first), and a game's new version drops what the older ones made.
Without a readable content version nothing is kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from django.utils import translation

from pagecache.httpcache import content_version

T = TypeVar("T")
# What a fragment is kept under: game, content version, language and the names it was asked by.
FragmentKey = tuple[str, ...]
MAX_BYTES = 48 * 1024 * 1024  # of HTML (every page of the four games in three languages: about 10 MB)
OBJECT_BYTES = 4096  # what a kept row counts for


class Fragments:
    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.items: OrderedDict[FragmentKey, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.versions: dict[str, str] = {}  # per game, the newest version kept
        self.lock = threading.Lock()
        self.made = 0  # how many were made (the tests count renders with it)

    def key(self, game: str, names: tuple[str, ...]) -> FragmentKey | None:
        version = content_version(game)
        if version is None:
            return None
        return (game, version, translation.get_language() or "", *names)

    def lookup(self, key: FragmentKey) -> Any:
        with self.lock:
            item = self.items.get(key)
            if item is None:
                return _MISSING
            self.items.move_to_end(key)
            return item[0]

    def put(self, key: FragmentKey, value: Any) -> None:
        size = len(value) if isinstance(value, str) else OBJECT_BYTES
        game, version = key[0], key[1]
        with self.lock:
            self.made += 1
            if self.versions.get(game) != version:
                # Another version of the game: what was made under the others goes now, not when
                # it is the least recently used. (A request still rendering under the version
                # before a change may put it back once; lookups are by exact version, so at worst
                # the newer fragments are made again.)
                self.versions[game] = version
                for old in [k for k in self.items if k[0] == game and k[1] != version]:
                    self.bytes -= self.items.pop(old)[1]
            previous = self.items.pop(key, None)
            if previous is not None:
                self.bytes -= previous[1]
            self.items[key] = (value, size)
            self.bytes += size
            while self.bytes > self.max_bytes and self.items:
                self.bytes -= self.items.popitem(last=False)[1][1]

    def get(self, game: str, names: tuple[str, ...], make: Callable[[], T]) -> T:
        """The value kept for ``names`` of ``game`` in the active language at the game's current
        content version, made by ``make`` when there is none (a None made is not kept)."""
        key = self.key(game, names)
        if key is None:
            return make()
        kept = self.lookup(key)
        if kept is not _MISSING:
            value: T = kept  # what make() made for this key before
            return value
        made = make()
        if made is not None:
            self.put(key, made)
        return made

    def clear(self) -> None:
        with self.lock:
            self.items.clear()
            self.versions.clear()
            self.bytes = 0


_MISSING = object()
FRAGMENTS = Fragments()

