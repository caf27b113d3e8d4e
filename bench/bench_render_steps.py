"""Server time to render every step of each game's longest scenario, as a page and as a mini-board."""

import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings_test")

import django  # noqa: E402

django.setup()

from django.test.utils import setup_test_environment  # noqa: E402

setup_test_environment()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import get_runner  # noqa: F401,E402

from simulator.core.registry import all_games  # noqa: E402
from simulator.core.scenario_files import scenario_paths  # noqa: E402
from simulator.core.scenarios import load_scenario  # noqa: E402

ROUNDS = 5


def percentile(values, p):
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def main():
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        from rulebooks.loader import read_content, store_content

        store_content(read_content(check_seeds=False))
        client = Client()
        for spec in all_games():
            if scenario_paths(spec.slug):
                bench_game(client, spec.slug)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def bench_game(client, game):
    longest = max((load_scenario(game, sid) for sid in scenario_paths(game)), key=lambda s: len(s.steps))
    url = f"/nl/{game}/sim/"
    for label, headers in (("page", {}), ("mini-board (htmx)", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "demo-x-1"})):
        times = []
        for _ in range(ROUNDS):
            for step in range(len(longest.steps) + 1):
                start = time.perf_counter()
                response = client.get(url, {"scenario": longest.id, "step": step}, **headers)
                times.append(time.perf_counter() - start)
                assert response.status_code == 200, response.status_code
        print(
            f"{game} scenario '{longest.id}' ({len(longest.steps)} steps), {label}: "
            f"p50 {statistics.median(times) * 1000:.1f} ms, p95 {percentile(times, 95) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms over {len(times)} renders"
        )


if __name__ == "__main__":
    main()
