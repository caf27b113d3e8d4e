"""A fuzzer for the room's socket, as Schemathesis is for the API: frames built by hypothesis from the
message grammar the consumer reads (``rooms.frames.GRAMMAR``: every field's kind and bounds, so
values inside, at and just outside every bound -- ``2**63`` as a seat, ``1e400``, 31-digit numbers,
long strings, long lists, deep nesting -- and values of the wrong kind), and message sequences of
three people (moves, taps, voice, signals, leaving, a closed tab, the seat handed to the computer,
the person back) against the room consumer (the real ASGI application, in-memory channel layer),
asserting that

- nothing crashes: every frame gets an answer or nothing, the socket stays open (no close code,
  so no 1011), no error or traceback is logged, and the consumer ends cleanly with no presence row
  left;
- no foreign move: the room's game changes only by a move of the seat whose turn it was, or by
  the computer for a seat it plays (its own, or a person's it stands in for), chance and the rules;
- no message to a seat that left: its socket is closed (4403) and receives nothing after;
- no leak: no room a seat receives holds another seat's hidden hand (De Betoverde Torens), at the
  version it was rendered for.

The example counts keep the run to about a minute (README, "Tests")."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from django.test import Client as Browser
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rooms import gamestate, services
from rooms.frames import GRAMMAR, MAX_FRAME_CHARS, MAX_FRAME_DEPTH, Field
from rooms.models import Connection, PlayedGame, Room, Seat
from rules.core.codec import log_from_json
from rules.core.engine import CHANCE
from rules.core.registry import get_game
from rules.core.replay import replay
from rules.core.timeline import start_of

from .helpers import Client, fresh, run, seated_room

pytestmark = pytest.mark.usefixtures("site")
db = sync_to_async
GAME = "betoverde-torens"  # two hands of hidden cards
SYNC = json.dumps({"type": "zz-sync"})  # any unknown type: answered with a refusal, changes nothing
REFUSALS = {
    "bad-message", "bad-pick", "bad-action", "bad-version", "slow-down", "no-peer", "not-your-turn", "illegal-action",
    "not-an-action", "stale", "conflict", "not-playing", "no-seat",
}  # fmt: skip
SCALE = int(os.environ.get("ROOMS_FUZZ_SCALE", "1"))  # a longer run by hand: ROOMS_FUZZ_SCALE=10 (README, "Tests")
FUZZ = settings(
    max_examples=120 * SCALE,
    deadline=None,
    derandomize=True,  # the same examples every run: CI stays reproducible and its time steady
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


# -- frames from the grammar ---------------------------------------------------------------------


class Raw(str):
    """A JSON token written as it is (``1e400``, a 31-digit number): what Python's json would not write."""


def dump(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=10,
)
huge_numbers = st.sampled_from(
    [2**63, -(2**63) - 1, 2**64, 10**29, Raw("1e400"), Raw("-1e400"), Raw("1" * 31), Raw("1e308"), Raw("-0.0"), Raw("0.5")]
)
too_deep = st.integers(MAX_FRAME_DEPTH - 2, MAX_FRAME_DEPTH + 3).map(lambda n: Raw("[" * n + "]" * n))


def values(declared: Field) -> st.SearchStrategy[Any]:
    """Values for a declared field: inside its bounds, at them, just outside, and of other kinds."""
    other = json_values | huge_numbers | too_deep
    if declared.nullable:
        other = other | st.none()
    if declared.kind == "int":
        edges = [declared.lo, declared.hi, declared.lo - 1, declared.hi + 1]
        return st.one_of(st.integers(declared.lo, min(declared.hi, 10**6)), st.sampled_from(edges), other)
    if declared.kind == "bool":
        return st.one_of(st.booleans(), st.sampled_from([0, 1, "true", Raw("1.0")]), other)
    if declared.kind == "text":
        if declared.choices:
            return st.one_of(st.sampled_from(declared.choices), st.text(max_size=10), other)
        over = st.integers(declared.hi + 1, declared.hi + 3).map(lambda n: "x" * n)
        inside = st.text(min_size=declared.lo, max_size=min(declared.hi, 30))
        return st.one_of(inside, inside, over, st.just(""), other)
    if declared.kind == "list":
        assert declared.item is not None
        item = values(declared.item)
        return st.one_of(
            st.lists(item, max_size=declared.hi), st.lists(item, min_size=declared.hi + 1, max_size=declared.hi + 2), other
        )
    return objects(declared.fields) | other


