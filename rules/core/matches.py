"""Matches between computer players: one seeded game, who beat whom, and the thinking time of each
move (for the strength bench, ``bench/bench_strengths.py``, and the tests of the players).

A game of ``n`` seats between players A and B seats A once and B in the other seats, A's seat
turning with the seed. A beats a B seat when A is among the winners and that seat is not; when
neither or both won, the higher score of the result decides (``Result.scores``), an equal one is
half a win. With two seats this is the plain win rate.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, SeatView, next_action
from .engine import Engine, Result


class Timed:
    """A bot that writes down the processor time of each of its decisions (one core's work: the
    machine's other load does not count)."""

    def __init__(self, bot: Bot, times: list[float]):
        self.bot, self.times, self.name = bot, times, bot.name

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        start = time.process_time()
        action = self.bot.choose_action(engine, view, rng)
        self.times.append(time.process_time() - start)
        return action


@dataclass
class Match:
    result: Result | None
    actions: int
    seats: tuple[str, ...]
    times: dict[str, list[float]] = field(default_factory=dict)  # per seat, seconds per decision


def play_match(
    engine: Engine[Any], setup: Mapping[str, Any], bots: Mapping[str, Bot], seed: int, max_actions: int = 200_000
) -> Match:
    """One game from ``setup`` with a bot in every seat; chance draws from ``seed``."""
    rng = random.Random(seed)
    state = engine.initial_state(setup)
    seats = tuple(engine.seats(state))
    times: dict[str, list[float]] = {seat: [] for seat in seats}
    timed = {seat: Timed(bots[seat], times[seat]) for seat in seats}
    count = 0
    while count < max_actions:
        action = next_action(engine, state, timed, rng)
        if action is None:
            break
        state, _events = engine.apply(state, action)
        count += 1
    return Match(engine.result(state), count, seats, times)


def score_against(result: Result | None, a: str, b: str) -> float:
    """1 when seat ``a`` beat seat ``b``, 0.5 for neither, 0 when ``b`` beat ``a`` (module docstring)."""
    if result is None:
        return 0.5
    won_a, won_b = a in result.winners, b in result.winners
    if won_a != won_b:
        return 1.0 if won_a else 0.0
    sa, sb = result.scores.get(a), result.scores.get(b)
    if sa is None or sb is None or sa == sb:
        return 0.5
    return 1.0 if sa > sb else 0.0


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate (``successes`` may count halves)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
