"""Properties over random legal play (hypothesis): companions conserved across camp, path, exile,
tower and out; never two on one field; rifts never on 1-5 and at most three (dt-schutzsiegel);
every timer counts down and expires; the deck keeps its 49 cards; positions round-trip."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.bots import next_action, random_bots
from rules.games.der_dunkle_turm import ENGINE
from rules.games.der_dunkle_turm.board import ALL_FIELDS, DECK_SIZE, PLACES
from rules.games.der_dunkle_turm.state import State


def check(s: State) -> None:
    assert len(s.companions) == 3 * len(s.teams)
    taken = [c.at for _cid, c in s.companions if c.lying is None and c.at in ALL_FIELDS]
    assert len(taken) == len(set(taken))  # dt-freie-felder: never two where one is allowed
    assert all(c.at in PLACES or c.at in ALL_FIELDS for _cid, c in s.companions)
    rifts = dict(s.rifts)
    assert len(rifts) <= 3 and all(int(f) > 5 for f in rifts)  # dt-riss-oeffnen, dt-schutzsiegel
    assert all(1 <= n <= 3 for n in rifts.values())
    assert all(0 <= f.turns <= 2 for f in s.floats)
    assert 0 <= s.wizard <= 4
    for _cid, c in s.companions:
        assert c.lying is None or 0 <= c.lying <= 1
        assert c.shield is None or 0 <= c.shield <= 2
        assert c.marked is None or 0 <= c.marked <= 2
    spells = sum(c.spell for _cid, c in s.companions) + sum(t.kind == "spell" for t in s.pending)
    floats = len(s.floats) + sum(n for _t, n in s.collections) + sum(t.kind == "float" for t in s.pending)
    assert sum(s.deck) + sum(s.discard) + spells + floats == DECK_SIZE
    at_tower = [cid for cid, c in s.companions if c.at == "tower"]
    assert len(at_tower) <= 1 and (not at_tower or s.pending or s.over)
    assert ENGINE.state_from_position(json.loads(json.dumps(ENGINE.position_of(s)))) == s


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), teams=st.integers(2, 4))
def test_random_play_keeps_the_invariants(seed: int, teams: int) -> None:
    rng = random.Random(seed)
    s = ENGINE.initial_state({"teams": teams})
    bots = random_bots(ENGINE, s)
    for i in range(1500):
        action = next_action(ENGINE, s, bots, rng)
        if action is None:
            break
        before, before_round = dict(s.rifts), s.round
        s, _ = ENGINE.apply(s, action)
        if i % 5 == 0:
            check(s)
        after = dict(s.rifts)
        if s.round != before_round:  # dt-riss-schliessen: every rift counts down or closes
            for field, left in before.items():
                assert after.get(field, 0) in (left - 1, 2)
            assert all(n in (2, before.get(f, 3) - 1) for f, n in after.items())
        else:  # within a round a rift only opens (3) or is renewed
            assert all(after.get(f) in (n, 3) for f, n in before.items())
            assert all(n == 3 for f, n in after.items() if f not in before)
    check(s)
