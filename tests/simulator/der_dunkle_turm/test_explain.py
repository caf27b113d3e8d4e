"""Why a target is not offered (issue 24): ``VIEW.explain`` answers a tap on a companion, field,
place, rift, floating field or beast that the current pick cannot continue with, citing the clause;
a companion's answer is given only where the engine refuses the action it would stand for. Every
answer is a sentence in de, nl and en."""

from __future__ import annotations

from rules.core.tapping import tap_options
from rules.games.der_dunkle_turm import ENGINE, GAME
from tests.rulebook_ids import clause_ids, rulebook_path

from .support import play, pos

VIEW = GAME.view
CLAUSES = clause_ids(rulebook_path("der-dunkle-turm"))


def why(s, pick, target):
    offered = {t.target for t in tap_options(GAME, s, pick, "en").taps}
    assert target not in offered, f"{target} is offered after {pick}"
    error = VIEW.explain(ENGINE, s, pick, target, lang="en")
    assert error is not None and error.clause in CLAUSES, error
    return error


def sentences(error) -> dict[str, str]:
    out = {lang: ENGINE.reason(error, lang) for lang in ("de", "nl", "en")}
    assert len(set(out.values())) == 3, out
    for text in out.values():
        assert "move:" not in text and "{" not in text
    return out


def test_a_step_card_moves_one_of_the_teams_own_free_companions():
    s, _ = play(pos({"red1": 3, "red2": "exile", "red3": {"at": 12, "lying": 1}, "blue1": 4, "blue2": 5}), "card:step2")
    error = why(s, (), "c:blue1")
    assert (error.clause, error.key) == ("dt-schrittkarte", "why.step.not-own")
    assert "Blau 1" in sentences(error)["de"]
    error = why(s, (), "c:red2")  # in exile
    assert (error.clause, error.key) == ("dt-freie-gefaehrten", "why.not-free")
    assert "im Exil" in sentences(error)["de"]
    error = why(s, (), "c:red3")  # lying beside field 12
    assert (error.clause, error.key) == ("dt-neben-dem-feld", "why.lying")
    sentences(error)


def test_a_field_where_the_chosen_companion_does_not_end_dt_freie_felder():
    s, _ = play(pos({"red1": 3, "blue1": 4, "blue2": 5}), "card:step2")
    error = why(s, ("c:red1",), "f:6")
    assert (error.clause, error.key, error.data["to"]) == ("dt-freie-felder", "why.step.ends", "7")
    text = sentences(error)
    assert "Feld 7" in text["de"] and "veld 7" in text["nl"] and "exactly 2 steps" in text["en"]
    s, _ = play(pos({"red1": 3}), "card:step2")
    error = why(s, ("c:red1",), "f:4")  # nothing skipped: the step card's own clause
    assert (error.clause, error.data["to"]) == ("dt-schrittkarte", "5")


def test_a_field_tapped_first_answers_for_the_companion_on_it():
    s, _ = play(pos({"red1": 3, "blue1": 4}), "card:step2")
    assert why(s, (), "f:4").key == "why.step.not-own"
    error = why(s, (), "f:9")
    assert (error.clause, error.key, error.data["n"]) == ("dt-schrittkarte", "why.step.pick", 2)


def test_a_thunderbolt_hits_an_opponent_on_a_field_of_the_path_dt_donnerblitz():
    s, _ = play(pos({"blue1": 2, "red1": 1}), "card:bolt")
    error = why(s, (), "c:red1")
    assert (error.clause, error.key) == ("dt-donnerblitz", "why.bolt.own")
    error = why(s, (), "c:blue2")  # in the camp
    assert (error.clause, error.key) == ("dt-donnerblitz", "why.bolt.off-path")
    assert "in the camp" in sentences(error)["en"]


def test_out_of_exile_frees_ones_own_first_dt_aus_dem_exil():
    s, _ = play(pos({"red2": "exile", "blue1": "exile"}), "card:exile")
    error = why(s, (), "c:blue1")
    assert (error.clause, error.key) == ("dt-aus-dem-exil", "why.exile.own-first")
    error = why(s, (), "c:red1")
    assert (error.clause, error.key) == ("dt-aus-dem-exil", "why.exile.not-exiled")
    sentences(error)


def test_nobody_in_exile_one_step_forward_dt_niemand_im_exil():
    s, _ = play(pos({"red1": 11}), "card:exile")
    error = why(s, (), "c:blue1")
    assert (error.clause, error.key) == ("dt-niemand-im-exil", "why.advance.not-own")
    error = why(s, ("c:red1",), "f:14")
    assert (error.clause, error.key, error.data["to"]) == ("dt-niemand-im-exil", "why.advance.ends", "12")
    sentences(error)


def test_a_protection_spell_goes_to_an_own_companion_without_one_dt_schutzzauber():
    s, _ = play(pos({"red1": {"at": 3, "spell": True}}), "card:spell")
    error = why(s, (), "c:red1")
    assert (error.clause, error.key) == ("dt-schutzzauber", "why.spell.has")
    error = why(s, (), "c:blue1")
    assert (error.clause, error.key) == ("dt-schutzzauber", "why.spell.not-own")
    sentences(error)


def test_a_rift_without_a_floating_field_to_lay_is_the_engines_refusal():
    s, _ = play(pos({"red1": 3}, rifts={"9": 2}), "card:step2")
    error = why(s, (), "rift:9")
    assert (error.clause, error.key) == ("dt-schwebefeld-spaeter", "why.float.none")  # "aus seiner Sammlung"
    s, _ = play(pos({"red1": 3, "blue1": 4}, rifts={"9": 2}, collections={"red": 1, "blue": 0}), "draw", "card:bolt")
    error = why(s, (), "rift:9")  # the collection's floating fields go down before drawing or walking
    assert (error.clause, error.key) == ("dt-schwebefeld-spaeter", "why.float.when")
    sentences(error)


def test_what_the_board_waits_for_chance_the_tower_and_the_beasts():
    s = pos()
    error = why(s, (), "c:red1")
    assert (error.clause, error.key) == ("dt-ablauf-teamzug", "why.chance.card")
    s, _ = play(pos({"red1": 3}), "card:attack7")
    error = why(s, (), "f:7")
    assert (error.clause, error.key) == ("dt-turmattacke", "why.tower")
    assert "Feld 7" in sentences(error)["de"]
    s, _ = play(pos({"red1": 3}), "card:step2")
    error = why(s, (), "beast:12")
    assert (error.clause, error.key) == ("dt-knochentier-wecken", "why.beast")
    sentences(error)
