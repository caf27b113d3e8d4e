"""The monster's turn, one or more tests per clause of "Monsterbeurten" (clause id in each test name)."""

import pytest

from rules.core.engine import RuleError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.board import is_neighbour
from rules.games.finstere_flure.examples import sketch

from .support import texts

POOL4 = [(4, 5), (5, 5), (6, 5), (7, 5)]
POOL2 = [(6, 5), (7, 5), (6, 6), (7, 6)]


def monster_state(card="5", discard=None, chapter=1, **kw):
    if discard is None:
        discard = ("5",) if card == "5" else ("5", card)
    return ENGINE.state_from_position(sketch(phase="monster", discard=discard, chapter=chapter, **kw))


def walk(st, steps=1):
    """Apply ``steps`` monster actions; return the state and the events per step."""
    per_step = []
    for _ in range(steps):
        st, events = ENGINE.apply(st, "monster")
        per_step.append(events)
    return st, per_step


def clauses(events):
    return [e.clause for e in events]


# -- ff-monster-kaart-trekken / ff-monster-getalkaart / ff-monster-treffers -----------------------------


def test_ff_monster_kaart_trekken_probabilities_from_the_remaining_deck():
    st = ENGINE.state_from_position(sketch(phase="card", discard=("5", "7", "10")))
    outcomes = {o.action: o.probability for o in ENGINE.chance_outcomes(st)}
    assert outcomes == pytest.approx({"card:7": 0.2, "card:8": 0.4, "card:X": 0.2, "card:XX": 0.2})
    assert ENGINE.legal_actions(st) == list(outcomes)
    assert ENGINE.current_actor(st) == "chance"
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, "card:5")  # already turned over this chapter
    assert info.value.clause == "ff-monster-kaart-trekken"
    new, events = ENGINE.apply(st, "card:8")
    pos = ENGINE.position_of(new)
    assert pos["discard"] == ["5", "7", "10", "8"] and pos["deck"] == ["7", "8", "X", "XX"]
    assert pos["phase"] == "monster" and pos["monster_turn"] == {"card": "8", "steps": 0, "caught": 0}
    assert "ff-monster-kaart-trekken" in clauses(events)
    assert ENGINE.current_actor(new) == "monster" and ENGINE.legal_actions(new) == ["monster"]


def test_ff_monster_kaart_trekken_only_monster_steps_while_it_walks():
    st = monster_state()
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, "move:red1:E")
    assert info.value.clause == "ff-ronde"  # the monster's part of the round: the players move in the next


def test_ff_monster_getalkaart_exact_steps_and_walks_on_after_a_catch():
    st = monster_state(card="5", monster=(2, 5), facing="R", figures={"yellow1": (4, 5)})
    st, steps = walk(st, 4)
    assert st.phase == "monster" and st.monster == (6, 5)
    assert "ff-monster-pakt" in clauses(steps[1])
    st, steps = walk(st, 1)
    assert st.monster == (7, 5) and st.phase == "players" and st.round == 2
    assert "ff-monster-getalkaart" in clauses(steps[0])


def test_ff_monster_treffers_x_stops_at_the_first_catch():
    st = monster_state(card="X", monster=(2, 5), facing="R", figures={"yellow1": (4, 5), "yellow2": (6, 5)})
    st, steps = walk(st, 2)
    assert st.phase == "players" and st.monster == (4, 5)
    assert st.figure("yellow2").at == (6, 5)
    assert "ff-monster-treffers" in clauses(steps[-1])


def test_ff_monster_treffers_xx_stops_at_the_second_catch():
    st = monster_state(card="XX", monster=(2, 5), facing="R", figures={"yellow1": (4, 5), "yellow2": (6, 5)})
    st, _ = walk(st, 2)
    assert st.phase == "monster"
    st, _ = walk(st, 2)
    assert st.phase == "players" and st.monster == (6, 5)


def test_ff_monster_treffers_at_most_20_steps():
    st = monster_state(card="X", monster=(2, 5), facing="R")
    st, _ = walk(st, 19)
    assert st.phase == "monster" and st.monster_turn.steps == 19
    st, steps = walk(st, 1)
    assert st.phase == "players"
    assert "ff-monster-treffers" in clauses(steps[0])


