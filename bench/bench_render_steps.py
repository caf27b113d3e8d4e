"""Server time for every step of the simulator: every step of every scenario of each game and every
step of a 400-action random log, as the full page, as the htmx ``#sim`` partial and as a clause
mini-board; and the start page. Prints p50/p95/max (no assertions on time).

``BENCH_STEP_STRIDE=N`` renders only every N-th step of the long logs (for a quick look).
"""

import os
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlencode

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings_test")

import django  # noqa: E402

django.setup()

# No setup_test_environment(): its instrumented template rendering (copying every context for the
# test client) would be measured too. The test client only needs its host name allowed.
from django.conf import settings  # noqa: E402

settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from rules.core import codec  # noqa: E402
from rules.core.bots import play, random_bots  # noqa: E402
from rules.core.codec import Log  # noqa: E402
from rules.core.engine import Engine  # noqa: E402
from rules.core.registry import all_games  # noqa: E402
from rules.core.scenario_files import scenario_paths  # noqa: E402
from rules.core.scenarios import load_scenario  # noqa: E402
from rules.core.setup import random_setup  # noqa: E402

LOG_ACTIONS = 400
STRIDE = max(1, int(os.environ.get("BENCH_STEP_STRIDE", "1")))
KINDS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("page", {}),
    ("htmx #sim", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sim"}),
    ("mini-board", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "demo-x-1"}),
)


def percentile(values: Iterable[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def figures(samples: list[tuple[float, float]]) -> str:
    """Wall-clock and CPU time of the renders (CPU time is what other processes on a shared machine
    disturb least)."""
    wall, cpu = [w for w, _ in samples], [c for _, c in samples]
    return (
        f"p50 {statistics.median(wall) * 1000:.1f} ms, p95 {percentile(wall, 95) * 1000:.1f} ms, "
        f"max {max(wall) * 1000:.1f} ms; CPU p50 {statistics.median(cpu) * 1000:.1f} ms, "
        f"p95 {percentile(cpu, 95) * 1000:.1f} ms; over {len(samples)} renders"
    )


FAILURES: list[tuple[int, str, Mapping[str, Any], dict[str, Any]]] = []


def timed_get(client: Client, url: str, params: Mapping[str, Any], headers: dict[str, Any]) -> tuple[float, float]:
    from pagecache.httpcache import STORE

    STORE.clear()  # server time of a rendering: not the stored page a repeat request gets
    start, cpu = time.perf_counter(), time.process_time()
    response = client.get(url, params, **headers)
    elapsed = (time.perf_counter() - start, time.process_time() - cpu)
    if response.status_code != 200:
        FAILURES.append((response.status_code, url, params, headers))
    return elapsed


def long_log(engine: Engine[Any], actions: int = LOG_ACTIONS) -> Log:
    """A random game of ``actions`` actions (the longest of a few seeds if no game lasts that long)."""
    best = None
    for seed in range(40):
        rng = random.Random(seed)
        setup = random_setup(engine, rng)
        state = engine.initial_state(setup)
        game = play(engine, state, random_bots(engine, state), rng, max_actions=actions)
        if best is None or len(game.actions) > len(best.actions):
            best = Log(setup=setup, actions=game.actions)
        if len(game.actions) >= actions:
            break
    assert best is not None  # at least one game was played
    return best


def bench_game(client: Client, game: str, engine: Engine[Any]) -> None:
    url = f"/nl/{game}/sim/"
    times = [timed_get(client, url, {}, {}) for _ in range(20)]
    print(f"{game} start page: {figures(times)}")
    scenarios = [load_scenario(game, sid) for sid in scenario_paths(game)]
    steps = sum(len(s.steps) + 1 for s in scenarios)
    for label, headers in KINDS:
        times = [
            timed_get(client, url, {"scenario": s.id, "step": step}, headers)
            for s in scenarios
            for step in range(len(s.steps) + 1)
        ]
        print(f"{game} all {len(scenarios)} scenarios ({steps} steps), {label}: {figures(times)}")
    log = long_log(engine)
    token = codec.encode(log)
    for label, headers in KINDS[:2]:
        times = [
            timed_get(client, url, {"log": token, "step": step}, headers)
            for step in range(0, len(log.actions) + 1, STRIDE)
        ]
        print(f"{game} random log ({len(log.actions)} actions, every {STRIDE}. step), {label}: {figures(times)}")


def main() -> None:
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        from rulebooks.loader import read_content, store_content

        store_content(read_content(check_seeds=False))
        client = Client(raise_request_exception=False)
        for spec in all_games():
            if scenario_paths(spec.slug):
                bench_game(client, spec.slug, spec.engine)
        for status, url, params, headers in FAILURES:
            print(f"FAILED ({status}): {url}?{urlencode(params)} {headers}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
