"""Disputes written from the rulebook text alone: each test names the clause it checks and asserts
what the rulebook says."""


from rules.core.engine import CHANCE
from rules.games.betoverde_torens import ENGINE

from .support import clauses, keys, new_game, play, pos_of, refused, spaces, state

# -- Voorbereiding ---------------------------------------------------------------------------------


def test_bt_tovenaars_plaatsen_six_players_fill_every_tower_to_capacity():
    s = new_game(6)
    towers = {t["tower"]: len(t.get("wizards", [])) for sp in pos_of(s)["spaces"].values() for t in sp["towers"]}
    assert towers == {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2, 7: 1, 8: 1, 9: 1}


def test_bt_tovenaars_plaatsen_two_players_alternate_from_tower_one():
    s = new_game(2)
    sp = pos_of(s)["spaces"]
    # red, blue, red on tower 1; blue, red, blue on tower 2; red, blue, red, blue on towers 3 and 4
    assert sorted(sp["2"]["towers"][0]["wizards"]) == ["blue", "red", "red"]
    assert sorted(sp["3"]["towers"][0]["wizards"]) == ["blue", "blue", "red"]
    assert sorted(sp["4"]["towers"][0]["wizards"]) == ["blue", "red", "red"]
    assert sorted(sp["5"]["towers"][0]["wizards"]) == ["blue"]
    assert "wizards" not in sp["6"]["towers"][0]


def test_bt_tovenaars_en_flesjes_table_per_player_count():
    for n, (wiz, fl) in {2: (5, 6), 3: (4, 5), 4: (4, 5), 5: (3, 4), 6: (3, 4)}.items():
        pos = pos_of(new_game(n))
        assert pos["wizards_each"] == wiz
        assert all(f == {"empty": fl, "filled": 0, "spent": 0} for f in pos["flasks"].values())


def test_bt_startkaarten_everyone_gets_three_cards():
    s = new_game(3)
    while ENGINE.current_actor(s) == CHANCE:
        s, _ = ENGINE.apply(s, ENGINE.legal_actions(s)[0])
    assert all(len(h) == 3 for h in pos_of(s)["hands"].values())
    assert ENGINE.current_actor(s) == "red"  # bt-beurtvolgorde: the start player begins


# -- De beurt ----------------------------------------------------------------------------------------


def test_bt_twee_acties_second_card_is_not_optional():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["w1", "t1", "x1"], "blue": []}
    )
    s, _ = play(s, "play:w1:wizard:11")
    assert "end" not in ENGINE.legal_actions(s)
    assert refused(s, "end") == "bt-twee-acties"


def test_bt_twee_acties_no_third_card():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        flasks={"red": {"empty": 4, "filled": 2}},
    )
    s, _ = play(s, "play:w1:wizard:11", "play:t1:tower:9")
    assert ENGINE.current_actor(s) == "red"  # a spell may still be cast
    assert not any(a.startswith("play:") for a in ENGINE.legal_actions(s))
    assert refused(s, "play:x1:tower:9") == "bt-twee-acties"


def test_bt_kaart_zonder_effect_tower_card_with_all_towers_blocked_is_played_for_nothing():
    # all towers on space 16; the Raventoren on space 1: a 1-step tower move would end on it
    s = state(
        spaces(
            **{f"s{n}": None for n in range(2, 11)},
            s16={"towers": [{"tower": t} for t in range(1, 10)]},
            s12={"wizards": ["red"]},
            s13={"wizards": ["blue"]},
        ),
        hands={"red": ["t1"], "blue": []},
    )
    assert ENGINE.legal_actions(s)[0] == "play:t1:none"
    after, events = play(s, "play:t1:none")
    assert "bt-kaart-zonder-effect" in clauses(events)
    assert pos_of(after)["turn"]["actions"] == 1 and pos_of(after)["discard"] == {"t1": 1}


def test_bt_kaarten_wisselen_allowed_even_when_cards_could_be_played():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["w1", "t1", "x1"], "blue": []}
    )
    assert "pass" in ENGINE.legal_actions(s)
    after, events = play(s, "pass", "draw:w5", "draw:w5", "draw:w5")
    assert pos_of(after)["hands"]["red"] == ["w5", "w5", "w5"]
    assert "pass-tower:none" in ENGINE.legal_actions(after)


def test_bt_kaarten_wisselen_tower_step_not_onto_raventoren_and_turn_ends_without_drawing():
    # tower 9 stands on space 16, one step before the Raventoren on space 1
    s = state(
        spaces(s10=None, s16={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]},
    )
    s, _ = play(s, "pass", "draw:w5", "draw:w5", "draw:w5")
    assert "pass-tower:9" not in ENGINE.legal_actions(s)
    assert refused(s, "pass-tower:9") == "bt-niet-op-raventoren"
    after, events = play(s, "pass-tower:8")
    assert ENGINE.current_actor(after) == "blue"  # no card drawn: the hand already holds three
    assert pos_of(after)["hands"]["red"] == ["w5", "w5", "w5"]


