"""Every reached state of random Finstere Flure games has a URL that replays to the identical state."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from simulator.core import codec
from simulator.core.chance import sample
from simulator.core.codec import Log
from simulator.core.timeline import from_log
from simulator.games.finstere_flure import ENGINE


@given(seed=st.integers(0, 10**9), players=st.integers(2, 7), length=st.integers(0, 160))
@settings(max_examples=40, deadline=None)
def test_the_url_of_any_reached_state_replays_to_that_state(seed, players, length):
    rng = random.Random(seed)
    setup = {"players": players, "seed": seed}
    state = ENGINE.initial_state(setup)
    actions = []
    for _ in range(length):
        if ENGINE.is_over(state):
            break
        if ENGINE.chance_outcomes(state):
            action = sample(ENGINE, state, rng)
        else:
            action = rng.choice(ENGINE.legal_actions(state))
        state, _events = ENGINE.apply(state, action)
        actions.append(action)
    token = codec.encode(Log(setup=setup, actions=tuple(actions)))
    timeline = from_log(ENGINE, codec.decode(token))
    assert timeline.frames[-1].state == state
    assert ENGINE.position_of(timeline.frames[-1].state) == ENGINE.position_of(state)
    # And any earlier step of that URL is the state reached after that many actions.
    if actions:
        k = rng.randrange(len(actions) + 1)
        replayed = ENGINE.initial_state(setup)
        for action in actions[:k]:
            replayed, _ = ENGINE.apply(replayed, action)
        assert timeline.frames[k].state == replayed
