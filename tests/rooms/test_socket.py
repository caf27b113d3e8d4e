"""The room's WebSocket (Django Channels, in-memory channel layer): who may connect, moves judged
on the server, concurrent moves, reconnecting, hidden information, tapping, voice signalling."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async

from rooms import services
from rooms.models import Room

from .helpers import Client, fresh, room_game, run, seat_to_act, seated_room, text_of

pytestmark = pytest.mark.usefixtures("site")

db = sync_to_async


def started(game: str, people: int = 2, bots: tuple[str, ...] = ()):
    room, seats, tokens = seated_room(game, people=people, bots=bots)
    room = services.start(room.pk, seats[0])
    return room, [fresh(s) for s in seats], tokens


def two_players(room, seats, tokens):
    """The seat to act, the other person, each seat's secret token and the legal actions now."""
    actor = seat_to_act(room, seats)
    other = next(s for s in seats if s.pk != actor.pk)
    token_of = {s.pk: t for s, t in zip(seats, tokens, strict=True)}
    return actor, other, token_of, services.spec_of(room).engine.legal_actions(room_game(room).state)


def my_seat_id(html: str) -> int:
    return int(re.search(r'class="seat seat--me[^"]*" data-seat-id="(\d+)"', html).group(1))


def test_only_a_seat_of_the_room_may_connect(application):
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        assert await Client(application, room, None).connect() == (False, 4403)
        assert await Client(application, room, tokens[0] + "x").connect() == (False, 4403)
        foreign = Client(application, room, tokens[0])
        foreign.ws.scope["headers"] = [(b"origin", b"http://evil.example"), *foreign.ws.scope["headers"][1:]]
        ok, _ = await foreign.connect()
        assert not ok
        me = Client(application, room, tokens[0])
        assert (await me.connect())[0]
        message = await me.room()
        assert my_seat_id(message["html"]) == seats[0].pk and message["status"] == "lobby"
        assert (await db(fresh)(seats[0])).connections == 1
        await me.close()
        assert (await db(fresh)(seats[0])).connections == 0

    run(body)


def test_a_join_reaches_everyone_in_the_room(application):
    room, seats, tokens = seated_room("finstere-flure", people=1)

    async def body():
        host = Client(application, room, tokens[0])
        await host.connect()
        first = await host.room()
        joined, _seat, _token = await db(services.join)(room.pk)
        await db(services.notify)(joined)
        message = await host.room(first["version"] + 1)
        assert message["html"].count("data-seat-id=") == 2
        assert "room-start" in message["html"]  # the host's start button, now enabled
        assert 'class="room-start" disabled' not in message["html"]
        await host.close()

    run(body)


def test_moves_are_judged_on_the_server(application):
    room, seats, tokens = started("finstere-flure")
    actor, other, token_of, legal = two_players(room, seats, tokens)

    async def body():
        mover, waiter = Client(application, room, token_of[actor.pk]), Client(application, room, token_of[other.pk])
        await mover.connect()
        await waiter.connect()
        version = (await mover.room())["version"]
        await waiter.room()
        await waiter.send({"type": "move", "action": legal[0], "version": version})
        assert (await waiter.until(lambda m: m["type"] == "refused"))["code"] == "not-your-turn"
        await mover.send({"type": "move", "action": "move:red1:L,L,L,L,L,L,L,L", "version": version})
        illegal = await mover.until(lambda m: m["type"] == "refused")
        assert illegal["code"] == "illegal-action" and illegal["clause"]
        assert illegal["data"] == {"action": "move:red1:L,L,L,L,L,L,L,L"}
        await mover.send({"type": "move", "action": legal[0], "version": version - 1})
        assert (await mover.until(lambda m: m["type"] == "refused"))["code"] == "stale"
        assert (await db(Room.objects.get)(pk=room.pk)).version == version
        await mover.send({"type": "move", "action": legal[0], "version": version})
        assert (await mover.room(version + 1))["my_turn"] is False
        after = await waiter.room(version + 1)
        assert after["my_turn"] is True
        assert 'class="events"' in after["html"] and 'class="cite"' in after["html"]  # events cite clauses
        await mover.close()
        await waiter.close()

    run(body)


