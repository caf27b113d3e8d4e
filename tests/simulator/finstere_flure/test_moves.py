"""Player moves, one or more tests per clause of "Spelersbeurten" (clause id in each test name)."""

import pytest

from rules.core.engine import NotAnAction, RuleError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.board import EXIT, START, is_neighbour
from rules.games.finstere_flure.examples import sketch

from .support import by_key, rulebook_clauses, texts

MONSTER_AWAY = (10, 0)


def state(**kw):
    kw.setdefault("monster", MONSTER_AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def play(st, action):
    new, events = ENGINE.apply(st, action)
    return new, [e.clause for e in events], ENGINE.position_of(new)


def refused(st, action) -> RuleError:
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, action)
    assert info.value.clause in rulebook_clauses()
    assert info.value.reason == ENGINE.reason(info.value)  # rendered in the rulebook's language
    return info.value


def trail(events):
    """The trail of the move event (ff-stappen-waarde or the 0-step ff-eens-per-ronde), as tuples."""
    move = events[0]
    assert move.clause in ("ff-stappen-waarde", "ff-eens-per-ronde")
    return [tuple(sq) for sq in move.data["trail"]]


# -- ff-een-figuur-per-beurt -----------------------------------------------------------------------


def test_ff_een_figuur_per_beurt_only_own_figure_then_next_player():
    st = state(figures={"red1": (5, 5), "yellow1": (6, 6)})
    assert ENGINE.current_actor(st) == "red"
    assert refused(st, "move:yellow1:U").clause == "ff-beurtvolgorde"
    new, clauses, pos = play(st, "move:red1:U")
    assert pos["figures"]["red1"]["at"] == [5, 4]
    assert pos["figures"]["yellow1"]["at"] == [6, 6]  # nothing else moved
    assert ENGINE.current_actor(new) == "yellow"


def test_ff_een_figuur_per_beurt_unparsable_or_unknown_figure():
    st = state(figures={"red1": (5, 5)})
    assert refused(st, "move:red9:U").clause == "ff-een-figuur-per-beurt"
    with pytest.raises(NotAnAction):  # no word of the grammar: no rule to cite
        ENGINE.apply(st, "walk:red1:U")
    assert refused(st, "move:red1").clause == "ff-een-figuur-per-beurt"


def test_ff_een_figuur_per_beurt_legal_actions_are_own_unmoved_figures():
    st = state(figures={"red1": ((5, 5), 6), "yellow1": (6, 6)})
    actions = ENGINE.legal_actions(st)
    assert actions and all(a.startswith("move:red") for a in actions)
    assert {a.split(":")[1] for a in actions} == {"red1", "red2", "red3", "red4"}


# -- ff-stappen-waarde ------------------------------------------------------------------------------


def test_ff_stappen_waarde_at_most_the_visible_number():
    st = state(figures={"red3": ((5, 5), 3)})
    play(st, "move:red3:UUU")
    assert refused(st, "move:red3:UUUU").clause == "ff-stappen-waarde"


def test_ff_stappen_waarde_fewer_steps_allowed_and_black_side_counts():
    st = state(figures={"red1": ((5, 5), 6)})
    _, _, pos = play(st, "move:red1:RRRRRR")
    assert pos["figures"]["red1"]["at"] == [11, 5]
    _, _, pos = play(st, "move:red1:RR")
    assert pos["figures"]["red1"]["at"] == [7, 5]


def test_ff_stappen_waarde_entering_counts_as_a_step():
    st = state(figures={"red2": ("pool")})  # shows 2
    _, _, pos = play(st, "move:red2:EU")
    assert pos["figures"]["red2"]["at"] == [15, 9]
    assert refused(st, "move:red2:EUU").clause == "ff-stappen-waarde"


