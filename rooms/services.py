"""What happens in a room: joining, the host's controls, starting, moves. No HTTP, no sockets.

Lobby changes run in a transaction holding the room's row (``select_for_update``). A move is
optimistic: it is computed from the version the player saw and written with
``UPDATE … WHERE version=<that version>``; of two simultaneous moves one wins, the other is
refused with code ``conflict``. Every refusal is a :class:`RoomError` with a code, an HTTP status
and a sentence in the active language. Callers announce a change with :func:`notify`.

Rooms cost nothing until a person takes a place: looking at a lobby or a room (or opening a
socket to one) reads, and only :func:`join` creates the room's row (:func:`get_room`). A join is
held to the limits of :mod:`rooms.limits`.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from rules.core.codec import Log
from rules.core.engine import PositionError
from rules.core.problems import Code, Problem, plain_data
from rules.core.registry import GameSpec, get_game
from rules.core.replay import ReplayError
from rules.core.setup import validate_setup

from . import gamestate, limits, news, presence
from .models import Connection, PlayedGame, Room, Seat

# "Oder online spielen": four rooms per game (seed 003, rule 10); the load bench raises it.
ROOMS_PER_GAME = settings.ROOMS_PER_GAME
MIN_PEOPLE = 2  # the host starts as soon as two people are in the room
MAX_ACTION_CHARS = 200


class RoomError(Problem):
    """A refused request, a kind of :class:`~rules.core.problems.Problem`: ``code`` for programs
    (one :class:`~rules.core.problems.Code` vocabulary with the API: ``stale``, ``not-your-turn``,
    ``illegal-action`` ...), ``message`` for people (in the active language), ``status`` for HTTP,
    ``data`` the values a client can use (the seat, the limit, the retry time)."""

    def __init__(
        self,
        code: Code,
        message: str,
        status: int = 400,
        clause: str | None = None,
        holders: list[Holder] | None = None,
        data: dict[str, Any] | None = None,
    ):
        super().__init__("", message, clause, message, code=code, status=status, data=data)
        self.args = (f"{code}: {message}",)
        self.holders = holders or []  # the seats behind a refusal of the limits (rooms.limits)

    def as_dict(self) -> dict[str, Any]:
        """The socket's ``refused`` message: ``code``, ``message``, and ``clause``/``data`` when known."""
        out: dict[str, Any] = {"type": "refused", "code": str(self.code), "message": self.message}
        if self.clause:
            out["clause"] = self.clause
        data = plain_data(self.data)
        if data:
            out["data"] = data
        return out


@dataclass(frozen=True)
class Holder:
    """A seat that counts toward a limit a join was refused for: its room, and when it stops
    counting (None while its person is connected)."""

    seat_id: int
    room_id: int
    game: str
    number: int
    frees_in: int | None  # seconds
    person_hash: str | None


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def group_name(room_id: int) -> str:
    return f"room-{room_id}"


def announcements(room: Room, gone: Iterable[int] = (), version: bool = True) -> list[dict[str, Any]]:
    """The group messages for a change: the seats that are gone first (their sockets close, the
    others drop their audio to them), then the room to render again (at its new ``version``)."""
    messages: list[dict[str, Any]] = []
    gone = sorted(set(gone))
    if gone:
        messages.append({"type": "room.gone", "seats": gone})
    messages.append({"type": "room.changed", "version": room.version if version else None, "presence": room.presence})
    return messages


def notify(room: Room, gone: Iterable[int] = (), version: bool = True) -> None:
    """Tell every connection of the room (on every worker) that it changed."""
    layer = get_channel_layer()
    if layer is not None and room.pk is not None:
        for message in announcements(room, gone, version):
            async_to_sync(layer.group_send)(group_name(room.pk), message)


def has_engine(game: str) -> bool:
    return get_game(game) is not None


def spec_of(room: Room) -> GameSpec:
    spec = get_game(room.game)
    if spec is None:
        raise RoomError(Code.NO_ENGINE, _("This game has no rules engine."), 404)
    return spec


def rooms_of(game: str) -> list[Room]:
    """The game's rooms: stored ones, and unsaved empty ones for numbers nobody has used yet."""
    rooms = {r.number: r for r in Room.objects.filter(game=game, number__lte=ROOMS_PER_GAME)}
    return [rooms.get(n) or Room(game=game, number=n) for n in range(1, ROOMS_PER_GAME + 1)]


