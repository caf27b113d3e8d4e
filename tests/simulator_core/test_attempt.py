"""One "would the engine accept this here?" (rules.core.engine.attempt) for every registered game:
the state after and its events for an action the rules allow, the rules' refusal (citing its clause)
for one they forbid, NotAnAction for a string that is no action; the taps' refusal agrees."""

from __future__ import annotations

import random

import pytest

from rules.core.engine import NotAnAction, RuleError, attempt
from rules.core.registry import all_games
from rules.core.setup import validate_setup
from rules.core.tapping import refusal


@pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.slug)
def test_attempt_tells_a_played_action_from_a_refused_one(spec):
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    legal = engine.legal_actions(state)[0]
    after, events = attempt(engine, state, legal)
    assert (after, events) == engine.apply(state, legal) and refusal(engine, state, legal) is None
    nonsense = attempt(engine, state, "zz-no-such-word:1")
    assert isinstance(nonsense, NotAnAction) and not nonsense.clause
    rng = random.Random(3)
    for _ in range(2000):
        action = engine.random_action(state, rng)
        refused = attempt(engine, state, action)
        if isinstance(refused, RuleError) and not isinstance(refused, NotAnAction):
            assert refused.clause and refusal(engine, state, action).clause == refused.clause
            return
    pytest.skip(f"{spec.slug}: no refused action found among random ones at the start")