def test_ff_stappen_waarde_leaving_counts_as_a_step():
    st = state(figures={"red2": ((1, 0), 2)})
    new, clauses, pos = play(st, "move:red2:LO")
    assert pos["figures"]["red2"] == "saved"
    st1 = state(figures={"red1": ((1, 0), 1)})
    assert refused(st1, "move:red1:LO").clause == "ff-stappen-waarde"


def test_ff_stappen_waarde_slide_costs_nothing():
    st = state(figures={"red1": ((3, 5), 6)}, blood=[(4, 5), (5, 5), (6, 5), (7, 5)])
    _, clauses, pos = play(st, "move:red1:RR")  # R onto the pool, slide to (8,5), R to (9,5)
    assert pos["figures"]["red1"]["at"] == [9, 5]
    assert "ff-bloedplas-glijden" in clauses


# -- ff-omdraaien ---------------------------------------------------------------------------------


def test_ff_omdraaien_figure_is_turned_over_after_its_move():
    st = state(figures={"red1": ((5, 5), 1)})
    _, clauses, pos = play(st, "move:red1:U")
    assert pos["figures"]["red1"]["showing"] == 6
    assert "ff-omdraaien" in clauses


def test_ff_omdraaien_also_after_zero_steps():
    st = state(figures={"red4": ((5, 5), 3)})
    _, clauses, pos = play(st, "move:red4:")
    assert pos["figures"]["red4"] == {"at": [5, 5], "showing": 4, "moved": True}
    assert clauses[:1] == ["ff-eens-per-ronde"] and "ff-omdraaien" in clauses


def test_ff_omdraaien_pool_figure_with_zero_steps_is_turned_too():
    st = state()
    _, _, pos = play(st, "move:red2:")
    assert pos["figures"]["red2"] == {"at": "pool", "showing": 5, "moved": True}


# -- ff-orthogonaal ---------------------------------------------------------------------------------


def test_ff_orthogonaal_no_diagonal_or_unknown_letters():
    st = state(figures={"red1": ((5, 5), 6)})
    assert refused(st, "move:red1:X").clause == "ff-orthogonaal"
    assert refused(st, "move:red1:u").clause == "ff-orthogonaal"


def test_ff_orthogonaal_path_may_turn_and_revisit_squares():
    st = state(figures={"red1": ((5, 5), 6)})
    _, _, pos = play(st, "move:red1:URDL")  # a loop back to the start square
    assert pos["figures"]["red1"]["at"] == [5, 5]
    _, _, pos = play(st, "move:red1:UURRDL")
    assert pos["figures"]["red1"]["at"] == [6, 4]


def test_ff_orthogonaal_no_step_through_the_outer_wall():
    st = state(figures={"red1": ((0, 5), 6)})
    assert refused(st, "move:red1:L").clause == "ff-orthogonaal"
    st = state(figures={"red1": ((12, 1), 6)})  # the cut corner above
    assert refused(st, "move:red1:U").clause == "ff-orthogonaal"


# -- ff-over-figuren-springen ---------------------------------------------------------------------


def test_ff_over_figuren_springen_jumped_square_counts():
    st = state(figures={"red3": ((5, 5), 3), "yellow1": (6, 5), "red1": (7, 5)})
    _, clauses, pos = play(st, "move:red3:RRR")  # over yellow 1 and red 1 (any colour)
    assert pos["figures"]["red3"]["at"] == [8, 5]
    assert clauses.count("ff-over-figuren-springen") == 2
    # two jumped squares cost two steps: with 2 points the figure would end on red 1
    st2 = state(figures={"red2": ((5, 5), 2), "yellow1": (6, 5), "red1": (7, 5)})
    assert refused(st2, "move:red2:RR").clause == "ff-vrij-eindveld"


def test_ff_over_figuren_springen_not_over_a_stone():
    # a stone is pushed, never jumped: with the square behind it blocked the step is impossible
    st = state(figures={"red3": ((5, 5), 3)}, stones=[(6, 5), (7, 5)])
    assert refused(st, "move:red3:RRR").clause == "ff-steen-schuiven"
    assert not any(a.endswith(":RRR") for a in ENGINE.legal_actions(st))