def _check_number(number: int) -> None:
    if not 1 <= number <= ROOMS_PER_GAME:
        raise RoomError(Code.NO_ROOM, _("There is no room %(n)s.") % {"n": number}, 404, data={"room": number})


def find_room(game: str, number: int) -> Room:
    """The room, or an unsaved empty one (nothing is written). The game is the caller's to check."""
    _check_number(number)
    return Room.objects.filter(game=game, number=number).first() or Room(game=game, number=number)


def get_room(game: str, number: int) -> Room:
    """The room's row, created when a person takes the first place (:func:`join`'s callers)."""
    _check_number(number)
    room, _created = Room.objects.get_or_create(game=game, number=number)
    return room


def seat_for_token(room: Room, token: str | None) -> Seat | None:
    if room.pk is None or not token or len(token) > 100:
        return None
    return room.seats.filter(token_hash=hash_token(token), kind=Seat.PERSON).first()


def seat_for_token_id(seat_id: int, token: str) -> bool:
    """Whether ``token`` is the secret of seat ``seat_id``."""
    return bool(token) and len(token) <= 100 and Seat.objects.filter(pk=seat_id, token_hash=hash_token(token)).exists()


def seat_in_room(room_id: int, seat_id: int) -> bool:
    return Seat.objects.filter(pk=seat_id, room_id=room_id, kind=Seat.PERSON, left=False).exists()


def connected_seat(room_id: int, seat_id: int) -> bool:
    """A person's seat of this room with a live socket (the only seats voice signals may reach)."""
    return Connection.objects.filter(
        seat_id=seat_id, seat__room_id=room_id, seat__kind=Seat.PERSON, seen__gte=presence.live_since(presence.clock())
    ).exists()


def _locked(room_id: int) -> Room:
    return Room.objects.select_for_update().get(pk=room_id)


def _bump(room: Room, happened: Iterable[dict[str, Any]] = ()) -> None:
    """The room's next version; ``happened``: what the server did on its own (rooms.news)."""
    room.version += 1
    news.add(room, happened)
    room.save(update_fields=["version", "status", "log", "turn_from", "updated", "news"])


def presence_of(room_id: int) -> int:
    return Room.objects.filter(pk=room_id).values_list("presence", flat=True).first() or 0


def _next_order(room: Room) -> int:
    last = room.seats.order_by("-order").values_list("order", flat=True).first()
    return (last or 0) + 1


def _require_lobby(room: Room) -> None:
    if room.status != Room.LOBBY:
        raise RoomError(Code.STARTED, _("The game in this room has already started."), 409)


def _require_free_place(room: Room, spec: GameSpec) -> None:
    if room.seats.count() >= spec.engine.info.max_seats:
        raise RoomError(Code.FULL, _("This room is full."), 409, data={"limit": spec.engine.info.max_seats})


def _require_host(room: Room, seat: Seat | None) -> Seat:
    if seat is None or seat.room_id != room.pk or not seat.is_host:
        raise RoomError(Code.NOT_HOST, _("Only the host may do this."), 403)
    return seat


def join(room_id: int, person: str | None = None, address: str | None = None) -> tuple[Room, Seat, str]:
    """A new person takes a free place; the first one in is the host. Returns the secret token.

    ``person`` (the browser's ``rooms_person`` token) and ``address`` (the client address) are
    held to the limits of :mod:`rooms.limits`; the views always pass both."""
    person_hash = limits.person_key(person) if person else None
    address_hash = limits.address_key(address) if address else None
    for _attempt in range(3):
        try:
            return _join(room_id, person_hash, address_hash)
        except IntegrityError:  # a join at the same moment took the slot: look again
            continue
    raise RoomError(Code.BUSY, _("Many people joined at the same moment; please try again."), 409)


