"""Issue 41, the review of 2026-12-03 (D3) and N6: a refusal of Der dunkle Turm cites the rule that
forbids the move, told in words; "why not?" on an occupied field answers with the counting rule for
that field; a team turn that the rules skip says so."""

from rules.games.der_dunkle_turm import ENGINE, VIEW
from tests.simulator.refusals import refusal

from .support import keys, play, pos

LANGS = ("de", "nl", "en")


def sentences(error) -> dict[str, str]:
    return {lang: ENGINE.reason(error, lang) for lang in LANGS}


def at_the_tower(**red1):
    """Red 1 on field 20 draws "Schritte 1" and reaches the tower: the duel's first round is rolled."""
    state, _ = play(pos({"red1": {"at": 20, **red1}, "blue1": 2}), "card:step1", "move:red1")
    return state


def test_dt_schutzzauber_duell_a_retreat_after_a_first_round_caught_by_the_spell_cites_the_spell():
    """D3: "Nach einer so abgefangenen ersten Runde geht das Duell ohne Wahl in die zweite Duellrunde"."""
    state, events = play(at_the_tower(spell=True), "d12:3", "d12:8")
    assert "duel.spell" in keys(events) and ENGINE.legal_actions(state)[0].startswith("d12:")
    for action in ("retreat", "fight-on"):
        error = refusal(ENGINE, state, action)
        assert (error.clause, error.key) == ("dt-schutzzauber-duell", "refuse.choice.caught"), action
    said = sentences(error)
    assert "Schutzzauber" in said["de"] and "ohne Wahl" in said["de"] and action not in said["de"]


def test_dt_erste_runde_verloren_no_second_choice_once_the_team_fought_on():
    state, _ = play(at_the_tower(), "d12:3", "d12:8")  # lost without protection: the choice
    assert ENGINE.legal_actions(state) == ["fight-on", "retreat"]
    state, _ = play(state, "fight-on")
    assert refusal(ENGINE, state, "retreat").clause == "dt-erste-runde-verloren"
    assert refusal(ENGINE, state, "retreat").key == "refuse.choice.made"


def test_dt_zauberer_zweimal_a_won_first_round_goes_on_without_a_choice():
    state, _ = play(at_the_tower(), "d12:9", "d12:2")  # the companion wins the first round
    error = refusal(ENGINE, state, "retreat")
    assert (error.clause, error.key) == ("dt-zauberer-zweimal", "refuse.choice.won")


def test_dt_erste_runde_verloren_no_choice_outside_a_duel():
    assert refusal(ENGINE, pos(), "fight-on").clause == "dt-erste-runde-verloren"


def test_dt_freie_felder_why_not_on_an_occupied_field_answers_with_the_counting_rule():
    """N6, dispute C: Red 1 on field 1 with "Schritte 2", Blue 1 and Blue 2 on fields 2 and 3; Red 1
    chosen, the field of Blue 2 tapped: the counting rule for that field, not "Red 1 is chosen"."""
    state, _ = play(pos({"red1": 1, "blue1": 2, "blue2": 3}), "card:step2")
    for target in ("c:blue2", "f:3"):
        error = VIEW.explain(ENGINE, state, ("c:red1",), target, lang="nl")
        assert (error.clause, error.key) == ("dt-freie-felder", "why.step.occupied"), target
        assert error.data["field"] == "3" and error.data["to"] == "5"
    said = sentences(error)
    assert said["nl"].startswith("Op veld 3 staat Blauw 2: bezette velden tellen niet mee")
    assert "eindigt op veld 5" in said["nl"] and "endet auf Feld 5" in said["de"] and "ends on field 5" in said["en"]
    free = VIEW.explain(ENGINE, state, ("c:red1",), "f:4", lang="nl")  # a free field where it does not end
    assert (free.clause, free.key) == ("dt-freie-felder", "why.step.ends")


def test_dt_schrittkarte_an_opponents_companion_is_refused_in_words():
    state, _ = play(pos({"blue1": 3}), "card:step2")
    error = refusal(ENGINE, state, "move:blue1")
    assert (error.clause, error.key) == ("dt-schrittkarte", "why.step.not-own")
    assert all("move:" not in text for text in sentences(error).values())


def test_dt_zerplatzen_an_eliminated_teams_turn_is_skipped_and_says_so():
    state = pos({"blue1": "out", "blue2": "out", "blue3": "out"}, teams=["red", "blue"])
    state, events = play(state, "card:step1", "move:red1")
    skipped = [e for e in events if e.key == "turn.skipped"]
    assert [(e.clause, e.data["team"]) for e in skipped] == [("dt-zerplatzen", "blue")]
    assert ENGINE.reading("turn.skipped") == "dt-zerplatzen"
