"""Table disputes, decided from the rulebook's text alone; each test names the clause it checks."""

from __future__ import annotations

import pytest

from rules.core.engine import CHANCE
from rules.games.der_dunkle_turm import ENGINE
from rules.games.der_dunkle_turm.board import CARD_KINDS, FULL_DECK

from .support import keys, play, pos, refused, where

# --- Laufen -------------------------------------------------------------------------------------

def test_dt_schrittkarte_may_not_move_an_opponents_companion():
    s, _ = play(pos({"blue1": 3}), "card:step2")
    assert "move:blue1" not in ENGINE.legal_actions(s)
    assert refused(s, "move:blue1") == "dt-schrittkarte"  # "Das Team wählt einen seiner freien Gefährten"


def test_dt_schrittkarte_lying_and_exiled_companions_are_not_free():
    s, _ = play(pos({"red1": {"at": 12, "lying": 1}, "red2": "exile"}), "card:step1")
    assert ENGINE.legal_actions(s) == ["move:red3"]
    assert refused(s, "move:red1") == "dt-neben-dem-feld"  # "Der liegende Gefährte ist nicht frei"
    assert refused(s, "move:red2") == "dt-freie-gefaehrten"  # "Nicht frei ist ein Gefährte im Exil"


def test_dt_freie_felder_an_open_rift_counts_as_a_step_and_passing_it_is_harmless():
    s, ev = play(pos({"red1": 8}, rifts={"9": 2}), "card:step2", "move:red1")
    assert where(s, "red1") == 10 and "rift.fall" not in keys(ev)


def test_dt_freie_felder_field_of_a_lying_companion_is_free_to_land_on():
    s, _ = play(pos({"red1": 9, "blue1": {"at": 10, "lying": 1}}), "card:step1", "move:red1")
    assert where(s, "red1") == 10


def test_dt_freie_gefaehrten_entering_from_camp_skips_occupied_field_1():
    s, _ = play(pos({"blue1": 1}), "card:step1", "move:red1")
    assert where(s, "red1") == 2


def test_dt_riss_exil_landing_on_an_open_rift_exiles_even_with_a_spell():
    s, ev = play(pos({"red1": {"at": 8, "spell": True}}, rifts={"9": 2}), "card:step1", "move:red1")
    assert where(s, "red1") == {"at": "exile", "spell": True} and "rift.fall" in keys(ev)


