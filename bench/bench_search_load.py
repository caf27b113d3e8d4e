"""Suggestions under load (issue 35): 20 players typing new questions at once into one server
process, as the site's JavaScript sends them (static/js/site.js: a request once two letters are
typed, then on every change, never two at a time per box and at most one every 200 ms, the last
text always sent), typing a key every 120 ms.

The server is what ``make run`` starts: uvicorn, one process (``rulesite.asgi``), on a throwaway
SQLite database with the rulebooks and the curated FAQ loaded. The questions are new: word runs
cut at random from the rulebooks' sentences in each typer's language (nl, de or en), with a typo
in one word in four, so no answer, word or page is cached from an earlier question. Two runs:

1. the search box's suggestions (``/<lang>/search/suggest/?q=…&in=<game>``);
2. the ask form's suggestions from the simulator, with a long game's position attached
   (``&ask=1&position=/<lang>/<game>/sim/?log=…&step=…``: every typer its own random full game).

Prints, per run, the requests, the keystrokes per request, the time per request as the typers
see it on the loopback (which is the server's time, queueing in the process included): p50, p95,
max, and the server process's CPU time per request (from /proc: what a request costs however
busy the machine is) with the load average, since on a shared machine the wait for a core is part
of every time measured. Prints figures only; asserts nothing about speed. ``BENCH_LOAD_SECONDS`` (default 30) is how
long each run types; ``BENCH_LOAD_TYPERS`` (default 20) how many type at once.
"""

from __future__ import annotations

import http.client
import os
import pathlib
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SECONDS = float(os.environ.get("BENCH_LOAD_SECONDS", "30"))
TYPERS = int(os.environ.get("BENCH_LOAD_TYPERS", "20"))
KEY_MS = 120  # one key every 120 ms
GAP_MS = 200  # as static/js/site.js TYPEAHEAD_GAP
LANGS = ("nl", "de", "en")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))]


def questions_from_rulebooks(env: dict[str, str], count: int) -> list[tuple[str, str, str]]:
    """(lang, game, question): word runs from the rulebooks' texts, typos in some."""
    code = (
        "import django, json; django.setup()\n"
        "from rulebooks.models import Clause, ClauseTranslation\n"
        "rows = [(c.game.language, c.game_id, c.body_text) for c in Clause.objects.select_related('game')]\n"
        "rows += [(t.language, t.game_id, t.body_text) for t in ClauseTranslation.objects.all()]\n"
        "print(json.dumps(rows))\n"
    )
    import json

    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    rows = json.loads(out.stdout)
    rng = random.Random(35)
    found: list[tuple[str, str, str]] = []
    while len(found) < count:
        lang, game, text = rng.choice(rows)
        words = [w.strip(".,;:()[]*“”\"'") for w in text.split()]
        words = [w for w in words if w]
        if len(words) < 12:
            continue
        start = rng.randrange(0, len(words) - 10)
        run = [w.lower() for w in words[start : start + rng.randint(5, 9)]]
        if rng.random() < 0.25:
            i = rng.randrange(len(run))
            if len(run[i]) > 3:
                j = rng.randrange(len(run[i]) - 1)
                run[i] = run[i][:j] + run[i][j + 1] + run[i][j] + run[i][j + 2 :]
        found.append((lang, game, " ".join(run)))
    return found


def long_game_positions(count: int) -> list[str]:
    """Simulator addresses of the last step of random full games of Finstere Flure."""
    from rules.core.bots import play, random_bots
    from rules.core.codec import Log, encode
    from rules.core.registry import get_engine
    from rules.core.setup import random_setup

    engine = get_engine("finstere-flure")
    assert engine is not None
    found = []
    for seed in range(count):
        rng = random.Random(seed)
        setup = random_setup(engine, rng)
        game = play(engine, engine.initial_state(setup), random_bots(engine, engine.initial_state(setup)), rng)
        log = encode(Log(setup=dict(setup), actions=tuple(game.actions)))
        found.append(f"/{LANGS[seed % 3]}/finstere-flure/sim/?log={log}&step={len(game.actions)}")
    return found


