"""The room's WebSocket: ``/ws/rooms/<game>/<number>/?lang=<nl|de|en>``.

Only a seat may connect (its secret token arrives as the room's cookie with the handshake); a
made-up game, a room number out of range or a missing seat is refused before the socket opens
(close code 4404 or 4403) and writes nothing. The client sends JSON messages (:mod:`rooms.frames`
reads them: size, depth and fields checked):

- ``{"type": "pick", "pick": ["fig:red4", "sq:3,4"]}``: the targets tapped so far; the server
  answers with the board for that pick (or refuses it).
- ``{"type": "move", "action": "...", "version": N}``: a move made on board version N; the engine
  judges it on the server (:func:`rooms.services.move`).
- ``{"type": "voice", "on": true}``: 🎙 switched on or off; ``{"type": "signal", "to": <seat id>,
  "data": {...}}``: WebRTC signalling (offers, answers, ICE candidates) relayed to one seat of
  the room that is connected.
- ``{"type": "refresh"}``: send the room again; ``{"type": "pong"}``: the answer to a ping.

The server sends ``{"type": "room", "version": N, "status": ..., "html": ..., "news": [...],
"wake": seconds}`` (the room rendered for this seat only: its own observation and the events it may
see; ``news``: what the server did on its own since the board this socket showed before, in its
language, :mod:`rooms.news`; ``wake``: when to ask for the room again, an away person's seat may be
handed to the computer then, :mod:`rooms.standins`), ``{"type": "refused", "code":
..., "message": ...}``, ``{"type": "voice", "seat": id, "on": bool}``, ``{"type": "signal",
"from": id, "data": {...}}``, ``{"type": "gone", "seat": id}`` (that seat left: close its audio)
and ``{"type": "ping"}`` every ``ROOMS_HEARTBEAT`` seconds. A change anywhere (a move, a join, on
any worker) reaches every connection through the channel layer group ``room-<id>`` (and a change
made outside the channel layer, by cron, through :mod:`rooms.watch`); each connection renders its
own seat's view. Audio never passes through the server. A person whose seat the computer plays
takes it back by connecting.

Close codes after the socket opened: 4403 the seat is gone (left, released, room freed), 4408
nothing heard for ``ROOMS_PRESENCE_TIMEOUT``, 4409 replaced by newer sockets of the same seat
(``ROOMS_SOCKETS_PER_SEAT``), 4429 far over the message rate, 1012 the channel layer failed (Redis
away: the page connects again). The consumer's bookkeeping (presence row, group, 🎙) runs in a
``finally``: however a socket ends, it leaves no ghost.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from asgiref.typing import ASGISendEvent, WebSocketCloseEvent
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext as _
from redis.exceptions import RedisError

from rulebooks.models import Game
from rules.core.inputs import InputError, parse_int
from rules.core.problems import Code
from rules.core.tapping import PickError
from simulator.addressing import looking

from . import expiry, frames, limits, news, pacing, presence, presenter, services, standins, watch
from .models import Room, Seat
from .services import RoomError, group_name

logger = logging.getLogger(__name__)
LANGUAGES = {code for code, _name in settings.LANGUAGES}
CLOSE_GONE, CLOSE_SILENT, CLOSE_REPLACED, CLOSE_FLOOD = 4403, 4408, 4409, 4429
# The channel layer failed (Redis went away, or answered too late on a starved machine): the socket
# closes with "service restart" and the page connects again; no traceback, never 1011.
CLOSE_LAYER = 1012
LAYER_ERRORS = (RedisError, ConnectionError, TimeoutError)
MAX_GAME_SLUG = 80


@dataclass
class Arrival:
    room_id: int | None = None
    seat_id: int | None = None
    surplus: list[str] = field(default_factory=list)
    presence: int = 0
    swept: list[expiry.Swept] = field(default_factory=list)


def _arrive(game: str, number: int, token: str | None, channel: str) -> Arrival:
    """Sweep the room, find the seat of the token and record the socket (nothing is written for
    a room nobody has taken a place in, or without a seat). A person back at a seat the computer
    played takes it back at once (rooms.standins); a seat that had stopped counting toward its
    address's limit counts again."""
    room = services.find_room(game, number)
    if room.pk is None:
        return Arrival()
    swept = expiry.sweep_room(room.pk)
    seat = services.seat_for_token(room, token)
    if seat is None:
        return Arrival(swept=swept)
    opened = presence.open_connection(seat.pk, channel)
    if opened is None:
        return Arrival(swept=swept)
    back = standins.take_back(seat.pk)
    if back is not None:
        swept.append(expiry.Swept(back))
    limits.recount(seat.pk)
    return Arrival(room.pk, seat.pk, opened.surplus, opened.presence, swept)


