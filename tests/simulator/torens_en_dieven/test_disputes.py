"""Disputes at the table, settled from the rulebook text (each test cites the clause it checks)."""


from rules.core.engine import CHANCE
from rules.games.torens_en_dieven import ENGINE

from .support import clauses, new_game, play, pos, position, refused, towers_of

# -- setup and a turn ------------------------------------------------------------------------------------


def test_td_rivier_schudden_no_land_tile_is_drawn_before_the_river_is_used_up():
    state = new_game(river=True)
    for _ in range(11):
        actions = ENGINE.legal_actions(state)
        assert all(a in ("draw:river", "draw:rivertower") for a in actions)
        state, _ = play(state, actions[-1])
        state, _ = play(state, ENGINE.legal_actions(state)[0])  # place
        if ENGINE.current_actor(state) != CHANCE:
            state, _ = play(state, "pass")
    assert "draw:land" in ENGINE.legal_actions(state)
    assert any(k == "rivertower" for _x, _y, k in pos(state)["tiles"])


def test_td_toren_beginnen_the_river_tile_with_a_tower_site_brings_the_first_piece_into_play():
    state = position(tiles=[[0, 0, "source"]], towers=[], stack={"land": 3}, river_stack={"rivertower": 1})
    state, _ = play(state, "draw:rivertower")
    state, events = play(state, "place:1,0")
    assert towers_of(state) == {(1, 0): (1, None)} and pos(state)["supply"] == 19
    assert "td-toren-beginnen" in clauses(events)
    # td-bereik-eigen-tegel: the guard may go straight onto the new tower
    assert ENGINE.legal_actions(state) == ["guard:1,0", "pass"]


def test_td_drie_acties_one_guard_per_turn_then_the_next_player_draws():
    state = position(phase="place", drawn="land")
    state, _ = play(state, "place:3,0")
    state, events = play(state, "guard:2,0")
    assert ENGINE.current_actor(state) == CHANCE and pos(state)["turn"] == "green"
    assert refused(state, "guard:2,0") == "td-drie-acties"  # the turn is over: a draw is due, not a second guard


def test_td_drie_acties_a_guard_before_the_tile_is_placed_is_refused():
    state = position(phase="place", drawn="land")
    assert refused(state, "guard:2,0") == "td-drie-acties"
    assert refused(state, "pass") == "td-drie-acties"


# -- guards and reach ----------------------------------------------------------------------------------


def test_td_wachter_zetten_on_a_tower_on_another_tile_in_reach():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [2, 1]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 2}], phase="place", drawn="land")
    state, _ = play(state, "place:2,2")  # two squares below the tower of 2
    state, events = play(state, "guard:2,0")
    assert towers_of(state)[(2, 0)] == (2, "red") and pos(state)["followers"]["red"] == 6
    assert "td-bereik-hoogte" in clauses(events) and "td-wachter-zetten" in clauses(events)


def test_td_wachter_zetten_a_river_tile_in_reach_also_allows_a_guard():
    tiles = [[0, 0, "source"], [1, 0, "rivertower"]]
    state = position(tiles=tiles, towers=[{"at": [1, 0], "pieces": 1}], phase="place", drawn="river",
                     river_stack={"river": 2})
    state, _ = play(state, "place:2,0")
    assert ENGINE.legal_actions(state) == ["guard:1,0", "pass"]


def test_td_torenbereik_a_tower_of_two_does_not_reach_three_squares_away():
    state = position(towers=[{"at": [2, 0], "pieces": 2}], phase="place", drawn="land")
    state, _ = play(state, "place:-1,0")  # three squares left of the tower
    assert ENGINE.current_actor(state) == CHANCE  # no tower in reach: the guard step is skipped
    state = position(tiles=[[0, 0, "start"], [1, 0], [2, 0, "tower"], [-1, 0]],
                     towers=[{"at": [2, 0], "pieces": 2}], phase="guard", placed=[1, 0])
    assert ENGINE.legal_actions(state) == ["guard:2,0", "pass"]


