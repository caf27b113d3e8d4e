"""Properties over random games: wizards and flasks conserved, stacks consistent, the Raventoren
never under a tower, prisoners only under towers, the six-wizard limit never exceeded."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.bots import next_action, random_bots
from rules.core.setup import validate_setup
from rules.games.betoverde_torens import ENGINE
from rules.games.betoverde_torens.cards import FULL_DECK


def check(s) -> None:
    pos = ENGINE.position_of(s)
    each = pos["wizards_each"]
    count = dict.fromkeys(pos["players"], 0)
    towers = []
    for n, space in pos["spaces"].items():
        levels = [space.get("wizards", [])] + [t.get("wizards", []) for t in space.get("towers", [])]
        for level in levels:
            assert len(level) <= 6  # bt-maximaal-zes-tovenaars
            for colour in level:
                count[colour] += 1
        towers += [t["tower"] for t in space.get("towers", [])]
        if int(n) == pos["raven"]["at"]:
            assert not levels[-1]  # nobody stands on the Raventoren's space: they are inside
    assert sorted(towers) == list(range(1, 10))
    for colour, inside in pos["raven"]["inside"].items():
        count[colour] += inside
    assert all(c == each for c in count.values())
    for f in pos["flasks"].values():
        assert f["empty"] + f["filled"] + f["spent"] in (0, 4, 5, 6)
    cards = sum(pos["deck"].values()) + sum(pos["discard"].values()) + sum(len(h) for h in pos["hands"].values())
    cards += 1 if pos["turn"].get("card") else 0
    assert cards == sum(FULL_DECK)


@settings(max_examples=12, deadline=None)
@given(players=st.integers(1, 6), flasks=st.booleans(), seed=st.integers(0, 10_000))
def test_random_games_keep_every_invariant(players, flasks, seed):
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "solo_flasks": flasks}))
    rng = random.Random(seed)
    bots = random_bots(ENGINE, s)
    totals = [f.total for f in s.flasks]
    for i in range(3000):
        if i % 5 == 0:
            check(s)
        action = next_action(ENGINE, s, bots, rng)
        if action is None:
            break
        s, _ = ENGINE.apply(s, action)
        assert [f.total for f in s.flasks] == totals
    check(s)