def test_bt_kaarten_wisselen_tower_step_imprisons_and_fills_a_flask():
    s = state(
        spaces(s11={"wizards": ["blue"]}, s12={"wizards": ["red"]}), hands={"red": ["w1", "t1", "x1"], "blue": []}
    )
    s, _ = play(s, "pass", "draw:w5", "draw:w5", "draw:w5")
    after, events = play(s, "pass-tower:9")  # tower 9 on space 10 goes to space 11
    assert "bt-toren-over-tovenaar" in clauses(events)
    assert pos_of(after)["flasks"]["red"]["filled"] == 1


def test_bt_hand_aanvullen_after_one_action_ending_in_the_raventoren_refills_to_three():
    s = state(
        spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        wizards_each=2,
        raven={"at": 1, "inside": {"red": 1, "blue": 1}},
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "bt-tovenaar-in-raventoren" in clauses(events)
    assert ENGINE.current_actor(s) == CHANCE  # the turn is over: refill to three
    s, _ = play(s, "draw:w5")
    assert ENGINE.current_actor(s) == "blue"
    assert len(pos_of(s)["hands"]["red"]) == 3


# -- Dobbelstenen en keuzekaarten ------------------------------------------------------------------


def test_bt_dobbelsteen_herwerpen_three_dice_two_rerolls_then_last_roll_counts():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["w3d"], "blue": []})
    s, _ = play(s, "play:w3d", "roll:1", "reroll", "roll:6", "reroll", "roll:2")
    assert "reroll" not in ENGINE.legal_actions(s)
    assert refused(s, "reroll") == "bt-dobbelsteen-herwerpen"
    after, _ = play(s, "move:wizard:11")
    assert pos_of(after)["spaces"]["13"]["wizards"] == ["red"]  # the last roll (2), not the 6


def test_bt_dobbelsteen_gooien_one_die_no_reroll():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["xd"], "blue": []})
    s, _ = play(s, "play:xd", "roll:3")
    assert "reroll" not in ENGINE.legal_actions(s)


def test_bt_keuze_eerst_gooien_die_card_roll_then_choose_wizard_or_tower():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["xd"], "blue": []})
    assert refused(s, "play:xd:tower:1") == "bt-keuze-eerst-gooien"
    s, _ = play(s, "play:xd", "roll:2")
    legal = ENGINE.legal_actions(s)
    assert "move:wizard:11" in legal and "move:tower:1" in legal


def test_bt_keuze_eerst_zeggen_split_card_tower_number_for_tower_wizard_number_for_wizard():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["x5-1", "x1-5"], "blue": []})
    after, _ = play(s, "play:x5-1:tower:9")  # tower 9 on space 10 goes 5 steps
    assert pos_of(after)["spaces"]["15"]["towers"] == [{"tower": 9}]
    after, _ = play(s, "play:x1-5:wizard:11")  # the wizard goes 5 steps
    assert pos_of(after)["spaces"]["16"]["wizards"] == ["red"]


# -- Tovenaars verplaatsen -------------------------------------------------------------------------


def test_bt_tovenaar_landen_on_top_of_a_stack_not_on_the_ground():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s10=None, s13={"towers": [{"tower": 9}]}),
        hands={"red": ["w2"], "blue": []},
    )
    after, events = play(s, "play:w2:wizard:11")
    assert pos_of(after)["spaces"]["13"] == {"towers": [{"tower": 9, "wizards": ["red"]}]}
    assert "bt-tovenaar-landen" in clauses(events)


def test_bt_maximaal_zes_tovenaars_imprisoned_wizards_do_not_count():
    # six wizards under tower 9 (imprisoned) and none on it: a seventh may land on top
    s = state(
        spaces(
            s10=None, s13={"wizards": ["blue"] * 3 + ["red"] * 3, "towers": [{"tower": 9}]}, s11={"wizards": ["red"]}
        ),
        hands={"red": ["w2"], "blue": []},
        wizards_each=4,
        raven={"at": 1, "inside": {"blue": 1}},
    )
    after, _ = play(s, "play:w2:wizard:11")
    assert pos_of(after)["spaces"]["13"]["towers"] == [{"tower": 9, "wizards": ["red"]}]


def test_bt_maximaal_zes_tovenaars_seventh_refused_and_no_other_move_means_nothing():
    s = state(
        spaces(s13={"wizards": ["blue"] * 3 + ["red"] * 3}, s11={"wizards": ["red"]}),
        hands={"red": ["w2"], "blue": []},
        wizards_each=4,
        raven={"at": 1, "inside": {"blue": 1}},
    )
    assert refused(s, "play:w2:wizard:11") == "bt-maximaal-zes-tovenaars"
    assert "play:w2:wizard:11" not in ENGINE.legal_actions(s)


