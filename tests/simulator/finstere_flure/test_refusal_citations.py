"""Issue 41, the review of 2026-12-03 (D5): a dmaufbau placement names the first requirement of
ff-dmaufbau-bloedplassen it breaks, in the order the clause lists them, as its note says."""

from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE
from tests.rulebook_ids import rulebook_path
from tests.simulator.refusals import refusal


def setup_state():
    return ENGINE.initial_state(validate_setup(ENGINE, {"players": 3, "dmaufbau": True}))


def test_ff_dmaufbau_bloedplassen_the_first_requirement_broken_is_named_not_the_first_square():
    # (14, 3) borders the wall (requirement 2), and (14, 4) is 7 steps from the start (requirement 1)
    error = refusal(ENGINE, setup_state(), "place:pool4:14,3,v")
    assert (error.clause, error.key) == ("ff-dmaufbau-bloedplassen", "refuse.place.near-start")
    assert error.data["square"] == [14, 4] and error.data["distance"] == 7
    assert "minstens 8" in ENGINE.reason(error, "nl")


def test_ff_dmaufbau_bloedplassen_the_edge_when_the_distance_holds():
    error = refusal(ENGINE, setup_state(), "place:pool4:7,0,h")  # far from the start, on the top edge
    assert (error.clause, error.key) == ("ff-dmaufbau-bloedplassen", "refuse.place.edge")


def test_ff_dmaufbau_plaatsen_the_note_says_rule_by_rule_for_every_square():
    text = rulebook_path("finstere-flure").read_text(encoding="utf-8")
    assert "regel voor regel gecontroleerd, elke regel voor alle velden" in text


def test_ff_dmaufbau_plaatsen_a_monster_card_before_the_board_is_set_up_is_refused_in_words():
    error = refusal(ENGINE, setup_state(), "card:5")
    assert (error.clause, error.key) == ("ff-dmaufbau-plaatsen", "refuse.setup-first")
    assert all("place:" not in ENGINE.reason(error, lang) for lang in ("nl", "de", "en"))