def test_ff_monster_treffers_a_crushed_figure_counts():
    st = monster_state(card="X", monster=(13, 5), facing="R", stones=[(14, 5)], figures={"yellow1": (15, 5)})
    st, steps = walk(st, 1)
    assert "ff-monster-verplettert" in clauses(steps[0])
    assert st.phase == "players"  # the X is done


# -- ff-monster-kijkt / ff-monster-zicht ------------------------------------------------------------------


def test_ff_monster_kijkt_nothing_seen_straight_on_never_looking_back():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (3, 5)})  # behind it
    st, steps = walk(st, 1)
    assert st.monster == (6, 5) and st.facing == "R"
    assert clauses(steps[0])[0] == "ff-monster-kijkt"


def test_ff_monster_zicht_a_stone_blocks_the_view():
    st = monster_state(monster=(5, 5), facing="R", stones=[(5, 3)], figures={"red1": (5, 2)})
    st, _ = walk(st, 1)
    assert st.monster == (6, 5)


def test_ff_monster_zicht_not_through_the_outer_wall():
    st = monster_state(monster=(13, 5), facing="R", figures={"red1": (0, 5)})
    st, steps = walk(st, 1)
    assert steps[0][0].data["seen"] == []


def test_ff_monster_zicht_first_figure_hides_the_ones_behind():
    st = monster_state(monster=(5, 5), facing="R", figures={"yellow1": (7, 5), "red1": (8, 5)})
    _, steps = walk(st, 1)
    assert [s["figure"] for s in steps[0][0].data["seen"]] == ["yellow1"]


def test_ff_monster_zicht_blood_does_not_block_and_pool_figures_are_unseen():
    st = monster_state(monster=(3, 5), facing="D", blood=POOL4, figures={"red1": (8, 5)})
    _, steps = walk(st, 1)
    # red 1 is on the monster's left (board right) behind 4 squares of blood: seen at distance 5
    assert steps[0][0].data["seen"] == [{"figure": "red1", "direction": "R", "distance": 5}]
    assert all(s["figure"] == "red1" for s in steps[0][0].data["seen"])  # pool figures never


def test_ff_monster_zicht_figure_on_the_start_square_is_seen():
    st = monster_state(monster=(12, 10), facing="R", figures={"red1": (15, 10)})
    _, steps = walk(st, 1)
    assert steps[0][0].data["seen"][0]["figure"] == "red1"


# -- ff-monster-draait / ff-monster-verward ----------------------------------------------------------------


def test_ff_monster_draait_toward_the_nearest_figure():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 3), "yellow1": (10, 5)})
    st, steps = walk(st, 1)
    assert st.facing == "U" and st.monster == (5, 4)
    assert clauses(steps[0])[0] == "ff-monster-draait"


def test_ff_monster_draait_keeps_direction_for_a_figure_ahead():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 2), "yellow1": (7, 5)})
    st, steps = walk(st, 1)
    assert st.facing == "R" and st.monster == (6, 5)
    assert clauses(steps[0])[0] == "ff-monster-draait"


def test_ff_monster_draait_distance_one_is_the_adjacent_square():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 6), "yellow1": (7, 5)})
    st, steps = walk(st, 1)
    assert st.facing == "D" and st.figure("red1").at == "pool"
    assert steps[0][0].data["seen"][-1] == {"figure": "red1", "direction": "D", "distance": 1}


def test_ff_monster_verward_equal_left_and_right_goes_straight():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 3), "yellow1": (5, 7)})
    st, steps = walk(st, 1)
    assert st.facing == "R" and st.monster == (6, 5)
    assert clauses(steps[0])[0] == "ff-monster-verward"


def test_ff_monster_verward_keeps_heading_toward_a_farther_figure_ahead():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 3), "yellow1": (5, 7), "yellow2": (9, 5)})
    st, steps = walk(st, 1)
    assert st.facing == "R" and clauses(steps[0])[0] == "ff-monster-verward"


def test_ff_monster_verward_not_when_another_figure_is_nearer():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 4), "yellow1": (5, 7), "yellow2": (7, 5)})
    st, steps = walk(st, 1)
    assert st.facing == "U" and clauses(steps[0])[0] == "ff-monster-draait"