def test_bt_maximaal_zes_tovenaars_no_limit_in_the_raventoren():
    s = state(
        spaces(s15={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w2"], "blue": []},
        wizards_each=7,
        raven={"at": 1, "inside": {"red": 6, "blue": 6}},
    )
    after, events = play(s, "play:w2:wizard:15")
    assert "bt-tovenaar-in-raventoren" in clauses(events)
    assert pos_of(after)["raven"]["inside"]["red"] == 7


def test_bt_tovenaar_in_raventoren_first_action_ends_the_turn_no_second_card():
    s = state(
        spaces(s15={"wizards": ["red", "red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w2", "w1", "t1"], "blue": ["w1", "w1", "w1"]},
        wizards_each=2,
        raven={"at": 1, "inside": {"blue": 1}},
    )
    after, events = play(s, "play:w2:wizard:15")
    assert "turn.raven-ends" in keys(events)
    assert ENGINE.current_actor(after) == CHANCE
    after, _ = play(after, "draw:w5")
    assert ENGINE.current_actor(after) == "blue"


def test_bt_tovenaar_in_raventoren_raventoren_on_a_stack_counts():
    s = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red", "red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w2"], "blue": []},
        wizards_each=2,
        raven={"at": 13, "inside": {"blue": 1}},
    )
    after, events = play(s, "play:w2:wizard:11")
    assert "bt-tovenaar-in-raventoren" in clauses(events)
    assert pos_of(after)["raven"]["inside"]["red"] == 1


def test_bt_raventoren_verplaatsen_skips_towers_without_shield_and_occupied_ones():
    # Raventoren on 1. Space 2: tower 1 (shield) with a wizard on it; 3: tower 2 (no shield);
    # 4: tower 3 (shield), free -> the Raventoren goes on tower 3.
    s = state(
        spaces(s2={"towers": [{"tower": 1, "wizards": ["blue"]}]}, s16={"wizards": ["red", "red"]}),
        hands={"red": ["w1"], "blue": []},
        wizards_each=2,
        raven={"at": 1, "inside": {"blue": 1}},
    )
    after, events = play(s, "play:w1:wizard:16")
    assert pos_of(after)["raven"]["at"] == 4
    assert "raven.moves" in keys(events)


def test_bt_raventoren_verplaatsen_empty_raven_space_but_not_a_plain_empty_space():
    # no towers with shield free; spaces 11, 12 are empty but carry no raven; 13 is an empty raven space
    sp = spaces(
        s2={"towers": [{"tower": 1, "wizards": ["blue"]}]},
        s4={"towers": [{"tower": 3, "wizards": ["blue"]}]},
        s6={"towers": [{"tower": 5, "wizards": ["blue"]}]},
        s8={"towers": [{"tower": 7, "wizards": ["blue"]}]},
        s10={"towers": [{"tower": 9, "wizards": ["blue"]}]},
        s16={"wizards": ["red", "red"]},
    )
    s = state(sp, hands={"red": ["w1"], "blue": []}, wizards_each=5, raven={"at": 1, "inside": {"red": 3}})
    after, _ = play(s, "play:w1:wizard:16")
    assert pos_of(after)["raven"]["at"] == 13


def test_bt_raventoren_verplaatsen_raven_space_with_wizards_is_not_free():
    sp = spaces(
        s2={"towers": [{"tower": 1, "wizards": ["blue"]}]},
        s4={"towers": [{"tower": 3, "wizards": ["blue"]}]},
        s6={"towers": [{"tower": 5, "wizards": ["blue"]}]},
        s8={"towers": [{"tower": 7, "wizards": ["blue"]}]},
        s10={"towers": [{"tower": 9, "wizards": ["blue"]}]},
        s13={"wizards": ["red"]},
        s16={"wizards": ["red", "red"]},
    )
    s = state(sp, hands={"red": ["w1"], "blue": []}, wizards_each=5, raven={"at": 1, "inside": {"red": 2}})
    after, events = play(s, "play:w1:wizard:16")
    # 5 and 9 carry towers without... space 5 holds tower 4 (no shield); 9 holds tower 8 (no shield);
    # 13 has a wizard: no free place at all, the Raventoren stays on 1
    assert pos_of(after)["raven"]["at"] == 1
    assert "raven.stays" in keys(events)


def test_bt_eigen_tovenaar_wizards_inside_the_raventoren_cannot_move():
    s = state(
        spaces(s12={"wizards": ["blue"]}),
        hands={"red": ["w1"], "blue": []},
        raven={"at": 1, "inside": {"red": 1}},
    )
    assert ENGINE.legal_actions(s)[0] == "play:w1:none"


# -- Torens verplaatsen ----------------------------------------------------------------------------


def test_bt_toren_uit_stapel_bottom_tower_takes_the_whole_stack_with_its_wizards():
    s = state(
        spaces(
            s2=None,
            s3=None,
            s4={"towers": [{"tower": 1}, {"tower": 2, "wizards": ["red"]}, {"tower": 3, "wizards": ["blue"]}]},
        ),
        hands={"red": ["t1"], "blue": []},
    )
    after, events = play(s, "play:t1:tower:1")
    assert pos_of(after)["spaces"]["5"]["towers"] == [
        {"tower": 4},
        {"tower": 1},
        {"tower": 2, "wizards": ["red"]},
        {"tower": 3, "wizards": ["blue"]},
    ]
    assert "4" not in pos_of(after)["spaces"]
    assert "bt-tovenaars-reizen-mee" in clauses(events)


def test_bt_toren_uit_stapel_middle_tower_frees_the_wizards_under_it():
    s = state(
        spaces(
            s2=None,
            s3=None,
            s4={"towers": [{"tower": 1, "wizards": ["red"]}, {"tower": 2}, {"tower": 3, "wizards": ["blue"]}]},
        ),
        hands={"red": ["t1"], "blue": []},
    )
    after, events = play(s, "play:t1:tower:2")
    assert pos_of(after)["spaces"]["4"]["towers"] == [{"tower": 1, "wizards": ["red"]}]
    assert "bt-tovenaars-bevrijd" in clauses(events)
    # red's wizard is free again: it can be moved
    assert "play:w1:wizard:4" in ENGINE.legal_actions(evolve_hand(after, "red", ["w1"]))


def evolve_hand(s, colour, hand):
    pos = pos_of(s)
    pos["hands"][colour] = hand
    pos.pop("deck")
    return ENGINE.state_from_position(pos)


def test_bt_niet_op_raventoren_also_when_it_stands_on_a_stack():
    s = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t3"], "blue": []},
        raven={"at": 13},
    )
    assert "play:t3:tower:8" in ENGINE.legal_actions(s)  # space 9 -> 12
    s2 = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t4"], "blue": []},
        raven={"at": 13},
    )
    assert refused(s2, "play:t4:tower:8") == "bt-niet-op-raventoren"  # 9 + 4 = 13
    # passing the Raventoren is allowed: tower 7 on space 8 goes 5 steps to 13? no: 8 + 5 = 13.
    s3 = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t5"], "blue": []},
        raven={"at": 13},
    )
    after, _ = play(s3, "play:t5:tower:8")  # space 9 -> 14, past the Raventoren on 13
    assert pos_of(after)["spaces"]["14"]["towers"] == [{"tower": 8}]


