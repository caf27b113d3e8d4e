"""Disputes at the table, second pass: several rules in one move, the end of the game, chance, limits
and hand-written positions (each test cites the clause it checks; see also test_disputes.py)."""

import random

import pytest

from rules.core.engine import CHANCE, PositionError
from rules.games.torens_en_dieven import ENGINE

from .support import clauses, new_game, play, pos, position, refused, towers_of


def odds(state) -> dict[str, float]:
    return {o.action: o.probability for o in ENGINE.chance_outcomes(state)}


def bad_position(field: str, **fields) -> str:
    with pytest.raises(PositionError) as info:
        position(**fields)
    assert info.value.field == field, info.value
    return info.value.reason


# -- several rules in one move ----------------------------------------------------------------------------


def test_td_wachters_terug_a_guard_that_came_home_in_the_scoring_may_be_set_again_the_same_turn():
    # red has no follower left in the supply, only the guard on (2, 0): the scoring brings it home first
    towers = [{"at": [2, 0], "pieces": 1, "guard": "red"}]
    state = position(towers=towers, followers={"red": 0}, stack={"land": 3, "thief3": 1})
    state, events = play(state, "draw:thief3")
    assert pos(state)["followers"]["red"] == 1 and pos(state)["scores"]["red"] == 3
    order = clauses(events)
    assert order.index("td-torens-groeien") < order.index("td-wachterstelling") < order.index("td-wachters-terug")
    assert towers_of(state)[(2, 0)] == (1, None)  # guarded while growing: it did not grow (td-torens-groeien)
    state, _ = play(state, "place:3,0")
    assert ENGINE.legal_actions(state) == ["guard:2,0", "pass"]  # td-wachter-zetten


def test_td_torens_groeien_a_tower_grown_by_the_symbol_reaches_further_for_the_same_tile():
    # a guarded tower does not grow: the tile two squares away stays out of reach of the tower of 1
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [3, 0]]
    state = position(tiles=tiles, towers=[{"at": [2, 0], "pieces": 1, "guard": "green"}], followers={"green": 6},
                     stack={"land": 3, "thief2": 1})
    state, _ = play(state, "draw:thief2", "place:4,0")
    assert ENGINE.current_actor(state) == CHANCE and towers_of(state)[(2, 0)] == (1, None)
    # an unguarded tower grows to 2 before the tile (here the replacement land tile) is placed
    state = position(tiles=tiles, tower_stack=0, stack={"land": 3, "thief2": 1})
    state, _ = play(state, "draw:thief2", "draw:land", "place:4,0")
    assert towers_of(state)[(2, 0)] == (2, None) and ENGINE.legal_actions(state) == ["guard:2,0", "pass"]


def test_td_voorraad_beperkt_short_supply_then_theft_then_the_tower_tile_finds_no_piece():
    tiles = [[0, 0, "source"], [1, 0, "rivertower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"],
             [5, 0, "tower"]]  # one tower tile left in its stack
    towers = [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 5},
              {"at": [4, 0], "pieces": 3}, {"at": [5, 0], "pieces": 1}]  # 19 on towers: 1 piece, 2 towers
    state = position(tiles=tiles, towers=towers, stack={"land": 2, "thief5": 1})
    assert pos(state)["tower_stack"] == 1
    state, events = play(state, "draw:thief5")
    assert ENGINE.current_actor(state) == "red" and sorted(ENGINE.legal_actions(state)) == ["grow:4,0", "grow:5,0"]
    state, events = play(state, "grow:4,0")
    order = clauses(events)
    assert order.index("td-voorraad-beperkt") < order.index("td-dieven-stelen-tegel")
    assert "td-voorraad-op" in order and pos(state)["stolen"] == 5
    assert ENGINE.legal_actions(state) == ["draw:tower"]  # td-torentegel-trekken
    state, events = play(state, "draw:tower", "place:6,0")
    assert towers_of(state)[(6, 0)] == (0, None)  # td-toren-beginnen: no piece left for the new site
    assert "tower.no-piece" in [e.key for e in events]