# -- ff-vrij-eindveld -----------------------------------------------------------------------------


def test_ff_vrij_eindveld_not_on_another_figure():
    st = state(figures={"red1": ((5, 5), 1), "yellow1": (6, 5)})
    assert refused(st, "move:red1:R").clause == "ff-vrij-eindveld"


def test_ff_vrij_eindveld_legal_actions_never_end_on_a_figure():
    st = state(figures={"red3": ((5, 5), 3), "yellow1": (6, 5), "yellow2": (5, 4)})
    ends = set()
    for a in ENGINE.legal_actions(st):
        if a.startswith("move:red3:"):
            new, _ = ENGINE.apply(st, a)
            ends.add(new.figure("red3").at)
    assert (6, 5) not in ends and (5, 4) not in ends and (7, 5) in ends


# -- ff-niet-over-monster ---------------------------------------------------------------------------


def test_ff_niet_over_monster_cannot_enter_or_jump_the_monster():
    st = state(monster=(6, 5), figures={"red3": ((5, 5), 3)})
    assert refused(st, "move:red3:R").clause == "ff-niet-over-monster"
    assert refused(st, "move:red3:RR").clause == "ff-niet-over-monster"
    _, _, pos = play(st, "move:red3:URR")  # around it is fine
    assert pos["figures"]["red3"]["at"] == [7, 4]


# -- ff-steen-schuiven ----------------------------------------------------------------------------


def test_ff_steen_schuiven_push_one_square_for_one_point():
    st = state(figures={"red1": ((5, 5), 1)}, stones=[(6, 5)])
    _, clauses, pos = play(st, "move:red1:R")
    assert pos["figures"]["red1"]["at"] == [6, 5]
    assert pos["stones"] == [[7, 5]]
    assert "ff-steen-schuiven" in clauses


@pytest.mark.parametrize("blocker", ["figure", "stone", "monster", "wall"])
def test_ff_steen_schuiven_only_when_the_square_behind_is_empty(blocker):
    figures = {"red1": ((5, 5), 1)}
    stones = [(6, 5)]
    monster = MONSTER_AWAY
    if blocker == "figure":
        figures["yellow1"] = (7, 5)
    elif blocker == "stone":
        stones.append((7, 5))
    elif blocker == "monster":
        monster = (7, 5)
    else:
        figures = {"red1": ((13, 5), 1)}
        stones = [(14, 5), (15, 5)]
    st = state(figures=figures, stones=stones, monster=monster)
    action = "move:red1:R"
    err = refused(st, action)
    assert err.clause == "ff-steen-schuiven"


def test_ff_steen_schuiven_not_against_the_wall():
    st = state(figures={"red1": ((14, 5), 1)}, stones=[(15, 5)])
    assert refused(st, "move:red1:R").clause == "ff-steen-schuiven"


def test_ff_steen_schuiven_blood_counts_as_empty():
    st = state(figures={"red1": ((3, 5), 1)}, stones=[(4, 5)], blood=[(5, 5), (6, 5), (5, 6), (6, 6)])
    _, clauses, pos = play(st, "move:red1:R")
    assert pos["stones"] == [[7, 5]]  # pushed onto the pool, slid over it
    assert "ff-steen-op-bloedplas" in clauses


def test_ff_steen_schuiven_different_pushes_are_different_moves():
    # red 3 can reach (6, 4) by pushing the stone at (6, 5) up-right or not at all: distinct results
    st = state(figures={"red3": ((5, 5), 3)}, stones=[(6, 5)])
    results = set()
    for a in ENGINE.legal_actions(st):
        if a.startswith("move:red3:"):
            new, _ = ENGINE.apply(st, a)
            results.add((new.figure("red3").at, new.stones))
    assert len(results) == sum(1 for a in ENGINE.legal_actions(st) if a.startswith("move:red3:"))
    at_65 = {stones for at, stones in results if at == (6, 5)}
    assert at_65 == {frozenset({s}) for s in [(7, 5), (8, 5), (6, 6), (6, 4)]}
    # the non-canonical path is accepted too
    new, _ = ENGINE.apply(st, "move:red3:RDU")
    assert new.figure("red3").at == (6, 5) and new.stones == frozenset({(7, 5)})