def _render(
    room_id: int,
    seat_id: int,
    lang: str,
    pick: tuple[str, ...],
    csrf: str,
    seen: int,
    view: dict[str, str] | None = None,
    upto: int | None = None,
) -> dict[str, Any]:
    """The room as this seat sees it. A pick (and ``view``: an enlarged area, a "why not?") belongs
    to the board version ``seen``: on a newer version, or when it no longer fits (PickError), the
    board is shown without it. ``upto``: the board on its way, after that many actions (pacing)."""
    view = view or {}
    with translation.override(lang):
        room = Room.objects.get(pk=room_id)
        if room.version != seen or upto is not None:
            pick, view = (), {}
        seats = list(room.seats.all())
        me = next((s for s in seats if s.pk == seat_id and not s.left), None)
        game = Game.objects.filter(slug=room.game).first()
        try:
            context = presenter.room_context(
                game, room, me, lang, pick, zoom=view.get("zoom"), why=view.get("why", ""), upto=upto, seats=seats
            )
        except PickError:
            context = presenter.room_context(game, room, me, lang, upto=upto, seats=seats)
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
            "shown": context.get("shown_actions", 0),
            "pacing": upto is not None,
            "html": html,
            "heartbeat": settings.ROOMS_HEARTBEAT,
            "presence": room.presence,
            # What the server did on its own since this socket's last board (rooms.news), and when
            # to ask for the room again (an away person's seat may be handed to the computer then).
            "news": news.since(room, seen) if upto is None else [],
            "wake": context.get("wake") if upto is None else None,
        }


@dataclass
class Played:
    version: int  # the room's new version
    computer_due: bool  # a computer seat is to act next
    shown: dict[str, Any]  # the mover's board after the move (see _move)


def _move(
    room_id: int, seat_id: int, action: Any, version: Any, lang: str, shown: int | None, csrf: str, seen: int
) -> Played:
    """A person's move, and the mover's board after it, rendered at once in the same call (no
    second wait behind the other sockets' renders): the first stop of the board on its way
    (rooms.pacing), or the room as it is when nothing plays itself."""
    with translation.override(lang):
        seat = Seat.objects.filter(pk=seat_id).first()
        moved = services.move(room_id, seat, action, version)
    stops = pacing.stops(room_id, shown)
    board = _render(room_id, seat_id, lang, (), csrf, seen, None, stops[0] if stops else None)
    return Played(moved.room.version, moved.computer_due, board)


def _computer_moves(room_id: int) -> int | None:
    room = services.computer_moves(room_id)
    return room.version if room is not None else None


def _layer_failed(exc: BaseException) -> None:
    logger.warning("room socket: the channel layer failed (%s: %s); the page connects again", type(exc).__name__, exc)


def _language(scope: Mapping[str, Any]) -> str:
    query: str = scope.get("query_string", b"").decode("latin-1")
    for part in query.split("&"):
        name, _sep, value = part.partition("=")
        if name == "lang" and value in LANGUAGES:
            return value
    return str(settings.LANGUAGE_CODE)


