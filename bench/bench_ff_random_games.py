"""Random full games of Finstere Flure per second (engine only, no Django)."""

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from simulator.core.chance import random_playout  # noqa: E402
from simulator.games.finstere_flure import ENGINE  # noqa: E402

GAMES = 60


def main():
    durations, actions = [], []
    for seed in range(GAMES):
        rng = random.Random(seed)
        players = 2 + seed % 6
        start = time.perf_counter()
        log = random_playout(ENGINE, ENGINE.initial_state({"players": players}), rng)
        durations.append(time.perf_counter() - start)
        actions.append(len(log))
    total = sum(durations)
    print(f"finstere-flure: {GAMES} random full games (2-7 players) in {total:.2f} s")
    print(f"  games/second: {GAMES / total:.1f}")
    print(f"  per game: median {statistics.median(durations) * 1000:.1f} ms, max {max(durations) * 1000:.1f} ms")
    print(f"  actions per game: median {statistics.median(actions):.0f}, max {max(actions)}")


if __name__ == "__main__":
    main()
