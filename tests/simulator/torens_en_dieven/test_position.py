"""Hand-written positions: readable defaults, and a clear PositionError naming the field."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.engine import PositionError
from rules.games.torens_en_dieven import ENGINE

from .support import pos, position

GOOD = {"players": ["red", "green"], "tiles": [[0, 0, "start"]], "stack": {"land": 3}}


def bad(field: str, **changes):
    with pytest.raises(PositionError) as info:
        ENGINE.state_from_position({**GOOD, **changes})
    assert info.value.field == field, info.value
    return info.value.reason


def test_defaults_are_filled_in_and_round_trip():
    state = ENGINE.state_from_position(GOOD)
    p = pos(state)
    assert p["supply"] == 20 and p["followers"] == {"red": 7, "green": 7} and p["tower_stack"] == 5
    assert p["phase"] == "draw" and p["turn"] == "red"
    assert ENGINE.state_from_position(p) == state


def test_tiles_may_be_written_as_pairs_triples_or_objects():
    state = ENGINE.state_from_position({**GOOD, "tiles": [[0, 0, "start"], [1, 0], {"at": [1, 1], "kind": "thief3"}]})
    assert pos(state)["tiles"] == [[0, 0, "start"], [1, 0, "land"], [1, 1, "thief3"]]


@pytest.mark.parametrize(
    ("field", "changes"),
    [
        ("players", {"players": ["red"]}),
        ("players.1", {"players": ["red", "purple"]}),
        ("phase", {"phase": "monster"}),
        ("tiles.1", {"tiles": [[0, 0, "start"], [5, 5]]}),
        ("tiles.1", {"tiles": [[0, 0, "start"], [0, 0]]}),
        ("tiles.0.2", {"tiles": [[0, 0, "castle"]]}),
        ("tiles.0.0", {"tiles": [[0.5, 0]]}),
        ("tiles.1", {"tiles": [[0, 0, "start"], [1, 0, "tower"]]}),
        ("towers.0.at", {"towers": [{"at": [0, 0], "pieces": 1}]}),
        ("towers.0.pieces", {"tiles": [[0, 0], [1, 0, "tower"]], "towers": [{"at": [1, 0], "pieces": 6}]}),
        ("towers.0.guard", {"tiles": [[0, 0], [1, 0, "tower"]], "towers": [{"at": [1, 0], "pieces": 0, "guard": "red"}]}),
        ("supply", {"supply": 12}),
        ("followers.red", {"tiles": [[0, 0], [1, 0, "tower"]], "towers": [{"at": [1, 0], "pieces": 1, "guard": "red"}],
                           "followers": {"red": 7}}),
        ("stolen", {"stolen": 9}),
        ("stack.thief7", {"stack": {"thief7": 2}}),
        ("stack.dragon", {"stack": {"dragon": 1}}),
        ("drawn", {"phase": "place"}),
        ("drawn", {"phase": "grow", "drawn": "land"}),
        ("phase", {"stack": {}}),
        ("placed", {"placed": [0, 0]}),
        ("replacement", {"replacement": True, "phase": "place", "drawn": "land"}),
        ("tiles", {"tiles": [[0, 0, "start"], [1, 0, "thief7"]], "stack": {"thief7": 1}}),
        ("towers", {"tiles": [[0, 0], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]],
                    "towers": [{"at": [x, 0], "pieces": 5} for x in range(1, 6)]}),
        ("somewhere", {"somewhere": 1}),
    ],
)
def test_bad_fields_are_named(field, changes):
    assert bad(field, **changes)


def test_phase_guard_needs_a_tower_in_reach():
    with pytest.raises(PositionError) as info:
        position(phase="guard", placed=[0, 0], towers=[{"at": [2, 0], "pieces": 1}])
    assert info.value.field == "phase"


def test_not_an_object_is_refused():
    with pytest.raises(PositionError):
        ENGINE.state_from_position([1, 2, 3])


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.text(max_size=8)
    | st.sampled_from(["red", "land", "tower", "thief5", "guard", "place", "draw", "rivertower"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
SAMPLE = {
    "players": ["red", "green"], "phase": "guard", "turn": "green", "placed": [3, 0],
    "tiles": [[0, 0, "start"], [1, 0], [2, 0, "tower"], [3, 0]],
    "towers": [{"at": [2, 0], "pieces": 2, "guard": "red"}], "stolen": 4, "scores": {"red": 3},
    "stack": {"land": 5, "thief2": 1}, "followers": {"red": 6},
}


@given(key=st.sampled_from([*SAMPLE, "supply", "drawn", "tower_stack", "river_stack", "replacement", "x"]), value=JSONISH)
@settings(max_examples=300, deadline=None)
def test_fuzzed_positions_are_accepted_or_refused_with_a_position_error(key, value):
    """Any value in any field: a valid state that round-trips, or a PositionError naming a field."""
    try:
        state = ENGINE.state_from_position({**SAMPLE, key: value})
    except PositionError as exc:
        assert exc.field and exc.reason
        return
    assert ENGINE.state_from_position(ENGINE.position_of(state)) == state


PATHS = ["towers.0.at", "towers.0.pieces", "towers.0.guard", "towers.0.extra", "tiles.1", "tiles.2.2", "tiles.3.0",
         "placed.0", "stack.land", "stack.thief2", "scores.red", "followers.red", "players.1"]


@given(path=st.sampled_from(PATHS), value=JSONISH)
@settings(max_examples=300, deadline=None)
def test_fuzzed_nested_fields_are_refused_with_a_position_error(path, value):
    position = copy.deepcopy(SAMPLE)
    *parents, last = path.split(".")
    node = position
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value
    try:
        state = ENGINE.state_from_position(position)
    except PositionError as exc:
        assert exc.field and exc.reason
        return
    assert ENGINE.state_from_position(ENGINE.position_of(state)) == state
