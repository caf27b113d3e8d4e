"""Second pass of disputes written from the rulebook text alone: several rules in one move, the end
of the game in unusual positions, chance, limits and hand-written positions. Each test names the
clause it checks and asserts what the rulebook says."""

import pytest

from rules.core.engine import CHANCE, PositionError
from rules.games.betoverde_torens import ENGINE
from rules.games.betoverde_torens.cards import CODES, FULL_DECK

from .support import clauses, keys, play, pos_of, refused, spaces, state


def bad_position(**extra):
    with pytest.raises(PositionError) as exc:
        state(**extra)
    return exc.value


TWO = spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]})


# -- Several consequences of one move ---------------------------------------------------------------


def test_bt_fles_vullen_one_flask_when_a_tower_frees_at_the_start_and_imprisons_at_the_end():
    # tower 2 stands on tower 1 (space 2) with blue under it; it moves onto red on space 4:
    # blue is freed, red imprisoned, and the mover fills exactly one flask
    s = state(
        spaces(
            s2={"towers": [{"tower": 1, "wizards": ["blue"]}, {"tower": 2}]},
            s3=None,
            s4={"wizards": ["red"]},
            s11={"towers": [{"tower": 3}]},
        ),
        hands={"red": ["t2"], "blue": []},
    )
    after, events = play(s, "play:t2:tower:2")
    sp = pos_of(after)["spaces"]
    assert sp["2"] == {"towers": [{"tower": 1, "wizards": ["blue"]}]}  # bt-tovenaars-bevrijd
    assert sp["4"] == {"wizards": ["red"], "towers": [{"tower": 2}]}  # bt-toren-over-tovenaar
    assert {"bt-tovenaars-bevrijd", "bt-toren-over-tovenaar"} <= clauses(events)
    assert pos_of(after)["flasks"]["red"]["filled"] == 1


def test_bt_toren_over_tovenaar_a_tower_landing_on_a_stack_imprisons_the_wizards_on_top():
    s = state(
        spaces(
            s11={"towers": [{"tower": 3}]},
            s4=None,
            s12={"wizards": ["blue"]},
            s10={"towers": [{"tower": 9, "wizards": ["red"]}]},
        ),
        hands={"red": ["t1"], "blue": []},
    )
    # tower 8 on space 9 goes 1 step onto tower 9 on space 10, where red stands
    after, events = play(s, "play:t1:tower:8")
    assert pos_of(after)["spaces"]["10"] == {"towers": [{"tower": 9, "wizards": ["red"]}, {"tower": 8}]}
    assert "bt-toren-over-tovenaar" in clauses(events)
    assert pos_of(after)["flasks"]["red"]["filled"] == 1


def test_bt_raventoren_reist_mee_tower_from_under_it_imprisons_wizards_where_it_lands():
    # the Raventoren stands on tower 9 (space 13); tower 9 goes 2 steps onto blue on space 15
    s = state(
        spaces(s10=None, s13={"towers": [{"tower": 9}]}, s11={"wizards": ["red"]}, s15={"wizards": ["blue"]}),
        hands={"red": ["t2"], "blue": []},
        raven={"at": 13},
    )
    after, events = play(s, "play:t2:tower:9")
    pos = pos_of(after)
    assert pos["raven"]["at"] == 15
    assert pos["spaces"]["15"] == {"wizards": ["blue"], "towers": [{"tower": 9}]}
    assert {"bt-raventoren-reist-mee", "bt-toren-over-tovenaar"} <= clauses(events)
    assert pos["flasks"]["red"]["filled"] == 1


def test_bt_raventoren_verplaatsen_the_space_the_wizard_just_left_can_be_the_new_place():
    # all towers in one stack on space 3 (tower 9 on top: a shield, but blue stands on it); the
    # Raventoren on raven space 9. Red leaves raven space 5 with 4 steps into the Raventoren.
    # Clockwise from 9: 13 and 1 hold blue wizards, 3 has blue on top, so the first free place is 5.
    stack = [{"tower": t} for t in range(1, 9)] + [{"tower": 9, "wizards": ["blue"]}]
    s = state(
        {"3": {"towers": stack}, "5": {"wizards": ["red"]}, "13": {"wizards": ["blue"]}, "1": {"wizards": ["blue"]}},
        hands={"red": ["w4"], "blue": []},
        wizards_each=3,
        raven={"at": 9, "inside": {"red": 2}},
    )
    after, events = play(s, "play:w4:wizard:5")
    assert "bt-tovenaar-in-raventoren" in clauses(events)
    assert pos_of(after)["raven"]["at"] == 5