class Typer(threading.Thread):
    """One player typing questions one after another, for ``seconds``."""

    def __init__(self, port: int, questions: list[tuple[str, str, str]], position: str, seconds: float):
        super().__init__(daemon=True)
        self.port, self.questions, self.position, self.seconds = port, questions, position, seconds
        self.times: list[float] = []
        self.keys = 0
        self.errors = 0

    def request(self, connection: http.client.HTTPConnection, lang: str, game: str, text: str) -> None:
        params = {"q": text, "in": game}
        if self.position:
            params.update(ask="1", position=self.position)
        path = f"/{lang}/search/suggest/?{urllib.parse.urlencode(params)}"
        started = time.perf_counter()
        connection.request("GET", path, headers={"HX-Request": "true"})
        response = connection.getresponse()
        response.read()
        self.times.append((time.perf_counter() - started) * 1000)
        self.errors += response.status != 200

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        end = time.perf_counter() + self.seconds
        for lang, game, question in self.questions:
            if time.perf_counter() > end:
                break
            self.type(connection, lang, game, question)
        connection.close()

    def type(self, connection: http.client.HTTPConnection, lang: str, game: str, question: str) -> None:
        started = time.perf_counter()
        sent, last = "", -1e9
        while True:
            now = time.perf_counter()
            typed = min(len(question), int((now - started) * 1000 / KEY_MS) + 1)
            text = question[:typed]
            if text != sent and len(text.strip()) >= 2 and (now - last) * 1000 >= GAP_MS:
                last = now
                sent = text
                self.request(connection, lang, game, text)
                continue
            if typed == len(question) and sent == text:
                self.keys += len(question)
                time.sleep(1.0)  # reads the suggestions, then the next question
                return
            wait = min(KEY_MS / 1000 - ((now - started) % (KEY_MS / 1000)), max(0.0, last + GAP_MS / 1000 - now) or 1.0)
            time.sleep(max(0.001, wait))


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a process has used so far (Linux /proc)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run(port: int, questions: list[tuple[str, str, str]], positions: list[str], label: str, server: int) -> None:
    per = len(questions) // TYPERS
    typers = [
        Typer(port, questions[i * per : (i + 1) * per], positions[i] if positions else "", SECONDS)
        for i in range(TYPERS)
    ]
    started, cpu = time.perf_counter(), cpu_seconds(server)
    for typer in typers:
        typer.start()
    for typer in typers:
        typer.join()
    took = time.perf_counter() - started
    cpu = cpu_seconds(server) - cpu
    times = [t for typer in typers for t in typer.times]
    keys = sum(typer.keys for typer in typers)
    errors = sum(typer.errors for typer in typers)
    print(
        f"{label:<44}{len(times):>6}{len(times) / took:>8.1f}{keys / max(1, len(times)):>8.2f}"
        f"{statistics.median(times):>8.1f}{percentile(times, 95):>8.1f}{max(times):>8.1f}{errors:>7}"
        f"{cpu * 1000 / max(1, len(times)):>9.1f}{cpu / took:>7.0%}",
        flush=True,
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(DJANGO_SETTINGS_MODULE="rulesite.settings_test", DATABASE_URL=f"sqlite:///{pathlib.Path(folder) / 'load.sqlite3'}")
        for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        questions = questions_from_rulebooks(env, TYPERS * 200)
        about_ff = [q for q in questions if q[1] == "finstere-flure"][: TYPERS * 20]
        questions = [q for q in questions if q[1] != "finstere-flure"][: TYPERS * 20]
        positions = long_game_positions(TYPERS)
        port = free_port()
        server = subprocess.Popen(
            [str(pathlib.Path(sys.executable).parent / "uvicorn"), "rulesite.asgi:application", "--port", str(port),
             "--no-access-log", "--log-level", "warning"],
            cwd=ROOT, env=env,
        )  # fmt: skip
        try:
            for _ in range(300):
                try:
                    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    for lang in LANGS:  # build every language's index before measuring
                        connection.request("GET", f"/{lang}/search/suggest/?q=warm")
                        connection.getresponse().read()
                    break
                except OSError:
                    time.sleep(0.2)
            lengths = [len(p) for p in positions]
            print(
                f"Suggestions under load: {TYPERS} typers at once, a key every {KEY_MS} ms, {SECONDS:.0f} s a run, "
                f"one uvicorn process (positions of {min(lengths)}-{max(lengths)} characters)"
            )
            print(
                f"{'run':<44}{'reqs':>6}{'req/s':>8}{'keys/r':>8}{'p50 ms':>8}{'p95 ms':>8}{'max ms':>8}{'errors':>7}"
                f"{'cpu ms/r':>9}{'cpu':>7}"
            )
            run(port, questions, [], "search box (new questions)", server.pid)
            run(port, about_ff, positions, "ask form with a long game's position", server.pid)
            load = os.getloadavg()[0]
            print(
                f"(times as the typers see them on the loopback, the process's queue included; cpu ms/r: the "
                f"server process's CPU time per request; cpu: its share of one core; load average {load:.1f} "
                f"on {os.cpu_count()} cores)"
            )
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