def test_bt_raventoren_reist_mee_tower_from_under_it_carries_it_and_the_wizards_inside():
    s = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t2"], "blue": []},
        wizards_each=2,
        raven={"at": 13, "inside": {"red": 1, "blue": 1}},
    )
    after, events = play(s, "play:t2:tower:9")
    assert pos_of(after)["raven"] == {"at": 15, "inside": {"red": 1, "blue": 1}}
    assert "bt-raventoren-reist-mee" in clauses(events)


def test_bt_toren_over_tovenaar_own_wizard_imprisoned_and_flask_filled():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["t1"], "blue": []})
    after, events = play(s, "play:t1:tower:9")
    assert pos_of(after)["spaces"]["11"] == {"wizards": ["red"], "towers": [{"tower": 9}]}
    assert pos_of(after)["flasks"]["red"] == {"empty": 5, "filled": 1, "spent": 0}


def test_bt_fles_vullen_one_flask_however_many_wizards():
    s = state(
        spaces(s11={"wizards": ["blue", "red"]}, s12={}),
        hands={"red": ["t1"], "blue": []},
    )
    after, _ = play(s, "play:t1:tower:9")
    assert pos_of(after)["flasks"]["red"]["filled"] == 1


def test_bt_fles_vullen_tower_onto_tower_with_wizards_imprisons_them():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t1"], "blue": []},
    )
    # tower 8 on space 9 goes onto tower 9 on space 10 (no wizards on it): nobody imprisoned
    after, events = play(s, "play:t1:tower:8")
    assert "bt-toren-over-tovenaar" not in clauses(events)
    assert pos_of(after)["flasks"]["red"]["filled"] == 0


def test_bt_fles_vullen_no_more_flasks_than_you_have():
    s = state(
        spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["t1"], "blue": []},
        flasks={"red": {"empty": 0, "filled": 2, "spent": 4}},
    )
    after, events = play(s, "play:t1:tower:9")
    assert "bt-toren-over-tovenaar" in clauses(events)
    assert pos_of(after)["flasks"]["red"] == {"empty": 0, "filled": 2, "spent": 4}


