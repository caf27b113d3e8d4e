"""Chance nodes: sampling an outcome by its probability, and the seeded draw that makes a random
game reproducible (the same seed and action index give the same outcome in the web UI, the API's
``"@draw"`` and the drivers). Deterministic given the ``random.Random`` it receives."""

from __future__ import annotations

import random
from typing import Any

from .engine import Engine


def sample(engine: Engine[Any], state: Any, rng: random.Random) -> str:
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


def seeded_draw(engine: Engine[Any], state: Any, seed: int, index: int) -> str:
    """The chance outcome a seeded game draws as its action number ``index`` (0-based): the same
    seed and index give the same outcome in the web UI and the API."""
    return sample(engine, state, random.Random(f"{seed}/{index}"))