def test_two_simultaneous_moves_one_is_played_one_is_refused(application):
    """The same seat on two devices sends two different moves for the same board."""
    room, seats, tokens = started("finstere-flure")
    actor = seat_to_act(room, seats)
    token = tokens[[s.pk for s in seats].index(actor.pk)]
    legal = services.spec_of(room).engine.legal_actions(room_game(room).state)

    async def body():
        a, b = Client(application, room, token), Client(application, room, token)
        await a.connect()
        await b.connect()
        version = (await a.room())["version"]
        await b.room(version)
        await asyncio.gather(
            a.send({"type": "move", "action": legal[0], "version": version}),
            b.send({"type": "move", "action": legal[1], "version": version}),
        )
        outcomes = await asyncio.gather(
            a.until(lambda m: m["type"] == "refused" or m.get("version") == version + 1),
            b.until(lambda m: m["type"] == "refused" or m.get("version") == version + 1),
        )
        refusals = [m for c in (a, b) for m in c.messages if m["type"] == "refused"]
        assert len(refusals) == 1 and refusals[0]["code"] in {"stale", "conflict"}, outcomes
        saved = await db(Room.objects.get)(pk=room.pk)
        assert saved.version == version + 1
        assert saved.log["actions"].count(legal[0]) + saved.log["actions"].count(legal[1]) == 1
        await a.close()
        await b.close()

    run(body)


def test_reconnecting_returns_to_the_same_seat_with_the_current_board(application):
    room, seats, tokens = started("finstere-flure")
    actor, other, token_of, legal = two_players(room, seats, tokens)

    async def body():
        mover, dropped = Client(application, room, token_of[actor.pk]), Client(application, room, token_of[other.pk])
        await mover.connect()
        await dropped.connect()
        version = (await mover.room())["version"]
        await dropped.room()
        await dropped.close()  # the connection drops
        assert (await db(fresh)(other)).connections == 0
        await mover.send({"type": "move", "action": legal[0], "version": version})
        await mover.room(version + 1)
        back = Client(application, room, token_of[other.pk])
        assert (await back.connect())[0]
        message = await back.room(version + 1)
        assert my_seat_id(message["html"]) == other.pk
        assert message["my_turn"] is True and "board-svg" in message["html"]
        assert (await db(fresh)(other)).connections == 1
        await mover.close()
        await back.close()

    run(body)


def test_a_seat_never_receives_another_seats_cards(application):
    """De Betoverde Torens: hands and the deck stay on the server; each socket gets its seat's view."""
    room, seats, tokens = started("betoverde-torens")
    by_seat = {s.seat: (s, t) for s, t in zip(seats, tokens, strict=True)}
    spec = services.spec_of(room)
    engine = spec.engine

    async def body():
        clients = {name: Client(application, room, token) for name, (_s, token) in by_seat.items()}
        for c in clients.values():
            await c.connect()
            await c.room()
        for _ in range(6):  # a few turns: plays, draws (chance on the server), turn ends
            saved = await db(Room.objects.get)(pk=room.pk)
            game = await db(room_game)(saved)
            actor = engine.current_actor(game.state)
            if actor not in clients:
                break
            legal = engine.legal_actions(game.state)
            await clients[actor].send({"type": "move", "action": legal[-1], "version": saved.version})
            for c in clients.values():
                await c.room(saved.version + 1)
        for c in clients.values():
            await c.close()
        final = await db(room_game)(await db(Room.objects.get)(pk=room.pk))
        return final, {name: text_of(c.messages) for name, c in clients.items()}

    game, clients_text = run(body)
    from rules.games.betoverde_torens.labels import card as card_name  # the room is English

    assert len(game.events) > 10 and all(clients_text.values())
    for seat, other in (("red", "blue"), ("blue", "red")):
        seen = clients_text[seat]
        secret_events = [e for batch in game.events for e in batch if not e.visible(seat)]
        shared = {engine.describe(e, "en") for batch in game.events for e in batch if e.visible(seat)}
        for event in secret_events:
            text = engine.describe(event, "en")
            if text not in shared:
                assert text not in seen, f"{seat} received {other}'s hidden event: {text}"
        hand = engine.observation(game.state, other)["hands"][other]
        mine = engine.observation(game.state, seat)["hands"][seat]
        if hand and sorted(hand) != sorted(mine):
            hidden = ", ".join(card_name(c, "en") for c in hand)
            assert hidden not in seen, f"{seat} received {other}'s hand"
            assert hidden in clients_text[other]  # the owner does see it



