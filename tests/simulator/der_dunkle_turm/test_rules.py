"""Engine tests taken from the rulebook's sentences; each names the clause it checks."""

from __future__ import annotations

import pytest

from rules.core.engine import CHANCE, RuleError
from rules.games.der_dunkle_turm import ENGINE

from .support import clauses, keys, play, pos, where


def test_dt_aufbau_everyone_in_camp_bridges_down_lot_decides():
    s = ENGINE.initial_state({"teams": 3})
    p = ENGINE.position_of(s)
    assert set(p["companions"].values()) == {"camp"} and p["bridges"] == "down" and p["start"] is None
    assert ENGINE.current_actor(s) == CHANCE
    assert ENGINE.legal_actions(s) == ["start:red", "start:blue", "start:green"]
    s, _ = play(s, "start:blue")
    assert ENGINE.position_of(s)["turn"] == "blue"


def test_dt_kartenstapel_49_cards_drawn_by_their_share():
    s = pos()
    odds = {o.action: o.probability for o in ENGINE.chance_outcomes(s)}
    assert odds["card:step1"] == pytest.approx(6 / 49) and odds["card:attack13"] == pytest.approx(1 / 49)
    assert sum(odds.values()) == pytest.approx(1)


def test_dt_schrittkarte_must_move_a_free_companion_or_lapse():
    s, _ = play(pos(), "card:step3")
    assert ENGINE.legal_actions(s) == ["move:red1", "move:red2", "move:red3"]
    all_exiled = pos({"red1": "exile", "red2": "exile", "red3": "out"}, pending=[{"task": "rescue", "team": "red"}])
    s, ev = play(all_exiled, "rescue:red1")
    assert where(s, "red1") == "camp"
    blocked = pos({"red1": {"at": 12, "lying": 1}, "red2": "out", "red3": "out"})
    s, ev = play(blocked, "card:step2")
    assert "step.lapses" in keys(ev) and ENGINE.position_of(s)["turn"] == "blue"  # dt-schrittkarte


def test_dt_freie_felder_example_from_3_over_4_and_5():
    s, ev = play(pos({"red1": 3, "blue1": 4, "blue2": 5}), "card:step2", "move:red1")
    assert where(s, "red1") == 7 and "dt-freie-felder" in clauses(ev)


def test_dt_freie_gefaehrten_first_step_onto_next_free_field():
    s, _ = play(pos({"blue1": 1, "blue2": 2}), "card:step1", "move:red1")
    assert where(s, "red1") == 3


