"""Random full games per second for every registered game, through the bot driver (no Django)."""

import pathlib
import random
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from rules.core.bots import play, random_bots  # noqa: E402
from rules.core.registry import GameSpec, all_games  # noqa: E402
from rules.core.setup import random_setup  # noqa: E402

GAMES = 60



def bench(spec: GameSpec) -> None:
    engine = spec.engine
    durations: list[float] = []
    actions: list[int] = []
    unfinished = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = engine.initial_state(random_setup(engine, rng))
        start = time.perf_counter()
        game = play(engine, state, random_bots(engine, state), rng)
        durations.append(time.perf_counter() - start)
        actions.append(len(game.actions))
        unfinished += not game.over
    total = sum(durations)
    seats = f"{engine.info.min_seats}-{engine.info.max_seats} seats"
    print(f"{spec.slug}: {GAMES} random full games ({seats}, random bots) in {total:.2f} s")
    print(f"  games/second: {GAMES / total:.1f}")
    print(f"  per game: median {statistics.median(durations) * 1000:.1f} ms, max {max(durations) * 1000:.1f} ms")
    print(f"  actions per game: median {statistics.median(actions):.0f}, max {max(actions)}"
          + (f"; {unfinished} did not finish" if unfinished else ""))


def main() -> None:
    for spec in all_games():
        bench(spec)


if __name__ == "__main__":
    main()