def test_tapping_over_the_socket_builds_a_pick_for_the_seat_to_act_only(application):
    room, seats, tokens = started("finstere-flure")
    actor, other, token_of, _legal = two_players(room, seats, tokens)

    async def body():
        mover, waiter = Client(application, room, token_of[actor.pk]), Client(application, room, token_of[other.pk])
        await mover.connect()
        await waiter.connect()
        await mover.room()
        await waiter.room()
        await mover.drain()  # the room as sent after both connected
        await waiter.drain()
        board = [m for m in mover.messages if m["type"] == "room"][-1]
        figure = re.search(r'class="tap-choice[^"]*" data-target="(fig:[a-z]+\d)"', board["html"]).group(1)
        await mover.send({"type": "pick", "pick": [figure]})
        picked = await mover.room()
        assert picked["pick"] == [figure] and "tap-next" in picked["html"] and "?pick=" in picked["html"]
        assert picked["version"] == board["version"]  # a pick changes nothing in the room
        await mover.send({"type": "pick", "pick": ["<script>"]})
        assert (await mover.until(lambda m: m["type"] == "refused"))["code"] == "bad-pick"
        await waiter.send({"type": "pick", "pick": [figure]})
        other_view = await waiter.room()
        assert other_view["pick"] == [] and "tap-next" not in other_view["html"]
        await mover.close()
        await waiter.close()

    run(body)


def test_voice_signals_reach_only_the_seat_they_are_for(application):
    room, seats, tokens = seated_room("finstere-flure", people=3)

    async def body():
        a, b, c = (Client(application, room, t) for t in tokens)
        for client in (a, b, c):
            await client.connect()
            await client.room()
        await a.send({"type": "voice", "on": True})
        for client in (b, c):
            message = await client.until(lambda m: m["type"] == "voice")
            assert message == {"type": "voice", "seat": seats[0].pk, "on": True}
        assert (await db(fresh)(seats[0])).voice
        offer = {"sdp": {"type": "offer", "sdp": "v=0"}}
        await a.send({"type": "signal", "to": seats[1].pk, "data": offer})
        got = await b.until(lambda m: m["type"] == "signal")
        assert got == {"type": "signal", "from": seats[0].pk, "data": offer}
        await c.drain()
        assert not [m for m in c.messages if m["type"] == "signal"]
        await a.close()  # a dropped connection switches its voice off for the others
        assert (await b.until(lambda m: m["type"] == "voice"))["on"] is False
        assert not (await db(fresh)(seats[0])).voice
        await b.close()
        await c.close()

    run(body)


def test_malformed_messages_are_refused_and_the_socket_stays_open(application):
    room, seats, tokens = started("finstere-flure")

    async def body():
        me = Client(application, room, tokens[0])
        await me.connect()
        await me.room()
        for raw in ("not json", json.dumps({"type": "dance"}), json.dumps([1, 2]), "x" * 70_000):
            await me.ws.send_to(text_data=raw)
            assert (await me.until(lambda m: m["type"] == "refused"))["code"] == "bad-message"
        await me.send({"type": "refresh"})
        assert (await me.room())["status"] == "playing"
        await me.close()

    run(body)