def _join(room_id: int, person_hash: str | None, address_hash: str | None) -> tuple[Room, Seat, str]:
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        room = _locked(room_id)
        spec = spec_of(room)
        _require_lobby(room)
        _require_free_place(room, spec)
        person_slot = address_slot = None
        if person_hash is not None:
            if room.seats.filter(person_hash=person_hash).exists():
                raise RoomError(Code.SEATED, _("You already have a seat in this room."), 409)
            taken = set(Seat.objects.filter(person_hash=person_hash).values_list("person_slot", flat=True))
            person_slot = limits.free_slot(taken, settings.ROOMS_PER_PERSON)
            if person_slot is None:
                raise RoomError(
                    Code.TOO_MANY_ROOMS,
                    _("You already have a seat in %(n)s rooms: leave one of them first.")
                    % {"n": settings.ROOMS_PER_PERSON},
                    409,
                    holders=holders(Seat.objects.filter(person_hash=person_hash)),
                    data={"limit": settings.ROOMS_PER_PERSON},
                )
        if address_hash is not None:
            address_slot = _address_slot(address_hash)
        host = not room.seats.filter(kind=Seat.PERSON).exists()
        seat = Seat.objects.create(
            room=room, order=_next_order(room), kind=Seat.PERSON, token_hash=hash_token(token), is_host=host,
            last_seen=presence.clock(), person_hash=person_hash, person_slot=person_slot,
            address_hash=address_hash, address_slot=address_slot,
        )  # fmt: skip
        _bump(room)
    return room, seat, token


def _address_slot(address_hash: str) -> int:
    """A free slot of the address; seats away for ``ROOMS_ADDRESS_AWAY`` stop counting first
    (their slot is given up: :func:`rooms.limits.recount` takes one again when they return)."""
    counting = Seat.objects.filter(address_hash=address_hash, address_slot__isnull=False)
    slot = limits.free_slot(set(counting.values_list("address_slot", flat=True)), settings.ROOMS_SEATS_PER_ADDRESS)
    if slot is None and limits.uncount_away(counting):
        slot = limits.free_slot(set(counting.values_list("address_slot", flat=True)), settings.ROOMS_SEATS_PER_ADDRESS)
    if slot is None:
        raise RoomError(
            Code.BUSY_ADDRESS,
            _(
                "Too many seats are taken from your network right now. A seat stops counting when "
                "nobody has been connected to it for %(time)s; these rooms hold them:"
            )
            % {"time": duration(settings.ROOMS_ADDRESS_AWAY)},
            429,
            holders=holders(counting),
            data={"limit": settings.ROOMS_SEATS_PER_ADDRESS},
        )
    return slot


def duration(seconds: int) -> str:
    """"1 minute", "90 seconds", "5 minutes" in the active language."""
    if seconds and seconds % 60 == 0:
        minutes = seconds // 60
        return ngettext("%(n)s minute", "%(n)s minutes", minutes) % {"n": minutes}
    return ngettext("%(n)s second", "%(n)s seconds", seconds) % {"n": seconds}


def holders(seats: Any) -> list[Holder]:
    """The rooms that hold ``seats`` (a queryset), and when each stops counting toward the
    address limit (None: its person is connected)."""
    now = presence.clock()
    away = presence.seconds("ROOMS_ADDRESS_AWAY")
    out = []
    for seat in seats.select_related("room").order_by("room__game", "room__number"):
        frees = None if presence.is_live(seat.pk, now) else max(seat.last_seen + away - now, dt.timedelta(0))
        out.append(
            Holder(seat.pk, seat.room_id, seat.room.game, seat.room.number,
                   int(frees.total_seconds()) if frees is not None else None, seat.person_hash)
        )  # fmt: skip
    return out


def add_bot(room_id: int, host: Seat | None, bot: str) -> Room:
    """The host fills a free place with a computer player of the chosen strength."""
    with transaction.atomic():
        room = _locked(room_id)
        spec = spec_of(room)
        _require_host(room, host)
        _require_lobby(room)
        if bot not in spec.bots:
            message = _("This game has no computer player called “%(name)s”.") % {"name": bot[:40]}
            raise RoomError(Code.NO_BOT, message, data={"bot": bot[:40]})
        _require_free_place(room, spec)
        Seat.objects.create(room=room, order=_next_order(room), kind=Seat.BOT, bot=bot)
        _bump(room)
    return room


def remove_bot(room_id: int, host: Seat | None, seat_id: int) -> Room:
    with transaction.atomic():
        room = _locked(room_id)
        _require_host(room, host)
        _require_lobby(room)
        deleted, _detail = room.seats.filter(pk=seat_id, kind=Seat.BOT).delete()
        if not deleted:
            raise RoomError(Code.NO_SEAT, _("There is no such computer seat in this room."), 404)
        _bump(room)
    return room


