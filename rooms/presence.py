"""Who is in a room right now: one :class:`~rooms.models.Connection` row per open WebSocket.

A socket writes its row when it connects and deletes it when it ends, whatever ends it (the
consumer's bookkeeping runs in a ``finally``, see :mod:`rooms.consumers`); its heartbeat refreshes
``seen`` every ``ROOMS_HEARTBEAT`` seconds. A row older than ``ROOMS_PRESENCE_TIMEOUT`` belongs to a
socket whose worker stopped (or hung): it is not live, and the next sweep deletes it. A seat is
*connected* while it has a live row; ``Seat.connections`` is recomputed from the rows at every
change, never counted up and down, so a skipped step cannot leave a ghost.

Time comes from :func:`clock`, which tests replace (no test waits for real time to pass).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from .models import Connection, Room, Seat


def clock() -> dt.datetime:
    """Now (tests monkeypatch this to move time on)."""
    return timezone.now()


def seconds(name: str) -> dt.timedelta:
    return dt.timedelta(seconds=getattr(settings, name))


def live_since(now: dt.datetime) -> dt.datetime:
    """Rows refreshed at or after this moment are live."""
    return now - seconds("ROOMS_PRESENCE_TIMEOUT")


def _recount(seat_id: int, now: dt.datetime, **fields: object) -> int:
    live = Connection.objects.filter(seat_id=seat_id, seen__gte=live_since(now)).count()
    Seat.objects.filter(pk=seat_id).update(connections=live, last_seen=now, **fields)
    return live


def changed(room_id: int) -> int:
    """Count a change of who is connected in the room; the new count (``Room.presence``)."""
    Room.objects.filter(pk=room_id).update(presence=F("presence") + 1)
    return Room.objects.filter(pk=room_id).values_list("presence", flat=True).first() or 0


@dataclass
class Opened:
    presence: int  # the room's count of presence changes, with this one
    surplus: list[str] = field(default_factory=list)  # older sockets of the seat to close


def open_connection(seat_id: int, channel: str, now: dt.datetime | None = None) -> Opened | None:
    """Record a socket of the seat; the seat's older sockets beyond ``ROOMS_SOCKETS_PER_SEAT`` go
    (the newest win: the caller closes them). None when the seat no longer exists."""
    now = now or clock()
    with transaction.atomic():
        seat = Seat.objects.select_for_update().filter(pk=seat_id).first()
        if seat is None:
            return None
        Connection.objects.filter(seat_id=seat_id, seen__lt=live_since(now)).delete()
        Connection.objects.update_or_create(channel=channel, defaults={"seat_id": seat_id, "opened": now, "seen": now})
        channels = list(
            Connection.objects.filter(seat_id=seat_id).order_by("-opened", "-pk").values_list("channel", flat=True)
        )
        surplus = channels[settings.ROOMS_SOCKETS_PER_SEAT :]
        if surplus:
            Connection.objects.filter(channel__in=surplus).delete()
        _recount(seat_id, now)
        return Opened(changed(seat.room_id), surplus)


def touch(channel: str, seat_id: int, now: dt.datetime | None = None) -> bool:
    """The socket's heartbeat: its row is live again. False when the row is gone (the seat left or
    was released, a newer socket replaced this one, or a sweep took it as stale)."""
    now = now or clock()
    if not Connection.objects.filter(channel=channel, seat_id=seat_id).update(seen=now):
        return False
    Seat.objects.filter(pk=seat_id).update(last_seen=now)
    return True


def close_connection(channel: str, seat_id: int | None, *, voice_off: bool, now: dt.datetime | None = None) -> int | None:
    """The socket ended: its row goes, the seat's count is recomputed (and its 🎙 switched off when
    this socket had switched it on). The room's new presence count, or None when the seat is gone."""
    now = now or clock()
    with transaction.atomic():
        Connection.objects.filter(channel=channel).delete()
        room_id = Seat.objects.filter(pk=seat_id).values_list("room_id", flat=True).first() if seat_id else None
        if seat_id is None or room_id is None:
            return None
        _recount(seat_id, now, **({"voice": False} if voice_off else {}))
        return changed(room_id)


def is_live(seat_id: int, now: dt.datetime | None = None) -> bool:
    return Connection.objects.filter(seat_id=seat_id, seen__gte=live_since(now or clock())).exists()


def seen_now(seat: Seat, now: dt.datetime | None = None) -> None:
    """The seat's person opened the room page (also without JavaScript): not away."""
    Seat.objects.filter(pk=seat.pk).update(last_seen=now or clock())
