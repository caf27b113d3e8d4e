"""What one seat sees of a room: seats, the host's controls, and the board as that seat may see it.

Everything shown to a seat comes from the engine's observation for that seat (the view-model's
``board_view(..., seat=)``) and the events whose ``visible_to`` includes it; legal moves and tap
targets only when it is that seat's turn. A visitor without a seat sees the board only in a game
of perfect information. Board links are real URLs of the room page (``?pick=…`` for a tap in
progress, ``?play=<action>&v=<version>`` for a move, confirmed by a POST); ``static/js/rooms.js``
sends them over the room's WebSocket instead.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from rules.core import codec
from rules.core.engine import CHANCE, TERMINAL
from rules.core.tapping import PickError, refusal
from rules.core.view import Box
from simulator.addressing import log_query, looking_query, parse_zoom, play_query
from simulator.playing import tap_context
from simulator.presenter import bot_label
from simulator.scene import (
    Clauses,
    Happened,
    Links,
    Scene,
    about_target,
    action_groups,
    actor_word,
    board_decider,
    clauses_for,
    draw_board,
    events_cited,
    explain_tap,
    result_of,
)

from . import gamestate, presence, services, standins
from .models import PlayedGame, Room, Seat
from .services import MIN_PEOPLE, duration, spec_of

MAX_ACTION_LINKS = 200


def clauses_of(game: Any, lang: str) -> Clauses:
    """The game's clauses titled in ``lang`` (kept per process and content version)."""
    return clauses_for(game, lang)


class Untappable(PickError):
    """A tap a room refuses, with its reason in the reader's language."""


class RoomLinks(Links):
    """A room: a move is ``?play=<action>&v=<version>`` (the room's script sends it over the socket;
    without JavaScript the page asks to confirm it with a POST), a tap in progress ``?pick=``."""

    board_links = True

    def __init__(self, url: str, version: int):
        self.url, self.version = url, version

    def play(self, *actions: str) -> str:
        return f"{self.url}?{play_query(actions[0], self.version)}"

    def pick(self, pick: Sequence[str], zoom: Box | None = None) -> str:
        query = looking_query(pick, zoom)
        return f"{self.url}?{query}" if query else self.url

    def why(self, pick: Sequence[str], target: str) -> str:
        return f"{self.url}?{looking_query(pick, why=target)}"


def room_url(room: Room) -> str:
    return reverse("rooms:room", args=[room.game, room.number])


def replay_url(game_slug: str, log_json: dict[str, Any]) -> str:
    """A finished game as an ordinary simulator URL (the full-information table view)."""
    log = codec.log_from_json(log_json)
    return f"{reverse('simulator:page', args=[game_slug])}?{log_query(codec.encode(log))}"


def seat_rows(room: Room, seats: Sequence[Seat], me: Seat | None, now: dt.datetime | None = None) -> list[dict[str, Any]]:
    """The seat list as ``me`` sees it: names, host, connected or away, the computer playing a
    person's seat, and whether ``me`` may hand an away person's seat to the computer now
    (``handover``) or in ``wait`` seconds."""
    rows = []
    people = 0
    now = now or presence.clock()
    for s in seats:
        if s.kind == Seat.PERSON:
            people += 1
            name = _("Player %(n)s") % {"n": people}
        else:
            name = bot_label(s.bot)
        connected = s.kind == Seat.BOT or s.connections > 0
        wait = standins.handover_wait(room, me, s, connected, now) if s.kind == Seat.PERSON and not s.left else None
        rows.append(
            {
                "id": s.pk,
                "name": name,
                "seat": s.seat,
                "bot": s.kind == Seat.BOT,
                "host": s.is_host,
                "me": me is not None and s.pk == me.pk,
                "connected": connected,
                "voice": s.voice,
                "stand_in": bot_label(s.stand_in) if s.stand_in else "",
                "left": s.left,
                "handover": wait is not None and wait.now,
                "wait": wait.seconds if wait is not None and not wait.now else None,
            }
        )
    return rows


