"""A seat handed to the computer, so that a started game goes on when a person's connection is gone.

Der dunkle Turm's rules promise that whoever loses the connection comes back to their own seat
through the same room (seed 003, rule 10; ``dt-online-platz``): the seat stays theirs. Meanwhile,
in a started game:

- once the person has been away (no socket, :mod:`rooms.presence`) for ``ROOMS_HANDOVER_AWAY``
  seconds the host, and after ``ROOMS_HANDOVER_ANYONE`` any other seated person, may let the
  computer take that seat's turns (:func:`hand_over`): the game's strongest computer player
  (:func:`strongest_bot`), seeing only what the seat may see, as every computer seat;
- the person who comes back through the same room (the room page, or its socket) plays their seat
  again at once (:func:`take_back`);
- a person may also leave a started game (:func:`leave_game`): the computer plays their seat to the
  end, their seat stops counting toward the limits, and the host role passes on.

Every change is a new version of the room with an item of :mod:`rooms.news`, so every open socket
shows the seat list and the sentence at once; the computer's moves follow as any computer seat's
(:func:`rooms.services.computer_moves`, which plays the stand-ins only while somebody in the room
plays their own seat).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _

from rules.core.problems import Code
from rules.core.registry import GameSpec

from . import gamestate, news, presence, services
from .models import PlayedGame, Room, Seat
from .services import RoomError, _bump, _locked, spec_of

STRONGEST = "strong"  # the name every game gives its strongest computer player, where it has one


def strongest_bot(spec: GameSpec) -> str:
    """The computer player that takes a person's seat: the game's strongest. ``GameSpec.bots``
    lists a game's players from the weakest to the strongest (``random`` first); one called
    ``strong`` is taken wherever it is listed, else the last one, else ``random``."""
    names = list(spec.bots)
    if STRONGEST in names:
        return STRONGEST
    return names[-1] if names else "random"


@dataclass(frozen=True)
class Wait:
    """When ``by`` may hand ``target``'s seat to the computer: ``now`` or in ``seconds``; None
    when never (not a started game, not an away person's seat, already handed over)."""

    seconds: float

    @property
    def now(self) -> bool:
        return self.seconds <= 0


def handover_wait(room: Room, by: Seat | None, target: Seat, live: bool, now: dt.datetime) -> Wait | None:
    """Whether (and when) ``by`` may let the computer play ``target``'s seat; ``live``: the target
    has an open socket."""
    if (
        room.status != Room.PLAYING
        or by is None
        or by.left
        or by.pk == target.pk
        or target.kind != Seat.PERSON
        or target.stand_in
        or not target.seat
        or live
    ):
        return None
    needed = presence.seconds("ROOMS_HANDOVER_AWAY" if by.is_host else "ROOMS_HANDOVER_ANYONE")
    return Wait((target.last_seen + needed - now).total_seconds())


def hand_over(room_id: int, by: Seat | None, seat_id: object) -> Room:
    """``by`` lets the computer play the seat ``seat_id`` of a person who is away."""
    with transaction.atomic():
        room = _locked(room_id)
        spec = spec_of(room)
        if by is None or by.room_id != room.pk:
            raise RoomError(Code.NO_SEAT, _("You have no seat in this room."), 403)
        if room.status != Room.PLAYING:
            raise RoomError(Code.NOT_PLAYING, _("No game is running in this room."), 409)
        seats = list(room.seats.all())
        me = next((s for s in seats if s.pk == by.pk), None)
        target = next((s for s in seats if s.pk == seat_id and s.kind == Seat.PERSON), None)
        if me is None or target is None:
            raise RoomError(Code.NO_SEAT, _("There is no such seat in this room."), 404)
        now = presence.clock()
        wait = handover_wait(room, me, target, presence.is_live(target.pk, now), now)
        if wait is None:
            raise RoomError(Code.NOT_AWAY, _("The computer can only play the seat of a person who is away."), 409)
        if not wait.now:
            raise RoomError(
                Code.TOO_SOON,
                _("%(name)s has been away for a short while only: try again in %(seconds)s seconds.")
                % {"name": _("Player %(n)s") % {"n": news.player_number(seats, target.pk)},
                   "seconds": int(wait.seconds) + 1},
                409,
                data={"seat": seat_id, "retry": int(wait.seconds) + 1},
            )  # fmt: skip
        bot = strongest_bot(spec)
        Seat.objects.filter(pk=target.pk).update(stand_in=bot)
        _bump(room, [news.item(news.STAND_IN, news.player_number(seats, target.pk), bot)])
    return room


def take_back(seat_id: int) -> Room | None:
    """The person is back (their room page or socket): they play their seat again at once. The
    room at its new version, or None when the computer was not playing it."""
    seat = Seat.objects.filter(pk=seat_id, left=False).exclude(stand_in="").first()
    if seat is None:
        return None
    with transaction.atomic():
        room = _locked(seat.room_id)
        if not Seat.objects.filter(pk=seat_id, left=False).exclude(stand_in="").update(stand_in=""):
            return None  # another request gave it back first
        seats = list(room.seats.all())
        _bump(room, [news.item(news.BACK, news.player_number(seats, seat_id))])
    return room


@dataclass(frozen=True)
class Left:
    room: Room
    gone: list[int]  # person seats whose sockets close (the one who left; everyone when the room was freed)


def leave(room_id: int, seat: Seat | None) -> Left:
    """A person gives up their seat: in the lobby it is free again (:func:`rooms.services.leave`),
    in a started game the computer plays it (:func:`leave_game`)."""
    status = Room.objects.filter(pk=room_id).values_list("status", flat=True).first()
    if status == Room.LOBBY:
        gone = [seat.pk] if seat is not None else []  # (a deleted row forgets its id)
        return Left(services.leave(room_id, seat), gone)
    return leave_game(room_id, seat)


def leave_game(room_id: int, seat: Seat | None) -> Left:
    """A person leaves a started (or finished) game: the computer plays their seat from now on, the
    seat stops counting toward the person's and the address's limits and nobody can come back to
    it; the host role passes to the next person. When nobody is left who could come back, the room
    is freed as an abandoned one (the unfinished game kept as a replay link)."""
    with transaction.atomic():
        room = _locked(room_id)
        if seat is None or seat.room_id != room.pk:
            raise RoomError(Code.NO_SEAT, _("You have no seat in this room."), 403)
        spec = spec_of(room)
        seats = list(room.seats.all())
        people = [s for s in seats if s.kind == Seat.PERSON and not s.left and s.pk != seat.pk]
        if not people:
            return Left(_free(room), [s.pk for s in seats if s.kind == Seat.PERSON])
        bot = strongest_bot(spec)
        Seat.objects.filter(pk=seat.pk).update(
            left=True, stand_in=bot, token_hash="", is_host=False, voice=False,
            person_hash=None, person_slot=None, address_hash=None, address_slot=None,
        )  # fmt: skip
        happened = [news.item(news.LEFT, news.player_number(seats, seat.pk), bot)]
        if seat.is_host:
            heir = min(people, key=lambda s: (not presence.is_live(s.pk), s.order))
            Seat.objects.filter(pk=heir.pk).update(is_host=True)
            happened.append(news.item(news.HOST, news.player_number(seats, heir.pk)))
        _bump(room, happened)
    return Left(room, [seat.pk])


def _free(room: Room) -> Room:
    """The last person left a started game: the room is free again, as :mod:`rooms.expiry` frees
    an abandoned one."""
    if room.status == Room.PLAYING and room.log:
        PlayedGame.objects.create(game=room.game, room_number=room.number, log=room.log, complete=False)
    room.seats.all().delete()
    room.status, room.log, room.turn_from = Room.LOBBY, None, 0
    _bump(room)
    gamestate.forget(room.pk)
    return room
