"""How strong is the ``strong`` computer team? ``python -m rules.games.der_dunkle_turm.strength
[games]`` plays seeded two-team games, strong against random (seats alternating), and prints the win
rate and the thinking time per move (p50/p95/max). A bench, not a test (dt-computergegner)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from typing import Any

from rules.core.bots import Bot, SeatView, play
from rules.core.engine import Engine

from . import ENGINE
from .bots import BOTS


class Timed:
    def __init__(self, bot: Bot, times: list[float]):
        self.bot, self.times, self.name = bot, times, bot.name

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        start = time.perf_counter()
        action = self.bot.choose_action(engine, view, rng)
        self.times.append(time.perf_counter() - start)
        return action


def main(games: int = 200) -> None:
    wins = unfinished = 0
    times: list[float] = []
    started = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        state = ENGINE.initial_state({"teams": 2})
        strong_seat = ("red", "blue")[seed % 2]
        bots = {seat: (Timed(BOTS["strong"](), times) if seat == strong_seat else BOTS["random"]())
                for seat in ENGINE.seats(state)}
        result = ENGINE.result(play(ENGINE, state, bots, rng, max_actions=200_000).state)
        if result is None:
            unfinished += 1
        elif strong_seat in result.winners:
            wins += 1
    elapsed = time.perf_counter() - started
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))] * 1000
    print(f"der-dunkle-turm strong vs random: {games} seeded two-team games in {elapsed:.1f} s")
    print(f"  strong wins {wins}/{games} = {wins / games:.0%}" + (f"; {unfinished} unfinished" if unfinished else ""))
    print(f"  thinking time per move: median {statistics.median(times) * 1000:.2f} ms, p95 {p95:.2f} ms, "
          f"max {times[-1] * 1000:.2f} ms over {len(times)} moves")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
