"""Torens & Dieven rules, clause by clause (each test names the clause id it checks)."""

import pytest

from rules.core.engine import CHANCE
from rules.games.torens_en_dieven import ENGINE

from .support import clauses, new_game, play, pos, position, refused

# -- setup ---------------------------------------------------------------------------------------------


def test_td_voorraad_torendelen_and_td_stapel_torentegels_at_the_start():
    p = pos(new_game())
    assert p["supply"] == 20 and p["tower_stack"] == 5 and p["towers"] == []


def test_td_rivier_schudden_the_river_tiles_come_first_with_the_tower_site_among_them():
    state = new_game(river=True)
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(state)}
    assert odds == pytest.approx({"draw:river": 10 / 11, "draw:rivertower": 1 / 11})
    assert pos(state)["tiles"] == [[0, 0, "source"]]


def test_td_landtegels_schudden_thief_tiles_are_shuffled_into_the_land_stack():
    state = new_game(river=False, land=71)
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(state)}
    assert odds["draw:land"] == pytest.approx(71 / 83)
    assert odds["draw:thief4"] == pytest.approx(3 / 83) and odds["draw:thief7"] == pytest.approx(1 / 83)


# -- placing a tile and starting a tower -------------------------------------------------------------------


def test_td_landtegel_leggen_a_tile_must_touch_the_grid_and_not_overlap():
    state = position(phase="place", drawn="land")
    assert refused(state, "place:5,5") == "td-landtegel-leggen"
    assert refused(state, "place:1,0") == "td-landtegel-leggen"
    after, events = play(state, "place:-1,0")
    assert [-1, 0, "land"] in pos(after)["tiles"] and "td-landtegel-leggen" in clauses(events)


def test_td_toren_beginnen_a_tower_tile_gets_one_piece():
    state = position(phase="place", drawn="tower")
    after, events = play(state, "place:3,0")
    assert {"at": [3, 0], "pieces": 1, "guard": None} in pos(after)["towers"]
    assert pos(after)["supply"] == 18 and "td-toren-beginnen" in clauses(events)


def test_td_toren_beginnen_with_an_empty_supply_the_site_stays_empty():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 5} for x in (1, 2, 3, 4)]  # all 20 pieces are on towers
    state = position(tiles=tiles, towers=towers, phase="place", drawn="rivertower", supply=0)
    after, events = play(state, "place:0,1")
    assert {"at": [0, 1], "pieces": 0, "guard": None} in pos(after)["towers"]
    assert "td-toren-beginnen" in clauses(events)
    assert pos(after)["phase"] == "draw"  # no tower on (0, 1) to guard, and (0, 1) is out of reach of the others


# -- guards and reach --------------------------------------------------------------------------------------


def test_td_wachter_zetten_a_guard_instead_of_a_meeple_on_a_tower_in_reach():
    state = position(phase="place", drawn="land")
    state, _ = play(state, "place:3,0")
    assert ENGINE.current_actor(state) == "red" and "guard:2,0" in ENGINE.legal_actions(state)
    after, events = play(state, "guard:2,0")
    p = pos(after)
    assert p["towers"][0]["guard"] == "red" and p["followers"]["red"] == 6
    assert "td-wachter-zetten" in clauses(events) and p["turn"] == "green"


def test_td_bereik_hoogte_reach_is_one_square_per_piece_in_a_straight_line():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [2, 1], [2, 2], [2, 3]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 2}], phase="guard", placed=[2, 2])
    after, events = play(state, "guard:2,0")
    assert "td-bereik-hoogte" in clauses(events)
    low = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 2}], phase="place", drawn="land")
    low, _ = play(low, "place:2,4")  # 4 squares down: out of reach of a tower of 2, no guard step
    assert pos(low)["phase"] == "draw"
    high = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 4}], phase="place", drawn="land")
    high, _ = play(high, "place:2,4")
    assert ENGINE.legal_actions(high) == ["guard:2,0", "pass"]


def test_td_bereik_hoogte_diagonal_squares_are_out_of_reach():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [2, 1], [3, 1]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 3}], phase="place", drawn="land")
    after, _ = play(state, "place:3,2")
    assert pos(after)["phase"] == "draw"  # (3,2) is diagonal: no guard possible, the turn ends