def test_td_bereik_hoogte_a_tower_of_five_reaches_five_squares_not_six():
    tiles = [[0, 0, "start"], [0, 1, "tower"]] + [[x, 0] for x in range(1, 7)]
    # the tower is on (0, 1): (0, 6) is 5 squares below it, (0, 7) is 6
    five = play(position(tiles=tiles + [[0, 2], [0, 3], [0, 4], [0, 5]], towers=[{"at": [0, 1], "pieces": 5}],
                         phase="place", drawn="land"), "place:0,6")[0]
    assert "guard:0,1" in ENGINE.legal_actions(five)
    six = play(position(tiles=tiles + [[0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
                        towers=[{"at": [0, 1], "pieces": 5}], phase="place", drawn="land"), "place:0,7")[0]
    assert ENGINE.current_actor(six) == CHANCE


def test_td_bereik_gaten_two_empty_squares_between_count_for_a_tower_of_three():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [1, 1], [2, 1], [3, 1], [4, 1]]
    state = position(tiles=tiles, towers=[{"at": [1, 0], "pieces": 3}], phase="place", drawn="land")
    state, _ = play(state, "place:4,0")  # (2, 0) and (3, 0) are empty
    state, events = play(state, "guard:1,0")
    reach = [e for e in events if e.clause == "td-bereik-gaten"]
    assert reach and reach[0].data["gaps"] == 2


def test_td_bereik_hoogte_a_diagonal_tile_is_out_of_reach_even_for_a_high_tower():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [1, 1]]
    state = position(tiles=tiles, towers=[{"at": [1, 0], "pieces": 5}], phase="place", drawn="land")
    state, _ = play(state, "place:2,1")
    assert ENGINE.current_actor(state) == CHANCE


def test_td_wachter_zetten_an_empty_tower_site_carries_no_guard():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 5} for x in (1, 2, 3, 4)] + [{"at": [5, 0], "pieces": 0}]
    state = position(tiles=tiles, towers=towers, phase="place", drawn="land")
    below, _ = play(state, "place:5,1")  # only the empty site's column: no tower there, no guard step
    assert ENGINE.current_actor(below) == CHANCE
    state, _ = play(state, "place:6,0")
    assert ENGINE.legal_actions(state) == ["guard:1,0", "guard:2,0", "guard:3,0", "guard:4,0", "pass"]
    assert refused(state, "guard:5,0") == "td-toren-beginnen"  # its note: an empty site carries no guard


def test_td_wachter_verdrijven_the_displaced_guard_goes_home_and_its_owner_scores_two():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, phase="place", drawn="land", followers={"red": 7, "green": 6})
    state, _ = play(state, "place:3,0")
    state, events = play(state, "guard:2,0")
    p = pos(state)
    assert towers_of(state)[(2, 0)] == (1, "red")
    assert p["followers"] == {"red": 6, "green": 7} and p["scores"] == {"red": 0, "green": 2}
    order = clauses(events)
    assert order.index("td-wachter-verdrijven") < order.index("td-wachter-zetten")
    assert "td-verdrijven-punten" in order


def test_td_verdrijven_punten_replacing_your_own_guard_gives_no_points():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "red"}]
    state = position(towers=towers, phase="place", drawn="land")
    state, _ = play(state, "place:3,0")
    state, events = play(state, "guard:2,0")
    assert pos(state)["scores"] == {"red": 0, "green": 0} and pos(state)["followers"]["red"] == 6
    assert "td-verdrijven-punten" not in clauses(events)


def test_td_wachter_verdrijven_without_a_follower_in_the_supply_you_cannot_displace():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, phase="place", drawn="land", followers={"red": 0})
    state, _ = play(state, "place:3,0")
    assert ENGINE.current_actor(state) == CHANCE and pos(state)["scores"]["green"] == 0


# -- the thief symbol --------------------------------------------------------------------------------------


def test_td_diefsymbool_afhandelen_grow_then_score_then_place_then_guard_again():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0], [3, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 2, "guard": "green"}, {"at": [3, 0], "pieces": 1}]
    state = position(tiles=tiles, towers=towers, followers={"green": 6}, stack={"land": 3, "thief4": 1})
    state, events = play(state, "draw:thief4")
    order = clauses(events)
    assert order.index("td-torens-groeien") < order.index("td-wachterstelling") < order.index("td-wachters-terug")
    assert towers_of(state) == {(1, 0): (2, None), (3, 0): (2, None)}  # the guarded tower did not grow
    p = pos(state)
    assert p["scores"] == {"red": 0, "green": 4} and p["followers"]["green"] == 7
    assert p["turn"] == "red" and p["phase"] == "place" and p["drawn"] == "thief4"
    state, events = play(state, "place:4,0")
    assert "td-diefsymbool-tegel-aanleggen" in clauses(events)
    assert "td-wachterstelling" not in clauses(events) and "td-torens-groeien" not in clauses(events)
    assert ENGINE.legal_actions(state) == ["guard:3,0", "pass"]


def test_td_maximum_vijf_a_tower_of_five_does_not_grow_and_does_not_count_as_short():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 5},
              {"at": [4, 0], "pieces": 3}]
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief2": 1})  # supply 2
    state, events = play(state, "draw:thief2")
    assert towers_of(state)[(4, 0)] == (4, None) and towers_of(state)[(1, 0)] == (5, None)
    assert "td-maximum-vijf" in clauses(events) and "td-voorraad-beperkt" not in clauses(events)


