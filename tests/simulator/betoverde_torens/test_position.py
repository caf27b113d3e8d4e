"""Hand-written positions: every field validated and named; hidden information per seat."""

import json
import random

import pytest

from rules.core.bots import play as drive
from rules.core.bots import random_bots
from rules.core.engine import NotAnAction, PositionError, RuleError
from rules.games.betoverde_torens import ENGINE

from .support import TOWERS_ONLY, new_game, position


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": []}, "players"),
        ({"players": ["red", "red"]}, "players"),
        ({"players": ["red", "pink"]}, "players.1"),
        ({"variant": "solo"}, "variant"),
        ({"spaces": {**TOWERS_ONLY, "17": {}}}, "spaces.17"),
        ({"spaces": {**TOWERS_ONLY, "11": {"wizards": ["red"] * 7}}}, "spaces.11.wizards"),
        ({"spaces": {**TOWERS_ONLY, "11": {"towers": [{"tower": 1}]}}}, "spaces.11.towers.0.tower"),
        ({"spaces": {k: v for k, v in TOWERS_ONLY.items() if k != "5"}}, "spaces"),
        ({"spaces": {**TOWERS_ONLY, "11": {"wizards": ["red"]}}}, "spaces"),
        ({"raven": {"at": 0}}, "raven.at"),
        (
            {"raven": {"at": 11, "inside": {"blue": 1}}, "spaces": {**TOWERS_ONLY, "11": {"wizards": ["red"]}}},
            "raven.at",
        ),
        ({"flasks": {"red": {"empty": 7}}}, "flasks.red.empty"),
        ({"flasks": {"red": {"empty": 1}}}, "flasks.red"),
        ({"hands": {"red": ["w1", "w1", "w1", "w1"]}}, "hands.red"),
        ({"hands": {"red": ["z9"]}}, "hands.red.0"),
        ({"phase": "dance"}, "phase"),
        ({"phase": "choose"}, "turn.card"),
        ({"turn": {"player": "green"}}, "turn.player"),
        ({"spells": ["fly"]}, "spells.0"),
        ({"discard": {"w1": 9}}, "discard.w1"),
        ({"ending": True}, "ending"),
        ({"bogus": 1}, "bogus"),
    ],
)
def test_bad_positions_name_the_field(change, field):
    pos = position(raven={"at": 1, "inside": {"red": 1, "blue": 1}})
    pos.update(change)
    with pytest.raises(PositionError) as exc:
        ENGINE.state_from_position(pos)
    assert exc.value.field == field, exc.value


def test_a_position_needs_few_keys_and_round_trips():
    s = ENGINE.state_from_position(position(raven={"at": 1, "inside": {"red": 1, "blue": 1}}))
    again = ENGINE.state_from_position(json.loads(json.dumps(ENGINE.position_of(s))))
    assert again == s


def test_bad_actions_are_refused_citing_a_clause():
    s = ENGINE.state_from_position(position(raven={"at": 1, "inside": {"red": 1, "blue": 1}}))
    for action in [
        "play",
        "play:w1",
        "play:w1:wizard:x",
        "play:w1:tower:3",
        "spell:raven:up",
        "draw:w1",
        "roll:3",
    ]:
        with pytest.raises(RuleError) as exc:
            ENGINE.apply(s, action)
        assert exc.value.clause.startswith("bt-") and exc.value.code == "illegal-action"
    for action in ["", "xyz", "xyz:w1"]:  # no word of the grammar: no rule to cite
        with pytest.raises(NotAnAction) as not_one:
            ENGINE.apply(s, action)
        assert not_one.value.code == "not-an-action" and not not_one.value.clause


def test_observation_hides_other_hands_and_the_deck():
    s = new_game(3)
    rng = random.Random(5)
    s = drive(ENGINE, s, random_bots(ENGINE, s), rng, max_actions=40).state
    obs = ENGINE.observation(s, "blue")
    assert isinstance(obs["hands"]["blue"], list)
    assert obs["hands"]["red"] == len(s.hands[0]) and isinstance(obs["hands"]["yellow"], int)
    assert isinstance(obs["deck"], int)
    assert isinstance(ENGINE.position_of(s)["hands"]["red"], list)  # the table view shows every hand


def test_draw_events_are_visible_only_to_the_drawer():
    s = new_game(2)
    _after, events = ENGINE.apply(s, "draw:w1")
    seen = [e for e in events if e.key == "card.drawn"]
    assert seen[0].visible("red") and not seen[0].visible("blue")
    assert [e for e in events if e.key == "card.drawn-hidden"][0].visible("blue")


JUNK = [None, True, -1, 0, 3, 17, 99, "", "red", "x", [], {}, [1, 2], {"tower": 1}, ["red"] * 7, 1.5]


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _paths(sub, (*prefix, key))
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from _paths(sub, (*prefix, i))


def test_fuzzed_positions_fail_with_a_position_error_never_a_crash():
    rng = random.Random(11)
    s = new_game(4)
    s = drive(ENGINE, s, random_bots(ENGINE, s), rng, max_actions=120).state
    base = ENGINE.position_of(s)
    paths = [p for p in _paths(base) if p]
    for _ in range(600):
        pos = json.loads(json.dumps(base))
        path = rng.choice(paths)
        target = pos
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(JUNK)
        try:
            ENGINE.state_from_position(pos)
        except PositionError as exc:
            assert exc.field
