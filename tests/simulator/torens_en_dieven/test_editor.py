"""The position editor (rules.core.editor): each editing rule, its refusal in nl/de/en, what each
tool and field does, and random editing sessions that never crash (hypothesis)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core.bots import play, random_bots
from rules.core.editor import EditError, apply_edit, apply_fields, palette_ids
from rules.core.setup import random_setup, validate_setup
from rules.games.torens_en_dieven import EDITOR, ENGINE, GAME

from .support import position

LANGS = ("nl", "de", "en")


def pos(**fields):
    """A position of the shared test table (red and green; the start tile on (0, 0), land on (1, 0), a
    tower tile on (2, 0) with a tower of 1; land 10, thief3 1, thief5 1 in the stack), canonical."""
    return ENGINE.position_of(position(**fields))


def edit(p, target, tool, lang="en"):
    return apply_edit(ENGINE, EDITOR, p, target, tool, lang)


def fields(p, lang="en", **values):
    return apply_fields(ENGINE, EDITOR, p, values, lang)


def reasons(do):
    """The editor's own reasons for refusing ``do(lang)`` in nl, de and en."""
    out = []
    for lang in LANGS:
        with pytest.raises(EditError) as info:
            do(lang)
        assert not info.value.engine, info.value  # the editor refused it, in the reader's language
        out.append(info.value.reason)
    assert len(set(out)) == 3, out
    return tuple(out)


def refused(p, target, tool):
    return reasons(lambda lang: edit(p, target, tool, lang))


def refused_fields(p, **values):
    return reasons(lambda lang: fields(p, lang, **values))


def towers(p):
    return {tuple(t["at"]): (t["pieces"], t["guard"]) for t in p["towers"]}


def tiles(p):
    return {(t[0], t[1]): t[2] for t in p["tiles"]}


# A row of five tower tiles: 20 pieces in all, the supply is empty (td-voorraad-torendelen).
FULL_ROW = {
    "tiles": [[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"], [3, 0, "tower"], [4, 0, "tower"], [5, 0, "tower"]],
    "towers": [{"at": [1, 0], "pieces": 5}, {"at": [2, 0], "pieces": 5}, {"at": [3, 0], "pieces": 5},
               {"at": [4, 0], "pieces": 4}, {"at": [5, 0], "pieces": 1}],
}


# -- blank ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("setup", [{"players": 3, "river": True, "land": 71}, {"players": 5, "river": False, "land": 20},
                                   {"players": 2, "river": True, "land": 0}])
def test_blank_is_the_start_of_a_game_with_the_same_players_and_options(setup):
    setup = validate_setup(ENGINE, setup)
    state = ENGINE.initial_state(setup)
    game = play(ENGINE, state, random_bots(ENGINE, state), random.Random(4), max_actions=25)
    blank = EDITOR.blank(ENGINE, ENGINE.position_of(game.state))
    # td-rivier-schudden (the source is the start tile, 11 river tiles), td-landtegels-schudden,
    # td-stapel-torentegels, td-voorraad-torendelen: exactly the engine's start of that game
    assert blank == ENGINE.position_of(ENGINE.initial_state(setup))


def test_blank_keeps_the_colours_of_the_position():
    blank = EDITOR.blank(ENGINE, pos(players=["blue", "yellow"], turn="yellow"))
    assert blank["players"] == ["blue", "yellow"] and blank["turn"] == "blue"
    assert blank["tiles"] == [[0, 0, "start"]] and blank["towers"] == [] and blank["supply"] == 20
    assert blank["stack"]["land"] == 10 + 1  # the plain land tiles of the game: 10 in the stack, 1 on the table


# -- tiles ----------------------------------------------------------------------------------------------


def test_a_tile_on_an_open_square_comes_out_of_its_stack():
    p = edit(pos(), "sq:3,0", "tile:land").position
    assert tiles(p)[(3, 0)] == "land" and p["stack"]["land"] == 9
    p = edit(p, "sq:1,-1", "tile:thief5").position
    assert tiles(p)[(1, -1)] == "thief5" and "thief5" not in p["stack"]
    assert edit(p, "sq:1,-1", "move").tool == "drop:sq:1,-1"