def test_td_voorraad_beperkt_exactly_enough_pieces_means_no_choice():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 4},
              {"at": [4, 0], "pieces": 4}]
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief2": 1})  # supply 2, two grow
    state, events = play(state, "draw:thief2")
    assert pos(state)["phase"] == "draw" and pos(state)["supply"] == 0  # grown, then stolen
    assert towers_of(state)[(3, 0)] == (5, None) and towers_of(state)[(4, 0)] == (5, None)


def test_td_voorraad_beperkt_the_active_player_chooses_one_piece_per_tower():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 4},
              {"at": [4, 0], "pieces": 4, "guard": "green"}, {"at": [5, 0], "pieces": 1}]
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief3": 1}, turn="green")  # supply 1
    state, events = play(state, "draw:thief3")
    assert "td-voorraad-beperkt" in clauses(events) and ENGINE.current_actor(state) == "green"
    assert sorted(ENGINE.legal_actions(state)) == ["grow:3,0", "grow:5,0"]  # the guarded tower is left out
    assert refused(state, "grow:4,0") == "td-torens-groeien"
    assert refused(state, "grow:3,0;5,0") == "td-voorraad-beperkt"
    assert refused(state, "grow:5,0;5,0") == "td-voorraad-beperkt"
    assert refused(state, "grow:") == "td-voorraad-beperkt"  # all the pieces left are handed out
    assert refused(state, "place:6,0") == "td-voorraad-beperkt"
    state, events = play(state, "grow:5,0")
    assert towers_of(state)[(5, 0)] == (2, None) and pos(state)["supply"] == 0
    assert "td-wachterstelling" in clauses(events) and pos(state)["scores"]["green"] == 3


def test_td_voorraad_op_no_growth_but_the_guards_still_score():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 5} for x in (1, 2, 3)] + [
        {"at": [4, 0], "pieces": 4, "guard": "red"}, {"at": [5, 0], "pieces": 1}]
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief5": 1}, followers={"red": 6})
    state, events = play(state, "draw:thief5")
    assert towers_of(state)[(5, 0)] == (1, None) and "td-voorraad-op" in clauses(events)
    assert pos(state)["scores"]["red"] == 5 and pos(state)["followers"]["red"] == 7


def test_td_dieven_stelen_tegel_towers_grow_first_then_the_tile_is_stolen_and_not_scored():
    state = position(stolen=3, stack={"land": 2, "thief6": 1}, scores={"red": 1})
    state, events = play(state, "draw:thief6")
    order = clauses(events)
    assert order.index("td-torens-groeien") < order.index("td-dieven-stelen-tegel")
    assert "td-wachterstelling" not in order and "td-dieven-geen-telling" in order
    p = pos(state)
    assert p["stolen"] == 6 and p["scores"] == {"red": 1, "green": 0}  # the old stolen 3 is boxed
    assert towers_of(state)[(2, 0)] == (2, None)
    assert "td-gestolen-tegel-vervangen" in order
    assert ENGINE.legal_actions(state) == ["draw:tower"] and p["turn"] == "red"


def test_td_torentegel_trekken_the_tower_tile_is_placed_by_the_same_player_and_may_take_a_guard():
    state = position(stack={"land": 2, "thief6": 1})
    state, _ = play(state, "draw:thief6", "draw:tower")
    assert ENGINE.current_actor(state) == "red" and pos(state)["tower_stack"] == 3
    state, events = play(state, "place:-1,0")
    assert towers_of(state)[(-1, 0)] == (1, None) and "td-toren-beginnen" in clauses(events)
    assert "guard:-1,0" in ENGINE.legal_actions(state)
    state, _ = play(state, "guard:-1,0")
    assert pos(state)["turn"] == "green" and pos(state)["stolen"] == 6


def test_td_torentegel_trekken_with_an_empty_supply_the_tower_tile_stays_without_tower():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 5} for x in (1, 2, 3, 4)]
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief2": 1}, tower_stack=1)
    state, _ = play(state, "draw:thief2", "draw:tower")
    state, events = play(state, "place:0,-1")
    assert towers_of(state)[(0, -1)] == (0, None) and "td-toren-beginnen" in clauses(events)
    assert ENGINE.current_actor(state) == CHANCE and pos(state)["turn"] == "green"


def test_td_geen_torentegels_the_same_player_draws_a_land_tile_instead():
    state = position(tower_stack=0, stack={"land": 2, "thief6": 1})
    state, events = play(state, "draw:thief6")
    assert "td-geen-torentegels" in clauses(events)
    assert ENGINE.legal_actions(state) == ["draw:land"] and pos(state)["turn"] == "red"
    state, _ = play(state, "draw:land")
    assert ENGINE.current_actor(state) == "red" and pos(state)["drawn"] == "land"


