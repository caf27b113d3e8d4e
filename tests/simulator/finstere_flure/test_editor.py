"""The position editor of Finstere Flure: building positions by tapping, each editing rule with its
reason in nl, de and en, the fields of the turn state, and random edits that never crash.

The editor is driven through ``rules.core.editor.apply_edit`` / ``apply_fields`` with the board's
agreed target ids (``sq:X,Y``, ``fig:<fid>``, ``monster``), as the page will. Where a refusal rests on
a rule, the test name carries the clause id (rulebooks/content/finstere-flure/rulebook.md)."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.bots import play, random_bots
from rules.core.editor import EditError, apply_edit, apply_fields
from rules.core.registry import get_game
from rules.core.tapping import TARGET_RE
from rules.games.finstere_flure import ENGINE, GAME
from rules.games.finstere_flure.board import SQUARES
from rules.games.finstere_flure.editor import EDITOR
from rules.games.finstere_flure.examples import sketch

from .support import new_game, rulebook_clauses

SCENARIOS = Path(__file__).resolve().parents[3] / "rules" / "games" / "finstere_flure" / "scenarios"
LANGS = ("nl", "de", "en")
CITED = {
    "ff-monster-beginpositie", "ff-startvoorraad", "ff-monster-voorbeeld", "ff-steen-op-start-of-doel",
    "ff-steenblokken", "ff-bloedplassen", "ff-dmaufbau-bloedplassen", "ff-monster-glijdt", "ff-vrij-eindveld",
    "ff-gepakt-hoofdstuk-1", "ff-gepakt-hoofdstuk-2", "ff-eerste-ronde", "ff-eens-per-ronde", "ff-ronde",
    "ff-einde-ingeluid", "ff-einde-bord-leeg", "ff-monsterkaarten", "ff-eerste-kaart", "ff-monster-getalkaart",
    "ff-monster-treffers", "ff-beurtvolgorde", "ff-dmaufbau-plaatsen", "ff-omdraaien", "ff-figuren",
    "ff-einde-gelijke-stand", "ff-monster-stuk", "ff-steen-op-bloedplas", "ff-hoofdstuk-1-einde",
}  # fmt: skip


def test_every_cited_clause_exists():
    assert CITED <= rulebook_clauses()


def position(**kw):
    """A hand-written position, in the engine's canonical form."""
    kw.setdefault("monster", (10, 0))
    return ENGINE.position_of(ENGINE.state_from_position(sketch(**kw)))


def tap(pos, target, tool, lang="nl"):
    return apply_edit(ENGINE, EDITOR, pos, target, tool, lang)


def refusal(pos, target, tool, lang="nl") -> EditError:
    with pytest.raises(EditError) as info:
        tap(pos, target, tool, lang)
    assert not info.value.engine, f"the engine refused it, not the editor's own rule: {info.value}"
    return info.value


def fields_refusal(pos, values, lang="nl") -> EditError:
    with pytest.raises(EditError) as info:
        apply_fields(ENGINE, EDITOR, pos, values, lang)
    assert not info.value.engine, f"the engine refused it, not the editor's own rule: {info.value}"
    return info.value


def reasons(pos, target, tool):
    return {lang: refusal(pos, target, tool, lang).reason for lang in LANGS}


def fields_reasons(pos, values):
    return {lang: fields_refusal(pos, values, lang).reason for lang in LANGS}


def assert_said(found: dict[str, str], **words: str) -> None:
    """Each language's reason contains its own word (hand-written here), and no engine code."""
    assert set(found) == set(LANGS)
    for lang in LANGS:
        assert words[lang].lower() in found[lang].lower(), (lang, found[lang])
        assert not re.search(r"ff-[a-z]|_|'[a-z]+'", found[lang]), found[lang]
    assert len(set(found.values())) == 3, "the three languages must differ"


def fig(pos, fid):
    return pos["figures"][fid]


def squares(pos, key):
    return {tuple(s) for s in pos[key]}


# -- blank and the registry ---------------------------------------------------------------------------


def test_the_game_exports_the_editor():
    spec = get_game("finstere-flure")
    assert spec is GAME and spec.editor is EDITOR