def test_td_geen_torentegels_a_thief_on_the_replacement_tile_grows_the_towers_again_and_replaces_the_stolen_tile():
    state = position(tower_stack=0, stack={"land": 2, "thief3": 1, "thief6": 1}, stolen=2)
    state, events = play(state, "draw:thief3")
    assert pos(state)["stolen"] == 3 and towers_of(state)[(2, 0)] == (2, None)
    state, events = play(state, "draw:thief6")
    order = clauses(events)
    assert "td-torens-groeien" in order and "td-gestolen-tegel-vervangen" in order
    assert pos(state)["stolen"] == 6 and towers_of(state)[(2, 0)] == (3, None)
    assert pos(state)["turn"] == "red" and ENGINE.legal_actions(state) == ["draw:land"]


def test_td_verdrijven_punten_displacing_with_the_last_tile_then_the_final_scoring_gives_a_shared_win():
    towers = [{"at": [2, 0], "pieces": 1, "guard": "green"}]
    state = position(towers=towers, followers={"green": 6}, scores={"green": 3}, stack={"land": 1})
    state, _ = play(state, "draw:land", "place:3,0")
    state, events = play(state, "guard:2,0")
    order = clauses(events)
    assert order.index("td-verdrijven-punten") < order.index("td-eindtelling-wachters")
    assert ENGINE.is_over(state) and pos(state)["scores"] == {"red": 5, "green": 5}
    result = ENGINE.result(state)
    assert set(result.winners) == {"red", "green"} and result.key == "result.shared"


# -- the end of the game ------------------------------------------------------------------------------------


def test_td_geen_torentegels_the_game_ends_right_after_a_theft_of_the_last_tile_without_tower_tiles():
    state = position(tower_stack=0, stack={"thief7": 1}, scores={"red": 2, "green": 4})
    state, events = play(state, "draw:thief7")
    assert ENGINE.is_over(state) and "td-eindtelling-wachters" in clauses(events)
    assert pos(state)["stolen"] == 7 and pos(state)["scores"] == {"red": 2, "green": 4}  # no guard: no bonus
    assert ENGINE.result(state).winners == ("green",)
    assert ENGINE.legal_actions(state) == [] and refused(state, "draw:land") == "td-eindtelling-wachters"


def test_td_eindtelling_gestolen_tegel_every_guard_of_every_player_gets_five_plus_the_stolen_value():
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 1, "guard": "red"}, {"at": [2, 0], "pieces": 1, "guard": "green"},
              {"at": [3, 0], "pieces": 1, "guard": "green"}]
    state = position(tiles=tiles, towers=towers, stolen=4, stack={"land": 1}, scores={"red": 9})
    state, _ = play(state, "draw:land", "place:0,1")
    assert ENGINE.is_over(state)
    assert pos(state)["scores"] == {"red": 9 + 9, "green": 2 * 9}
    assert set(ENGINE.result(state).winners) == {"red", "green"}


def test_td_eindtelling_wachters_a_three_way_tie_at_zero_is_shared_by_all():
    state = position(players=["red", "green", "blue"], stack={"land": 1})
    state, _ = play(state, "draw:land", "place:-1,0")
    assert ENGINE.is_over(state) and set(ENGINE.result(state).winners) == {"red", "green", "blue"}


# -- chance ------------------------------------------------------------------------------------------------------


def test_td_landtegels_schudden_the_first_draw_follows_the_tile_counts():
    p = odds(new_game(river=False))
    assert p["draw:land"] == pytest.approx(71 / 83)
    for value, count in {2: 2, 3: 3, 4: 3, 5: 2, 6: 1, 7: 1}.items():  # td-landtegels
        assert p[f"draw:thief{value}"] == pytest.approx(count / 83)
    assert sum(p.values()) == pytest.approx(1.0)