def test_td_zonder_rivier_the_first_thief_tile_is_stolen_and_the_tower_tile_is_the_first_tower():
    state = new_game(river=False, land=5)
    state, events = play(state, "draw:thief7")
    assert "td-zonder-rivier" in clauses(events) and pos(state)["stolen"] == 7
    state, _ = play(state, "draw:tower", "place:1,0")
    assert towers_of(state) == {(1, 0): (1, None)} and pos(state)["supply"] == 19


# -- the guards score ------------------------------------------------------------------------------------


def test_td_bonus_gestolen_tegel_every_guard_of_every_player_scores_symbol_plus_stolen_tile():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 1, "guard": "red"}, {"at": [2, 0], "pieces": 1, "guard": "red"},
              {"at": [3, 0], "pieces": 1, "guard": "green"}]
    state = position(tiles=tiles, towers=towers, stolen=4, stack={"land": 2, "thief3": 1}, turn="green")
    state, events = play(state, "draw:thief3")
    p = pos(state)
    assert p["scores"] == {"red": 2 * (3 + 4), "green": 3 + 4}
    assert p["stolen"] is None and p["followers"] == {"red": 7, "green": 7}  # td-gestolen-tegel-doos, td-wachters-terug
    assert all(g is None for _h, g in towers_of(state).values())
    assert [h for h, _g in towers_of(state).values()] == [1, 1, 1]  # the towers stay as they were


def test_td_gestolen_tegel_doos_the_next_theft_finds_no_stolen_tile():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "red"}]
    state = position(towers=towers, stolen=5, stack={"land": 2, "thief2": 2})
    state, _ = play(state, "draw:thief2", "place:3,0", "pass")
    state, events = play(state, "draw:thief2")  # green: no guard anywhere any more
    assert "td-gestolen-tegel-vervangen" not in clauses(events) and pos(state)["stolen"] == 2


# -- the end -------------------------------------------------------------------------------------------------


def test_td_eindtelling_wachters_a_guard_set_with_the_last_tile_counts():
    state = position(stack={"land": 1})
    state, _ = play(state, "draw:land", "place:3,0")
    state, events = play(state, "guard:2,0")
    assert ENGINE.is_over(state) and pos(state)["scores"] == {"red": 5, "green": 0}


def test_td_eindtelling_last_tile_with_a_thief_symbol_guards_score_go_home_and_may_return():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, stack={"thief4": 1}, stolen=2)
    state, _ = play(state, "draw:thief4")
    assert pos(state)["scores"] == {"red": 0, "green": 6} and not ENGINE.is_over(state)
    state, _ = play(state, "place:3,0", "guard:2,0")
    assert ENGINE.is_over(state)
    assert pos(state)["scores"] == {"red": 5, "green": 6}  # the stolen tile went to the box


def test_td_eindtelling_gestolen_tegel_after_a_theft_of_the_last_tile():
    state = position(stack={"thief3": 1})
    state, _ = play(state, "draw:thief3", "draw:tower", "place:-1,0", "guard:-1,0")
    assert ENGINE.is_over(state) and pos(state)["scores"] == {"red": 5 + 3, "green": 0}


def test_td_eindtelling_wachters_equal_scores_share_the_victory():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, stack={"land": 1}, scores={"red": 5})
    state, _ = play(state, "draw:land", "place:-1,0")
    result = ENGINE.result(state)
    assert ENGINE.is_over(state) and set(result.winners) == {"red", "green"}


def test_td_torentegel_trekken_the_game_ends_with_the_last_land_tile_even_with_tower_tiles_left():
    state = position(stack={"land": 1}, tower_stack=4)
    state, _ = play(state, "draw:land", "place:3,0", "pass")
    assert ENGINE.is_over(state) and pos(state)["tower_stack"] == 4


def test_td_geen_torentegels_the_theft_message_does_not_promise_a_tower_tile():
    state = position(tower_stack=0, stack={"land": 1, "thief6": 1})
    _state, events = play(state, "draw:thief6")
    texts = {e.clause: ENGINE.describe(e) for e in events}
    assert "torentegel" not in texts["td-dieven-geen-telling"]
    assert "landtegel" in texts["td-geen-torentegels"]


def test_td_verdrijven_punten_only_the_owner_of_the_displaced_guard_scores_in_a_three_player_game():
    towers = [{"at": [2, 0], "pieces": 5, "guard": "red"}]  # a tower of 5 carries a guard too
    state = position(players=["red", "green", "blue"], turn="blue", towers=towers, phase="place", drawn="land")
    state, _ = play(state, "place:2,1")
    state, _ = play(state, "guard:2,0")
    p = pos(state)
    assert p["scores"] == {"red": 2, "green": 0, "blue": 0} and p["turn"] == "red"
    assert p["followers"] == {"red": 7, "green": 7, "blue": 6}
