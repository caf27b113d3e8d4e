"""Why a target is not offered (issue 24): ``VIEW.explain`` answers a tap on a wizard, tower, space,
Ravenskeep or potion that the current pick cannot continue with, citing the clause that forbids
it; the engine's own refusal wherever a move applies. Every answer is a sentence in nl, de and en."""

from __future__ import annotations

import pytest

from rules.core.tapping import tap_options
from rules.games.betoverde_torens import ENGINE, GAME

from .support import rulebook_clauses, spaces, state

VIEW = GAME.view


def why(s, pick, target):
    """The answer to a tap on ``target`` after ``pick`` (the target must not be offered)."""
    offered = {t.target for t in tap_options(GAME, s, pick, "en").taps}
    assert target not in offered, f"{target} is offered after {pick}"
    error = VIEW.explain(ENGINE, s, pick, target, lang="en")
    assert error is not None, f"no reason for {target} after {pick}"
    assert error.clause in rulebook_clauses()
    return error


def sentences(error) -> dict[str, str]:
    """The answer in the three languages: each a sentence of its own (translated, no action code)."""
    out = {lang: ENGINE.reason(error, lang) for lang in ("nl", "de", "en")}
    assert len(set(out.values())) == 3, out
    for text in out.values():
        assert ":w" not in text and "play:" not in text and "{" not in text
    return out


def red_and_blue(**extra):
    """Red to play; red's wizard on space 11, blue's on 12; towers 1-9 on spaces 2-10."""
    extra.setdefault("hands", {"red": ["w3"], "blue": []})
    return state(spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}), **extra)


def test_another_players_wizard_is_not_yours_bt_eigen_tovenaar():
    error = why(red_and_blue(), (), "wiz:blue:s12")
    assert (error.clause, error.key) == ("bt-eigen-tovenaar", "why.not-yours")
    text = sentences(error)
    assert "blauw" in text["nl"] and "Blau" in text["de"] and "Blue's wizard" in text["en"]


def test_a_trapped_wizard_cannot_move_bt_eigen_tovenaar():
    s = state(
        spaces(s11={"wizards": ["blue"]}, s12={"wizards": ["red"], "towers": [{"tower": 1}]}, s2={}),
        hands={"red": ["w1"], "blue": []},
    )
    error = why(s, (), "wiz:red:s12")
    assert (error.clause, error.key, error.data["tower"]) == ("bt-eigen-tovenaar", "why.prisoner", 1)
    assert "toren 1" in sentences(error)["nl"]


def test_a_wizard_that_would_end_among_six_is_the_engines_refusal_bt_maximaal_zes_tovenaars():
    s = state(
        spaces(s12={"wizards": ["blue"] * 6}, s11={"wizards": ["red"]}),
        wizards_each=6,
        hands={"red": ["w1", "t1"], "blue": []},
        raven={"at": 1, "inside": {"red": 5}},
    )
    error = why(s, (), "wiz:red:s11")  # w1 takes it to 12, where six stand; t1 moves towers only
    assert (error.clause, error.key) == ("bt-maximaal-zes-tovenaars", "refuse.six")
    assert "12" in sentences(error)["en"]
    assert why(s, ("card:w1",), "wiz:red:s11").clause == "bt-maximaal-zes-tovenaars"
    # Piece first (w2 takes it to 13): space 12, where w1 would take it, says the same.
    s = state(
        spaces(s12={"wizards": ["blue"] * 6}, s11={"wizards": ["red"]}),
        wizards_each=6,
        hands={"red": ["w1", "w2"], "blue": []},
        raven={"at": 1, "inside": {"red": 5}},
    )
    assert why(s, ("wiz:red:s11",), "sp:12").key == "refuse.six"


def test_a_tower_that_would_end_on_ravenskeeps_space_bt_niet_op_raventoren():
    # Ravenskeep on space 1; tower 9 moved to space 16.
    lay = spaces(s11={"wizards": ["red"]}, s12={"wizards": ["blue"]}, s16={"towers": [{"tower": 9}]}, s10={})
    s = state(lay, hands={"red": ["t1"], "blue": []})
    error = why(s, (), "tw:9")  # 16 + 1 = space 1
    assert (error.clause, error.key) == ("bt-niet-op-raventoren", "refuse.raven-space")
    sentences(error)


def test_no_card_that_moves_a_wizard_bt_eigen_tovenaar():
    error = why(red_and_blue(hands={"red": ["t1", "t2"], "blue": []}), (), "wiz:red:s11")
    assert (error.clause, error.key) == ("bt-eigen-tovenaar", "why.no-card")
    assert "tovenaar" in sentences(error)["nl"]


def test_a_dice_card_rolls_first_bt_dobbelsteen_gooien():
    error = why(red_and_blue(hands={"red": ["w2d"], "blue": []}), (), "wiz:red:s11")
    assert (error.clause, error.key) == ("bt-dobbelsteen-gooien", "refuse.roll-first")


def test_every_card_played_bt_twee_acties():
    s = red_and_blue(hands={"red": ["w3"], "blue": []}, turn={"player": "red", "actions": 2})
    error = why(s, (), "wiz:red:s11")
    assert (error.clause, error.key) == ("bt-twee-acties", "refuse.no-actions-left")


def test_a_space_where_the_chosen_wizard_does_not_end_bt_vast_getal():
    s = red_and_blue()
    error = why(s, ("card:w3", "wiz:red:s11"), "sp:13")
    assert (error.clause, error.key) == ("bt-vast-getal", "why.card-ends")
    assert error.data["to"] == 14 and error.data["space"] == 13
    text = sentences(error)
    assert "14" in text["nl"] and "13" in text["de"] and "exactly 3 steps clockwise" in text["en"]
    # Piece first: no card or spell makes it end there.
    error = why(s, ("wiz:red:s11",), "sp:13")
    assert (error.clause, error.key) == ("bt-vast-getal", "why.not-there")


def test_a_space_tapped_first_answers_for_the_wizard_on_it():
    s = red_and_blue(hands={"red": ["t1"], "blue": []})
    assert why(s, (), "sp:11").key == "why.no-card"  # red's wizard stands there, and no card moves it
    error = why(s, (), "sp:13")  # nothing on it: tap a card or a piece first
    assert (error.clause, error.key) == ("bt-twee-acties", "why.pick-first")


def test_ravenskeep_is_never_chosen_bt_toren_kiezen_and_potions_bt_fles_vullen():
    s = red_and_blue()
    assert (why(s, (), "raven").clause, why(s, (), "raven").key) == ("bt-toren-kiezen", "why.raven")
    error = why(s, (), "fl:red:1")
    assert (error.clause, error.key) == ("bt-fles-vullen", "why.flask")
    sentences(error)


def test_while_the_cards_are_drawn_bt_hand_aanvullen():
    s = ENGINE.initial_state({"players": 2})
    while ENGINE.current_actor(s) == "chance":
        s = ENGINE.apply(s, ENGINE.legal_actions(s)[0])[0]
    s = ENGINE.apply(s, next(a for a in ENGINE.legal_actions(s) if a == "pass"))[0]  # three new cards
    error = VIEW.explain(ENGINE, s, (), "sp:5", lang="en")
    assert (error.clause, error.key) == ("bt-hand-aanvullen", "why.draw-first")
    sentences(error)


@pytest.mark.parametrize("target", ["wiz:blue:s12", "sp:13", "raven", "fl:blue:2"])
def test_the_answer_is_a_sentence_in_every_language(target):
    sentences(why(red_and_blue(), (), target))
