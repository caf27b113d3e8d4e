"""Moving by tapping the board (rules.core.tapping): from states of random games, walking every
tap sequence from the empty pick reaches exactly the legal actions, and nothing else.

Every legal action is tappable (no action is list-only): the drawn tile and "no guard" are buttons
under the board, the rest are board targets (open squares, towers)."""

import random
import re
from functools import cache
from itertools import combinations, permutations

import pytest

from rules.core.bots import play, random_bots
from rules.core.setup import random_setup
from rules.core.tapping import TARGET_RE, PickError, tap_options
from rules.games.torens_en_dieven import ENGINE, GAME

from .support import position

LANGS = ("nl", "de", "en")
# An engine code: "place:3,0", "tower:2,0", "thief5", "rivertower", "stack_land" (a colon with no space after it).
CODE = re.compile(r"\w:\S|thief\d|rivertower|[a-z]_[a-z]")


@cache
def random_states() -> tuple:
    """Every state of 16 random games (various setups), replayed from the driver's actions."""
    states = []
    for seed in range(16):
        rng = random.Random(seed)
        setup = random_setup(ENGINE, rng)
        setup["land"] = min(setup["land"], 20)  # shorter games, same variety of phases
        state = ENGINE.initial_state(setup)
        game = play(ENGINE, state, random_bots(ENGINE, state), rng)
        assert game.over
        states.append(state)
        for action in game.actions:
            state, _ = ENGINE.apply(state, action)
            states.append(state)
    return tuple(states)


def tap(state, pick=(), lang="nl"):
    return GAME.view.tap(ENGINE, state, tuple(pick), lang=lang)


def walk(state, lang="nl") -> tuple[set[str], int]:
    """Every action some tap sequence from the empty pick plays or confirms; and the number of picks."""
    reached: set[str] = set()
    picks = 0
    todo = [()]
    while todo:
        pick = todo.pop()
        picks += 1
        options = tap(state, pick, lang)
        if options.confirm:
            reached.add(options.confirm)
        for t in options.taps:
            assert TARGET_RE.match(t.target), t.target
            assert t.label and not CODE.search(t.label), t.label
            if t.plays:
                reached.add(t.plays)
            else:
                todo.append((*pick, t.target))
    return reached, picks


def board_targets(state) -> set[str]:
    return {s.target for s in GAME.view.board_view(ENGINE, state).shapes if s.target}


def test_every_tap_sequence_reaches_exactly_the_legal_actions_td_drie_acties():
    states = random_states()
    phases = {s.phase for s in states}
    assert {"draw", "place", "guard", "over"} <= phases
    for state in states:
        reached, _ = walk(state)
        assert reached == set(ENGINE.legal_actions(state))  # every legal action, and never an illegal one


def test_the_grow_choice_is_tapped_tower_by_tower_in_any_order_td_voorraad_beperkt():
    # Four towers without a guard and 2 pieces in the supply: tap 2 of them, one at a time.
    towers = [{"at": [2, 0], "pieces": 5}, {"at": [0, 2], "pieces": 3}, {"at": [3, 1], "pieces": 1},
              {"at": [1, 2], "pieces": 2}, {"at": [-1, 0], "pieces": 5}, {"at": [0, -1], "pieces": 2}]
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [0, 1], [0, 2, "tower"], [3, 0], [3, 1, "tower"],
             [1, 1], [1, 2, "tower"], [-1, 0, "rivertower"], [0, -1, "tower"]]
    state = ENGINE.state_from_position({
        "players": ["red", "green"], "phase": "grow", "drawn": "thief3", "tiles": tiles, "towers": towers,
        "stack": {"land": 5}, "river_stack": {}})
    assert state.supply == 2
    # The two towers of 5 do not grow (td-maximum-vijf); the other four may.
    eligible = ["tower:0,-1", "tower:3,1", "tower:0,2", "tower:1,2"]
    first = tap(state)
    assert sorted(t.target for t in first.taps) == sorted(eligible)
    assert all(t.plays is None for t in first.taps) and first.confirm is None
    assert "2" in first.status and "4" in first.status
    played = set()
    for a, b in permutations(eligible, 2):
        second = tap(state, (a,))
        assert {t.target for t in second.taps} == set(eligible) - {a}
        assert second.chosen == (a,)
        played.add(second.tap(b).plays)
    expected = {"grow:" + ";".join(p for p in pair) for pair in
                [("0,-1", "3,1"), ("0,-1", "0,2"), ("0,-1", "1,2"), ("3,1", "0,2"), ("3,1", "1,2"), ("0,2", "1,2")]}
    assert played == expected == set(ENGINE.legal_actions(state))
    reached, picks = walk(state)
    assert reached == expected and picks == 1 + 4  # the empty pick and one per first tower
    assert len(list(combinations(eligible, 2))) == len(expected)