def handover_context(rows: list[dict[str, Any]], me: Seat | None) -> dict[str, Any]:
    """What the seat list says about handing seats to the computer: a hint while someone is away
    and ``me`` may not yet, and ``wake``: the seconds until ``me`` may (the socket asks for the
    room again then)."""
    waits = [r["wait"] for r in rows if r["wait"] is not None]
    if me is None or not (waits or any(r["handover"] for r in rows)):
        return {"handover_hint": "", "wake": None}
    return {
        "handover_hint": _(
            "If a player is away, the host can let the computer play for them after %(host)s, anyone "
            "after %(anyone)s. They play their seat again as soon as they open the room."
        )
        % {"host": duration(settings.ROOMS_HANDOVER_AWAY), "anyone": duration(settings.ROOMS_HANDOVER_ANYONE)},
        "wake": min(waits) if waits else None,
    }


def seat_labels(board: Any, seats: Sequence[str]) -> dict[str, str]:
    """The board's own name of each engine seat ("Rood (R)", "Team Blau"): the legend row that
    names the seat (``LegendRow.seat``)."""
    labels: dict[str, str] = {}
    for row in board.legend if board is not None else ():
        if row.seat in seats and row.seat not in labels:
            labels[row.seat] = row.label
    return labels


def room_context(
    game: Any,
    room: Room,
    me: Seat | None,
    lang: str,
    pick: tuple[str, ...] = (),
    *,
    zoom: str | None = None,
    why: str = "",
    upto: int | None = None,
    seats: list[Seat] | None = None,
) -> dict[str, Any]:
    """What ``me`` sees of ``room``. ``upto``: the room on its way to its current position, after that
    many of its game's actions (rooms.pacing shows what plays itself one action at a time).
    ``seats``: the room's seats, when the caller has read them already."""
    spec = spec_of(room)
    engine = spec.engine
    if seats is None:
        seats = list(room.seats.all()) if room.pk is not None else []  # unsaved: nobody took a place yet
    if me is not None:
        me = next((s for s in seats if s.pk == me.pk), None)  # fresh host flag and seat name
    people = sum(1 for s in seats if s.kind == Seat.PERSON)
    url = room_url(room)
    rows = seat_rows(room, seats, me)
    context: dict[str, Any] = {
        "game": game,
        "room": room,
        "me": me,
        "seats": rows,
        **handover_context(rows, me),
        "url": url,
        "ws_path": f"/ws/rooms/{room.game}/{room.number}/",
        "is_host": me is not None and me.is_host,
        "bots": [(name, bot_label(name)) for name in spec.bots],
        "free_places": max(engine.info.max_seats - len(seats), 0),
        "people": people,
        "can_start": room.status == Room.LOBBY and people >= MIN_PEOPLE and len(seats) >= engine.info.min_seats,
        "min_people": MIN_PEOPLE,
        "stylesheet": spec.stylesheet_path,
        "scene": None,
        "played": None,
    }
    if room.status == Room.LOBBY or not room.log:
        if pick or zoom or why:
            raise Untappable(_("Nothing can be tapped here: the game has not started."))
        return context
    viewer = me.seat if me is not None else None
    if viewer is None and engine.info.information != "perfect":
        if pick or zoom or why:
            raise Untappable(_("Nothing can be tapped here: you have no seat in this room."))
        return context  # hands and decks stay on the server: no seat, no board
    playing = services.active_stand_ins(seats)
    context.update(room_scene(game, room, spec, viewer, lang, pick, url, zoom=zoom, why=why, upto=upto, stand_ins=playing))
    _name_the_turn(context, engine, set(playing))
    return context


def _name_the_turn(context: dict[str, Any], engine: Any, stand_ins: set[str]) -> None:
    """The seat rows get the board's names of their seats; the page names whose turn it is and
    announces what the room waits for (or what is moving)."""
    scene = context["scene"]
    labels = seat_labels(scene.board, [r["seat"] for r in context["seats"] if r["seat"]])
    for row in context["seats"]:
        row["seat_label"] = labels.get(row["seat"], "")
    actor = context["actor"]
    context["turn_name"] = next((r["name"] for r in context["seats"] if r["seat"] and r["seat"] == actor), "")
    bots = {r["seat"] for r in context["seats"] if r["bot"]} | stand_ins
    if context.get("moving"):
        scene.announce = context["moving"]
    elif not scene.over and not context["my_turn"]:
        scene.announce = waiting_for(engine, actor, bots, context["turn_name"])


