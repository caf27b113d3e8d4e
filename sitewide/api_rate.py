"""A rate limit per client address for the search API (``SEARCH_API_RATE = (count, seconds)``,
default 60 questions a minute): a counter per address and fixed window in Django's cache (shared
by the worker processes), so a chat bot gone wild cannot keep the search busy for everyone. The
client address is :func:`faq.ratelimit.client_address`'s (``DJANGO_TRUST_X_FORWARDED_FOR`` behind a
proxy). The count is exact with Redis and local memory (atomic increments); with the database or
file cache two requests at the same moment may both pass the last slot, which is fine for a limit
against floods. An answer the page store serves (the same question again) does not count."""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext_noop

from faq.ratelimit import client_key
from rules.core.problems import Code
from simulator.api_problems import problem, problem_response

DEFAULT_RATE = (60, 60)


def rate() -> tuple[int, int]:
    limit, window = getattr(settings, "SEARCH_API_RATE", DEFAULT_RATE)
    return int(limit), int(window)


def _clock() -> float:
    return time.time()


def refuse(request: HttpRequest) -> JsonResponse | None:
    """Count this request; a JSON 429 (with ``Retry-After``) when the address is over its rate."""
    limit, window = rate()
    now = _clock()
    key = f"{client_key(request, 'api-search')}:{int(now) // window}"
    timeout = window + 5
    cache.add(key, 0, timeout=timeout)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=timeout)
        count = 1
    if count <= limit:
        return None
    retry = max(1, window - int(now) % window)
    response = problem_response(
        problem(
            "request", gettext_noop("more than %(limit)d questions in %(window)d seconds from this address; try again in %(retry)d s"),
            429, code=Code.RATE_LIMITED, limit=limit, window=window, retry=retry,
        )
    )  # fmt: skip
    response["Retry-After"] = str(retry)
    return response