def test_one_piece_left_plays_at_the_first_tap_td_voorraad_beperkt():
    # 19 pieces on towers: three towers of 5 and two of 2 (those two may grow), 1 piece left.
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [0, 1], [0, 2, "tower"], [3, 0], [3, 1, "tower"],
             [1, 1], [1, 2, "tower"], [0, -1, "tower"]]
    towers = [{"at": [2, 0], "pieces": 5}, {"at": [0, 2], "pieces": 5}, {"at": [3, 1], "pieces": 5},
              {"at": [1, 2], "pieces": 2}, {"at": [0, -1], "pieces": 2}]
    state = ENGINE.state_from_position({
        "players": ["red", "green"], "phase": "grow", "drawn": "thief2", "tiles": tiles, "towers": towers,
        "stack": {"land": 5}})
    assert state.supply == 1
    options = tap(state)
    assert {t.target: t.plays for t in options.taps} == {"tower:0,-1": "grow:0,-1", "tower:1,2": "grow:1,2"}


def test_the_tapped_targets_are_on_the_board_or_buttons_under_it():
    for state in random_states()[::5]:
        on_board = board_targets(state)
        for t in tap(state).taps:
            if state.phase == "draw" or t.target == "pass":
                assert t.target not in on_board  # off the board: the tile drawn, no guard
            else:
                assert t.target in on_board, (state.phase, t.target)


def test_placing_taps_the_open_squares_next_to_the_grid_td_landtegel_leggen():
    state = position(phase="place", drawn="land")  # tiles on (0,0) (1,0) (2,0), a tower of 1 on (2, 0)
    options = tap(state, lang="en")
    squares = {t.target: t.plays for t in options.taps}
    assert squares == {f"sq:{x},{y}": f"place:{x},{y}" for x, y in
                       [(-1, 0), (3, 0), (0, -1), (1, -1), (2, -1), (0, 1), (1, 1), (2, 1)]}
    labels = {t.target: t.label for t in options.taps}
    assert labels["sq:3,0"] == "Place the tile on (3, 0) (in reach of a tower)"  # td-torenbereik
    assert labels["sq:-1,0"] == "Place the tile on (-1, 0)"


def test_a_guard_is_tapped_on_a_tower_in_reach_or_not_at_all_td_wachter_zetten():
    state = position(phase="guard", placed=[1, 0])  # the tower of 1 on (2, 0) reaches (1, 0)
    options = tap(state, lang="nl")
    assert {t.target: t.plays for t in options.taps} == {"tower:2,0": "guard:2,0", "pass": "pass"}
    assert options.tap("tower:2,0").label == "Wachter op de toren op (2, 0) (1 hoog)"
    assert options.tap("pass").label == "Geen wachter zetten"
    # td-wachter-verdrijven: the label says whose guard goes off
    guarded = position(phase="guard", placed=[1, 0], towers=[{"at": [2, 0], "pieces": 1, "guard": "green"}])
    assert tap(guarded, lang="de").tap("tower:2,0").label == "Wächter auf den Turm auf (2, 0) (1 hoch, Grün muss herunter)"