def objects(fields: dict[str, Field] | Any) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={name: st.deferred(lambda f=f: values(f)) for name, f in fields.items()})


def grammar_frame(kind: str) -> st.SearchStrategy[str]:
    """A frame of a type of the grammar (its fields any of :func:`values`, or missing)."""
    return objects(GRAMMAR[kind]).map(lambda content: dump({"type": kind, **content}))


hostile = st.one_of(
    st.integers(7, 20_000).map(lambda n: "[" * n),
    st.integers(7, 3000).map(lambda n: '{"type": "signal", "to": 1, "data": ' + "{\"a\": " * n + "1" + "}" * n + "}"),
    st.integers(31, 6000).map(lambda n: '{"type": "move", "action": "x", "version": ' + "9" * n + "}"),
    st.sampled_from(['{"type": "voice", "on": NaN}', '{"type": "move", "version": 1e999}', "\ud800", "null", "[]"]),
    st.integers(MAX_FRAME_CHARS + 1, 70_000).map(lambda n: '{"type": "pong", "x": "' + "x" * n + '"}'),
    st.sampled_from(["", "ping", "dance", "PICK"]).map(lambda t: dump({"type": t})),
)
frames = st.one_of(
    st.sampled_from(sorted(GRAMMAR)).flatmap(grammar_frame),
    st.sampled_from(sorted(GRAMMAR)).flatmap(grammar_frame),
    hostile,
    st.text(max_size=80),
    st.binary(max_size=40),
)


def started_room():
    room, seats, tokens = seated_room(GAME, people=2)
    room = services.start(room.pk, seats[0])
    seats = [fresh(s) for s in seats]
    spec = services.spec_of(room)
    actor = spec.engine.current_actor(gamestate.load(spec, room.pk, room.version, room.log).state)
    return room, seats, tokens, actor




async def sync(client: Client) -> list[dict[str, Any]]:
    """Everything the socket answered until it read the marker (the socket must stay open:
    ``until`` raises on a close, whatever its code)."""
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
def test_any_frame_from_the_seat_not_to_act_is_answered_and_changes_nothing(application, no_errors_logged, batch):
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


# -- sequences of three people ----------------------------------------------------------------------


@dataclass
class Table:
    """The room under test and what the test knows of it."""

    room: Room
    seats: list[Seat]
    tokens: list[str]
    clients: list[Client | None]
    received: dict[int, list[dict[str, Any]]] = field(default_factory=dict)  # every socket's messages, per person
    left: set[int] = field(default_factory=set)  # indexes of people who left (or lost their seat)
    logs: dict[int, dict[str, Any]] = field(default_factory=dict)  # room version -> log


def state_of(room: Room) -> tuple[int, str, Any]:
    room = Room.objects.get(pk=room.pk)
    if room.log is None:
        return room.version, room.status, None
    spec = services.spec_of(room)
    return room.version, room.status, gamestate.load(spec, room.pk, room.version, room.log).state


def movers(room: Room) -> list[str]:
    """Who acted in each action of the room's game (replayed from its log)."""
    room = Room.objects.get(pk=room.pk)
    if room.log is None:
        return []
    engine = services.spec_of(room).engine
    log = log_from_json(room.log)
    start, _scenario, _intro = start_of(engine, log)
    return [engine.current_actor(t.before) for t in replay(engine, start, log.actions)]