def leave(room_id: int, seat: Seat | None) -> Room:
    """A person gives up their place before the game starts; the next person becomes the host."""
    with transaction.atomic():
        room = _locked(room_id)
        if seat is None or seat.room_id != room.pk:
            raise RoomError(Code.NO_SEAT, _("You have no seat in this room."), 403)
        _require_lobby(room)
        seat.delete()
        people = room.seats.filter(kind=Seat.PERSON)
        if seat.is_host:
            heir = people.first()
            if heir is None:
                room.seats.all().delete()  # nobody left to play with the computer players
            else:
                people.filter(pk=heir.pk).update(is_host=True)
        _bump(room)
    return room


def setup_for(spec: GameSpec, count: int) -> dict[str, Any]:
    """The engine's default setup with ``count`` seats (the option that sets the number of seats)."""
    engine = spec.engine
    default = validate_setup(engine, {})
    if len(engine.seats(engine.initial_state(default))) == count:
        return default
    for option in engine.setup_options():
        if option.kind != "int" or option.min is None or option.max is None or not option.min <= count <= option.max:
            continue
        try:
            setup = validate_setup(engine, {**default, option.name: count})
        except PositionError:
            continue
        if len(engine.seats(engine.initial_state(setup))) == count:
            return setup
    raise RoomError(Code.SEATS, _("This game cannot be played with %(n)s seats.") % {"n": count}, data={"seats": count})


def start(room_id: int, host: Seat | None) -> Room:
    """The host starts once at least two people are in the room (seed 003, rule 10)."""
    with transaction.atomic():
        room = _locked(room_id)
        spec = spec_of(room)
        engine = spec.engine
        _require_host(room, host)
        _require_lobby(room)
        seats = list(room.seats.all())
        people = [s for s in seats if s.kind == Seat.PERSON]
        if len(people) < MIN_PEOPLE:
            message = _("The game starts as soon as two people are in the room.")
            raise RoomError(Code.FEW_PEOPLE, message, 409, data={"min": MIN_PEOPLE})
        if len(seats) < engine.info.min_seats:
            least = engine.info.min_seats
            raise RoomError(Code.FEW_SEATS, _("This game needs at least %(n)s players.") % {"n": least}, 409, data={"min": least})
        setup = setup_for(spec, len(seats))
        names = engine.seats(engine.initial_state(setup))
        for seat, name in zip(seats, names, strict=True):
            seat.seat = name
            seat.save(update_fields=["seat"])
        bots = {s.seat: s.bot for s in seats if s.kind == Seat.BOT}
        game = gamestate.replay_log(spec, Log(setup=setup, bots=bots or None))
        game = gamestate.play_automatic(spec, game)
        room.status = Room.OVER if engine.is_over(game.state) else Room.PLAYING
        room.log = game.log.as_json()
        room.turn_from = 0
        _bump(room)
        if room.status == Room.OVER:
            PlayedGame.objects.create(game=room.game, room_number=room.number, log=room.log)
    gamestate.remember(room.pk, room.version, game)
    return room


@dataclass(frozen=True)
class Moved:
    room: Room
    game: gamestate.Game
    computer_due: bool = False  # a computer seat is to act next: call computer_moves


def move(room_id: int, seat: Seat | None, action: object, version: object) -> Moved:
    """A person's move, checked by the engine on the server; then everything that plays itself."""
    room = Room.objects.get(pk=room_id)
    if seat is None or seat.room_id != room.pk:
        raise RoomError(Code.NO_SEAT, _("You have no seat in this room."), 403)
    if room.status != Room.PLAYING:
        raise RoomError(Code.NOT_PLAYING, _("No game is running in this room."), 409)
    if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
        raise RoomError(Code.BAD_ACTION, _("A move is a short text."))
    if not isinstance(version, int) or isinstance(version, bool):
        raise RoomError(Code.BAD_VERSION, _("A move names the version of the board it was made on."))
    if version != room.version:
        message = _("The board has changed since you saw it: look again.")
        raise RoomError(Code.STALE, message, 409, data={"version": room.version})
    spec = spec_of(room)
    engine = spec.engine
    game = gamestate.load(spec, room.pk, room.version, room.log or {})
    actor = engine.current_actor(game.state)
    if actor != seat.seat:
        raise RoomError(Code.NOT_YOUR_TURN, _("It is not your turn."), 409, data={"seat": actor})
    try:
        played = game.extended(spec, [action])
    except ReplayError as exc:
        lang = (get_language() or engine.language).split("-")[0]
        reason = engine.reason(exc.refusal, lang) if exc.refusal is not None else exc.reason
        if exc.code == Code.NOT_AN_ACTION:  # no move of this game at all: no rule to cite
            raise RoomError(Code.NOT_AN_ACTION, _("Not allowed: %(reason)s") % {"reason": reason}) from None
        raise RoomError(
            Code.ILLEGAL_ACTION, _("Not allowed: %(reason)s") % {"reason": reason}, 422, exc.clause, data={"action": action}
        ) from None
    # Chance and the rules' automatic actors answer at once; computer seats in a second write
    # (computer_moves), so the person sees their own move without waiting for the computer.
    played = gamestate.play_automatic(spec, played, computer=False)
    if not _write(room, spec, played, len(game.events)):
        raise RoomError(Code.CONFLICT, _("Another move was made at the same moment; yours was not played."), 409)
    return Moved(room, played, gamestate.computer_due(spec, played, stand_ins(room)))