@pytest.mark.parametrize("players", [2, 4, 7])
def test_blank_keeps_the_players_and_empties_the_board_ff_monster_beginpositie_ff_startvoorraad(players):
    start = ENGINE.position_of(new_game(players))
    blank = EDITOR.blank(ENGINE, start)
    assert blank["players"] == start["players"]
    assert blank["stones"] == [] and blank["blood"] == []
    assert blank["monster"] == {"at": [0, 0], "facing": "R"}
    assert (blank["phase"], blank["chapter"], blank["round"], blank["discard"]) == ("players", 1, 1, [])
    for fid, f in blank["figures"].items():
        assert f == {"at": "pool", "showing": int(fid.lstrip("abcdefghijklmnopqrstuvwxyz")), "moved": False}
    assert ENGINE.state_from_position(blank) is not None


def test_blank_of_a_position_in_the_middle_of_a_game():
    rng = random.Random(5)
    state = new_game(3)
    state = play(ENGINE, state, random_bots(ENGINE, state), rng, max_actions=60).state
    blank = EDITOR.blank(ENGINE, ENGINE.position_of(state))
    assert blank == EDITOR.blank(ENGINE, ENGINE.position_of(new_game(3)))


# -- the worked example, built by taps and fields only -------------------------------------------------


def scenario_start(name: str):
    with open(SCENARIOS / f"{name}.toml", "rb") as handle:
        raw = tomllib.load(handle)
    return ENGINE.position_of(ENGINE.state_from_position(raw["position"]))


