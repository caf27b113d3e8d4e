"""Every reached state of random games has a URL that replays to the identical state (every
registered game, driven by the random bots)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core import codec
from rules.core.bots import play, random_bots
from rules.core.codec import Log
from rules.core.registry import all_games
from rules.core.setup import random_setup
from rules.core.timeline import from_log


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
@given(seed=st.integers(0, 10**9), length=st.integers(0, 160))
@settings(max_examples=25, deadline=None)
def test_the_url_of_any_reached_state_replays_to_that_state(spec, seed, length):
    engine = spec.engine
    rng = random.Random(seed)
    setup = random_setup(engine, rng)
    start = engine.initial_state(setup)
    game = play(engine, start, random_bots(engine, start), rng, max_actions=length)
    token = codec.encode(Log(setup=setup, actions=game.actions, seed=seed))
    timeline = from_log(engine, codec.decode(token))
    assert timeline.frames[-1].state == game.state
    assert engine.position_of(timeline.frames[-1].state) == engine.position_of(game.state)
    # And any earlier step of that URL is the state reached after that many actions.
    k = rng.randrange(len(game.actions) + 1)


    replayed = start
    for action in game.actions[:k]:
        replayed, _ = engine.apply(replayed, action)
    assert timeline.frames[k].state == replayed
