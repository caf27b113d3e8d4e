"""What would a good player do here? The game's strongest computer player asked about a state.

The player sees only the acting seat's view (its observation and legal actions), like every bot.
Its answer is a *plan*: its move and, while the same seat goes on deciding without chance coming
between (the second card of a turn, the guard after the tile), its next moves too; with the states
they lead to (to show on the board), their events and the reasons the game gives for each move
(:class:`rules.core.strengths.Reason`, each citing a clause). Nothing is played: the caller decides
what to show.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .bots import seat_view
from .engine import Event
from .registry import GameSpec
from .strengths import Reason

MAX_PLAN = 6  # moves of one seat in a row that a plan holds at most


@dataclass(frozen=True)
class Advice:
    seat: str
    actions: tuple[str, ...]  # the plan: the move, then the same seat's next moves before chance
    states: tuple[Any, ...]  # the state before each action of the plan, and the one after the last
    events: tuple[Event, ...]  # of the whole plan
    reasons: tuple[Reason, ...]  # of the whole plan, in its order

    @property
    def after(self) -> Any:
        return self.states[-1]


def advisable(spec: GameSpec, state: Any, computer_seats: frozenset[str] = frozenset()) -> bool:
    """Whether a person is to act in ``state`` (a seat that the computer does not play)."""
    engine = spec.engine
    actor = engine.current_actor(state)
    return actor in engine.seats(state) and actor not in computer_seats and bool(engine.legal_actions(state))


def advise(spec: GameSpec, state: Any, rng: random.Random, *, budget: float = 1.0) -> Advice | None:
    """The strongest player's plan for the seat to act, or None when no seat is to act."""
    if not advisable(spec, state):
        return None
    engine, players = spec.engine, spec.players
    seat = engine.current_actor(state)
    bot = players.make(players.strongest, budget=budget)
    assert bot is not None
    actions: list[str] = []
    states = [state]
    events: list[Event] = []
    reasons: list[Reason] = []
    while len(actions) < MAX_PLAN and engine.current_actor(state) == seat:
        view = seat_view(engine, state, seat)
        action = bot.choose_action(engine, view, rng)
        reasons += players.explain(engine, view, action)
        state, more = engine.apply(state, action)
        actions.append(action)
        states.append(state)
        events += more
    return Advice(seat, tuple(actions), tuple(states), tuple(events), tuple(reasons))
