"""Rooms that look after themselves, with two or three people: presence that follows the sockets
(closed tabs, abrupt drops, storms, stopped workers), the host passing on, seats released, empty
rooms freed (an unfinished game kept as a replay link), rejoining with the seat's cookie, a full
room, and leaving that ends the socket and its voice at once (review 2026-12-01, F1, F2, F5).

Time never passes for real: the clock of rooms.presence is replaced and moved on."""

from __future__ import annotations

import asyncio
import re

import pytest
from asgiref.sync import sync_to_async
from django.core.management import call_command
from django.test import Client as Browser

from rooms import services
from rooms.models import Connection, PlayedGame, Room, Seat

from .helpers import Client, fresh, run, seated_room

pytestmark = pytest.mark.usefixtures("site", "no_errors_logged")
db = sync_to_async




def connected(html: str, seat_id: int) -> bool | None:
    match = re.search(rf'data-seat-id="{seat_id}" data-connected="([01])"', html)
    return None if match is None else match.group(1) == "1"


def browser(room: Room, token: str | None = None, address: str = "127.0.0.1") -> Browser:
    person = Browser(REMOTE_ADDR=address)
    if token is not None:
        person.cookies[f"rooms_{room.pk}"] = token
    return person


def url(room: Room, what: str = "") -> str:
    return f"/en/{room.game}/rooms/{room.number}/" + (f"{what}/" if what else "")


def live_rows(seat: Seat) -> int:
    return Connection.objects.filter(seat_id=seat.pk).count()


def test_closing_a_tab_shows_the_seat_away_at_once_and_leaves_no_row(application):
    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        a, b = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        await a.connect()
        await a.room()
        await b.connect()
        await b.room()
        await a.until(lambda m: m["type"] == "room" and connected(m["html"], seats[1].pk))
        await b.close()
        await a.until(lambda m: m["type"] == "room" and connected(m["html"], seats[1].pk) is False)
        assert await db(live_rows)(seats[1]) == 0 and (await db(fresh)(seats[1])).connections == 0
        await a.close()
        assert await db(Connection.objects.count)() == 0

    run(body)


def flaky(application):
    """The application behind a connection whose client vanishes: once ``gone`` is set, every
    send raises as uvicorn's does (ClientDisconnected is an OSError)."""
    state = {"gone": False}

    async def app(scope, receive, send):
        async def send_or_fail(message):
            if state["gone"]:
                raise OSError("the client is gone")
            await send(message)

        await app_inner(scope, receive, send_or_fail)

    app_inner = application
    return app, state


def test_a_client_that_vanishes_while_the_room_changes_leaves_no_ghost(application):
    """F5: the room changed while a socket's client was already gone; sending to it failed and
    the consumer died without its bookkeeping: the seat stayed "connected" for ever."""
    room, seats, tokens = seated_room("finstere-flure", people=2)
    dropping, state = flaky(application)

    async def body():
        a, b = Client(application, room, tokens[0]), Client(dropping, room, tokens[1])
        await a.connect()
        await a.room()
        await b.connect()
        await b.room()
        state["gone"] = True
        joined, _seat, _token = await db(services.join)(room.pk)
        await db(services.notify)(joined)  # every socket renders: b's send fails
        await b.ws.wait(5)  # the consumer ended (and raised nothing)
        await a.until(lambda m: m["type"] == "room" and connected(m["html"], seats[1].pk) is False)
        assert await db(live_rows)(seats[1]) == 0 and (await db(fresh)(seats[1])).connections == 0
        await a.close()

    run(body)


def test_a_storm_of_closes_and_a_refresh_then_a_drop_leave_nobody_connected(application):
    room, seats, tokens = seated_room("finstere-flure", people=3)
    dropping, state = flaky(application)

    async def body():
        sockets = [Client(application, room, t) for t in tokens for _ in range(2)]
        for s in sockets:
            await s.connect()
            await s.room()
        await asyncio.gather(*(s.close() for s in sockets))  # everyone at once
        assert await db(Connection.objects.count)() == 0
        # A refresh (a new socket, then the old one closes) and then the new one drops abruptly.
        old, new = Client(application, room, tokens[0]), Client(dropping, room, tokens[0])
        await old.connect()
        await old.room()
        await new.connect()
        await new.room()
        await old.close()
        state["gone"] = True
        await db(services.notify)(await db(Room.objects.get)(pk=room.pk))
        await new.ws.wait(5)
        assert await db(Connection.objects.count)() == 0

    run(body)
    assert [fresh(s).connections for s in seats] == [0, 0, 0]


