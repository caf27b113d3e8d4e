"""Limits on what one visitor can take or send, so that nobody can deny the rooms to others.

Held in the database, so they hold across worker processes (README, "Online rooms"):

- A *person* is a browser: the cookie ``rooms_person`` (a random token, HttpOnly), set at their
  first join. One seat per person per room, and seats in at most ``ROOMS_PER_PERSON`` rooms at
  once.
- A network address (the client address as the FAQ's rate limit reads it; IPv6 per /64, which one
  subscriber usually gets whole) holds at most ``ROOMS_SEATS_PER_ADDRESS`` seats at once: a
  visitor who throws their cookies away is still one address, and friends behind one router
  still fit. A seat nobody has been connected to for ``ROOMS_ADDRESS_AWAY`` stops counting
  (:func:`uncount_away`, when a join finds the address full) until its person is back
  (:func:`recount`), so rooms a table abandoned do not lock its network out; a refused join names
  the rooms that hold the seats and when they stop counting (``rooms.services.holders``).

Both are stored on the seat as a keyed hash (HMAC with the site's secret key: no address is
stored) and a *slot* number, unique per hash: two joins at the same moment cannot take the same
slot, so the database itself refuses the seat beyond the limit.

Messages on a socket are limited twice: every message by a token bucket of the socket
(``ROOMS_MESSAGE_RATE``; a socket lives in one process, so its own counter is exact), and the
render-heavy ones (board, pick, move) per seat in the shared cache (``ROOMS_RENDER_RATE``), so a
seat's sockets on several workers share one allowance. Sockets per seat are capped in
:mod:`rooms.presence`.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import logging
import re
import secrets
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet

from . import presence
from .models import Connection, Seat

logger = logging.getLogger(__name__)
PERSON_COOKIE = "rooms_person"
_TOKEN_RE = re.compile(r"[A-Za-z0-9_-]{20,100}")


def new_person_token() -> str:
    return secrets.token_urlsafe(32)


def valid_person_token(token: str | None) -> str | None:
    return token if token and _TOKEN_RE.fullmatch(token) else None


def _keyed(kind: str, value: str) -> str:
    return hmac.new(settings.SECRET_KEY.encode(), f"rooms:{kind}:{value}".encode(), hashlib.sha256).hexdigest()


def person_key(token: str) -> str:
    return _keyed("person", token)


def network_of(address: str) -> str:
    """The part of an address that one subscriber holds: an IPv4 address, or an IPv6 /64."""
    try:
        ip = ipaddress.ip_address(address.strip().strip("[]"))
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def address_key(address: str) -> str:
    return _keyed("address", network_of(address))


def free_slot(taken: set[int | None], limit: int) -> int | None:
    """The lowest slot 1..limit not taken, or None when all are."""
    return next((slot for slot in range(1, limit + 1) if slot not in taken), None)


def monotonic() -> float:
    """The buckets' clock (tests replace it)."""
    return time.monotonic()


def wallclock() -> float:
    """The shared windows' clock (tests replace it)."""
    return time.time()


class Bucket:
    """A token bucket: ``count`` messages at once, refilled at ``count`` per ``seconds``."""

    def __init__(self, count: int, seconds: int, clock: Callable[[], float] | None = None):
        self.capacity, self.rate, self.clock = float(count), count / seconds, clock
        self.tokens, self.at = float(count), self.now()

    def now(self) -> float:
        return self.clock() if self.clock is not None else monotonic()

    def take(self) -> bool:
        now = self.now()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def render_allowed(seat_id: int, now: float | None = None) -> bool:
    """One render-heavy message of the seat within its allowance in the shared cache (a fixed
    window of ``ROOMS_RENDER_RATE``)."""
    count, window = settings.ROOMS_RENDER_RATE
    now = wallclock() if now is None else now
    key = f"rooms:render:{seat_id}:{int(now) // window}"
    try:
        cache.add(key, 0, timeout=window * 2)
        try:
            used = cache.incr(key)
        except ValueError:  # the key expired between add and incr: a new window
            cache.add(key, 1, timeout=window * 2)
            used = 1
    except Exception:  # noqa: BLE001 - no cache table (createcachetable), cache down: the socket's bucket still holds
        if not _warned:
            _warned.append(True)
            logger.warning("rooms: the shared cache cannot count renders; only the per-socket rate holds")
        return True
    return used <= count


_warned: list[bool] = []


def uncount_away(counting: QuerySet[Seat]) -> int:
    """Seats of ``counting`` whose person has been away (no live socket) for
    ``ROOMS_ADDRESS_AWAY`` stop counting toward the address limit: their slot is given up (the
    seat stays its person's). How many stopped."""
    now = presence.clock()
    live = Connection.objects.filter(seat=OuterRef("pk"), seen__gte=presence.live_since(now))
    away = counting.filter(last_seen__lte=now - presence.seconds("ROOMS_ADDRESS_AWAY")).exclude(Exists(live))
    return away.update(address_slot=None)


def recount(seat_id: int) -> None:
    """A person is back at a seat that had stopped counting toward its address's limit: it counts
    again if a slot is free (it stays theirs either way)."""
    seat = Seat.objects.filter(pk=seat_id, address_hash__isnull=False, address_slot__isnull=True).first()
    if seat is None or seat.address_hash is None:
        return
    taken = set(Seat.objects.filter(address_hash=seat.address_hash).values_list("address_slot", flat=True))
    slot = free_slot(taken, settings.ROOMS_SEATS_PER_ADDRESS)
    if slot is None:
        return
    try:
        with transaction.atomic():
            Seat.objects.filter(pk=seat.pk, address_slot__isnull=True).update(address_slot=slot)
    except IntegrityError:  # a join took the slot at the same moment: the seat stays uncounted
        pass