# -- ff-bloedplas-glijden -----------------------------------------------------------------------------


POOL4 = [(4, 5), (5, 5), (6, 5), (7, 5)]


def test_ff_bloedplas_glijden_to_first_square_beyond_and_walk_on():
    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4)
    _, clauses, pos = play(st, "move:red3:R")
    assert pos["figures"]["red3"]["at"] == [8, 5]
    _, _, pos = play(st, "move:red3:RDD")
    assert pos["figures"]["red3"]["at"] == [8, 7]


def test_ff_bloedplas_glijden_across_the_short_way():
    st = state(figures={"red1": ((5, 4), 1)}, blood=POOL4)
    _, _, pos = play(st, "move:red1:D")
    assert pos["figures"]["red1"]["at"] == [5, 6]


def test_ff_bloedplas_glijden_never_ends_on_blood():
    st = state(figures={"red1": ((5, 4), 6)}, blood=POOL4)
    for a in ENGINE.legal_actions(st):
        new, _ = ENGINE.apply(st, a)
        f = new.figure(a.split(":")[1])
        assert not (f.on_board and f.at in new.blood)


# -- ff-bloedplas-geblokkeerd ----------------------------------------------------------------------


def test_ff_bloedplas_geblokkeerd_stone_beyond_forbids_the_step():
    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4, stones=[(8, 5)])
    assert refused(st, "move:red3:R").clause == "ff-bloedplas-geblokkeerd"


def test_ff_bloedplas_geblokkeerd_stone_on_the_pool_forbids_the_step():
    st = state(figures={"red3": ((5, 4), 3)}, blood=POOL4, stones=[(6, 5)])
    # stepping down onto (5,5) slides down across the pool only: fine
    _, _, pos = play(st, "move:red3:D")
    assert pos["figures"]["red3"]["at"] == [5, 6]
    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4, stones=[(7, 5)])
    assert refused(st, "move:red3:R").clause == "ff-bloedplas-geblokkeerd"


def test_ff_bloedplas_geblokkeerd_monster_beyond_forbids_the_step():
    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4, monster=(8, 5))
    assert refused(st, "move:red3:R").clause == "ff-bloedplas-geblokkeerd"


def test_ff_bloedplas_geblokkeerd_figure_beyond_is_passed_like_a_jump():
    st = state(figures={"red3": ((3, 5), 3), "yellow1": (8, 5)}, blood=POOL4)
    assert refused(st, "move:red3:R").clause == "ff-vrij-eindveld"
    _, clauses, pos = play(st, "move:red3:RR")
    assert pos["figures"]["red3"]["at"] == [9, 5]
    assert "ff-bloedplas-geblokkeerd" in clauses


# -- ff-bord-betreden ---------------------------------------------------------------------------------


def test_ff_bord_betreden_via_the_start_square():
    st = state()
    _, clauses, pos = play(st, "move:red1:E")
    assert pos["figures"]["red1"]["at"] == [15, 10]
    assert clauses[1] == "ff-bord-betreden"


def test_ff_bord_betreden_first_step_must_be_E_and_only_from_the_pool():
    st = state(figures={"red1": ((5, 5), 6)})
    assert refused(st, "move:red2:U").clause == "ff-bord-betreden"
    assert refused(st, "move:red2:UE").clause == "ff-bord-betreden"
    assert refused(st, "move:red1:E").clause == "ff-bord-betreden"