def test_td_torenbereik_a_guard_on_a_tower_out_of_reach_is_refused():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [-1, 0, "tower"]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 1}, {"at": [-1, 0], "pieces": 1}],
                     phase="guard", placed=[-1, 0])
    assert refused(state, "guard:2,0") == "td-torenbereik"
    assert refused(state, "guard:5,5") == "td-wachter-zetten"


def test_td_bereik_eigen_tegel_the_towers_own_tile_is_always_in_reach():
    state = position(phase="place", drawn="tower")
    state, events = play(state, "place:3,0")
    after, events = play(state, "guard:3,0")
    assert "td-bereik-eigen-tegel" in clauses(events)


def test_td_bereik_gaten_empty_squares_count_like_tiles():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [2, 1], [3, 1], [4, 1], [4, 0]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 2}], phase="guard", placed=[4, 0])
    after, events = play(state, "guard:2,0")  # (3,0) is a gap between the tower and (4,0)
    assert "td-bereik-gaten" in clauses(events)
    assert next(e for e in events if e.clause == "td-bereik-gaten").data["gaps"] == 1


def test_td_wachter_verdrijven_and_td_verdrijven_punten_another_players_guard():
    state = position(towers=[{"at": [2, 0], "pieces": 1, "guard": "green"}], phase="guard", placed=[2, 0])
    after, events = play(state, "guard:2,0")
    p = pos(after)
    assert p["towers"][0]["guard"] == "red" and p["followers"] == {"red": 6, "green": 7}
    assert p["scores"]["green"] == 2
    assert {"td-wachter-verdrijven", "td-verdrijven-punten"} <= set(clauses(events))


def test_td_verdrijven_punten_replacing_your_own_guard_scores_nothing():
    state = position(towers=[{"at": [2, 0], "pieces": 1, "guard": "red"}], phase="guard", placed=[2, 0])
    after, events = play(state, "guard:2,0")
    p = pos(after)
    assert p["towers"][0]["guard"] == "red" and p["followers"]["red"] == 6 and p["scores"]["red"] == 0
    assert "td-wachter-verdrijven" in clauses(events) and "td-verdrijven-punten" not in clauses(events)


def test_td_wachter_zetten_needs_a_follower_in_the_supply():
    state = position(phase="place", drawn="land", followers={"red": 0})
    after, _ = play(state, "place:3,0")
    assert pos(after)["phase"] == "draw"  # no follower: no guard step


# -- the thief symbol ----------------------------------------------------------------------------------


def test_td_torens_groeien_towers_without_a_guard_grow_then_the_guards_score():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 2}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 1, "guard": "green"}]
    state = position(tiles=tiles, towers=towers)
    after, events = play(state, "draw:thief5")
    p = pos(after)
    assert [t["pieces"] for t in p["towers"]] == [3, 5, 1]  # td-maximum-vijf, guarded tower does not grow
    assert {"td-diefsymbool-afhandelen", "td-torens-groeien", "td-maximum-vijf", "td-wachterstelling",
            "td-punten-diefsymbool", "td-wachters-terug"} <= set(clauses(events))
    assert p["scores"]["green"] == 5 and p["towers"][2]["guard"] is None and p["followers"]["green"] == 7
    assert p["phase"] == "place" and p["drawn"] == "thief5"
    after, events = play(after, "place:0,1")
    assert "td-diefsymbool-tegel-aanleggen" in clauses(events)


def test_td_bonus_gestolen_tegel_and_td_gestolen_tegel_doos():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "red"}]
    state = position(towers=towers, stolen=4)
    after, events = play(state, "draw:thief3")
    p = pos(after)
    assert p["scores"]["red"] == 3 + 4 and p["stolen"] is None
    assert {"td-bonus-gestolen-tegel", "td-gestolen-tegel-doos"} <= set(clauses(events))


def test_td_voorraad_beperkt_the_active_player_chooses_one_piece_each():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 4},
              {"at": [4, 0], "pieces": 3}, {"at": [5, 0], "pieces": 1}]
    state = position(tiles=tiles, towers=towers, tower_stack=0)  # 18 pieces on towers: 2 left for 3 towers
    after, events = play(state, "draw:thief3")
    assert ENGINE.current_actor(after) == "red" and pos(after)["phase"] == "grow"
    assert "td-voorraad-beperkt" in clauses(events)
    assert sorted(ENGINE.legal_actions(after)) == ["grow:3,0;4,0", "grow:3,0;5,0", "grow:4,0;5,0"]
    assert refused(after, "grow:3,0") == "td-voorraad-beperkt"
    assert refused(after, "grow:3,0;3,0") == "td-voorraad-beperkt"
    assert refused(after, "grow:1,0;3,0") == "td-maximum-vijf"
    done, events = play(after, "grow:5,0;3,0")
    assert [t["pieces"] for t in pos(done)["towers"]] == [5, 5, 5, 3, 2]
    assert "td-voorraad-op" in clauses(events) and pos(done)["supply"] == 0


