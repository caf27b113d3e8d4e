"""Rooms show what plays itself one action at a time, announced, as the simulator page does.

A person's move is stored with what answers it at once (chance, the rules' own actors such as
Finstere Flure's monster: :func:`rooms.services.move`), the computer seats' moves in a second write
(:func:`rooms.services.computer_moves`). Every seat's socket then shows the board on its way
(:func:`stops`): after the person's move at once, then after every action of chance, an automatic
actor or a computer seat, :func:`step_seconds` apart, each announced ("The computer plays: …") in
the seat's own view and language (``rooms.presenter.room_context(upto=…)``); the last stop is the
room as it is now, where the next person can act. Nothing here writes: the game is stored as
before, and a reload (or a page without JavaScript) shows the room as it is now.
"""

from __future__ import annotations

from django.conf import settings

from rules.core.engine import CHANCE

from . import gamestate
from .models import Room
from .services import spec_of, stand_ins

MAX_PACED = 40  # actions shown one by one after one change; more are shown at once at the end


def step_seconds() -> float:
    """The pause between two actions shown (ROOMS_STEP_MS, else the simulator's SIMULATOR_AUTOPLAY_MS)."""
    return int(getattr(settings, "ROOMS_STEP_MS", settings.SIMULATOR_AUTOPLAY_MS)) / 1000


def stops(room_id: int, since: int | None) -> list[int]:
    """The numbers of actions after which a socket that has shown ``since`` actions shows the board
    on its way to the room's current position: where what plays itself starts, then after each of
    its actions (the last one too, announced, before the room as it is). [] when nothing played
    itself."""
    if since is None:
        return []
    room = Room.objects.get(pk=room_id)
    if room.status == Room.LOBBY or not room.log:
        return []
    spec = spec_of(room)
    engine = spec.engine
    game = gamestate.load(spec, room.pk, room.version, room.log)
    count = len(game.events)
    bots = set(gamestate.computer_seats(game, stand_ins(room)))  # its own and the seats it stands in for
    out: list[int] = []
    for index in range(max(since, 0), count):
        before = game.before.get(index)
        if before is None:
            continue
        actor = engine.current_actor(before)
        if actor == CHANCE or actor in engine.info.automatic_actors or actor in bots:
            if not out and index > since:
                out.append(index)  # the person's own move, at once
            out.append(index + 1)
    return out[-MAX_PACED:]
