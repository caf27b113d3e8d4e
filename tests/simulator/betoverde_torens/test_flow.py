"""The turn, cards, dice, the pass option, refilling, spells and the end of the game."""

import pytest

from rules.core.engine import CHANCE
from rules.games.betoverde_torens import ENGINE

from .support import TOWERS_ONLY, clauses, keys, play, pos_of, refused, state

WIZ = {**TOWERS_ONLY, "11": {"wizards": ["red"]}, "12": {"wizards": ["blue"]}}



def test_bt_twee_acties_two_cards_then_refill_then_next_player():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]})
    s, _ = play(s, "play:w1:wizard:11")
    assert ENGINE.current_actor(s) == "red" and pos_of(s)["turn"]["actions"] == 1
    s, events = play(s, "play:t1:tower:9")
    assert ENGINE.current_actor(s) == CHANCE  # bt-hand-aanvullen at the end of the turn
    s, events = play(s, "draw:w5")
    assert ENGINE.current_actor(s) == CHANCE
    s, events = play(s, "draw:t5")
    assert ENGINE.current_actor(s) == "blue" and "bt-beurtvolgorde" in clauses(events)
    assert pos_of(s)["hands"]["red"] == ["w5", "t5", "x1"]


def test_bt_twee_acties_card_must_be_in_hand():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []})
    assert refused(s, "play:w2:wizard:11") == "bt-twee-acties"


def test_bt_kaart_zonder_effect_only_when_no_move_is_possible():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []})
    assert refused(s, "play:w1:none") == "bt-kaart-zonder-effect"


def test_bt_kaarten_wisselen_discard_three_draw_three_move_a_tower_one_step():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]})
    s, events = play(s, "pass")
    assert "bt-kaarten-wisselen" in clauses(events) and ENGINE.current_actor(s) == CHANCE
    s, _ = play(s, "draw:w3", "draw:w4", "draw:w5")
    assert ENGINE.current_actor(s) == "red"
    assert "pass-tower:none" in ENGINE.legal_actions(s) and "pass-tower:1" in ENGINE.legal_actions(s)
    s, events = play(s, "pass-tower:9")  # space 10 -> 11 onto the red wizard: imprisoned, a flask
    assert {"bt-toren-over-tovenaar", "bt-fles-vullen"} <= clauses(events)
    assert ENGINE.current_actor(s) == "blue"  # no refill: three cards already
    assert pos_of(s)["discarded"] == 3


def test_bt_kaarten_wisselen_only_before_the_first_card():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []})
    s, _ = play(s, "play:w1:wizard:11")
    assert refused(s, "pass") == "bt-kaarten-wisselen"


def test_bt_hand_aanvullen_reshuffles_the_discard_pile():
    used = {"w1": 1, "t1": 1, "w2": 1, "t2": 1, "x2": 1}
    s = state(
        WIZ, hands={"red": ["w1", "t1"], "blue": ["w2", "t2", "x2"]}, phase="draw", deck={}, discard=_all_but(used)
    )
    outcomes = ENGINE.chance_outcomes(s)
    assert {o.action for o in outcomes} >= {"draw:w1", "draw:x5-1"}
    s, events = play(s, "draw:x5-1")
    assert keys(events)[0] == "deck.reshuffled" and events[0].clause == "bt-hand-aanvullen"
    assert sum(pos_of(s)["discard"].values()) == 0 and sum(pos_of(s)["deck"].values()) == 84


def _all_but(used):
    from rules.games.betoverde_torens.cards import CODES, FULL_DECK

    return {c: n - used.get(c, 0) for c, n in zip(CODES, FULL_DECK, strict=True) if n - used.get(c, 0)}


def test_bt_dobbelsteen_gooien_roll_is_chance_then_move():
    s = state(WIZ, hands={"red": ["w2d", "t1", "xd"], "blue": []})
    assert refused(s, "play:xd:wizard:11") == "bt-keuze-eerst-gooien"
    s, _ = play(s, "play:xd")
    assert ENGINE.current_actor(s) == CHANCE
    assert {o.action: o.probability for o in ENGINE.chance_outcomes(s)}["roll:4"] == pytest.approx(1 / 6)
    s, events = play(s, "roll:4")
    assert "bt-dobbelsteen-gooien" in clauses(events)
    # bt-keuze-eerst-gooien: after the roll, wizard or tower
    assert "move:wizard:11" in ENGINE.legal_actions(s) and "move:tower:1" in ENGINE.legal_actions(s)
    assert "reroll" not in ENGINE.legal_actions(s)
    s, _ = play(s, "move:wizard:11")
    assert pos_of(s)["spaces"]["15"]["wizards"] == ["red"]