def test_bt_meerdere_winnaars_two_players_qualify_in_one_action_through_meeliften():
    # master wizards: red's last wizard goes into the Raventoren, blue lets its last wizard ride along;
    # both qualify at once, the Raventoren moves twice, red holds more filled flasks and wins
    pos = {
        "players": ["red", "blue"],
        "master": True,
        "wizards_each": 1,
        "spells": ["lift"],
        "spaces": spaces(s16={"wizards": ["blue", "red"]}),
        "flasks": {"red": {"empty": 0, "filled": 6}, "blue": {"empty": 0, "filled": 6}},
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
    }
    s = ENGINE.state_from_position(pos)
    s, events = play(s, "play:w1:wizard:16")
    assert ENGINE.current_actor(s) == "blue"  # bt-meester-voor-of-na: still asked after a turn-ending action
    s, more = play(s, "spell:lift")
    assert pos_of(s)["raven"]["inside"] == {"red": 1, "blue": 1}
    assert keys(events + more).count("raven.moves") == 2  # each wizard stopped in it moves it on
    assert "end.rung" in keys(more)
    while pos_of(s)["phase"] != "over":
        s, _ = play(s, ENGINE.legal_actions(s)[0])
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("red",)  # 6 held against 4 (2 spent)
    assert result.clause == "bt-meerdere-winnaars"


def test_bt_meerdere_winnaars_a_later_qualifier_in_the_last_round_can_beat_the_ringer():
    # red rings the end with every flask spent (0 held); blue qualifies in the same round with 5 held
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue", "yellow"],
            "wizards_each": 1,
            "spaces": spaces(s16={"wizards": ["red"]}, s15={"wizards": ["blue"]}, s12={"wizards": ["yellow"]}),
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w2", "t1", "t1"], "yellow": ["t2", "t2", "t2"]},
            "flasks": {"red": {"empty": 0, "spent": 5}, "blue": {"empty": 0, "filled": 5}},
        }
    )
    s, events = play(s, "play:w1:wizard:16", "draw:w5")
    assert "end.rung" in keys(events)
    raven = pos_of(s)["raven"]["at"]
    steps = (raven - 15) % 16
    pos = pos_of(s)
    pos["hands"]["blue"] = [f"w{steps}", "t1", "t1"]
    pos.pop("deck")
    s = ENGINE.state_from_position(pos)
    s, _ = play(s, f"play:w{steps}:wizard:15", "draw:w5", "play:t2:tower:2", "play:t2:tower:2")
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("blue",)


def test_bt_einde_spel_last_flask_filled_by_the_pass_tower_step_rings_the_end():
    # red's wizard is already inside; red's last empty flask is filled when the tower step of the pass
    # option imprisons blue: red now meets both conditions
    s = state(
        spaces(s11={"wizards": ["blue"]}),
        hands={"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]},
        raven={"at": 1, "inside": {"red": 1}},
        flasks={"red": {"empty": 1, "filled": 5}},
    )
    s, events = play(s, "pass", "draw:w5", "draw:w5", "draw:w5", "pass-tower:9")
    assert "end.rung" in keys(events)
    assert ENGINE.current_actor(s) == "blue"  # the round is finished: blue still plays


def test_bt_einde_spel_teams_everyone_inside_nobody_done_most_filled_team_wins():
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue", "yellow", "green"],
            "teams": True,
            "wizards_each": 1,
            "spaces": spaces(s16={"wizards": ["red"]}),
            "raven": {"at": 1, "inside": {"blue": 1, "yellow": 1, "green": 1}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": [], "yellow": [], "green": []},
            "flasks": {
                "red": {"empty": 2, "filled": 3},
                "yellow": {"empty": 1, "filled": 4},
                "blue": {"empty": 1, "filled": 4},
                "green": {"empty": 2, "filled": 1, "spent": 2},
            },
        }
    )
    s, events = play(s, "play:w1:wizard:16")
    assert "end.stalled" in keys(events)
    result = ENGINE.result(s)
    # red+yellow 7 filled, blue+green 7 filled (spent counted): tie, red+yellow hold 7 against 5
    assert result is not None and set(result.winners) == {"red", "yellow"}


