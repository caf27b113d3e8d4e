"""Setup: bt-opbouw, bt-materiaal-klaarleggen, bt-kleur-kiezen, bt-tovenaars-plaatsen, bt-startkaarten."""

import pytest

from rules.core.engine import CHANCE
from rules.games.betoverde_torens import ENGINE
from rules.games.betoverde_torens.state import SHIELDS

from .support import new_game, play, pos_of, spaces


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


# -- Scenarios keep the setup table (checkrules) -----------------------------------------------------

SIX_EACH = """
title = "Zes blauwe tovenaars"
clauses = ["bt-maximaal-zes-tovenaars"]

[position]
players = ["red", "blue"]
wizards_each = 6
spaces = { 2 = { towers = [{ tower = 1 }] }, 3 = { towers = [{ tower = 2 }] }, 4 = { towers = [{ tower = 3 }] }, 5 = { towers = [{ tower = 4 }] }, 6 = { towers = [{ tower = 5 }] }, 7 = { towers = [{ tower = 6 }] }, 8 = { towers = [{ tower = 7 }] }, 9 = { towers = [{ tower = 8 }] }, 10 = { towers = [{ tower = 9 }] }, 11 = { wizards = ["red"] }, 12 = { wizards = ["blue", "blue", "blue", "blue", "blue", "blue"] } }
raven = { at = 1, inside = { red = 5 } }
hands = { red = ["w1", "t1", "x2"], blue = ["w1", "t1", "x1"] }

[[step]]
action = "play:w1:wizard:11"
refused = "bt-maximaal-zes-tovenaars"
caption = "Rood zou op veld 12 eindigen."
"""


def test_bt_tovenaars_en_flesjes_a_scenario_with_six_wizards_each_for_two_players_is_refused():
    """bt-tovenaars-en-flesjes: with 2 players each has 5 wizards. The former six-wizards demo (six
    blue wizards in a two-player game) is a position a dispute may ask about, but no scenario of the
    site may start from it: replaying it with its checks (as checkrules does) names the table."""
    from rules.core.scenarios import ScenarioError, parse_scenario, replay

    scenario = parse_scenario(SIX_EACH, "betoverde-torens", "bt-zes-blauw", "six.toml")
    state = ENGINE.state_from_position(scenario.position)  # the engine reads the position ...
    assert [p.clause for p in ENGINE.setup_problems(state)] == ["bt-tovenaars-en-flesjes"]
    with pytest.raises(ScenarioError, match=r"six\.toml: the start breaks the game's setup rules: 2 players have 5 "
                       r"wizards each, not 6 \(bt-tovenaars-en-flesjes\)"):
        replay(ENGINE, scenario)  # ... but the scenario is refused


def test_bt_materiaal_klaarleggen_the_base_game_lays_out_only_the_two_basic_spells():
    """bt-materiaal-klaarleggen: "Leg de toverspreuken Verplaats een Tovenaar en Verplaats een Toren
    daar open bij; de andere spreuken blijven in de doos" — a base-game start with another open spell
    breaks the setup; the master wizards choose theirs (bt-meester-spreuken)."""
    two = {
        "players": ["red", "blue"],
        "spaces": spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        "raven": {"at": 1, "inside": {"red": 4, "blue": 4}},
    }
    base = ENGINE.state_from_position({**two, "spells": ["free"]})
    assert [p.clause for p in ENGINE.setup_problems(base)] == ["bt-materiaal-klaarleggen"]
    assert ENGINE.setup_problems(ENGINE.state_from_position(two)) == []
    master = ENGINE.state_from_position({**two, "master": True, "spells": ["free"]})
    assert ENGINE.setup_problems(master) == []
    assert ENGINE.setup_problems(new_game(2)) == []