def test_bt_toren_kiezen_not_the_raventoren_itself():
    s = state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), hands={"red": ["t1"], "blue": []})
    assert all(
        a.split(":")[-1] in {str(t) for t in range(1, 10)} or a.endswith("none")
        for a in ENGINE.legal_actions(s)
        if a.startswith("play:t1")
    )
    assert refused(s, "play:t1:tower:10") == "bt-toren-kiezen"


# -- Spreuken --------------------------------------------------------------------------------------

TWO = spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]})


def test_bt_spreuk_per_beurt_before_the_first_card_and_not_twice():
    s = state(TWO, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 3, "filled": 3}})
    s, events = play(s, "spell:tower-fwd:9")  # before any card
    assert "bt-spreuk-toren" in clauses(events)
    assert pos_of(s)["flasks"]["red"] == {
        "empty": 2,
        "filled": 3,
        "spent": 1,
    }  # paid 1, filled 1 (wizard 12 imprisoned)
    assert not any(a.startswith("spell:") for a in ENGINE.legal_actions(s))
    assert refused(s, "spell:tower-fwd:8") == "bt-spreuk-per-beurt"


def test_bt_spreuk_per_beurt_not_in_the_middle_of_a_dice_card():
    s = state(TWO, hands={"red": ["xd", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 3, "filled": 3}})
    s, _ = play(s, "play:xd", "roll:2")
    assert not any(a.startswith("spell:") for a in ENGINE.legal_actions(s))
    assert refused(s, "spell:tower-fwd:9") == "bt-spreuk-per-beurt"


def test_bt_spreuk_per_beurt_needs_enough_filled_flasks():
    s = state(TWO, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 5, "filled": 1}})
    assert refused(s, "spell:wizard-fwd:11") == "bt-spreuk-tovenaar"  # its cost: 2 flasks
    assert "spell:tower-fwd:9" in ENGINE.legal_actions(s)


def test_bt_materiaal_klaarleggen_only_two_spells_open_in_the_base_game():
    s = state(TWO, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 0, "filled": 6}})
    assert refused(s, "spell:swap:1,2") == "bt-materiaal-klaarleggen"
    assert refused(s, "spell:tower-back:9") == "bt-materiaal-klaarleggen"
    assert refused(s, "spell:raven:cw") == "bt-materiaal-klaarleggen"


def test_bt_spreuk_tovenaar_one_step_into_the_raventoren_ends_the_turn():
    s = state(
        spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        wizards_each=2,
        raven={"at": 1, "inside": {"red": 1, "blue": 1}},
        flasks={"red": {"empty": 3, "filled": 3}},
    )
    after, events = play(s, "spell:wizard-fwd:16")
    assert "bt-tovenaar-in-raventoren" in clauses(events) and "turn.raven-ends" in keys(events)
    assert pos_of(after)["raven"]["inside"]["red"] == 2
    assert ENGINE.current_actor(after) == "blue"  # hand is full: no drawing, blue's turn


def test_bt_flesjes_uit_spel_spent_flasks_cannot_be_refilled():
    s = state(TWO, hands={"red": ["t1"], "blue": []}, flasks={"red": {"empty": 0, "filled": 0, "spent": 6}})
    after, _ = play(s, "play:t1:tower:9")
    assert pos_of(after)["flasks"]["red"] == {"empty": 0, "filled": 0, "spent": 6}


def test_bt_spreuken_blijven_liggen_the_opponent_can_use_it_next_turn():
    s = state(
        TWO,
        hands={"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
        flasks={"red": {"empty": 3, "filled": 3}, "blue": {"empty": 5, "filled": 1}},
    )
    s, _ = play(s, "spell:tower-fwd:1", "play:t1:tower:2", "play:x1:tower:3", "draw:w5", "draw:w5")
    assert ENGINE.current_actor(s) == "blue"
    assert any(a.startswith("spell:tower-fwd:") for a in ENGINE.legal_actions(s))


# -- Einde van het spel ----------------------------------------------------------------------------


def three(**extra):
    base = {
        "players": ["red", "blue", "yellow"],
        "wizards_each": 1,
        "spaces": spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["yellow"]}),
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["t1", "t1", "t1"], "yellow": ["t2", "t2", "t2"]},
        "flasks": {"red": {"empty": 0, "filled": 5}},
    }
    base.update(extra)
    return ENGINE.state_from_position(base)


def test_bt_einde_spel_rung_then_round_finished_red_cannot_play_again():
    s = three()
    s, events = play(s, "play:w1:wizard:16", "draw:w5")
    assert "end.rung" in keys(events)
    assert ENGINE.current_actor(s) == "blue"
    s, _ = play(s, "play:t1:tower:1", "play:t1:tower:1", "draw:w5", "draw:w5")
    assert ENGINE.current_actor(s) == "yellow"
    s, events = play(s, "play:t2:tower:2", "play:t2:tower:2")
    assert ENGINE.current_actor(s) != "red"
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("red",)