# -- Chance ------------------------------------------------------------------------------------------


def _all_but_deck(hands, deck):
    full = dict(zip(CODES, FULL_DECK, strict=True))
    for h in hands.values():
        for c in h:
            full[c] -= 1
    for c, k in deck.items():
        full[c] -= k
    return {c: k for c, k in full.items() if k}


def test_bt_hand_aanvullen_after_the_reshuffle_every_card_is_drawn_with_its_share_of_the_pile():
    hands = {"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]}
    s = state(TWO, hands=hands, deck={}, discard=_all_but_deck(hands, {}))
    s, _ = play(s, "play:w1:wizard:11", "play:t1:tower:9")
    outcomes = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert sum(outcomes.values()) == pytest.approx(1)
    # 86 cards in the discard pile, including the two just played
    assert outcomes["draw:w1"] == pytest.approx(4 / 86)
    assert outcomes["draw:t1"] == pytest.approx(4 / 86)
    assert outcomes["draw:x1"] == pytest.approx(2 / 86)
    assert outcomes["draw:t3d"] == pytest.approx(1 / 86)


def test_bt_kaarten_wisselen_with_an_empty_deck_the_three_cards_laid_off_are_reshuffled_too():
    hands = {"red": ["t3d", "w3d", "w1"], "blue": ["w2", "t2", "x2"]}
    deck = {"w5": 1}
    s = state(TWO, hands=hands, deck=deck, discard=_all_but_deck(hands, deck))
    s, _ = play(s, "pass")
    assert ENGINE.legal_actions(s) == ["draw:w5"]  # the deck's last card first
    s, _ = play(s, "draw:w5")
    outcomes = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    # the pile holds every card but blue's three and the w5 just drawn: 86, with red's three laid off
    assert outcomes["draw:t3d"] == pytest.approx(1 / 86)  # the only t3d was just laid off
    assert outcomes["draw:w3d"] == pytest.approx(1 / 86)
    assert sum(outcomes.values()) == pytest.approx(1)


def test_bt_dobbelsteen_herwerpen_every_roll_and_reroll_is_a_fair_die():
    s = state(TWO, hands={"red": ["t2d"], "blue": []})
    s, _ = play(s, "play:t2d")
    assert {o.action: o.probability for o in ENGINE.chance_outcomes(s)} == {f"roll:{n}": 1 / 6 for n in range(1, 7)}
    s, _ = play(s, "roll:1", "reroll")
    assert ENGINE.current_actor(s) == CHANCE
    assert {o.action: o.probability for o in ENGINE.chance_outcomes(s)} == {f"roll:{n}": 1 / 6 for n in range(1, 7)}
    s, _ = play(s, "roll:4")
    assert "reroll" not in ENGINE.legal_actions(s)


# -- Limits and no legal move -------------------------------------------------------------------------


def test_bt_twee_acties_a_hand_without_cards_can_still_end_the_turn():
    # a hand-written position with one card in hand: after it there is nothing left to play
    s = state(TWO, hands={"red": ["w1"], "blue": ["w2", "t2", "x2"]})
    s, _ = play(s, "play:w1:wizard:11")
    assert ENGINE.legal_actions(s)  # never stuck
    assert "end" in ENGINE.legal_actions(s)
    s, _ = play(s, "end")
    assert ENGINE.current_actor(s) == CHANCE  # bt-hand-aanvullen: refill to three
    s, _ = play(s, "draw:w5", "draw:w5", "draw:w5")
    assert ENGINE.current_actor(s) == "blue"


def test_bt_twee_acties_end_is_refused_while_a_card_can_still_be_played():
    s = state(TWO, hands={"red": ["w1", "t1", "x1"], "blue": []})
    s, _ = play(s, "play:w1:wizard:11")
    assert refused(s, "end") == "bt-twee-acties"


def test_bt_spreuk_raventoren_no_free_place_it_stays_and_the_flasks_are_paid():
    # every shield tower carries a wizard, every empty raven space holds one: nowhere to go
    sp = spaces(
        s2={"towers": [{"tower": 1, "wizards": ["blue"]}]},
        s4={"towers": [{"tower": 3, "wizards": ["blue"]}]},
        s6={"towers": [{"tower": 5, "wizards": ["red"]}]},
        s8={"towers": [{"tower": 7, "wizards": ["red"]}]},
        s10={"towers": [{"tower": 9, "wizards": ["blue"]}]},
        s13={"wizards": ["red"]},
    )
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "master": True,
            "wizards_each": 3,
            "spells": ["raven"],
            "spaces": sp,
            "flasks": {"red": {"empty": 2, "filled": 4}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
            "phase": "offer",
            "turn": {"player": "red", "offer": "red", "window": "before"},
        }
    )
    s, events = play(s, "spell:raven:cw")
    assert "raven.stays" in keys(events)
    assert pos_of(s)["raven"]["at"] == 1
    assert pos_of(s)["flasks"]["red"] == {"empty": 2, "filled": 2, "spent": 2}