def test_a_tower_tile_starts_a_tower_of_one_piece_td_toren_beginnen():
    p = edit(pos(), "sq:0,1", "tile:tower").position
    assert towers(p)[(0, 1)] == (1, None)
    assert p["supply"] == 18 and p["tower_stack"] == 3  # two of the five tower tiles are on the table


def test_a_tower_tile_with_the_supply_empty_is_an_empty_site_td_toren_beginnen():
    full = pos(**FULL_ROW, tower_stack=0)
    assert full["supply"] == 0
    # td-rivier-schudden: no river tiles in a game without De Rivier
    assert refused(full, "sq:6,0", "tile:rivertower")[2] == "This game is played without the river."
    river = pos(**{**FULL_ROW, "tiles": [[0, 0, "source"], *FULL_ROW["tiles"][1:]]}, river_stack={"rivertower": 1})
    p = edit(river, "sq:6,0", "tile:rivertower").position
    assert towers(p)[(6, 0)] == (0, None) and p["supply"] == 0 and p["river_stack"] == {}
    assert p == ENGINE.position_of(ENGINE.state_from_position(p))


def test_a_tile_changes_kind_and_a_lost_tower_site_returns_its_pieces_and_guard():
    p = pos(towers=[{"at": [2, 0], "pieces": 3, "guard": "green"}])
    assert p["supply"] == 17 and p["followers"]["green"] == 6
    p = edit(p, "tower:2,0", "tile:thief3").position
    assert tiles(p)[(2, 0)] == "thief3" and towers(p) == {}
    assert p["supply"] == 20 and p["followers"]["green"] == 7 and p["tower_stack"] == 5
    assert "thief3" not in p["stack"]  # the thief tile came out of the stack
    p = edit(p, "sq:2,0", "tile:land").position
    assert p["stack"]["thief3"] == 1 and p["stack"]["land"] == 9  # and went back in


def test_refused_a_tile_that_does_not_touch_the_grid_td_landtegel_leggen():
    assert refused(pos(), "sq:5,5", "tile:land") == (
        "Een tegel moet aan het speelveld grenzen; (5, 5) raakt geen enkele tegel.",
        "Eine Karte muss an das Spielfeld angrenzen; (5, 5) berührt keine Karte.",
        "A tile must touch the tiles on the table; (5, 5) touches none.",
    )


def test_refused_more_tiles_of_a_kind_than_the_game_has_td_landtegels():
    p = pos(stack={"land": 3, "thief5": 2})
    p = edit(edit(p, "sq:3,0", "tile:thief5").position, "sq:4,0", "tile:thief5").position
    # 2 tiles with thief symbol 5 in the game, both on the table now
    en = refused(p, "sq:5,0", "tile:thief5")[2]
    assert en == ("The game has only 2 × Land tile with thief symbol 5, and all of them are in use "
                  "(on the table, in hand or stolen).")
    # td-torentegels: 5 tower tiles, all on the table in FULL_ROW
    assert refused(pos(**FULL_ROW, tower_stack=0), "sq:6,0", "tile:tower")[2].startswith("The game has only 5 × Tower tile")


def test_refused_changing_or_removing_the_start_tile():
    assert refused(pos(), "sq:0,0", "tile:land")[2] == "The start tile stays the start tile."
    assert refused(pos(), "sq:0,0", "empty")[2] == "The start tile stays on the table."


# -- tower heights ----------------------------------------------------------------------------------------


def test_heights_set_a_tower_and_the_supply_follows_td_voorraad_torendelen():
    p = edit(pos(), "tower:2,0", "height:4").position
    assert towers(p)[(2, 0)] == (4, None) and p["supply"] == 16
    p = edit(p, "sq:2,0", "height:+1").position
    assert towers(p)[(2, 0)] == (5, None) and p["supply"] == 15
    p = edit(p, "tower:2,0", "height:-1").position
    assert towers(p)[(2, 0)] == (4, None) and p["supply"] == 16