def test_bt_laatste_ronde_ringing_player_right_of_start_ends_the_game_at_once():
    s = three(
        spaces=spaces(s16={"wizards": ["yellow"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["red"]}),
        flasks={"yellow": {"empty": 0, "filled": 5}},
        hands={"red": ["w1", "t1", "x1"], "blue": ["t1", "t1", "t1"], "yellow": ["w1", "t2", "t2"]},
        turn={"player": "yellow"},
    )
    s, events = play(s, "play:w1:wizard:16")
    assert ENGINE.result(s) is not None and ENGINE.result(s).winners == ("yellow",)


def test_bt_einde_spel_all_wizards_in_but_a_flask_empty_the_game_goes_on():
    s = three(flasks={"red": {"empty": 1, "filled": 4}})
    s, events = play(s, "play:w1:wizard:16", "draw:w5")
    assert "end.rung" not in keys(events)
    assert ENGINE.result(s) is None


def test_bt_einde_spel_spent_flasks_count_as_filled():
    s = three(flasks={"red": {"empty": 0, "filled": 0, "spent": 5}})
    s, events = play(s, "play:w1:wizard:16", "draw:w5")
    assert "end.rung" in keys(events)


def test_bt_meerdere_winnaars_equal_held_flasks_share_the_win():
    pos = {
        "players": ["red", "blue"],
        "wizards_each": 1,
        "spaces": spaces(s16={"wizards": ["red"]}, s14={"wizards": ["blue"]}),
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w5", "t1", "t1"]},
        "flasks": {"red": {"empty": 0, "filled": 2, "spent": 4}, "blue": {"empty": 0, "filled": 2, "spent": 4}},
    }
    s = ENGINE.state_from_position(pos)
    s, _ = play(s, "play:w1:wizard:16", "draw:w5")
    raven = pos_of(s)["raven"]["at"]  # the Raventoren moved on to tower 1 on space 2
    steps = (raven - 14) % 16
    assert 1 <= steps <= 5
    pos2 = pos_of(s)
    pos2["hands"]["blue"] = [f"w{steps}", "t1", "t1"]
    pos2.pop("deck")
    s = ENGINE.state_from_position(pos2)
    s, _ = play(s, f"play:w{steps}:wizard:14")
    result = ENGINE.result(s)
    assert result is not None and set(result.winners) == {"red", "blue"}


# -- Meestertovenaars en de overige spreuken -------------------------------------------------------


def master(spells, **extra):
    pos = {
        "players": ["red", "blue"],
        "master": True,
        "wizards_each": 1,
        "spells": spells,
        "spaces": spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        "flasks": {"red": {"empty": 2, "filled": 4}, "blue": {"empty": 2, "filled": 4}},
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_spreuk_torens_wisselen_costs_two_and_the_raventoren_travels_along():
    s = master(
        ["swap"],
        raven={"at": 10},
        spaces=spaces(s10=None, s14={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
    )
    s, _ = play(s, "play:t1:tower:1")  # after-window, red first
    s, events = play(s, "spell:swap:8,9")  # tower 8 (space 9) and tower 9 (space 14)
    assert "bt-spreuk-torens-wisselen" in clauses(events)
    assert pos_of(s)["flasks"]["red"]["spent"] == 2
    sp = pos_of(s)["spaces"]
    assert sp["9"]["towers"] == [{"tower": 9}] and sp["14"]["towers"] == [{"tower": 8}]


def test_bt_spreuk_torens_wisselen_not_two_towers_on_the_same_space():
    s = master(
        ["swap"],
        spaces=spaces(
            s2=None, s3={"towers": [{"tower": 1}, {"tower": 2}]}, s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}
        ),
    )
    s, _ = play(s, "play:t1:tower:9")
    assert "spell:swap:1,2" not in ENGINE.legal_actions(s)
    assert refused(s, "spell:swap:1,2") == "bt-spreuk-torens-wisselen"


def test_bt_spreuk_raventoren_counter_clockwise_to_the_first_free_place():
    s = master(["raven"], spaces=spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), raven={"at": 1})
    s, _ = play(s, "play:t1:tower:9")  # tower 9: space 10 -> 11, imprisons red
    s, events = play(s, "spell:raven:ccw")
    # counter-clockwise from 1: 16, 15, 14 are plain empty spaces, 13 is an empty raven space
    assert pos_of(s)["raven"]["at"] == 13


def test_bt_spreuk_bevrijden_no_own_wizard_under_it_flasks_are_still_paid():
    s = master(
        ["free"], spaces=spaces(s10=None, s12={"wizards": ["blue"], "towers": [{"tower": 9}]}, s11={"wizards": ["red"]})
    )
    s, _ = play(s, "play:t1:tower:8")
    s, events = play(s, "spell:free:9")
    assert "spell.free-none" in keys(events)
    assert pos_of(s)["flasks"]["red"]["spent"] == 2


def test_bt_spreuk_bevrijden_own_wizard_goes_on_top_of_the_stack():
    s = master(
        ["free"], spaces=spaces(s10=None, s12={"wizards": ["red"], "towers": [{"tower": 9}]}, s13={"wizards": ["blue"]})
    )
    s, _ = play(s, "play:t1:tower:8")
    s, events = play(s, "spell:free:9")
    assert pos_of(s)["spaces"]["12"] == {"towers": [{"tower": 9, "wizards": ["red"]}]}


def test_bt_meester_volgorde_other_players_spell_pays_with_own_flasks_fills_own_flask():
    s = master(["tower-fwd"])
    s, _ = play(s, "play:w1:wizard:11", "decline")  # red declines after its action; blue is asked
    assert ENGINE.current_actor(s) == "blue"
    s, events = play(s, "spell:tower-fwd:9")  # tower 9: 10 -> 12, imprisons red (on 12 now) and blue
    f = pos_of(s)["flasks"]
    assert f["blue"] == {"empty": 1, "filled": 4, "spent": 1}
    assert f["red"] == {"empty": 2, "filled": 4, "spent": 0}
    assert ENGINE.current_actor(s) == "red"  # red's second action follows


def test_bt_meester_spreuk_per_actie_spell_before_means_no_spell_after():
    s = master(["tower-fwd"], phase="offer", turn={"player": "red", "offer": "red", "window": "before"})
    s, _ = play(s, "spell:tower-fwd:1")
    assert pos_of(s)["phase"] == "play"
    s, _ = play(s, "play:t1:tower:2")
    assert pos_of(s)["phase"] == "offer" and pos_of(s)["turn"]["window"] == "before"  # the next action's window


# -- Solo ------------------------------------------------------------------------------------------


def solo(**extra):
    pos = {
        "players": ["red"],
        "wizards_each": 2,
        "spaces": spaces(s11={"wizards": ["red"]}, s15={"wizards": ["red"]}),
        "hands": {"red": ["w2", "t1", "x1"]},
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_solo_beurt_one_card_then_refill_and_the_next_turn():
    s, _ = play(solo(), "play:t1:tower:9")
    assert ENGINE.current_actor(s) == CHANCE
    s, _ = play(s, "draw:w5")
    assert ENGINE.current_actor(s) == "red" and pos_of(s)["turn"]["actions"] == 0


def test_bt_solo_score_counts_every_discarded_card():
    s = solo(
        raven={"at": 1, "inside": {"red": 1}}, spaces=spaces(s15={"wizards": ["red"]}), discarded=10, discard={"w1": 2}
    )
    s, events = play(s, "play:w2:wizard:15")
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("red",)
    assert pos_of(s)["discarded"] == 11


def test_bt_solo_met_flesjes_last_wizard_refused_until_all_flasks_filled():
    s = solo(
        variant="solo-flasks",
        raven={"at": 1, "inside": {"red": 1}},
        spaces=spaces(s15={"wizards": ["red"]}),
        flasks={"red": {"empty": 1, "filled": 5}},
        spells=["wizard-fwd", "tower-fwd", "swap"],
    )
    assert refused(s, "play:w2:wizard:15") == "bt-solo-met-flesjes"
    assert refused(s, "spell:tower-fwd:9") == "bt-solo-met-flesjes"  # spells only after the card


def test_bt_spreuk_raventoren_counter_clockwise_is_described_as_counter_clockwise():
    s = master(["raven"])
    s, _ = play(s, "play:t1:tower:9")
    _, events = play(s, "spell:raven:ccw")
    text = " ".join(ENGINE.describe(e) for e in events if e.key.startswith("raven."))
    assert "tegen de klok in" in text and "met de klok mee" not in text


# -- Teams -----------------------------------------------------------------------------------------


def teams(**extra):
    pos = {
        "players": ["red", "blue", "yellow", "green"],
        "teams": True,
        "wizards_each": 1,
        "spaces": spaces(
            s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["yellow"]}, s15={"wizards": ["green"]}
        ),
        "hands": {
            "red": ["w1", "t1", "x1"],
            "blue": ["w2", "t2", "x2"],
            "yellow": ["w3", "t3", "x3"],
            "green": ["w4", "t4", "x4"],
        },
    }
    pos.update(extra)
    return ENGINE.state_from_position(pos)


def test_bt_teams_kaart_vragen_only_once_per_turn():
    s = teams()
    s, _ = play(s, "ask", "give:w3", "return:w1")
    assert "ask" not in ENGINE.legal_actions(s)
    assert refused(s, "ask") == "bt-teams-kaart-vragen"
    assert sorted(pos_of(s)["hands"]["red"]) == sorted(["w3", "t1", "x1"])


def test_bt_teams_kaart_vragen_may_return_the_card_just_received():
    s = teams()
    s, _ = play(s, "ask", "give:w3")
    assert "return:w3" in ENGINE.legal_actions(s)
    s, _ = play(s, "return:w3")
    assert pos_of(s)["hands"]["yellow"] == ["w3", "t3", "x3"]


def test_bt_teams_doorspelen_own_flasks_full_fills_the_teammates_flask():
    s = teams(flasks={"red": {"empty": 0, "filled": 5}})
    after, events = play(s, "play:t1:tower:9")  # tower 9: 10 -> 11 imprisons red
    f = pos_of(after)["flasks"]
    assert f["red"] == {"empty": 0, "filled": 5, "spent": 0}
    assert f["yellow"]["filled"] == 1


def test_bt_teams_einde_one_teammate_done_is_not_enough():
    s = teams(
        spaces=spaces(
            s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s13={"wizards": ["yellow"]}, s15={"wizards": ["green"]}
        ),
        flasks={"red": {"empty": 0, "filled": 5}},
    )
    s, events = play(s, "play:w1:wizard:16", "draw:w5")
    assert "end.rung" not in keys(events)


# -- Nog enkele samenlopen -------------------------------------------------------------------------


def test_bt_hand_aanvullen_last_card_of_the_deck_first_then_the_discard_pile_is_reshuffled():
    from rules.games.betoverde_torens.cards import CODES, FULL_DECK

    full = dict(zip(CODES, FULL_DECK, strict=True))
    hands = {"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]}
    discard = dict(full)
    for h in hands.values():
        for c in h:
            discard[c] -= 1
    discard["w5"] -= 1  # one w5 is the last card of the deck
    s = state(TWO, hands=hands, deck={"w5": 1}, discard={c: k for c, k in discard.items() if k})
    s, _ = play(s, "play:w1:wizard:11", "play:t1:tower:9")
    assert ENGINE.legal_actions(s) == ["draw:w5"]  # the deck's last card comes first
    s, events = play(s, "draw:w5")
    assert "deck.reshuffled" not in keys(events)
    s, events = play(s, "draw:w4")
    assert "deck.reshuffled" in keys(events)


def test_bt_spreuk_per_beurt_between_the_two_actions_then_the_second_card():
    s = state(TWO, hands={"red": ["w1", "t1", "x1"], "blue": []}, flasks={"red": {"empty": 4, "filled": 2}})
    s, _ = play(s, "play:w1:wizard:11", "spell:wizard-fwd:12")
    assert pos_of(s)["spaces"]["13"]["wizards"] == ["red"]
    assert ENGINE.current_actor(s) == "red" and pos_of(s)["turn"]["actions"] == 1
    assert any(a.startswith("play:") for a in ENGINE.legal_actions(s))


def test_bt_einde_spel_everyone_inside_most_filled_flasks_counting_spent_wins():
    s = state(
        spaces(s16={"wizards": ["red"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": []},
        raven={"at": 1, "inside": {"blue": 1}},
        flasks={"red": {"empty": 2, "filled": 0, "spent": 4}, "blue": {"empty": 1, "filled": 5}},
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "end.stalled" in keys(events)
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("blue",)  # 5 against 4 (spent ones count)


def test_bt_kaarten_wisselen_no_spell_after_the_tower_step_the_turn_is_over():
    s = state(
        TWO, hands={"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]}, flasks={"red": {"empty": 4, "filled": 2}}
    )
    s, _ = play(s, "pass", "draw:w5", "draw:w5", "draw:w5")
    assert not any(a.startswith("spell:") for a in ENGINE.legal_actions(s))
    s, _ = play(s, "pass-tower:none")
    assert ENGINE.current_actor(s) == "blue"


def test_bt_meester_voor_of_na_after_passing_nobody_is_asked_again():
    s = master(["tower-fwd"], phase="offer", turn={"player": "red", "offer": "red", "window": "before"})
    s, _ = play(s, "decline", "decline", "pass", "draw:w5", "draw:w5", "draw:w5", "pass-tower:9")
    assert pos_of(s)["turn"]["player"] == "blue" and pos_of(s)["turn"]["window"] == "before"


def test_bt_meester_volgorde_a_player_who_cannot_use_any_open_spell_is_not_asked():
    # blue can pay for Verplaats een Tovenaar, but blue's only wizard is inside the Raventoren
    s = master(
        ["wizard-fwd"],
        spaces=spaces(s11={"wizards": ["red"]}),
        raven={"at": 1, "inside": {"blue": 1}},
        flasks={"red": {"empty": 6}, "blue": {"empty": 2, "filled": 4}},
    )
    s, _ = play(s, "play:t1:tower:1")  # after the action nobody can use a spell: red's second action
    assert pos_of(s)["phase"] == "play" and ENGINE.current_actor(s) == "red"
