"""Second pass of table disputes: several rules in one move, unusual ends, chance, timers, limits and
hand-written positions. Each test names the clause it checks; the rulebook's text decides."""

from __future__ import annotations

import random

import pytest

from rules.core.engine import CHANCE, PositionError
from rules.games.der_dunkle_turm import ENGINE
from rules.games.der_dunkle_turm.board import CARD_KINDS, FULL_DECK

from .support import CAMP_ALL, keys, play, pos, where


def position_error(**extra: object) -> str:
    comps = dict(CAMP_ALL) | dict(extra.pop("companions", {}))  # type: ignore[call-overload]
    with pytest.raises(PositionError) as err:
        ENGINE.state_from_position({"teams": ["red", "blue"], "companions": comps, **extra})
    return err.value.field


# --- Mehrere Folgen in einem Zug -------------------------------------------------------------------

def test_dt_erste_runde_verloren_retreat_onto_a_rift_exiles_and_the_owl_helps_the_all_captured_team():
    s = pos({"red1": "tower", "red2": "exile", "red3": "exile"}, rifts={"17": 2},
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:3", "d12:9", "retreat")  # lost, charred, retreats 4 fields: 20..17, 17 is a rift
    assert where(s, "red1") == {"at": "exile", "charred": True, "fresh": True}
    assert keys(ev)[-2:] == ["rift.fall", "owl.rescue.comes"]  # dt-riss-exil, then dt-eule-alle-gefangen
    assert ENGINE.current_actor(s) == "red" and ENGINE.legal_actions(s) == ["rescue:red1", "rescue:red2", "rescue:red3"]


def test_dt_zugbruecken_senken_protected_placed_before_the_bridge_then_the_attacks_rift_swallows_him():
    # blue1 (nearer the tower) comes down on 15 first, so the protected red1 comes down on 14; the same
    # attack then opens its rift on 14, and red1's spell is already spent.
    s = pos({"red1": {"at": "15b", "spell": True}, "blue1": {"at": "15c", "spell": True}}, bridges="up")
    s, ev = play(s, "card:attack14", "tower")
    assert where(s, "red1") == "exile" and where(s, "blue1") == 15
    assert keys(ev).index("fall.saved") < keys(ev).index("rift.swallows")


def test_dt_eule_attacke_frees_the_companion_the_same_attack_just_swallowed():
    s = pos({"red1": 9, "blue1": "exile"}, attacks=1)
    s, ev = play(s, "card:attack9", "tower")
    assert where(s, "red1") == "exile" and ENGINE.current_actor(s) == "owl"
    s, _ = play(s, "owl")
    assert ENGINE.legal_actions(s) == ["free:red1"]  # own before foreign (dt-aus-dem-exil)


def test_dt_spielende_the_win_stops_the_turn_no_round_end_timers_run():
    # last turn of the table round: the rift would close at its end, but the game ends first
    s = pos({"blue1": "tower"}, turn="blue", wizard=1, rifts={"9": 1},
            pending=[{"task": "duel", "companion": "blue1", "round": 1}])
    s, ev = play(s, "d12:12")
    assert ENGINE.result(s).winners == ("blue",) and "rift.closes" not in keys(ev)
    assert ENGINE.position_of(s)["rifts"] == {"9": 1}


def test_dt_zauberer_zweimal_win_then_wand_in_the_second_round_ends_the_game():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:10", "d12:2", "d12:12")
    assert ENGINE.result(s).winners == ("red",) and "wizard.defeated" in keys(ev)


def test_dt_schutzzauber_duell_caught_twice_retreats_unburnt():
    s = pos({"red1": {"at": "tower", "charred": True, "spell": True}},
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:2", "d12:9")  # caught: no burst, no choice, on to round 2
    assert ENGINE.current_actor(s) == CHANCE and "duel.spell" in keys(ev)
    s, ev = play(s, "d12:2", "d12:9")  # round 2 lost without protection: charred already -> bursts
    assert where(s, "red1") == "out" and "duel.burst" in keys(ev)


# --- Ungewöhnliche Enden ---------------------------------------------------------------------------

def test_dt_spielende_the_last_companion_of_the_last_team_bursts_nobody_wins():
    s = pos({"red1": {"at": "tower", "charred": True}, "red2": "out", "red3": "out",
             "blue1": "out", "blue2": "out", "blue3": "out"},
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:1", "d12:5")
    result = ENGINE.result(s)
    assert result is not None and result.winners == () and result.draw and "tower.wins" in keys(ev)
    assert ENGINE.legal_actions(s) == []


def test_dt_zerplatzen_a_lone_remaining_team_plays_on_alone():
    s = pos({"red1": {"at": "tower", "charred": True}, "red2": "out", "red3": "out"},
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, _ = play(s, "d12:1", "d12:5")
    assert ENGINE.result(s) is None and ENGINE.position_of(s)["turn"] == "blue"
    s, _ = play(s, "card:step1", "move:blue1")
    assert ENGINE.position_of(s)["turn"] == "blue" and ENGINE.position_of(s)["round"] == 2


# --- Zufall ----------------------------------------------------------------------------------------

def test_dt_kartenstapel_fresh_deck_odds_follow_the_table():
    s = pos()
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert sum(odds.values()) == pytest.approx(1)
    for kind, n in FULL_DECK.items():
        assert odds[f"card:{kind}"] == pytest.approx(n / 49)
    assert len(odds) == len(CARD_KINDS)


def test_dt_neu_mischen_the_last_card_is_certain_and_the_next_draw_comes_from_the_discard():
    deck = {k: 0 for k in CARD_KINDS} | {"bolt": 1}
    discard = dict(FULL_DECK) | {"bolt": 3, "spell": 3, "float": 3}
    s = pos(deck=deck, discard=discard)
    assert [(o.action, o.probability) for o in ENGINE.chance_outcomes(s)] == [("card:bolt", 1.0)]
    s, ev = play(s, "card:bolt")  # no target: the card lapses onto the discard
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert odds["card:bolt"] == pytest.approx(4 / 49) and odds["card:step1"] == pytest.approx(6 / 49)
    s, ev = play(s, "card:step2", "move:blue1")
    assert "deck.reshuffled" in keys(ev) and sum(ENGINE.position_of(s)["deck"].values()) == 48


def test_dt_neu_mischen_kept_floating_fields_are_not_reshuffled():
    discard = dict(FULL_DECK) | {"float": 0}
    s = pos(deck={k: 0 for k in CARD_KINDS}, discard=discard, collections={"red": 2, "blue": 1})
    odds = {o.action for o in ENGINE.chance_outcomes(s)}
    assert "card:float" not in odds


@pytest.mark.parametrize("task", [
    {"task": "fight", "companion": "red1", "lair": "12", "magic": True},
    {"task": "event", "companion": "red1"},
    {"task": "duel", "companion": "red1", "round": 1},
    {"task": "wizard", "companion": "red1", "round": 1, "roll": 5},
])
def test_dt_kartenstapel_d12_has_twelve_equal_faces(task: dict[str, object]) -> None:
    at = "tower" if task["task"] in ("duel", "wizard") else 12
    s = pos({"red1": at}, pending=[task])
    outs = ENGINE.chance_outcomes(s)
    assert [o.action for o in outs] == [f"d12:{n}" for n in range(1, 13)]
    assert all(o.probability == pytest.approx(1 / 12) for o in outs)


def test_dt_feldereignis_each_quarter_of_the_die():
    results = {}
    for n in (1, 3, 4, 6, 7, 9, 10, 12):
        s = pos({"red1": 12}, pending=[{"task": "event", "companion": "red1"}])
        s, ev = play(s, f"d12:{n}")
        results[n] = [k for k in keys(ev) if k.startswith("event.")][0]
    assert results == {1: "event.forward", 3: "event.forward", 4: "event.back", 6: "event.back",
                       7: "event.exile", 9: "event.exile", 10: "event.bonus", 12: "event.bonus"}


# --- Fristen ---------------------------------------------------------------------------------------

def test_dt_zauberer_verkohlt_charred_in_round_one_cools_at_the_end_of_round_four():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 2}])
    s, _ = play(s, "d12:9", "d12:3")  # round 1, red's turn: the wizard is charred, red1 retreats
    for _ in range(3):
        s, ev = play(s, "card:exile", "advance:blue1", "card:bolt", "bolt:blue1")
        assert ENGINE.position_of(s)["wizard"] > 0 and "wizard.cooled" not in keys(ev)
    s, ev = play(s, "card:exile", "advance:blue1")
    assert ENGINE.position_of(s)["wizard"] == 0 and "wizard.cooled" in keys(ev)
    assert ENGINE.position_of(s)["round"] == 5


def test_dt_knochentier_einschlafen_three_quiet_rounds_then_asleep_exactly():
    s = pos(turn="blue", beasts={"18": {"awake": True, "attacked": True}})
    s, _ = play(s, "card:exile", "advance:blue1")  # end of round 1: it attacked, not quiet
    for quiet in (1, 2):
        s, _ = play(s, "card:exile", "advance:red1", "card:bolt", "bolt:red1")
        assert ENGINE.position_of(s)["beasts"]["18"]["quiet"] == quiet
    s, ev = play(s, "card:step2", "move:red2", "card:step3", "move:blue3")
    assert ENGINE.position_of(s)["beasts"]["18"] == "asleep" and "beast.sleeps" in keys(ev)


def test_dt_donnerblitz_zweiter_treffer_mark_lasts_through_two_own_turns_of_the_target():
    s, _ = play(pos({"blue1": 12}), "card:bolt", "bolt:blue1")  # red's turn: blue1 12 -> 9, marked
    s, _ = play(s, "card:step1", "move:blue2", "card:bolt", "bolt:blue1")  # blue's 1st turn over: still marked
    assert where(s, "blue1") == "camp"  # the second hit sends him to the camp
    s, _ = play(pos({"blue1": 12}), "card:bolt", "bolt:blue1")
    s, _ = play(s, "card:step1", "move:blue2", "card:step1", "move:red1", "card:step3", "move:blue3")
    assert where(s, "blue1") == 9  # blue's 2nd turn is over: the mark expired
    s, ev = play(s, "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == {"at": 6, "marked": 1} and "bolt.second"  # blue's turn has begun: 2 -> 1 not in keys(ev)


# --- Keine Aktion: immer ein Zug oder ein Ende -------------------------------------------------------

def test_dt_ablauf_teamzug_random_play_always_has_an_actor_with_a_legal_action():
    rng = random.Random(7)
    for seed in range(15):
        s = ENGINE.initial_state({"teams": 2 + seed % 3})
        for _ in range(3000):
            if ENGINE.result(s) is not None:
                assert ENGINE.legal_actions(s) == []
                break
            legal = ENGINE.legal_actions(s)
            assert legal, ENGINE.position_of(s)
            if ENGINE.current_actor(s) == CHANCE:
                outs = ENGINE.chance_outcomes(s)
                assert sum(o.probability for o in outs) == pytest.approx(1)
            s, _ = ENGINE.apply(s, rng.choice(legal))


def test_dt_schrittkarte_a_team_with_nobody_free_loses_the_card_and_the_turn_ends():
    s = pos({"red1": {"at": 12, "lying": 1}, "red2": "exile", "red3": "out"})
    s, ev = play(s, "card:step3")
    assert "step.lapses" in keys(ev) and ENGINE.position_of(s)["turn"] == "blue"


# --- Handgeschriebene Stellungen --------------------------------------------------------------------

def test_dt_erste_runde_verloren_only_the_duelling_team_chooses():
    assert position_error(companions={"blue1": {"at": "tower", "charred": True}},
                          pending=[{"task": "choice", "companion": "blue1"}]) == "pending.0.companion"


def test_dt_duell_fordern_a_duel_belongs_to_the_team_on_turn():
    assert position_error(companions={"blue1": "tower"},
                          pending=[{"task": "duel", "companion": "blue1", "round": 1}]) == "pending.0.companion"


def test_dt_magische_orte_a_field_event_is_for_the_team_on_turn_on_a_magic_place():
    assert position_error(companions={"blue1": 12}, pending=[{"task": "event", "companion": "blue1"}]) \
        == "pending.0.companion"
    assert position_error(companions={"red1": 9}, pending=[{"task": "event", "companion": "red1"}]) \
        == "pending.0.companion"
    pos({"red1": 18}, pending=[{"task": "event", "companion": "red1"}])  # legal


def test_dt_eule_alle_gefangen_rescue_only_for_an_all_captured_team():
    assert position_error(companions={"blue1": "exile"}, pending=[{"task": "rescue", "team": "blue"}]) \
        == "pending.0.team"
    pos({"blue1": "exile", "blue2": "exile", "blue3": "out"}, pending=[{"task": "rescue", "team": "blue"}])


def test_dt_neben_dem_feld_one_lies_only_where_a_beast_can_fight():
    assert position_error(companions={"red1": {"at": 3, "lying": 1}}) == "companions.red1.lying"
    assert position_error(companions={"red1": {"at": 6, "lying": 1}}) == "companions.red1.lying"
    for field in (4, 10, 12, 14, 16, 20):
        pos({"red1": {"at": field, "lying": 1}})


def test_dt_fristen_a_timer_at_zero_belongs_to_the_team_on_turn():
    assert position_error(companions={"blue1": {"at": 12, "lying": 0}}) == "companions.blue1.lying"
    assert position_error(companions={"blue1": {"at": 3, "shield": 0}}) == "companions.blue1.shield"
    assert position_error(companions={"blue1": {"at": 3, "marked": 0}}) == "companions.blue1.marked"
    pos({"red1": {"at": 12, "lying": 0}, "blue1": {"at": 3, "shield": 1}})


def test_dt_erste_runde_verloren_the_choice_needs_a_charred_companion():
    assert position_error(companions={"red1": "tower"}, pending=[{"task": "choice", "companion": "red1"}]) \
        == "pending.0.companion"
    s = pos({"red1": {"at": "tower", "charred": True, "fresh": True}}, pending=[{"task": "choice", "companion": "red1"}])
    assert ENGINE.legal_actions(s) == ["fight-on", "retreat"]


def test_dt_neu_mischen_the_card_being_carried_out_is_already_on_the_discard_and_is_reshuffled():
    # the last card is a step card; its magic place grants a bonus card, the deck is empty
    deck = {k: 0 for k in CARD_KINDS} | {"step2": 1}
    discard = dict(FULL_DECK) | {"step2": 5}
    s = pos({"red1": 2}, deck=deck, discard=discard)
    s, _ = play(s, "card:step2", "move:red1", "d12:9", "d12:11")  # field 4: fight won, bonus card
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert odds["card:step2"] == pytest.approx(6 / 49)
    s, ev = play(s, "card:step2")
    assert "deck.reshuffled" in keys(ev)


def test_dt_eule_alle_gefangen_an_all_captured_team_without_the_owl_is_no_position():
    assert position_error(companions={"blue1": "exile", "blue2": "exile", "blue3": "exile"}) == "pending"
    s = pos({"blue1": "exile", "blue2": "exile", "blue3": "exile"}, pending=[{"task": "rescue", "team": "blue"}])
    assert ENGINE.current_actor(s) == "blue"


def test_dt_magische_orte_one_step_card_chains_beast_event_tower_and_duel_to_victory():
    s = pos({"red1": 17})
    s, ev = play(s, "card:step1", "move:red1", "d12:7", "d12:1")  # 18: beast won, event forward: tower
    assert ENGINE.position_of(s)["pending"][0] == {"task": "duel", "companion": "red1", "round": 1}
    s, ev = play(s, "d12:12", "d12:12")  # wand twice: charred wizard, then defeated
    assert ENGINE.result(s).winners == ("red",) and keys(ev)[-1] == "wizard.defeated"


def test_dt_knochentier_wecken_a_fight_needs_the_beast_of_that_side_or_in_reach():
    assert position_error(companions={"red1": 4}, pending=[{"task": "fight", "companion": "red1", "lair": 12,
                                                             "magic": True}]) == "pending.0.lair"
    assert position_error(companions={"blue1": 9}, pending=[{"task": "fight", "companion": "blue1", "lair": 12,
                                                              "magic": False}]) == "pending.0.lair"
    pos({"red1": 4}, pending=[{"task": "fight", "companion": "red1", "lair": 18, "magic": True}])
    pos({"blue1": 14}, pending=[{"task": "fight", "companion": "blue1", "lair": 12, "magic": False}])


def test_dt_ein_feldereignis_a_bonus_tower_attack_still_lets_the_woken_beast_attack_again():
    # field 12: the beast wakes and loses, the place grants a bonus card: a tower attack. Its beast
    # attack is no field event (dt-knochentier-turmattacke), so the beast goes for red1 once more.
    s, ev = play(pos({"red1": 11}), "card:step1", "move:red1", "d12:8", "d12:10", "card:attack7", "tower")
    assert ENGINE.current_actor(s) == "beast" and ENGINE.legal_actions(s) == ["beast:12"]
    s, ev = play(s, "beast:12", "d12:2")
    assert where(s, "red1") == {"at": 12, "lying": 1, "shield": 2} and "fight.lost" in keys(ev)
    assert ENGINE.position_of(s)["turn"] == "blue"


def test_dt_aufbau_the_lot_gives_every_team_the_same_chance():
    s = ENGINE.initial_state({"teams": 3})
    outs = ENGINE.chance_outcomes(s)
    assert [o.action for o in outs] == ["start:red", "start:blue", "start:green"]
    assert all(o.probability == pytest.approx(1 / 3) for o in outs)