def waiting_for(engine: Any, actor: str, computer: set[str], turn_name: str) -> str:
    """Who the room waits for when it is not this seat's turn (chance, the rules, the computer, a
    person by name)."""
    if actor == CHANCE:
        return _("Chance decides…")
    if actor in engine.info.automatic_actors:
        return _("The game moves on by itself…")
    if actor in computer:
        return _("The computer is playing…")
    return _("Waiting for %(name)s.") % {"name": turn_name} if turn_name else ""


def clause_of(game: Any, clause_id: str | None, lang: str) -> Any:
    """The clause a refusal cites (for its § link), if any."""
    return clauses_of(game, lang).get(clause_id)


def room_scene(
    game: Any,
    room: Room,
    spec: Any,
    viewer: str | None,
    lang: str,
    pick: tuple[str, ...],
    url: str,
    *,
    zoom: str | None = None,
    why: str = "",
    upto: int | None = None,
    stand_ins: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The scene of a room for one seat: its observation, the events it may see since the last
    person's move ("what happened", every action and its clauses), its taps on its own turn.
    ``upto``: the board after that many actions, on the way to the current one (nothing to tap)."""
    engine, view = spec.engine, spec.view
    played = gamestate.load(spec, room.pk, room.version, room.log or {})
    paced = upto is not None  # the board on its way (rooms.pacing): shown, announced, nothing to tap
    upto, state = shown_point(played, upto)
    actor = engine.current_actor(state)
    over = actor == TERMINAL
    my_turn = viewer is not None and actor == viewer and room.status == Room.PLAYING and not paced
    clauses = clauses_of(game, lang)
    links = RoomLinks(url, room.version)
    first = min(room.turn_from, upto)
    recent = [e for batch in played.events[first:upto] for e in visible_to(viewer, batch)]
    board = view.board_view(engine, state, events=recent, seat=viewer, lang=lang)

    if (pick or why) and not my_turn:
        raise Untappable(_("Nothing can be tapped here: it is not your turn."))
    legal = engine.legal_actions(state) if my_turn else []
    taps, drawn = _interactive_board(spec, state, board, links, legal, pick, zoom, lang, recent, my_turn=my_turn)
    computer = gamestate.computer_seats(played, stand_ins)
    happened = room_happened(spec, played, range(first, upto), viewer, clauses, lang, computer)
    scene = Scene(
        lang=lang,
        engine=engine,
        state=state,
        board=board,
        drawn=drawn,
        links=links,
        happened=happened,
        result=result_of(engine, state, clauses, lang),
        why=why_answer(spec, state, board, pick, why, clauses, lang) if why else None,
        taps=taps,
        action_groups=action_groups(view, engine, state, legal, links.play, lang, MAX_ACTION_LINKS),
        actions_count=len(legal),
        actions_truncated=len(legal) > MAX_ACTION_LINKS,
    )
    return {
        "scene": scene,
        "my_turn": my_turn,
        "actor": actor,
        "moving": moving_announcement(engine, played, upto, happened, computer) if paced and happened else "",
        "shown_actions": upto,
        "replay_url": replay_url(room.game, room.log or {}) if over and not paced else None,
    }


def _interactive_board(
    spec: Any,
    state: Any,
    board: Any,
    links: RoomLinks,
    legal: list[str],
    pick: tuple[str, ...],
    zoom: str | None,
    lang: str,
    recent: list[Any],
    *,
    my_turn: bool,
) -> tuple[Any, Any]:
    """(the seat's taps on its turn, else None; its board drawn): what a tap does, the piece the last
    move was about marked (as on the simulator page), the zoom, the "why not?" link on its turn."""
    taps = tap_context(spec, state, pick, board.targets, lang, links.pick, links.play) if my_turn else None
    return taps, draw_board(
        board,
        board_decider(spec, state, taps, set(legal), links, lang, about_target(spec, state, recent)),
        links,
        lang,
        zoom=parse_zoom(zoom, board),
        zoom_url=lambda area: links.pick(pick, area),
        ask_url=links.why(pick, "") if taps is not None else None,
    )


def shown_point(played: gamestate.Game, upto: int | None) -> tuple[int, Any]:
    """(the number of actions the board shows, the state after them): ``upto`` when the room keeps
    the state before that action, else the latest."""
    count = len(played.events)
    if upto is not None and upto < count and upto in played.before:
        return upto, played.before[upto]
    return count, played.state


def visible_to(viewer: str | None, events: Sequence[Any]) -> list[Any]:
    """The events ``viewer`` may see (a visitor without a seat sees those of a perfect-information game)."""
    return [e for e in events if viewer is None or e.visible(viewer)]


def room_happened(
    spec: Any,
    played: gamestate.Game,
    indices: range,
    viewer: str | None,
    clauses: Clauses,
    lang: str,
    computer: dict[str, str] | None = None,
) -> list[Happened]:
    """What happened in the actions ``indices`` (since the last person's move): every action, and
    the events this seat may see; an action's label only where the seat may know it. ``computer``:
    the seats the computer plays (its own, and people's it stands in for)."""
    engine, view = spec.engine, spec.view
    perfect = engine.info.information == "perfect"
    computer_seats = set(computer if computer is not None else (played.log.bots or {}))
    happened = []
    for index in indices:
        before = played.before.get(index)
        mover = engine.current_actor(before) if before is not None else ""
        label = ""
        if before is not None and (perfect or mover == viewer):
            label = view.action_label(engine, before, played.log.actions[index], lang=lang)
        happened.append(
            Happened(
                index=index + 1,
                who=actor_word(engine, mover, computer_seats),
                label=label,
                events=events_cited(engine, visible_to(viewer, played.events[index]), clauses, lang),
                current=index == indices.stop - 1,
            )
        )
    return happened


def moving_announcement(
    engine: Any, played: gamestate.Game, upto: int, happened: list[Happened], computer: dict[str, str] | None = None
) -> str:
    """What plays itself on the board's way (announced as the simulator does): chance, a computer
    seat (or a person's seat the computer stands in for), the game's automatic actors; "" for a
    person's move."""
    last = happened[-1]
    mover = engine.current_actor(played.before[upto - 1]) if upto - 1 in played.before else ""
    if mover == CHANCE:
        moving = _("Chance decides: %(move)s")
    elif mover in (computer if computer is not None else (played.log.bots or {})):
        moving = _("The computer plays: %(move)s")
    elif mover in engine.info.automatic_actors:
        moving = _("The game moves on by itself: %(move)s")
    else:
        return ""
    return moving % {"move": last.label or ", ".join(e.text for e in last.events)}


def why_answer(
    spec: Any, state: Any, board: Any, pick: Sequence[str], why: str, clauses: Clauses, lang: str
) -> Any:
    """Why the board target ``why`` cannot be tapped now (Untappable when it is no target)."""
    if why not in board.targets:
        raise Untappable(_("This is not a target of this board."), "why")
    return explain_tap(spec, state, pick, why, clauses, lang)


def confirm_context(room: Room, me: Seat | None, action: str, lang: str) -> dict[str, Any] | None:
    """The no-JavaScript confirmation of a move (``?play=``): its label, if it is legal now."""
    if me is None or room.status != Room.PLAYING or not room.log:
        return None
    spec = spec_of(room)
    played = gamestate.load(spec, room.pk, room.version, room.log)
    if spec.engine.current_actor(played.state) != me.seat:
        return None
    if refusal(spec.engine, played.state, action) is not None:
        return None
    return {"action": action, "label": spec.view.action_label(spec.engine, played.state, action, lang=lang)}


def lobby_rows(rooms: Sequence[Room]) -> list[dict[str, Any]]:
    rows = []
    for room in rooms:
        seats = list(room.seats.all()) if room.pk is not None else []  # unsaved: nobody took a place yet
        rows.append(
            {
                "room": room,
                "url": room_url(room),
                "people": sum(1 for s in seats if s.kind == Seat.PERSON and not s.left),
                "bots": sum(1 for s in seats if s.kind == Seat.BOT),
            }
        )
    return rows


def finished_games(game_slug: str, limit: int = 10) -> list[dict[str, Any]]:
    return [
        {"played": p, "url": replay_url(game_slug, p.log)}
        for p in PlayedGame.objects.filter(game=game_slug)[:limit]
    ]


def not_tappable_message() -> str:
    return _("This cannot be tapped now: tap the board again.")


def not_playable_message() -> str:
    return _("This move cannot be played now.")


def already_seated_message() -> str:
    return _("You already have a seat in this room.")
