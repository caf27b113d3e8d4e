"""Teams (bt-teams-*) and the master wizards (bt-meester-*)."""

import pytest

from rules.core.engine import CHANCE, PositionError, RuleError
from rules.core.setup import validate_setup
from rules.games.betoverde_torens import ENGINE

from .support import TOWERS_ONLY, clauses, keys, play, pos_of

H4 = {"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"], "yellow": ["w3", "t3", "x3"], "green": ["w4", "t4", "x4"]}


def team_state(**extra):
    pos = {
        "players": ["red", "blue", "yellow", "green"],
        "teams": True,
        "wizards_each": 1,
        "spaces": {
            **TOWERS_ONLY,
            "11": {"wizards": ["red"]},
            "12": {"wizards": ["blue"]},
            "13": {"wizards": ["yellow"]},
            "15": {"wizards": ["green"]},
        },
        "hands": H4,
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def master_state(**extra):
    pos = {
        "players": ["red", "blue"],
        "master": True,
        "wizards_each": 1,
        "spells": ["tower-fwd", "lift"],
        "spaces": {**TOWERS_ONLY, "11": {"wizards": ["blue", "red"]}},
        "flasks": {"red": {"empty": 4, "filled": 2}, "blue": {"empty": 4, "filled": 2}},
        "hands": {"red": ["w2", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_teams_vormen_only_with_four_or_six_players():
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": 3, "teams": True}))
    assert not s.teams  # ignored: teams need 4 or 6 players
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": 6, "teams": True}))
    assert s.teams and s.mate(0) == 3 and s.mate(4) == 1
    with pytest.raises(PositionError) as exc:
        ENGINE.state_from_position({"players": ["red", "blue"], "teams": True, "spaces": TOWERS_ONLY})
    assert exc.value.field == "teams"


def test_bt_teams_kaart_vragen_give_and_return_hidden_from_the_others():
    s, events = play(team_state(), "ask", "give:w3")
    give = next(e for e in events if e.key == "team.give")
    assert give.visible("red") and give.visible("yellow") and not give.visible("blue")
    assert ENGINE.current_actor(s) == "red" and len(pos_of(s)["hands"]["red"]) == 4
    s, _ = play(s, "return:w3")  # the card just received may go back
    assert pos_of(s)["hands"]["yellow"] == ["w3", "t3", "x3"]
    with pytest.raises(RuleError) as exc:
        ENGINE.apply(s, "ask")
    assert exc.value.clause == "bt-teams-kaart-vragen"


def test_bt_teams_kaart_vragen_the_teammate_may_give_nothing():
    s, events = play(team_state(), "ask", "give:none")
    assert ENGINE.current_actor(s) == "red" and "team.no-card" in keys(events)
    assert "ask" not in ENGINE.legal_actions(s)


def test_bt_teams_doorspelen_wizards_then_flasks_of_the_teammate():
    s = team_state(
        spaces={
            **TOWERS_ONLY,
            "12": {"wizards": ["blue"]},
            "13": {"wizards": ["yellow"]},
            "15": {"wizards": ["green"]},
        },
        raven={"at": 1, "inside": {"red": 1}},
        flasks={"red": {"filled": 5}},
    )
    assert "play:w1:wizard:13" in ENGINE.legal_actions(s)  # all red's wizards are in: red moves yellow's
    s, _ = play(s, "play:w1:wizard:13")
    assert pos_of(s)["spaces"]["14"] == {"wizards": ["yellow"]}
    s = team_state(
        spaces={
            **TOWERS_ONLY,
            "11": {"wizards": ["yellow"]},
            "12": {"wizards": ["blue"]},
            "15": {"wizards": ["green"]},
        },
        raven={"at": 1, "inside": {"red": 1}},
        flasks={"red": {"filled": 5}},
        hands={**H4, "red": ["w1", "t1", "x1"]},
    )
    s, _ = play(s, "play:t1:tower:9")  # 10 -> 11 over yellow's wizard: red's flasks are full, yellow's fills
    assert pos_of(s)["flasks"]["yellow"]["filled"] == 1 and pos_of(s)["flasks"]["red"]["filled"] == 5


def test_bt_teams_einde_the_whole_team_must_be_done():
    s = team_state(
        spaces={
            **TOWERS_ONLY,
            "13": {"wizards": ["yellow"]},
            "15": {"wizards": ["green"]},
            "16": {"wizards": ["blue"]},
        },
        raven={"at": 1, "inside": {"red": 1}},
        flasks={"red": {"filled": 5}, "blue": {"filled": 5}, "green": {"filled": 5}},
        turn={"player": "blue"},
        hands={**H4, "blue": ["w1", "t2", "x2"]},
    )
    s, _ = play(s, "play:w1:wizard:16")  # blue is done, but green is not: no end
    assert not pos_of(s)["ending"]


def test_bt_meester_spreuken_are_chosen_by_chance():
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2, "master": True, "master_spells": 2}))
    assert ENGINE.current_actor(s) == CHANCE and len(ENGINE.chance_outcomes(s)) == 28
    s, events = play(s, "spells:swap+free")
    assert pos_of(s)["spells"] == ["swap", "free"] and "bt-meester-spreuken" in clauses(events)


def test_bt_meester_volgorde_active_player_first_then_clockwise():
    s, _ = play(master_state(), "play:x1:tower:1")  # after-window: red first
    assert ENGINE.current_actor(s) == "red" and "decline" in ENGINE.legal_actions(s)
    s, _ = play(s, "decline")
    assert ENGINE.current_actor(s) == "blue"
    s, events = play(s, "spell:tower-fwd:9")
    assert "bt-meester-volgorde" in clauses(events)
    assert pos_of(s)["flasks"]["blue"]["spent"] == 1


def test_bt_spreuk_meeliften_only_after_a_wizard_move():
    s, _ = play(master_state(), "play:w2:wizard:11", "decline", "spell:lift")
    assert pos_of(s)["spaces"]["13"]["wizards"] == ["blue", "red"]
    s, _ = play(master_state(), "play:x1:tower:1", "decline")
    assert "spell:lift" not in ENGINE.legal_actions(s)
    with pytest.raises(RuleError):
        ENGINE.apply(s, "spell:lift")


def test_bt_meester_spreuk_per_actie_no_spell_outside_the_offer():
    s = master_state()
    with pytest.raises(RuleError) as exc:
        ENGINE.apply(s, "spell:tower-fwd:9")
    assert exc.value.clause == "bt-meester-volgorde"


def test_bt_spreukverplaatsing_own_spell_into_the_raventoren_after_an_action_ends_the_turn():
    s = master_state(
        spells=["wizard-fwd"],
        wizards_each=2,
        spaces={**TOWERS_ONLY, "11": {"wizards": ["blue", "red"]}, "16": {"wizards": ["red", "blue"]}},
    )
    s, _ = play(s, "play:x1:tower:1")
    assert ENGINE.current_actor(s) == "red" and pos_of(s)["turn"]["window"] == "after"
    s, events = play(s, "spell:wizard-fwd:16")
    assert "turn.raven-ends" in keys(events)
    assert ENGINE.current_actor(s) == CHANCE and pos_of(s)["phase"] == "draw"  # no second action