# -- ff-monster-eindblik ---------------------------------------------------------------------------------


def test_ff_monster_eindblik_turns_without_a_step_and_starts_next_turn_so():
    st = monster_state(card="5", monster=(2, 5), facing="R", figures={"red1": (7, 2)})
    st, steps = walk(st, 5)
    assert st.monster == (7, 5) and st.facing == "U" and st.phase == "players"
    last = clauses(steps[-1])
    assert last.index("ff-monster-eindblik") < last.index("ff-monster-draait")
    pos = ENGINE.position_of(st)
    assert pos["monster"] == {"at": [7, 5], "facing": "U"}


# -- ff-monster-pakt --------------------------------------------------------------------------------------


def test_ff_monster_pakt_by_arriving_on_the_square():
    st = monster_state(monster=(5, 5), facing="R", figures={"yellow1": (6, 5)})
    st, steps = walk(st, 1)
    assert st.monster == (6, 5) and st.figure("yellow1").at == "pool"
    assert "ff-monster-pakt" in clauses(steps[0])


def test_ff_monster_pakt_not_by_standing_next_to_a_figure():
    st = monster_state(card="5", monster=(5, 5), facing="R", figures={"yellow1": (10, 6)})
    st, _ = walk(st, 5)
    assert st.monster == (10, 5) and st.figure("yellow1").at == (10, 6)
    assert st.facing == "D"  # the final look saw it


# -- ff-monster-schuift-steen ------------------------------------------------------------------------------


def test_ff_monster_schuift_steen_whole_row_moves_and_figures_are_not_caught():
    st = monster_state(monster=(3, 5), facing="R", stones=[(4, 5), (6, 5)], figures={"yellow1": (5, 5)})
    st, steps = walk(st, 1)
    assert st.monster == (4, 5)
    assert st.stones == frozenset({(5, 5), (7, 5)})
    assert st.figure("yellow1").at == (6, 5)
    assert "ff-monster-schuift-steen" in clauses(steps[0]) and "ff-monster-pakt" not in clauses(steps[0])


def test_ff_monster_schuift_steen_an_empty_square_ends_the_row():
    st = monster_state(monster=(3, 5), facing="R", stones=[(4, 5), (6, 5)])
    st, _ = walk(st, 1)
    assert st.stones == frozenset({(5, 5), (6, 5)})


def test_ff_monster_schuift_steen_pushed_figure_slides_over_blood():
    st = monster_state(monster=(3, 5), facing="R", stones=[(4, 5)], figures={"yellow1": (5, 5)}, blood=POOL2)
    st, _ = walk(st, 1)
    assert st.figure("yellow1").at == (8, 5)
    assert st.stones == frozenset({(5, 5)})


def test_ff_monster_schuift_steen_pushed_figure_stays_on_blood_when_blocked():
    st = monster_state(monster=(3, 5), facing="R", stones=[(4, 5), (8, 5)], figures={"yellow1": (5, 5)},
                       blood=POOL2)
    st, _ = walk(st, 1)
    assert st.figure("yellow1").at == (7, 5)  # the last blood square
    assert ENGINE.state_from_position(ENGINE.position_of(st)) == st


def test_ff_monster_schuift_steen_stone_onto_blood_and_onto_start_or_exit():
    st = monster_state(monster=(4, 5), facing="R", stones=[(5, 5)], blood=POOL2)
    st, steps = walk(st, 1)
    assert st.stones == frozenset({(8, 5)}) and "ff-steen-op-bloedplas" in clauses(steps[0])
    st = monster_state(monster=(2, 0), facing="L", stones=[(1, 0)])
    st, steps = walk(st, 1)
    assert st.stones == frozenset() and "ff-steen-op-start-of-doel" in clauses(steps[0])


# -- ff-monster-verplettert / ff-steen-verpulvert -----------------------------------------------------------


def test_ff_monster_verplettert_figure_at_the_end_of_the_row():
    st = monster_state(monster=(12, 5), facing="R", stones=[(13, 5)], figures={"yellow1": (14, 5), "yellow2": (15, 5)})
    st, steps = walk(st, 1)
    # the row stone, yellow 1, yellow 2 reaches the wall: yellow 2 is crushed, the rest moves on
    assert st.figure("yellow2").at == "pool" and st.figure("yellow1").at == (15, 5)
    assert st.stones == frozenset({(14, 5)}) and st.monster == (13, 5)
    assert clauses(steps[0]).count("ff-monster-verplettert") == 1