def _write(room: Room, spec: GameSpec, played: gamestate.Game, turn_from: int) -> bool:
    """Store the game at the next version if the room is still at ``room.version``."""
    status = Room.OVER if spec.engine.is_over(played.state) else Room.PLAYING
    log_json = played.log.as_json()
    with transaction.atomic():
        written = Room.objects.filter(pk=room.pk, version=room.version).update(
            log=log_json, version=room.version + 1, status=status, turn_from=turn_from, updated=timezone.now()
        )
        if not written:
            return False
        if status == Room.OVER:
            PlayedGame.objects.create(game=room.game, room_number=room.number, log=log_json)
    room.version, room.status, room.log, room.turn_from = room.version + 1, status, log_json, turn_from
    gamestate.remember(room.pk, room.version, played)
    return True


def computer_moves(room_id: int) -> Room | None:
    """The computer seats' moves (and what follows them until a person is to act), if one is due.
    None when there is nothing to play or another process played it first."""
    room = Room.objects.get(pk=room_id)
    if room.status != Room.PLAYING or not room.log:
        return None
    spec = spec_of(room)
    game = gamestate.load(spec, room.pk, room.version, room.log)
    standing = stand_ins(room)
    if not gamestate.computer_due(spec, game, standing):
        return None
    played = gamestate.play_automatic(spec, game, stand_ins=standing)
    return room if _write(room, spec, played, room.turn_from) else None


def computer_after(room: Room, gone: Iterable[int] = ()) -> Room:
    """After a change that may leave the computer to act (a seat handed to it, a person who left
    the game or came back to it on a turn the computer plays): the change announced (``gone``: the
    seats whose sockets close), then the computer's moves, announced too; the room as it is then."""
    notify(room, gone)
    played = computer_moves(room.pk)
    if played is None:
        return room
    notify(played)
    return played


def stand_ins(room: Room) -> dict[str, str]:
    """The people's seats the computer plays now (rooms.standins): engine seat -> bot name."""
    # (Not through room.seats: the related manager sets each seat's room, loading the deferred
    # room_id seat by seat, one query each.)
    return active_stand_ins(Seat.objects.filter(room_id=room.pk, kind=Seat.PERSON).only("seat", "stand_in", "left", "kind"))


def active_stand_ins(seats: Iterable[Seat]) -> dict[str, str]:
    """The stand-ins of these seats that play: only while a person of the room plays their own
    seat (someone to play with), so a room whose people have all gone waits instead of playing
    itself to the end."""
    people = [s for s in seats if s.kind == Seat.PERSON]
    if not any(not s.stand_in for s in people):
        return {}
    return {s.seat: s.stand_in for s in people if s.stand_in and s.seat}


def new_game(room_id: int, host: Seat | None) -> Room:
    """After a game: the same people and computer seats back in the lobby (the finished game
    stays as a PlayedGame with its replay link)."""
    with transaction.atomic():
        room = _locked(room_id)
        _require_host(room, host)
        if room.status != Room.OVER:
            raise RoomError(Code.NOT_OVER, _("The game in this room is not over yet."), 409)
        room.seats.filter(left=True).delete()  # who left the last game is not in the next one
        room.seats.update(seat="", stand_in="")
        room.status, room.log, room.turn_from = Room.LOBBY, None, 0
        _bump(room)
    gamestate.forget(room.pk)
    return room


def set_voice(seat_id: int, on: bool) -> None:
    Seat.objects.filter(pk=seat_id).update(voice=on)