def test_refused_a_tower_above_5_td_maximum_vijf():
    p = pos(towers=[{"at": [2, 0], "pieces": 5}])
    assert refused(p, "tower:2,0", "height:+1") == (
        "Een toren is hoogstens 5 torendelen hoog.",
        "Ein Turm ist höchstens 5 Turmteile hoch.",
        "A tower is at most 5 pieces high.",
    )


def test_refused_more_than_20_pieces_on_towers_td_voorraad_torendelen():
    p = pos(**FULL_ROW, tower_stack=0)
    assert p["supply"] == 0
    assert refused(p, "tower:4,0", "height:+1") == (
        "Dan staan er 21 torendelen op de torens; er zijn er maar 20.",
        "Dann stünden 21 Turmteile auf den Türmen; es gibt nur 20.",
        "That makes 21 pieces on the towers; there are only 20.",
    )


def test_refused_a_tower_below_one_piece_and_an_empty_site_beside_a_supply_td_toren_beginnen():
    assert refused(pos(), "tower:2,0", "height:-1")[2].startswith("A tower has at least 1 piece")
    # an empty site (the supply was empty when its tile was placed) and a tower that comes down
    row = {**FULL_ROW, "towers": [*FULL_ROW["towers"][:4], {"at": [5, 0], "pieces": 0}]}
    row["towers"][3] = {"at": [4, 0], "pieces": 5}
    p = pos(**row, tower_stack=0)
    assert p["supply"] == 0
    assert refused(p, "tower:1,0", "height:4")[2] == (
        "The tower site on (5, 0) stays empty only while the supply of tower pieces is empty; 1 would be in the supply.")


def test_refused_a_height_on_a_tile_without_tower_site():
    assert refused(pos(), "sq:1,0", "height:2")[2] == (
        "A tower stands only on a tower tile or on the river tile with the tower site.")


# -- guards ------------------------------------------------------------------------------------------------


def test_a_guard_comes_out_of_the_supply_and_displaces_another_td_wachter_verdrijven():
    p = edit(pos(), "tower:2,0", "guard:red").position
    assert towers(p)[(2, 0)] == (1, "red") and p["followers"] == {"red": 6, "green": 7}
    p = edit(p, "guard:2,0", "guard:green").position
    assert towers(p)[(2, 0)] == (1, "green") and p["followers"] == {"red": 7, "green": 6}
    assert p["scores"] == {"red": 0, "green": 0}  # setting up is not a move: no 2 points


def test_refused_a_guard_on_a_non_tower_td_wachter_zetten():
    assert refused(pos(), "sq:1,0", "guard:red") == (
        "Een wachter staat alleen op een toren.",
        "Ein Wächter steht nur auf einem Turm.",
        "A guard stands only on a tower.",
    )


def test_refused_a_guard_on_an_empty_site_td_toren_beginnen():
    row = {**FULL_ROW, "towers": [*FULL_ROW["towers"][:4], {"at": [5, 0], "pieces": 0}]}
    row["towers"][3] = {"at": [4, 0], "pieces": 5}
    assert refused(pos(**row, tower_stack=0), "tower:5,0", "guard:red")[2] == (
        "The empty tower site on (5, 0) has no tower to guard.")


def test_refused_a_guard_without_a_meeple_in_the_supply_td_wachter_zetten():
    # td-wachter-zetten (interpretation): 7 meeples in the supply; none left
    assert refused(pos(followers={"red": 0}), "tower:2,0", "guard:red")[2] == "Red has no meeple left in the supply."


# -- removing and moving -----------------------------------------------------------------------------------


def test_remove_takes_a_guard_home_and_a_tile_back_to_its_stack():
    p = pos(towers=[{"at": [2, 0], "pieces": 2, "guard": "red"}])
    q = edit(p, "guard:2,0", "empty").position
    assert towers(q)[(2, 0)] == (2, None) and q["followers"]["red"] == 7
    q = edit(p, "tower:2,0", "empty").position
    assert (2, 0) not in tiles(q) and towers(q) == {}
    assert q["supply"] == 20 and q["followers"]["red"] == 7 and q["tower_stack"] == 5


