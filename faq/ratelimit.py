"""A small fixed-window rate limit per client on Django's cache.

``FAQ_QUESTION_RATE = (5, 600)`` (the default) allows five questions per client address in ten
minutes. The client is ``REMOTE_ADDR``: behind a proxy, make the proxy set it (or the limit is
shared by everyone). The cache backend decides the scope: local memory counts per process, a
shared cache (``DJANGO_CACHE_DIR``) counts across worker processes.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache

DEFAULT_RATE = (5, 600)


def rate() -> tuple[int, int]:
    limit, window = getattr(settings, "FAQ_QUESTION_RATE", DEFAULT_RATE)
    return int(limit), int(window)


def client_key(request, scope: str) -> str:
    address = request.META.get("REMOTE_ADDR", "") or "unknown"
    digest = hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:32]
    return f"ratelimit:{scope}:{digest}"


def is_limited(request, scope: str = "faq-ask") -> bool:
    """True when this client has used up its allowance in the current window."""
    limit, _window = rate()
    return (cache.get(client_key(request, scope)) or 0) >= limit


def record(request, scope: str = "faq-ask") -> None:
    """Count one accepted submission of this client."""
    key = client_key(request, scope)
    _limit, window = rate()
    if not cache.add(key, 1, timeout=window):
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window)


def retry_after() -> int:
    return rate()[1]