def computer_plays(room: Room) -> set[str]:
    room = Room.objects.get(pk=room.pk)
    own = set((log_from_json(room.log).bots or {}) if room.log else ())
    return own | set(services.stand_ins(room))


operations = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.sampled_from(
            ["move", "move", "move", "pick", "voice", "signal", "refresh", "frame", "leave", "start", "close",
             "return", "return", "away", "handover", "abandon", "abandon"]
        ),  # fmt: skip
        st.integers(0, 10**6),
        frames,
    ),
    min_size=3,
    max_size=12,
)


@given(started=st.sampled_from([True, True, False]), ops=operations)
@settings(parent=FUZZ, max_examples=30 * SCALE)
def test_message_sequences_of_three_people_keep_turns_departures_and_hands(application, no_errors_logged, clock, started, ops):
    Room.objects.all().delete()
    PlayedGame.objects.all().delete()
    gamestate._cache.clear()
    room, seats, tokens = seated_room(GAME, people=3)
    if started:
        services.start(room.pk, seats[0])
    table = Table(room, seats, tokens, [None, None, None], {0: [], 1: [], 2: []})
    people = ThreePeople(application, clock, table)

    async def body() -> None:
        await people.play(ops)

    run(body)
    assert not Connection.objects.exists()
    check_no_hand_leaks(table, people.engine)


LIFECYCLE = ("leave", "start", "close", "return", "away", "handover", "abandon")


