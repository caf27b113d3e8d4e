"""Content pages the first time: server time of a rulebook, clause, FAQ list and FAQ entry page
with the store of rendered pages off (``PUBLIC_CACHE_ENABLED=0``), so every request renders.

Issue 29's floors, server time at p95 on a quiet machine: a whole rulebook <= 10 ms, a clause or
FAQ page <= 5 ms. Every page of each kind is requested in every language (each game's rulebook,
every clause, the FAQ list and every published entry), a few rounds, through Django's test client
(the whole middleware stack, no network). The first round is reported apart: it is the one that
renders the stored fragments a content version has not rendered yet (rulebooks/fragments.py).

Runs in a child process on a throwaway SQLite database (migrated, rulebooks and curated FAQ
loaded), so it never touches the site's own database. Prints figures only: no assertions on time.
``BENCH_COLD_ROUNDS=N`` changes the number of rounds after the first (default 5).
"""

from __future__ import annotations

import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.test import Client

ROOT = pathlib.Path(__file__).resolve().parent.parent
ROUNDS = max(1, int(os.environ.get("BENCH_COLD_ROUNDS", "5")))
CHILD_FLAG = "--measure"
FLOORS = {"rulebook": 10.0, "clause": 5.0, "FAQ list": 5.0, "FAQ entry": 5.0}


def percentile(values: Iterable[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def addresses() -> dict[str, list[str]]:
    from django.conf import settings
    from django.urls import reverse
    from django.utils import translation

    from faq.models import Entry
    from rulebooks.models import Clause, Game

    pages: dict[str, list[str]] = {kind: [] for kind in FLOORS}
    for lang, _name in settings.LANGUAGES:
        with translation.override(lang):
            for game in Game.objects.all():
                pages["rulebook"].append(reverse("rulebooks:rulebook", args=[game.slug]))
                pages["FAQ list"].append(reverse("faq:game", args=[game.slug]))
            for game_id, anchor in Clause.objects.values_list("game_id", "anchor"):
                pages["clause"].append(reverse("rulebooks:clause", args=[game_id, anchor]))
            for game_id, slug in Entry.objects.filter(published=True).values_list("game_id", "slug"):
                pages["FAQ entry"].append(reverse("faq:entry", args=[game_id, slug]))
    return pages


def timed(client: Client, path: str) -> float:
    start = time.perf_counter()
    response = client.get(path)
    elapsed = (time.perf_counter() - start) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{path} answered {response.status_code}")
    return elapsed


def measure() -> None:
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    client = Client()
    pages = addresses()
    first = {kind: [timed(client, path) for path in paths] for kind, paths in pages.items()}
    later: dict[str, list[float]] = {kind: [] for kind in pages}
    for _ in range(ROUNDS):
        for kind, paths in pages.items():
            later[kind].extend(timed(client, path) for path in paths)
    print(f"{'page':<11}{'pages':>6}{'first p50':>11}{'first p95':>11}{'p50':>8}{'p95':>8}{'max':>8}   floor (p95)")
    for kind, times in later.items():
        floor = FLOORS[kind]
        p95 = percentile(times, 95)
        verdict = "met" if p95 <= floor else "not met"
        print(
            f"{kind:<11}{len(pages[kind]):>6}{statistics.median(first[kind]):>9.1f}ms{percentile(first[kind], 95):>9.1f}ms"
            f"{statistics.median(times):>6.1f}ms{p95:>6.1f}ms{max(times):>6.1f}ms   <= {floor:g} ms: {verdict}"
        )
    print(f"(server time through Django's test client, store of rendered pages off; {ROUNDS} rounds after the first)")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="rulesite.settings_test",
            DATABASE_URL=f"sqlite:///{pathlib.Path(folder) / 'bench.sqlite3'}",
            PUBLIC_CACHE_ENABLED="0",
        )
        for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        print("Content pages rendered on every request (the store of rendered pages off):", flush=True)
        subprocess.run([sys.executable, __file__, CHILD_FLAG], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    if CHILD_FLAG in sys.argv:
        sys.path.insert(0, str(ROOT))
        measure()
    else:
        main()