def test_dt_rueckwaerts_runs_out_of_fields_into_camp():
    s, _ = play(pos({"blue1": 2, "red1": 1}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == {"at": "camp", "marked": 1}


def test_dt_turm_erreichen_extra_steps_lapse_and_duel_starts():
    s, ev = play(pos({"red1": 19}), "card:step4", "move:red1")
    assert where(s, "red1") == "tower" and {"dt-turm-erreichen", "dt-duell-fordern"} <= clauses(ev)
    assert ENGINE.position_of(s)["pending"] == [{"task": "duel", "companion": "red1", "round": 1}]


def test_dt_seitenfelder_path_is_four_fields_longer():
    s, _ = play(pos({"red1": 5}, bridges="up"), "card:step4", "move:red1")
    assert where(s, "red1") == 7  # 6a, 6b, 6c, 7


def test_dt_zugbruecken_heben_bridge_falls_charred_and_protected_to_middle():
    s, ev = play(pos({"red1": 6, "blue1": {"at": 15, "spell": True}}), "card:attack7", "tower")
    assert where(s, "red1")["at"] == "camp" and where(s, "red1")["charred"]
    assert where(s, "blue1") == "15b"


def test_dt_zugbruecken_senken_lava_field_chars_bank_field_does_not():
    s, _ = play(pos({"red1": "6a", "red2": "6b", "blue1": "15c"}, bridges="up"), "card:attack7", "tower")
    assert where(s, "red1") == "camp" and where(s, "blue1") == "camp"
    assert where(s, "red2")["charred"] is True


def test_dt_riss_oeffnen_swallows_figure_but_never_on_1_to_5():
    s, ev = play(pos({"blue1": 14}), "card:attack14", "tower")
    assert where(s, "blue1") == "exile" and ENGINE.position_of(s)["rifts"] == {"14": 3}
    with pytest.raises(RuleError):
        ENGINE.apply(pos(), "card:attack5")


def test_dt_schutzsiegel_blocks_the_fourth_rift():
    s, ev = play(pos(rifts={"7": 1, "8": 2, "9": 3}), "card:attack10", "tower")
    assert ENGINE.position_of(s)["rifts"] == {"7": 1, "8": 2, "9": 3} and "rift.sealed" in keys(ev)


def test_dt_eule_attacke_every_second_attack():
    s, _ = play(pos(attacks=0), "card:attack7", "tower")
    assert ENGINE.current_actor(s) == CHANCE  # first attack: no owl
    s, _ = play(pos(attacks=1), "card:attack7", "tower")
    assert ENGINE.current_actor(s) == "owl"


def test_dt_knochentier_wecken_field_4_wakes_the_beast_of_18():
    s, ev = play(pos({"red1": 3}), "card:step1", "move:red1")
    p = ENGINE.position_of(s)
    assert p["beasts"]["18"]["awake"] and p["beasts"]["12"] == "asleep"


def test_dt_knochentier_kampf_odds_and_spell_instead_of_a_fight():
    s, _ = play(pos({"red1": 10}), "card:step2", "move:red1")
    assert {o.action: o.probability for o in ENGINE.chance_outcomes(s)}["d12:7"] == pytest.approx(1 / 12)
    s, ev = play(pos({"red1": {"at": 10, "spell": True}}), "card:step2", "move:red1")
    assert "fight.spell" in keys(ev)
    assert ENGINE.position_of(s)["pending"][0]["task"] == "event"  # still on the field: the event follows


def test_dt_knochentier_schild_catches_a_bolt_before_the_spell():
    s, ev = play(pos({"blue1": {"at": 10, "shield": 1, "spell": True}}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == {"at": 10, "spell": True} and "bolt.shield" in keys(ev)


def test_dt_neben_dem_feld_unattackable_and_returns_after_own_next_turn():
    s = pos({"blue1": {"at": 12, "lying": 1}}, beasts={"12": {"awake": True}})
    assert "bolt:blue1" not in ENGINE.legal_actions(play(s, "card:bolt")[0])
    s, _ = play(s, "card:attack10", "tower")  # the beast finds nobody standing
    assert ENGINE.current_actor(s) == CHANCE and where(s, "blue1") == {"at": 12, "lying": 0}
    s, _ = play(s, "card:step1", "move:blue2")
    assert where(s, "blue1") == "camp"


def test_dt_knochentier_turmattacke_nearest_to_lair_then_nearer_the_tower():
    s, _ = play(pos({"red1": 16, "blue1": 20, "blue2": 17}, beasts={"18": {"awake": True}}), "card:attack7", "tower")
    assert ENGINE.legal_actions(s) == ["beast:18"]
    s, ev = play(s, "beast:18")
    assert ev[-1].data["companion"] == "blue2"  # 17 is one from the lair; 16 is two


def test_dt_knochentier_einschlafen_after_three_quiet_table_rounds():
    s = pos({"blue1": 2}, turn="blue", beasts={"12": {"awake": True, "quiet": 1}})
    s, _ = play(s, "card:step1", "move:blue1")
    assert ENGINE.position_of(s)["beasts"]["12"]["quiet"] == 2
    s, _ = play(s, "card:step1", "move:red1", "card:step1", "move:blue2")
    assert ENGINE.position_of(s)["beasts"]["12"] == "asleep"


def test_dt_aus_dem_exil_own_first():
    s, _ = play(pos({"red2": "exile", "blue1": "exile"}), "card:exile")
    assert ENGINE.legal_actions(s) == ["free:red2"]


def test_dt_niemand_im_exil_one_step_without_field_event():
    s, ev = play(pos({"red1": 11}), "card:exile", "advance:red1")
    assert where(s, "red1") == 12 and ENGINE.position_of(s)["beasts"]["12"] == "asleep"


def test_dt_donnerblitz_second_hit_sends_to_camp_and_intercepted_is_no_hit():
    s, ev = play(pos({"blue1": {"at": 9, "marked": 2}}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == "camp"
    s, ev = play(pos({"blue1": {"at": 9, "spell": True}}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1") == 9  # the spell caught it: no mark


def test_dt_donnerblitz_zweiter_treffer_mark_expires_after_two_own_turns():
    s, _ = play(pos({"blue1": 9}), "card:bolt", "bolt:blue1")
    assert where(s, "blue1")["marked"] == 1
    s, _ = play(s, "card:step1", "move:blue2")  # blue's first turn ends
    assert where(s, "blue1")["marked"] == 1
    s, _ = play(s, "card:step1", "move:red1", "card:step1", "move:blue3")
    assert where(s, "blue1") == 6


def test_dt_schwebefeld_behalten_no_rift_ends_turn():
    s, ev = play(pos(), "card:float")
    p = ENGINE.position_of(s)
    assert p["collections"]["red"] == 1 and p["turn"] == "blue" and "float.kept.no-rift" in keys(ev)


def test_dt_schwebefeld_verschwinden_stays_after_rift_closes_then_vanishes():
    s = pos({"red1": 9}, rifts={"9": 1}, floats={"9": {"team": "red", "turns": 1}}, turn="blue")
    s, ev = play(s, "card:step1", "move:blue1")  # the table round ends: the rift closes
    assert "9" not in ENGINE.position_of(s)["rifts"] and "9" in ENGINE.position_of(s)["floats"]
    s, ev = play(s, "card:step1", "move:red2")
    assert where(s, "red1") == 9 and "float.vanish.stand" in keys(ev)


def test_dt_abkuehlen_resets_in_exile():
    s = pos({"red1": {"at": 9, "charred": True, "cooled": 1}}, rifts={"13": 2})
    s, _ = play(s, "card:attack9", "tower")
    assert where(s, "red1") == {"at": "exile", "charred": True, "fresh": True}


def test_dt_verkohlt_again_restarts_cooling():
    s = pos({"red1": {"at": 6, "charred": True, "cooled": 1}})
    s, _ = play(s, "card:attack7", "tower")
    assert where(s, "red1") == {"at": "camp", "charred": True, "fresh": True}


def test_dt_zauberer_verkohlt_cools_after_rest_of_round_and_three_more():
    # charred in blue's turn, the last of table round 1: he cools at the end of table round 4
    s = pos(turn="blue", wizard=4)
    cards = ["card:bolt", "card:float", "card:bolt", "card:float", "card:bolt", "card:float", "card:bolt"]
    seen = []
    for card in cards:  # each lapses or is kept: one card, one team turn
        s, ev = play(s, card)
        seen.append(ENGINE.position_of(s)["wizard"])
    assert seen == [3, 3, 2, 2, 1, 1, 0]
    assert "wizard.cooled" in keys(ev)


def test_dt_spielende_all_teams_out_nobody_wins():
    s = pos({"red1": "out", "red2": "out", "red3": "out",
             "blue1": "out", "blue2": "out", "blue3": "out"}, over=True)
    result = ENGINE.result(s)
    assert result is not None and result.winners == () and result.key == "result.none"


def test_refusals_cite_clauses():
    with pytest.raises(RuleError) as err:
        ENGINE.apply(pos(), "move:red1")
    assert err.value.clause == "dt-ablauf-teamzug"  # a card is drawn first: only the card says who moves
    with pytest.raises(RuleError) as err:
        ENGINE.apply(pos(), "float:9")
    assert err.value.clause == "dt-schwebefeld-spaeter"  # no rift is open on 9, and the collection is empty