def test_the_rows_of_a_stopped_worker_stop_counting_after_the_presence_timeout(clock, settings):
    room, seats, tokens = seated_room("finstere-flure", people=2)
    Connection.objects.create(seat=seats[1], channel="specific.dead-worker!x", opened=clock(), seen=clock())
    Seat.objects.filter(pk=seats[1].pk).update(connections=1)
    host = browser(room, tokens[0])
    assert connected(host.get(url(room)).content.decode(), seats[1].pk)
    clock.advance(settings.ROOMS_PRESENCE_TIMEOUT - 1, heartbeats=False)
    assert connected(host.get(url(room)).content.decode(), seats[1].pk)
    clock.advance(2, heartbeats=False)
    assert connected(host.get(url(room)).content.decode(), seats[1].pk) is False
    assert not Connection.objects.exists() and fresh(seats[1]).connections == 0


def test_the_host_role_passes_to_a_connected_person_after_the_host_has_been_away(application, clock, settings):
    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        host, guest = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        await host.connect()
        await host.room()
        await guest.connect()
        first = await guest.room()
        assert "room-start" not in first["html"]
        await host.close()  # the host's browser is gone
        await db(clock.advance)(settings.ROOMS_HOST_AWAY - 1)
        await db(call_command)("expirerooms")
        assert (await db(fresh)(seats[0])).is_host
        await db(clock.advance)(2)
        await db(call_command)("expirerooms")  # (the pages and the sockets' heartbeats sweep too)
        hosting = await guest.until(lambda m: m["type"] == "room" and "room-start" in m["html"])
        assert hosting["version"] > first["version"]
        await guest.close()

    run(body)
    assert [fresh(s).is_host for s in seats] == [False, True]
    # The old host comes back: still seated, no longer the host; the new host starts.
    back = browser(room, tokens[0]).get(url(room)).content.decode()
    assert "seat--me" in back and 'class="room-start"' not in back


def test_a_lobby_seat_nobody_is_connected_to_is_released(application, clock, settings):
    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        host, guest = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        await host.connect()
        await host.room()
        await guest.connect()
        await guest.room()
        await guest.close()
        await db(clock.advance)(settings.ROOMS_SEAT_AWAY + 1)
        await db(browser(room).get)(f"/en/{room.game}/rooms/")  # anyone's look at the lobby sweeps
        await host.until(lambda m: m == {"type": "gone", "seat": seats[1].pk})
        message = await host.until(lambda m: m["type"] == "room")
        assert f'data-seat-id="{seats[1].pk}"' not in message["html"]
        await host.close()

    run(body)
    assert list(room.seats.values_list("pk", flat=True)) == [seats[0].pk]
    # The guest comes back: told why, the dead cookie dropped, a free place offered.
    guest = browser(room, tokens[1])
    response = guest.get(url(room))
    html = response.content.decode()
    assert response.status_code == 200 and "Your seat in this room is free again" in html
    assert 'class="room-join"' in html and response.cookies[f"rooms_{room.pk}"].value == ""


def test_a_room_everybody_left_is_freed_and_its_game_kept_as_a_replay(application, clock, settings):
    room, seats, tokens = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])

    async def body():
        players = [Client(application, room, t) for t in tokens]
        for p in players:
            await p.connect()
            await p.room()
        await asyncio.gather(*(p.close() for p in players))

    run(body)
    lobby = browser(room)
    clock.advance(settings.ROOMS_ROOM_AWAY - 1)
    lobby.get(f"/en/{room.game}/rooms/")
    assert Room.objects.get(pk=room.pk).status == Room.PLAYING  # not yet
    clock.advance(2)
    html = lobby.get(f"/en/{room.game}/rooms/").content.decode()
    room.refresh_from_db()
    assert room.status == Room.LOBBY and room.log is None and not room.seats.exists()
    kept = PlayedGame.objects.get()
    assert not kept.complete and kept.game == room.game and "setup" in kept.log
    assert "not finished: everybody left" in html and "/en/finstere-flure/sim/?log=" in html
    # The old seats' cookies no longer open a seat; a newcomer takes the room.
    assert "seat--me" not in browser(room, tokens[0]).get(url(room)).content.decode()
    assert browser(room, address="10.0.0.9").post(url(room, "join")).status_code == 303


