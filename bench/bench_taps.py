"""Server time of moving by tapping (``view.tap``: what may be tapped next, with labels), for every
registered game that can be played by tapping, in the states of random games: the first tap and
up to two taps deeper (three targets each). It runs on every board render; this prints p50/p95/max
(no assertions: the tests check what tapping offers, this measures what it costs)."""

import itertools
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Iterator
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from rules.core.bots import bots_choose, random_bots  # noqa: E402
from rules.core.engine import Engine  # noqa: E402
from rules.core.registry import GameSpec, all_games  # noqa: E402
from rules.core.replay import drive  # noqa: E402
from rules.core.setup import random_setup  # noqa: E402
from rules.core.tapping import tap_options  # noqa: E402

GAMES = 8
EVERY = 3  # every third state of a game is measured


def states_of_random_games(engine: Engine[Any]) -> Iterator[Any]:
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = engine.initial_state(random_setup(engine, rng))
        choose = bots_choose(engine, random_bots(engine, state), rng)
        played = (t.after for t in drive(engine, state, choose, limit=399))
        for number, reached in enumerate(itertools.chain([state], played)):
            if number % EVERY == 0:
                yield reached


def bench(spec: GameSpec) -> list[float] | None:
    times: list[float] = []
    for state in states_of_random_games(spec.engine):
        stack: list[tuple[str, ...]] = [()]
        while stack:
            pick = stack.pop()
            start = time.perf_counter()
            options = tap_options(spec, state, pick, "nl")
            times.append((time.perf_counter() - start) * 1000)
            if options is None:
                return None
            if len(pick) < 2:
                stack += [pick + (t.target,) for t in options.taps if not t.plays][:3]
    return times


def main() -> None:
    print(f"{'game':<20}{'taps':>7}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for spec in all_games():
        times = bench(spec)
        if times is None:
            print(f"{spec.slug:<20}  (no tapping)")
            continue
        times.sort()
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{spec.slug:<20}{len(times):>7}{statistics.median(times):>9.2f}{p95:>9.2f}{max(times):>9.2f}")


if __name__ == "__main__":
    main()
