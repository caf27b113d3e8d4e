"""What one seat sees of a room: seats, the host's controls, and the board as that seat may see it.

Everything shown to a seat comes from the engine's observation for that seat (the view-model's
``board_view(..., seat=)``) and the events whose ``visible_to`` includes it; legal moves and tap
targets only when it is that seat's turn. A visitor without a seat sees the board only in a game
of perfect information. Board links are real URLs of the room page (``?pick=…`` for a tap in
progress, ``?play=<action>&v=<version>`` for a move, confirmed by a POST); ``static/js/rooms.js``
sends them over the room's WebSocket instead.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from simulator.core import codec
from simulator.core.engine import TERMINAL, EngineError
from simulator.core.tapping import PickError, format_pick
from simulator.markup import board_svg
from simulator.playing import link_shapes, tap_context
from simulator.presenter import bot_label, clause_index

from . import gamestate
from .models import PlayedGame, Room, Seat
from .services import MIN_PEOPLE, spec_of

MAX_ACTION_LINKS = 200
CLAUSES_TTL = 300.0  # seconds a process keeps a game's clause numbers (they change only on loadrules)
_clauses: dict[str, tuple[float, dict[str, Any]]] = {}


def clauses_of(game: Any) -> dict[str, Any]:
    """The game's clauses by id, for the § links of events (one query per game every few minutes:
    a room renders every seat's view after every move)."""
    now = time.monotonic()
    hit = _clauses.get(game.slug)
    if hit is None or now - hit[0] > CLAUSES_TTL:
        hit = (now, clause_index(game))
        _clauses[game.slug] = hit
    return hit[1]


def room_url(room: Room) -> str:
    return reverse("rooms:room", args=[room.game, room.number])


def replay_url(game_slug: str, log_json: dict[str, Any]) -> str:
    """A finished game as an ordinary simulator URL (the full-information table view)."""
    log = codec.log_from_json(log_json)
    return f"{reverse('simulator:page', args=[game_slug])}?{urlencode({'log': codec.encode(log)})}"


def seat_rows(room: Room, seats: Sequence[Seat], me: Seat | None) -> list[dict[str, Any]]:
    rows = []
    people = 0
    for s in seats:
        if s.kind == Seat.PERSON:
            people += 1
            name = _("Player %(n)s") % {"n": people}
        else:
            name = bot_label(s.bot)
        rows.append(
            {
                "id": s.pk,
                "name": name,
                "seat": s.seat,
                "bot": s.kind == Seat.BOT,
                "host": s.is_host,
                "me": me is not None and s.pk == me.pk,
                "connected": s.kind == Seat.BOT or s.connections > 0,
                "voice": s.voice,
            }
        )
    return rows


def seat_labels(board: Any, seats: Sequence[str]) -> dict[str, str]:
    """The board's own name of each engine seat ("Rood (R)", "Team Blau"): every game's legend has
    a row per seat whose first CSS class ends in ``-<seat>`` (fig-red, bt-blue, dt-team-2)."""
    labels: dict[str, str] = {}
    for row in board.legend if board is not None else ():
        first = row.css.split(" ")[0] if row.css else ""
        for seat in seats:
            if seat not in labels and first.endswith(f"-{seat}"):
                labels[seat] = row.label
    return labels


def room_context(game: Any, room: Room, me: Seat | None, lang: str, pick: tuple[str, ...] = ()) -> dict[str, Any]:
    spec = spec_of(room)
    engine = spec.engine
    seats = list(room.seats.all()) if room.pk is not None else []  # unsaved: nobody took a place yet
    if me is not None:
        me = next((s for s in seats if s.pk == me.pk), None)  # fresh host flag and seat name
    people = sum(1 for s in seats if s.kind == Seat.PERSON)
    url = room_url(room)
    context: dict[str, Any] = {
        "game": game,
        "room": room,
        "me": me,
        "seats": seat_rows(room, seats, me),
        "url": url,
        "ws_path": f"/ws/rooms/{room.game}/{room.number}/",
        "is_host": me is not None and me.is_host,
        "bots": [(name, bot_label(name)) for name in spec.bots],
        "free_places": max(engine.info.max_seats - len(seats), 0),
        "people": people,
        "can_start": room.status == Room.LOBBY and people >= MIN_PEOPLE and len(seats) >= engine.info.min_seats,
        "min_people": MIN_PEOPLE,
        "stylesheet": spec.stylesheet_path,
        "board": None,
        "played": None,
    }
    if room.status == Room.LOBBY or not room.log:
        return context
    viewer = me.seat if me is not None else None
    if viewer is None and engine.info.information != "perfect":
        return context  # hands and decks stay on the server: no seat, no board
    context.update(board_context(game, room, spec, viewer, lang, pick, url))
    labels = seat_labels(context["board"], [r["seat"] for r in context["seats"] if r["seat"]])
    for row in context["seats"]:
        row["seat_label"] = labels.get(row["seat"], "")
    context["turn_name"] = next((r["name"] for r in context["seats"] if r["seat"] and r["seat"] == context["actor"]), "")
    return context