def build_worked_example(lang: str):
    """The seed's worked monster turn (ff-monster-voorbeeld), from an empty 2-player board."""
    pos = EDITOR.blank(ENGINE, ENGINE.position_of(new_game(2)))
    for x, y in [(2, 2), (13, 2), (12, 5), (11, 7), (14, 8), (8, 9)]:
        pos = tap(pos, f"sq:{x},{y}", "stone", lang).position
    pos = tap(pos, "sq:6,2", "pool4h", lang).position
    pos = tap(pos, "sq:4,7", "pool2", lang).position
    pos = tap(pos, "sq:4,1", "monster:L", lang).position
    pos = tap(pos, "sq:4,9", "fig:red1:1", lang).position
    pos = tap(pos, "sq:10,2", "fig:yellow1:1", lang).position
    pos = tap(pos, "sq:7,5", "fig:yellow4:4", lang).position
    pos = apply_fields(ENGINE, EDITOR, pos, {"phase": "card", "round": "3"}, lang)
    return apply_fields(ENGINE, EDITOR, pos, {"card1": "7", "card2": "8"}, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_worked_example_is_built_from_blank_by_taps_and_fields_ff_monster_voorbeeld(lang):
    assert build_worked_example(lang) == scenario_start("ff-monster-voorbeeld")


def test_the_built_worked_example_plays_the_monster_turn_of_the_rulebook_ff_monster_voorbeeld():
    state = ENGINE.state_from_position(build_worked_example("nl"))
    state, _ = ENGINE.apply(state, "card:10")
    for _ in range(10):
        state, _ = ENGINE.apply(state, "monster")
    pos = ENGINE.position_of(state)
    assert pos["monster"] == {"at": [7, 8], "facing": "U"}
    assert fig(pos, "yellow1")["at"] == "pool" and [2, 2] in pos["stones"] and [13, 2] not in pos["stones"]


# -- what each tool does --------------------------------------------------------------------------------


def test_a_stone_lies_where_it_is_tapped_and_empty_takes_it_away():
    pos = position()
    pos = tap(pos, "sq:5,5", "stone").position
    assert squares(pos, "stones") == {(5, 5)}
    assert tap(pos, "sq:5,5", "empty").position["stones"] == []


@pytest.mark.parametrize(
    "tool, at, expected",
    [
        ("pool4h", (3, 3), {(3, 3), (4, 3), (5, 3), (6, 3)}),
        ("pool4v", (3, 3), {(3, 3), (3, 4), (3, 5), (3, 6)}),
        ("pool2", (3, 3), {(3, 3), (4, 3), (3, 4), (4, 4)}),
    ],
)
def test_a_blood_pool_is_placed_from_its_top_left_square_ff_bloedplassen(tool, at, expected):
    pos = tap(position(), f"sq:{at[0]},{at[1]}", tool).position
    assert squares(pos, "blood") == expected
    inner = sorted(expected)[2]
    assert tap(pos, f"sq:{inner[0]},{inner[1]}", "empty").position["blood"] == []  # the whole pool goes


def test_a_figure_goes_where_it_is_tapped_showing_either_side_ff_figuren():
    pos = tap(position(), "sq:5,5", "fig:red2:5").position
    assert fig(pos, "red2") == {"at": [5, 5], "showing": 5, "moved": False}
    pos = tap(pos, "sq:6,5", "fig:red2:2").position  # the same figure again: it moves there
    assert fig(pos, "red2") == {"at": [6, 5], "showing": 2, "moved": False}
    assert pos["figures"].keys() == position()["figures"].keys()


def test_tapping_a_figure_with_its_own_other_side_turns_it_over_ff_omdraaien():
    pos = tap(position(), "sq:5,5", "fig:red3:3").position
    pos = tap(pos, "fig:red3", "fig:red3:4").position  # on the board
    assert fig(pos, "red3") == {"at": [5, 5], "showing": 4, "moved": False}
    pos = tap(pos, "fig:yellow1", "fig:yellow1:6").position  # in the start pool
    assert fig(pos, "yellow1") == {"at": "pool", "showing": 6, "moved": False}


def test_the_monster_tools_place_and_turn_the_monster_ff_monster_stuk():
    pos = tap(position(), "sq:3,3", "monster:D").position
    assert pos["monster"] == {"at": [3, 3], "facing": "D"}
    pos = tap(pos, "monster", "monster:L").position
    assert pos["monster"] == {"at": [3, 3], "facing": "L"}


def test_empty_sends_a_figure_back_to_the_pool_keeping_its_side_and_brings_saved_figures_back():
    pos = position(figures={"red1": ((5, 5), 6), "yellow2": "saved"}, saved=["yellow2"])
    pos = tap(pos, "sq:5,5", "empty").position
    assert fig(pos, "red1") == {"at": "pool", "showing": 6, "moved": False}
    pos = tap(pos, "fig:yellow2", "empty").position
    assert fig(pos, "yellow2") == {"at": "pool", "showing": 2, "moved": False} and pos["saved"] == []


def test_empty_on_an_empty_square_changes_nothing():
    pos = position()
    assert tap(pos, "sq:5,5", "empty").position == pos


def test_move_picks_a_piece_up_and_drops_it_on_its_new_square():
    pos = position(figures={"red4": ((5, 5), 3)}, stones=[(7, 7)], blood=[(3, 3), (4, 3), (3, 4), (4, 4)])
    picked = tap(pos, "fig:red4", "move")
    assert picked.position == pos and picked.tool == "drop:fig:red4"
    dropped = tap(pos, "sq:6,6", picked.tool)
    assert dropped.tool == "move" and fig(dropped.position, "red4") == {"at": [6, 6], "showing": 3, "moved": False}
    stone = tap(pos, "sq:7,7", "move")
    assert stone.tool == "drop:stone:7,7"
    assert squares(tap(pos, "sq:8,8", stone.tool).position, "stones") == {(8, 8)}
    monster = tap(pos, "monster", "move")
    assert monster.tool == "drop:monster"
    assert tap(pos, "sq:1,1", monster.tool).position["monster"] == {"at": [1, 1], "facing": "R"}
    blood = tap(pos, "sq:4,4", "move")  # any square of the pool picks it up by its top-left square
    assert blood.tool == "drop:pool:3,3"
    moved_pool = tap(pos, "sq:6,6", blood.tool).position  # a stone may lie on blood (ff-steen-op-bloedplas)
    assert squares(moved_pool, "blood") == {(6, 6), (7, 6), (6, 7), (7, 7)}
    assert squares(moved_pool, "stones") == {(7, 7)}


def test_a_pool_figure_is_moved_onto_the_board_by_its_chip():
    picked = tap(position(), "fig:yellow3", "move")
    assert picked.tool == "drop:fig:yellow3"
    assert fig(tap(position(), "sq:2,2", picked.tool).position, "yellow3")["at"] == [2, 2]


def test_dropping_a_piece_on_its_own_place_puts_it_down_unchanged():
    pos = position(figures={"red4": (5, 5)}, stones=[(7, 7)])
    for target, tool in (("fig:red4", "drop:fig:red4"), ("sq:7,7", "drop:stone:7,7"), ("monster", "drop:monster")):
        result = tap(pos, target, tool)
        assert result.position == pos and result.tool == "move"


def test_a_pool_moves_without_counting_as_a_second_pool_and_may_overlap_its_old_place():
    pos = position(blood=[(3, 3), (4, 3), (5, 3), (6, 3)])
    moved = tap(pos, "sq:4,3", "drop:pool:3,3").position
    assert squares(moved, "blood") == {(4, 3), (5, 3), (6, 3), (7, 3)}


@pytest.mark.parametrize("lang", LANGS)
def test_the_palette_shows_the_held_piece_as_the_current_tool(lang):
    pos = position(figures={"red4": (5, 5)}, stones=[(7, 7)], blood=[(3, 3), (4, 3), (3, 4), (4, 4)])
    names = {"nl": ("Rood 4", "steenblok", "monster", "2 × 2"), "de": ("Rot 4", "Steinblock", "Monster", "2 × 2"),
             "en": ("Red 4", "stone block", "monster", "2 × 2")}[lang]  # fmt: skip
    for tool, name in zip(("drop:fig:red4", "drop:stone:7,7", "drop:monster", "drop:pool:3,3"), names, strict=True):
        items = EDITOR.palette(ENGINE, pos, tool, lang)
        assert items[0].id == tool and name in items[0].label
    assert all(not item.id.startswith("drop:") for item in EDITOR.palette(ENGINE, pos, "move", lang))


def test_the_palette_offers_both_sides_of_every_figure_and_the_tools_of_the_phase():
    pos = position(players=("red", "yellow", "green", "blue", "purple"))
    ids = [item.id for item in EDITOR.palette(ENGINE, pos, "stone", "en")]
    assert len(ids) == len(set(ids)) and all(TARGET_RE.match(i) for i in ids)
    figure_tools = {i for i in ids if i.startswith("fig:")}
    assert len(figure_tools) == 5 * 3 * 2 and {"fig:purple3:3", "fig:purple3:4", "fig:red1:6"} <= figure_tools
    assert {"stone", "pool4h", "pool4v", "pool2", "empty", "move", "moved", "saved"} <= set(ids)
    assert {"monster:U", "monster:D", "monster:L", "monster:R"} <= set(ids)
    assert "out" not in ids  # chapter 1: nobody is out
    chapter_2 = position(chapter=2, phase="card", discard=["5"])
    ids_2 = {item.id for item in EDITOR.palette(ENGINE, chapter_2, "stone", "en")}
    assert "out" in ids_2 and "moved" not in ids_2


@pytest.mark.parametrize("lang", LANGS)
def test_palette_labels_are_plain_words(lang):
    items = EDITOR.palette(ENGINE, position(), "move", lang)
    for item in items:
        assert item.label and item.group and ":" not in item.label.replace(": ", " ")
    red6 = next(i for i in items if i.id == "fig:red1:6")
    assert {"nl": "Rood 1", "de": "Rot 1", "en": "Red 1"}[lang] in red6.label and "6" in red6.label


def test_moved_toggles_the_mark_in_the_players_part_ff_eens_per_ronde():
    pos = position(figures={"red1": (5, 5)})
    pos = tap(pos, "fig:red1", "moved").position
    assert fig(pos, "red1")["moved"] and pos["turn"]["player"] == "yellow"
    pos = tap(pos, "sq:5,5", "moved").position
    assert not fig(pos, "red1")["moved"] and pos["turn"]["player"] == "red"


def test_saved_figures_keep_the_order_of_tapping_ff_einde_gelijke_stand():
    pos = position(figures={"red1": (0, 0)})
    pos = tap(pos, "fig:yellow2", "saved").position
    pos = tap(pos, "sq:0,0", "saved").position
    assert pos["saved"] == ["yellow2", "red1"] and fig(pos, "red1") == "saved"


def test_out_takes_a_figure_out_of_the_game_in_chapter_2_ff_gepakt_hoofdstuk_2():
    pos = position(chapter=2, figures={"red1": (4, 4)})
    assert fig(tap(pos, "fig:red1", "out").position, "red1") == "out"


# -- the editor's refusals, in three languages ------------------------------------------------------


def test_two_things_never_share_a_square():
    pos = position(figures={"red1": (5, 5)}, stones=[(6, 6)], monster=(7, 7))
    assert_said(reasons(pos, "sq:6,6", "fig:yellow1:1"), nl="steenblok", de="Steinblock", en="stone block")
    assert_said(reasons(pos, "fig:red1", "stone"), nl="Rood 1", de="Rot 1", en="Red 1")
    assert_said(reasons(pos, "monster", "fig:red2:2"), nl="monster", de="Monster", en="monster")
    assert_said(reasons(pos, "sq:5,5", "monster:U"), nl="twee dingen", de="zwei Dinge", en="two things")
    assert_said(reasons(pos, "sq:6,6", "drop:fig:red1"), nl="(6, 6)", de="(6, 6)", en="(6, 6)")
    assert_said(reasons(pos, "sq:5,5", "drop:stone:6,6"), nl="Rood 1", de="Rot 1", en="Red 1")


@pytest.mark.parametrize("target", ["sq:0,0", "sq:15,10"])
def test_no_stone_on_the_start_or_exit_square_ff_steen_op_start_of_doel(target):
    assert_said(reasons(position(monster=(7, 7)), target, "stone"), nl="startveld", de="Zielfeld", en="start")


def test_there_are_only_eleven_stones_ff_steenblokken():
    pos = position(stones=[(x, 5) for x in range(1, 12)])
    assert_said(reasons(pos, "sq:3,3", "stone"), nl="11", de="11", en="11")


def test_a_blood_pool_never_touches_the_wall_ff_dmaufbau_bloedplassen():
    assert_said(reasons(position(), "sq:1,0", "pool2"), nl="buitenmuur", de="Außenmauer", en="outer wall")
    assert_said(reasons(position(), "sq:3,6", "pool4v"), nl="(3, 9)", de="(3, 9)", en="(3, 9)")


def test_a_blood_pool_must_lie_on_the_board():
    assert_said(reasons(position(), "sq:14,4", "pool4h"), nl="niet op het bord", de="nicht auf dem Spielplan",
                en="not on the board")  # fmt: skip


def test_the_two_pools_never_touch_or_overlap_ff_bloedplassen():
    pos = position(blood=[(3, 3), (4, 3), (5, 3), (6, 3)])
    assert_said(reasons(pos, "sq:7,3", "pool2"), nl="raken", de="berühren", en="touch")
    assert_said(reasons(pos, "sq:5,2", "pool2"), nl="overlappen", de="überlappen", en="overlap")


def test_there_is_only_one_pool_of_each_kind_ff_bloedplassen():
    pos = position(blood=[(3, 3), (4, 3), (5, 3), (6, 3)])
    assert_said(reasons(pos, "sq:3,6", "pool4v"), nl="1 × 4", de="1 × 4", en="1 × 4")


def test_the_monster_never_stands_on_blood_ff_monster_glijdt():
    pos = position(blood=[(3, 3), (4, 3), (3, 4), (4, 4)], monster=(8, 8))
    assert_said(reasons(pos, "sq:4,4", "monster:R"), nl="bloed", de="Blut", en="blood")
    assert_said(reasons(pos, "sq:3,3", "drop:monster"), nl="glijdt", de="rutscht", en="slides")
    assert_said(reasons(position(monster=(4, 4)), "sq:3,3", "pool2"), nl="(4, 4)", de="(4, 4)", en="(4, 4)")


def test_the_monster_cannot_be_removed_ff_monster_stuk():
    assert_said(reasons(position(), "monster", "empty"), nl="altijd op het bord", de="immer auf dem Spielplan",
                en="always on the board")  # fmt: skip


def test_no_figure_is_lost_in_chapter_1_ff_gepakt_hoofdstuk_1():
    assert_said(reasons(position(), "fig:red1", "out"), nl="hoofdstuk 1", de="Kapitel 1", en="chapter 1")


def test_the_moved_mark_exists_only_in_the_players_part():
    pos = position(phase="card")
    assert_said(reasons(pos, "fig:red1", "moved"), nl="spelers", de="Spieler", en="players")


def test_in_the_first_round_each_player_moves_two_figures_ff_eerste_ronde():
    pos = position(discard=(), figures={"red1": {"at": [5, 5], "showing": 6, "moved": True},
                                        "red2": {"at": [6, 5], "showing": 5, "moved": True}})  # fmt: skip
    assert_said(reasons(pos, "fig:red3", "moved"), nl="twee", de="zwei", en="two")


def test_the_last_due_figure_cannot_be_marked_moved_in_the_players_part_ff_ronde():
    # Yellow has moved all four; red has three marked: marking the fourth leaves nobody to move.
    figures = {f"yellow{v}": {"at": "pool", "showing": 7 - v, "moved": True} for v in (1, 2, 3, 4)}
    figures |= {f"red{v}": {"at": "pool", "showing": 7 - v, "moved": True} for v in (1, 2, 3)}
    pos = position(figures=figures)
    assert_said(reasons(pos, "fig:red4", "moved"), nl="monsterkaart", de="Monsterkarte", en="monster card")


def test_the_end_rung_outside_the_players_part_is_refused_ff_einde_ingeluid():
    pos = position(phase="card", figures={"red1": "saved", "red2": "saved"}, saved=["red1", "red2"])
    assert_said(reasons(pos, "fig:red3", "saved"), nl="ingeluid", de="eingeläutet", en="rung")


def test_an_empty_board_in_chapter_2_is_the_end_ff_einde_bord_leeg():
    figures = {f"{c}{v}": "out" for c in ("red", "yellow") for v in (1, 2, 3)}
    pos = position(chapter=2, phase="card", figures=figures | {"yellow4": "out"})
    assert_said(reasons(pos, "fig:red4", "out"), nl="hoofdstuk 2", de="Kapitel 2", en="chapter 2")


def test_building_the_board_needs_every_figure_in_the_pool_ff_dmaufbau_plaatsen():
    pos = ENGINE.position_of(new_game(2, dmaufbau=True))
    assert_said(reasons(pos, "sq:5,5", "fig:red1:1"), nl="startvoorraad", de="Startvorrat", en="start pool")


def test_unknown_targets_and_tools_are_refused_in_the_readers_language():
    pos = position()
    for target in ("sq:0,10", "sq:16,0", "sq:a,b", "fig:red9", "fig:green1", "stone"):
        assert_said(reasons(pos, target, "stone"), nl="bord", de="Spielplan", en="board")
    for tool in ("fig:red1:2", "fig:red1", "monster:X", "drop:fig:nobody", "drop:pool:1,1", "paint"):
        found = reasons(pos, "sq:5,5", tool)
        assert all(found[lang] for lang in LANGS) and len(set(found.values())) == 3


def test_a_tool_for_squares_tapped_on_a_pool_figure_asks_for_a_square():
    assert_said(reasons(position(), "fig:red2", "monster:U"), nl="veld", de="Feld", en="square")
    assert_said(reasons(position(), "fig:red2", "fig:red1:1"), nl="veld", de="Feld", en="square")


# -- fields --------------------------------------------------------------------------------------------


def fields_of(pos, lang="nl"):
    return {f.name: f for f in EDITOR.fields(ENGINE, pos, lang)}


def test_the_fields_show_the_turn_state():
    pos = scenario_start("ff-monster-voorbeeld")
    fields = fields_of(pos)
    assert {name: f.value for name, f in fields.items()} == {
        "phase": "card", "chapter": "1", "round": "3", "card1": "7", "card2": "8"}  # fmt: skip
    assert [c for c, _l in fields["card1"].choices] == ["5", "7", "8", "10"]  # ff-eerste-kaart
    assert [c for c, _l in fields["card2"].choices] == ["5", "7", "8", "10", "X", "XX"]


@pytest.mark.parametrize("lang", LANGS)
def test_field_labels_are_plain_words(lang):
    pos = position(chapter=2, phase="monster", discard=["5", "X"], monster_turn={"card": "X", "steps": 3})
    fields = fields_of(pos, lang)
    assert set(fields) == {"phase", "chapter", "round", "card1", "card2", "steps", "caught"}
    round_word = {"nl": "Ronde 9", "de": "Runde 9", "en": "Round 9"}[lang]
    assert dict(fields["round"].choices)["2"].startswith(round_word)  # round 2 of chapter 2 is round 9
    assert {"nl": "treffer", "de": "Treffer", "en": "hit"}[lang] in dict(fields["card2"].choices)["X"]
    for f in fields.values():
        assert f.label and all(label for _v, label in f.choices)
        assert "_" not in f.label and not any(label.startswith("ff-") for _v, label in f.choices)


def test_the_round_sets_how_many_cards_were_turned_over_ff_ronde():
    pos = apply_fields(ENGINE, EDITOR, position(discard=()), {"round": "4"}, "nl")
    assert pos["round"] == 4 and pos["discard"] == ["5", "7", "7"] and pos["deck"] == ["8", "8", "10", "X", "XX"]
    pos = apply_fields(ENGINE, EDITOR, pos, {"round": "2"}, "nl")
    assert pos["round"] == 2 and pos["discard"] == ["5"]


def test_the_first_card_of_the_game_is_never_x_ff_eerste_kaart():
    assert_said(fields_reasons(position(chapter=2, discard=["X"]), {"chapter": "1"}), nl="X", de="X", en="X")
    # Cards filled in for a later round never start with X or XX either.
    for card in ("5", "7", "8", "10"):
        pos = position(chapter=2, discard=[card, "X", "XX"])
        assert apply_fields(ENGINE, EDITOR, pos, {"chapter": "1"}, "nl")["discard"] == [card, "X", "XX"]


def test_chapter_2_rounds_count_on_from_chapter_1_ff_ronde():
    pos = apply_fields(ENGINE, EDITOR, position(discard=("5", "7")), {"chapter": "2"}, "nl")
    assert pos["chapter"] == 2 and pos["round"] == 10


def test_the_phase_monster_puts_the_last_card_in_play_ff_monster_getalkaart():
    pos = apply_fields(ENGINE, EDITOR, position(discard=("5", "7")), {"phase": "monster"}, "nl")
    assert pos["phase"] == "monster" and pos["round"] == 3 and len(pos["discard"]) == 3
    assert pos["monster_turn"] == {"card": pos["discard"][-1], "steps": 0, "caught": 0}
    pos = apply_fields(ENGINE, EDITOR, pos, {"card3": "10"}, "nl")
    pos = apply_fields(ENGINE, EDITOR, pos, {"steps": "7"}, "nl")
    assert pos["monster_turn"] == {"card": "10", "steps": 7, "caught": 0}
    assert fields_of(pos)["card3"].label.startswith("Monsterkaart in het spel")


def test_a_smaller_card_cannot_have_taken_more_steps_ff_monster_getalkaart():
    pos = position(phase="monster", discard=("7", "10"), monster_turn={"card": "10", "steps": 8})
    assert_said(fields_reasons(pos, {"card2": "5", "steps": "6"}), nl="hoogstens 4", de="höchstens 4", en="at most 4")
    # Left as it was, the count of steps follows the smaller card.
    assert apply_fields(ENGINE, EDITOR, pos, {"card2": "5"}, "nl")["monster_turn"]["steps"] == 4


def test_with_xx_the_monster_stops_after_two_catches_ff_monster_treffers():
    pos = position(phase="monster", discard=("7", "XX"), monster_turn={"card": "XX", "steps": 2, "caught": 0})
    assert [c for c, _l in fields_of(pos)["caught"].choices] == ["0", "1"]
    assert_said(fields_reasons(pos, {"card2": "X", "caught": "1"}), nl="1 figuur", de="1 Figur", en="1 figure")
    # Left as it was, a count of catches that the new card would have stopped at is taken back.
    caught = position(phase="monster", discard=("7", "XX"), monster_turn={"card": "XX", "steps": 2, "caught": 1})
    assert apply_fields(ENGINE, EDITOR, caught, {"card2": "X"}, "nl")["monster_turn"]["caught"] == 0


def test_there_are_eight_cards_ff_monsterkaarten():
    pos = position(discard=("5", "7"))
    assert_said(fields_reasons(pos, {"card2": "5"}), nl="maar 1", de="nur 1", en="only 1")


def test_whose_turn_follows_the_moved_figures_ff_beurtvolgorde():
    pos = position(figures={"red1": {"at": [5, 5], "showing": 6, "moved": True}})
    assert fields_of(pos)["turn"].value == "yellow"
    assert_said(fields_reasons(pos, {"turn": "red"}), nl="Rood", de="Rot", en="Red")
    assert apply_fields(ENGINE, EDITOR, pos, {"turn": "yellow"}, "nl") == pos


def test_whose_turn_counts_a_turn_that_saved_a_figure_ff_beurtvolgorde():
    # Red saved a figure this round (a turn without a mark): yellow may be the one to move.
    pos = position(figures={"red1": "saved"}, saved=["red1"])
    assert fields_of(pos)["turn"].value == "red"
    turned = apply_fields(ENGINE, EDITOR, pos, {"turn": "yellow"}, "nl")
    assert turned["turn"] == {"player": "yellow", "turns_taken": {"red": 1, "yellow": 0}}


def test_the_phase_over_needs_a_reason_to_be_over_ff_einde_ingeluid():
    assert_said(fields_reasons(position(), {"phase": "over"}), nl="niet afgelopen", de="nicht vorbei", en="not over")
    saved = ["red1", "red2", "red3"]
    pos = position(figures={f: "saved" for f in saved}, saved=saved)
    over = apply_fields(ENGINE, EDITOR, pos, {"phase": "over"}, "nl")
    assert over["ending"] == "ff-einde-kampioenschap"
    assert ENGINE.result(ENGINE.state_from_position(over)).winners == ("red",)
    assert set(fields_of(over)) >= {"ending"}


def test_leaving_the_players_part_clears_the_moved_marks():
    pos = position(figures={"red1": {"at": [5, 5], "showing": 6, "moved": True}})
    card = apply_fields(ENGINE, EDITOR, pos, {"phase": "card"}, "nl")
    assert card["phase"] == "card" and fig(card, "red1")["moved"] is False and card["turn"] is None


def test_only_changed_fields_are_applied():
    """A form sends every field: unchanged values (even stale ones) change nothing."""
    pos = scenario_start("ff-monster-voorbeeld")
    values = {f.name: f.value for f in EDITOR.fields(ENGINE, pos, "nl")}
    assert apply_fields(ENGINE, EDITOR, pos, values, "nl") == pos
    assert apply_fields(ENGINE, EDITOR, pos, values | {"round": "5"}, "nl")["discard"] == ["7", "8", "5", "7"]


def test_after_seven_cards_the_chapter_is_over_ff_hoofdstuk_1_einde():
    pos = position(chapter=2, phase="over", discard=("5", "7", "7", "8", "8", "10", "X"), ending="ff-einde-kaarten-op")
    assert fields_of(pos)["round"].value == "8"
    assert_said(fields_reasons(pos, {"phase": "card"}), nl="zeven", de="sieben", en="seven")


def test_unknown_fields_and_values_are_refused():
    with pytest.raises(EditError):
        apply_fields(ENGINE, EDITOR, position(), {"colour": "red"}, "nl")
    with pytest.raises(EditError):
        apply_fields(ENGINE, EDITOR, position(), {"round": "9"}, "nl")


# -- random edits never crash -----------------------------------------------------------------------

OFF_BOARD = ("sq:0,10", "sq:15,0", "sq:16,3", "sq:3,11", "fig:red9", "fig:orange1", "monster:U", "pool")


def targets_for(pos) -> list[str]:
    """The board's targets (the agreed ids, plus any the board view draws) and a few that are not."""
    found = {f"sq:{x},{y}" for x, y in SQUARES} | {f"fig:{fid}" for fid in pos["figures"]} | {"monster"}
    view = GAME.view.board_view(ENGINE, ENGINE.state_from_position(pos))
    found |= {shape.target for shape in view.shapes if shape.target}
    return sorted(found) + list(OFF_BOARD)


def bot_reached_positions() -> list[dict]:
    out = []
    for seed, players in ((1, 2), (2, 4), (3, 7), (4, 3)):
        rng = random.Random(seed)
        state = new_game(players, dmaufbau=seed == 4)
        for limit in (15, 120, 400):
            reached = play(ENGINE, state, random_bots(ENGINE, state), rng, max_actions=limit).state
            out.append(ENGINE.position_of(reached))
    return out


STARTS = [EDITOR.blank(ENGINE, ENGINE.position_of(new_game(n))) for n in (2, 5)] + bot_reached_positions()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(range(len(STARTS))), seed=st.integers(0, 10**6), steps=st.integers(1, 30),
       lang=st.sampled_from(LANGS))  # fmt: skip
def test_random_edits_raise_nothing_but_edit_errors_and_every_result_is_a_valid_position(start, seed, steps, lang):
    rng = random.Random(seed)
    pos = STARTS[start]
    tool = "move"
    for _ in range(steps):
        if rng.random() < 0.15:
            fields = EDITOR.fields(ENGINE, pos, lang)
            field = rng.choice(fields)
            try:
                pos = apply_fields(ENGINE, EDITOR, pos, {field.name: rng.choice(field.choices)[0]}, lang)
            except EditError as exc:
                assert exc.reason
            ENGINE.state_from_position(pos)
            continue
        palette = EDITOR.palette(ENGINE, pos, tool, lang)
        assert all(TARGET_RE.match(item.id) and item.label for item in palette)
        if rng.random() < 0.7 or not tool.startswith("drop:"):
            tool = rng.choice(palette).id if rng.random() < 0.95 else rng.choice(["drop:stone:3,3", "drop:pool:5,5"])
        target = rng.choice(targets_for(pos))
        try:
            result = apply_edit(ENGINE, EDITOR, pos, target, tool, lang)
        except EditError as exc:
            assert exc.reason
            continue
        ENGINE.state_from_position(result.position)
        pos = result.position
        if result.tool is not None:
            tool = result.tool
