"""Game-independent drivers: sampling chance nodes, random playouts and exact replays.

All three are deterministic given the ``random.Random`` they receive (engines must list legal actions
and chance outcomes in a stable order).
"""

from __future__ import annotations

import random
from typing import Any

from .engine import Engine, Event, IllegalAction


def sample(engine: Engine, state: Any, rng: random.Random) -> str:
    """Pick one chance outcome of ``state`` by its probability."""
    outcomes = engine.chance_outcomes(state)
    if not outcomes:
        raise ValueError("not a chance node: chance_outcomes(state) is empty")
    total = sum(o.probability for o in outcomes)
    r = rng.random() * total
    acc = 0.0
    for o in outcomes:
        acc += o.probability
        if r < acc:
            return o.action
    return outcomes[-1].action  # rounding: the last outcome takes what is left


def random_playout(engine: Engine, state: Any, rng: random.Random, max_actions: int = 100_000) -> list[str]:
    """Play uniformly random legal actions (sampling chance by probability) until the game is over or
    ``max_actions`` actions were played; return the action log."""
    log: list[str] = []
    while not engine.is_over(state) and len(log) < max_actions:
        if engine.chance_outcomes(state):
            action = sample(engine, state, rng)
        else:
            actions = engine.legal_actions(state)
            if not actions:
                raise RuntimeError(f"no legal action for {engine.current_actor(state)!r} in a running game")
            action = rng.choice(actions)
        state, _ = engine.apply(state, action)
        log.append(action)
    return log


class ReplayError(IllegalAction):
    """An IllegalAction met during a replay; ``index`` is the position of the action in the log."""

    def __init__(self, index: int, error: IllegalAction):
        self.index = index
        super().__init__(error.action, f"action #{index}: {error.reason}", error.clause)


def replay(engine: Engine, start_state: Any, actions) -> tuple[Any, list[tuple[str, list[Event]]]]:
    """Apply ``actions`` in order from ``start_state``. Returns the final state and, per action, the
    events it caused. Raises :class:`ReplayError` (an IllegalAction with ``index``) on the first illegal
    action."""
    state = start_state
    history: list[tuple[str, list[Event]]] = []
    for index, action in enumerate(actions):
        try:
            state, events = engine.apply(state, action)
        except IllegalAction as e:
            raise ReplayError(index, e) from e
        history.append((action, events))
    return state, history