def test_rejoining_with_the_seat_cookie_returns_to_the_same_seat(application, clock, settings):
    room, seats, tokens = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])

    async def body():
        a, b = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        await a.connect()
        await a.room()
        await b.connect()
        await b.room()
        await b.close()
        await db(clock.advance)(settings.ROOMS_ROOM_AWAY - 1)  # away a long time, while the other stays
        again = Client(application, room, tokens[1])
        assert (await again.connect())[0]
        message = await again.room()
        assert re.search(rf'class="seat seat--me[^"]*" data-seat-id="{seats[1].pk}"', message["html"])
        await a.until(lambda m: m["type"] == "room" and connected(m["html"], seats[1].pk))
        await a.close()
        await again.close()

    run(body)


def test_a_third_person_finds_a_full_room_full(application):
    room, seats, tokens = seated_room("der-dunkle-turm", people=2, bots=("random", "random"))  # 4 of 4
    newcomer = browser(room, address="10.1.1.1")
    response = newcomer.post(url(room, "join"))
    assert response.status_code == 409 and b"This room is full." in response.content
    assert room.seats.count() == 4 and f"rooms_{room.pk}" not in response.cookies

    async def body():
        assert await Client(application, room, None).connect() == (False, 4403)

    run(body)


def test_leaving_ends_the_socket_and_its_voice_at_once(application):
    """F1: a person who left kept their socket: the room's renders, voice events and WebRTC offers."""
    room, seats, tokens = seated_room("finstere-flure", people=3)
    a_id, d_id, c_id = (s.pk for s in seats)

    async def body():
        a, d, c = (Client(application, room, t) for t in tokens)
        for client in (a, d, c):
            await client.connect()
            await client.room()
        for client in (a, d):
            await client.send({"type": "voice", "on": True})
        await c.until(lambda m: m == {"type": "voice", "seat": d_id, "on": True})
        leave = await db(browser(room, tokens[1]).post)(url(room, "leave"))
        assert leave.status_code == 303
        assert await d.closed() == 4403  # the departed socket is closed at once
        for other in (a, c):
            await other.until(lambda m: m == {"type": "gone", "seat": d_id})  # its audio to them closes
        # Nothing reaches the departed seat, and it can no longer be signalled.
        await a.send({"type": "signal", "to": d_id, "data": {"sdp": {"type": "offer", "sdp": "v=0"}}})
        assert (await a.until(lambda m: m["type"] == "refused"))["code"] == "no-peer"
        await a.send({"type": "signal", "to": c_id, "data": {"sdp": {"type": "offer", "sdp": "v=0"}}})
        assert (await c.until(lambda m: m["type"] == "signal"))["from"] == a_id
        await a.close()
        await c.close()
        return d.messages

    received = run(body)
    gone_at = max(i for i, m in enumerate(received) if m["type"] == "room")
    assert all(m["type"] != "signal" for m in received[gone_at:])


def test_signals_reach_only_connected_seats_of_the_same_room(application):
    room, seats, tokens = seated_room("finstere-flure", people=2)
    other_room, other_seats, other_tokens = seated_room("finstere-flure", people=2, number=2)

    async def body():
        a, b = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        x = Client(application, other_room, other_tokens[0])
        for client in (a, b, x):
            await client.connect()
            await client.room()
        for to in (other_seats[0].pk, seats[0].pk, 10**9):  # another room's seat, itself, nobody
            await a.send({"type": "signal", "to": to, "data": {"candidate": {"candidate": ""}}})
            assert (await a.until(lambda m: m["type"] == "refused"))["code"] == "no-peer"
        await b.close()  # seated but not connected
        await a.send({"type": "signal", "to": seats[1].pk, "data": {"candidate": {"candidate": ""}}})
        assert (await a.until(lambda m: m["type"] == "refused"))["code"] == "no-peer"
        await x.drain()
        assert not [m for m in x.messages if m["type"] == "signal"]
        await a.close()
        await x.close()

    run(body)


