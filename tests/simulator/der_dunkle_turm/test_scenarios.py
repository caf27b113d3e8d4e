"""Every scenario of the game replays with its expectations (the demos under the rulebook's clauses),
and every rule clause of the rulebook has a scenario."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import check_scenario

ROOT = Path(__file__).resolve().parents[3]
BOOK = ROOT / "rulebooks" / "content" / "der-dunkle-turm" / "rulebook.md"
IDS = sorted(scenario_paths("der-dunkle-turm"))


@pytest.mark.parametrize("scenario", IDS)
def test_scenario_replays(scenario: str) -> None:
    report = check_scenario("der-dunkle-turm", scenario)
    assert report.ok, report.problems


def test_every_rule_clause_has_a_demo() -> None:
    text = BOOK.read_text(encoding="utf-8")
    sections = re.split(r"(?m)^#+ ", text)
    missing = [s.split("{#")[1].split(" ")[0] for s in sections if ".rule}" in s.split("\n")[0] and "/// demo |" not in s]
    assert missing == []