def test_removing_keeps_the_tiles_in_an_order_the_engine_reads():
    # (1, 1) touches (1, 0) only before (0, 1) is listed: without (1, 0) the order changes
    p = pos(tiles=[[0, 0, "start"], [1, 0], [1, 1], [0, 1], [2, 0, "tower"], [2, 1]])
    q = edit(p, "sq:1,0", "empty").position
    assert sorted(tiles(q)) == [(0, 0), (0, 1), (1, 1), (2, 0), (2, 1)]


def test_refused_removing_a_tile_that_holds_the_grid_together_and_removing_nothing():
    assert refused(pos(), "sq:1,0", "empty")[2] == "Without this tile the tiles would no longer hang together."
    assert refused(pos(), "sq:3,0", "empty")[2] == "There is nothing here."
    assert refused(pos(), "guard:2,0", "empty")[2] == "There is no guard on (2, 0)."


def test_move_picks_a_tile_up_with_its_tower_and_puts_it_down():
    p = pos(towers=[{"at": [2, 0], "pieces": 3, "guard": "green"}])
    picked = edit(p, "tower:2,0", "move")
    assert picked.position == p and picked.tool == "drop:sq:2,0"
    assert "drop:sq:2,0" in palette_ids(EDITOR.palette(ENGINE, p, picked.tool, "en"))
    dropped = edit(p, "sq:1,1", picked.tool)
    assert dropped.tool == "move"
    assert tiles(dropped.position)[(1, 1)] == "tower" and (2, 0) not in tiles(dropped.position)
    assert towers(dropped.position) == {(1, 1): (3, "green")}
    assert edit(p, "sq:2,0", picked.tool).position == p  # put back where it was
    assert refused(p, "sq:1,0", picked.tool)[2] == "There is a tile on (1, 0) already."
    assert refused(p, "sq:3,1", picked.tool)[2] == "A tile must touch the tiles on the table; (3, 1) touches none."


def test_move_takes_a_guard_to_another_tower():
    p = pos(tiles=[[0, 0, "start"], [1, 0, "tower"], [2, 0, "tower"]],
            towers=[{"at": [1, 0], "pieces": 2, "guard": "red"}, {"at": [2, 0], "pieces": 1}])
    picked = edit(p, "guard:1,0", "move")
    assert picked.tool == "drop:guard:1,0"
    q = edit(p, "tower:2,0", picked.tool).position
    assert towers(q) == {(1, 0): (2, None), (2, 0): (1, "red")} and q["followers"]["red"] == 6
    assert refused(p, "sq:0,0", picked.tool)[2] == "A guard stands only on a tower."
    assert refused(p, "sq:3,0", "move")[2] == "There is nothing here."


# -- fields ----------------------------------------------------------------------------------------------


def test_the_drawn_tile_comes_out_of_its_stack_and_goes_back():
    p = fields(pos(), phase="place", drawn="thief5")
    assert p["phase"] == "place" and p["drawn"] == "thief5" and "thief5" not in p["stack"]
    q = fields(p, drawn="land")
    assert q["drawn"] == "land" and q["stack"]["thief5"] == 1 and q["stack"]["land"] == 9
    r = fields(q, phase="draw")
    assert r["drawn"] is None and r["stack"]["land"] == 10


def test_the_fields_set_turn_scores_followers_stolen_and_stacks():
    p = fields(pos(), turn="green", score_red="12", followers_green="3", stolen="7", tower_stack="2",
               stack_thief2="1")
    assert p["turn"] == "green" and p["scores"]["red"] == 12 and p["followers"]["green"] == 3
    assert p["stolen"] == 7 and p["tower_stack"] == 2 and p["stack"]["thief2"] == 1
    values = {f.name: f.value for f in EDITOR.fields(ENGINE, p, "en")}
    assert values["turn"] == "green" and values["score_red"] == "12" and values["stolen"] == "7"
    assert values["stack_thief2"] == "1" and "supply" not in values  # the supply is always 20 minus the towers


