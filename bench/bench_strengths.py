"""How strong are the computer players? Every pairing (strong, beginner, random) in every registered
game and every number of seats, seeded; prints win rates with 95 % confidence intervals (Wilson) and
the thinking time per decision (processor time: one core's work, whatever else the machine runs).

A game of n seats seats the first player of a pairing once and the second in the other seats (the
first player's seat turns with the seed). "beats" is the rate at which the first player ends ahead
of a seat of the second (rules.core.matches.score_against: winners first, then the result's
scores): the head-to-head win rate, the one the strengths are held to (strong beats random in at
least 80 %, the beginner in at least 60 %); with two seats it is the plain win rate. "wins" is the
share of games the first player won outright (shared wins count a share), to compare with 1/n.

A game of one seat (a solo game) has no opponent at the table: each seed is played by both players
of the pairing, and the first beats the second when its game ends better by the game's own measure
(``ComputerPlayers.solo_score``: in De Betoverde Torens, fewer cards discarded, bt-solo-score);
equal is half.

    python bench/bench_strengths.py                      # everything, 4 games per cell (make bench)
    python bench/bench_strengths.py --games 100 --game torens-en-dieven --seats 2,3
    python bench/bench_strengths.py --game betoverde-torens --setup teams=1 --seats 4,6
    python bench/bench_strengths.py --games 200 --cores 0,1   # one worker pinned to each core
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pathlib
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from rules.core.advice import advisable, advise  # noqa: E402
from rules.core.bots import next_action, random_bots  # noqa: E402
from rules.core.engine import Engine  # noqa: E402
from rules.core.matches import play_match, score_against, wilson  # noqa: E402
from rules.core.registry import GameSpec, all_games, get_game  # noqa: E402
from rules.core.setup import validate_setup  # noqa: E402
from rules.core.strengths import BEGINNER, RANDOM, STRONG  # noqa: E402

PAIRS = ((STRONG, RANDOM), (STRONG, BEGINNER), (BEGINNER, RANDOM))
FLOORS = {(STRONG, RANDOM): 0.8, (STRONG, BEGINNER): 0.6}  # issue 40's floors for "beats"
MOVE_P95 = 0.3  # seconds: issue 40's ceiling for the strong player's p95 thinking time


def setups_by_seats(engine: Engine[Any], extra: dict[str, str] | None = None) -> dict[int, dict[str, Any]]:
    """A setup for every number of seats the game has: its default setup with the option that sets
    the number of seats changed (``extra``: other options as text, e.g. ``teams=1``)."""
    default = validate_setup(engine, {})
    if extra:
        given = validate_setup(engine, dict(extra), from_strings=True)
        default = {**default, **{name: given[name] for name in extra}}
    out: dict[int, dict[str, Any]] = {len(engine.seats(engine.initial_state(default))): default}
    for option in engine.setup_options():
        if option.kind != "int" or option.min is None or option.max is None or option.max - option.min > 20:
            continue
        for value in range(option.min, option.max + 1):
            try:
                setup = validate_setup(engine, {**default, option.name: value})
                seats = len(engine.seats(engine.initial_state(setup)))
            except Exception:  # noqa: BLE001 - a value the game's other options do not allow
                continue
            out.setdefault(seats, setup)
    return dict(sorted(out.items()))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


@dataclass(frozen=True)
class Job:
    slug: str
    setup: dict[str, Any]
    first: str
    second: str
    seed: int


@dataclass
class Game:
    """One seed of a cell: how the first player did against the second, and the thinking times."""

    beats: float = 0.0  # summed over the second player's seats
    pairs: int = 0
    wins: float = 0.0
    actions: int = 0
    unfinished: int = 0
    times: dict[str, list[float]] = field(default_factory=dict)  # per player name
    solo: tuple[float, float] | None = None  # the two solo games' scores (first, second)


def play_job(job: Job) -> Game:
    spec = get_game(job.slug)
    assert spec is not None
    engine, players = spec.engine, spec.players
    seats = engine.seats(engine.initial_state(job.setup))
    out = Game(times={job.first: [], job.second: []})
    if len(seats) == 1:
        measures, scores = [], []
        for name in (job.first, job.second):
            solo = play_match(engine, job.setup, {seats[0]: make(spec, name)}, job.seed)
            out.times[name] += solo.times[seats[0]]
            out.actions += solo.actions
            out.unfinished += solo.result is None
            measures.append(players.solo_score(solo.result, seats[0]) if solo.result else float("-inf"))
            scores.append(float(solo.result.scores.get(seats[0], 0.0)) if solo.result else float("nan"))
        a, b = measures
        out.beats, out.pairs, out.solo = (1.0 if a > b else 0.5 if a == b else 0.0), 1, (scores[0], scores[1])
        return out
    mine = seats[job.seed % len(seats)]
    bots = {seat: make(spec, job.first if seat == mine else job.second) for seat in seats}
    match = play_match(engine, job.setup, bots, job.seed)
    out.actions = match.actions
    for seat in seats:
        out.times[job.first if seat == mine else job.second] += match.times[seat]
    result = match.result
    out.unfinished = result is None
    if result is not None and mine in result.winners:
        out.wins = 1 / len(result.winners)
    for seat in seats:
        if seat != mine:
            out.beats += score_against(result, mine, seat)
            out.pairs += 1
    return out


def make(spec: GameSpec, name: str) -> Any:
    bot = spec.players.make(name)
    assert bot is not None
    return bot


def summary(spec: GameSpec, seats: int, first: str, second: str, games: list[Game]) -> str:
    n = len(games)
    beats, pairs = sum(g.beats for g in games), sum(g.pairs for g in games)
    lo, hi = wilson(beats, pairs)
    times = [t for g in games for t in g.times[first]]
    p95 = percentile(times, 0.95)
    floor = FLOORS.get((first, second))
    verdict = ""
    if floor is not None:
        verdict = " MET" if beats / pairs >= floor else " MISSED"
        verdict += f" (floor {floor:.0%}{', ' + format(lo, '.0%') + ' lower bound' if lo < floor <= beats / pairs else ''})"
    if first == STRONG and p95 > MOVE_P95:
        verdict += " SLOW"
    unfinished = sum(g.unfinished for g in games)
    note = f"; {unfinished} unfinished" if unfinished else ""
    head = f"{spec.slug} {seats} seats: {first} vs {second}: beats {beats / pairs:.1%} [{lo:.1%}-{hi:.1%}]"
    if seats == 1:
        means = [statistics.mean(g.solo[k] for g in games if g.solo) for k in (0, 1)]
        return (f"{head} (solo: the better game by the game's measure; mean score {first} {means[0]:.1f}, {second} {means[1]:.1f}) "
                f"in {n} seeds; {first} p95 {p95 * 1000:.0f} ms{note}{verdict}")
    wins = sum(g.wins for g in games)
    wlo, whi = wilson(wins, n)
    return (f"{head}, wins {wins / n:.1%} [{wlo:.1%}-{whi:.1%}] (fair share {1 / seats:.0%}) in {n} games, "
            f"median {statistics.median(g.actions for g in games):.0f} actions; {first} p95 {p95 * 1000:.0f} ms{note}{verdict}")


def advice_times(spec: GameSpec, count: int = 20) -> list[float]:
    """Processor time of "what would a good player do?" (the strong player's plan) at the first
    ``count`` choices of more than one action in a seeded random game."""
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    rng = random.Random(1)
    bots = random_bots(engine, state)
    times: list[float] = []
    for index in range(5000):
        if len(times) >= count or engine.is_over(state):
            break
        if advisable(spec, state) and len(engine.legal_actions(state)) > 1:
            start = time.process_time()
            advise(spec, state, random.Random(index))
            times.append(time.process_time() - start)
        action = next_action(engine, state, bots, rng)
        if action is None:
            break
        state, _events = engine.apply(state, action)
    return times


def pin(cores: multiprocessing.Queue[int]) -> None:
    """A worker takes the next core of the list and stays on it."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {cores.get()})


def run(jobs: list[Job], cores: list[int]) -> Iterator[Game]:
    if len(cores) <= 1:
        if cores and hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(0, {cores[0]})
        yield from map(play_job, jobs)
        return
    queue: multiprocessing.Queue[int] = multiprocessing.Queue()
    for core in cores:
        queue.put(core)
    with multiprocessing.Pool(len(cores), initializer=pin, initargs=(queue,)) as pool:
        yield from pool.imap(play_job, jobs, chunksize=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="seeded games per pairing and number of seats (0: only the advice's time)")
    parser.add_argument("--game", action="append", help="only this game (slug; may be repeated)")
    parser.add_argument("--seats", help="only these numbers of seats, e.g. 2,3")
    parser.add_argument("--pairs", help="only these pairings, e.g. strong-random,strong-beginner")
    parser.add_argument("--setup", action="append", default=[], help="a setup option, e.g. teams=1 (may be repeated)")
    parser.add_argument("--cores", help="run one worker pinned to each of these cores, e.g. 0,1 (default: this process, unpinned)")
    parser.add_argument("--no-advice", action="store_true", help="skip timing the advice")
    args = parser.parse_args()
    only_seats = {int(n) for n in args.seats.split(",")} if args.seats else None
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",")] if args.pairs else PAIRS
    cores = [int(c) for c in args.cores.split(",")] if args.cores else []
    extra = dict(item.split("=", 1) for item in args.setup)
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; workers on cores {cores or 'any'}")
    for spec in all_games():
        if args.game and spec.slug not in args.game:
            continue
        started = time.perf_counter()
        cells = [(count, setup, first, second) for count, setup in setups_by_seats(spec.engine, extra).items()
                 if args.games > 0 and (not only_seats or count in only_seats) for first, second in pairs]
        jobs = [Job(spec.slug, setup, first, second, seed) for _c, setup, first, second in cells for seed in range(args.games)]
        results = run(jobs, cores)
        times: dict[str, list[float]] = {STRONG: [], BEGINNER: []}
        for count, _setup, first, second in cells:
            games = [next(results) for _ in range(args.games)]
            for game in games:
                for name, t in game.times.items():
                    times.setdefault(name, []).extend(t)
            print(summary(spec, count, first, second, games), flush=True)
        for name in (STRONG, BEGINNER) if args.games > 0 else ():
            t = times.get(name) or [0.0]
            print(f"{spec.slug} {name}: thinking time per decision (processor) median {statistics.median(t) * 1000:.1f} ms, "
                  f"p95 {percentile(t, 0.95) * 1000:.1f} ms, max {max(t) * 1000:.1f} ms over {len(t)} decisions")
        if not args.no_advice:
            t = advice_times(spec) or [0.0]
            print(f"{spec.slug} advice (the strong player's plan): median {statistics.median(t) * 1000:.1f} ms, "
                  f"p95 {percentile(t, 0.95) * 1000:.1f} ms, max {max(t) * 1000:.1f} ms over {len(t)} positions")
        print(f"{spec.slug}: {time.perf_counter() - started:.0f} s", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