def test_bt_solo_met_flesjes_bevrijden_cannot_put_the_last_wizard_in_with_an_empty_flask():
    # the last wizard sits under tower 9, the Raventoren stands on top of tower 9 (space 13)
    s = ENGINE.state_from_position(
        {
            "players": ["red"],
            "variant": "solo-flasks",
            "wizards_each": 2,
            "spaces": spaces(s10=None, s13={"wizards": ["red"], "towers": [{"tower": 9}]}),
            "raven": {"at": 13, "inside": {"red": 1}},
            "flasks": {"red": {"empty": 1, "filled": 5}},
            "spells": ["free", "tower-fwd", "swap"],
            "hands": {"red": ["t1", "t1", "t1"]},
            "turn": {"player": "red", "actions": 1},
        }
    )
    assert "spell:free:9" not in ENGINE.legal_actions(s)
    assert refused(s, "spell:free:9") == "bt-solo-met-flesjes"


def test_bt_keuze_eerst_zeggen_split_card_with_the_tower_side_blocked_must_move_the_wizard():
    # every tower stands on space 16; 5 steps would end on space 5, where the Raventoren stands
    s = state(
        spaces(
            **{f"s{n}": None for n in range(2, 11)},
            s16={"towers": [{"tower": t} for t in range(1, 10)]},
            s11={"wizards": ["red"]},
            s12={"wizards": ["blue"]},
        ),
        hands={"red": ["x5-1"], "blue": []},
        raven={"at": 5},
    )
    legal = [a for a in ENGINE.legal_actions(s) if a.startswith("play:")]
    assert legal == ["play:x5-1:wizard:11"]
    assert refused(s, "play:x5-1:none") == "bt-kaart-zonder-effect"
    assert refused(s, "play:x5-1:tower:9") == "bt-niet-op-raventoren"


# -- Hand-written positions ---------------------------------------------------------------------------


def test_bt_kaarten_wisselen_position_with_the_tower_step_after_a_card_is_refused():
    err = bad_position(spaces=TWO, phase="pass-tower", turn={"player": "red", "actions": 1})
    assert err.field == "turn.actions"


def test_bt_kaarten_wisselen_position_with_the_tower_step_at_the_start_is_accepted():
    s = state(TWO, phase="pass-tower", turn={"player": "red", "actions": 0})
    assert "pass-tower:none" in ENGINE.legal_actions(s)


def test_bt_tovenaar_in_raventoren_position_with_a_wizard_standing_on_its_space_is_refused():
    err = bad_position(
        spaces=spaces(s2={"towers": [{"tower": 1, "wizards": ["red"]}]}, s12={"wizards": ["blue"]}), raven={"at": 2}
    )
    assert err.field == "raven.at"


def test_bt_tovenaar_in_raventoren_position_with_a_wizard_imprisoned_under_its_stack_is_accepted():
    s = state(spaces(s2={"wizards": ["red"], "towers": [{"tower": 1}]}, s12={"wizards": ["blue"]}), raven={"at": 2})
    assert pos_of(s)["spaces"]["2"] == {"wizards": ["red"], "towers": [{"tower": 1}]}


def test_bt_teams_vormen_position_with_teams_of_five_players_is_refused():
    with pytest.raises(PositionError) as exc:
        ENGINE.state_from_position(
            {
                "players": ["red", "blue", "yellow", "green", "purple"],
                "teams": True,
                "wizards_each": 1,
                "spaces": spaces(s11={"wizards": ["red", "blue", "yellow", "green", "purple"]}),
            }
        )
    assert exc.value.field == "teams"


