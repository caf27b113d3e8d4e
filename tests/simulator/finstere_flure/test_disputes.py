"""Table disputes, each answered from the rulebook text (clause id in each test name)."""

import pytest

from rules.core.engine import RuleError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import sketch

AWAY = (10, 0)
POOL4 = [(4, 5), (5, 5), (6, 5), (7, 5)]


def load(**kw):
    kw.setdefault("monster", AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def monster_state(card="5", discard=None, **kw):
    if discard is None:
        discard = ("5",) if card == "5" else ("5", card)
    return ENGINE.state_from_position(sketch(phase="monster", discard=discard, **kw))


def walk(st, steps=1):
    events = []
    for _ in range(steps):
        st, evs = ENGINE.apply(st, "monster")
        events += evs
    return st, events


def refused(st, action) -> str:
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, action)
    return info.value.clause


def at(st, fid):
    fig = ENGINE.position_of(st)["figures"][fid]
    return fig if isinstance(fig, str) else tuple(fig["at"]) if isinstance(fig["at"], list) else fig["at"]


def stones(st):
    return {tuple(s) for s in ENGINE.position_of(st)["stones"]}


# -- players' moves ---------------------------------------------------------------------------------


def test_ff_over_figuren_springen_jumped_squares_count_as_steps():
    # red2 (showing 2) at (5, 5) with yellow1 at (4, 5): two steps left reach (3, 5), not further.
    st = load(figures={"red2": (5, 5), "yellow1": (4, 5)})
    new, _ = ENGINE.apply(st, "move:red2:LL")
    assert at(new, "red2") == (3, 5)
    assert refused(st, "move:red2:L") == "ff-vrij-eindveld"


def test_ff_over_figuren_springen_a_stone_cannot_be_jumped():
    # stone at (4, 5) with another stone behind it: the figure can neither push nor jump it.
    st = load(figures={"red4": (5, 5)}, stones=[(4, 5), (3, 5)])
    assert refused(st, "move:red4:LL") == "ff-steen-schuiven"


def test_ff_steen_schuiven_not_against_a_figure_lying_on_blood():
    st = load(figures={"red3": (2, 5), "yellow1": (4, 5)}, stones=[(3, 5)], blood=POOL4)
    assert refused(st, "move:red3:R") == "ff-steen-schuiven"


def test_ff_steen_schuiven_not_against_the_monster():
    st = load(monster=(3, 5), figures={"red3": (5, 5)}, stones=[(4, 5)])
    assert refused(st, "move:red3:L") == "ff-steen-schuiven"


def test_ff_steen_schuiven_not_through_the_outer_wall():
    st = load(figures={"red3": (2, 0)}, stones=[(1, 0)], monster=(10, 5))
    new, _ = ENGINE.apply(st, "move:red3:L")  # onto the exit square: removed
    assert stones(new) == set() and at(new, "red3") == (1, 0)
    st = load(figures={"red3": (5, 1)}, stones=[(5, 0)], monster=(10, 5))
    assert refused(st, "move:red3:U") == "ff-steen-schuiven"


