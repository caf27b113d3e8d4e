"""The site search with 10,000 published FAQ entries: server time of typical queries (Dutch, German,
a one-letter term, a compound part, two words) through ``sitewide.search.run_search`` and through
the search page itself. Prints p50/p95/max per query, wall clock and CPU time (no assertions on
time).

Runs in a child process on a throwaway SQLite database (migrated, the rulebooks loaded, the
entries made from sentences of the rulebooks), so it never touches the site's own database and
does not depend on the Django setup of the other benchmarks in the same ``make bench`` run.

``BENCH_SEARCH_ENTRIES=N`` changes the number of entries; ``BENCH_SEARCH_ROUNDS=N`` the repeats.
"""

import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENTRIES = int(os.environ.get("BENCH_SEARCH_ENTRIES", "10000"))
ROUNDS = int(os.environ.get("BENCH_SEARCH_ROUNDS", "30"))
QUERIES = ["toren", "monster", "e", "zugbrücke", "Spieler", "de", "tovenaar toren", "raventoren"]
CHILD_FLAG = "--measure"


def percentile(values, p):
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def make_entries(count: int) -> None:
    from faq.models import Entry
    from rulebooks.models import Clause

    rng = random.Random(13)
    sentences: dict[str, list[str]] = {}
    for game_id, text in Clause.objects.values_list("game_id", "body_text"):
        sentences.setdefault(game_id, []).extend(s.strip() for s in text.split(".") if len(s.strip()) > 20)
    games = sorted(sentences)
    batch = []
    for i in range(count):
        game = games[i % len(games)]
        pool = sentences[game]
        entry = Entry(
            game_id=game,
            slug=f"bench-{i}",
            question=rng.choice(pool)[:200] + "?",
            answer=". ".join(rng.sample(pool, min(3, len(pool)))) + ".",
            published=True,
            status=Entry.ANSWERED,
        )
        entry.render()
        entry.apply_dates()
        batch.append(entry)
    Entry.objects.bulk_create(batch, batch_size=500)


def measure() -> None:
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    from faq.models import Entry
    from rulesite.httpcache import STORE
    from sitewide.search import run_search

    setup_test_environment()
    started = time.perf_counter()
    make_entries(ENTRIES)
    print(f"{Entry.objects.published().count()} published FAQ entries made in {time.perf_counter() - started:.1f} s")
    client = Client()
    # Wall-clock times, and the CPU time of this process (the search and SQLite, which runs in
    # it): on a busy machine the wall clock includes waiting for a core, the CPU time does not.
    print(f"{'query':<18}{'matches':>9}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}{'cpu p95':>9}{'page p95':>10}")
    for text in QUERIES:
        times, cpu_times, page_times = [], [], []
        result = run_search({"q": text})  # warm up
        for _ in range(ROUNDS):
            t0, c0 = time.perf_counter(), time.process_time()
            result = run_search({"q": text})
            times.append((time.perf_counter() - t0) * 1000)
            cpu_times.append((time.process_time() - c0) * 1000)
            STORE.clear()  # the page rendered, not the stored copy a repeat request gets
            t0 = time.perf_counter()
            response = client.get("/nl/search/", {"q": text})
            page_times.append((time.perf_counter() - t0) * 1000)
            assert response.status_code == 200, response.status_code
        matches = result["total"] + result["faq_total"]
        print(
            f"{text:<18}{matches:>9}{statistics.median(times):>9.1f}{percentile(times, 95):>9.1f}"
            f"{max(times):>9.1f}{percentile(cpu_times, 95):>9.1f}{percentile(page_times, 95):>10.1f}"
        )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="rulesite.settings_test",
            DATABASE_URL=f"sqlite:///{pathlib.Path(folder) / 'bench.sqlite3'}",
        )
        for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        print(f"Search, {ENTRIES} FAQ entries plus the rulebooks' clauses, {ROUNDS} rounds per query:", flush=True)
        subprocess.run([sys.executable, __file__, CHILD_FLAG], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    if CHILD_FLAG in sys.argv:
        sys.path.insert(0, str(ROOT))
        measure()
    else:
        main()