def test_td_voorraad_op_towers_no_longer_grow():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 4} for x in range(1, 6)]
    state = position(tiles=tiles, towers=towers, tower_stack=0)
    after, events = play(state, "draw:thief3")
    assert "td-voorraad-op" in clauses(events) and [t["pieces"] for t in pos(after)["towers"]] == [4] * 5


def test_td_dieven_stelen_tegel_then_a_tower_tile_is_drawn():
    state = position()
    after, events = play(state, "draw:thief5")
    p = pos(after)
    assert p["towers"][0]["pieces"] == 2 and p["stolen"] == 5 and p["replacement"] is True
    assert {"td-dieven-stelen-tegel", "td-dieven-geen-telling"} <= set(clauses(events))
    assert "td-wachterstelling" not in clauses(events)
    assert ENGINE.current_actor(after) == CHANCE and ENGINE.legal_actions(after) == ["draw:tower"]
    after, events = play(after, "draw:tower", "place:3,0")
    assert "td-torentegel-trekken" in clauses(events) and "td-toren-beginnen" in clauses(events)
    assert "guard:3,0" in ENGINE.legal_actions(after)  # the turn goes on as usual


def test_td_gestolen_tegel_vervangen_the_old_stolen_tile_goes_to_the_box():
    after, events = play(position(stolen=3), "draw:thief5")
    assert pos(after)["stolen"] == 5 and "td-gestolen-tegel-vervangen" in clauses(events)


def test_td_geen_torentegels_a_land_tile_is_drawn_instead_and_a_thief_on_it_is_handled_again():
    state = position(tower_stack=0, stack={"land": 1, "thief3": 1, "thief5": 1})
    after, events = play(state, "draw:thief5")
    assert "td-geen-torentegels" in clauses(events)
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(after)}
    assert odds == pytest.approx({"draw:land": 0.5, "draw:thief3": 0.5})
    again, events = play(after, "draw:thief3")
    assert {"td-geen-torentegels", "td-dieven-stelen-tegel", "td-gestolen-tegel-vervangen"} <= set(clauses(events))


def test_td_zonder_rivier_the_first_thief_tile_is_always_stolen():
    state = new_game(river=False, land=5)
    after, events = play(state, "draw:thief4")
    assert {"td-zonder-rivier", "td-dieven-stelen-tegel"} <= set(clauses(events))
    after, _ = play(after, "draw:tower", "place:1,0")
    assert pos(after)["towers"] == [{"at": [1, 0], "pieces": 1, "guard": None}]


# -- turns and the end -------------------------------------------------------------------------------------


def test_td_drie_acties_a_turn_is_draw_place_guard_then_the_next_player():
    state = position()
    state, _ = play(state, "draw:land")
    assert refused(state, "guard:2,0") == "td-drie-acties"
    state, _ = play(state, "place:3,0")
    assert refused(state, "place:4,0") == "td-drie-acties"
    state, events = play(state, "pass")
    assert pos(state)["turn"] == "green" and ENGINE.current_actor(state) == CHANCE


def test_td_eindtelling_wachters_and_gestolen_tegel_at_the_end():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, stolen=6, stack={"land": 1}, scores={"red": 9, "green": 2})
    state, _ = play(state, "draw:land")
    state, events = play(state, "place:3,0")  # red may guard the tower (in reach)
    state, events = play(state, "pass")
    assert ENGINE.is_over(state)
    assert pos(state)["scores"] == {"red": 9, "green": 2 + 5 + 6}
    assert {"td-eindtelling-wachters", "td-eindtelling-gestolen-tegel"} <= set(clauses(events))
    result = ENGINE.result(state)
    assert result.winners == ("green",) and result.clause == "td-eindtelling-wachters"
    assert refused(state, "pass") == "td-eindtelling-wachters"


def test_the_last_stolen_tile_with_nothing_left_to_draw_ends_the_game():
    state = position(tower_stack=0, stack={"thief5": 1})
    after, events = play(state, "draw:thief5")
    assert ENGINE.is_over(after) and "td-geen-torentegels" in clauses(events)
