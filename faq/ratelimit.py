"""A fixed-window rate limit per client on Django's cache, counted atomically.

``FAQ_QUESTION_RATE = (5, 600)`` (the default) allows five questions per client address in each
ten-minute window (scope ``faq-ask``); ``FAQ_ANSWER_RATE`` (10 an hour) limits the counts of
"This answers my question" (scope ``faq-answered``). The client is ``REMOTE_ADDR``; behind a proxy that appends the visitor's address
to ``X-Forwarded-For`` (nginx: ``$proxy_add_x_forwarded_for``) and a server that does not pass it on
(gunicorn), set ``DJANGO_TRUST_X_FORWARDED_FOR=1``: the client is then the last address in that
header, the one the proxy saw (earlier ones are the visitor's own claims), or the limit would be
shared by everyone.

Each accepted submission claims one of the window's ``limit`` slots with ``cache.add``, which
only one caller can win for a key: the database cache (the site's default) inserts a row under
the key's primary key, Redis uses ``SET NX``, the file cache (``pagecache.filecache``) hard-links
a finished file into place, local memory takes a lock. So the limit holds
across worker processes sharing the cache, even for submissions sent at the same moment
(reading a count and writing it back in two steps would let those through). The window number
is part of the key, so a slot is never an expired row that two callers could both take over.
"""

from __future__ import annotations

import hashlib
import random
import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

DEFAULT_RATE = (5, 600)
ADD_ATTEMPTS = 8
# scope -> (setting, default)
RATES = {"faq-ask": ("FAQ_QUESTION_RATE", DEFAULT_RATE), "faq-answered": ("FAQ_ANSWER_RATE", (10, 3600))}


def rate(scope: str = "faq-ask") -> tuple[int, int]:
    name, default = RATES[scope]
    limit, window = getattr(settings, name, default)
    return int(limit), int(window)


def client_address(request: HttpRequest) -> str:
    """The visitor's address (see the module docstring)."""
    if settings.TRUST_X_FORWARDED_FOR:
        last = request.META.get("HTTP_X_FORWARDED_FOR", "").rsplit(",", 1)[-1].strip()
        if last:
            return str(last)
    return str(request.META.get("REMOTE_ADDR", "") or "unknown")


def client_key(request: HttpRequest, scope: str) -> str:
    address = client_address(request)
    digest = hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:32]
    return f"ratelimit:{scope}:{digest}"


def _clock() -> float:
    return time.time()


def retry_after(now: float | None = None, scope: str = "faq-ask") -> int:
    """Seconds until the current window ends (when a used-up allowance is renewed)."""
    window = rate(scope)[1]
    now = _clock() if now is None else now
    return max(1, window - int(now) % window)


def _slots(request: HttpRequest, scope: str, now: float) -> list[str]:
    limit, window = rate(scope)
    prefix = f"{client_key(request, scope)}:{int(now) // window}"
    return [f"{prefix}:{slot}" for slot in range(limit)]


def used_up(request: HttpRequest, scope: str = "faq-ask", now: float | None = None) -> bool:
    """True when every slot of the current window is taken (a cheap look before doing work;
    only :func:`consume` decides)."""
    slots = _slots(request, scope, _clock() if now is None else now)
    return len(cache.get_many(slots)) >= len(slots)


def consume(request: HttpRequest, scope: str = "faq-ask", now: float | None = None) -> str | None:
    """Take one submission from this client's allowance in the current window.

    Returns the claimed slot (a cache key), or None when the allowance is used up and the
    submission must be refused.
    """
    now = _clock() if now is None else now
    timeout = retry_after(now, scope) + 5  # the slot lives as long as its window
    for key in _slots(request, scope, now):
        if claim(key, timeout):
            return key
    return None


def claim(key: str, timeout: int) -> bool:
    """Take ``key`` in the shared cache: True for the one caller that adds it, False once it is
    taken (by anyone, at any moment before it expires)."""
    for attempt in range(ADD_ATTEMPTS):
        if cache.add(key, 1, timeout=timeout):
            return True
        if cache.get(key) is not None:
            return False
        # Not taken, yet not added: the cache could not write just then (SQLite answers
        # "database is locked" at once to a transaction that read before it writes).
        time.sleep(0.02 * (attempt + 1) + random.random() * 0.02)
    return False
