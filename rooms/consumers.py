"""The room's WebSocket: ``/ws/rooms/<game>/<number>/?lang=<nl|de|en>``.

Only a seat may connect (its secret token arrives as the room's cookie with the handshake). The
client sends JSON messages:

- ``{"type": "pick", "pick": ["fig:red4", "sq:3,4"]}``: the targets tapped so far; the server
  answers with the board for that pick (or refuses it).
- ``{"type": "move", "action": "...", "version": N}``: a move made on board version N; the engine
  judges it on the server (:func:`rooms.services.move`).
- ``{"type": "voice", "on": true}``: 🎙 switched on or off; ``{"type": "signal", "to": <seat id>,
  "data": {...}}``: WebRTC signalling (offers, answers, ICE candidates) relayed to one seat.
- ``{"type": "refresh"}``: send the room again.

The server sends ``{"type": "room", "version": N, "status": ..., "html": ...}`` (the room rendered
for this seat only: its own observation and the events it may see), ``{"type": "refused", "code":
..., "message": ...}``, ``{"type": "voice", "seat": id, "on": bool}`` and ``{"type": "signal",
"from": id, "data": {...}}``. A change anywhere (a move, a join, on any worker) reaches every
connection through the channel layer group ``room-<id>``; each connection renders its own seat's
view. Audio never passes through the server; nothing of it is stored.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation

from rulebooks.models import Game
from simulator.core.tapping import PickError, parse_pick
from simulator.scene import parse_why

from . import presenter, services
from .models import Room, Seat
from .services import RoomError, group_name

MAX_MESSAGE_CHARS = 64_000
LANGUAGES = {code for code, _name in settings.LANGUAGES}


def _load(game: str, number: int, token: str | None) -> tuple[Room, Seat | None]:
    room = services.get_room(game, number)
    return room, services.seat_for_token(room, token)


def _render(
    room_id: int, seat_id: int, lang: str, pick: tuple[str, ...], csrf: str, seen: int, view: dict[str, str] | None = None
) -> dict[str, Any]:
    """The room as this seat sees it. A pick (and ``view``: an enlarged area, a "why not?") belongs
    to the board version ``seen``: on a newer version, or when it no longer fits (PickError), the
    board is shown without it."""
    view = view or {}
    with translation.override(lang):
        room = Room.objects.get(pk=room_id)
        if room.version != seen:
            pick, view = (), {}
        me = room.seats.filter(pk=seat_id).first()
        game = Game.objects.filter(slug=room.game).first()
        try:
            context = presenter.room_context(game, room, me, lang, pick, zoom=view.get("zoom"), why=view.get("why", ""))
        except PickError:
            context = presenter.room_context(game, room, me, lang)
            pick, view = (), {}
        context.update({"csrf_token": csrf, "LANGUAGE_CODE": lang})
        html = render_to_string("rooms/room.html#room", context)
        return {
            "type": "room",
            "version": room.version,
            "status": room.status,
            "my_turn": bool(context.get("my_turn")),
            "seated": me is not None,
            "pick": list(pick),
            "view": view,
            "html": html,
        }


def _move(room_id: int, seat_id: int, action: Any, version: Any, lang: str) -> tuple[int, bool]:
    """A person's move: the room's new version, and whether a computer seat is to act next."""
    with translation.override(lang):
        seat = Seat.objects.filter(pk=seat_id).first()
        moved = services.move(room_id, seat, action, version)
        return moved.room.version, moved.computer_due


def _computer_moves(room_id: int) -> int | None:
    room = services.computer_moves(room_id)
    return room.version if room is not None else None


class RoomConsumer(AsyncJsonWebsocketConsumer):
    room_id: int | None = None
    seat_id: int | None = None

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        query = dict(
            part.split("=", 1) for part in self.scope.get("query_string", b"").decode().split("&") if "=" in part
        )
        self.lang = query.get("lang") if query.get("lang") in LANGUAGES else settings.LANGUAGE_CODE
        self.pick: tuple[str, ...] = ()
        self.view: dict[str, str] = {}  # an enlarged area, a "why not?" of the board shown
        self.version = -1
        try:
            room = await database_sync_to_async(services.get_room)(kwargs["game"], int(kwargs["number"]))
        except RoomError:
            await self.close(code=4404)
            return
        cookies = self.scope.get("cookies", {})
        seat = await database_sync_to_async(services.seat_for_token)(room, cookies.get(f"rooms_{room.pk}"))
        if seat is None:
            await self.close(code=4403)  # only a seat of this room may connect
            return
        self.room_id, self.seat_id = room.pk, seat.pk
        self.csrf = cookies.get(settings.CSRF_COOKIE_NAME, "")
        await self.channel_layer.group_add(group_name(room.pk), self.channel_name)
        await self.accept()
        await database_sync_to_async(services.set_connections)(seat.pk, 1)
        await self._changed()
        await self._computer()  # a computer move left unplayed (a worker stopped before it)

    async def disconnect(self, code: int) -> None:
        if self.room_id is None or self.seat_id is None:
            return
        await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)
        await database_sync_to_async(services.set_connections)(self.seat_id, -1)
        await database_sync_to_async(services.set_voice)(self.seat_id, False)
        await self.channel_layer.group_send(
            group_name(self.room_id), {"type": "room.voice", "seat": self.seat_id, "on": False}
        )
        await self._changed()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if text_data is None or len(text_data) > MAX_MESSAGE_CHARS:
            await self._refuse(RoomError("bad-message", self._("A message is JSON text of at most 64000 characters.")))
            return
        try:
            content = json.loads(text_data)
        except json.JSONDecodeError:
            await self._refuse(RoomError("bad-message", self._("A message is a JSON object.")))
            return
        await self.receive_json(content)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        if self.room_id is None or self.seat_id is None:
            return
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "pick":
            await self._pick(content.get("pick"), {k: content[k] for k in ("zoom", "why") if k in content})
        elif kind == "move":
            await self._move(content.get("action"), content.get("version"))
        elif kind == "refresh":
            await self._send_room()
        elif kind == "voice":
            on = content.get("on") is True
            await database_sync_to_async(services.set_voice)(self.seat_id, on)
            await self.channel_layer.group_send(
                group_name(self.room_id), {"type": "room.voice", "seat": self.seat_id, "on": on}
            )
            await self._changed()
        elif kind == "signal":
            to, data = content.get("to"), content.get("data")
            if isinstance(to, int) and isinstance(data, dict):
                await self.channel_layer.group_send(
                    group_name(self.room_id), {"type": "room.signal", "from": self.seat_id, "to": to, "data": data}
                )
        else:
            await self._refuse(RoomError("bad-message", self._("This kind of message is unknown.")))

    def _(self, text: str) -> str:
        """A refusal in the page's language."""
        with translation.override(self.lang):
            return translation.gettext(text)

    async def _pick(self, raw: Any, view: Any = None) -> None:
        if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
            await self._refuse(RoomError("bad-pick", self._("This cannot be tapped now: tap the board again.")))
            return
        try:
            self.pick = parse_pick("/".join(raw)) if raw else ()
            self.view = {
                k: parse_why(v) if k == "why" else v
                for k, v in (view if isinstance(view, dict) else {}).items()
                if k in ("zoom", "why") and isinstance(v, str)
            }
        except PickError:
            await self._refuse(RoomError("bad-pick", self._("This cannot be tapped now: tap the board again.")))
            return
        await self._send_room()

    async def _move(self, action: Any, version: Any) -> None:
        assert self.room_id is not None and self.seat_id is not None
        try:
            moved, computer_due = await database_sync_to_async(_move)(
                self.room_id, self.seat_id, action, version, self.lang
            )
        except RoomError as exc:
            await self._refuse(exc)
            return
        self.pick, self.view = (), {}
        await self._changed(moved)
        if computer_due:
            # In the background: this socket goes on receiving (its own board after the move first).
            self._computer_task = asyncio.ensure_future(self._computer())

    async def _computer(self) -> None:
        """The computer seats play on the server, after everyone has seen the person's move."""
        assert self.room_id is not None
        version = await database_sync_to_async(_computer_moves)(self.room_id)
        if version is not None:
            await self._changed(version)

    async def _changed(self, version: int | None = None) -> None:
        """Everyone in the room renders it again: for a new ``version`` (a move), or without one
        for what does not change the game (someone connected, 🎙 switched)."""
        assert self.room_id is not None
        await self.channel_layer.group_send(group_name(self.room_id), {"type": "room.changed", "version": version})

    async def _refuse(self, error: RoomError) -> None:
        await self.send_json(error.as_dict())

    async def _send_room(self) -> None:
        assert self.room_id is not None and self.seat_id is not None
        message = await database_sync_to_async(_render)(
            self.room_id, self.seat_id, self.lang, self.pick, self.csrf, self.version, self.view
        )
        self.view = message.pop("view")
        self.version = message["version"]
        self.pick = tuple(message["pick"])
        await self.send_json(message)

    # -- messages from the group -----------------------------------------------------------------

    async def room_changed(self, event: dict[str, Any]) -> None:
        version = event.get("version")
        if version is not None and version <= self.version:
            return  # this socket has already shown that version (it rendered a later write)
        await self._send_room()

    async def room_voice(self, event: dict[str, Any]) -> None:
        if event["seat"] != self.seat_id:
            await self.send_json({"type": "voice", "seat": event["seat"], "on": event["on"]})

    async def room_signal(self, event: dict[str, Any]) -> None:
        if event["to"] == self.seat_id:
            await self.send_json({"type": "signal", "from": event["from"], "data": event["data"]})
