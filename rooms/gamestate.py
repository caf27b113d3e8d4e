"""A room's game in memory: its state and the events of every action, rebuilt from the stored log.

The database holds the truth (the log and its version); this process keeps the latest replay of
each room so a move costs one transition, not a replay of the whole game. A version it has not
seen (another worker wrote it, or the server restarted) is replayed from the log.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core.bots import bots_choose
from rules.core.codec import Log, log_from_json
from rules.core.engine import Event
from rules.core.registry import GameSpec
from rules.core.replay import Transition, drive, replay
from rules.core.timeline import start_of
from simulator.playing import bots_of

MAX_AUTOMATIC = 500  # actions the server plays by itself after one person's move
CACHE_ROOMS = 256
KEEP_BEFORE = 64  # states kept before the latest actions (to name the moves of "what happened")

# Chance in rooms comes from the operating system's secure source, never from a seed.
SECURE_RANDOM = secrets.SystemRandom()


@dataclass
class Game:
    log: Log
    state: Any
    events: list[tuple[Event, ...]] = field(default_factory=list)  # per action index
    # The state each of the latest KEEP_BEFORE actions was played in, by action index.
    before: dict[int, Any] = field(default_factory=dict)

    def extended(self, spec: GameSpec, actions: list[str]) -> Game:
        """The game after ``actions`` (ReplayError names the first one that cannot be applied)."""
        return self.after(list(replay(spec.engine, self.state, actions, first=len(self.events))))

    def after(self, transitions: list[Transition]) -> Game:
        """The game after ``transitions``, played from this game's state (their indices go on
        from this game's last action)."""
        if not transitions:
            return self
        events, before = list(self.events), dict(self.before)
        for t in transitions:
            before[t.index] = t.before
            events.append(t.events)
        log = self.log.extended(*(t.action for t in transitions))
        return Game(log, transitions[-1].after, events, _latest(before, len(events)))


def _latest(before: dict[int, Any], count: int) -> dict[int, Any]:
    return {i: s for i, s in before.items() if i >= count - KEEP_BEFORE}


def replay_log(spec: GameSpec, log: Log) -> Game:
    state, _scenario, _intro = start_of(spec.engine, log)
    return Game(log.truncated(0), state).extended(spec, list(log.actions))


_cache: OrderedDict[int, tuple[int, Game]] = OrderedDict()
_lock = threading.Lock()


def load(spec: GameSpec, room_id: int, version: int, log_json: dict[str, Any]) -> Game:
    """The game of room ``room_id`` at ``version`` (cached per process). A version another process
    wrote that goes on from the one cached here plays only the new actions (their chance outcomes
    are in the log), not the whole game again."""
    with _lock:
        hit = _cache.get(room_id)
        if hit is not None and hit[0] == version and hit[1].log.as_json() == log_json:
            _cache.move_to_end(room_id)
            return hit[1]
    log = log_from_json(log_json)
    game = _caught_up(spec, hit[1], log) if hit is not None else None
    if game is None:
        game = replay_log(spec, log)
    remember(room_id, version, game)
    return game


def _caught_up(spec: GameSpec, cached: Game, log: Log) -> Game | None:
    """``cached`` played on to ``log`` when ``log`` goes on from it (same start, its actions
    first), else None."""
    known = len(cached.log.actions)
    if len(log.actions) < known or log.truncated(known) != cached.log:
        return None
    return cached.extended(spec, list(log.actions[known:]))


def remember(room_id: int, version: int, game: Game) -> None:
    with _lock:
        _cache[room_id] = (version, game)
        _cache.move_to_end(room_id)
        while len(_cache) > CACHE_ROOMS:
            _cache.popitem(last=False)


def forget(room_id: int) -> None:
    with _lock:
        _cache.pop(room_id, None)


def computer_seats(game: Game, stand_ins: Mapping[str, str] | None = None) -> dict[str, str]:
    """The seats the computer plays now: the game's computer seats, and the people's seats it
    stands in for (rooms.standins), seat -> GameSpec.bots name."""
    return {**(game.log.bots or {}), **(stand_ins or {})}


def computer_due(spec: GameSpec, game: Game, stand_ins: Mapping[str, str] | None = None) -> bool:
    """Whether a computer seat (or a seat the computer stands in for) is to act."""
    return spec.engine.current_actor(game.state) in computer_seats(game, stand_ins)


def play_automatic(
    spec: GameSpec, game: Game, *, computer: bool = True, stand_ins: Mapping[str, str] | None = None
) -> Game:
    """The game after what plays itself until a person is to act: chance (drawn from the secure
    source and recorded as the outcome), the rules' automatic actors and, with ``computer``, the
    computer seats and ``stand_ins`` (the bots see only their seat's observation). Without
    ``computer`` it stops where a computer seat is to act."""
    bots = bots_of(spec, computer_seats(game, stand_ins)) if computer else {}
    choose = bots_choose(spec.engine, bots, SECURE_RANDOM)
    return game.after(list(drive(spec.engine, game.state, choose, limit=MAX_AUTOMATIC, first=len(game.events))))