def test_ff_bord_betreden_monster_on_start_square_blocks():
    st = state(monster=(15, 10))
    assert refused(st, "move:red3:EU").clause == "ff-bord-betreden"
    assert [a for a in ENGINE.legal_actions(st) if a.startswith("move:red3")] == ["move:red3:"]


def test_ff_bord_betreden_jump_a_figure_on_the_start_square():
    st = state(figures={"yellow1": (15, 10)})
    assert refused(st, "move:red3:E").clause == "ff-vrij-eindveld"
    _, clauses, pos = play(st, "move:red3:EL")
    assert pos["figures"]["red3"]["at"] == [14, 10]
    assert "ff-over-figuren-springen" in clauses


# -- ff-start-en-doelveld -----------------------------------------------------------------------------


def test_ff_start_en_doelveld_ordinary_squares_with_one_figure_at_most():
    st = state(figures={"red1": ((1, 0), 1)})
    _, _, pos = play(st, "move:red1:L")  # may end on the exit square
    assert pos["figures"]["red1"]["at"] == [0, 0]
    st = state(figures={"red1": ((1, 0), 1), "yellow1": (0, 0)})
    assert refused(st, "move:red1:L").clause == "ff-vrij-eindveld"
    st = state(figures={"red3": ((0, 1), 3), "yellow1": (0, 0)})
    _, _, pos = play(st, "move:red3:UR")  # walk through the occupied exit square
    assert pos["figures"]["red3"]["at"] == [1, 0]


# -- ff-uitgang-verlaten ---------------------------------------------------------------------------


def test_ff_uitgang_verlaten_exit_plus_one_point():
    st = state(figures={"red3": ((2, 0), 3)})
    new, clauses, pos = play(st, "move:red3:LLO")
    assert pos["figures"]["red3"] == "saved" and pos["saved"] == ["red3"]
    assert "ff-uitgang-verlaten" in clauses


def test_ff_uitgang_verlaten_remaining_points_lapse():
    st = state(figures={"red1": ((1, 0), 6)})
    new, _, pos = play(st, "move:red1:LO")
    assert pos["figures"]["red1"] == "saved"
    assert refused(st, "move:red1:LOR").clause == "ff-uitgang-verlaten"


def test_ff_uitgang_verlaten_only_from_the_exit_square():
    st = state(figures={"red3": ((2, 0), 3)})
    assert refused(st, "move:red3:LO").clause == "ff-uitgang-verlaten"
    st = state(figures={"red3": ((0, 0), 3)})
    assert refused(st, "move:red3:U").clause == "ff-orthogonaal"  # no stepping through the wall


def test_ff_uitgang_verlaten_no_point_left_stays_on_exit_and_can_be_caught():
    st = state(figures={"red1": ((1, 0), 1)})
    new, _, pos = play(st, "move:red1:L")
    assert pos["figures"]["red1"]["at"] == [0, 0]
    # the monster can still catch a figure standing on the exit square
    mon = ENGINE.state_from_position(
        sketch(phase="monster", discard=("5",), monster=(3, 0), facing="L", figures={"red1": (0, 0)})
    )
    for _ in range(3):
        mon, _ = ENGINE.apply(mon, "monster")
    assert mon.figure("red1").at == "pool"


def test_ff_uitgang_verlaten_saved_figure_cannot_move_again():
    st = state(figures={"red3": "saved", "red1": (5, 5)}, saved=["red3"])
    assert refused(st, "move:red3:").clause == "ff-uitgang-verlaten"


# -- ff-steen-op-bloedplas / ff-steen-op-start-of-doel (pushed by a figure) -------------------------


def test_ff_steen_op_bloedplas_slides_like_a_figure():
    st = state(figures={"red1": ((2, 5), 1)}, stones=[(3, 5)], blood=POOL4)
    _, clauses, pos = play(st, "move:red1:R")
    assert pos["stones"] == [[8, 5]]
    assert "ff-steen-op-bloedplas" in clauses


