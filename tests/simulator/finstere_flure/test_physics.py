"""The one slide rule for pushed objects (ff-steen-op-bloedplas, ff-steen-op-start-of-doel,
ff-monster-schuift-steen), shared by a figure's push and the monster's push."""

import pytest

from rules.games.finstere_flure import ENGINE, monster, moves, physics
from rules.games.finstere_flure.board import EXIT, START
from rules.games.finstere_flure.examples import sketch
from rules.games.finstere_flure.physics import slide, stone_removed

POOL4 = frozenset({(4, 5), (5, 5), (6, 5), (7, 5)})


def never(_sq):
    return False


def test_off_blood_an_object_stays_where_it_was_pushed():
    assert slide((3, 5), "R", POOL4, never) == (3, 5)
    assert slide((5, 4), "D", POOL4, never) == (5, 4)


def test_on_blood_it_slides_to_the_first_square_beyond_the_pool():
    assert slide((4, 5), "R", POOL4, never) == (8, 5)
    assert slide((7, 5), "L", POOL4, never) == (3, 5)
    assert slide((5, 5), "D", POOL4, never) == (5, 6)  # across the short way


def test_it_stops_on_the_last_blood_square_before_an_obstacle():
    assert slide((4, 5), "R", POOL4, lambda sq: sq == (8, 5)) == (7, 5)
    assert slide((4, 5), "R", POOL4, lambda sq: sq == (6, 5)) == (5, 5)  # something lying on the pool
    assert slide((4, 5), "R", POOL4, lambda sq: sq == (5, 5)) == (4, 5)


def test_it_stops_at_the_outer_wall():
    blood = frozenset({(13, 5), (14, 5), (15, 5)})  # never a real pool (pools do not touch the wall)
    assert slide((13, 5), "R", blood, never) == (15, 5)


@pytest.mark.parametrize("square,removed", [(START, True), (EXIT, True), ((1, 0), False), ((15, 9), False)])
def test_a_stone_on_the_start_or_exit_square_is_removed(square, removed):
    assert stone_removed(square) is removed


def test_a_figure_push_and_a_monster_push_use_the_same_rule():
    assert moves.slide is physics.slide and monster.slide is physics.slide
    blood = sorted(POOL4)
    # a figure pushes the stone at (3, 5) to the right onto the pool; yellow 1 stands beyond it
    by_figure = ENGINE.state_from_position(sketch(monster=(10, 0), figures={"red1": ((2, 5), 1), "yellow1": (8, 5)},
                                                  stones=[(3, 5)], blood=blood))
    by_figure, events = ENGINE.apply(by_figure, "move:red1:R")
    # the monster does the same from the same square
    by_monster = ENGINE.state_from_position(sketch(phase="monster", discard=("5",), monster=(2, 5), facing="R",
                                                   figures={"yellow1": (8, 5)}, stones=[(3, 5)], blood=blood))
    by_monster, monster_events = ENGINE.apply(by_monster, "monster")
    assert by_figure.stones == by_monster.stones == frozenset({(7, 5)})
    slid = [e for e in events + monster_events if e.clause == "ff-steen-op-bloedplas"]
    assert [(e.key, e.data["to"]) for e in slid] == [("move.stone-slides", [7, 5]), ("monster.stone-slides", [7, 5])]
    assert [ENGINE.describe(e) for e in slid] == [
        "Het steenblok glijdt over de bloedplas naar (7, 5).",
        "Het steenblok glijdt over de bloedplas van (4, 5) naar (7, 5).",
    ]
