"""Hand-written positions: defaults, round trips and clear errors naming the field (dt-spielplan,
dt-freie-felder, dt-schutzsiegel, dt-zugbruecken)."""

from __future__ import annotations

import json

import pytest

from rules.core.engine import PositionError
from rules.games.der_dunkle_turm import ENGINE
from rules.games.der_dunkle_turm.board import DECK_SIZE

from .support import CAMP_ALL, pos


def test_minimal_position_fills_sensible_defaults():
    s = ENGINE.state_from_position({"teams": ["red", "blue"], "companions": CAMP_ALL})
    p = ENGINE.position_of(s)
    assert p["start"] == "red" and p["turn"] == "red" and p["bridges"] == "down" and p["wizard"] == 0
    assert sum(p["deck"].values()) == DECK_SIZE and p["discard"] == {}
    assert ENGINE.state_from_position(json.loads(json.dumps(p))) == s


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"teams": ["red"]}, "teams"),
        ({"teams": ["red", "purple"]}, "teams.1"),
        ({"companions": {**CAMP_ALL, "red1": 21}}, "companions.red1"),
        ({"companions": {**CAMP_ALL, "red1": 5, "blue1": 5}}, "companions.blue1.at"),  # dt-freie-felder
        ({"companions": {**CAMP_ALL, "red1": "6b"}}, "companions.red1.at"),  # side fields only while raised
        ({"bridges": "up", "companions": {**CAMP_ALL, "red1": 6}}, "companions.red1.at"),
        ({"companions": {k: v for k, v in CAMP_ALL.items() if k != "blue3"}}, "companions.blue3"),
        ({"companions": {**CAMP_ALL, "red1": {"at": "camp", "lying": 1}}}, "companions.red1.lying"),
        ({"companions": {**CAMP_ALL, "red1": {"at": 3, "shield": 7}}}, "companions.red1.shield"),
        ({"rifts": {"3": 2}}, "rifts.3"),  # never on 1-5 (dt-riss-oeffnen)
        ({"rifts": {"7": 1, "8": 1, "9": 1, "10": 1}}, "rifts"),  # dt-schutzsiegel
        ({"floats": {"9": {"team": "green", "turns": 1}}}, "floats.9.team"),
        ({"wizard": 9}, "wizard"),
        ({"discard": {"spell": 4}}, "discard.spell"),
        ({"deck": {"step1": 6}}, "deck.step2"),
        ({"pending": [{"task": "duel", "companion": "red1", "round": 1}]}, "pending.0.companion"),
        ({"pending": [{"task": "juggle"}]}, "pending.0.task"),
        ({"drawn": True}, "drawn"),
        ({"winner": "red"}, "winner"),
        ({"surprise": 1}, "surprise"),
    ],
)
def test_bad_positions_name_the_field(change, field):
    raw = {"teams": ["red", "blue"], "companions": CAMP_ALL, **change}
    with pytest.raises(PositionError) as err:
        ENGINE.state_from_position(raw)
    assert err.value.field == field


def test_not_an_object():
    with pytest.raises(PositionError):
        ENGINE.state_from_position([1, 2])


def test_round_trip_of_a_busy_position():
    s = pos(
        {"red1": {"at": "6b", "charred": True, "cooled": 1, "spell": True}, "red2": {"at": 12, "lying": 1},
         "blue1": {"at": 9, "marked": 1, "shield": 2}, "blue2": "exile", "blue3": "out"},
        bridges="up", rifts={"9": 2}, floats={"9": {"team": "red", "turns": 1}}, collections={"blue": 1},
        wizard=3, beasts={"12": {"awake": True, "quiet": 1, "attacked": False}}, attacks=3, round=5,
    )
    p = ENGINE.position_of(s)
    assert ENGINE.state_from_position(json.loads(json.dumps(p))) == s
    assert p["companions"]["blue1"] == {"at": 9, "shield": 2, "marked": 1}


JUNK = [None, True, -1, 0, 3, 25, "6b", "camp", "tower", "x", [], {}, {"at": 5}, [1, 2], 1.5]


def _mutations(value, path=()):
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from _mutations(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            yield from _mutations(inner, (*path, i))
    yield path


def test_fuzzed_positions_give_a_position_error_or_a_valid_state():
    import copy
    import random

    rng = random.Random(11)
    base = ENGINE.position_of(pos(
        {"red1": {"at": 9, "spell": True, "charred": True}, "blue1": {"at": 12, "lying": 1}, "blue2": "exile"},
        rifts={"9": 2}, floats={"9": {"team": "red", "turns": 1}}, collections={"blue": 1},
        beasts={"12": {"awake": True}}, pending=[{"task": "step", "steps": 2}], drawn=True,
    ))
    paths = [p for p in _mutations(base) if p]
    for _ in range(600):
        raw = copy.deepcopy(base)
        path = rng.choice(paths)
        target = raw
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(JUNK)
        try:
            state = ENGINE.state_from_position(raw)
        except PositionError as exc:
            assert exc.field and exc.reason
            continue
        assert ENGINE.state_from_position(ENGINE.position_of(state)) == state
