"""Setup: bt-opbouw, bt-materiaal-klaarleggen, bt-kleur-kiezen, bt-tovenaars-plaatsen, bt-startkaarten."""

import pytest

from simulator.core.engine import CHANCE
from simulator.games.betoverde_torens import ENGINE
from simulator.games.betoverde_torens.state import SHIELDS

from .support import new_game, play, pos_of


def test_bt_opbouw_raventoren_on_space_1_and_towers_on_spaces_2_to_10():
    pos = pos_of(new_game(2))
    assert pos["raven"] == {"at": 1, "inside": {}}
    for tower in range(1, 10):
        assert pos["spaces"][str(tower + 1)]["towers"][0]["tower"] == tower
    assert SHIELDS == {1, 3, 5, 7, 9}  # bt-torens: alternating, starting with a shield


@pytest.mark.parametrize(("players", "wizards", "flasks"), [(2, 5, 6), (3, 4, 5), (4, 4, 5), (5, 3, 4), (6, 3, 4)])
def test_bt_kleur_kiezen_wizards_and_flasks_per_player_count(players, wizards, flasks):
    pos = pos_of(new_game(players))
    assert pos["wizards_each"] == wizards
    assert all(f == {"empty": flasks, "filled": 0, "spent": 0} for f in pos["flasks"].values())


def test_bt_tovenaars_plaatsen_in_turn_filling_3_3_3_2_2_2_1_1_1():
    pos = pos_of(new_game(6))  # 18 wizards: every tower full
    counts = [len(pos["spaces"][str(t + 1)]["towers"][0]["wizards"]) for t in range(1, 10)]
    assert counts == [3, 3, 3, 2, 2, 2, 1, 1, 1]
    # the start player places first: red, blue, yellow on tower 1, then green, purple, white on tower 2
    assert pos["spaces"]["2"]["towers"][0]["wizards"] == ["blue", "red", "yellow"]
    assert sorted(pos["spaces"]["3"]["towers"][0]["wizards"]) == ["green", "purple", "white"]


def test_bt_tovenaars_plaatsen_two_players_fill_the_first_towers():
    pos = pos_of(new_game(2))  # 10 wizards: 3 + 3 + 3 + 1
    assert [len(pos["spaces"][str(t + 1)]["towers"][0].get("wizards", [])) for t in range(1, 10)] == [
        3,
        3,
        3,
        1,
        0,
        0,
        0,
        0,
        0,
    ]


def test_bt_materiaal_klaarleggen_two_open_spells_and_a_90_card_deck():
    pos = pos_of(new_game(3))
    assert pos["spells"] == ["wizard-fwd", "tower-fwd"]
    assert sum(pos["deck"].values()) == 90


def test_bt_startkaarten_three_cards_each_drawn_as_chance():
    s = new_game(2)
    draws = 0
    while ENGINE.current_actor(s) == CHANCE:
        outcomes = ENGINE.chance_outcomes(s)
        assert abs(sum(o.probability for o in outcomes) - 1) < 1e-9
        s, events = ENGINE.apply(s, outcomes[0].action)
        assert events[0].clause == "bt-startkaarten"
        draws += 1
    assert draws == 6
    assert all(len(h) == 3 for h in pos_of(s)["hands"].values())
    assert ENGINE.current_actor(s) == "red"  # bt-beurtvolgorde: the start player begins
    assert sum(pos_of(s)["deck"].values()) == 84


def test_bt_startkaarten_draw_probability_follows_the_deck():
    s = new_game(2)
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert odds["draw:w1"] == pytest.approx(4 / 90)
    assert odds["draw:x5-1"] == pytest.approx(6 / 90)
    assert odds["draw:w3d"] == pytest.approx(1 / 90)


def test_bt_solo_opstelling_twelve_wizards_no_flasks_no_spells():
    pos = pos_of(new_game(1))
    assert pos["players"] == ["red"] and pos["wizards_each"] == 12 and pos["variant"] == "solo"
    assert pos["flasks"]["red"] == {"empty": 0, "filled": 0, "spent": 0}
    assert pos["spells"] == []


def test_bt_solo_met_flesjes_six_flasks_and_three_random_spells():
    s = new_game(1, solo_flasks=True)
    assert ENGINE.current_actor(s) == CHANCE
    outcomes = ENGINE.chance_outcomes(s)
    assert len(outcomes) == 56  # 3 of the 8 spells
    s, events = play(s, "spells:swap+raven+free")
    assert events[0].clause == "bt-solo-met-flesjes"
    pos = pos_of(s)
    assert pos["spells"] == ["swap", "raven", "free"] and pos["flasks"]["red"]["empty"] == 6