def test_td_rivier_schudden_the_river_draws_first_with_one_chance_in_eleven_for_the_tower_site():
    p = odds(new_game(river=True))
    assert p == pytest.approx({"draw:river": 10 / 11, "draw:rivertower": 1 / 11})


def test_td_landtegels_schudden_a_used_up_kind_can_no_longer_be_drawn():
    state = position(stack={"land": 2, "thief7": 1, "thief2": 1})
    state, _ = play(state, "draw:thief7", "draw:tower", "place:-1,0", "pass")
    p = odds(state)
    assert p == pytest.approx({"draw:land": 2 / 3, "draw:thief2": 1 / 3})
    assert refused(state, "draw:thief7") == "td-landtegels-schudden"


def test_td_torentegel_trekken_after_a_theft_the_tower_tile_is_certain_and_without_one_the_land_odds_apply():
    state, _ = play(position(stack={"land": 3, "thief4": 1}), "draw:thief4")
    assert odds(state) == {"draw:tower": 1.0}
    assert refused(state, "draw:land") == "td-torentegel-trekken"
    state, _ = play(position(tower_stack=0, stack={"land": 3, "thief4": 1, "thief2": 1}), "draw:thief4")
    assert odds(state) == pytest.approx({"draw:land": 3 / 4, "draw:thief2": 1 / 4})


# -- limits --------------------------------------------------------------------------------------------------


def test_td_maximum_vijf_a_tower_grows_to_five_and_then_stops_over_several_symbols():
    state = position(tower_stack=0,
                     stack={"land": 9, "thief2": 2, "thief3": 3, "thief4": 3, "thief5": 2, "thief6": 1, "thief7": 1})
    heights = []
    for kind in ("thief2", "thief3", "thief4", "thief5", "thief6", "thief7"):
        state, _ = play(state, f"draw:{kind}", "draw:land")  # stolen; no tower tile: a land tile instead
        state, _ = play(state, ENGINE.legal_actions(state)[0])
        if ENGINE.current_actor(state) != CHANCE:
            state, _ = play(state, "pass")
        heights.append(towers_of(state)[(2, 0)][0])
    assert heights == [2, 3, 4, 5, 5, 5]  # td-maximum-vijf


def test_td_drie_acties_random_games_always_offer_a_legal_action_until_the_end():
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(players=2 + seed % 4, river=seed % 2 == 0, land=8)
        for _ in range(500):
            if ENGINE.is_over(state):
                break
            actions = ENGINE.legal_actions(state)
            assert actions, pos(state)
            state, _ = ENGINE.apply(state, rng.choice(actions))
        assert ENGINE.is_over(state) and ENGINE.result(state) is not None


# -- hand-written positions ------------------------------------------------------------------------------------


def test_td_toren_beginnen_an_empty_tower_site_while_pieces_are_left_is_refused():
    reason = bad_position("towers.1.pieces", tiles=[[0, 0, "start"], [1, 0], [2, 0, "tower"], [3, 0, "tower"]],
                          towers=[{"at": [2, 0], "pieces": 1}, {"at": [3, 0], "pieces": 0}])
    assert "supply" in reason
    # with all 20 pieces on towers, an empty site is a legal position
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [x, 0], "pieces": 5} for x in (1, 2, 3, 4)] + [{"at": [5, 0], "pieces": 0}]
    assert pos(position(tiles=tiles, towers=towers))["supply"] == 0


def test_td_eindtelling_wachters_a_finished_game_with_tiles_left_is_refused():
    assert "stack" in bad_position("phase", phase="over", stack={"land": 3})
    state = position(phase="over", stack={}, scores={"red": 7, "green": 2})
    assert ENGINE.is_over(state) and ENGINE.result(state).winners == ("red",)


