"""Rooms look after themselves: the host role passes on, idle seats are released, empty rooms freed.

Absence is measured from ``Seat.last_seen`` (:mod:`rooms.presence`) for a person's seat with no
live connection; computer seats are never away. With the settings (README, "Online rooms"):

- the host has been away ``ROOMS_HOST_AWAY`` and another person is connected: that person (the
  first in seating order) hosts;
- in the lobby, a person's seat away for ``ROOMS_SEAT_AWAY`` is released (when nobody is left
  the computer seats go too);
- a room whose people have all been away for ``ROOMS_ROOM_AWAY`` is freed: every seat goes, the
  room is back in the lobby, and a started game that had not finished is kept as a
  :class:`~rooms.models.PlayedGame` (``complete`` false) with its replay link in the lobby.

A sweep first reads (a few queries, no lock) and decides; only when something is due does it lock
the room, read again and apply, bumping the room's version. It returns what changed so the
caller can announce it (:func:`rooms.services.notify`: the released seats' sockets are closed,
everyone else renders the room again, with the news of what changed, :mod:`rooms.news`). Who left
a started game (``Seat.left``) never hosts again. Sweeps run on every lobby and room page, every socket
connect and heartbeat, and in ``manage.py expirerooms`` (for cron); running one twice or on two
workers at once does no harm.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Exists, OuterRef, Q

from . import gamestate, news, presence
from .models import Connection, PlayedGame, Room, Seat


@dataclass(frozen=True)
class Plan:
    """What a sweep does to one room."""

    free: bool = False
    release: frozenset[int] = frozenset()  # seat ids
    host: int | None = None  # the seat that hosts from now on
    recount: bool = False  # stale connection rows to delete, counts to correct

    def __bool__(self) -> bool:
        return self.free or bool(self.release) or self.host is not None or self.recount


@dataclass
class Swept:
    """A room a sweep changed: its new version and the seats that are gone."""

    room: Room
    gone: list[int] = field(default_factory=list)
    bumped: bool = True  # a new version (False: only who is connected was corrected)


def plan(room: Room, seats: Sequence[Seat], live: set[int], now: dt.datetime) -> Plan:
    """The sweep's decision for ``room`` (pure: seats with their ``last_seen``, the ids of seats
    with a live connection)."""
    people = [s for s in seats if s.kind == Seat.PERSON]
    recount = any((s.connections > 0) != (s.pk in live) for s in people)

    def away(seat: Seat, setting: str) -> bool:
        return seat.pk not in live and now - seat.last_seen >= presence.seconds(setting)

    if not people:
        # Computer players alone (nobody to play with) are cleared; an empty room needs nothing.
        return Plan(free=bool(seats) or room.status != Room.LOBBY)
    if all(away(s, "ROOMS_ROOM_AWAY") for s in people):
        return Plan(free=True)
    release = frozenset(s.pk for s in people if room.status == Room.LOBBY and away(s, "ROOMS_SEAT_AWAY"))
    staying = [s for s in people if s.pk not in release and not s.left]  # who left a game hosts nothing
    if not staying:
        return Plan(free=True)
    host = next((s for s in staying if s.is_host), None)
    connected = [s for s in staying if s.pk in live]
    heir = None
    if host is None:
        heir = (connected or staying)[0]  # the host's seat was released (or there was none)
    elif away(host, "ROOMS_HOST_AWAY") and connected:
        heir = connected[0]
    return Plan(release=release, host=heir.pk if heir else None, recount=recount)


def _seats_with_presence(rooms: Iterable[int], now: dt.datetime) -> tuple[dict[int, list[Seat]], set[int]]:
    live = Connection.objects.filter(seat=OuterRef("pk"), seen__gte=presence.live_since(now))
    by_room: dict[int, list[Seat]] = {}
    alive: set[int] = set()
    for seat in Seat.objects.filter(room_id__in=list(rooms)).annotate(live=Exists(live)).order_by("order"):
        by_room.setdefault(seat.room_id, []).append(seat)
        if seat.live:
            alive.add(seat.pk)
    return by_room, alive


def sweep(rooms: Sequence[Room], now: dt.datetime | None = None) -> list[Swept]:
    """Sweep these rooms (unsaved ones, never used, are skipped); what changed."""
    now = now or presence.clock()
    saved = [r for r in rooms if r.pk is not None]
    by_room, alive = _seats_with_presence([r.pk for r in saved], now)
    due = [r.pk for r in saved if plan(r, by_room.get(r.pk, []), alive, now)]
    return [swept for room_id in due if (swept := _apply(room_id, now)) is not None]


def sweep_room(room_id: int | None, now: dt.datetime | None = None) -> list[Swept]:
    if room_id is None:
        return []
    room = Room.objects.filter(pk=room_id).first()
    return sweep([room], now) if room is not None else []


def sweep_all(now: dt.datetime | None = None) -> list[Swept]:
    """Every room that has seats or a game (``manage.py expirerooms``), and stale connection rows."""
    now = now or presence.clock()
    rooms = list(Room.objects.filter(Q(seats__isnull=False) | ~Q(status=Room.LOBBY)).distinct())
    swept = sweep(rooms, now)
    Connection.objects.filter(seen__lt=presence.live_since(now)).delete()  # rows of seats in no swept room
    return swept


def _news(seats: Sequence[Seat], decided: Plan) -> list[dict[str, object]]:
    """What a sweep tells the people still in the room (rooms.news): the seats released, the new
    host (numbered as the room will show them)."""
    if decided.free:
        return []
    happened = [news.item(news.RELEASED, news.player_number(seats, pk)) for pk in sorted(decided.release)]
    if decided.host is not None:
        staying = [s for s in seats if s.pk not in decided.release]
        happened.append(news.item(news.HOST, news.player_number(staying, decided.host)))
    return happened


def _apply(room_id: int, now: dt.datetime) -> Swept | None:
    with transaction.atomic():
        room = Room.objects.select_for_update().filter(pk=room_id).first()
        if room is None:
            return None
        by_room, alive = _seats_with_presence([room.pk], now)
        seats = by_room.get(room.pk, [])
        decided = plan(room, seats, alive, now)
        if not decided:
            return None
        Connection.objects.filter(seat__room=room, seen__lt=presence.live_since(now)).delete()
        gone: list[int] = []
        happened = _news(seats, decided)
        if decided.free:
            gone = [s.pk for s in seats if s.kind == Seat.PERSON]
            if room.status == Room.PLAYING and room.log:
                PlayedGame.objects.create(game=room.game, room_number=room.number, log=room.log, complete=False)
            room.seats.all().delete()
            room.status, room.log, room.turn_from = Room.LOBBY, None, 0
        else:
            if decided.release:
                gone = sorted(decided.release)
                room.seats.filter(pk__in=decided.release).delete()
            if decided.host is not None:
                room.seats.exclude(pk=decided.host).update(is_host=False)
                room.seats.filter(pk=decided.host).update(is_host=True)
            for seat in seats:
                if seat.pk not in decided.release and (seat.connections > 0) != (seat.pk in alive):
                    live = Connection.objects.filter(seat=seat, seen__gte=presence.live_since(now)).count()
                    Seat.objects.filter(pk=seat.pk).update(connections=live)
        bumped = decided.free or bool(decided.release) or decided.host is not None
        room.presence += 1
        if bumped:
            room.version += 1
            news.add(room, happened)
        room.save(update_fields=["version", "presence", "status", "log", "turn_from", "updated", "news"])
    if decided.free:
        gamestate.forget(room.pk)
    return Swept(room, gone, bumped)
