"""Issue 40: every registered game declares its computer players in two strengths (its GameSpec's
``players``), the strong player beats random play in seeded games (a small search budget; the
figures are bench/bench_strengths.py's), a seed decides a game, and the players read nothing but
their seat's view (docs/ARCHITECTURE.md, hidden information)."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules.core.bots import SeatView, next_action, random_bots
from rules.core.matches import play_match, score_against, wilson
from rules.core.registry import GameSpec, all_games
from rules.core.setup import validate_setup
from rules.core.strengths import BEGINNER, RANDOM, STRENGTHS, STRONG, ComputerPlayers, random_player
from tests.rulebook_ids import clause_ids, rulebook_path

GAMES = all_games()
params = pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
SEEDED_GAMES = 3  # per game, strong against random in a two-seat game (the smallest the game has)
BUDGET = 0.25  # of the search the site plays with


def two_seats(spec: GameSpec) -> dict[str, Any]:
    """The game's default setup with its fewest seats above one."""
    engine = spec.engine
    default = validate_setup(engine, {})
    best = default
    for option in engine.setup_options():
        if option.kind == "int" and option.min is not None and option.max is not None and option.max - option.min <= 20:
            for value in range(option.min, option.max + 1):
                setup = validate_setup(engine, {**default, option.name: value})
                if len(engine.seats(engine.initial_state(setup))) == 2:
                    return setup
    return best


@params
def test_every_game_declares_a_beginner_and_a_strong_player(spec: GameSpec):
    players = spec.players
    assert isinstance(players, ComputerPlayers)
    assert tuple(spec.bots)[:2] == STRENGTHS and RANDOM in spec.bots
    assert players.strongest == STRONG
    for name in spec.bots:
        bot = players.make(name, budget=BUDGET)
        assert bot is not None and bot.name == name
    for old, new in players.aliases.items():
        assert players.name_of(old) == new and old in players.accepted_names()
    assert players.make("grandmaster") is None and players.name_of("grandmaster") is None


@params
def test_the_strong_player_beats_random_play_in_seeded_games(spec: GameSpec):
    setup = two_seats(spec)
    engine = spec.engine
    seats = engine.seats(engine.initial_state(setup))
    beats = 0.0
    for seed in range(SEEDED_GAMES):
        strong_seat = seats[seed % len(seats)]
        bots = {seat: spec.players.make(STRONG if seat == strong_seat else RANDOM, budget=BUDGET) for seat in seats}
        match = play_match(engine, setup, bots, seed)  # raises if a player chose an illegal action
        assert match.result is not None, "the game ends"
        beats += min(score_against(match.result, strong_seat, seat) for seat in seats if seat != strong_seat)
    assert beats >= SEEDED_GAMES - 1, f"{spec.slug}: strong beat random in {beats} of {SEEDED_GAMES} games"


@params
def test_a_seed_decides_every_choice(spec: GameSpec):
    """The same view and the same seed give the same choice, for both strengths (the simulator shows
    the computer's move as a link before it is played, and the advice of an address never changes)."""
    engine = spec.engine
    for name in (BEGINNER, STRONG):
        for view in decisions(spec, count=4):
            choices = {spec.players.make(name, budget=BUDGET).choose_action(engine, view, random.Random(9)) for _ in range(2)}
            assert len(choices) == 1 and choices <= set(view.legal_actions)


def decisions(spec: GameSpec, count: int, seed: int = 5) -> list[SeatView]:
    """Seat views of the first ``count`` choices of more than one action in a random game, each
    built from a deep copy of the observation: nothing of the state is reachable from it."""
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    rng = random.Random(seed)
    bots = random_bots(engine, state)
    views: list[SeatView] = []
    for _ in range(3000):
        if len(views) >= count or engine.is_over(state):
            break
        actor = engine.current_actor(state)
        legal = tuple(engine.legal_actions(state))
        if actor in engine.seats(state) and len(legal) > 1:
            observation = copy.deepcopy(engine.observation(state, actor))
            views.append(SeatView(actor, legal, lambda o=observation: copy.deepcopy(o)))
        action = next_action(engine, state, bots, rng)
        assert action is not None
        state, _events = engine.apply(state, action)
    return views


def test_random_play_is_offered_as_a_player_too():
    assert random_player().name == RANDOM


def test_a_win_rate_interval():
    lo, hi = wilson(8, 10)
    assert 0.44 < lo < 0.5 and 0.94 < hi < 0.95  # 80 % of 10: the Wilson interval
    assert wilson(0, 0) == (0.0, 1.0)


def clauses_of(spec: GameSpec) -> frozenset[str]:
    path = rulebook_path(spec.slug)
    return clause_ids(path if path.exists() else spec.package_dir / "rulebook.md")


@params
def test_the_strong_players_moves_come_with_reasons_that_cite_the_rulebook(spec: GameSpec):
    """Each reason is a sentence of the game's catalogues in nl, de and en, citing a clause of its
    rulebook (what "What would a good player do?" shows)."""
    engine = spec.engine
    known = clauses_of(spec)
    explained = 0
    for view in decisions(spec, count=3, seed=11):
        action = spec.players.make(STRONG, budget=BUDGET).choose_action(engine, view, random.Random(2))
        reasons = spec.players.explain(engine, view, action)
        explained += bool(reasons)
        for reason in reasons:
            assert reason.clause in known, f"{spec.slug}: {reason.key} cites {reason.clause}"
            for lang in ("nl", "de", "en"):
                assert engine.label(reason.key, lang, **reason.data)
    assert explained, f"{spec.slug}: no move was explained"
