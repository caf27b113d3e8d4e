"""The site search: how well it answers players' questions, and how fast it answers a keystroke.

1. On the labelled player questions, per half (tuning: the weights are learned on it; test: not)
   and language (sitewide/evaluation.py): the share whose answer is the first result and among
   the first five on the search page, the first of the suggestions (the question typed whole),
   the share of answered questions wrongly said to have "no ruling", and the share of the
   questions no rule answers (bench/search_unanswerable*.toml) said to have none.
2. With 10,000 published FAQ entries besides the rulebooks: every question of the labelled set
   typed letter by letter into the ask form's suggestions (``sitewide.search.suggest``, as the
   suggestions endpoint calls it, and through the endpoint itself): p50/p95/max server time per
   keystroke, and the time to build a language's index after a content change.

Runs in a child process on a throwaway SQLite database (migrated, the rulebooks and curated FAQ
loaded, the entries made from sentences of the rulebooks), so it never touches the site's own
database. Prints figures only: no assertions on time.

``BENCH_SEARCH_ENTRIES=N`` changes the number of entries; ``BENCH_SEARCH_QUESTIONS=N`` how many
labelled questions are typed (default all).
"""

import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENTRIES = int(os.environ.get("BENCH_SEARCH_ENTRIES", "10000"))
TYPED = int(os.environ.get("BENCH_SEARCH_QUESTIONS", "0"))
CHILD_FLAG = "--measure"


def percentile(values: Iterable[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


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


def report_recall() -> None:
    from sitewide.evaluation import (
        HALVES,
        answerable,
        by_language,
        evaluate,
        no_ruling,
        recall,
        suggestions,
        unanswerable,
    )

    print(
        f"{'half':<8}{'lang':<6}{'questions':>10}{'recall@1':>10}{'recall@5':>10}{'suggest@1':>10}"
        f"{'wrong NR':>10}{'unansw.':>9}{'said NR':>9}"
    )
    for half in HALVES:
        page = by_language(evaluate(answerable(half)))
        typed = by_language(evaluate(answerable(half), suggestions))
        none = by_language(evaluate(unanswerable(half)))
        for lang in ("nl", "de", "en", "all"):
            part = page[lang]
            print(
                f"{half:<8}{lang:<6}{len(part):>10}{recall(part, 1):>10.0%}{recall(part, 5):>10.0%}"
                f"{recall(typed[lang], 1):>10.0%}{no_ruling(part):>10.1%}{len(none[lang]):>9}{no_ruling(none[lang]):>9.0%}"
            )
    print("(wrong NR: answered questions said to have no ruling; said NR: questions no rule answers said to have none)")


def report_keystrokes() -> None:
    from django.test import Client

    from faq.models import Entry
    from pagecache.httpcache import STORE, bump
    from sitewide import search
    from sitewide.evaluation import answerable

    started = time.perf_counter()
    make_entries(ENTRIES)
    print(f"\n{Entry.objects.published().count()} published FAQ entries ({time.perf_counter() - started:.1f} s to make)")
    builds = []
    for lang in ("nl", "de", "en"):
        bump()
        t0 = time.perf_counter()
        search.INDEXES.get(lang)
        builds.append(f"{lang} {time.perf_counter() - t0:.2f} s")
    print("index build after a content change: " + ", ".join(builds))
    questions = answerable("tuning")
    if TYPED:
        questions = questions[:TYPED]
    client = Client()
    server, cpu, page = [], [], []
    for q in questions:
        for end in range(1, len(q.text) + 1):
            typed = q.text[:end]
            game = q.page_game
            t0, c0 = time.perf_counter(), time.process_time()
            search.suggest(typed, q.lang, game=game, partial=True)
            server.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            if end % 5 == 0:  # every fifth keystroke also through the endpoint (template and middleware)
                STORE.clear()
                t0 = time.perf_counter()
                response = client.get(f"/{q.lang}/search/suggest/", {"q": typed, "in": game or "", "ask": "1"})
                page.append((time.perf_counter() - t0) * 1000)
                assert response.status_code == 200, response.status_code
    print(f"{len(server)} keystrokes of {len(questions)} questions typed letter by letter:")
    print(f"{'':<22}{'p50 ms':>9}{'p95 ms':>9}{'max ms':>9}")
    for label, values in (("suggest()", server), ("suggest() CPU", cpu), ("endpoint (1 in 5)", page)):
        print(f"{label:<22}{statistics.median(values):>9.1f}{percentile(values, 95):>9.1f}{max(values):>9.1f}")


def measure() -> None:
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    report_recall()
    report_keystrokes()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="rulesite.settings_test",
            DATABASE_URL=f"sqlite:///{pathlib.Path(folder) / 'bench.sqlite3'}",
        )
        for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        print(f"Search: labelled questions, then {ENTRIES} FAQ entries typed into letter by letter:", flush=True)
        subprocess.run([sys.executable, __file__, CHILD_FLAG], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    if CHILD_FLAG in sys.argv:
        sys.path.insert(0, str(ROOT))
        measure()
    else:
        main()