def test_ff_steen_verpulvert_stone_against_the_wall():
    st = monster_state(monster=(14, 5), facing="R", stones=[(15, 5)])
    st, steps = walk(st, 1)
    assert st.stones == frozenset() and st.monster == (15, 5)
    assert "ff-steen-verpulvert" in clauses(steps[0])


def test_ff_steen_verpulvert_last_stone_of_a_row():
    st = monster_state(monster=(12, 5), facing="R", stones=[(13, 5), (14, 5), (15, 5)])
    st, _ = walk(st, 1)
    assert st.stones == frozenset({(14, 5), (15, 5)}) and st.monster == (13, 5)


# -- ff-monster-door-muur ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "start,facing,entry",
    [((15, 4), "R", (0, 6)), ((11, 0), "R", (4, 10)), ((12, 1), "U", (3, 9)), ((5, 0), "U", (10, 10)),
     ((0, 3), "L", (15, 7)), ((3, 9), "D", (12, 1))],
)
def test_ff_monster_door_muur_mirror_square_same_heading(start, facing, entry):
    st = monster_state(monster=start, facing=facing)
    st, steps = walk(st, 1)
    assert st.monster == entry and st.facing == facing
    assert "ff-monster-door-muur" in clauses(steps[0])
    assert st.monster_turn.steps == 1  # one step


def test_ff_monster_door_muur_entering_catches_or_pushes():
    st = monster_state(monster=(15, 4), facing="R", figures={"yellow1": (0, 6)})
    st, steps = walk(st, 1)
    assert st.figure("yellow1").at == "pool" and "ff-monster-pakt" in clauses(steps[0])
    st = monster_state(monster=(15, 4), facing="R", stones=[(0, 6)])
    st, _ = walk(st, 1)
    assert st.monster == (0, 6) and st.stones == frozenset({(1, 6)})


# -- ff-monster-glijdt ------------------------------------------------------------------------------------


def test_ff_monster_glijdt_one_step_without_looking():
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, figures={"red1": (5, 3)})
    st, steps = walk(st, 1)
    assert st.monster == (8, 5) and st.facing == "R" and st.monster_turn.steps == 1
    assert "ff-monster-glijdt" in clauses(steps[0])
    # red 1 beside the pool was not seen: no turn after the slide either (next look is from (8, 5))
    st, _ = walk(st, 1)
    assert st.monster == (9, 5)


def test_ff_monster_glijdt_catches_at_the_end_of_the_slide():
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, figures={"yellow1": (8, 5)})
    st, steps = walk(st, 1)
    assert st.monster == (8, 5) and st.figure("yellow1").at == "pool"
    assert clauses(steps[0]).index("ff-monster-glijdt") < clauses(steps[0]).index("ff-monster-pakt")


def test_ff_monster_glijdt_pushes_a_stone_at_the_end_of_the_slide():
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, stones=[(8, 5)])
    st, _ = walk(st, 1)
    assert st.monster == (8, 5) and st.stones == frozenset({(9, 5)})


def test_ff_monster_glijdt_catches_a_figure_lying_on_the_pool_and_slides_on():
    # a figure can only lie on blood after the monster pushed it there; the sliding monster catches it
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, figures={"yellow1": (6, 5), "yellow2": (8, 5)})
    st, steps = walk(st, 1)
    assert st.monster == (8, 5) and st.monster_turn.steps == 1
    assert st.figure("yellow1").at == "pool" and st.figure("yellow2").at == "pool"
    assert clauses(steps[0]).count("ff-monster-pakt") == 2


def test_ff_monster_treffers_the_step_that_reaches_the_hits_is_completed():
    st = monster_state(card="X", monster=(3, 5), facing="R", blood=POOL4,
                       figures={"yellow1": (6, 5), "yellow2": (8, 5)})
    st, _ = walk(st, 1)
    assert st.phase == "players" and st.monster == (8, 5)
    assert st.figure("yellow2").at == "pool"  # caught in the same step


