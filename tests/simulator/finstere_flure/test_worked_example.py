"""The rulebook's worked monster turn (ff-monster-voorbeeld), step by step, with card 10.

It also exercises ff-monster-draait, ff-monster-glijdt, ff-monster-pakt, ff-monster-getalkaart,
ff-steen-verpulvert, ff-monster-door-muur and ff-monster-eindblik.
"""

import copy

from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION


def run():
    st = ENGINE.state_from_position(copy.deepcopy(WORKED_EXAMPLE_POSITION))
    steps = []
    for _ in range(10):
        st, events = ENGINE.apply(st, "monster")
        steps.append((st, events, [e.clause for e in events]))
    return st, steps


def test_ff_monster_voorbeeld_position_is_valid_and_round_trips():
    st = ENGINE.state_from_position(copy.deepcopy(WORKED_EXAMPLE_POSITION))
    assert ENGINE.position_of(st) == WORKED_EXAMPLE_POSITION
    assert st.monster == (4, 1) and st.facing == "L" and st.monster_turn.card == "10"


def test_ff_monster_voorbeeld_step_1_turns_left_toward_red_1():
    _, steps = run()
    st, events, clauses = steps[0]
    look = events[0]
    assert look.clause == "ff-monster-draait" and look.data["target"] == "red1"
    assert look.data["seen"] == [{"figure": "red1", "direction": "D", "distance": 8}]
    assert st.facing == "D" and st.monster == (4, 2)


def test_ff_monster_voorbeeld_step_2_turns_left_again_toward_the_nearer_yellow_1():
    _, steps = run()
    st, events, _ = steps[1]
    look = events[0]
    assert look.clause == "ff-monster-draait" and look.data["target"] == "yellow1"
    seen = {s["figure"]: s["distance"] for s in look.data["seen"]}
    assert seen == {"red1": 7, "yellow1": 6}  # red 1 straight ahead, yellow 1 nearer on its left
    assert st.facing == "R" and st.monster == (5, 2)


def test_ff_monster_voorbeeld_step_3_slides_over_blood_and_catches_yellow_1():
    _, steps = run()
    st, events, clauses = steps[2]
    assert clauses[:3] == ["ff-monster-draait", "ff-monster-kijkt", "ff-monster-glijdt"]
    assert clauses[3:5] == ["ff-monster-pakt", "ff-gepakt-hoofdstuk-1"]
    assert st.monster == (10, 2) and st.figure("yellow1").at == "pool"
    assert events[1].data["trail"] == [[5, 2], [6, 2], [7, 2], [8, 2], [9, 2], [10, 2]]
    # yellow 4 below the pool was never noticed: the next look sees nothing
    _, events4, _ = steps[3]
    assert events4[0].clause == "ff-monster-kijkt" and events4[0].data["seen"] == []
    assert st.figure("yellow4").at == (7, 5)


def test_ff_monster_voorbeeld_steps_4_to_6_straight_on_and_crushing_a_stone():
    _, steps = run()
    assert [s[0].monster for s in steps[3:6]] == [(11, 2), (12, 2), (13, 2)]
    assert all(s[0].facing == "R" for s in steps[3:6])
    st, _, clauses = steps[5]
    assert "ff-steen-verpulvert" in clauses and (13, 2) not in st.stones
    assert st.monster == (13, 2)  # on the edge square itself


def test_ff_monster_voorbeeld_step_7_through_the_wall_re_entering_opposite():
    _, steps = run()
    st, events, clauses = steps[6]
    assert "ff-monster-door-muur" in clauses
    assert st.monster == (15 - 13, 10 - 2) == (2, 8) and st.facing == "R"
    step = next(e for e in events if e.clause == "ff-monster-door-muur")
    assert step.key == "monster.wall" and step.data["trail"] == [[13, 2], [2, 8]]
    assert st.monster_turn.steps == 7


def test_ff_monster_voorbeeld_steps_8_to_10_slide_again_without_seeing_red_1():
    _, steps = run()
    assert steps[7][0].monster == (3, 8)
    st, events, clauses = steps[8]
    assert events[0].data["seen"] == []  # sees nothing new
    assert "ff-monster-glijdt" in clauses and st.monster == (6, 8) and st.facing == "R"
    assert st.figure("red1").at == (4, 9)  # right below the pool, not seen while sliding
    st, events, clauses = steps[9]
    assert st.monster == (7, 8)


def test_ff_monster_voorbeeld_after_step_10_looks_and_turns_up_toward_yellow_4():
    final, steps = run()
    st, events, clauses = steps[9]
    assert clauses[-3:] == ["ff-monster-eindblik", "ff-monster-draait", "ff-ronde"]
    final_look = events[-2]
    assert final_look.data["target"] == "yellow4" and final_look.data["facing"] == "U"
    assert final.monster == (7, 8) and final.facing == "U"
    assert final.phase == "players" and final.round == 4
    assert sum(1 for s in steps if "ff-monster-pakt" in s[2]) == 1  # only yellow 1 was caught
