"""Every scenario replays with its expectations, every rule clause has a demo that cites it, and the
board view draws every reached state (negative coordinates, reach, tap-to-place)."""

import random

import pytest

from rulebooks.parsing import parse_file
from rules.core.bots import play, random_bots
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import load_scenario, replay
from rules.games.torens_en_dieven import ENGINE, GAME

from .support import RULEBOOK, new_game, position, rulebook_clauses

SCENARIOS = sorted(scenario_paths("torens-en-dieven"))


@pytest.mark.parametrize("scenario_id", SCENARIOS)
def test_scenario_replays_with_its_expectations(scenario_id):
    scenario = load_scenario("torens-en-dieven", scenario_id)
    assert set(scenario.clauses) <= rulebook_clauses()
    frames = replay(ENGINE, scenario)
    for frame in frames[1:]:
        assert all(e.clause in rulebook_clauses() for e in frame.events)


def test_every_rule_clause_has_a_demo_whose_scenario_shows_that_clause():
    book, _ = parse_file(RULEBOOK)
    for clause in book.clauses:
        if clause.kind != "rule":
            continue
        assert clause.demos, f"{clause.id} has no demo"
        for demo in clause.demos:
            scenario = load_scenario("torens-en-dieven", demo.scenario)
            frames = replay(ENGINE, scenario)
            cited = {e.clause for f in frames for e in f.events}
            cited |= {f.refused.clause for f in frames if f.refused}
            cited |= set(scenario.clauses)
            assert clause.id in cited, f"the demo of {clause.id} ({demo.scenario}) does not show it"


def test_the_worked_example_td_voorbeeld_rood():
    frames = replay(ENGINE, load_scenario("torens-en-dieven", "td-voorbeeld-rood"))
    keys = [e.key for f in frames for e in f.events]
    assert keys.index("grow") < keys.index("theft") < keys.index("draw.tower") < keys.index("tower.start")


def test_the_view_box_pans_to_tiles_at_negative_coordinates():
    tiles = [[0, 0, "start"], [-1, 0], [-1, -1], [-1, -2], [-1, -3]]
    state = position(tiles=tiles, towers=[], phase="place", drawn="land")
    view = GAME.view.board_view(ENGINE, state)
    assert view.min_x <= -2 and view.min_y <= -4  # the free spots around the tiles are drawn too
    taps = {s.action for s in view.shapes if s.action}
    assert taps == set(ENGINE.legal_actions(state))  # tap a free spot to place the tile


def test_the_view_shows_reach_and_tappable_towers_in_the_guard_step():
    state = position(phase="guard", placed=[2, 0])
    view = GAME.view.board_view(ENGINE, state)
    assert any("td-reach" in s.css for s in view.shapes)
    assert any(s.action == "guard:2,0" for s in view.shapes)
    assert any("Toren op (2, 0), 1 hoog" in line for line in view.description)


def test_the_view_draws_every_state_of_random_games():
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(players=3, land=10)
        game = play(ENGINE, state, random_bots(ENGINE, state), rng)
        view = GAME.view.board_view(ENGINE, game.state)
        assert view.width > 0 and view.status.startswith("Het spel is afgelopen")
        for action in ENGINE.legal_actions(state):
            assert GAME.view.action_label(ENGINE, state, action)


def test_free_spots_in_reach_of_a_tower_are_marked_when_placing_td_torenbereik():
    state = position(phase="place", drawn="land")  # a tower of 1 on (2, 0)
    view = GAME.view.board_view(ENGINE, state)
    marked = {s.action for s in view.shapes if "td-free-reach" in s.css}
    assert marked == {"place:3,0", "place:2,1", "place:2,-1"}