def test_bt_dobbelsteen_herwerpen_up_to_n_rolls_the_last_counts():
    s = state(WIZ, hands={"red": ["w3d", "t1", "x1"], "blue": []})
    s, _ = play(s, "play:w3d", "roll:1")
    assert "reroll" in ENGINE.legal_actions(s)
    s, _ = play(s, "reroll", "roll:2", "reroll", "roll:1")
    assert "reroll" not in ENGINE.legal_actions(s)
    assert refused(s, "reroll") == "bt-dobbelsteen-herwerpen"
    s, _ = play(s, "move:wizard:11")
    assert pos_of(s)["spaces"]["12"]["wizards"] == ["blue", "red"]  # the last roll (1) counts


def test_bt_keuze_eerst_zeggen_split_card_uses_the_chosen_number():
    s = state(WIZ, hands={"red": ["x5-1", "t1", "x1"], "blue": []})
    after, _ = play(s, "play:x5-1:wizard:11")
    assert pos_of(after)["spaces"]["12"]["wizards"] == ["blue", "red"]  # wizard: 1
    after, _ = play(s, "play:x5-1:tower:9")
    assert pos_of(after)["spaces"]["15"]["towers"] == [{"tower": 9}]  # tower: 5
    assert refused(s, "play:x5-1") == "bt-keuze-eerst-zeggen"


def test_bt_spreuk_per_beurt_once_paid_with_filled_flasks_that_leave_the_game():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 2, "filled": 4}})
    s, events = play(s, "spell:tower-fwd:9")  # space 10 -> 12, over the blue wizard: a flask
    assert {"bt-spreuk-toren", "bt-spreukverplaatsing", "bt-fles-vullen"} <= clauses(events)
    assert pos_of(s)["flasks"]["red"] == {"empty": 1, "filled": 4, "spent": 1}
    assert refused(s, "spell:wizard-fwd:11") == "bt-spreuk-per-beurt"


def test_bt_spreuk_per_beurt_after_the_last_card_and_end():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 4, "filled": 2}})
    s, _ = play(s, "play:w1:wizard:11", "play:t1:tower:1")
    assert ENGINE.current_actor(s) == "red" and "end" in ENGINE.legal_actions(s)
    after, events = play(s, "spell:wizard-fwd:12")
    assert ENGINE.current_actor(after) == CHANCE  # the spell was the last thing: refill
    after, events = play(s, "end")
    assert ENGINE.current_actor(after) == CHANCE


def test_bt_spreuk_cost_and_closed_spells():
    s = state(WIZ, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 5, "filled": 1}})
    assert refused(s, "spell:wizard-fwd:11") == "bt-spreuk-tovenaar"  # its cost: 2 flasks  # costs 2
    assert refused(s, "spell:swap:1,2") == "bt-materiaal-klaarleggen"  # not open in the base game


def test_bt_spreukverplaatsing_same_rules_as_a_card():
    s = state(
        {**TOWERS_ONLY, "11": {"wizards": ["red"]}, "12": {"wizards": ["blue"] * 6}},
        wizards_each=6,
        raven={"at": 1, "inside": {"red": 5}},
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        flasks={"red": {"empty": 4, "filled": 2}},
    )
    assert refused(s, "spell:wizard-fwd:11") == "bt-maximaal-zes-tovenaars"


def test_bt_einde_spel_needs_both_conditions_then_the_round_is_finished():
    lay = {**TOWERS_ONLY, "16": {"wizards": ["blue"]}, "12": {"wizards": ["red"]}}
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "wizards_each": 2,
            "spaces": lay,
            "raven": {"at": 1, "inside": {"red": 1, "blue": 1}},
            "flasks": {"red": {"empty": 1, "filled": 5}, "blue": {"filled": 4, "spent": 2}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
            "turn": {"player": "blue"},
        }
    )
    s, events = play(s, "play:w1:wizard:16")  # blue's last wizard in; the last seat: the game is over
    assert {"bt-einde-spel", "bt-laatste-ronde"} <= clauses(events)
    assert ENGINE.is_over(s) and ENGINE.result(s).winners == ("blue",)
    assert ENGINE.result(s).clause == "bt-winnaar"


