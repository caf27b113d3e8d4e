"""How strong are the computer players? Every pairing (strong, beginner, random) in every registered
game and every number of seats, seeded; prints win rates with 95 % confidence intervals (Wilson) and
the thinking time per move (processor time: one core's work, whatever else the machine runs).

A game of n seats seats the first player of a pairing once and the second in the other seats (the
first player's seat turns with the seed). "beats" is the rate at which the first player ends ahead
of a seat of the second (rules.core.matches.score_against: winners first, then the result's
scores); "wins" is the share of games the first player won outright (shared wins count a share),
to compare with 1/n. A game of one seat (a solo game) plays each seed with both players and
compares their scores (the engine's Result.scores; "lower" is the share of seeds where the first
scored lower: for De Betoverde Torens solo the cards discarded, where fewer is better).

    python bench/bench_strengths.py                      # everything, 4 games per cell (make bench)
    python bench/bench_strengths.py --games 100 --game torens-en-dieven --seats 2,3
    python bench/bench_strengths.py --game betoverde-torens --setup teams=1 --seats 4,6
    taskset -c 0 python bench/bench_strengths.py ...     # one core
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from rules.core.advice import advisable, advise  # noqa: E402
from rules.core.bots import next_action, random_bots  # noqa: E402
from rules.core.engine import Engine  # noqa: E402
from rules.core.matches import Match, play_match, score_against, wilson  # noqa: E402
from rules.core.registry import GameSpec, all_games  # noqa: E402
from rules.core.setup import validate_setup  # noqa: E402
from rules.core.strengths import BEGINNER, RANDOM, STRONG  # noqa: E402

PAIRS = ((STRONG, RANDOM), (STRONG, BEGINNER), (BEGINNER, RANDOM))


def setups_by_seats(engine: Engine[Any], extra: dict[str, str] | None = None) -> dict[int, dict[str, Any]]:
    """A setup for every number of seats the game has (its default setup otherwise; ``extra``: other
    options, e.g. De Betoverde Torens' ``teams``)."""
    default = validate_setup(engine, dict(extra or {}), from_strings=True)
    out: dict[int, dict[str, Any]] = {len(engine.seats(engine.initial_state(default))): default}
    for option in engine.setup_options():
        if option.kind != "int" or option.min is None or option.max is None or option.max - option.min > 20:
            continue
        for value in range(option.min, option.max + 1):
            try:
                setup = validate_setup(engine, {**default, option.name: value})
            except Exception:  # noqa: BLE001 - a value the game's other options do not allow
                continue
            out.setdefault(len(engine.seats(engine.initial_state(setup))), setup)
    return dict(sorted(out.items()))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def cell(spec: GameSpec, setup: dict[str, Any], first: str, second: str, games: int, times: dict[str, list[float]]) -> str:
    engine = spec.engine
    seats = engine.seats(engine.initial_state(setup))
    players = spec.players
    beats = wins = 0.0
    pairs = 0
    unfinished = 0
    actions: list[int] = []
    lower = 0.0
    scores: dict[str, list[float]] = {first: [], second: []}
    for seed in range(games):
        if len(seats) == 1:
            for name in (first, second):
                bot = players.make(name)
                assert bot is not None
                solo = play_match(engine, setup, {seats[0]: bot}, seed)
                times[name] += solo.times[seats[0]]
                actions.append(solo.actions)
                if solo.result is None:
                    unfinished += 1
                scores[name].append(solo.result.scores.get(seats[0], 0.0) if solo.result else 0.0)
            a, b = scores[first][-1], scores[second][-1]
            lower += 1.0 if a < b else 0.5 if a == b else 0.0
            continue
        mine = seats[seed % len(seats)]
        bots = {}
        for seat in seats:
            bot = players.make(first if seat == mine else second)
            assert bot is not None
            bots[seat] = bot
        match: Match = play_match(engine, setup, bots, seed)
        actions.append(match.actions)
        for seat in seats:
            times[first if seat == mine else second] += match.times[seat]
        result = match.result
        if result is None:
            unfinished += 1
        elif mine in result.winners:
            wins += 1 / len(result.winners)
        for seat in seats:
            if seat != mine:
                beats += score_against(result, mine, seat)
                pairs += 1
    note = f"; {unfinished} unfinished" if unfinished else ""
    if len(seats) == 1:
        lo, hi = wilson(lower, games)
        return (f"{first} vs {second}: {first} scored lower in {lower / games:.0%} [{lo:.0%}-{hi:.0%}] of {games} seeds; "
                f"mean score {first} {statistics.mean(scores[first]):.1f}, {second} {statistics.mean(scores[second]):.1f}{note}")
    lo, hi = wilson(beats, pairs)
    wlo, whi = wilson(wins, games)
    return (f"{first} vs {second}: beats {beats / pairs:.0%} [{lo:.0%}-{hi:.0%}], wins {wins / games:.0%} "
            f"[{wlo:.0%}-{whi:.0%}] (fair share {1 / len(seats):.0%}) in {games} games, "
            f"median {statistics.median(actions):.0f} actions{note}")


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=4, help="seeded games per pairing and number of seats (0: only the advice's time)")
    parser.add_argument("--game", action="append", help="only this game (slug; may be repeated)")
    parser.add_argument("--seats", help="only these numbers of seats, e.g. 2,3")
    parser.add_argument("--pairs", help="only these pairings, e.g. strong-random,strong-beginner")
    parser.add_argument("--setup", action="append", default=[], help="a setup option, e.g. teams=1 (may be repeated)")
    args = parser.parse_args()
    only_seats = {int(n) for n in args.seats.split(",")} if args.seats else None
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",")] if args.pairs else PAIRS
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the start: {load:.1f} on {os.cpu_count()} cores")
    for spec in all_games():
        if args.game and spec.slug not in args.game:
            continue
        times: dict[str, list[float]] = {STRONG: [], BEGINNER: [], RANDOM: []}
        started = time.perf_counter()
        extra = dict(item.split("=", 1) for item in args.setup)
        for count, setup in setups_by_seats(spec.engine, extra).items():
            if (only_seats and count not in only_seats) or args.games <= 0:
                continue
            for first, second in pairs:
                line = cell(spec, setup, first, second, args.games, times)
                print(f"{spec.slug} {count} seats: {line}", flush=True)
        for name in (STRONG, BEGINNER) if args.games > 0 else ():
            t = times.get(name) or [0.0]
            print(f"{spec.slug} {name}: thinking time per move (processor) median {statistics.median(t) * 1000:.1f} ms, "
                  f"p95 {percentile(t, 0.95) * 1000:.1f} ms, max {max(t) * 1000:.1f} ms over {len(t)} moves")
        t = advice_times(spec) or [0.0]
        print(f"{spec.slug} advice (the strong player's plan): median {statistics.median(t) * 1000:.1f} ms, "
              f"p95 {percentile(t, 0.95) * 1000:.1f} ms, max {max(t) * 1000:.1f} ms over {len(t)} positions")
        print(f"{spec.slug}: {time.perf_counter() - started:.0f} s", flush=True)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average at the end: {load:.1f}")


if __name__ == "__main__":
    main()
