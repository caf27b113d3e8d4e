"""Abuse limits of the rooms (review 2026-12-01, F2, F3, F4a, F8): one seat per person per room,
a few rooms per person, a few seats per network address (held by the database, so across
workers), nothing written before a person takes a place, frames read through the one input
reader, a rate on messages and on render-heavy ones, and voice switches that render nothing."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from django.test import Client as Browser

from rooms import limits, services
from rooms.models import Connection, Room, Seat
from rooms.services import RoomError

from .helpers import Client, run, seated_room

pytestmark = pytest.mark.usefixtures("site")
db = sync_to_async


def join(person: Browser, game: str = "finstere-flure", number: int = 1):
    return person.post(f"/en/{game}/rooms/{number}/join/")


def test_looking_at_lobbies_and_rooms_writes_nothing():
    visitor = Browser()
    for game in ("finstere-flure", "betoverde-torens"):
        assert visitor.get(f"/en/{game}/rooms/").status_code == 200
        assert visitor.get(f"/en/{game}/rooms/3/").status_code == 200
    assert visitor.get("/en/zz-made-up/rooms/1/").status_code == 404
    assert not Room.objects.exists()
    assert join(visitor).status_code == 303  # a person takes a place: now the room exists
    assert Room.objects.count() == 1


def test_one_seat_per_person_per_room_even_without_the_seat_cookie():
    person = Browser(REMOTE_ADDR="10.0.0.1")
    assert join(person).status_code == 303
    room = Room.objects.get()
    del person.cookies[f"rooms_{room.pk}"]  # the seat's cookie thrown away, the person's kept
    response = join(person)
    assert response.status_code == 409 and b"You already have a seat in this room." in response.content
    assert room.seats.count() == 1


def test_a_person_holds_seats_in_a_few_rooms_at_once(settings):
    settings.ROOMS_PER_PERSON = 2
    person = Browser(REMOTE_ADDR="10.0.0.2")
    assert join(person, number=1).status_code == 303
    assert join(person, game="torens-en-dieven", number=2).status_code == 303
    third = join(person, number=3)
    assert third.status_code == 409 and b"You already have a seat in 2 rooms" in third.content
    assert Seat.objects.count() == 2
    assert person.post("/en/finstere-flure/rooms/1/leave/").status_code == 303
    assert join(person, number=3).status_code == 303


def test_a_network_address_holds_a_few_seats_at_once_whatever_its_cookies(settings):
    """F2: 75 joins with fresh cookie jars took every seat of every room."""
    settings.ROOMS_SEATS_PER_ADDRESS = 3
    taken = [join(Browser(REMOTE_ADDR="192.0.2.7"), number=n).status_code for n in (1, 1, 2, 2, 3)]
    assert taken == [303, 303, 303, 429, 429]
    assert Seat.objects.count() == 3
    refused = join(Browser(REMOTE_ADDR="192.0.2.7"), number=4)
    assert b"Too many seats are taken from your network" in refused.content
    assert join(Browser(REMOTE_ADDR="192.0.2.8"), number=2).status_code == 303  # a neighbour is not held up
    # IPv6: one subscriber's /64 is one network.
    for n, address in enumerate(("2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"), start=1):
        assert join(Browser(REMOTE_ADDR=address), game="torens-en-dieven", number=n).status_code == 303
    assert join(Browser(REMOTE_ADDR="2001:db8:1:2::77"), game="torens-en-dieven", number=4).status_code == 429
    assert join(Browser(REMOTE_ADDR="2001:db8:1:3::1"), game="torens-en-dieven", number=4).status_code == 303


def test_the_database_refuses_a_second_seat_in_the_same_slot():
    """The limits hold across workers: two joins at the same moment cannot both take a slot."""
    from django.db import IntegrityError, transaction

    room, seats, _ = seated_room("finstere-flure", people=1)
    key = limits.person_key("p" * 30)
    Seat.objects.filter(pk=seats[0].pk).update(person_hash=key, person_slot=1)
    other = services.get_room("finstere-flure", 2)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(room=other, order=1, person_hash=key, person_slot=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Seat.objects.create(room=room, order=9, person_hash=key, person_slot=2)  # same room twice


def test_slots_are_found_and_ipv6_counts_per_64():
    assert limits.free_slot({1, 3}, 3) == 2 and limits.free_slot({1, 2}, 2) is None
    assert limits.network_of("2001:db8::1") == limits.network_of("2001:db8::ffff") == "2001:db8::/64"
    assert limits.network_of("::ffff:192.0.2.1") == "192.0.2.1" and limits.network_of("unknown") == "unknown"
    assert limits.address_key("2001:db8::1") != limits.address_key("2001:db8:0:1::1")


@pytest.mark.parametrize(
    "frame",
    [
        "[" * 60_000,  # over the size limit
        "[" * 15_000,  # under it, far too deep (was a RecursionError: socket dropped with 1006)
        '{"type": "move", "action": "x", "version": ' + "9" * 4400 + "}",  # was a ValueError
        '{"type": "pick", "pick": ' + "[" * 8 + "]" * 8 + "}",
        '{"type": "signal", "to": 1, "data": NaN}',
        '{"type": "voice", "on": "yes"}',
        '{"type": "move", "action": "", "version": 1}',
        '{"type": "pick", "pick": ["' + "x" * 200 + '"]}',
        '{"type": "\\ud800"}',
        "\x00",
        "",
    ],
)
def test_a_bad_frame_is_refused_and_the_socket_stays_open(application, frame):
    room, seats, tokens = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])

    async def body():
        me = Client(application, room, tokens[0])
        await me.connect()
        await me.room()
        await me.ws.send_to(text_data=frame)
        refusal = await me.until(lambda m: m["type"] == "refused")
        await me.ws.send_input({"type": "websocket.receive", "bytes": b"\x00\x01"})
        binary = await me.until(lambda m: m["type"] == "refused")
        await me.send({"type": "refresh"})
        await me.room()
        await me.close()
        return refusal, binary

    refusal, binary = run(body)
    assert refusal["code"] in {"bad-message", "bad-pick", "bad-action", "bad-version"} and refusal["message"]
    assert binary["code"] == "bad-message"
    assert Room.objects.get(pk=room.pk).version == room.version


OUT_OF_BOUNDS = [
        '{"type": "signal", "to": 9223372036854775808, "data": {"candidate": {"candidate": ""}}}',
        '{"type": "signal", "to": -9223372036854775809, "data": {"candidate": {"candidate": ""}}}',
        '{"type": "signal", "to": 100000000000000000000000000000, "data": {}}',
        '{"type": "signal", "to": 1e400, "data": {}}',
        '{"type": "move", "action": "x", "version": 1e400}',
        '{"type": "move", "action": "x", "version": 2147483648}',
        '{"type": "move", "action": "x", "version": -1}',
        '{"type": "signal", "to": 1, "data": {"sdp": {"type": "offer", "sdp": "' + "x" * 12_001 + '"}}}',
        '{"type": "signal", "to": 1, "data": {"sdp": {"type": "pranswer", "sdp": ""}}}',
        '{"type": "signal", "to": 1, "data": {"sdp": {"type": "offer", "sdp": ""}, "candidate": {"candidate": ""}}}',
        '{"type": "signal", "to": 1, "data": {"candidate": {"candidate": "", "sdpMLineIndex": 99999999999}}}',
]


def test_numbers_strings_and_objects_out_of_their_bounds_are_refused_on_one_open_socket(application):
    """Review D7: a seat id past the database's integers was an OverflowError on SQLite and the
    socket closed with 1011; every value of a frame is read against its bounds (rooms.frames)."""
    room, seats, tokens = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])

    async def body():
        me = Client(application, room, tokens[0])
        await me.connect()
        await me.room()
        codes = []
        for frame in OUT_OF_BOUNDS:
            await me.ws.send_to(text_data=frame)
            codes.append((await me.until(lambda m: m["type"] == "refused"))["code"])
        await me.send({"type": "refresh"})
        await me.room()  # still open
        await me.close()
        return codes

    assert run(body) == ["bad-message"] * 5 + ["bad-version"] * 2 + ["bad-message"] * 4
    assert Room.objects.get(pk=room.pk).version == room.version


def test_refusals_are_in_the_sockets_language(application):
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        me = Client(application, room, tokens[0], lang="de")
        await me.connect()
        await me.room()
        await me.send({"type": "dance"})
        return await me.until(lambda m: m["type"] == "refused")

    refusal = run(body)
    assert refusal["code"] == "bad-message" and "Nachricht" in refusal["message"]


def test_messages_beyond_the_rate_are_refused_once_then_dropped_then_the_socket_closed(application, settings, monkeypatch):
    settings.ROOMS_MESSAGE_RATE = (5, 10)
    now = [1000.0]
    monkeypatch.setattr(limits, "monotonic", lambda: now[0])  # no time passes unless the test says
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        me = Client(application, room, tokens[0])
        await me.connect()
        await me.room()
        for _ in range(5):
            await me.send({"type": "pong"})
        await me.send({"type": "pong"})
        assert (await me.until(lambda m: m["type"] == "refused"))["code"] == "slow-down"
        for _ in range(3):
            await me.send({"type": "refresh"})  # dropped without an answer
        now[0] += 10  # the allowance is back
        await me.send({"type": "refresh"})
        message = await me.until(lambda m: m["type"] in ("room", "refused"))
        assert message["type"] == "room"
        now[0] += 10
        for _ in range(5 + 5 * 3 + 2):  # far over: the socket is closed
            await me.send({"type": "pong"})
        assert await me.closed() == 4429

    run(body)


def test_render_heavy_messages_share_one_allowance_per_seat(application, settings, monkeypatch):
    """F8: every message could make every socket render; sockets of one seat (on any worker) share
    the allowance in the shared cache."""
    settings.ROOMS_RENDER_RATE = (3, 10)
    monkeypatch.setattr(limits, "wallclock", lambda: 5000.0)
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        a, b = Client(application, room, tokens[0]), Client(application, room, tokens[0])
        await a.connect()
        await a.room()
        await b.connect()
        await b.room()
        for client in (a, b, a):
            await client.send({"type": "refresh"})
            assert (await client.until(lambda m: m["type"] in ("room", "refused")))["type"] == "room"
        await b.send({"type": "refresh"})
        assert (await b.until(lambda m: m["type"] in ("room", "refused")))["code"] == "slow-down"
        await b.send({"type": "voice", "on": True})  # not render-heavy: still allowed
        await a.close()
        await b.close()

    run(body)


def test_voice_switches_render_no_board(application):
    """F8: 50 switches with 20 listeners took 1,359 renders; a switch is now one small message."""
    room, seats, tokens = seated_room("finstere-flure", people=3)

    async def body():
        clients = [Client(application, room, t) for t in tokens]
        for c in clients:
            await c.connect()
            await c.room()
        for c in clients:
            await c.drain()
            c.messages.clear()
        for i in range(6):
            await clients[0].send({"type": "voice", "on": i % 2 == 0})
        for c in clients[1:]:
            await c.until(lambda m, c=c: sum(x["type"] == "voice" for x in c.messages) == 5 and m["type"] == "voice")
        for c in clients:
            await c.drain()
        for c in clients:
            await c.close()
        return [c.messages for c in clients]

    me, *others = run(body)
    assert not [m for m in me if m["type"] == "room"]
    for messages in others:
        assert [m["type"] for m in messages] == ["voice"] * 6
    assert [m["on"] for m in others[0]] == [True, False] * 3


def test_a_refused_join_says_why_in_the_visitors_language(settings):
    settings.ROOMS_SEATS_PER_ADDRESS = 1
    assert join(Browser(REMOTE_ADDR="198.51.100.1")).status_code == 303
    response = Browser(REMOTE_ADDR="198.51.100.1").post("/de/finstere-flure/rooms/2/join/")
    assert response.status_code == 429 and "Netzwerk" in response.content.decode()


def test_room_errors_name_the_refusal():
    error = RoomError("slow-down", "wait")
    assert json.loads(json.dumps(error.as_dict())) == {"type": "refused", "code": "slow-down", "message": "wait"}


def test_seats_away_stop_counting_toward_the_address_limit_and_a_refusal_names_them(clock, settings):
    """Review N10: a third phone at the same table was refused by seats of rooms nobody was in any
    more, and the message did not say which rooms held them or when they would free."""
    settings.ROOMS_SEATS_PER_ADDRESS = 2
    settings.ROOMS_ADDRESS_AWAY = 300
    table = "203.0.113.5"
    alice, bob, carol = (Browser(REMOTE_ADDR=table) for _ in range(3))
    assert join(alice, number=1).status_code == 303
    assert join(bob, number=2).status_code == 303
    Connection.objects.create(seat=Seat.objects.get(room__number=2), channel="specific.x!bob", seen=clock())
    clock.advance(60, heartbeats=True)
    refused = join(carol, number=3)
    page = refused.content.decode()
    assert refused.status_code == 429 and "Too many seats are taken from your network" in page
    holders = re.findall(r'<li><a href="(/en/finstere-flure/rooms/\d/)">[^<]*, room (\d)</a>: ([^<\n]*)', page)
    assert holders == [
        ("/en/finstere-flure/rooms/1/", "1", "stops counting in 4 minutes"),  # away for a minute of five
        ("/en/finstere-flure/rooms/2/", "2", "someone is connected"),
    ]
    assert "room-holder-leave" not in page  # carol holds none of them
    # Alice is refused too, and may leave her own seat from the list, back to the room she wanted.
    mine = join(alice, number=3).content.decode()
    assert mine.count("room-holder-leave") == 1 and 'action="/en/finstere-flure/rooms/1/leave/"' in mine
    left = alice.post("/en/finstere-flure/rooms/1/leave/", {"next": "/en/finstere-flure/rooms/3/"})
    assert left.status_code == 303 and left["Location"] == "/en/finstere-flure/rooms/3/"
    assert join(alice, number=3).status_code == 303
    # Alice's tab is closed; after ROOMS_ADDRESS_AWAY her seat no longer counts: Carol finds a place.
    assert join(carol, number=4).status_code == 429
    clock.advance(settings.ROOMS_ADDRESS_AWAY + 1, heartbeats=True)
    assert join(carol, number=4).status_code == 303
    alice_seat = Seat.objects.get(room__number=3)
    assert alice_seat.address_slot is None and alice_seat.token_hash  # still her seat
    # Back at her seat with no slot free, it stays hers (uncounted); once a slot is free it counts.
    assert alice.get("/en/finstere-flure/rooms/3/").status_code == 200
    assert Seat.objects.get(pk=alice_seat.pk).address_slot is None
    assert carol.post("/en/finstere-flure/rooms/4/leave/").status_code == 303
    assert alice.get("/en/finstere-flure/rooms/3/").status_code == 200
    assert Seat.objects.get(pk=alice_seat.pk).address_slot is not None


def test_a_person_over_their_rooms_is_offered_to_leave_one(settings):
    settings.ROOMS_PER_PERSON = 1
    person = Browser(REMOTE_ADDR="10.0.0.44")
    assert join(person, number=1).status_code == 303
    room = Room.objects.get()
    del person.cookies[f"rooms_{room.pk}"]  # the seat's cookie is gone, the person's kept
    refused = join(person, number=2)
    assert refused.status_code == 409 and 'action="/en/finstere-flure/rooms/1/leave/"' in refused.content.decode()
    assert person.post("/en/finstere-flure/rooms/1/leave/", {"next": "https://evil.example/"})["Location"] == (
        "/en/finstere-flure/rooms/1/"  # only a room page of this site
    )
    assert not Seat.objects.exists()