def test_bt_einde_spel_only_wizards_inside_is_not_the_end():
    lay = {**TOWERS_ONLY, "16": {"wizards": ["red"]}, "12": {"wizards": ["blue"]}}
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "wizards_each": 2,
            "spaces": lay,
            "raven": {"at": 1, "inside": {"red": 1, "blue": 1}},
            "flasks": {"red": {"empty": 1, "filled": 5}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
        }
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "end.rung" not in keys(events) and not pos_of(s)["ending"]


def test_bt_laatste_ronde_the_others_play_until_the_round_is_complete():
    lay = {**TOWERS_ONLY, "16": {"wizards": ["red"]}, "14": {"wizards": ["blue"]}}
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "wizards_each": 2,
            "spaces": lay,
            "raven": {"at": 1, "inside": {"red": 1, "blue": 1}},
            "flasks": {"red": {"filled": 6}, "blue": {"empty": 1, "filled": 5}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w4", "t1", "x1"]},
        }
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "end.rung" in keys(events) and not ENGINE.is_over(s)
    s, _ = play(s, "draw:w1")  # red refills; blue plays the last turn of the round
    assert ENGINE.current_actor(s) == "blue"
    # the Raventoren moved on to tower 1 on space 2; blue's last wizard goes in from space 14
    s, events = play(s, "play:t1:tower:3", "play:w4:wizard:14")
    assert ENGINE.is_over(s) and "bt-laatste-ronde" in clauses(events)
    assert ENGINE.result(s).winners == ("red",)  # blue still has an empty flask


def test_bt_meerdere_winnaars_most_filled_flasks_still_held():
    lay = {**TOWERS_ONLY, "16": {"wizards": ["red"]}, "14": {"wizards": ["blue"]}}
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "wizards_each": 2,
            "spaces": lay,
            "raven": {"at": 1, "inside": {"red": 1, "blue": 1}},
            "flasks": {"red": {"filled": 4, "spent": 2}, "blue": {"filled": 5, "spent": 1}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w4", "t1", "x1"]},
        }
    )
    s, _ = play(s, "play:w1:wizard:16", "draw:w1", "play:w4:wizard:14")
    result = ENGINE.result(s)
    assert result.winners == ("blue",) and result.clause == "bt-meerdere-winnaars"


def test_bt_einde_spel_everyone_inside_nobody_qualifies_ends_at_once():
    lay = {**TOWERS_ONLY, "16": {"wizards": ["red"]}}
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "wizards_each": 2,
            "spaces": lay,
            "raven": {"at": 1, "inside": {"red": 1, "blue": 2}},
            "flasks": {"red": {"empty": 2, "filled": 4}, "blue": {"empty": 1, "filled": 3, "spent": 2}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": []},
        }
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "end.stalled" in keys(events) and ENGINE.is_over(s)
    result = ENGINE.result(s)
    assert result.winners == ("blue",) and result.clause == "bt-einde-spel"  # 5 filled against 4


def test_bt_solo_beurt_one_card_per_turn_and_bt_solo_score():
    s = ENGINE.state_from_position(
        {
            "players": ["red"],
            "variant": "solo",
            "wizards_each": 12,
            "spaces": {**TOWERS_ONLY, "16": {"wizards": ["red"]}},
            "raven": {"at": 1, "inside": {"red": 11}},
            "hands": {"red": ["w2", "t1", "x1"]},
            "discarded": 40,
            "discard": {"w3": 4},
        }
    )
    s1, _ = play(s, "play:t1:tower:1")
    assert ENGINE.current_actor(s1) == CHANCE  # one card, then refill
    s2, events = play(s, "play:x1:wizard:16")
    assert ENGINE.is_over(s2) and "bt-solo-score" in clauses(events)
    assert ENGINE.result(s2).scores == {"red": 41}


def test_bt_solo_met_flesjes_last_wizard_waits_for_full_flasks():
    s = ENGINE.state_from_position(
        {
            "players": ["red"],
            "variant": "solo-flasks",
            "wizards_each": 12,
            "spells": ["swap", "raven", "free"],
            "spaces": {**TOWERS_ONLY, "16": {"wizards": ["red"]}},
            "raven": {"at": 1, "inside": {"red": 11}},
            "flasks": {"red": {"empty": 1, "filled": 5}},
            "hands": {"red": ["w2", "t1", "x1"]},
        }
    )
    assert refused(s, "play:x1:wizard:16") == "bt-solo-met-flesjes"
    assert refused(s, "spell:raven:cw") == "bt-solo-met-flesjes"  # spells only after the card
