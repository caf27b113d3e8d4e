"""Every scenario of the game replays with its expectations (the demos and the FAQ proofs)."""

import pytest

from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import load_scenario, replay
from rules.games.betoverde_torens import ENGINE

from .support import rulebook_clauses

IDS = sorted(scenario_paths("betoverde-torens"))


def test_there_are_scenarios():
    assert len(IDS) >= 40


@pytest.mark.parametrize("sid", IDS)
def test_scenario_replays_and_cites_known_clauses(sid):
    scenario = load_scenario("betoverde-torens", sid)
    assert set(scenario.clauses) <= rulebook_clauses()
    frames = replay(ENGINE, scenario)
    for frame in frames:
        assert all(e.clause in rulebook_clauses() for e in frame.events)
        if frame.refused is not None:
            assert frame.refused.clause in rulebook_clauses()
