"""The position editor (rules.games.betoverde_torens.editor): what each tool does, the editor's
own refusals in nl/de/en citing their clause, the fields, and a fuzz test through
``rules.core.editor.apply_edit`` (nothing but EditError, every position read by the engine)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.bots import play as bot_play
from rules.core.bots import random_bots
from rules.core.editor import EditError, apply_edit, apply_fields, judged
from rules.core.setup import validate_setup
from rules.games.betoverde_torens import EDITOR, ENGINE, GAME
from rules.games.betoverde_torens.editor import CLAUSES, Refusal

from .support import position, rulebook_clauses, spaces

LANGS = ("nl", "de", "en")


def pos(spaces_: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return judged(ENGINE, position(spaces_, **extra))


def edit(p: dict[str, Any], target: str, tool: str, lang: str = "en") -> tuple[dict[str, Any], str | None]:
    result = apply_edit(ENGINE, EDITOR, p, target, tool, lang)
    return result.position, result.tool


def fields(p: dict[str, Any], lang: str = "en", **values: str) -> dict[str, Any]:
    return apply_fields(ENGINE, EDITOR, p, values, lang)


def refused(do, clause: str) -> dict[str, str]:
    """The reasons of a refused edit in nl, de and en; each cites ``clause`` and comes from the editor."""
    reasons = {}
    for lang in LANGS:
        with pytest.raises(Refusal) as info:
            do(lang)
        assert not info.value.engine and info.value.clause == clause
        assert clause in rulebook_clauses()
        assert f"({clause})" in info.value.reason
        reasons[lang] = info.value.reason
    assert len(set(reasons.values())) == 3  # really translated
    return reasons


def ring_wizards(p: dict[str, Any]) -> list[tuple[str, str]]:
    """(level, colour) of every wizard on the ring; level ``s<n>`` or ``t<tower>``."""
    out = []
    for n, sp in p["spaces"].items():
        out += [(f"s{n}", c) for c in sp.get("wizards", [])]
        for t in sp.get("towers", []):
            out += [(f"t{t['tower']}", c) for c in t.get("wizards", [])]
    return sorted(out)


def stacks(p: dict[str, Any]) -> dict[str, list[int]]:
    return {n: [t["tower"] for t in sp.get("towers", [])] for n, sp in p["spaces"].items() if sp.get("towers")}


# -- the blank board -------------------------------------------------------------------------------

SETUPS = [
    {"players": 2},
    {"players": 1},
    {"players": 1, "solo_flasks": True},
    {"players": 4, "teams": True},
    {"players": 3, "master": True},
    {"players": 6},
]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: "-".join(f"{k}{v}" for k, v in s.items()))
def test_blank_keeps_the_players_and_puts_every_wizard_in_the_raventoren(setup):
    start = ENGINE.position_of(ENGINE.initial_state(validate_setup(ENGINE, setup)))
    blank = EDITOR.blank(ENGINE, start)
    assert judged(ENGINE, blank) == blank  # the engine reads it as it is
    for key in ("players", "variant", "wizards_each"):
        assert blank[key] == start[key]
    assert blank.get("teams") == start.get("teams") and blank.get("master") == start.get("master")
    # bt-opbouw: towers 1-9 on spaces 2-10, the Raventoren on space 1; no wizard on the ring
    assert stacks(blank) == {str(t + 1): [t] for t in range(1, 10)}
    assert blank["raven"] == {"at": 1, "inside": dict.fromkeys(start["players"], start["wizards_each"])}
    assert ring_wizards(blank) == []
    assert all(f["filled"] == f["spent"] == 0 for f in blank["flasks"].values())
    assert all(h == [] for h in blank["hands"].values())


# -- palette ---------------------------------------------------------------------------------------


def test_palette_has_the_tools_of_the_position():
    p = pos(raven={"at": 1, "inside": {"blue": 1}}, spaces_=spaces(s11={"wizards": ["red"]}))
    ids = [item.id for item in EDITOR.palette(ENGINE, p, "move", "en")]
    assert ids == ["move", "raven", "empty", "wiz:red", "wiz:blue", "flask:filled", "flask:empty", "flask:spent"]
    labels = {item.id: item.label for item in EDITOR.palette(ENGINE, p, "move", "nl")}
    assert labels["wiz:red"] == "Rode tovenaar (nog 0 in de Raventoren)"
    assert labels["wiz:blue"] == "Blauwe tovenaar (nog 1 in de Raventoren)"
    solo = EDITOR.blank(ENGINE, ENGINE.position_of(ENGINE.initial_state({"players": 1})))
    assert not any(i.id.startswith("flask") for i in EDITOR.palette(ENGINE, solo, "move", "en"))  # bt-solo-opstelling
    moving = EDITOR.palette(ENGINE, p, "drop:wiz:red:s11", "de")
    assert any(i.id == "drop:wiz:red:s11" and i.label == "Absetzen: roter Magier von Feld 11" for i in moving)


# -- what each tool does ---------------------------------------------------------------------------


def blank2(**extra: Any) -> dict[str, Any]:
    start = ENGINE.position_of(ENGINE.initial_state(validate_setup(ENGINE, {"players": 2})))
    return EDITOR.blank(ENGINE, start) | extra


def test_a_wizard_comes_out_of_the_raventoren_onto_the_level_tapped():
    p = blank2()
    p, tool = edit(p, "sp:12", "wiz:red")
    assert tool is None and ring_wizards(p) == [("s12", "red")]
    assert p["raven"]["inside"] == {"red": 4, "blue": 5}
    p, _ = edit(p, "tw:3", "wiz:blue")  # on top of tower 3
    p, _ = edit(p, "wiz:red:s12", "wiz:blue")  # beside the red wizard
    assert ring_wizards(p) == [("s12", "blue"), ("s12", "red"), ("t3", "blue")]
    assert p["raven"]["inside"] == {"red": 4, "blue": 3}


def test_a_wizard_on_the_ground_under_a_tower_is_imprisoned():
    # bt-toren-over-tovenaar: the ground of a space with a tower is a prison; the tower's top is free
    p, _ = edit(blank2(), "sp:4", "wiz:red")
    s = ENGINE.state_from_position(p)
    assert s.space(4).ground == ("red",) and s.space(4).top == ()


def test_empty_sends_wizards_into_the_raventoren():
    p = blank2()
    for target in ("sp:12", "sp:12", "tw:1"):
        p, _ = edit(p, target, "wiz:red")
    p, _ = edit(p, "wiz:red:s12", "empty")
    assert ring_wizards(p) == [("s12", "red"), ("t1", "red")] and p["raven"]["inside"]["red"] == 3
    p, _ = edit(p, "tw:1", "empty")
    p, _ = edit(p, "sp:12", "empty")
    assert ring_wizards(p) == [] and p["raven"]["inside"]["red"] == 5


def test_move_a_wizard_takes_two_taps():
    p, _ = edit(blank2(), "sp:12", "wiz:red")
    p, tool = edit(p, "wiz:red:s12", "move")
    assert tool == "drop:wiz:red:s12" and ring_wizards(p) == [("s12", "red")]  # nothing moved yet
    p, tool = edit(p, "tw:5", tool)
    assert tool == "move" and ring_wizards(p) == [("t5", "red")]
    p, tool = edit(p, "wiz:red:t5", "move")
    p, tool = edit(p, "raven", tool)  # bt-tovenaar-in-raventoren
    assert ring_wizards(p) == [] and p["raven"]["inside"]["red"] == 5


def test_move_a_tower_takes_what_is_above_and_the_raventoren_along():
    # bt-toren-uit-stapel: the towers above go along; bt-raventoren-reist-mee: so does the Raventoren
    p = pos(
        spaces(s2={"towers": [{"tower": 2}, {"tower": 1}]}, s3=None, s11={"wizards": ["red"]}),
        raven={"at": 2, "inside": {"blue": 1}},
    )
    p, tool = edit(p, "tw:2", "move")
    assert tool == "drop:tw:2"
    p, tool = edit(p, "sp:11", tool)  # onto the red wizard: imprisoned (bt-toren-over-tovenaar)
    assert stacks(p)["11"] == [2, 1] and "2" not in stacks(p)
    assert p["raven"]["at"] == 11
    s = ENGINE.state_from_position(p)
    assert s.space(11).ground == ("red",) and s.space(11).top == ()


def test_the_raventoren_goes_to_an_empty_raven_space_or_onto_a_shield_tower():
    # bt-raventoren-verplaatsen: an empty raven space, or a tower with a raven shield and nobody on it
    p, _ = edit(blank2(), "sp:13", "raven")
    assert p["raven"]["at"] == 13
    p, _ = edit(p, "tw:1", "raven")  # tower 1 (shield) on space 2
    assert p["raven"]["at"] == 2
    p, tool = edit(p, "raven", "move")
    p, tool = edit(p, "sp:1", tool or "")
    assert p["raven"]["at"] == 1 and tool == "move"


def test_flasks_are_set_one_by_one():
    p = blank2()
    p, _ = edit(p, "fl:red:1", "flask:filled")
    p, _ = edit(p, "fl:red:2", "flask:filled")
    assert p["flasks"]["red"] == {"empty": 4, "filled": 2, "spent": 0}
    p, _ = edit(p, "fl:red:1", "flask:spent")  # flasks are drawn filled first: flask 1 is filled
    assert p["flasks"]["red"] == {"empty": 4, "filled": 1, "spent": 1}
    p, _ = edit(p, "fl:red:6", "flask:empty")  # the spent one is last
    assert p["flasks"]["red"] == {"empty": 5, "filled": 1, "spent": 0}


def test_a_players_filled_flasks_are_set_with_one_field_spent_ones_kept():
    """Issue 34 (reviews-ux N5): six flasks filled with one control, not a tap per flask; a flask
    spent on a spell (bt-flesjes-uit-spel) stays spent; more than the flasks there are is refused."""
    p, _ = edit(blank2(), "fl:red:1", "flask:spent")
    filled = {f.name: f for f in EDITOR.fields(ENGINE, p, "nl")}["filled_red"]
    assert filled.label == "Gevulde flesjes van Rood"
    assert [v for v, _label in filled.choices] == ["0", "1", "2", "3", "4", "5"]  # one of six is spent
    p = fields(p, filled_red="5")
    assert p["flasks"]["red"] == {"empty": 0, "filled": 5, "spent": 1}
    assert fields(p, filled_red="2")["flasks"]["red"] == {"empty": 3, "filled": 2, "spent": 1}
    with pytest.raises(EditError):
        fields(p, filled_red="6")


def test_putting_a_piece_back_where_it_was_changes_nothing():
    p, _ = edit(blank2(), "sp:12", "wiz:red")
    for picked in ("wiz:red:s12", "tw:3"):
        _, tool = edit(p, picked, "move")
        again, tool = edit(p, picked, tool or "")
        assert again == p and tool == "move"


# -- the editor's refusals -------------------------------------------------------------------------


def full_space() -> dict[str, Any]:
    """Six red wizards on space 11, one red and seven blue in the Raventoren."""
    return pos(spaces(s11={"wizards": ["red"] * 6}), wizards_each=7, raven={"at": 1, "inside": {"red": 1, "blue": 7}})


def test_refuse_a_seventh_wizard_on_a_space_or_tower():
    p = full_space()
    reasons = refused(lambda lang: edit(p, "sp:11", "wiz:blue", lang), "bt-maximaal-zes-tovenaars")
    assert reasons["en"] == "At most 6 wizards stand on a space or a tower (bt-maximaal-zes-tovenaars)."
    assert reasons["nl"] == "Op een veld of een toren staan hoogstens 6 tovenaars (bt-maximaal-zes-tovenaars)."
    assert reasons["de"] == "Auf einem Feld oder Turm stehen höchstens 6 Magier (bt-maximaal-zes-tovenaars)."
    p2, _ = edit(p, "sp:12", "wiz:blue")
    _, tool = edit(p2, "wiz:blue:s12", "move")
    refused(lambda lang: edit(p2, "wiz:red:s11", tool or "", lang), "bt-maximaal-zes-tovenaars")


def test_refuse_a_tower_on_the_raventorens_space():
    p = blank2()
    _, tool = edit(p, "tw:9", "move")
    for target in ("sp:1", "raven"):
        reasons = refused(lambda lang, t=target: edit(p, t, tool or "", lang), "bt-niet-op-raventoren")
    assert reasons["nl"] == "Een toren mag nooit op het veld van de Raventoren staan (bt-niet-op-raventoren)."


def test_refuse_a_wizard_standing_on_the_raventorens_space():
    # bt-tovenaar-landen: a wizard that ends there goes into the Raventoren
    refused(lambda lang: edit(blank2(), "sp:1", "wiz:red", lang), "bt-tovenaar-landen")
    on_tower, _ = edit(blank2(), "tw:1", "raven")  # the Raventoren on tower 1 on space 2
    refused(lambda lang: edit(on_tower, "tw:1", "wiz:red", lang), "bt-tovenaar-landen")
    under, _ = edit(on_tower, "sp:2", "wiz:red")  # under tower 1 is a prison, not the Raventoren's top
    assert ring_wizards(under) == [("s2", "red")]


def test_refuse_the_raventoren_where_it_can_never_stand():
    # bt-raventoren-verplaatsen: no wizard there; the ground of a raven space; a shield on top
    p, _ = edit(blank2(), "sp:13", "wiz:red")
    refused(lambda lang: edit(p, "sp:13", "raven", lang), "bt-raventoren-verplaatsen")
    refused(lambda lang: edit(p, "wiz:red:s13", "raven", lang), "bt-raventoren-verplaatsen")
    reasons = refused(lambda lang: edit(p, "sp:12", "raven", lang), "bt-raventoren-verplaatsen")
    assert "1, 5, 9" in reasons["de"]
    reasons = refused(lambda lang: edit(p, "tw:2", "raven", lang), "bt-raventoren-verplaatsen")
    assert "1, 3, 5, 7" in reasons["en"]
    on_shield, _ = edit(p, "tw:3", "wiz:blue")
    refused(lambda lang: edit(on_shield, "tw:3", "raven", lang), "bt-raventoren-verplaatsen")


def test_refuse_a_wizard_more_than_the_player_has():
    # bt-tovenaars-en-flesjes: 5 wizards each with 2 players
    p = blank2()
    for n in range(11, 16):
        p, _ = edit(p, f"sp:{n}", "wiz:red")
    reasons = refused(lambda lang: edit(p, "sp:16", "wiz:red", lang), "bt-tovenaars-en-flesjes")
    assert reasons["en"].startswith("All 5 of Red's wizards are on the board already")


def test_refuse_putting_a_wizard_into_the_raventoren_with_a_colour():
    refused(lambda lang: edit(blank2(), "raven", "wiz:red", lang), "bt-tovenaar-in-raventoren")


def test_other_taps_that_mean_nothing_are_refused_in_the_readers_language():
    p = blank2()
    for target, tool in [
        ("sp:3", "move"),
        ("fl:red:1", "move"),
        ("sp:3", "flask:filled"),
        ("raven", "empty"),
        ("card:w3", "move"),
        ("sp:3", "wiz:black"),
        ("fl:red:9", "flask:filled"),
        ("sp:3", "drop:tw:12"),
    ]:
        reasons = set()
        for lang in LANGS:
            with pytest.raises(EditError) as info:
                edit(p, target, tool, lang)
            assert not info.value.engine
            reasons.add(info.value.reason)
        assert len(reasons) == 3, (target, tool)


def test_refuse_more_cards_than_there_are():
    # bt-verplaatsingskaarten: 4 wizard cards 1
    p = blank2()
    values = {"hand_red_1": "w1", "hand_red_2": "w1", "hand_red_3": "w1", "hand_blue_1": "w1", "hand_blue_2": "w1"}
    reasons = refused(lambda lang: fields(p, lang, **values), "bt-verplaatsingskaarten")
    assert reasons["nl"] == "Er zijn maar 4 exemplaren van de tovenaarkaart 1 (bt-verplaatsingskaarten)."


def test_refuse_the_dice_card_states_that_cannot_be():
    p = blank2()
    # bt-dobbelsteen-herwerpen: one die, no second roll
    refused(lambda lang: fields(p, lang, die="xd", roll="3", rerolls="1"), "bt-dobbelsteen-herwerpen")
    # bt-twee-acties: two cards played, no action left for the dice card
    refused(lambda lang: fields(p, lang, die="xd", actions="2"), "bt-twee-acties")
    # bt-dobbelsteen-gooien: a dice card is played in the play phase, not during the tower step
    refused(lambda lang: fields(p, lang, die="xd", phase="pass-tower"), "bt-dobbelsteen-gooien")


def test_refuse_the_tower_step_of_swapping_after_a_card():
    # bt-kaarten-wisselen: swapping replaces both actions
    refused(lambda lang: fields(blank2(), lang, phase="pass-tower", actions="1"), "bt-kaarten-wisselen")


def test_refuse_the_end_rung_when_nobody_meets_both_conditions():
    # bt-einde-spel: all wizards inside and all flasks filled
    p = blank2()
    refused(lambda lang: fields(p, lang, ending="yes"), "bt-einde-spel")
    for i in range(1, 7):
        p, _ = edit(p, f"fl:red:{i}", "flask:filled")
    p = fields(p, ending="yes")  # red qualifies: every wizard inside, six flasks filled
    assert p["ending"] is True
    refused(lambda lang: edit(p, "sp:12", "wiz:red", lang), "bt-einde-spel")  # red would no longer qualify
    refused(lambda lang: edit(p, "fl:red:1", "flask:empty", lang), "bt-einde-spel")


def test_refuse_fewer_wizards_each_than_stand_on_the_board():
    p = blank2()
    for n in (11, 12, 13):
        p, _ = edit(p, f"sp:{n}", "wiz:blue")
    refused(lambda lang: fields(p, lang, wizards_each="2"), "bt-tovenaars-en-flesjes")
    p = fields(p, wizards_each="3")
    assert p["raven"]["inside"] == {"red": 3} and p["wizards_each"] == 3


def test_every_clause_cited_is_a_rule_of_the_rulebook():
    assert set(CLAUSES.values()) <= rulebook_clauses()


def test_the_engine_judges_what_the_editor_lets_through():
    # bt-einde-spel / bt-laatste-ronde: a finished game needs a player who met both conditions
    p = blank2()
    for i in range(1, 7):
        p, _ = edit(p, f"fl:red:{i}", "flask:filled")
    over = judged(ENGINE, dict(p, phase="over", ending=True))
    with pytest.raises(EditError) as info:
        fields(over, ending="no")
    assert info.value.engine and info.value.field == "phase"


# -- fields ----------------------------------------------------------------------------------------


def test_fields_show_the_current_values_and_keep_the_position_when_sent_back():
    p = pos(
        spaces(s11={"wizards": ["red"]}),
        raven={"at": 1, "inside": {"blue": 1}},
        phase="choose",
        turn={"player": "red", "actions": 1, "card": {"card": "w3d", "roll": 2, "rolls_left": 1}},
        hands={"red": ["w1", "t2"], "blue": ["x1"]},
    )
    current = {f.name: f.value for f in EDITOR.fields(ENGINE, p, "en")}
    assert current["player"] == "red" and current["actions"] == "1"
    assert (current["die"], current["roll"], current["rerolls"]) == ("w3d", "2", "1")
    assert (current["hand_red_1"], current["hand_red_2"], current["hand_red_3"]) == ("w1", "t2", "-")
    assert fields(p, **current) == p
    for lang in LANGS:
        for f in EDITOR.fields(ENGINE, p, lang):
            assert f.value in {c for c, _label in f.choices}, f.name


def test_field_labels_are_translated():
    p = blank2()
    by_lang = {lang: {f.name: f for f in EDITOR.fields(ENGINE, p, lang)} for lang in LANGS}
    assert [by_lang[lang]["player"].label for lang in LANGS] == ["Aan de beurt", "Am Zug", "Whose turn"]
    assert [dict(by_lang[lang]["die"].choices)["w2d"] for lang in LANGS] == [
        "Tovenaarkaart met 2 dobbelstenen",
        "Magierkarte mit 2 Würfeln",
        "Wizard card with 2 dice",
    ]
    assert dict(by_lang["en"]["wizards_each"].choices)["5"] == "5 (by the rules)"  # bt-tovenaars-en-flesjes


def test_whose_turn_and_the_dice_card_in_play():
    p = blank2()
    p = fields(p, player="blue", actions="1", die="t2d")
    assert p["turn"]["player"] == "blue" and p["turn"]["actions"] == 1
    assert p["phase"] == "roll" and p["turn"]["card"] == {"card": "t2d", "roll": 0, "rolls_left": 0}
    p = fields(p, roll="5", rerolls="1")
    assert p["phase"] == "choose" and p["turn"]["card"] == {"card": "t2d", "roll": 5, "rolls_left": 1}
    assert p["deck"]["t2d"] == 2  # 3 cards: the one in play is out of the deck
    p = fields(p, die="none")
    assert p["phase"] == "play" and "card" not in p["turn"]


def test_hands_are_counted_out_of_the_deck_and_then_the_discard_pile():
    p = blank2()
    p = fields(p, hand_red_1="w1", hand_red_2="x5-1", hand_blue_1="w1")
    assert p["hands"] == {"red": ["w1", "x5-1"], "blue": ["w1"]}
    assert p["deck"]["w1"] == 2 and p["deck"]["x5-1"] == 5
    p = judged(ENGINE, {k: v for k, v in p.items() if k != "deck"} | {"discard": {"w1": 2}, "discarded": 2})
    p = fields(p, hand_red_3="w1")  # three in hands: one of the discarded goes back
    assert p["discard"] == {"w1": 1} and "w1" not in p["deck"]


def test_open_spells_of_the_master_wizards_and_who_is_asked():
    # bt-meester-spreuken: the open spells; bt-meester-volgorde: who is asked
    start = ENGINE.position_of(ENGINE.initial_state(validate_setup(ENGINE, {"players": 3, "master": True})))
    p = EDITOR.blank(ENGINE, start)
    names = {f.name for f in EDITOR.fields(ENGINE, p, "en")}
    assert {"spell_swap", "spell_lift", "spell_free"} <= names and "spell_used" not in names
    p = fields(p, spell_swap="yes", spell_raven="yes")
    assert p["spells"] == ["swap", "raven"]
    for i in range(1, 3):
        p, _ = edit(p, f"fl:blue:{i}", "flask:filled")
    p = fields(p, phase="offer-before-blue")
    assert p["phase"] == "offer" and p["turn"]["window"] == "before" and p["turn"]["offer"] == "blue"


def test_the_team_exchange_phases():
    start = ENGINE.position_of(ENGINE.initial_state(validate_setup(ENGINE, {"players": 4, "teams": True})))
    p = fields(EDITOR.blank(ENGINE, start), hand_yellow_1="t3", asked="yes")
    assert p["turn"]["asked"] is True
    p = fields(p, phase="ask")
    assert p["phase"] == "ask" and ENGINE.legal_actions(ENGINE.state_from_position(p)) == ["give:t3", "give:none"]


# -- every target, every tool; the fuzz test -------------------------------------------------------

OFF_BOARD = [
    "card:w3",
    "roll:3",
    "pass",
    "cw",
    "nonsense",
    "sp:0",
    "sp:17",
    "tw:10",
    "wiz:black:s3",
    "fl:red:9",
    "wiz:red:x3",
    "wiz:red:s99",
    "spell:swap",
    "set:123",
]


def positions_to_edit() -> list[dict[str, Any]]:
    out = []
    for i, setup in enumerate(SETUPS + [{"players": 3, "master": True, "master_spells": 8}]):
        s = ENGINE.initial_state(validate_setup(ENGINE, setup))
        out.append(EDITOR.blank(ENGINE, ENGINE.position_of(s)))
        bots = random_bots(ENGINE, s)
        rng = random.Random(i)
        for _ in range(3):
            s = bot_play(ENGINE, s, bots, rng, max_actions=25).state
            out.append(ENGINE.position_of(s))
    return out


POSITIONS = positions_to_edit()


def targets_of(p: dict[str, Any]) -> list[str]:
    s = ENGINE.state_from_position(p)
    return sorted({sh.target for sh in GAME.view.board_view(ENGINE, s).shapes if sh.target})


def test_every_board_target_with_every_tool_gives_a_position_or_a_reason():
    for p in POSITIONS[:6]:
        tools = [item.id for item in EDITOR.palette(ENGINE, p, "move", "en")]
        for target in targets_of(p):
            assert target.split(":")[0] in ("sp", "tw", "wiz", "raven", "fl")
            for tool in tools:
                try:
                    result = apply_edit(ENGINE, EDITOR, p, target, tool, "de")
                except EditError:
                    continue
                ENGINE.state_from_position(result.position)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.integers(0, len(POSITIONS) - 1),
    steps=st.lists(
        st.tuples(st.integers(0, 50), st.integers(0, 200), st.booleans(), st.sampled_from(LANGS)), max_size=25
    ),
    field_steps=st.lists(st.tuples(st.integers(0, 100), st.integers(0, 100)), max_size=4),
)
def test_random_edits_raise_nothing_but_edit_errors(start, steps, field_steps):
    p = POSITIONS[start]
    tool = "move"
    for tool_i, target_i, keep, lang in steps:
        palette = [item.id for item in EDITOR.palette(ENGINE, p, tool, lang)]
        if not keep or tool not in palette:
            tool = palette[tool_i % len(palette)]
        targets = targets_of(p) + OFF_BOARD
        try:
            result = apply_edit(ENGINE, EDITOR, p, targets[target_i % len(targets)], tool, lang)
        except EditError:
            continue
        ENGINE.state_from_position(result.position)
        assert judged(ENGINE, result.position) == result.position
        p, tool = result.position, result.tool or tool
    for field_i, choice_i in field_steps:
        found = EDITOR.fields(ENGINE, p, "en")
        assert all(g.value in {c for c, _label in g.choices} for g in found)
        f = found[field_i % len(found)]
        try:
            p = apply_fields(ENGINE, EDITOR, p, {f.name: f.choices[choice_i % len(f.choices)][0]}, "en")
        except EditError:
            continue
        ENGINE.state_from_position(p)
