"""The rooms' pages (thin): the lobby of a game, a room, and the forms the room posts.

A seat is recognised by its secret token in a cookie (``rooms_<room id>``, HttpOnly); the
database keeps only its hash. The person (browser) who joins gets the cookie ``rooms_person``
(:mod:`rooms.limits`). Every form posts here and redirects back to the room (303; a leave from
the list of a refused join to the room it came from, ``next``); a refusal renders the room again
with the reason and its status (4xx), changing nothing, and for a join refused by the limits the
rooms that hold the seats. ``handover`` lets the computer play an away person's seat and ``leave``
in a started game hands one's own seat to it for good (:mod:`rooms.standins`); a seated person's
look at the room takes their seat back from the computer. Looking at a lobby
or a room writes nothing but the sweep of :mod:`rooms.expiry` (and, for a seated person, that
they were seen).
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from faq.ratelimit import client_address
from rulebooks.localize import localize_game
from rulebooks.lookups import get_game_or_404
from rulebooks.models import Game
from rules.core.inputs import InputError, parse_int
from rules.core.problems import Code, Problem
from rules.core.registry import get_game
from rules.core.tapping import PickError
from simulator.addressing import RoomQuery, looking, room_query
from simulator.markup import clause_cite
from simulator.presenter import ui_language

from . import expiry, limits, presence, presenter, services, standins
from .models import Room, Seat
from .services import RoomError

COOKIE_AGE = 60 * 60 * 24 * 14
# The room page may ask for the microphone (🎙); every other page keeps it off.
PERMISSIONS_POLICY = "camera=(), microphone=(self), geolocation=()"


def cookie_name(room: Room) -> str:
    return f"rooms_{room.pk}"


_Default = TypeVar("_Default")


def _game(slug: str) -> Game:
    game = get_game_or_404(slug)
    if get_game(slug) is None:
        raise Http404("no rules engine")
    return game


def _room(slug: str, number: int) -> tuple[Game, Room]:
    """The game and the room (unsaved while nobody has taken a place in it: nothing is written)."""
    game = _game(slug)
    try:
        return game, services.find_room(slug, number)
    except RoomError as exc:
        raise Http404(exc.message) from None


def my_seat(request: HttpRequest, room: Room) -> Seat | None:
    if room.pk is None:
        return None
    return services.seat_for_token(room, request.COOKIES.get(cookie_name(room)))


def _swept(rooms: list[Room]) -> None:
    """Expiry on every look at a lobby or a room; the sockets hear of what changed."""
    for change in expiry.sweep(rooms):
        services.notify(change.room, change.gone, change.bumped)


@require_safe
def lobby(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = _game(game)
    _swept(services.rooms_of(game))
    rows = presenter.lobby_rows(services.rooms_of(game))
    context = {"game": game_obj, "rows": rows, "finished": presenter.finished_games(game)}
    return render(request, "rooms/lobby.html", context)


@require_safe
def room_page(request: HttpRequest, game: str, number: int) -> HttpResponse:
    game_obj, room = _room(game, number)
    if room.pk is not None:
        _swept([room])
        room.refresh_from_db()
    me = my_seat(request, room)
    notice = None
    if me is not None:
        presence.seen_now(me)
        _back(me)
        room.refresh_from_db()
    elif room.pk is not None and request.COOKIES.get(cookie_name(room)):
        notice = RoomError(Code.SEAT_GONE, seat_gone_message(), 200)
    response = _render_room(request, game_obj, room, me, notice)
    if notice is not None:
        response.delete_cookie(cookie_name(room), samesite="Lax")
    return response


def _back(me: Seat) -> None:
    """The person is at their seat: the computer stops playing it (everyone's socket shows it),
    and it counts toward their address's limit again."""
    back = standins.take_back(me.pk)
    if back is not None:
        services.computer_after(back)  # others' seats the computer plays may go on now
    limits.recount(me.pk)


def seat_gone_message() -> str:
    return _(
        "Your seat in this room is free again: you left it, or nobody was connected to it for "
        "%(minutes)s minutes (in a running game: nobody in the room for %(room)s minutes)."
    ) % {"minutes": settings.ROOMS_SEAT_AWAY // 60, "room": settings.ROOMS_ROOM_AWAY // 60}


def _render_room(
    request: HttpRequest, game_obj: Game, room: Room, me: Seat | None, error: RoomError | None = None
) -> HttpResponse:
    lang = ui_language()
    status = error.status if error else 200
    params = request.GET if request.method in ("GET", "HEAD") else {}
    try:
        seen, asked = looking(params), room_query(params)
        context = presenter.room_context(game_obj, room, me, lang, seen.pick, zoom=seen.zoom, why=seen.why)
    except PickError as exc:
        context, asked = presenter.room_context(game_obj, room, me, lang), RoomQuery()
        message = exc.reason if isinstance(exc, presenter.Untappable) else presenter.not_tappable_message()
        error, status = RoomError(Code.BAD_PICK, message), 400
    except Problem as exc:  # a bad ?v=
        context, asked = presenter.room_context(game_obj, room, me, lang), RoomQuery()
        error, status = RoomError(exc.code, f"{exc.field}: {exc.message or exc.sentence()}"), 400
    if asked.play and error is None:
        context["confirm"] = presenter.confirm_context(room, me, asked.play[: services.MAX_ACTION_CHARS], lang)
        if context["confirm"] is None:
            error, status = RoomError(Code.NOT_PLAYABLE, presenter.not_playable_message()), 400
    context["error"] = error
    context["holders"] = _holders(request, error) if error is not None else []
    context["invite_url"] = request.build_absolute_uri(context["url"])
    context["error_cite"] = clause_cite(presenter.clause_of(game_obj, error.clause, lang)) if error else ""
    response = render(request, "rooms/room.html", context, status=status)
    response["Permissions-Policy"] = PERMISSIONS_POLICY
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def room_action(request: HttpRequest, game: str, number: int, what: str) -> HttpResponse:
    if what not in ACTIONS:
        raise Http404("unknown room action")
    game_obj, room = _room(game, number)
    me = _my_seat_for(request, room, what)
    token = person = None
    try:
        if what == "join":
            if me is not None:
                raise RoomError(Code.SEATED, presenter.already_seated_message(), 409)
            person = limits.valid_person_token(request.COOKIES.get(limits.PERSON_COOKIE)) or limits.new_person_token()
            room = services.get_room(game, number)  # a person takes a place: now the room exists
            room, me, token = services.join(room.pk, person=person, address=client_address(request))
            services.notify(room)
        elif room.pk is None or me is None:
            raise RoomError(Code.NO_SEAT, _("You have no seat in this room."), 403)
        else:
            room = _seated_action(what, room.pk, me, request.POST)
    except RoomError as exc:
        if room.pk is not None:
            room.refresh_from_db()
        return _render_room(request, game_obj, room, me, exc)
    response = redirect(_after(request, presenter.room_url(room)), permanent=False)
    response.status_code = 303
    if token is not None:
        _set_cookie(response, cookie_name(room), token)
        _set_cookie(response, limits.PERSON_COOKIE, person)
    if what == "leave":
        response.delete_cookie(cookie_name(room), samesite="Lax")
    return response


def _seated_action(what: str, room_id: int, me: Seat, post: Any) -> Room:
    """A seated person's form (all but joining), told to the room's sockets, with the computer's
    answer where it is to act now; the room then."""
    if what == "leave":
        left = standins.leave(room_id, me)
        if left.room.status == Room.PLAYING:  # the computer plays the seat from now on: on its turn, at once
            return services.computer_after(left.room, left.gone)
        services.notify(left.room, left.gone)
        return left.room
    if what == "handover":
        return services.computer_after(standins.hand_over(room_id, me, _number(post.get("seat"), 0)))
    if what == "move":
        moved = services.move(room_id, me, post.get("action", ""), _number(post.get("v"), None))
        if moved.computer_due:
            return services.computer_after(moved.room)
        room = moved.room
    elif what == "bot":
        room = services.add_bot(room_id, me, post.get("bot", ""))
    elif what == "unbot":
        room = services.remove_bot(room_id, me, _number(post.get("seat"), 0))
    elif what == "start":
        room = services.start(room_id, me)
    else:  # "new"
        room = services.new_game(room_id, me)
    services.notify(room)
    return room


def _my_seat_for(request: HttpRequest, room: Room, what: str) -> Seat | None:
    """The visitor's seat: by the room's cookie, and for leaving also by the person's cookie (a
    refused join lists the person's rooms to leave, also those whose seat cookie is gone)."""
    me = my_seat(request, room)
    if me is None and what == "leave" and room.pk is not None:
        person = limits.valid_person_token(request.COOKIES.get(limits.PERSON_COOKIE))
        if person:
            me = room.seats.filter(person_hash=limits.person_key(person), kind=Seat.PERSON).first()
    return me


ACTIONS = {"join", "leave", "bot", "unbot", "start", "new", "move", "handover"}


def _after(request: HttpRequest, default: str) -> str:
    """Where a form goes back to: ``next`` when it is a room page of this site (leaving a room from
    the list of a refused join goes back to the room the person wanted), else ``default``."""
    target = request.POST.get("next", "")
    if target and url_has_allowed_host_and_scheme(target, allowed_hosts=None) and "/rooms/" in target[:200]:
        return target[:200]
    return default


def _holders(request: HttpRequest, error: RoomError) -> list[dict[str, object]]:
    """The rooms behind a refused join (rooms.limits), for the page: each room's link, how many of
    the seats it holds, when the first of them stops counting (address limit), and a leave button
    where this browser holds one of them."""
    person = limits.valid_person_token(request.COOKIES.get(limits.PERSON_COOKIE))
    person_hash = limits.person_key(person) if person else None
    rows: dict[int, dict[str, Any]] = {}
    for h in error.holders:
        token = request.COOKIES.get(f"rooms_{h.room_id}")
        mine = (person_hash is not None and h.person_hash == person_hash) or (
            token is not None and services.seat_for_token_id(h.seat_id, token)
        )
        row = rows.setdefault(
            h.room_id,
            {
                "title": _game_title(h.game),
                "number": h.number,
                "url": reverse("rooms:room", args=[h.game, h.number]),
                "leave_url": "",
                "seats": 0,
                "frees_in": None,
                "address": error.code == Code.BUSY_ADDRESS,
            },
        )
        row["seats"] += 1
        if mine:
            row["leave_url"] = reverse("rooms:action", args=[h.game, h.number, "leave"])
        if h.frees_in is not None and (row["frees_in"] is None or h.frees_in < row["frees_in"]):
            row["frees_in"] = h.frees_in
    for row in rows.values():
        row["frees"] = services.duration(max(row.pop("frees_in"), 1)) if row["frees_in"] is not None else None
    return list(rows.values())


def _game_title(slug: str) -> str:
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        return slug
    localize_game(game)
    return str(game.title)


def _number(text: str | None, default: _Default) -> int | _Default:
    """A whole number from a form field (ASCII digits only), or ``default``."""
    try:
        return parse_int(text, "number", 0, 10**9)
    except InputError:
        return default


def _set_cookie(response: HttpResponse, name: str, value: str | None) -> None:
    response.set_cookie(
        name, value or "", max_age=COOKIE_AGE, httponly=True, samesite="Lax", secure=settings.SESSION_COOKIE_SECURE
    )
