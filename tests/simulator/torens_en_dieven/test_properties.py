"""Properties over random play (hypothesis): pieces on towers + supply = 20, followers conserved,
scores never decrease, reach matches height, positions round-trip, every random game ends."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.chance import sample
from rules.games.torens_en_dieven import ENGINE
from rules.games.torens_en_dieven.state import FOLLOWERS, PIECES, in_reach, reach_squares

from .support import new_game, rulebook_clauses


def check(before, after, events):
    # td-voorraad-torendelen: 20 pieces, on towers or in the supply
    assert sum(t.pieces for t in after.towers) + after.supply == PIECES
    assert all(0 <= t.pieces <= 5 for t in after.towers)  # td-maximum-vijf
    # followers are conserved: in the supply or guarding a tower
    for i, p in enumerate(after.players):
        assert after.followers[i] + sum(1 for t in after.towers if t.guard == p) == FOLLOWERS
    # scores never decrease
    assert all(b <= a for b, a in zip(before.scores, after.scores, strict=True))
    # reach matches height: 4 squares per piece plus the own tile
    for t in after.towers:
        assert len(reach_squares(t)) == (1 + 4 * t.pieces if t.pieces else 0)
        assert all(in_reach(t, sq) for sq in reach_squares(t))
    # every guard stands where the placed tile was in reach
    for e in events:
        assert e.clause in rulebook_clauses()
        if e.key == "guard":
            tower = after.tower_at(tuple(e.data["at"]))
            assert tower is not None and tower.guard == e.data["player"]
    pos = ENGINE.position_of(after)
    assert ENGINE.state_from_position(json.loads(json.dumps(pos))) == after


@given(seed=st.integers(0, 10**9), players=st.integers(2, 5), river=st.booleans(), land=st.integers(0, 30))
@settings(max_examples=40, deadline=None)
def test_random_games_keep_the_invariants(seed, players, river, land):
    rng = random.Random(seed)
    state = new_game(players=players, river=river, land=land)
    for _ in range(2000):
        if ENGINE.is_over(state):
            break
        action = sample(ENGINE, state, rng) if ENGINE.chance_outcomes(state) else rng.choice(ENGINE.legal_actions(state))
        after, events = ENGINE.apply(state, action)
        check(state, after, events)
        state = after
    assert ENGINE.is_over(state)
    result = ENGINE.result(state)
    assert result is not None and max(state.scores) == result.scores[result.winners[0]]