def test_ff_startvoorraad_pool_figures_are_never_seen_or_caught():
    st = monster_state(card="5", monster=(15, 7), facing="D")
    st, steps = walk(st, 5)
    assert all(f.at == "pool" for f in st.figures)
    assert all(e.data.get("seen", []) == [] for step in steps for e in step)
    assert st.monster == (0, 1)  # down to the start square, through the wall to (0, 0), one more step


def test_ff_monster_schuift_steen_figure_pushed_onto_the_start_square_stays():
    st = monster_state(monster=(15, 7), facing="D", stones=[(15, 8)], figures={"yellow1": (15, 9)})
    st, _ = walk(st, 1)
    assert st.figure("yellow1").at == (15, 10) and st.stones == frozenset({(15, 9)})
    st = monster_state(monster=(15, 8), facing="D", stones=[(15, 9)])
    st, steps = walk(st, 1)
    assert st.stones == frozenset() and "ff-steen-op-start-of-doel" in clauses(steps[0])


# -- sentences and the trail of a step (event data) -------------------------------------------------------


def step_event(events):
    """The step event of one monster action: ff-monster-kijkt (key monster.step) or ff-monster-door-muur."""
    found = [e for e in events if e.key in ("monster.step", "monster.wall")]
    assert len(found) == 1
    return found[0]


def step_trail(events):
    return [tuple(sq) for sq in step_event(events).data["trail"]]


def segments(squares):
    """Split a trail where two consecutive squares are not neighbours (as a drawing does)."""
    out = [[squares[0]]]
    for a, b in zip(squares, squares[1:], strict=False):
        if is_neighbour(a, b):
            out[-1].append(b)
        else:
            out.append([b])
    return out


def test_monster_step_trail_is_origin_and_target():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 3)})
    st, steps = walk(st, 1)
    event = step_event(steps[0])
    assert event.clause == "ff-monster-kijkt" and step_trail(steps[0]) == [(5, 5), (5, 4)]
    assert texts(steps[0])[:2] == [
        "Het monster ziet rood 1 links van zich op 2 velden en draait zich omhoog.",
        "Stap 1: het monster stapt omhoog naar (5, 4).",
    ]


def test_monster_step_trail_holds_the_slide_over_blood():
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, figures={"yellow1": (6, 5), "yellow2": (8, 5)})
    st, steps = walk(st, 1)
    assert step_trail(steps[0]) == [(3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 5)]
    assert st.monster == (8, 5)
    assert "Het monster glijdt over de bloedplas naar (8, 5) en kijkt onderweg niet rond." in texts(steps[0])


@pytest.mark.parametrize("start,facing,entry", [((15, 4), "R", (0, 6)), ((5, 0), "U", (10, 10))])
def test_monster_step_trail_through_the_wall_is_two_segments(start, facing, entry):
    st = monster_state(monster=start, facing=facing)
    st, steps = walk(st, 1)
    event = step_event(steps[0])
    assert event.clause == "ff-monster-door-muur" and event.key == "monster.wall"
    assert step_trail(steps[0]) == [start, entry]
    assert segments(step_trail(steps[0])) == [[start], [entry]]


def test_monster_step_trail_through_the_wall_pushing_a_stone():
    # the re-entry square is an edge square, never blood: the step ends there (pushing what lies on it)
    st = monster_state(monster=(15, 4), facing="R", stones=[(0, 6)])
    st, steps = walk(st, 1)
    assert step_trail(steps[0]) == [(15, 4), (0, 6)] and st.stones == frozenset({(1, 6)})
    assert texts(steps[0])[1] == (
        "Stap 1: het monster loopt op (15, 4) door de buitenmuur en komt aan de overkant op (0, 6) weer binnen, "
        "nog steeds naar rechts kijkend.")


def test_every_monster_step_has_one_trail_ending_where_it_stands():
    from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION

    st = ENGINE.state_from_position(WORKED_EXAMPLE_POSITION)
    for _ in range(10):
        before = st.monster
        st, events = ENGINE.apply(st, "monster")
        trail = step_trail(events)
        assert trail[0] == before and trail[-1] == st.monster
        assert sum(1 for e in events if "trail" in e.data) == 1