def test_td_wachter_zetten_the_tile_placed_this_turn_cannot_be_the_start_tile():
    bad_position("placed", phase="guard", tiles=[[0, 0, "start"], [1, 0, "tower"]], towers=[{"at": [1, 0], "pieces": 1}],
                 placed=[0, 0])
    state = position(phase="guard", placed=[1, 0])  # legal: (1, 0) is in reach of the tower of 1
    assert ENGINE.legal_actions(state) == ["guard:2,0", "pass"]


def test_td_wachter_verdrijven_a_typed_position_with_an_own_guard_and_one_follower_may_replace_it():
    towers = [{"at": [2, 0], "pieces": 3, "guard": "red"}]
    state = position(towers=towers, phase="guard", placed=[1, 0], followers={"red": 1})
    state, events = play(state, "guard:2,0")
    assert "td-wachter-verdrijven" in clauses(events) and "td-verdrijven-punten" not in clauses(events)
    assert pos(state)["followers"]["red"] == 1 and towers_of(state)[(2, 0)] == (3, "red")
    with pytest.raises(PositionError) as info:
        position(towers=towers, phase="guard", placed=[1, 0], followers={"red": 0})
    assert info.value.field == "phase"  # no follower in the supply: no guard step (td-wachter-zetten)


def test_td_dieven_stelen_tegel_a_replacement_draw_without_a_stolen_tile_is_refused():
    assert "stolen" in bad_position("replacement", replacement=True)
    state = position(replacement=True, stolen=4)
    assert odds(state) == {"draw:tower": 1.0}  # td-torentegel-trekken


def test_td_wachters_terug_a_guard_on_a_tower_while_the_thief_tile_is_being_placed_is_refused():
    towers = [{"at": [2, 0], "pieces": 2, "guard": "green"}]
    assert "gone home" in bad_position("towers.0.guard", towers=towers, phase="place", drawn="thief4")
    # before the scoring (phase grow: the supply is short) the guards still stand on their towers
    tiles = [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]]
    towers = [{"at": [1, 0], "pieces": 5, "guard": "green"}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 5},
              {"at": [4, 0], "pieces": 3}, {"at": [5, 0], "pieces": 1}]  # 19 on towers: supply 1, two towers
    state = position(tiles=tiles, towers=towers, phase="grow", drawn="thief4")
    state, events = play(state, "grow:5,0")
    assert pos(state)["scores"]["green"] == 4 and towers_of(state)[(1, 0)] == (5, None)
    # a legal position with a thief tile in hand after the scoring: no guards, the tile may be placed
    state = position(phase="place", drawn="thief4", stack={"land": 3})
    state, events = play(state, "place:3,0")
    assert "td-diefsymbool-tegel-aanleggen" in clauses(events) and "td-wachterstelling" not in clauses(events)


def test_td_geen_torentegels_the_end_after_a_theft_is_not_described_as_a_tile_being_placed():
    state = position(tower_stack=0, stack={"thief7": 1})
    _state, events = play(state, "draw:thief7")
    end = [ENGINE.describe(e) for e in events if e.key == "end"]
    assert end and "aangelegd" not in end[0] and "eindtelling" in end[0]


def test_td_rivier_schudden_the_odds_follow_the_river_stack_as_it_runs_out_then_the_land_stack_takes_over():
    state = position(tiles=[[0, 0, "source"]], towers=[], stack={"land": 3, "thief2": 1},
                     river_stack={"river": 1, "rivertower": 1})
    assert odds(state) == pytest.approx({"draw:river": 0.5, "draw:rivertower": 0.5})
    state, _ = play(state, "draw:rivertower", "place:1,0", "pass")
    assert odds(state) == {"draw:river": 1.0}
    assert refused(state, "draw:rivertower") == "td-rivier-schudden"
    assert refused(state, "draw:land") == "td-rivier-schudden"
    state, _ = play(state, "draw:river", "place:-1,0")
    if ENGINE.current_actor(state) != CHANCE:
        state, _ = play(state, "pass")
    assert odds(state) == pytest.approx({"draw:land": 3 / 4, "draw:thief2": 1 / 4})
