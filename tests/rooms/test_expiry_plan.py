"""The sweep's decision (rooms.expiry.plan) on made-up rooms: who is away and for how long."""

from __future__ import annotations

import datetime as dt

from django.test import override_settings

from rooms.expiry import plan
from rooms.models import Room, Seat

NOW = dt.datetime(2026, 12, 1, 20, 0, tzinfo=dt.UTC)


def seat(pk: int, away: float, host: bool = False, kind: str = Seat.PERSON, connections: int = 0) -> Seat:
    """A seat last seen ``away`` seconds ago (``connections``: what Seat.connections says)."""
    return Seat(pk=pk, order=pk, kind=kind, is_host=host, connections=connections,
                last_seen=NOW - dt.timedelta(seconds=away))


TIMES = {"ROOMS_HOST_AWAY": 120, "ROOMS_SEAT_AWAY": 600, "ROOMS_ROOM_AWAY": 1800}


@override_settings(**TIMES)
def test_a_host_away_passes_on_only_to_someone_connected():
    room = Room(status=Room.PLAYING)
    seats = [seat(1, 121, host=True), seat(2, 5000), seat(3, 0, connections=1)]
    assert plan(room, seats, live={3}, now=NOW).host == 3
    assert plan(room, seats, live=set(), now=NOW).host is None  # nobody to pass it to
    assert not plan(room, [seat(1, 119, host=True), seat(3, 0, connections=1)], live={3}, now=NOW)  # not away long enough


@override_settings(**TIMES)
def test_seats_are_released_in_the_lobby_only():
    lobby, playing = Room(status=Room.LOBBY), Room(status=Room.PLAYING)
    seats = [seat(1, 0, host=True, connections=1), seat(2, 601), seat(3, 599)]
    assert plan(lobby, seats, live={1}, now=NOW).release == {2}
    assert not plan(playing, seats, live={1}, now=NOW).release


@override_settings(**TIMES)
def test_a_released_host_passes_the_role_to_whoever_stays():
    room = Room(status=Room.LOBBY)
    decided = plan(room, [seat(1, 700, host=True), seat(2, 300), seat(3, 0, connections=1)], live={3}, now=NOW)
    assert decided.release == {1} and decided.host == 3
    decided = plan(room, [seat(1, 700, host=True), seat(2, 300)], live=set(), now=NOW)
    assert decided.release == {1} and decided.host == 2  # nobody connected: the next in order


@override_settings(**TIMES)
def test_a_room_is_freed_when_every_person_has_been_away_long_enough():
    room = Room(status=Room.PLAYING)
    bots = [seat(9, 10**6, kind=Seat.BOT)]
    assert plan(room, [seat(1, 1801, host=True), seat(2, 1801), *bots], live=set(), now=NOW).free
    assert not plan(room, [seat(1, 1801, host=True), seat(2, 1799), *bots], live=set(), now=NOW).free
    assert not plan(room, [seat(1, 1801, host=True), seat(2, 9999, connections=1)], live={2}, now=NOW).free  # connected
    assert plan(Room(status=Room.LOBBY), bots, live=set(), now=NOW).free  # computer players alone
    assert not plan(Room(status=Room.LOBBY), [], live=set(), now=NOW)  # an empty room: nothing to do


@override_settings(**TIMES)
def test_a_count_that_disagrees_with_the_live_rows_is_corrected():
    room = Room(status=Room.LOBBY)
    decided = plan(room, [seat(1, 10, host=True, connections=2)], live=set(), now=NOW)
    assert decided.recount and not decided.free and not decided.release
