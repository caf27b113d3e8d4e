"""Moving by tapping the board (rules.games.betoverde_torens.taps).

The order is card, then piece, then destination (or piece, then destination, then the card when
several lead there). Every legal action can be tapped: no action is list-only. Chance outcomes
are buttons in plain words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import TERMINAL
from rules.core.setup import validate_setup
from rules.core.tapping import TARGET_RE, PickError, TapOptions
from rules.games.betoverde_torens import ENGINE, GAME
from rules.games.betoverde_torens.cards import SPELLS

from .support import spaces, state

VIEW = GAME.view
BOARD_KINDS = ("sp:", "tw:", "wiz:", "raven")

SETUPS = [
    {"players": 2},
    {"players": 3},
    {"players": 1},
    {"players": 1, "solo_flasks": True},
    {"players": 4, "teams": True},
    {"players": 6, "teams": True},
    {"players": 3, "master": True, "master_spells": 8},
    {"players": 5, "master": True, "master_spells": 3},
]


def reached_states(setup: dict[str, Any], seed: int, step: int = 5, limit: int = 60) -> list[Any]:
    """States along a game of random bots (``rules.core.bots.play``, a fixed random.Random)."""
    s = ENGINE.initial_state(validate_setup(ENGINE, setup))
    bots = random_bots(ENGINE, s)
    rng = random.Random(seed)
    out = [s]
    for _ in range(limit):
        run = play(ENGINE, s, bots, rng, max_actions=step)
        s = run.state
        out.append(s)
        if run.over:
            break
    return out


def rich_states(setup: dict[str, Any], seed: int, limit: int = 60) -> list[Any]:
    """States along a random game that starts, after the deal, with every spell open and four filled
    flasks each (so that the two-flask spells come up)."""
    s = reached_states(setup, seed, step=20, limit=1)[-1]
    pos = ENGINE.position_of(s)
    pos["spells"] = list(SPELLS) if pos["variant"] != "solo" else []
    total = {f["empty"] + f["filled"] + f["spent"] for f in pos["flasks"].values()}.pop()
    pos["flasks"] = {c: {"empty": total - min(total, 4), "filled": min(total, 4)} for c in pos["players"]}
    s = ENGINE.state_from_position(pos)
    bots = random_bots(ENGINE, s)
    rng = random.Random(seed)
    out = [s]
    for _ in range(limit):
        run = play(ENGINE, s, bots, rng, max_actions=3)
        s = run.state
        out.append(s)
        if run.over:
            break
    return out


RICH = [
    {"players": 2},
    {"players": 1, "solo_flasks": True},
    {"players": 4, "teams": True},
    {"players": 3, "master": True, "master_spells": 8},
    {"players": 6, "master": True, "master_spells": 8},
]


def tap(s: Any, *pick: str, lang: str = "en") -> TapOptions:
    return VIEW.tap(ENGINE, s, tuple(pick), lang=lang)


def walk(s: Any, lang: str = "en") -> set[str]:
    """Every action some tap sequence from the empty pick plays (a tap that plays, or "OK")."""
    reached: set[str] = set()
    board = {sh.target for sh in VIEW.board_view(ENGINE, s).shapes if sh.target}
    todo: list[tuple[str, ...]] = [()]
    while todo:
        pick = todo.pop()
        options = tap(s, *pick, lang=lang)
        if options.confirm:
            reached.add(options.confirm)
        assert len({t.target for t in options.taps}) == len(options.taps)
        for t in options.taps:
            assert TARGET_RE.match(t.target), t.target
            assert t.label
            if t.target.startswith(BOARD_KINDS):
                assert t.target in board, (t.target, pick)  # the board carries it
            if t.plays:
                reached.add(t.plays)
            else:
                assert len(pick) < 3, pick
                todo.append((*pick, t.target))
    return reached


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_every_tap_sequence_reaches_exactly_the_legal_actions(setup):
    for s in reached_states(setup, seed=11):
        legal = set(ENGINE.legal_actions(s))
        assert walk(s) == legal  # nothing illegal, nothing list-only


@pytest.mark.parametrize("setup", RICH, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_every_spell_is_tapped_to_exactly_the_legal_actions(setup):
    for seed in (1, 2):
        for s in rich_states(setup, seed):
            assert walk(s) == set(ENGINE.legal_actions(s))


def test_the_rich_games_meet_every_kind_of_action():
    """The walks above are not vacuous: together they meet every spell and every kind of action."""
    kinds = set()
    for setup in RICH:
        for seed in (1, 2):
            for s in rich_states(setup, seed):
                for action in ENGINE.legal_actions(s):
                    parts = action.split(":")
                    kinds.add(":".join(parts[:2]) if parts[0] == "spell" else parts[0])
    assert {f"spell:{name}" for name in SPELLS if name != "lift"} <= kinds  # lift: test_lift_is_one_button
    assert {
        "play",
        "move",
        "none",
        "reroll",
        "roll",
        "draw",
        "pass",
        "pass-tower",
        "end",
        "ask",
        "give",
        "return",
        "decline",
    } <= kinds


def test_taps_in_every_language_reach_the_same_actions():
    for s in reached_states({"players": 4, "teams": True}, seed=5, limit=20):
        assert walk(s, "nl") == walk(s, "de") == set(ENGINE.legal_actions(s))


# -- card, piece, destination ----------------------------------------------------------------------

RED_ON_11 = {"raven": {"at": 1, "inside": {"blue": 1}}}


def red_on_11(*hand: str, **extra: Any) -> Any:
    return state(spaces(s11={"wizards": ["red"]}), hands={"red": list(hand), "blue": []}, **{**RED_ON_11, **extra})


def test_card_then_wizard_then_the_space_exactly_that_many_steps_on():
    # bt-vast-getal: exactly the number on the card, clockwise; bt-eigen-tovenaar: only your own wizard
    s = red_on_11("w3", "t2")
    first = tap(s)
    assert {t.target for t in first.taps} >= {"card:w3", "card:t2"}
    assert [t.target for t in tap(s, "card:w3").taps] == ["wiz:red:s11"]
    last = tap(s, "card:w3", "wiz:red:s11")
    assert [(t.target, t.plays) for t in last.taps] == [("sp:14", "play:w3:wizard:11")]
    assert last.confirm == "play:w3:wizard:11"  # "OK" plays it too


def test_a_tower_card_lights_every_tower_then_its_destination():
    # bt-toren-kiezen: any tower; bt-vast-getal: tower 1 from space 2 goes 2 spaces on
    s = red_on_11("t2")
    assert {t.target for t in tap(s, "card:t2").taps} == {f"tw:{n}" for n in range(1, 10)}
    assert [(t.target, t.plays) for t in tap(s, "card:t2", "tw:1").taps] == [("sp:4", "play:t2:tower:1")]


def test_a_tower_that_would_end_on_the_raventoren_is_not_lit():
    # bt-niet-op-raventoren: tower 9 on space 10 with a 3 would end on space 13, the Raventoren's
    s = red_on_11("t3", raven={"at": 13, "inside": {"blue": 1}})
    lit = {t.target for t in tap(s, "card:t3").taps}
    assert "tw:9" not in lit and "tw:8" in lit


def test_a_wizard_reaching_the_raventoren_lights_the_raventoren():
    # bt-tovenaar-landen / bt-tovenaar-in-raventoren: the wizard ends in the Raventoren
    s = red_on_11("w2", raven={"at": 13, "inside": {"blue": 1}})
    assert [(t.target, t.plays) for t in tap(s, "card:w2", "wiz:red:s11").taps] == [("raven", "play:w2:wizard:11")]


def test_a_wizard_on_a_tower_is_tapped_as_the_wizard_on_that_tower():
    s = state(
        spaces(s4={"towers": [{"tower": 3, "wizards": ["red"]}]}),
        hands={"red": ["w1"], "blue": []},
        raven={"at": 1, "inside": {"blue": 1}},
    )
    assert [t.target for t in tap(s, "card:w1").taps] == ["wiz:red:t3"]
    assert [t.target for t in tap(s, "card:w1", "wiz:red:t3").taps] == ["sp:5"]


def test_a_wizard_or_tower_card_with_a_number_offers_both():
    # bt-keuze-eerst-zeggen: say first what you move, a wizard or a tower
    s = red_on_11("x1")
    lit = {t.target for t in tap(s, "card:x1").taps}
    assert "wiz:red:s11" in lit and "tw:1" in lit
    assert [t.plays for t in tap(s, "card:x1", "tw:5").taps] == ["play:x1:tower:5"]


def test_a_card_with_which_nothing_can_move_plays_at_once():
    # bt-kaart-zonder-effect: the card is played, nothing moves
    s = state(
        spaces(s11={"wizards": ["red"]}, s14={"wizards": ["blue"] * 6}),
        wizards_each=6,
        hands={"red": ["w3"], "blue": []},
        raven={"at": 1, "inside": {"red": 5}},
    )
    assert [(t.target, t.plays) for t in tap(s).taps if t.target.startswith("card:")] == [("card:w3", "play:w3:none")]


def test_piece_first_offers_the_cards_when_several_lead_to_the_same_space():
    s = red_on_11("w3", "x3")
    assert tap(s, "wiz:red:s11").taps[0].target == "sp:14"
    assert tap(s, "wiz:red:s11").taps[0].plays is None
    choices = tap(s, "wiz:red:s11", "sp:14").taps
    assert {(t.target, t.plays) for t in choices} == {
        ("card:w3", "play:w3:wizard:11"),
        ("card:x3", "play:x3:wizard:11"),
    }
    assert all(t.label.startswith(("Wizard card 3", "Wizard-or-tower card 3")) for t in choices)


def test_piece_first_plays_at_once_when_one_card_leads_there():
    s = red_on_11("w1", "w3")
    taps = {t.target: t.plays for t in tap(s, "wiz:red:s11").taps}
    assert taps == {"sp:12": "play:w1:wizard:11", "sp:14": "play:w3:wizard:11"}


# -- dice, chance, the pass option, spells ---------------------------------------------------------


def test_a_dice_card_rolls_at_once_then_the_die_is_six_buttons():
    # bt-dobbelsteen-gooien: roll, the pips are the steps; bt-keuze-eerst-gooien: roll before choosing
    s = red_on_11("xd")
    card = next(t for t in tap(s).taps if t.target == "card:xd")
    assert card.plays == "play:xd"
    s, _ = ENGINE.apply(s, "play:xd")
    die = tap(s, lang="en").taps
    assert [(t.target, t.plays, t.label) for t in die] == [
        (f"roll:{n}", f"roll:{n}", f"The die shows {n}") for n in range(1, 7)
    ]
    s, _ = ENGINE.apply(s, "roll:4")
    lit = {t.target for t in tap(s).taps}
    assert "wiz:red:s11" in lit and "tw:1" in lit and "reroll" not in lit  # one die: no second roll
    assert [t.plays for t in tap(s, "wiz:red:s11").taps] == ["move:wizard:11"]
    assert tap(s, "wiz:red:s11").taps[0].target == "sp:15"


def test_the_card_drawn_is_a_button_with_its_odds():
    # bt-startkaarten: red draws first from the 90 cards; bt-verplaatsingskaarten: 4 wizard cards 3
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2}))
    draws = {t.target: (t.plays, t.label) for t in tap(s, lang="nl").taps}
    assert len(draws) == 23
    assert draws["draw:w3"] == ("draw:w3", "Rood trekt een tovenaarkaart 3 (4 van de 90 kaarten)")
    assert draws["draw:xd"] == (
        "draw:xd",
        "Rood trekt een tovenaar-of-torenkaart met 1 dobbelsteen (6 van de 90 kaarten)",
    )
    s, _ = ENGINE.apply(s, "draw:w3")
    again = {t.target: t.label for t in tap(s, lang="en").taps}
    assert again["draw:w3"] == "Red draws a wizard card 3 (3 of the 89 cards)"  # one drawn: 3 left


def test_the_status_says_what_to_tap():
    s = red_on_11("w3")
    assert tap(s, lang="en").status == "Choose a card from your hand, or tap a wizard or tower first."
    assert tap(s, "card:w3", "wiz:red:s11", lang="de").status == "Magierkarte 3 → Roter Magier auf Feld 11"


def test_two_dice_offer_a_second_roll_as_a_button():
    # bt-dobbelsteen-herwerpen: once more with two dice
    s = red_on_11("w2d")
    s, _ = ENGINE.apply(s, "play:w2d")
    s, _ = ENGINE.apply(s, "roll:1")
    reroll = next(t for t in tap(s).taps if t.target == "reroll")
    assert reroll.plays == "reroll" and reroll.label == "Roll again (the 1 is lost)"


def test_the_tower_step_after_swapping_cards():
    # bt-kaarten-wisselen: one tower 1 step, or none
    s = red_on_11("w1", "w2", "w3", phase="pass-tower")
    taps = {t.target: t.plays for t in tap(s).taps}
    assert taps["keep"] == "pass-tower:none"
    assert taps["tw:1"] is None
    assert [(t.target, t.plays) for t in tap(s, "tw:1").taps] == [("sp:3", "pass-tower:1")]


def test_swapping_two_towers_in_either_order():
    # bt-spreuk-torens-wisselen: two towers on different spaces
    s = red_on_11("w1", spells=["swap"], flasks={"red": {"empty": 4, "filled": 2}})
    assert "tw:1" not in {t.target for t in tap(s, "spell:swap", "tw:1").taps}
    assert "tw:1" in {t.target for t in tap(s, "spell:swap", "tw:2").taps}
    one = {t.target: t.plays for t in tap(s, "spell:swap", "tw:1").taps}
    other = {t.target: t.plays for t in tap(s, "spell:swap", "tw:2").taps}
    assert one["tw:2"] == other["tw:1"] == "spell:swap:1,2"


def test_the_raventoren_spell_asks_the_direction():
    # bt-spreuk-raventoren: a direction of your choice
    s = red_on_11("w1", spells=["raven"], flasks={"red": {"empty": 4, "filled": 2}})
    taps = {t.target: t.plays for t in tap(s, "spell:raven").taps}
    assert taps == {"cw": "spell:raven:cw", "ccw": "spell:raven:ccw"}


def test_a_spell_move_and_a_card_to_the_same_space_are_offered_side_by_side():
    # bt-spreuk-tovenaar: 1 step forward for 2 flasks, like a wizard card 1
    s = red_on_11("w1", flasks={"red": {"empty": 4, "filled": 2}})
    choices = {t.target: t.plays for t in tap(s, "wiz:red:s11", "sp:12").taps}
    assert choices == {"card:w1": "play:w1:wizard:11", "spell:wizard-fwd": "spell:wizard-fwd:11"}


def test_lift_is_one_button_after_the_move():
    # bt-spreuk-meeliften / bt-meester-voor-of-na: offered after the active player's wizard move
    s = state(
        spaces(s11={"wizards": ["blue"]}, s13={"wizards": ["red"]}),
        master=True,
        spells=["lift"],
        phase="offer",
        turn={"player": "red", "actions": 1, "offer": "blue", "window": "after", "last_move": [11, 13, False]},
        flasks={"blue": {"empty": 4, "filled": 2}},
        hands={"red": ["w1"], "blue": []},
    )
    taps = {t.target: (t.plays, t.label) for t in tap(s).taps}
    assert taps == {
        "spell:lift": ("spell:lift", "Spell Hitch a Ride (2 potions): blue wizard from space 11 along to space 13"),
        "decline": ("decline", "Cast no spell"),
    }
    assert walk(s) == set(ENGINE.legal_actions(s))


def test_asking_the_teammate_then_the_teammate_chooses_a_card():
    # bt-teams-kaart-vragen
    s = state(
        spaces(s11={"wizards": ["red"]}),
        players=["red", "blue", "yellow", "green"],
        teams=True,
        hands={"red": ["w1"], "blue": [], "yellow": ["t3", "x2"], "green": []},
        raven={"at": 1, "inside": {"blue": 1, "yellow": 1, "green": 1}},
    )
    assert next(t for t in tap(s).taps if t.target == "ask").plays == "ask"
    s, _ = ENGINE.apply(s, "ask")
    assert {t.target: t.plays for t in tap(s).taps} == {
        "give:t3": "give:t3",
        "give:x2": "give:x2",
        "give:none": "give:none",
    }


# -- refusals and speed ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pick",
    [
        ("bogus",),
        ("card:w5",),  # not in the hand
        ("card:w3", "tw:1"),  # a wizard card moves no tower (bt-eigen-tovenaar)
        ("card:w3", "wiz:red:s12"),  # no wizard there
        ("card:w3", "wiz:red:s11", "sp:15"),  # not where the card leads (bt-vast-getal)
        ("card:w3", "wiz:red:s11", "sp:14", "sp:15"),
        ("sp:14",),
        ("roll:3",),  # not a chance node
    ],
)
def test_a_pick_the_board_never_offered_is_refused(pick):
    with pytest.raises(PickError):
        tap(red_on_11("w3"), *pick)


def test_nothing_can_be_tapped_once_the_game_is_over():
    s = reached_states({"players": 2}, seed=3, step=50, limit=400)[-1]
    assert ENGINE.current_actor(s) == TERMINAL
    assert tap(s).taps == ()
    with pytest.raises(PickError):
        tap(s, "pass")


