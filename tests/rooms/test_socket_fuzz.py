"""A fuzzer for the room's socket, as Schemathesis is for the API: hypothesis-generated frames and
message sequences against the room consumer (the real ASGI application, in-memory channel
layer), asserting that

- nothing crashes: every frame gets an answer or nothing, the socket stays open, no error or
  traceback is logged, and the consumer ends cleanly with no presence row left;
- no foreign move: the room's game changes only by a move of the seat whose turn it was;
- no message to a seat that left: its socket is closed (4403) and receives nothing after;
- no leak: no room a seat receives holds another seat's hidden hand (De Betoverde Torens), at the
  version it was rendered for.

The example counts keep the run to about a minute on a laptop (README, "Tests")."""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client as Browser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rooms import gamestate, services
from rooms.models import Connection, PlayedGame, Room, Seat
from rules.core.codec import log_from_json
from rules.core.registry import get_game

from .helpers import Client, fresh, run, seated_room

pytestmark = pytest.mark.usefixtures("site")
db = sync_to_async
GAME = "betoverde-torens"  # two hands of hidden cards
SYNC = json.dumps({"type": "zz-sync"})  # any unknown type: answered with a refusal, changes nothing
REFUSALS = {
    "bad-message", "bad-pick", "bad-action", "bad-version", "slow-down", "no-peer", "not-your-turn", "illegal",
    "not-an-action", "stale", "conflict", "not-playing", "no-seat",
}  # fmt: skip
FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,  # the same examples every run: CI stays reproducible and its time steady
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["pick", "move", "voice", "signal", "refresh", "pong", "ping", "", "dance"]) | st.text(max_size=8)},
    optional={
        "pick": json_values | st.lists(st.text(max_size=70), max_size=14),
        "action": json_values | st.text(max_size=220),
        "version": json_values | st.integers(),
        "on": json_values,
        "to": json_values | st.integers(-2, 10**6),
        "data": json_values,
    },
).map(json.dumps)
hostile = st.one_of(
    st.integers(7, 20_000).map(lambda n: "[" * n),
    st.integers(7, 3000).map(lambda n: '{"type": "signal", "to": 1, "data": ' + "{\"a\": " * n + "1" + "}" * n + "}"),
    st.integers(31, 6000).map(lambda n: '{"type": "move", "action": "x", "version": ' + "9" * n + "}"),
    st.sampled_from(['{"type": "voice", "on": NaN}', '{"type": "move", "version": 1e999}', "\ud800", "null", "[]"]),
    st.integers(16_001, 70_000).map(lambda n: '{"type": "pong", "x": "' + "x" * n + '"}'),
)
frames = st.one_of(messages, hostile, st.text(max_size=80), st.binary(max_size=40))


def started_room():
    room, seats, tokens = seated_room(GAME, people=2)
    room = services.start(room.pk, seats[0])
    seats = [fresh(s) for s in seats]
    spec = services.spec_of(room)
    actor = spec.engine.current_actor(gamestate.load(spec, room.pk, room.version, room.log).state)
    return room, seats, tokens, actor


@pytest.fixture
def quiet_log(caplog):
    caplog.set_level(logging.WARNING)
    yield caplog
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not errors, [r.getMessage() for r in errors]


async def sync(client: Client) -> list[dict[str, Any]]:
    """Everything the socket answered until it read the marker (the socket must stay open)."""
    start = len(client.messages)
    await client.ws.send_to(SYNC)
    await client.until(lambda m: m.get("type") == "refused" and m.get("code") == "bad-message" and "“type”" in m["message"])
    return client.messages[start:-1]


async def send_frame(client: Client, frame: str | bytes) -> None:
    if isinstance(frame, bytes):
        await client.ws.send_input({"type": "websocket.receive", "bytes": frame})
    else:
        await client.ws.send_to(frame)


@given(batch=st.lists(frames, min_size=1, max_size=5))
@FUZZ
def test_any_frame_from_the_seat_not_to_act_is_answered_and_changes_nothing(application, quiet_log, batch):
    Room.objects.all().delete()
    room, seats, tokens, actor = started_room()
    waiting = next(i for i, s in enumerate(seats) if s.seat != actor)
    before = (room.version, room.log)

    async def body():
        me = Client(application, room, tokens[waiting])
        assert (await me.connect())[0]
        await me.room()
        for frame in batch:
            await send_frame(me, frame)
            for message in await sync(me):
                assert message["type"] in {"room", "refused", "voice"}, message
                if message["type"] == "refused":
                    assert message["code"] in REFUSALS and message["message"], message
        await me.close()

    run(body)
    saved = Room.objects.get(pk=room.pk)
    assert (saved.version, saved.log) == before  # no move of the seat not to act, nothing else changed
    assert not Connection.objects.exists()
    gamestate._cache.clear()


@dataclass
class Table:
    """The room under test and what the test knows of it."""

    room: Room
    seats: list[Seat]
    tokens: list[str]
    clients: list[Client | None]
    left: set[int] = field(default_factory=set)  # indexes of people who left
    logs: dict[int, dict[str, Any]] = field(default_factory=dict)  # room version -> log