def test_bt_tovenaars_en_flesjes_position_with_too_few_flasks_is_refused():
    err = bad_position(spaces=TWO, flasks={"red": {"empty": 3, "filled": 1, "spent": 1}})
    assert err.field == "flasks.red"


def test_bt_solo_met_flesjes_three_random_spells_every_choice_equally_likely():
    from .support import new_game

    s = new_game(1, solo_flasks=True)
    outcomes = ENGINE.chance_outcomes(s)
    assert len(outcomes) == 56  # 3 of the 8 spells
    assert all(o.probability == pytest.approx(1 / 56) for o in outcomes)
    assert len({o.action for o in outcomes}) == 56


def test_bt_solo_score_the_three_cards_of_the_pass_option_count_too():
    s = ENGINE.state_from_position(
        {
            "players": ["red"],
            "wizards_each": 1,
            "spaces": spaces(s11={"wizards": ["red"]}),
            "hands": {"red": ["w1", "t1", "x1"]},
            "discarded": 4,
            "discard": {"w2": 4},
        }
    )
    s, _ = play(s, "pass", "draw:w5", "draw:w5", "draw:w5", "pass-tower:none")
    assert pos_of(s)["discarded"] == 7


def test_bt_vast_getal_a_wizard_passing_the_raventoren_does_not_go_in():
    s = state(
        spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
        hands={"red": ["w2", "t1", "x1"], "blue": []},
    )
    after, events = play(s, "play:w2:wizard:16")  # 16 -> 1 (the Raventoren) -> 2 (tower 1)
    assert "bt-tovenaar-in-raventoren" not in clauses(events)
    assert pos_of(after)["spaces"]["2"] == {"towers": [{"tower": 1, "wizards": ["red"]}]}
    assert pos_of(after)["raven"] == {"at": 1, "inside": {}}


def test_bt_laatste_ronde_spell_in_the_last_players_turn_rings_and_ends_the_game_after_that_turn():
    # master wizards, blue (right of the start player) is active; red casts Verplaats een Tovenaar
    # before blue's first action and puts its last wizard in with every flask filled
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "master": True,
            "wizards_each": 1,
            "spells": ["wizard-fwd"],
            "spaces": spaces(s16={"wizards": ["red"]}, s12={"wizards": ["blue"]}),
            "flasks": {"red": {"empty": 0, "filled": 6}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["t1", "t1", "t2"]},
            "phase": "offer",
            "turn": {"player": "blue", "offer": "red", "window": "before"},
        }
    )
    s, events = play(s, "spell:wizard-fwd:16")
    assert pos_of(s)["raven"]["inside"] == {"red": 1}
    assert "turn.raven-ends" not in keys(events)  # blue's turn goes on (bt-spreukverplaatsing)
    assert ENGINE.current_actor(s) == "blue" and ENGINE.result(s) is None
    s, _ = play(s, "play:t1:tower:9", "play:t1:tower:8")
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("red",)


def test_bt_einde_spel_everyone_inside_by_another_players_spell_ends_the_game_at_once():
    # master wizards, red is active; blue puts the last wizard in with a spell before red's first
    # action, nobody has every flask filled: the game is over at once, red plays no more card
    s = ENGINE.state_from_position(
        {
            "players": ["red", "blue"],
            "master": True,
            "wizards_each": 1,
            "spells": ["wizard-fwd", "tower-fwd"],
            "spaces": spaces(s16={"wizards": ["blue"]}),
            "raven": {"at": 1, "inside": {"red": 1}},
            "flasks": {"red": {"empty": 1, "filled": 5}, "blue": {"empty": 1, "filled": 5}},
            "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t1", "x1"]},
            "phase": "offer",
            "turn": {"player": "red", "offer": "blue", "window": "before"},
        }
    )
    s, events = play(s, "spell:wizard-fwd:16")
    assert "end.stalled" in keys(events)
    assert ENGINE.legal_actions(s) == []  # red cannot spend flasks any more to change the outcome
    result = ENGINE.result(s)
    # both 5 filled (spent counted); red holds 5, blue 3: red wins (bt-meerdere-winnaars)
    assert result is not None and result.winners == ("red",)
