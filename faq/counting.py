"""Counting "This answers my question" once per person (faq.views.answered).

A click counts when all three agree, else it is refused and tallied by reason
(:class:`faq.models.RefusedCount`, one row per day and reason):

- **the browser** has not counted this answer today: a signed cookie (``faq_answered``) lists
  the answers it counted on the current day (readers get no session, so no session row);
- **the asking** (the ask form's nonce, one per rendering) has not ended before: claimed in the
  shared cache with ``cache.add``, so of 20 copies of one form sent at once one counts;
- **the address** is within ``FAQ_ANSWER_RATE`` (10 an hour), slots in the shared cache
  (:mod:`faq.ratelimit`), so the limit holds across worker processes and for clicks sent at the
  same moment.

The first two are ``repeat``, the last ``limit``. Whatever is counted or refused, the reader
goes to the answer.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from . import ratelimit
from .asking import NONCE_RE
from .models import RefusedCount

COOKIE = "faq_answered"
SALT = "faq.counting"
MAX_REMEMBERED = 40  # answers one browser counted in a day (the address limit stops far earlier)
NONCE_SECONDS = 2 * 24 * 3600


def _today() -> str:
    return timezone.localdate().isoformat()


def counted_today(request: HttpRequest) -> list[str]:
    """The answers this browser counted today (from its signed cookie; none if missing or forged)."""
    value = request.get_signed_cookie(COOKIE, default="", salt=SALT, max_age=2 * 24 * 3600) or ""
    day, _sep, keys = value.partition(" ")
    return [key for key in keys.split(",") if key][:MAX_REMEMBERED] if day == _today() else []


def refusal(request: HttpRequest, target: str, nonce: str) -> str | None:
    """Why this click on ``target`` ("faq:<game>:<slug>" or "clause:<id>") is not counted, or
    None when it counts (and then it has taken its nonce and a slot of the address's allowance)."""
    if target in counted_today(request):
        return RefusedCount.REPEAT
    if NONCE_RE.fullmatch(nonce or ""):
        digest = hashlib.sha256(nonce.encode("ascii")).hexdigest()[:32]
        if not ratelimit.claim(f"faq-answered-nonce:{digest}", NONCE_SECONDS):
            return RefusedCount.REPEAT
    if ratelimit.used_up(request, scope="faq-answered") or ratelimit.consume(request, scope="faq-answered") is None:
        return RefusedCount.LIMIT
    return None


def remember(request: HttpRequest, response: HttpResponse, target: str) -> None:
    """Add ``target`` to the answers this browser counted today."""
    keys = [key for key in counted_today(request) if key != target]
    keys = (keys + [target])[-MAX_REMEMBERED:]
    response.set_signed_cookie(
        COOKIE,
        f"{_today()} {','.join(keys)}",
        salt=SALT,
        max_age=24 * 3600,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def tally(reason: str) -> None:
    """One more refused click for today and ``reason``."""
    day = timezone.localdate()
    if RefusedCount.objects.filter(day=day, reason=reason).update(count=F("count") + 1):
        return
    try:
        with transaction.atomic():
            RefusedCount.objects.create(day=day, reason=reason, count=1)
    except IntegrityError:  # created at the same moment by another click
        RefusedCount.objects.filter(day=day, reason=reason).update(count=F("count") + 1)