def test_ff_steen_op_bloedplas_stone_stops_before_a_figure_beyond_the_pool():
    st = load(figures={"red3": (2, 5), "yellow1": (8, 5)}, stones=[(3, 5)], blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red3:R")
    assert stones(new) == {(7, 5)} and at(new, "red3") == (3, 5)


def test_ff_steen_op_bloedplas_stone_slides_to_the_square_beyond():
    st = load(figures={"red3": (2, 5)}, stones=[(3, 5)], blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red3:R")
    assert stones(new) == {(8, 5)}


def test_ff_bloedplas_geblokkeerd_stone_lying_on_blood_cannot_be_pushed_by_a_figure():
    st = load(figures={"red3": (3, 5)}, stones=[(5, 5)], blood=POOL4)
    assert refused(st, "move:red3:R") == "ff-bloedplas-geblokkeerd"


def test_ff_bloedplas_glijden_slide_is_free_and_walking_goes_on():
    st = load(figures={"red2": (3, 5)}, blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red2:RU")
    assert at(new, "red2") == (8, 4)


def test_ff_bloedplas_geblokkeerd_figure_beyond_the_pool_needs_another_point():
    st = load(figures={"red1": (3, 5), "red2": (2, 6), "yellow1": (8, 5)}, blood=POOL4)
    assert refused(st, "move:red1:R") == "ff-vrij-eindveld"
    st = load(figures={"red2": (3, 5), "yellow1": (8, 5)}, blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red2:RR")
    assert at(new, "red2") == (9, 5)


def test_ff_bloedplas_geblokkeerd_monster_beyond_the_pool_blocks_the_slide():
    st = load(monster=(8, 5), figures={"red2": (3, 5)}, blood=POOL4)
    assert refused(st, "move:red2:R") == "ff-bloedplas-geblokkeerd"


def test_ff_bloedplas_glijden_passes_a_figure_lying_on_the_pool():
    st = load(figures={"red2": (3, 5), "yellow1": (6, 5)}, blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red2:R")
    assert at(new, "red2") == (8, 5) and at(new, "yellow1") == (6, 5)


def test_ff_stappen_waarde_figure_on_blood_may_stay_with_zero_steps():
    st = load(figures={"red2": (6, 5)}, blood=POOL4)
    new, _ = ENGINE.apply(st, "move:red2:")
    assert at(new, "red2") == (6, 5)
    assert ENGINE.position_of(new)["figures"]["red2"]["showing"] == 5


def test_ff_niet_over_monster_cannot_jump_the_monster():
    st = load(monster=(4, 5), figures={"red3": (5, 5)})
    assert refused(st, "move:red3:LL") == "ff-niet-over-monster"


def test_ff_bord_betreden_entering_costs_a_step_and_start_may_be_jumped():
    st = load(figures={"red2": "pool", "yellow1": (15, 10)})
    new, _ = ENGINE.apply(st, "move:red2:EU")
    assert at(new, "red2") == (15, 9)
    assert refused(load(figures={"red1": "pool", "yellow1": (15, 10)}), "move:red1:E") == "ff-vrij-eindveld"


def test_ff_bord_betreden_not_while_the_monster_stands_on_the_start_square():
    st = load(monster=(15, 10), facing="U")
    assert refused(st, "move:red4:EU") == "ff-bord-betreden"
    assert "move:red1:" in ENGINE.legal_actions(st)


def test_ff_uitgang_verlaten_needs_one_more_point_after_the_exit_square():
    st = load(figures={"red1": (1, 0)})
    new, _ = ENGINE.apply(st, "move:red1:L")
    assert at(new, "red1") == (0, 0)
    assert refused(st, "move:red1:LO") == "ff-stappen-waarde"
    st = load(figures={"red2": (1, 0)})
    new, _ = ENGINE.apply(st, "move:red2:LO")
    assert at(new, "red2") == "saved"


def test_ff_uitgang_verlaten_over_an_occupied_exit_square():
    st = load(figures={"red2": (1, 0), "yellow1": (0, 0)})
    new, _ = ENGINE.apply(st, "move:red2:LO")
    assert at(new, "red2") == "saved"


def test_ff_uitgang_verlaten_exit_is_the_last_step():
    st = load(figures={"red4": (0, 0)})
    assert refused(st, "move:red4:OR") == "ff-uitgang-verlaten"


def test_ff_orthogonaal_no_step_into_the_wall_at_the_exit():
    st = load(figures={"red2": (0, 0)})
    assert refused(st, "move:red2:U") == "ff-orthogonaal"
    assert refused(st, "move:red2:L") == "ff-orthogonaal"


def test_ff_omdraaien_zero_steps_in_the_pool_flips_the_figure():
    st = load(figures={"red1": "pool"})
    new, _ = ENGINE.apply(st, "move:red1:")
    fig = ENGINE.position_of(new)["figures"]["red1"]
    assert fig["at"] == "pool" and fig["showing"] == 6


def test_ff_eens_per_ronde_a_figure_cannot_move_twice():
    st = load(figures={"red1": (5, 5), "red2": (6, 6), "yellow1": (7, 7)})
    st, _ = ENGINE.apply(st, "move:red1:U")
    st, _ = ENGINE.apply(st, "move:yellow1:")
    assert refused(st, "move:red1:U") == "ff-eens-per-ronde"


# -- rounds and turn order ---------------------------------------------------------------------------


def test_ff_eerste_ronde_three_figures_each_still_two_turns():
    from .support import new_game

    st = new_game(players=5)
    turns = 0
    while ENGINE.current_actor(st) not in ("chance",):
        actor = ENGINE.current_actor(st)
        fig = next(f for f in st.figures if f.owner == actor and not f.moved)
        st, _ = ENGINE.apply(st, f"move:{fig.id}:")
        turns += 1
    assert turns == 10
    pos = ENGINE.position_of(st)
    assert pos["figures"]["red3"] in ("pool", {"at": "pool", "showing": 3, "moved": False})


def test_ff_beurtvolgorde_player_with_fewer_figures_is_skipped():
    st = load(
        figures={"red1": (5, 5), "red2": (6, 6), "red3": (7, 7), "red4": (8, 8), "yellow1": (9, 9),
                 "yellow2": "saved", "yellow3": "saved", "yellow4": (1, 5)},
        saved=["yellow2", "yellow3"],
    )
    order = []
    while ENGINE.current_actor(st) in ("red", "yellow"):
        actor = ENGINE.current_actor(st)
        order.append(actor)
        fig = next(f for f in st.figures if f.owner == actor and f.in_play and not f.moved)
        st, _ = ENGINE.apply(st, f"move:{fig.id}:")
    assert order == ["red", "yellow", "red", "yellow", "red", "red"]


# -- the monster -------------------------------------------------------------------------------------


def test_ff_monster_verward_tie_left_and_ahead_keeps_heading():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (7, 5), "yellow1": (5, 3)})
    new, _ = walk(st)
    assert ENGINE.position_of(new)["monster"] == {"at": [6, 5], "facing": "R"}


def test_ff_monster_verward_tie_left_and_right_goes_straight():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (5, 3), "yellow1": (5, 7)})
    new, _ = walk(st)
    assert ENGINE.position_of(new)["monster"] == {"at": [6, 5], "facing": "R"}


def test_ff_monster_zicht_does_not_look_back():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": (4, 5)})
    new, _ = walk(st)
    assert ENGINE.position_of(new)["monster"] == {"at": [6, 5], "facing": "R"}
    assert at(new, "red1") == (4, 5)


def test_ff_monster_glijdt_stone_on_the_pool_is_pushed_along_by_the_sliding_monster():
    st = monster_state(monster=(3, 5), facing="R", blood=POOL4, stones=[(5, 5)])
    new, _ = walk(st)
    assert ENGINE.position_of(new)["monster"]["at"] == [8, 5]
    assert stones(new) == {(9, 5)}


def test_ff_monster_schuift_steen_stone_onto_blood_stops_before_a_figure():
    st = monster_state(monster=(2, 5), facing="R", blood=POOL4, stones=[(3, 5)], figures={"red1": (8, 5)})
    new, _ = walk(st)
    assert stones(new) == {(7, 5)} and at(new, "red1") == (8, 5)


def test_ff_monster_verplettert_figure_against_the_wall_counts_as_a_hit_for_x():
    st = monster_state(card="X", monster=(13, 6), facing="R", stones=[(14, 6)], figures={"red1": (15, 6)})
    new, events = walk(st)
    assert at(new, "red1") == "pool"  # chapter 1: back to the start pool
    assert ENGINE.position_of(new)["phase"] != "monster"
    assert any(e.clause == "ff-monster-verplettert" for e in events)


def test_ff_monster_verplettert_in_chapter_2_the_figure_is_out():
    st = monster_state(
        chapter=2, monster=(13, 6), facing="R", stones=[(14, 6)], figures={"red1": (15, 6), "yellow1": (3, 3)}
    )
    new, _ = walk(st)
    assert at(new, "red1") == "out"


def test_ff_monster_door_muur_reentry_catches_a_figure():
    st = monster_state(monster=(0, 5), facing="L", figures={"red1": (15, 5)})
    new, events = walk(st)
    assert ENGINE.position_of(new)["monster"] == {"at": [15, 5], "facing": "L"}
    assert at(new, "red1") == "pool"


def test_ff_monster_door_muur_does_not_see_through_the_wall():
    # red1 stands on the re-entry square but is behind the wall: no look, no turn before the step
    st = monster_state(monster=(0, 5), facing="L", figures={"red1": (15, 5)})
    _, events = walk(st)
    assert events[0].key == "monster.look.none"


def test_ff_monster_treffers_x_stops_and_makes_the_final_look():
    st = monster_state(card="X", monster=(5, 5), facing="R", figures={"red1": (6, 5), "yellow1": (6, 2)})
    new, events = walk(st)
    pos = ENGINE.position_of(new)
    assert pos["phase"] == "players"
    assert pos["monster"] == {"at": [6, 5], "facing": "U"}  # final look: yellow1 above


def test_ff_monster_treffers_at_most_20_steps_then_the_round_ends():
    st = monster_state(card="XX", monster=(2, 5), facing="R")
    st, _ = walk(st, 20)
    assert ENGINE.position_of(st)["phase"] == "players"


def test_ff_gepakt_hoofdstuk_1_keeps_its_side_up():
    st = monster_state(monster=(5, 5), facing="R", figures={"red1": ((6, 5), 6)})
    new, _ = walk(st)
    fig = ENGINE.position_of(new)["figures"]["red1"]
    assert fig["at"] == "pool" and fig["showing"] == 6


# -- chapters and endings ----------------------------------------------------------------------------


def test_ff_hoofdstuk_1_einde_seventh_card_is_walked_then_chapter_2():
    st = monster_state(card="5", discard=("7", "7", "8", "8", "10", "X", "5"), monster=(2, 5), facing="R",
                       figures={"red1": (9, 9)})
    st, events = walk(st, 5)
    pos = ENGINE.position_of(st)
    assert pos["chapter"] == 2 and pos["phase"] == "players" and len(pos["deck"]) == 8
    assert pos["monster"]["at"] == [7, 5]


def test_ff_eerste_kaart_chapter_2_may_start_with_x():
    st = load(phase="card", chapter=2, discard=(), figures={"red1": (5, 5)})
    assert "card:X" in ENGINE.legal_actions(st)


def test_ff_einde_bord_leeg_ends_mid_monster_turn():
    st = monster_state(card="10", discard=("10",), chapter=2, monster=(2, 5), facing="R",
                       figures={"red1": (3, 5), "red2": "out", "red3": "out", "red4": "saved",
                                "yellow1": "out", "yellow2": "out", "yellow3": "out", "yellow4": "out"},
                       saved=["red4"])
    new, _ = walk(st)
    pos = ENGINE.position_of(new)
    assert pos["phase"] == "over" and pos["ending"] == "ff-einde-bord-leeg"
    assert ENGINE.result(new).winners == ("red",)


def test_ff_einde_kampioenschap_later_players_still_move_then_no_monster():
    st = load(
        figures={"red1": ((1, 0), 6), "red2": "saved", "red3": "saved", "red4": (9, 9),
                 "yellow1": (5, 5), "yellow2": "saved", "yellow3": "saved", "yellow4": (2, 0)},
        saved=["red2", "yellow2", "yellow3", "red3"],
    )
    st, _ = ENGINE.apply(st, "move:red1:LO")  # red's third: the end is rung
    assert ENGINE.current_actor(st) == "yellow"
    st, _ = ENGINE.apply(st, "move:yellow4:LLO")  # yellow's third in the same round
    st, _ = ENGINE.apply(st, "move:red4:")
    st, _ = ENGINE.apply(st, "move:yellow1:")
    pos = ENGINE.position_of(st)
    assert pos["phase"] == "over" and pos["ending"] == "ff-einde-kampioenschap"
    # 3 - 3: red reached three first
    assert ENGINE.result(st).winners == ("red",)


def test_ff_einde_kaarten_op_after_seven_cards_in_chapter_2():
    st = monster_state(card="5", discard=("7", "7", "8", "8", "10", "X", "5"), chapter=2, monster=(2, 5),
                       facing="R", figures={"red1": (9, 9), "yellow1": "saved"}, saved=["yellow1"])
    st, _ = walk(st, 5)
    pos = ENGINE.position_of(st)
    assert pos["phase"] == "over" and pos["ending"] == "ff-einde-kaarten-op"
    assert ENGINE.result(st).winners == ("yellow",)


# -- more disputes: start/exit squares, entering after a catch, dmaufbau ---------------------------------


def test_ff_steen_op_start_of_doel_monster_pushes_a_stone_onto_the_exit_square():
    st = monster_state(monster=(2, 0), facing="L", stones=[(1, 0)])
    new, events = walk(st)
    assert stones(new) == set() and ENGINE.position_of(new)["monster"]["at"] == [1, 0]
    assert any(e.clause == "ff-steen-op-start-of-doel" for e in events)


def test_ff_steen_op_start_of_doel_pushed_figure_on_the_exit_square_is_not_saved():
    st = monster_state(monster=(3, 0), facing="L", stones=[(2, 0)], figures={"red1": (1, 0)})
    new, _ = walk(st)
    assert at(new, "red1") == (0, 0) and ENGINE.position_of(new)["saved"] == []


def test_ff_monster_verplettert_figure_on_the_exit_square_against_the_wall():
    st = monster_state(monster=(3, 0), facing="L", stones=[(2, 0), (1, 0)], figures={"red1": (0, 0)})
    new, events = walk(st)
    assert at(new, "red1") == "pool"
    assert stones(new) == {(1, 0)}  # the stone pushed onto the exit square is removed; the other moved up
    assert any(e.clause == "ff-monster-verplettert" for e in events)


def test_ff_gepakt_hoofdstuk_1_caught_figure_enters_again_next_round():
    st = monster_state(card="5", monster=(13, 10), facing="R", figures={"red1": ((14, 10), 6)})
    st, _ = walk(st, 5)
    assert ENGINE.position_of(st)["phase"] == "players"
    assert at(st, "red1") == "pool"
    actions = [a for a in ENGINE.legal_actions(st) if a.startswith("move:red1:")]
    assert "move:red1:" in actions


def test_ff_eens_per_ronde_zero_steps_counts_as_the_turn():
    st = load(figures={"red1": (5, 5), "yellow1": (7, 7)})
    new, events = ENGINE.apply(st, "move:red1:")
    assert ENGINE.current_actor(new) == "yellow"
    assert refused(new, "move:red1:U") in ("ff-eens-per-ronde", "ff-beurtvolgorde")


def test_ff_dmaufbau_bloedplassen_at_least_eight_steps_from_the_start_square():
    from .support import new_game

    st = new_game(players=2, dmaufbau=True)
    # (12, 6): 3 + 4 = 7 steps from (15, 10)
    assert refused(st, "place:pool2:11,6") == "ff-dmaufbau-bloedplassen"
    new, _ = ENGINE.apply(st, "place:pool2:10,5")  # nearest square (11, 6) is 8 steps away
    assert len(ENGINE.position_of(new)["blood"]) == 4


def test_ff_dmaufbau_bloedplassen_pools_may_share_a_corner_but_not_a_side():
    from .support import new_game

    st = new_game(players=2, dmaufbau=True)
    st, _ = ENGINE.apply(st, "place:pool2:5,4")  # (5..6, 4..5)
    assert refused(st, "place:pool4:7,4,v") == "ff-dmaufbau-bloedplassen"
    new, _ = ENGINE.apply(st, "place:pool4:7,6,v")  # touches (6, 5) only at a corner
    assert len(ENGINE.position_of(new)["blood"]) == 8


def test_ff_dmaufbau_vrije_zone_three_steps_from_the_exit():
    from .support import new_game

    st = new_game(players=2, dmaufbau=True)
    assert refused(st, "place:stone:2,1") == "ff-dmaufbau-vrije-zone"
    new, _ = ENGINE.apply(st, "place:stone:2,2")  # four steps from the exit
    assert stones(new) == {(2, 2)}


def test_ff_dmaufbau_bloedplassen_not_on_an_edge_square():
    from .support import new_game

    st = new_game(players=2, dmaufbau=True)
    assert refused(st, "place:pool4:4,0,h") in ("ff-dmaufbau-vrije-zone", "ff-dmaufbau-bloedplassen")
    assert refused(st, "place:pool4:6,0,h") == "ff-dmaufbau-bloedplassen"


def test_ff_einde_gelijke_stand_who_saved_that_number_first_wins():
    st = load(
        monster=(8, 9),
        figures={"red1": (9, 9), "red2": "saved", "red3": "out", "red4": "out",
                 "yellow1": "saved", "yellow2": "out", "yellow3": "out", "yellow4": (1, 0)},
        chapter=2,
        saved=["yellow1", "red2"],
    )
    st, _ = ENGINE.apply(st, "move:red1:")
    st, _ = ENGINE.apply(st, "move:yellow4:LO")  # yellow: 2 saved, red: 1
    st, _ = ENGINE.apply(st, "card:8")
    st, _ = walk(st)  # red1 caught: no figure left on the board or in the pool
    res = ENGINE.result(st)
    assert res is not None and res.clause == "ff-einde-bord-leeg" and res.winners == ("yellow",)


def test_ff_einde_gelijke_stand_equal_counts_the_earlier_last_save_wins():
    st = load(
        monster=(8, 9),
        figures={"red1": (9, 9), "red2": "saved", "red3": "out", "red4": "out",
                 "yellow1": "saved", "yellow2": "out", "yellow3": "out", "yellow4": "out"},
        chapter=2,
        saved=["red2", "yellow1"],
    )
    st, _ = ENGINE.apply(st, "move:red1:")
    st, _ = ENGINE.apply(st, "card:8")
    st, _ = walk(st)
    res = ENGINE.result(st)
    assert res is not None and res.winners == ("red",) and res.tiebreak == "ff-einde-gelijke-stand"


def test_ff_eerste_ronde_no_third_figure_after_the_players_part():
    from .support import new_game

    st = new_game(2)
    for action in ("move:red1:E", "move:yellow1:", "move:red2:", "move:yellow2:"):
        st, _ = ENGINE.apply(st, action)
    assert ENGINE.current_actor(st) == "chance"
    assert refused(st, "move:red3:E") == "ff-eerste-ronde"
    assert refused(st, "card:10x") == "ff-monster-kaart-trekken"


def test_ff_eens_per_ronde_no_second_move_once_every_figure_has_moved():
    st = load(figures={"red1": (5, 5), "yellow1": (7, 7)})
    while ENGINE.current_actor(st) != "chance":
        actor = ENGINE.current_actor(st)
        fig = next(f for f in st.figures if f.owner == actor and f.in_play and not f.moved)
        st, _ = ENGINE.apply(st, f"move:{fig.id}:")
    assert refused(st, "move:red1:U") == "ff-eens-per-ronde"