def test_ff_steen_op_bloedplas_stops_on_last_blood_square_before_a_figure():
    st = state(figures={"red1": ((2, 5), 1), "yellow1": (8, 5)}, stones=[(3, 5)], blood=POOL4)
    _, _, pos = play(st, "move:red1:R")
    assert pos["stones"] == [[7, 5]]


def test_ff_steen_op_bloedplas_behaves_as_any_stone_afterwards():
    # the stone on the last blood square is pushed like any stone, but the figure then slides after it
    # onto the blood and runs into it: that step is impossible (ff-bloedplas-geblokkeerd)
    st = state(figures={"red1": ((7, 4), 1), "yellow1": (8, 5)}, stones=[(7, 5)], blood=POOL4)
    assert refused(st, "move:red1:D").clause == "ff-bloedplas-geblokkeerd"
    # and a figure cannot jump it either
    st = state(figures={"red3": ((7, 3), 3), "yellow1": (8, 5)}, stones=[(7, 5), (7, 6)], blood=POOL4)
    assert refused(st, "move:red3:DD").clause == "ff-steen-schuiven"


def test_ff_steen_op_start_of_doel_removed_at_once():
    st = state(figures={"red1": ((2, 0), 1)}, stones=[(1, 0)])
    _, clauses, pos = play(st, "move:red1:L")
    assert pos["stones"] == []
    assert "ff-steen-op-start-of-doel" in clauses
    st = state(figures={"red1": ((15, 8), 1)}, stones=[(15, 9)])
    _, clauses, pos = play(st, "move:red1:D")
    assert pos["stones"] == [] and pos["figures"]["red1"]["at"] == [15, 9]


def test_ff_vrij_eindveld_a_figure_lying_on_blood_may_stay_with_zero_steps():
    # only the monster can push a figure onto blood; staying put (0 steps) is not ending a walk there
    st = state(figures={"red1": ((4, 5), 1)}, blood=POOL4)
    _, _, pos = play(st, "move:red1:")
    assert pos["figures"]["red1"]["at"] == [4, 5]
    _, _, pos = play(st, "move:red1:R")  # stepping along the pool slides to its end
    assert pos["figures"]["red1"]["at"] == [8, 5]


def test_ff_bloedplas_geblokkeerd_figures_lying_on_the_pool_are_passed():
    st = state(figures={"red3": ((3, 5), 3), "yellow1": (6, 5)}, blood=POOL4)
    _, _, pos = play(st, "move:red3:R")
    assert pos["figures"]["red3"]["at"] == [8, 5]


# -- sentences and the trail of a move (event data) -----------------------------------------------------


def test_move_sentences_read_as_before():
    st = state(figures={"red3": ((3, 5), 3), "yellow1": (6, 5)}, blood=POOL4, stones=[(9, 4)])
    _, events = ENGINE.apply(st, "move:red3:R")
    assert texts(events)[:3] == [
        "Rood 3 loopt 1 stap (van de 3) van (3, 5) naar (8, 5).",
        "Rood 3 glijdt over de bloedplas van (4, 5) naar (8, 5).",
        "Op (6, 5) staat geel 1: rood 3 komt daar terecht zoals bij springen.",
    ]
    assert texts(events)[3:] == ["Rood 3 wordt omgedraaid en toont nu 4.", "Geel is aan de beurt."]
    err = refused(state(figures={"red1": ((1, 0), 1)}), "move:red1:LO")
    assert err.key == "refuse.too-far" and err.reason == "Rood 1 toont 1 en mag hoogstens 1 stap lopen, niet 2."
    err = refused(state(figures={"red1": ((0, 0), 6)}), "move:red1:U")
    assert err.reason == ("Van (0, 0) kan niet omhoog gestapt worden: daar is de buitenmuur. "
                          "Naar buiten gaan kan alleen vanaf het doelveld met O.")
    _, events = ENGINE.apply(state(figures={"red1": ((1, 0), 6)}), "move:red1:LO")
    assert ENGINE.describe(by_key(events, "move.saved.lapsed")) == (
        "Rood 1 stapt door de uitgang naar buiten en is gered. De overige 4 punten vervallen.")


