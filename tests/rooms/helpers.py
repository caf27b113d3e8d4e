"""Helpers of the rooms tests: rooms with people in them, and sockets that collect messages."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from urllib.parse import unquote, urlparse

from asgiref.sync import async_to_sync
from asgiref.testing import ApplicationCommunicator
from django.utils import timezone

from rooms import gamestate, presence, services
from rooms.models import Connection, Room, Seat

CSRF = "c" * 32


def seated_room(game: str, people: int = 2, bots: tuple[str, ...] = (), number: int = 1):
    """A room in the lobby with ``people`` seated (the first is the host) and computer seats."""
    room = services.get_room(game, number)
    seats, tokens = [], []
    for _ in range(people):
        room, seat, token = services.join(room.pk)
        seats.append(seat)
        tokens.append(token)
    for name in bots:
        room = services.add_bot(room.pk, seats[0], name)
    return room, seats, tokens


def fresh(seat: Seat) -> Seat:
    return Seat.objects.get(pk=seat.pk)


def room_game(room: Room) -> gamestate.Game:
    room.refresh_from_db()
    spec = services.spec_of(room)
    return gamestate.load(spec, room.pk, room.version, room.log)


def seat_to_act(room: Room, seats: list[Seat]) -> Seat:
    actor = services.spec_of(room).engine.current_actor(room_game(room).state)
    return next(fresh(s) for s in seats if fresh(s).seat == actor)


class Closed(Exception):
    """The server closed the socket (``code``)."""

    def __init__(self, code: int):
        super().__init__(f"closed with {code}")
        self.code = code


class WebsocketCommunicator(ApplicationCommunicator):
    """channels.testing.WebsocketCommunicator in a few lines (importing channels.testing needs
    daphne, which the site does not use: uvicorn serves it)."""

    def __init__(self, application: Any, path: str, headers: list[tuple[bytes, bytes]]):
        parsed = urlparse(path)
        scope = {"type": "websocket", "path": unquote(parsed.path), "query_string": parsed.query.encode(),
                 "headers": headers, "subprotocols": []}
        super().__init__(application, scope)

    async def connect(self, timeout: float = 5) -> tuple[bool, Any]:
        await self.send_input({"type": "websocket.connect"})
        response = await self.receive_output(timeout)
        if response["type"] == "websocket.close":
            return False, response.get("code", 1000)
        return True, None

    async def send_to(self, text_data: str) -> None:
        await self.send_input({"type": "websocket.receive", "text": text_data})

    async def receive_json_from(self, timeout: float = 5) -> Any:
        response = await self.receive_output(timeout)
        if response["type"] == "websocket.close":
            raise Closed(response.get("code", 1000))
        assert response["type"] == "websocket.send", response
        return json.loads(response["text"])

    async def disconnect(self, code: int = 1000, timeout: float = 5) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(timeout)


class Client:
    """A WebSocket of one seat that keeps every message it receives."""

    def __init__(self, application: Any, room: Room, token: str | None, lang: str = "en", path: str | None = None):
        headers = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
        if token is not None:
            headers.append((b"cookie", f"rooms_{room.pk}={token}; csrftoken={CSRF}".encode()))
        path = path or f"/ws/rooms/{room.game}/{room.number}/?lang={lang}"
        self.ws = WebsocketCommunicator(application, path, headers)
        self.messages: list[dict[str, Any]] = []

    async def connect(self) -> tuple[bool, Any]:
        return await self.ws.connect()

    async def send(self, message: dict[str, Any]) -> None:
        await self.ws.send_to(text_data=json.dumps(message))

    async def until(self, predicate, timeout: float = 10) -> dict[str, Any]:
        """Receive until a message matches (the timeout only stops a broken test from hanging)."""
        while True:
            message = await self.ws.receive_json_from(timeout=timeout)
            self.messages.append(message)
            if predicate(message):
                return message

    async def room(self, version: int | None = None) -> dict[str, Any]:
        # The room as it is (not the board on its way there: rooms.pacing's frames).
        return await self.until(
            lambda m: m["type"] == "room" and not m.get("pacing") and (version is None or m["version"] == version)
        )

    async def drain(self) -> None:
        """Everything already sent to this client."""
        while not await self.ws.receive_nothing(timeout=0.2):
            self.messages.append(await self.ws.receive_json_from())

    async def closed(self, timeout: float = 10) -> int:
        """Receive until the server closes the socket: its close code (the messages before it are
        kept)."""
        try:
            while True:
                self.messages.append(await self.ws.receive_json_from(timeout=timeout))
        except Closed as exc:
            return exc.code

    async def close(self) -> None:
        await self.ws.disconnect()


def text_of(messages: list[dict[str, Any]]) -> str:
    return "\n".join(json.dumps(m, ensure_ascii=False) for m in messages)


def run(coroutine_function):
    """Run an async test body (no pytest-asyncio needed); the consumers' database calls come
    back to this thread, so they see the test database."""
    return async_to_sync(coroutine_function)()


class Clock:
    """The rooms' clock (``rooms.presence.clock``), moved on by the test. Sockets that are open
    meanwhile have their heartbeats (their presence rows refreshed), unless ``heartbeats`` is
    false: a stopped worker."""

    def __init__(self) -> None:
        self.now = timezone.now()

    def __call__(self) -> dt.datetime:
        return self.now

    def advance(self, seconds: float, heartbeats: bool = True) -> None:
        self.now += dt.timedelta(seconds=seconds)
        if heartbeats:
            for row in Connection.objects.all():
                presence.touch(row.channel, row.seat_id, self.now)
