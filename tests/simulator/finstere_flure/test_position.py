"""Hand-written positions: round trip and validation with dotted field names."""

import copy

import pytest

from rules.core.engine import PositionError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION, sketch


def error(position) -> PositionError:
    with pytest.raises(PositionError) as info:
        ENGINE.state_from_position(position)
    return info.value


def base(**kw):
    kw.setdefault("monster", (10, 0))
    return sketch(**kw)


@pytest.mark.parametrize("n", range(2, 8))
@pytest.mark.parametrize("dm", [False, True])
def test_round_trip_of_initial_states(n, dm):
    st = ENGINE.initial_state({"players": n, "dmaufbau": dm})
    pos = ENGINE.position_of(st)
    assert ENGINE.state_from_position(pos) == st
    assert ENGINE.position_of(ENGINE.state_from_position(copy.deepcopy(pos))) == pos


def test_minimal_hand_written_position_uses_defaults():
    st = ENGINE.state_from_position({
        "game": "finstere-flure", "players": ["red", "yellow"], "phase": "players",
        "monster": {"at": [0, 0], "facing": "R"}, "figures": {f"{c}{v}": "pool" for c in ("red", "yellow")
                                                             for v in (1, 2, 3, 4)},
        "turn": {},
    })
    assert st.round == 1 and st.chapter == 1 and len(st.deck) == 8 and ENGINE.current_actor(st) == "red"


def test_figure_on_a_cut_corner():
    e = error(base(figures={"red1": (0, 10)}))
    assert (e.field, e.reason) == ("figures.red1.at", "square (0, 10) is not on the board (cut corner)")


def test_figure_outside_the_grid():
    e = error(base(figures={"red1": (16, 3)}))
    assert e.field == "figures.red1.at" and "outside" in e.reason


def test_two_figures_on_one_square():
    e = error(base(figures={"red1": (5, 5), "yellow1": (5, 5)}))
    assert e.field == "figures.yellow1.at" and "red1" in e.reason


def test_figure_on_the_monster_or_on_a_stone():
    assert error(base(monster=(5, 5), figures={"red1": (5, 5)})).field == "figures.red1.at"
    assert error(base(stones=[(5, 5)], figures={"red1": (5, 5)})).field == "figures.red1.at"


def test_stone_on_the_monster_listed_twice_or_on_start():
    assert error(base(monster=(5, 5), stones=[(5, 5)])).field == "stones.0"
    assert error(base(stones=[(4, 4), (4, 4)])).field == "stones.1"
    e = error(base(stones=[(15, 10)]))
    assert e.field == "stones.0" and "ff-steen-op-start-of-doel" in e.reason
    assert error(base(stones=[(x, 5) for x in range(12)])).field == "stones"


def test_blood_rules():
    assert error(base(blood=[(1, 0), (2, 0), (3, 0), (4, 0)])).field == "blood.0"  # against the wall
    assert error(base(blood=[(4, 4), (5, 4), (6, 4)])).field == "blood"  # not a pool shape
    assert error(base(blood=[(4, 4), (5, 4), (4, 5), (5, 5), (8, 4), (9, 4), (8, 5), (9, 5)])).field == "blood"
    e = error(base(monster=(4, 4), blood=[(4, 4), (5, 4), (4, 5), (5, 5)]))
    assert e.field == "monster.at"
    # a figure may lie on blood (pushed there by the monster)
    ENGINE.state_from_position(base(blood=[(4, 4), (5, 4), (4, 5), (5, 5)], figures={"red1": (4, 4)}))


def test_wrong_types_and_unknown_keys():
    pos = base()
    pos["round"] = "3"
    assert error(pos).field == "round"
    pos = base()
    pos["colour"] = "x"
    assert error(pos).field == "colour"
    pos = base(figures={"red1": {"at": [5, 5], "showing": 1, "speed": 3}})
    assert error(pos).field == "figures.red1.speed"
    pos = base(figures={"red1": {"at": [5, 5], "showing": True}})
    assert error(pos).field == "figures.red1.showing"
    pos = base()
    pos["monster"] = {"at": [5, 5], "facing": "N"}
    assert error(pos).field == "monster.facing"
    pos = base()
    pos["players"] = ["red", "pink"]
    assert error(pos).field == "players.1"
    pos = base()
    pos["game"] = "chess"
    assert error(pos).field == "game"
    assert error([]).field == ""