class RoomConsumer(AsyncJsonWebsocketConsumer):
    room_id: int | None = None
    seat_id: int | None = None  # None once the seat is gone: nothing more is sent or relayed

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = settings.LANGUAGE_CODE
        self.pick: tuple[str, ...] = ()
        self.view: dict[str, str] = {}  # an enlarged area, a "why not?" of the board shown
        self.version = -1
        self.heading = -1  # the version the board on its way is heading for
        self.pause = False  # the board on its way goes on after a pause (its first step was shown)
        self.shown: int | None = None  # actions of the room's game this socket has shown
        self.pacing: asyncio.Future[Any] | None = None  # the board on its way (rooms.pacing)
        self.csrf = ""
        self.voice_on = False
        self.closing = False
        self.ended = False
        self.heard = presence.clock()
        self.bucket = limits.Bucket(*settings.ROOMS_MESSAGE_RATE)
        self.over = 0  # messages refused in a row for the rate
        self.tasks: set[asyncio.Future[Any]] = set()
        self.presence = -1  # the room's count of presence changes when this socket last rendered it

    # -- the socket's life -------------------------------------------------------------------------

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        async def guarded_send(message: ASGISendEvent) -> None:
            """Nothing after the close; a client that is already gone ends the consumer quietly."""
            if self.closing:
                return
            try:
                await send(message)
            except (OSError, RuntimeError):  # uvicorn: ClientDisconnected, or a send after the close
                self.closing = True
                raise StopConsumer from None
            if message["type"] == "websocket.close":
                self.closing = True

        try:
            await super().__call__(scope, receive, guarded_send)
        except LAYER_ERRORS as exc:  # receiving from the channel layer failed
            _layer_failed(exc)
            try:
                await guarded_send(WebSocketCloseEvent(type="websocket.close", code=CLOSE_LAYER, reason=None))
            except StopConsumer:
                pass
        finally:
            await asyncio.shield(self._end())

    async def dispatch(self, message: dict[str, Any]) -> None:
        try:
            await super().dispatch(message)
        except (StopConsumer, asyncio.CancelledError):
            raise
        except LAYER_ERRORS as exc:  # sending to the group failed
            _layer_failed(exc)
            await self.close(code=CLOSE_LAYER)
            raise StopConsumer from None
        except Exception:
            logger.exception("room socket: unexpected error handling %s", message.get("type"))
            await self.close(code=1011)
            raise StopConsumer from None

    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        self.lang = _language(self.scope)
        game = kwargs.get("game", "")
        try:
            number = parse_int(kwargs.get("number"), "number", 1, services.ROOMS_PER_GAME)
        except InputError:
            number = 0
        if not number or len(game) > MAX_GAME_SLUG or not services.has_engine(game):
            await self.close(code=4404)  # no such room: nothing read or written
            return
        cookies = self.scope.get("cookies", {})
        room = await database_sync_to_async(services.find_room)(game, number)
        token = cookies.get(f"rooms_{room.pk}") if room.pk is not None else None
        if token is None:
            await self.close(code=4403)  # only a seat of this room may connect
            return
        arrival = await database_sync_to_async(_arrive)(game, number, token, self.channel_name)
        await self._announce(arrival.swept)
        if arrival.seat_id is None or arrival.room_id is None:
            await self.close(code=4403)
            return
        self.room_id, self.seat_id = arrival.room_id, arrival.seat_id
        self.csrf = cookies.get(settings.CSRF_COOKIE_NAME, "")
        self.heard = presence.clock()
        await self.channel_layer.group_add(group_name(arrival.room_id), self.channel_name)
        watch.follow(arrival.room_id, self.channel_name, self.channel_layer)
        await self.accept()
        for channel in arrival.surplus:
            await self.channel_layer.send(channel, {"type": "room.close", "code": CLOSE_REPLACED})
        self._spawn(self._heartbeat())
        await self._send_room()
        await self._group({"type": "room.changed", "version": None, "presence": arrival.presence})  # the others
        self._spawn(self._computer())  # a computer move left unplayed (a worker stopped before it)

    async def _end(self) -> None:
        """However the socket ended: out of the group, its presence row gone, 🎙 off."""
        if self.ended:
            return
        self.ended = True
        for task in list(self.tasks):
            task.cancel()
        if self.room_id is None:
            return
        seat_id, self.seat_id = self.seat_id, None
        watch.unfollow(self.room_id, self.channel_name)
        count = await database_sync_to_async(presence.close_connection)(
            self.channel_name, seat_id, voice_off=self.voice_on
        )
        try:  # the channel layer last: the presence row goes even when Redis is away
            await self.channel_layer.group_discard(group_name(self.room_id), self.channel_name)
            if count is None:  # the seat is gone: its leaving was announced already
                return
            if self.voice_on:
                await self._group({"type": "room.voice", "seat": seat_id, "on": False})
            await self._group({"type": "room.changed", "version": None, "presence": count})
        except LAYER_ERRORS as exc:
            _layer_failed(exc)  # the others' watch (rooms.watch) still sees the new presence count

    def _spawn(self, coroutine: Any) -> asyncio.Future[Any]:
        task = asyncio.ensure_future(self._quietly(coroutine))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    async def _quietly(self, coroutine: Any) -> None:
        """A background task of this socket: ends with the socket, never logs a client's leaving."""
        try:
            await coroutine
        except (StopConsumer, asyncio.CancelledError):
            pass
        except LAYER_ERRORS as exc:
            _layer_failed(exc)
        except Exception:
            logger.exception("room socket: unexpected error in a background task")

    async def _heartbeat(self) -> None:
        while not self.closing:
            await asyncio.sleep(settings.ROOMS_HEARTBEAT)
            if not await self.beat():
                return

    async def beat(self) -> bool:
        """One heartbeat: close a socket that has been silent too long, refresh its presence
        row, sweep the room, ping the browser (which answers ``pong``)."""
        if self.seat_id is None or self.room_id is None:
            return False
        now = presence.clock()
        if (now - self.heard).total_seconds() > settings.ROOMS_PRESENCE_TIMEOUT:
            await self.close(code=CLOSE_SILENT)
            return False
        if not await database_sync_to_async(presence.touch)(self.channel_name, self.seat_id, now):
            await self.close(code=CLOSE_GONE if not await self._seated() else CLOSE_SILENT)
            return False
        await self._announce(await database_sync_to_async(expiry.sweep_room)(self.room_id, now))
        await self.send_json({"type": "ping"})
        return True

    # -- messages from the browser -------------------------------------------------------------------

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any) -> None:
        self.heard = presence.clock()
        if self.seat_id is None or self.closing:
            return
        if not self.bucket.take():
            self.over += 1
            if self.over == 1:
                await self._refuse(self._slow_down(settings.ROOMS_MESSAGE_RATE))
            elif self.over > settings.ROOMS_MESSAGE_RATE[0] * 3:
                await self.close(code=CLOSE_FLOOD)
            return
        self.over = 0
        with translation.override(self.lang):
            try:
                message = frames.read(text_data, bytes_data)
            except RoomError as exc:
                await self._refuse(exc)
                return
        await self._handle(message)

    async def _handle(self, message: frames.Message) -> None:
        assert self.room_id is not None and self.seat_id is not None
        if message.type == "pong":
            return
        if message.renders and not await database_sync_to_async(limits.render_allowed)(self.seat_id):
            await self._refuse(self._slow_down(settings.ROOMS_RENDER_RATE))
            return
        if not await self._seated():
            await self._gone()
            return
        if message.type == "refresh":
            await self._send_room()
        elif message.type == "pick":
            view = {k: message.fields[k] for k in ("zoom", "why") if k in message.fields}
            await self._pick(message.fields["pick"], view)
        elif message.type == "move":
            await self._move(message.fields["action"], message.fields["version"])
        elif message.type == "voice":
            on = message.fields["on"]
            self.voice_on = on
            await database_sync_to_async(services.set_voice)(self.seat_id, on)
            # A small message, no render: the browsers mark the seat and connect audio themselves.
            await self._group({"type": "room.voice", "seat": self.seat_id, "on": on})
        elif message.type == "signal":
            to = message.fields["to"]
            if to == self.seat_id or not await database_sync_to_async(services.connected_seat)(self.room_id, to):
                refusal = self._("That seat is not connected to this room.")
                await self._refuse(RoomError(Code.NO_PEER, refusal, data={"seat": to}))
                return
            await self._group({"type": "room.signal", "from": self.seat_id, "to": to, "data": message.fields["data"]})

    def _slow_down(self, rate: tuple[int, int]) -> RoomError:
        count, window = rate
        message = self._("Too many messages: wait a moment.")
        return RoomError(Code.SLOW_DOWN, message, data={"limit": count, "window": window})

    def _(self, text: str) -> str:
        with translation.override(self.lang):
            return _(text)

    async def _seated(self) -> bool:
        if self.room_id is None or self.seat_id is None:
            return False
        seated: bool = await database_sync_to_async(services.seat_in_room)(self.room_id, self.seat_id)
        return seated

    async def _gone(self) -> None:
        """This socket's seat no longer exists: it stops at once."""
        self.seat_id = None
        await self.close(code=CLOSE_GONE)
        raise StopConsumer

    async def _pick(self, raw: list[str], view: dict[str, str]) -> None:
        try:
            seen = looking({"pick": "/".join(raw), **view})  # read as the room page reads its address
            self.pick, self.view = seen.pick, {k: v for k, v in (("zoom", seen.zoom), ("why", seen.why)) if v}
        except PickError:
            await self._refuse(RoomError(Code.BAD_PICK, self._("This cannot be tapped now: tap the board again.")))
            return
        await self._send_room()

    async def _move(self, action: str, version: int) -> None:
        assert self.room_id is not None and self.seat_id is not None
        try:
            played = await database_sync_to_async(_move)(
                self.room_id, self.seat_id, action, version, self.lang, self.shown, self.csrf, self.version
            )
        except RoomError as exc:
            await self._refuse(exc)
            return
        self.pick, self.view = (), {}
        await self._show(played.shown)
        self.pause = played.shown["pacing"]  # the rest of the way after a step's pause
        await self._changed(played.version)
        if played.computer_due:
            # In the background: this socket goes on receiving (its own board after the move first).
            self._spawn(self._computer())

    async def _computer(self) -> None:
        """The computer seats play on the server, after everyone has seen the person's move."""
        assert self.room_id is not None
        version = await database_sync_to_async(_computer_moves)(self.room_id)
        if version is not None:
            await self._changed(version)

    # -- to the group and to this browser ------------------------------------------------------------

    async def _group(self, message: dict[str, Any]) -> None:
        assert self.room_id is not None
        await self.channel_layer.group_send(group_name(self.room_id), message)

    async def _changed(self, version: int) -> None:
        """Everyone in the room renders it again for a new ``version`` (a move)."""
        await self._group({"type": "room.changed", "version": version})

    async def _announce(self, swept: list[expiry.Swept]) -> None:
        """What a sweep changed, to the rooms' groups (as :func:`rooms.services.notify` does)."""
        for change in swept:
            for message in services.announcements(change.room, change.gone, change.bumped):
                await self.channel_layer.group_send(group_name(change.room.pk), message)

    async def _refuse(self, error: RoomError) -> None:
        await self.send_json(error.as_dict())

    async def _send_room(self) -> None:
        if self.room_id is None or self.seat_id is None:
            return
        message = await database_sync_to_async(_render)(
            self.room_id, self.seat_id, self.lang, self.pick, self.csrf, self.version, self.view
        )
        await self._show(message)

    async def _show(self, message: dict[str, Any]) -> None:
        """Send a rendered room (the room as it is, or a board on its way) and note what it shows."""
        if not message["seated"]:
            await self._gone()  # the seat left meanwhile: nothing more is sent to it
        view, presence_count = message.pop("view"), message.pop("presence")
        self.shown = message["shown"]
        if not message["pacing"]:
            self.view, self.version, self.pick = view, message["version"], tuple(message["pick"])
            self.presence = max(self.presence, presence_count)
        await self.send_json(message)

    async def _paced(self) -> None:
        """The board on its way to the room's new position, one action of chance, the rules or the
        computer at a time (rooms.pacing), then the room as it is now."""
        assert self.room_id is not None and self.seat_id is not None
        stops = await database_sync_to_async(pacing.stops)(self.room_id, self.shown)
        pause, self.pause = self.pause, False  # this socket has just shown the mover's own move
        for k, upto in enumerate(stops):
            if k or pause:
                await asyncio.sleep(pacing.step_seconds())
            if self.seat_id is None:
                return
            await self._show(
                await database_sync_to_async(_render)(
                    self.room_id, self.seat_id, self.lang, (), self.csrf, self.version, None, upto
                )
            )
        if stops or pause:
            await asyncio.sleep(pacing.step_seconds())
        await self._send_room()

    def _pacing_now(self) -> bool:
        return self.pacing is not None and not self.pacing.done()

    # -- messages from the group -------------------------------------------------------------------

    async def room_changed(self, event: dict[str, Any]) -> None:
        if self.seat_id is None:
            return
        version = event.get("version")
        if self.room_id is not None and not event.get("watch"):
            watch.heard(self.room_id, version, event.get("presence"))
        if version is not None and version > max(self.version, self.heading):
            if self._pacing_now():
                assert self.pacing is not None
                self.pacing.cancel()  # a newer move: go on from where the board is shown
            self.heading = version
            self.pacing = self._spawn(self._paced())
            return
        # This socket has shown that version (or is on its way to it), or only who is connected
        # changed: a socket that has rendered the room since skips it (so a storm of connects and
        # closes costs each socket about one render, not one per change).
        if self._pacing_now():
            return  # the room is sent as it is when the board has arrived
        if event.get("presence", self.presence + 1 if version is None else -1) > self.presence:
            await self._send_room()

    async def room_gone(self, event: dict[str, Any]) -> None:
        if self.seat_id is None:
            return
        if self.seat_id in event["seats"]:
            await self._gone()
        for seat in event["seats"]:
            await self.send_json({"type": "gone", "seat": seat})

    async def room_close(self, event: dict[str, Any]) -> None:
        self.seat_id = None
        await self.close(code=int(event.get("code", CLOSE_REPLACED)))
        raise StopConsumer

    async def room_voice(self, event: dict[str, Any]) -> None:
        if self.seat_id is not None and event["seat"] != self.seat_id and await self._seated():
            await self.send_json({"type": "voice", "seat": event["seat"], "on": event["on"]})

    async def room_signal(self, event: dict[str, Any]) -> None:
        # Only to a seat still in the room (it may have left since the sender looked).
        if self.seat_id is not None and event["to"] == self.seat_id and await self._seated():
            await self.send_json({"type": "signal", "from": event["from"], "data": event["data"]})