def clause_of(game: Any, clause_id: str | None) -> Any:
    """The Clause row a refusal cites (for its § link), if any."""
    return clauses_of(game).get(clause_id) if clause_id else None


def board_context(
    game: Any, room: Room, spec: Any, viewer: str | None, lang: str, pick: tuple[str, ...], url: str
) -> dict[str, Any]:
    engine, view = spec.engine, spec.view
    played = gamestate.load(spec, room.pk, room.version, room.log or {})
    state = played.state
    actor = engine.current_actor(state)
    over = actor == TERMINAL
    my_turn = viewer is not None and actor == viewer and room.status == Room.PLAYING
    clauses = clauses_of(game)

    recent = [e for batch in played.events[room.turn_from :] for e in batch if viewer is None or e.visible(viewer)]
    board = view.board_view(engine, state, events=recent, seat=viewer, lang=lang)

    def pick_url(p: Sequence[str]) -> str:
        return f"{url}?{urlencode({'pick': format_pick(p)})}" if p else url

    def play_url(action: str) -> str:
        return f"{url}?{urlencode({'play': action, 'v': room.version})}"

    legal = engine.legal_actions(state) if my_turn else []
    playable = set(legal)
    taps = None
    if pick and not my_turn:
        raise PickError("nothing can be tapped here: it is not this seat's turn")
    if my_turn:
        targets = {sh.target for sh in board.shapes if sh.target}
        taps = tap_context(spec, state, pick, targets, lang, pick_url, play_url)

    def decide(sh: Any) -> tuple[str | None, str, str]:
        if taps is not None and sh.target in taps.links:
            return taps.links[sh.target], taps.labels[sh.target], "tap-next"
        if sh.action in playable and not (taps and taps.picking):
            return play_url(sh.action), view.action_label(engine, state, sh.action, lang=lang), ""
        chosen = "tap-chosen" if taps is not None and sh.target and sh.target in taps.chosen else ""
        return None, "", chosen

    shapes = link_shapes(board.shapes, decide)
    interactive = any(b.href for b in shapes)
    actions = [
        {"action": a, "label": view.action_label(engine, state, a, lang=lang), "url": play_url(a)}
        for a in legal[:MAX_ACTION_LINKS]
    ]
    result = engine.result(state) if over else None
    return {
        "board": board,
        "board_svg": board_svg(board, shapes, interactive, lang),
        "taps": taps,
        "my_turn": my_turn,
        "actor": actor,
        "actions": actions,
        "events": [
            {"text": engine.describe(e, lang), "clause": clauses.get(e.clause), "clause_id": e.clause} for e in recent
        ],
        "result": result,
        "result_text": engine.describe_result(result, lang) if result else "",
        "result_clause": clauses.get(result.clause) if result else None,
        "replay_url": replay_url(room.game, room.log or {}) if over else None,
    }


def confirm_context(room: Room, me: Seat | None, action: str, lang: str) -> dict[str, Any] | None:
    """The no-JavaScript confirmation of a move (``?play=``): its label, if it is legal now."""
    if me is None or room.status != Room.PLAYING or not room.log:
        return None
    spec = spec_of(room)
    played = gamestate.load(spec, room.pk, room.version, room.log)
    if spec.engine.current_actor(played.state) != me.seat:
        return None
    try:
        spec.engine.apply(played.state, action)
    except EngineError:
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
                "people": sum(1 for s in seats if s.kind == Seat.PERSON),
                "bots": sum(1 for s in seats if s.kind == Seat.BOT),
            }
        )
    return rows


def finished_games(game_slug: str, limit: int = 10) -> list[dict[str, Any]]:
    return [
        {"played": p, "url": replay_url(game_slug, p.log)}
        for p in PlayedGame.objects.filter(game=game_slug)[:limit]
    ]


def not_playable_message() -> str:
    return _("This move cannot be played now.")


def already_seated_message() -> str:
    return _("You already have a seat in this room.")