def state_of(room: Room) -> tuple[int, str, Any]:
    room = Room.objects.get(pk=room.pk)
    if room.log is None:
        return room.version, room.status, None
    spec = services.spec_of(room)
    return room.version, room.status, gamestate.load(spec, room.pk, room.version, room.log).state


operations = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.sampled_from(["move", "move", "move", "pick", "voice", "signal", "refresh", "frame", "leave", "start"]),
        st.integers(0, 10**6),
        frames,
    ),
    min_size=3,
    max_size=12,
)


@given(ops=operations)
@settings(parent=FUZZ, max_examples=35)
def test_message_sequences_of_three_people_keep_turns_departures_and_hands(application, quiet_log, ops):
    Room.objects.all().delete()
    PlayedGame.objects.all().delete()
    gamestate._cache.clear()
    room, seats, tokens = seated_room(GAME, people=3)
    table = Table(room, seats, tokens, [None, None, None])
    engine = get_game(GAME).engine

    def person(token: str) -> Browser:
        browser = Browser()
        browser.cookies[f"rooms_{room.pk}"] = token
        return browser

    async def act(i: int, kind: str, n: int, frame: str | bytes) -> None:
        client = table.clients[i]
        version, status, state = await db(state_of)(table.room)
        if kind == "leave":
            if i in table.left or status != Room.LOBBY:
                return
            response = await db(person(tokens[i]).post)(f"/en/{GAME}/rooms/{room.number}/leave/")
            assert response.status_code == 303
            table.left.add(i)
            assert await client.closed() == 4403  # the departed socket is closed at once ...
            assert await client.ws.receive_nothing(0.05)  # ... and receives nothing after
            return
        if kind == "start":
            host = await db(lambda: Seat.objects.filter(room=room, is_host=True).values_list("pk", flat=True).first())()
            who = next((j for j, s in enumerate(seats) if s.pk == host), None)
            if who is None or status != Room.LOBBY:
                return
            await db(person(tokens[who]).post)(f"/en/{GAME}/rooms/{room.number}/start/")
            return
        if i in table.left:
            return
        mine = (await db(fresh)(seats[i])).seat
        if kind == "move":
            legal = engine.legal_actions(state) if state is not None else []
            action = legal[n % len(legal)] if legal and n % 4 else f"play:t{n % 9}:tower:{n % 11}"
            await client.send({"type": "move", "action": action, "version": version if n % 5 else n % 7})
        elif kind == "pick":
            await client.send({"type": "pick", "pick": [f"card:{n % 40}"][: n % 2]})
        elif kind == "voice":
            await client.send({"type": "voice", "on": bool(n % 2)})
        elif kind == "signal":
            targets = [s.pk for s in seats] + [n]
            await client.send({"type": "signal", "to": targets[n % len(targets)], "data": {"candidate": {"n": n}}})
        elif kind == "refresh":
            await client.send({"type": "refresh"})
        else:
            await send_frame(client, frame)
        await sync(client)
        after, _status, _state = await db(state_of)(table.room)
        if after != version:  # the game changed: only by the move of the seat to act
            assert kind in ("move", "frame") and state is not None and engine.current_actor(state) == mine

    async def body():
        for i in range(3):
            table.clients[i] = Client(application, room, tokens[i])
            assert (await table.clients[i].connect())[0]
            await table.clients[i].room()
        for i, kind, n, frame in ops:
            await act(i, kind, n, frame)
            saved = await db(Room.objects.get)(pk=room.pk)
            table.logs[saved.version] = saved.log
        for i, client in enumerate(table.clients):
            if i not in table.left:
                await client.drain()
                await client.close()

    run(body)
    assert not Connection.objects.exists()
    check_no_hand_leaks(table, engine)


def check_no_hand_leaks(table: Table, engine: Any) -> None:
    """Every room a seat received, at its version, holds no other seat's hand (when the hands differ)."""
    from rules.games.betoverde_torens.labels import card as card_name

    names = {s.pk: fresh(s).seat if Seat.objects.filter(pk=s.pk).exists() else "" for s in table.seats}
    for i, client in enumerate(table.clients):
        me = names[table.seats[i].pk]
        for message in client.messages:
            if message.get("type") != "room" or not me or table.logs.get(message["version"]) is None:
                continue
            state = gamestate.replay_log(services.spec_of(table.room), log_from_json(table.logs[message["version"]])).state
            mine = engine.observation(state, me)["hands"][me]
            for other in {n for n in names.values() if n and n != me}:
                hand = engine.observation(state, other)["hands"][other]
                hidden = ", ".join(card_name(c, "en") for c in hand)
                # (A hand that reads as a part of this seat's own hand is not told apart by its text;
                # nor is a hand of one card, whose name the public log says whenever anyone plays
                # such a card: "plays the tower card 2". Two or more names in a row are a hand.)
                if len(hand) >= 2 and sorted(hand) != sorted(mine) and hidden not in ", ".join(card_name(c, "en") for c in mine):
                    assert hidden not in message["html"], f"{me} saw {other}'s hand at version {message['version']}"
            assert re.search(r'class="seat seat--me', message["html"]), "a room for a seat that is not in it"
