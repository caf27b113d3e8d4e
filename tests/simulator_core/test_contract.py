"""The contract every engine must pass, parametrised over every registered game (the real games
and the tests' toy game, registered through the same mechanism). A new game passes it without
any line added here."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from rules.core.bots import SeatView, next_action, play, random_bots
from rules.core.engine import CHANCE, TERMINAL, NotAnAction, RuleError
from rules.core.registry import GameSpec, all_games
from rules.core.setup import random_setup, validate_setup
from tests.rulebook_ids import clause_ids as rulebook_clause_ids
from tests.rulebook_ids import rulebook_path

ROOT = Path(__file__).resolve().parents[2]
GAMES = all_games()
MAX_GAME_ACTIONS = 20_000


def test_the_registry_finds_the_real_games_and_the_toy():
    slugs = [g.slug for g in GAMES]
    assert "finstere-flure" in slugs and "toy-game" in slugs


def clause_ids(slug: str) -> frozenset[str]:
    """The clause ids of the game's rulebook (content/ for real games, the package's own
    rulebook.md for the toy)."""
    path = rulebook_path(slug)
    if not path.exists():
        path = next(g for g in GAMES if g.slug == slug).package_dir / "rulebook.md"
    return rulebook_clause_ids(path)



@cache
def sample_states(slug: str, games: int = 6) -> tuple:
    """States visited by random games (several setups, all actors), for the per-state checks."""
    spec = next(g for g in GAMES if g.slug == slug)
    engine = spec.engine
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = engine.initial_state(random_setup(engine, rng))
        bots = random_bots(engine, state)
        for i in range(MAX_GAME_ACTIONS):
            if i % 7 == 0 or engine.current_actor(state) in (CHANCE, TERMINAL):
                states.append(state)
            action = next_action(engine, state, bots, rng)
            if action is None:
                break
            state, _ = engine.apply(state, action)
        states.append(state)
    return tuple(states)


def sampled(slug: str, limit: int = 150) -> list:
    states = sample_states(slug)
    step = max(1, len(states) // limit)
    return list(states[::step])


params = pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)


@params
def test_info_setup_and_messages_are_complete(spec: GameSpec):
    engine = spec.engine
    info = engine.info
    assert info.slug == spec.slug and 1 <= info.min_seats <= info.max_seats
    assert engine.messages.source.language == info.language
    assert engine.messages.problems() == []
    defaults = validate_setup(engine, {})
    assert set(defaults) == {o.name for o in engine.setup_options()}
    for option in engine.setup_options():
        assert engine.messages.has(option.label), f"setup label '{option.label}' is not in the catalogue"
        if option.clause:
            assert option.clause in clause_ids(spec.slug)
        for choice in option.choices:
            assert engine.messages.has(f"{option.label}.{choice}")
    with pytest.raises(Exception, match="unknown setup option"):
        validate_setup(engine, {"no-such-option": 1})
    engine.initial_state(defaults)


@params
def test_apply_is_pure_and_deterministic(spec: GameSpec):
    engine = spec.engine
    rng = random.Random(1)
    for state in sampled(spec.slug):
        before = json.dumps(engine.position_of(state), sort_keys=True)
        actions = engine.legal_actions(state)
        if not actions:
            continue
        action = rng.choice(actions)
        first = engine.apply(state, action)
        second = engine.apply(state, action)
        assert first[0] == second[0] and first[1] == second[1]
        assert engine.position_of(first[0]) == engine.position_of(second[0])
        assert json.dumps(engine.position_of(state), sort_keys=True) == before, "apply changed its input"


@params
def test_positions_round_trip_through_json(spec: GameSpec):
    engine = spec.engine
    for state in sampled(spec.slug):
        position = json.loads(json.dumps(engine.position_of(state)))
        again = engine.state_from_position(position)
        assert again == state
        assert engine.position_of(again) == engine.position_of(state)


@params
def test_setups_and_the_games_they_start_keep_the_setup_rules(spec: GameSpec):
    """``setup_problems`` names what no game set up by the rulebook can reach: a new game of every
    setup and every state a random game visits have none (so the check refuses only real breaks)."""
    engine = spec.engine
    rng = random.Random(11)
    for _ in range(12):
        setup = random_setup(engine, rng)
        assert engine.setup_problems(engine.initial_state(setup)) == [], setup
    for state in sample_states(spec.slug):
        assert engine.setup_problems(state) == [], engine.position_of(state)


@params
def test_actors_and_chance_nodes(spec: GameSpec):
    engine = spec.engine
    for state in sample_states(spec.slug):
        actor = engine.current_actor(state)
        outcomes = engine.chance_outcomes(state)
        assert actor in engine.seats(state) or actor in (CHANCE, TERMINAL) or actor in engine.info.automatic_actors
        assert (actor == CHANCE) == bool(outcomes)
        assert (actor == TERMINAL) == engine.is_over(state) == (engine.result(state) is not None)
        if actor == TERMINAL:
            assert engine.legal_actions(state) == []
        if outcomes:
            assert abs(sum(o.probability for o in outcomes) - 1.0) < 1e-9
            assert all(o.probability > 0 for o in outcomes)
            assert [o.action for o in outcomes] == engine.legal_actions(state)
            for o in outcomes:
                engine.apply(state, o.action)
        if actor in engine.info.automatic_actors:
            assert engine.automatic_action(state) in engine.legal_actions(state)


@params
def test_every_listed_action_is_accepted_and_every_event_cites_an_existing_clause(spec: GameSpec):
    engine = spec.engine
    known = clause_ids(spec.slug)
    for state in sampled(spec.slug, 60):
        for action in engine.legal_actions(state)[:80]:
            _after, events = engine.apply(state, action)
            for event in events:
                assert event.clause in known, f"{action}: event cites unknown clause {event.clause}"
                assert engine.describe(event)
                json.dumps(dict(event.data))


@params
def test_unlisted_well_formed_actions_are_refused_citing_an_existing_clause(spec: GameSpec):
    """Sampled completeness of legal_actions: an action that is not listed is refused (citing a
    clause of the rulebook), or it is an alias of a listed action (same successor state)."""
    engine = spec.engine
    known = clause_ids(spec.slug)
    rng = random.Random(7)
    refused = 0
    for state in sampled(spec.slug, 80):
        listed = engine.legal_actions(state)
        successors = None
        for _ in range(25):
            action = engine.random_action(state, rng)
            if action in listed:
                continue
            try:
                after, _events = engine.apply(state, action)
            except NotAnAction as exc:  # no word of the game's grammar: no rule is cited
                assert exc.code == "not-an-action" and not exc.clause and exc.reason
                continue
            except RuleError as exc:
                refused += 1
                assert exc.code == "illegal-action"
                assert exc.clause in known, f"{action!r} refused citing unknown clause {exc.clause!r}"
                assert exc.reason and exc.reason != exc.key, "the refusal reason was not rendered"
                continue
            if successors is None:
                successors = [engine.apply(state, a)[0] for a in listed]
            assert after in successors, f"{action!r} is accepted but not listed, and no listed action does the same"
    assert refused > 0, "the fuzzer produced no refused action: random_action is too tame"


@params
def test_random_games_end_and_have_a_result(spec: GameSpec):
    engine = spec.engine
    for seed in range(4):
        rng = random.Random(100 + seed)
        state = engine.initial_state(random_setup(engine, rng))
        game = play(engine, state, random_bots(engine, state), rng, max_actions=MAX_GAME_ACTIONS)
        assert game.over, f"a random game did not end within {MAX_GAME_ACTIONS} actions"
        result = engine.result(game.state)
        assert result is not None and result.clause in clause_ids(spec.slug)
        assert set(result.winners) <= set(engine.seats(game.state))
        assert engine.describe_result(result)
        assert result.draw == (not result.winners) or len(result.winners) > 1 or not result.draw


@params
def test_bots_see_only_their_seats_view(spec: GameSpec):
    """The driver hands a bot its seat, its legal actions and its seat's observation at that moment,
    never the state."""
    engine = spec.engine
    views: list = []

    class Spy:
        name = "spy"

        def choose_action(self, engine, view, rng):
            views.append(view)
            return rng.choice(view.legal_actions)

    rng = random.Random(3)
    state = engine.initial_state(random_setup(engine, rng))
    bots = {seat: Spy() for seat in engine.seats(state)}
    asked = 0
    for _ in range(400):
        actor = engine.current_actor(state)
        action = next_action(engine, state, bots, rng)
        if action is None:
            break
        if actor in engine.seats(state):
            asked += 1
            view = views[-1]
            assert len(views) == asked and isinstance(view, SeatView) and view.seat == actor
            assert not hasattr(view, "state")
            assert view.legal_actions == tuple(engine.legal_actions(state))
            assert view.observation == engine.observation(state, actor)
        state, _ = engine.apply(state, action)
    assert asked > 0


def test_core_and_games_never_import_django():
    names = ["rules.core." + p.stem for p in (ROOT / "rules" / "core").glob("*.py") if p.stem != "__init__"]
    names += ["rules.games." + p.name for p in (ROOT / "rules" / "games").iterdir() if (p / "__init__.py").exists()]
    code = (
        "import importlib, sys\n"
        f"for name in {names!r}:\n"
        "    importlib.import_module(name)\n"
        "from rules.core.registry import all_games\n"
        "assert all_games()\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"Django imported by the engines: {out.stdout.strip()[:200]}"