class ThreePeople:
    """The three people of ``table`` acting one operation at a time: through their browsers (leave,
    start, hand over), their tabs (close, come back) and their sockets (messages and frames); after
    each, the room's game moved only by whoever's turn it was."""

    def __init__(self, application: Any, clock: Any, table: Table) -> None:
        self.application, self.clock, self.table = application, clock, table
        self.room, self.seats, self.tokens = table.room, table.seats, table.tokens
        self.engine = get_game(GAME).engine
        self.automatic = {CHANCE, *self.engine.info.automatic_actors}

    async def play(self, ops: list[tuple[int, str, int, str | bytes]]) -> None:
        table = self.table
        for i in range(3):
            await self.open_socket(i)
        for i, kind, n, frame in ops:
            await self.act(i, kind, n, frame)
            saved = await db(Room.objects.get)(pk=self.room.pk)
            table.logs[saved.version] = saved.log
        for client in table.clients:
            if client is not None:
                await client.drain()
                await client.close()

    def person(self, token: str) -> Browser:
        browser = Browser()
        browser.cookies[f"rooms_{self.room.pk}"] = token
        return browser

    def post(self, i: int, what: str, data: dict[str, str] | None = None) -> Any:
        return db(self.person(self.tokens[i]).post)(f"/en/{GAME}/rooms/{self.room.number}/{what}/", data or {})

    async def open_socket(self, i: int) -> None:
        client = Client(self.application, self.room, self.tokens[i])
        client.messages = self.table.received[i]  # one list per person, across their sockets
        if not (await client.connect())[0]:
            self.table.left.add(i)  # the seat was released meanwhile (the lobby expiry): nothing to open
            return
        self.table.clients[i] = client
        await client.room()

    async def act(self, i: int, kind: str, n: int, frame: str | bytes) -> None:
        table, seats = self.table, self.seats
        version, status, state = await db(state_of)(table.room)
        before = await db(movers)(table.room)
        computer = await db(computer_plays)(table.room)
        mine = await db(lambda: Seat.objects.filter(pk=seats[i].pk, left=False).values_list("seat", flat=True).first())()
        if mine is None:
            table.left.add(i)  # released by the lobby's expiry, or the room was freed
        if kind in LIFECYCLE:
            await self.lifecycle(i, kind, n, status)
        elif table.clients[i] is not None and i not in table.left:
            await self.message(i, kind, n, frame, state, version)
        else:
            return
        after = await db(movers)(table.room)
        computer |= await db(computer_plays)(table.room)
        if after[: len(before)] != before:
            assert kind in ("leave", "return"), kind  # a new game only after the room was freed
            return
        for k, actor in enumerate(after[len(before) :]):
            if actor in self.automatic or actor in computer:
                continue
            # Otherwise only the seat whose turn it was, by its own move, as the first new action.
            assert k == 0 and kind in ("move", "frame") and actor == mine, (kind, actor, mine)

    async def lifecycle(self, i: int, kind: str, n: int, status: str) -> None:
        table, client = self.table, self.table.clients[i]
        if kind == "leave":
            if i not in table.left and client is not None:
                await self.leave(i, client)
        elif kind == "start":
            host = await db(lambda: Seat.objects.filter(room=self.room, is_host=True).values_list("pk", flat=True).first())()
            who = next((j for j, s in enumerate(self.seats) if s.pk == host), None)
            if who is not None and status == Room.LOBBY:
                await self.post(who, "start")
        elif kind == "close" and client is not None:
            await client.close()  # the tab is closed
            table.clients[i] = None
        elif kind == "return" and client is None and i not in table.left:
            await self.open_socket(i)
        elif kind == "away":
            await db(self.clock.advance)(n % 2 * 100 + 190)  # past the time anyone may hand a seat over
        elif kind == "handover" and client is not None:
            await self.hand_over(i, self.seats[n % 3])
        elif kind == "abandon" and client is not None:
            await self.abandon(i, n, client)

    async def leave(self, i: int, client: Client) -> None:
        response = await self.post(i, "leave")
        assert response.status_code == 303
        self.table.left.add(i)
        assert await client.closed() == 4403  # the departed socket is closed at once ...
        assert await client.ws.receive_nothing(0.05)  # ... and receives nothing after
        self.table.clients[i] = None

    async def abandon(self, i: int, n: int, client: Client) -> None:
        """A tab closed mid-game; after a while someone still there hands the seat to the computer."""
        await client.close()
        self.table.clients[i] = None
        await db(self.clock.advance)(200)
        there = [j for j, c in enumerate(self.table.clients) if c is not None]
        if there:
            await self.hand_over(there[n % len(there)], self.seats[i])

    async def hand_over(self, i: int, target: Seat) -> None:
        response = await self.post(i, "handover", {"seat": str(target.pk)})
        assert response.status_code in (303, 403, 404, 409), response.status_code

    async def message(self, i: int, kind: str, n: int, frame: str | bytes, state: Any, version: int) -> None:
        client = self.table.clients[i]
        assert client is not None
        if kind == "move":
            legal = self.engine.legal_actions(state) if state is not None else []
            action = legal[n % len(legal)] if legal and n % 4 else f"play:t{n % 9}:tower:{n % 11}"
            await client.send({"type": "move", "action": action, "version": version if n % 5 else n % 7})
        elif kind == "pick":
            await client.send({"type": "pick", "pick": [f"card:{n % 40}"][: n % 2]})
        elif kind == "voice":
            await client.send({"type": "voice", "on": bool(n % 2)})
        elif kind == "signal":
            targets = [s.pk for s in self.seats] + [n]
            await client.send({"type": "signal", "to": targets[n % len(targets)], "data": {"candidate": {"candidate": str(n)}}})
        elif kind == "refresh":
            await client.send({"type": "refresh"})
        else:
            await send_frame(client, frame)
        await sync(client)


def check_no_hand_leaks(table: Table, engine: Any) -> None:
    """Every room a seat received, at its version, holds no other seat's hand (when the hands differ)."""
    from rules.games.betoverde_torens.labels import card as card_name

    names = {s.pk: fresh(s).seat if Seat.objects.filter(pk=s.pk).exists() else "" for s in table.seats}
    for i, messages in table.received.items():
        me = names[table.seats[i].pk]
        for message in messages:
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