def test_the_drawn_tile_is_a_button_per_kind_with_its_odds_td_landtegels_schudden():
    state = position()  # land 10, thief3 1, thief5 1
    options = tap(state, lang="en")
    assert {t.target: t.label for t in options.taps} == {
        "draw:land": "A plain land tile (chance 10 in 12)",
        "draw:thief3": "A land tile with thief symbol 3 (chance 1 in 12)",
        "draw:thief5": "A land tile with thief symbol 5 (chance 1 in 12)",
    }
    assert all(t.plays == t.target for t in options.taps)
    # td-torentegel-trekken: after a theft, the top tower tile (no choice)
    after_theft = position(stolen=5, replacement=True)
    assert [(t.target, t.label) for t in tap(after_theft, lang="nl").taps] == [("draw:tower", "Een torentegel")]


def test_nothing_is_tapped_when_the_game_is_over_td_eindtelling_wachters():
    state = position(phase="over", stack={})
    options = tap(state)
    assert options.taps == () and options.confirm is None


@pytest.mark.parametrize("phase_fields, pick", [
    ({}, ("draw:land",)),  # a draw plays at once: nothing follows it
    ({"phase": "place", "drawn": "land"}, ("sq:3,0",)),
    ({"phase": "place", "drawn": "land"}, ("garbage",)),
    ({"phase": "guard", "placed": [1, 0]}, ("tower:2,0",)),
    ({"phase": "guard", "placed": [1, 0]}, ("pass",)),
    ({"phase": "over", "stack": {}}, ("sq:0,0",)),
])
def test_a_pick_the_board_never_offered_raises_pick_error(phase_fields, pick):
    with pytest.raises(PickError):
        tap(position(**phase_fields), pick)


@pytest.mark.parametrize("pick", [
    ("tower:9,9",),  # no tower there
    ("tower:1,1",),  # a tower with a guard does not grow (td-torens-groeien)
    ("tower:2,0",),  # a tower of 5 does not grow (td-maximum-vijf)
    ("sq:3,1",),  # the tile, not the tower
    ("tower:3,1", "tower:3,1"),  # one piece per tower (td-voorraad-beperkt)
    ("tower:3,1", "tower:4,1", "tower:0,2"),  # more towers than the supply has pieces
    ("tower:a,b",),
])
def test_a_grow_pick_of_a_tower_that_cannot_grow_raises_pick_error(pick):
    state = grow_state_two()
    with pytest.raises(PickError):
        tap(state, pick)


def grow_state_two():
    """Three towers may grow (2, 3 and 1 pieces), one has a guard, one is 5 high: 2 pieces left."""
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [0, 1], [0, 2, "tower"], [3, 0], [3, 1, "tower"],
             [1, 1, "tower"], [4, 1, "tower"]]
    towers = [{"at": [2, 0], "pieces": 5}, {"at": [0, 2], "pieces": 3}, {"at": [3, 1], "pieces": 4},
              {"at": [1, 1], "pieces": 2, "guard": "red"}, {"at": [4, 1], "pieces": 4}]
    state = ENGINE.state_from_position({
        "players": ["red", "green"], "phase": "grow", "drawn": "thief4", "tiles": tiles, "towers": towers,
        "stack": {"land": 3}})
    assert state.supply == 2
    return state


def test_a_complete_grow_pick_cannot_go_on():
    state = grow_state_two()
    options = tap(state, ("tower:0,2",))
    assert all(t.plays for t in options.taps)
    with pytest.raises(PickError):
        tap(state, ("tower:0,2", "tower:3,1"))


def test_the_core_helper_passes_the_pick_through():
    state = grow_state_two()
    assert tap_options(GAME, state, ("tower:0,2",), "en").chosen == ("tower:0,2",)


def test_tap_labels_in_every_language_carry_no_engine_codes():
    for state in random_states()[::3]:
        for lang in LANGS:
            for t in tap(state, lang=lang).taps:
                assert not CODE.search(t.label), t.label


def test_the_open_squares_offered_are_every_empty_square_touching_a_tile_row_by_row_td_landtegel_leggen():
    checked = 0
    for state in random_states():
        if state.phase != "place":
            continue
        occupied = {(x, y) for x, y, _k in state.tiles}
        free = {(x + dx, y + dy) for x, y in occupied for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - occupied
        expected = [f"sq:{x},{y}" for y, x in sorted((y, x) for x, y in free)]
        assert [t.target for t in tap(state).taps] == expected
        checked += 1
    assert checked > 100
