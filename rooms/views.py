"""The rooms' pages (thin): the lobby of a game, a room, and the forms the room posts.

A seat is recognised by its secret token in a cookie (``rooms_<room id>``, HttpOnly); the
database keeps only its hash. Every form posts here and redirects back to the room (303); a
refusal renders the room again with the reason and its status (4xx), changing nothing.
"""

from __future__ import annotations

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from rulebooks.lookups import get_game_or_404
from simulator.core.registry import get_game
from simulator.core.tapping import PickError, parse_pick
from simulator.markup import clause_cite
from simulator.presenter import ui_language
from simulator.scene import parse_why

from . import presenter, services
from .models import Room, Seat
from .services import RoomError

COOKIE_AGE = 60 * 60 * 24 * 14
# The room page may ask for the microphone (🎙); every other page keeps it off.
PERMISSIONS_POLICY = "camera=(), microphone=(self), geolocation=()"


def cookie_name(room: Room) -> str:
    return f"rooms_{room.pk}"


def _game(slug: str):
    game = get_game_or_404(slug)
    if get_game(slug) is None:
        raise Http404("no rules engine")
    return game


def _room(slug: str, number: int) -> tuple:
    game = _game(slug)
    try:
        return game, services.get_room(slug, number)
    except RoomError as exc:
        raise Http404(exc.message) from None


def my_seat(request: HttpRequest, room: Room) -> Seat | None:
    return services.seat_for_token(room, request.COOKIES.get(cookie_name(room)))


@require_safe
def lobby(request: HttpRequest, game: str) -> HttpResponse:
    game_obj = _game(game)
    rows = presenter.lobby_rows(services.rooms_of(game))
    context = {"game": game_obj, "rows": rows, "finished": presenter.finished_games(game)}
    return render(request, "rooms/lobby.html", context)


@require_safe
def room_page(request: HttpRequest, game: str, number: int) -> HttpResponse:
    game_obj, room = _room(game, number)
    return _render_room(request, game_obj, room, my_seat(request, room))


def _render_room(
    request: HttpRequest, game_obj, room: Room, me: Seat | None, error: RoomError | None = None
) -> HttpResponse:
    lang = ui_language()
    status = error.status if error else 200
    params = request.GET if request.method in ("GET", "HEAD") else {}
    try:
        pick = parse_pick(params.get("pick"))
        context = presenter.room_context(
            game_obj, room, me, lang, pick, zoom=params.get("zoom"), why=parse_why(params.get("why"))
        )
    except PickError as exc:
        context = presenter.room_context(game_obj, room, me, lang)
        message = exc.reason if isinstance(exc, presenter.Untappable) else presenter.not_tappable_message()
        error, status = RoomError("bad-pick", message), 400
    play = request.GET.get("play")
    if play and error is None and request.method in ("GET", "HEAD"):
        context["confirm"] = presenter.confirm_context(room, me, play[: services.MAX_ACTION_CHARS], lang)
        if context["confirm"] is None:
            error, status = RoomError("illegal", presenter.not_playable_message()), 400
    context["error"] = error
    context["invite_url"] = request.build_absolute_uri(context["url"])
    context["error_cite"] = clause_cite(presenter.clause_of(game_obj, error.clause, lang)) if error else ""
    response = render(request, "rooms/room.html", context, status=status)
    response["Permissions-Policy"] = PERMISSIONS_POLICY
    response["Cache-Control"] = "no-store"
    return response


@require_POST
def room_action(request: HttpRequest, game: str, number: int, what: str) -> HttpResponse:
    game_obj, room = _room(game, number)
    me = my_seat(request, room)
    post = request.POST
    token = None
    try:
        if what == "join":
            if me is not None:
                raise RoomError("seated", presenter.already_seated_message(), 409)
            room, me, token = services.join(room.pk)
        elif what == "leave":
            room = services.leave(room.pk, me)
        elif what == "bot":
            room = services.add_bot(room.pk, me, post.get("bot", ""))
        elif what == "unbot":
            seat_id = post.get("seat", "")
            room = services.remove_bot(room.pk, me, int(seat_id) if seat_id.isdigit() else 0)
        elif what == "start":
            room = services.start(room.pk, me)
        elif what == "new":
            room = services.new_game(room.pk, me)
        elif what == "move":
            version = post.get("v", "")
            moved = services.move(room.pk, me, post.get("action", ""), int(version) if version.isdigit() else None)
            room = moved.room
            if moved.computer_due:
                services.notify(room)
                room = services.computer_moves(room.pk) or room
        else:
            raise Http404("unknown room action")
    except RoomError as exc:
        room.refresh_from_db()
        return _render_room(request, game_obj, room, me, exc)
    services.notify(room)
    response = redirect(presenter.room_url(room), permanent=False)
    response.status_code = 303
    if token is not None:
        response.set_cookie(
            cookie_name(room),
            token,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    if what == "leave":
        response.delete_cookie(cookie_name(room), samesite="Lax")
    return response