def test_dt_riss_exil_backwards_onto_a_rift_exiles():
    s, _ = play(pos({"blue1": 10}, rifts={"7": 2}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1")["at"] == "exile"


def test_dt_rueckwaerts_skips_occupied_fields():
    s, _ = play(pos({"blue1": 10, "red1": 9, "red2": 8}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1")["at"] == 5


def test_dt_turm_erreichen_from_field_20_one_step_of_aus_dem_exil_reaches_the_tower():
    s, ev = play(pos({"red1": 20}), "card:exile", "advance:red1")
    assert where(s, "red1") == "tower" and ENGINE.position_of(s)["pending"][0]["task"] == "duel"


def test_dt_turm_erreichen_field_event_forward_challenges_the_wizard():
    s, _ = play(pos({"red1": 17, "blue1": 19}), "card:step1", "move:red1", "d12:8", "d12:2")
    assert where(s, "red1")["at"] == "tower" and ENGINE.position_of(s)["pending"][0]["task"] == "duel"


# --- Brücken und Seitenfelder --------------------------------------------------------------------

def test_dt_zusatzschritte_bolt_from_7_lands_on_6a_when_bridges_are_raised():
    s, _ = play(pos({"blue1": 7}, bridges="up"), "card:bolt", "bolt:blue1")
    assert where(s, "blue1")["at"] == "6a"


def test_dt_seitenfelder_bridge_field_is_not_on_the_raised_path():
    s, _ = play(pos({"red1": 5}, bridges="up"), "card:step1", "move:red1")
    assert where(s, "red1") == "6a"


def test_dt_zugbruecken_senken_two_protected_at_one_bridge_the_nearer_to_the_tower_first():
    s = pos({"red1": {"at": "6b", "spell": True}, "red2": {"at": "6c", "spell": True}}, bridges="up")
    s, _ = play(s, "card:attack9", "tower")
    assert where(s, "red2") == 6 and where(s, "red1") == 5


def test_dt_zugbruecken_senken_protected_goes_to_the_next_free_field_and_may_fall_into_a_rift():
    s = pos({"red1": {"at": "15a", "spell": True}, "red2": {"at": "15c", "spell": True}, "blue1": 14},
            bridges="up", rifts={"13": 2})
    s, ev = play(s, "card:attack9", "tower")
    assert where(s, "red2") == 15 and where(s, "red1") == "exile" and "rift.fall" in keys(ev)


def test_dt_zugbruecken_senken_unprotected_bank_field_falls_to_camp_not_charred():
    s, _ = play(pos({"blue1": "15c", "blue2": "15b"}, bridges="up"), "card:attack9", "tower")
    assert where(s, "blue1") == "camp" and where(s, "blue2") == {"at": "camp", "charred": True}


def test_dt_zugbruecken_heben_charred_already_restarts_cooling():
    s, _ = play(pos({"blue1": {"at": 6, "charred": True, "cooled": 1}}), "card:attack9", "tower")
    assert where(s, "blue1") == {"at": "camp", "charred": True}


# --- Der Turm wehrt sich ------------------------------------------------------------------------

def test_dt_riss_oeffnen_protected_companion_stays_and_spell_is_used():
    s, ev = play(pos({"blue1": {"at": 9, "spell": True}}), "card:attack9", "tower")
    assert where(s, "blue1") == 9 and "spell.rift" in keys(ev)


def test_dt_riss_oeffnen_floating_field_keeps_carrying():
    s = pos({"blue1": 9}, floats={"9": {"team": "red", "turns": 1}})
    s, ev = play(s, "card:attack9", "tower")
    assert where(s, "blue1") == 9 and ENGINE.position_of(s)["rifts"] == {"9": 3}


def test_dt_riss_oeffnen_figure_beside_the_field_is_untouched():
    s = pos({"blue1": {"at": 13, "lying": 1}})
    s, _ = play(s, "card:attack13", "tower")
    assert where(s, "blue1")["at"] == 13 and "lying" in where(s, "blue1")


def test_dt_riss_oeffnen_open_rift_is_renewed_not_doubled():
    s, ev = play(pos(rifts={"9": 1}), "card:attack9", "tower")
    assert ENGINE.position_of(s)["rifts"] == {"9": 3} and "rift.renewed" in keys(ev)


def test_dt_schutzsiegel_does_not_renew_an_open_rift_either():
    s, ev = play(pos(rifts={"7": 1, "8": 2, "9": 3}), "card:attack7", "tower")
    assert ENGINE.position_of(s)["rifts"]["7"] == 1 and "rift.sealed" in keys(ev)


def test_dt_eule_attacke_a_sealed_attack_counts():
    s, _ = play(pos(rifts={"7": 1, "8": 2, "9": 3}, attacks=1), "card:attack10", "tower")
    assert ENGINE.current_actor(s) == "owl" and ENGINE.position_of(s)["attacks"] == 2


def test_dt_eule_attacke_helps_the_drawing_team_own_exiled_first():
    s = pos({"red1": "exile", "blue1": "exile"}, attacks=1)
    s, _ = play(s, "card:attack10", "tower", "owl")
    assert ENGINE.legal_actions(s) == ["free:red1"]


def test_dt_turmattacke_bridges_before_rift_before_beasts():
    # red1 on bridge 15 falls first; the beast of 18 then finds blue1 on 16
    s = pos({"red1": 15, "blue1": 16}, beasts={"18": {"awake": True}})
    s, _ = play(s, "card:attack17", "tower")
    assert where(s, "red1") == {"at": "camp", "charred": True, "fresh": True}
    assert ENGINE.legal_actions(s) == ["beast:18"]


def test_dt_knochentier_turmattacke_attacks_the_drawing_teams_figures_too():
    s = pos({"red1": 12}, beasts={"12": {"awake": True}})
    s, ev = play(s, "card:attack7", "tower", "beast:12")
    assert ev[-1].data["companion"] == "red1"


def test_dt_knochentier_turmattacke_12_before_18():
    s = pos({"red1": 12, "blue1": 18}, beasts={"12": {"awake": True}, "18": {"awake": True}})
    s, _ = play(s, "card:attack7", "tower")
    assert ENGINE.legal_actions(s) == ["beast:12"]
    s, _ = play(s, "beast:12", "d12:8")
    assert ENGINE.legal_actions(s) == ["beast:18"]


def test_dt_knochentier_turmattacke_out_of_reach_no_attack_and_round_stays_quiet():
    s = pos({"red1": 9, "blue1": 15}, turn="blue", beasts={"12": {"awake": True, "quiet": 1}})
    s, ev = play(s, "card:attack7", "tower")  # blue1 falls from the bridge; 9 is out of reach
    assert "beast.attacks" not in keys(ev) and ENGINE.position_of(s)["beasts"]["12"]["quiet"] == 2


def test_dt_knochentier_turmattacke_ignores_side_fields():
    s = pos({"red1": "15c"}, bridges="up", beasts={"18": {"awake": True}})
    s, _ = play(s, "card:attack7", "tower")
    # bridges lower: red1 falls from the bank side field into the camp, the beast finds nobody
    assert where(s, "red1") == "camp" and ENGINE.current_actor(s) == CHANCE


# --- Magische Orte -------------------------------------------------------------------------------

def test_dt_magische_orte_lost_fight_means_no_field_event():
    s, ev = play(pos({"red1": 11}), "card:step1", "move:red1", "d12:3")
    assert where(s, "red1") == {"at": 12, "lying": 1} and ENGINE.position_of(s)["turn"] == "blue"


def test_dt_feldereignis_exile_is_not_stopped_by_a_spell():
    s, _ = play(pos({"red1": {"at": 3, "spell": True}}), "card:step1", "move:red1", "d12:8")
    # the spell caught the beast (no fight), then the exile event: spell does not help there
    assert where(s, "red1") == "exile"


def test_dt_ein_feldereignis_bonus_step_onto_a_magic_place_stays_silent():
    s = pos({"red1": 3, "red2": 11})
    s, ev = play(s, "card:step1", "move:red1", "d12:9", "d12:11", "card:step1", "move:red2")
    assert "place.silent" in keys(ev) and where(s, "red2") == 12
    assert ENGINE.position_of(s)["beasts"]["12"] == "asleep"


def test_dt_feldereignis_backwards_onto_magic_place_triggers_nothing():
    s = pos({"red1": 17, "blue1": 16, "blue2": 15})
    s, ev = play(s, "card:step1", "move:red1", "d12:9", "d12:5")
    # 17, 16, 15 occupied/skipped: three free fields back from 18 are 17, 14, 13
    assert where(s, "red1")["at"] == 13


def test_dt_knochentier_schild_renewed_by_a_second_win():
    s = pos({"red1": {"at": 11, "shield": 0}})
    s, _ = play(s, "card:step1", "move:red1", "d12:9")
    assert where(s, "red1")["shield"] == 2


def test_dt_neben_dem_feld_lying_figure_is_no_bolt_target():
    s = pos({"blue1": {"at": 18, "lying": 1}})
    s, _ = play(s, "card:bolt")
    assert ENGINE.position_of(s)["turn"] == "blue"  # no target: the bolt lapsed


def test_dt_knochentier_einschlafen_woken_round_is_never_quiet():
    s = pos({"blue1": 11}, turn="blue", beasts={"12": {"awake": True, "quiet": 2}})
    s, _ = play(s, "card:step1", "move:blue1", "d12:2")
    assert ENGINE.position_of(s)["beasts"]["12"]["quiet"] == 0


# --- Exil und Befreiung --------------------------------------------------------------------------

def test_dt_aus_dem_exil_frees_a_foreign_companion_when_no_own_is_captured():
    s, _ = play(pos({"blue1": "exile", "blue2": "exile"}), "card:exile")
    assert ENGINE.legal_actions(s) == ["free:blue1", "free:blue2"]
    s, _ = play(s, "free:blue2")
    assert where(s, "blue2") == "camp"


def test_dt_niemand_im_exil_lapses_without_a_free_companion():
    s = pos({"red1": {"at": 12, "lying": 1}, "red2": "out", "red3": "out"})
    s, ev = play(s, "card:exile")
    assert "exile.lapses" in keys(ev) and ENGINE.position_of(s)["turn"] == "blue"


def test_dt_eule_alle_gefangen_counts_burst_companions_as_gone():
    s = pos({"blue1": 9, "blue2": "exile", "blue3": "out"})
    s, ev = play(s, "card:attack9", "tower")
    assert ENGINE.current_actor(s) == "blue" and ENGINE.legal_actions(s) == ["rescue:blue1", "rescue:blue2"]
    s, _ = play(s, "rescue:blue1")
    assert where(s, "blue1") == "camp" and ENGINE.position_of(s)["attacks"] == 1


# --- Zauberkarten --------------------------------------------------------------------------------

def test_dt_donnerblitz_targets_only_opponents_on_fields_side_fields_included():
    s = pos({"red1": 9, "blue1": "6b", "blue2": "exile", "blue3": {"at": 12, "lying": 1}}, bridges="up")
    s, _ = play(s, "card:bolt")
    assert ENGINE.legal_actions(s) == ["bolt:blue1"]
    assert refused(s, "bolt:red1") == "dt-donnerblitz"


def test_dt_donnerblitz_second_hit_goes_to_camp_even_from_far():
    s, _ = play(pos({"blue1": {"at": 19, "marked": 1}}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == "camp"


def test_dt_schutzzauber_lapses_when_all_carry_one_and_goes_to_discard():
    s = pos({"red1": {"at": 3, "spell": True}, "red2": {"at": "camp", "spell": True}, "red3": "out"})
    s, ev = play(s, "card:spell")
    assert "spell.lapses" in keys(ev) and ENGINE.position_of(s)["discard"]["spell"] == 1


def test_dt_schutzzauber_may_be_given_to_an_exiled_companion():
    s, _ = play(pos({"red1": "exile"}), "card:spell")
    assert "spell:red1" in ENGINE.legal_actions(s)


def test_dt_schwebefeld_spaeter_not_after_drawing_a_bolt():
    s = pos({"blue1": 5}, rifts={"9": 2}, collections={"red": 1})
    assert "float:9" in ENGINE.legal_actions(s)
    s, _ = play(s, "draw", "card:bolt")
    assert refused(s, "float:9") == "dt-schwebefeld-spaeter"


def test_dt_schwebefeld_spaeter_after_a_step_card_before_walking():
    s = pos(rifts={"9": 2}, collections={"red": 1})
    s, _ = play(s, "draw", "card:step1")
    assert "float:9" in ENGINE.legal_actions(s)


def test_dt_schwebefeld_landen_carries_a_figure_of_another_team():
    s = pos({"blue1": 8}, turn="blue", rifts={"9": 2}, floats={"9": {"team": "red", "turns": 1}})
    s, _ = play(s, "card:step1", "move:blue1")
    assert where(s, "blue1") == 9


def test_dt_schwebefeld_sofort_then_another_card():
    s, ev = play(pos(rifts={"9": 2}), "card:float", "float:9")
    assert ENGINE.current_actor(s) == CHANCE and ENGINE.position_of(s)["pending"] == [{"task": "draw"}]


def test_dt_schwebefeld_behalten_ends_the_turn_at_once():
    s, _ = play(pos(rifts={"9": 2}), "card:float", "keep")
    assert ENGINE.position_of(s)["turn"] == "blue" and ENGINE.position_of(s)["collections"]["red"] == 1


# --- Verkohlt und Duell ---------------------------------------------------------------------------

def test_dt_abkuehlen_not_beside_a_field():
    s = pos({"red1": {"at": 12, "lying": 0, "charred": True, "cooled": 1}, "red2": 2})
    s, _ = play(s, "card:step1", "move:red2")
    assert where(s, "red1")["at"] == "camp" and where(s, "red1")["charred"] is True
    assert "cooled" not in where(s, "red1")


def test_dt_abkuehlen_two_own_turns_on_the_path():
    s = pos({"red1": {"at": 5, "charred": True}})
    s, _ = play(s, "card:step1", "move:red2", "card:step1", "move:blue1")
    assert where(s, "red1") == {"at": 5, "charred": True, "cooled": 1}
    s, _ = play(s, "card:step1", "move:red3")
    assert where(s, "red1") == 5


def test_dt_erste_runde_verloren_charred_arrival_bursts_without_a_choice():
    s = pos({"red1": {"at": "tower", "charred": True}}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:3", "d12:9")
    assert where(s, "red1") == "out" and "duel.burst" in keys(ev)


def test_dt_erste_runde_verloren_choice_fight_on_then_lose_bursts():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, _ = play(s, "d12:3", "d12:9")
    assert ENGINE.legal_actions(s) == ["fight-on", "retreat"]
    s, ev = play(s, "fight-on", "d12:2", "d12:5")
    assert where(s, "red1") == "out"


def test_dt_erste_runde_verloren_retreat_four_fields():
    s = pos({"red1": "tower", "blue1": 18}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, _ = play(s, "d12:3", "d12:9", "retreat")
    assert where(s, "red1") == {"at": 16, "charred": True, "fresh": True}


def test_dt_schutzzauber_duell_caught_first_round_goes_on_without_choice():
    s = pos({"red1": {"at": "tower", "charred": True, "spell": True}},
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:3", "d12:9")
    assert "duel.spell" in keys(ev) and ENGINE.position_of(s)["pending"][0] == {
        "task": "duel", "companion": "red1", "round": 2}


def test_dt_zweite_runde_lost_round_one_won_round_two_chars_wizard_and_retreats():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, _ = play(s, "d12:3", "d12:9", "fight-on", "d12:12")
    p = ENGINE.position_of(s)
    assert p["wizard"] == 4 and where(s, "red1")["at"] == 17 and not p["over"]


def test_dt_zauberer_verkohlt_one_win_suffices_for_any_team():
    s = pos({"blue1": "tower"}, turn="blue", wizard=2, pending=[{"task": "duel", "companion": "blue1", "round": 1}])
    s, ev = play(s, "d12:8", "d12:4")
    assert ENGINE.result(s) is not None and ENGINE.result(s).winners == ("blue",)


def test_dt_zauberstab_wizard_rolls_wand_counts_12_beats_11():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:11", "d12:12")
    assert "duel.lost" in keys(ev)


def test_dt_zerplatzen_last_companion_team_out_turns_skipped():
    s = pos({"red1": {"at": "tower", "charred": True}, "red2": "out", "red3": "out"}, teams=["red", "blue", "green"],
            pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:1", "d12:2")
    assert "team.out" in keys(ev) and ENGINE.position_of(s)["turn"] == "blue"
    s, _ = play(s, "card:bolt", "card:bolt")
    assert ENGINE.position_of(s)["turn"] == "blue"


def test_dt_neu_mischen_empty_deck_reshuffles_discard():
    s = pos(deck={k: 0 for k in CARD_KINDS}, discard=dict(FULL_DECK))
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert odds["card:step1"] == pytest.approx(6 / 49)
    s, ev = play(s, "card:step1")
    assert "deck.reshuffled" in keys(ev) and ENGINE.position_of(s)["deck"]["step2"] == 6


# --- Fristen -------------------------------------------------------------------------------------

def test_dt_knochentier_schild_won_in_an_opponents_attack_lasts_two_own_turns():
    s = pos({"blue1": 12, "blue2": 1}, beasts={"12": {"awake": True}})
    s, _ = play(s, "card:attack7", "tower", "beast:12", "d12:10")  # red's turn: blue1 wins a shield
    s, _ = play(s, "card:step1", "move:blue2")  # blue's first turn
    s, _ = play(s, "card:step1", "move:red1")
    assert where(s, "blue1")["shield"] == 0  # blue's second turn has begun: still shielded
    s, _ = play(s, "card:step1", "move:blue3")
    assert where(s, "blue1") == 12  # the shield faded at the end of blue's second turn


def test_dt_knochentier_schild_second_bolt_on_a_marked_shielded_companion_keeps_the_mark():
    s, ev = play(pos({"blue1": {"at": 9, "marked": 1, "shield": 1}}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1")["at"] == 9 and "shield" not in where(s, "blue1")
    assert "bolt.shield" in keys(ev) and "marked" in where(s, "blue1")  # a caught bolt is no hit


def test_dt_neben_dem_feld_lost_in_an_opponents_attack_returns_after_own_next_turn():
    s = pos({"blue1": 12}, beasts={"12": {"awake": True}})
    s, _ = play(s, "card:attack7", "tower", "beast:12", "d12:2")
    assert where(s, "blue1")["at"] == 12 and "lying" in where(s, "blue1")
    s, ev = play(s, "card:step1", "move:blue2")
    assert where(s, "blue1") == "camp" and "lying.returns" in keys(ev)


def test_dt_schwebefeld_verschwinden_counts_the_placing_teams_turns_and_drops_into_open_rift():
    s = pos({"blue1": 8}, rifts={"9": 3})
    s, _ = play(s, "card:float", "float:9", "card:step1", "move:red1")  # red places in its turn
    s, _ = play(s, "card:step1", "move:blue1")  # blue lands on the float
    assert where(s, "blue1") == 9
    s, _ = play(s, "card:step1", "move:red1", "card:step1", "move:blue2")  # red's first turn after placing
    assert where(s, "blue1") == 9 and "9" in ENGINE.position_of(s)["floats"]
    s, ev = play(s, "card:step1", "move:red1")  # red's second turn: the float vanishes, the rift is open
    assert where(s, "blue1") == "exile" and "float.vanish.fall" in keys(ev)


def test_dt_zerplatzen_floating_field_of_an_eliminated_team_still_vanishes_on_time():
    s = pos({"red1": "out", "red2": "out", "red3": "out", "blue1": 9}, turn="blue", rifts={"9": 2},
            floats={"9": {"team": "red", "turns": 0}})
    s, ev = play(s, "card:step1", "move:blue2")
    assert where(s, "blue1") == "exile" and "float.vanish.fall" in keys(ev)


def test_dt_abkuehlen_charred_in_an_opponents_attack_cools_after_two_own_turns():
    s = pos({"blue1": 6, "blue2": 5})
    s, _ = play(s, "card:attack9", "tower")  # blue1 falls charred into the camp
    s, _ = play(s, "card:step1", "move:blue1")  # blue1 walks onto field 1: first qualifying turn
    s, _ = play(s, "card:step1", "move:red1", "card:step1", "move:blue3")
    assert where(s, "blue1") == 1


def test_dt_riss_schliessen_opened_in_the_last_turn_of_a_round_still_lasts_two_more_rounds():
    s = pos(turn="blue")
    s, _ = play(s, "card:attack9", "tower")  # end of table round 1
    assert ENGINE.position_of(s)["rifts"] == {"9": 2}
    for _ in range(3):
        s, _ = play(s, "card:bolt")
    assert ENGINE.position_of(s)["rifts"] == {"9": 1}
    s, ev = play(s, "card:bolt")
    assert ENGINE.position_of(s)["rifts"] == {} and "rift.closes" in keys(ev)


# --- Weitere Wechselwirkungen --------------------------------------------------------------------

def test_dt_riss_oeffnen_renewing_a_rift_does_not_swallow_a_protected_survivor_standing_on_it():
    s, ev = play(pos({"blue1": 9}, rifts={"9": 1}), "card:attack9", "tower")
    assert where(s, "blue1") == 9 and "rift.swallows" not in keys(ev)


def test_dt_schwebefeld_spaeter_a_lapsing_step_card_leaves_no_moment_before_walking():
    s = pos({"red1": {"at": 12, "lying": 1}, "red2": "out", "red3": "out"}, rifts={"9": 2}, collections={"red": 1})
    assert ENGINE.legal_actions(s) == ["draw", "float:9"]  # before drawing it may still be placed
    s, ev = play(s, "draw", "card:step2")
    assert "step.lapses" in keys(ev) and ENGINE.position_of(s)["turn"] == "blue"


def test_dt_schwebefeld_spaeter_not_before_the_extra_card_of_a_placed_floating_field():
    s = pos(rifts={"9": 2, "10": 2}, collections={"red": 1})
    s, _ = play(s, "draw", "card:float", "float:9")
    assert ENGINE.current_actor(s) == CHANCE  # the extra card is drawn at once


def test_dt_schwebefeld_verschwinden_figure_lying_beside_the_field_is_untouched():
    s = pos({"blue1": {"at": 11, "lying": 1}}, rifts={"11": 2}, floats={"11": {"team": "red", "turns": 0}})
    s, ev = play(s, "card:step1", "move:red1")
    assert where(s, "blue1")["at"] == 11 and "float.vanish" in keys(ev)


def test_dt_eule_alle_gefangen_two_teams_at_once_are_helped_one_after_the_other():
    comps = {"blue1": 9, "blue2": "exile", "blue3": "exile", "green1": 13, "green2": "exile", "green3": "exile"}
    s = pos(comps, teams=["red", "blue", "green"], rifts={"9": 2, "13": 2},
            floats={"9": {"team": "red", "turns": 0}, "13": {"team": "red", "turns": 0}})
    s, _ = play(s, "card:step1", "move:red1")  # both floats vanish at the end of red's turn
    assert ENGINE.current_actor(s) == "blue"
    s, _ = play(s, "rescue:blue1")
    assert ENGINE.current_actor(s) == "green"
    s, _ = play(s, "rescue:green3")
    assert ENGINE.current_actor(s) == CHANCE and ENGINE.position_of(s)["turn"] == "blue"


def test_dt_turmattacke_owl_comes_after_the_beasts():
    s = pos({"red1": 12}, beasts={"12": {"awake": True}}, attacks=1)
    s, _ = play(s, "card:attack7", "tower")
    assert [t["task"] for t in ENGINE.position_of(s)["pending"]] == ["beast", "owl"]


def test_dt_wuerfelduell_tie_rerolls_companion_first_and_wand_on_the_reroll_wins():
    s = pos({"red1": "tower"}, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:6", "d12:6")
    assert "duel.tie" in keys(ev) and ENGINE.position_of(s)["pending"][0]["task"] == "duel"
    s, ev = play(s, "d12:12")
    assert "duel.wand" in keys(ev) and ENGINE.position_of(s)["wizard"] == 4


def test_dt_spielende_game_ends_at_once_nothing_left_to_do():
    s = pos({"red1": "tower"}, wizard=3, pending=[{"task": "duel", "companion": "red1", "round": 2}])
    s, _ = play(s, "d12:9", "d12:8")
    result = ENGINE.result(s)
    assert result is not None and result.winners == ("red",) and ENGINE.legal_actions(s) == []


def test_dt_kartenstapel_wand_counts_as_12_in_a_beast_fight_and_a_field_event():
    s, ev = play(pos({"red1": 3}), "card:step1", "move:red1", "d12:12", "d12:12")
    assert "fight.won" in keys(ev) and "event.bonus" in keys(ev)


def test_dt_zauberer_verkohlt_cooled_wizard_must_be_beaten_twice_again():
    s = pos({"red1": "tower"}, wizard=0, pending=[{"task": "duel", "companion": "red1", "round": 1}])
    s, ev = play(s, "d12:9", "d12:3")
    assert ENGINE.result(s) is None and "duel.second" in keys(ev)


def test_dt_schwebefeld_sofort_only_over_an_open_rift_without_a_floating_field():
    s = pos(rifts={"9": 2, "10": 1}, floats={"10": {"team": "blue", "turns": 1}})
    s, _ = play(s, "card:float")
    assert ENGINE.legal_actions(s) == ["float:9", "keep"]
    assert refused(s, "float:10") == "dt-schwebefeld-sofort"
    assert refused(s, "float:11") == "dt-schwebefeld-sofort"


def test_dt_niemand_im_exil_only_an_own_free_companion_takes_the_step():
    s, _ = play(pos({"red1": 3, "blue1": 5}), "card:exile")
    assert ENGINE.legal_actions(s) == ["advance:red1", "advance:red2", "advance:red3"]
    assert refused(s, "advance:blue1") == "dt-niemand-im-exil"
    s, _ = play(pos({"red1": 3, "blue1": "exile"}), "card:exile")
    assert refused(s, "advance:red1") == "dt-aus-dem-exil"  # someone is in the exile: he is freed


def test_dt_teams_four_teams_three_companions_each():
    s = ENGINE.initial_state({"teams": 4})
    comps = ENGINE.position_of(s)["companions"]
    assert len(comps) == 12 and ENGINE.seats(s) == ("red", "blue", "green", "yellow")


def test_dt_neu_mischen_a_spell_at_a_companion_stays_there():
    discard = dict(FULL_DECK) | {"spell": 2}
    s = pos({"red1": {"at": 3, "spell": True}}, deck={k: 0 for k in CARD_KINDS}, discard=discard)
    s, _ = play(s, "card:step1", "move:red2")
    p = ENGINE.position_of(s)
    assert p["deck"]["spell"] == 2 and where(s, "red1") == {"at": 3, "spell": True}