def test_the_stolen_tile_comes_out_of_the_stack_td_dieven_stelen_tegel():
    p = fields(pos(), stolen="5")
    assert p["stolen"] == 5 and "thief5" not in p["stack"]
    # td-gestolen-tegel-vervangen: a new stolen tile sends the old one back in the box, not to the stack
    q = fields(p, stolen="3")
    assert q["stolen"] == 3 and "thief5" not in q["stack"] and "thief3" not in q["stack"]
    # td-landtegels: the game has 2 tiles with thief symbol 5; with both on the table none can be stolen
    r = edit(edit(q, "sq:3,0", "tile:thief5").position, "sq:4,0", "tile:thief5").position
    assert refused_fields(r, stolen="5")[2].startswith("The game has only 2 × Land tile with thief symbol 5")


def test_when_the_game_is_over_a_removed_tile_goes_back_in_the_box():
    p = pos(phase="over", stack={})
    q = edit(p, "sq:2,0", "tile:land").position
    assert tiles(q)[(2, 0)] == "land" and q["stack"] == {} and q["tower_stack"] == 4 and q["phase"] == "over"


def test_phase_guard_takes_the_tile_placed_this_turn_td_torenbereik():
    p = fields(pos(), phase="guard")
    assert p["placed"] == [2, 0]  # the last tile by default; the tower on it reaches it (td-bereik-eigen-tegel)
    q = fields(p, placed="1,0")
    assert q["placed"] == [1, 0]
    far = pos(tiles=[[0, 0, "start"], [1, 0], [2, 0, "tower"], [0, 1], [0, 2]])
    assert refused_fields(far, phase="guard", placed="0,2")[2] == (
        "No tower reaches the tile placed this turn, or Red has no meeple left: then there is no choice of a guard.")
    assert refused(q, "sq:1,0", "empty")[2].startswith("This is the tile placed this turn")


def test_refused_phase_over_with_tiles_left_td_landtegel_leggen():
    # td-landtegel-leggen (interpretation): the game ends when the last tile is placed
    assert refused_fields(pos(), phase="over")[2] == (
        "The game is over only when no tile is left to draw: set the stacks to 0 first.")
    p = fields(pos(), phase="over", stack_land="0", stack_thief3="0", stack_thief5="0")
    assert p["phase"] == "over" and p["stack"] == {}


def test_refused_a_thief_tile_in_hand_with_guards_on_towers_td_wachters_terug():
    p = pos(towers=[{"at": [2, 0], "pieces": 1, "guard": "red"}])
    assert refused_fields(p, phase="place", drawn="thief3")[2].startswith("With a thief symbol in hand the guards")
    q = fields(pos(), phase="place", drawn="thief3")
    assert refused(q, "tower:2,0", "guard:red")[2].startswith("With a thief symbol in hand the guards")


def test_refused_choosing_towers_when_the_supply_is_not_short_td_voorraad_beperkt():
    assert refused_fields(pos(), phase="grow", drawn="thief3")[2] == (
        "Towers are chosen only when the supply (19) is short of the 1 towers without a guard below 5 pieces.")
    assert refused_fields(pos(), phase="grow", drawn="land")[2] == (
        "Towers are chosen only after drawing a tile with a thief symbol.")
    assert refused_fields(pos(), phase="place")[2] == "Choose the drawn tile."
    assert refused_fields(pos(), drawn="land")[2].startswith("A drawn tile in hand belongs only")


def test_a_replacement_tower_tile_needs_a_stolen_tile_td_dieven_stelen_tegel():
    assert refused_fields(pos(), replacement="yes")[2].startswith("A tower tile replaces a stolen tile only")
    p = fields(pos(), replacement="yes", stolen="4")
    assert p["replacement"] is True and p["stolen"] == 4
    q = fields(p, phase="place", drawn="tower")
    assert q["replacement"] is False  # only in phase draw