def test_move_event_data_is_plain_json():
    import json

    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4)
    _, events = ENGINE.apply(st, "move:red3:RD")
    for e in events:
        assert json.loads(json.dumps(dict(e.data))) == dict(e.data)
    assert events[0].data["from"] == [3, 5] and events[0].data["to"] == [8, 6]


def test_trail_of_a_plain_walk_starts_at_the_origin():
    st = state(figures={"red3": ((5, 5), 3)})
    _, events = ENGINE.apply(st, "move:red3:URR")
    assert trail(events) == [(5, 5), (5, 4), (6, 4), (7, 4)]


def test_trail_of_a_slide_over_blood_holds_every_slid_square():
    st = state(figures={"red3": ((3, 5), 3)}, blood=POOL4)
    _, events = ENGINE.apply(st, "move:red3:RD")
    assert trail(events) == [(3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 5), (8, 6)]
    # passing a figure lying on the pool: its square is in the trail as well
    st = state(figures={"red3": ((3, 5), 3), "yellow1": (6, 5)}, blood=POOL4)
    _, events = ENGINE.apply(st, "move:red3:R")
    assert trail(events) == [(3, 5), (4, 5), (5, 5), (6, 5), (7, 5), (8, 5)]


def test_trail_includes_jumped_squares_and_a_push():
    st = state(figures={"red3": ((5, 5), 3), "yellow1": (6, 5)}, stones=[(8, 5)])
    new, events = ENGINE.apply(st, "move:red3:RRR")
    assert trail(events) == [(5, 5), (6, 5), (7, 5), (8, 5)]
    assert new.stones == frozenset({(9, 5)})


def test_trail_from_the_pool_starts_on_the_start_square():
    _, events = ENGINE.apply(state(), "move:red3:EUL")
    assert trail(events) == [START, (15, 9), (14, 9)]
    _, events = ENGINE.apply(state(figures={"yellow1": (15, 10)}), "move:red2:EL")  # jumping a figure on it
    assert trail(events) == [START, (14, 10)]


def test_trail_out_of_the_exit_ends_on_the_exit_square():
    _, events = ENGINE.apply(state(figures={"red3": ((2, 0), 3)}), "move:red3:LLO")
    assert events[0].data["to"] == "saved"
    assert trail(events) == [(2, 0), (1, 0), EXIT]


def test_trail_of_a_zero_step_move():
    _, events = ENGINE.apply(state(figures={"red1": ((5, 5), 1)}), "move:red1:")
    assert events[0].key == "move.stay" and trail(events) == [(5, 5)]
    _, events = ENGINE.apply(state(), "move:red1:")  # staying in the pool: no square at all
    assert trail(events) == []
    assert ENGINE.describe(events[0]) == (
        "Rood 1 blijft in de startvoorraad staan (0 stappen); ook dat telt als haar beurt.")


def test_every_listed_move_has_a_connected_trail_from_origin_to_end():
    st = state(figures={"red1": ((3, 4), 6), "red2": ((1, 0), 5), "yellow1": (6, 5)}, blood=POOL4,
               stones=[(3, 6), (9, 5)])
    for action in ENGINE.legal_actions(st):
        new, events = ENGINE.apply(st, action)
        fid = action.split(":")[1]
        squares = trail(events)
        if not squares:
            assert new.figure(fid).at == "pool"
            continue
        assert all(is_neighbour(a, b) for a, b in zip(squares, squares[1:], strict=False))
        assert squares[0] == (st.figure(fid).at if st.figure(fid).on_board else START)
        end = new.figure(fid).at
        assert squares[-1] == (EXIT if end == "saved" else end)