def test_figures_must_match_the_player_count():
    pos = base(players=("red", "yellow", "green", "blue", "purple"))
    pos["figures"]["red4"] = "pool"
    e = error(pos)
    assert e.field == "figures.red4" and "1, 2, 3" in e.reason
    pos = base()
    del pos["figures"]["yellow3"]
    assert error(pos).field == "figures.yellow3"
    assert error(base(figures={"red3": ((5, 5), 5)})).field == "figures.red3.showing"


def test_saved_and_out_figures():
    assert error(base(figures={"red1": "out"})).field == "figures.red1"  # chapter 1
    assert error(base(figures={"red1": "saved"})).field == "saved"
    assert error(base(saved=["red1"])).field == "saved.0"
    ENGINE.state_from_position(base(chapter=2, discard=("5",), figures={"red1": "out"}))


def test_cards_and_rounds():
    pos = base()
    pos["deck"] = ["5", "7"]
    assert error(pos).field == "deck"
    assert error(base(discard=("X", "5"))).field == "discard.0"
    pos = base()
    pos["round"] = 7
    assert error(pos).field == "round"
    assert error(base(discard=("5", "7", "7", "8", "8", "10", "X"))).field == "discard"


def test_phase_specific_parts():
    pos = base()
    pos["turn"] = None  # derived when left out
    assert ENGINE.current_actor(ENGINE.state_from_position(pos)) == "red"
    pos = base(phase="monster", discard=("5", "10"))
    pos["monster_turn"] = None
    assert ENGINE.state_from_position(pos).monster_turn.card == "10"
    pos = base(phase="setup", discard=(), stones=[(5, 5)], blood=[(6, 6), (7, 6), (6, 7), (7, 7)])
    st = ENGINE.state_from_position(pos)
    assert st.placement.stones == 10 and st.placement.pool4 == 1 and st.placement.pool2 == 0
    assert ENGINE.current_actor(st) == "red"  # third object: back to the start player
    assert error(base(phase="over")).field == "ending"
    pos = base(phase="card")
    pos["turn"] = {}
    assert error(pos).field == "turn"
    assert error(base(phase="monster", monster_turn={"card": "8", "steps": 0})).field == "monster_turn.card"
    assert error(base(phase="monster", monster_turn={"card": "7", "steps": 7})).field == "monster_turn.steps"
    assert error(base(phase="over", ending="ff-einde-x")).field == "ending"
    assert error(base(phase="over", ending="ff-einde-kampioenschap")).field == "ending"


def test_turn_consistency():
    assert error(base(turn={"player": "yellow"})).field == "turn.player"
    pos = base(figures={"red1": {"at": [5, 5], "showing": 6, "moved": True}}, turn={"player": "yellow"})
    assert ENGINE.current_actor(ENGINE.state_from_position(pos)) == "yellow"
    pos = base(turn={"turns_taken": {"red": 1, "yellow": 0}})
    assert error(pos).field == "turn.turns_taken.red"
    pos = base(phase="card", figures={"red1": {"at": [5, 5], "showing": 6, "moved": True}})
    assert error(pos).field == "figures.red1.moved"


def test_end_rung_only_during_players_or_over():
    pos = base(phase="card", figures={"red1": "saved", "red2": "saved", "red3": "saved"},
               saved=["red1", "red2", "red3"])
    assert error(pos).field == "saved"


def test_worked_example_constant_is_valid():
    st = ENGINE.state_from_position(copy.deepcopy(WORKED_EXAMPLE_POSITION))
    assert ENGINE.position_of(st) == WORKED_EXAMPLE_POSITION