def test_unknown_fields_and_choices_are_refused():
    with pytest.raises(EditError):
        fields(pos(), colour="red")
    with pytest.raises(EditError):
        fields(pos(), turn="blue")  # blue does not play
    with pytest.raises(EditError):
        EDITOR.set_fields(ENGINE, pos(), {"score_red": "-1"}, "en")


def test_unknown_tools_and_targets_are_refused():
    assert refused(pos(), "sq:3,0", "tile:start")[2] == "Unknown tool."
    assert refused(pos(), "sq:3,0", "guard:blue")[2] == "Unknown tool."  # blue does not play
    assert refused(pos(), "draw:land", "tile:land")[2] == "That cannot be edited here."
    assert refused(pos(), "sq:3,x", "tile:land")[2] == "That cannot be edited here."
    assert refused(pos(), "sq:201,0", "tile:land")[2] == "That cannot be edited here."  # the grid's bounds


def test_the_editor_is_exported_and_accepts_every_target_the_board_carries():
    assert GAME.editor is EDITOR
    state = position(phase="guard", placed=[1, 0], towers=[{"at": [2, 0], "pieces": 1, "guard": "red"}])
    p = ENGINE.position_of(state)
    targets = {s.target for s in GAME.view.board_view(ENGINE, state).shapes if s.target}
    assert {"sq:0,0", "sq:2,0", "tower:2,0", "guard:2,0", "sq:3,0", "sq:0,-1"} <= targets
    for target in targets:
        for tool in ("move", "empty", "height:2", "tile:land"):
            try:
                edit(p, target, tool)
            except EditError as exc:
                assert not exc.engine, (target, tool, exc)  # the editor's own reason, never a crash


# -- random editing sessions (hypothesis) -------------------------------------------------------------------


def reached_positions():
    out = []
    for seed in range(5):
        rng = random.Random(seed)
        state = ENGINE.initial_state(random_setup(ENGINE, rng))
        game = play(ENGINE, state, random_bots(ENGINE, state), rng, max_actions=rng.randint(0, 150))
        out.append(ENGINE.position_of(game.state))
    return out


STARTS = reached_positions()
OFF_BOARD = ("draw:land", "pass", "sq:500,0", "sq:x", "tower:9,9", "guard:0,0", "tile:land", "sq:0,0,0")


@given(data=st.data(), start=st.integers(0, len(STARTS) - 1), from_blank=st.booleans(), steps=st.integers(1, 25))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_editing_raises_nothing_but_edit_error_and_the_engine_reads_every_result(data, start, from_blank, steps):
    p = EDITOR.blank(ENGINE, STARTS[start]) if from_blank else STARTS[start]
    tool = "move"
    for _ in range(steps):
        lang = data.draw(st.sampled_from(LANGS))
        if data.draw(st.integers(0, 9)) == 0:  # now and then a field
            form = {f.name: f for f in EDITOR.fields(ENGINE, p, lang)}
            name = data.draw(st.sampled_from(sorted(form)))
            value = data.draw(st.sampled_from([c for c, _l in form[name].choices]))
            try:
                p = apply_fields(ENGINE, EDITOR, p, {name: value}, lang)
            except EditError:
                pass
            ENGINE.state_from_position(p)
            continue
        palette = sorted(palette_ids(EDITOR.palette(ENGINE, p, tool, lang)))
        if not tool.startswith("drop:") or data.draw(st.booleans()):
            tool = data.draw(st.sampled_from(palette))
        state = ENGINE.state_from_position(p)
        board = sorted({s.target for s in GAME.view.board_view(ENGINE, state).shapes if s.target})
        target = data.draw(st.sampled_from(board + list(OFF_BOARD)))
        try:
            result = apply_edit(ENGINE, EDITOR, p, target, tool, lang)
        except EditError:
            continue
        ENGINE.state_from_position(result.position)  # the engine reads every result
        p = result.position
        tool = result.tool or tool