def test_a_seat_keeps_only_its_newest_sockets(application, settings):
    settings.ROOMS_SOCKETS_PER_SEAT = 2
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        sockets = [Client(application, room, tokens[0]) for _ in range(3)]
        for s in sockets:
            await s.connect()
            await s.room()
        assert await sockets[0].closed() == 4409  # the oldest gives way
        assert await db(live_rows)(seats[0]) == 2
        for s in sockets[1:]:
            await s.close()
        assert await db(live_rows)(seats[0]) == 0

    run(body)


def test_the_server_pings_and_closes_a_socket_it_no_longer_hears(application, clock, settings):
    settings.ROOMS_HEARTBEAT = 0.01  # (the interval only paces the test; time is the fake clock's)
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        me = Client(application, room, tokens[0])
        await me.connect()
        await me.room()
        await me.until(lambda m: m["type"] == "ping")
        await me.send({"type": "pong"})
        await me.send({"type": "refresh"})
        await me.room()  # (the pong has been read)
        await db(clock.advance)(settings.ROOMS_PRESENCE_TIMEOUT + 1)
        assert await me.closed() == 4408
        await me.close()  # (the server's answer to the close)

    run(body)
    assert fresh(seats[0]).connections == 0 and not Connection.objects.exists()


@pytest.mark.parametrize(
    "path, code",
    [
        ("/ws/nothing/", 4404),
        ("/ws/rooms/", 4404),
        ("/ws/rooms/finstere-flure/", 4404),
        ("/ws/rooms/finstere-flure/" + "9" * 5000 + "/", 4404),
        ("/ws/rooms/" + "z" * 916 + "/1/", 4404),
        ("/ws/rooms/zz-made-up-game/1/", 4404),
        ("/ws/rooms/finstere-flure/0/", 4404),
        ("/ws/rooms/finstere-flure/5/", 4404),
        ("/ws/rooms/finstere-flure/1/", 4403),  # a real room, no seat
        ("/ws/rooms/Finstere-Flure/1/", 4404),
    ],
)
def test_unknown_paths_made_up_games_and_anonymous_handshakes_are_refused_and_write_nothing(application, path, code):
    async def body():
        client = Client(application, Room(game="x", number=1), "not-a-token", path=path)
        return await client.connect()

    assert run(body) == (False, code)
    assert not Room.objects.exists() and not Connection.objects.exists()


def test_an_unknown_path_gets_a_404_where_the_server_can_send_one():
    from rulesite.routing import no_socket_here

    sent = []

    async def body():
        async def receive():
            return {"type": "websocket.connect"}

        async def send(message):
            sent.append(message)

        await no_socket_here({"type": "websocket", "extensions": {"websocket.http.response": {}}}, receive, send)

    run(body)
    assert sent[0]["type"] == "websocket.http.response.start" and sent[0]["status"] == 404


def test_the_expiry_command_reports_what_it_did(clock, settings, capsys):
    room, seats, _tokens = seated_room("finstere-flure", people=2)
    clock.advance(settings.ROOMS_SEAT_AWAY + 1)
    call_command("expirerooms")
    assert "1 changed, 1 free, 2 seat(s) released" in capsys.readouterr().out
    assert not Seat.objects.exists()


def test_a_channel_layer_that_fails_closes_the_socket_for_a_reconnect_without_a_traceback(application, monkeypatch):
    """Under load channels-redis timed out reading from Redis, and the error escaped the consumer (a
    traceback, the socket dropped). Now the socket closes with 1012 (the page connects again) and
    its presence row goes all the same."""
    from channels.layers import get_channel_layer
    from redis.exceptions import TimeoutError as RedisTimeout

    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        me = Client(application, room, tokens[0])
        assert (await me.connect())[0]
        await me.room()

        async def fails(*args, **kwargs):
            raise RedisTimeout("Timeout reading from 127.0.0.1:6379")

        monkeypatch.setattr(get_channel_layer(), "group_send", fails)
        await me.send({"type": "voice", "on": True})  # relayed through the group: the layer fails
        assert await me.closed() == 1012
        await me.ws.wait(5)  # the consumer's bookkeeping after the close

    run(body)
    assert not Connection.objects.exists() and fresh(seats[0]).connections == 0
