"""Every scenario's simulator page answers, in every language: the last step's page names every
step of the scenario in its log (refused actions included), so a label that cannot name one is
found here (dt-riss-exil gave a 500 for a companion in the exile)."""

import pytest

from rules.core.registry import all_games
from rules.core.scenario_files import scenario_paths
from simulator.timelines import scenario_timeline

pytestmark = pytest.mark.usefixtures("rulebooks")

PAGES = [
    (s.slug, sid, scenario_timeline(s.engine, sid).last)
    for s in all_games()
    if type(s.engine).__module__.startswith("rules.games.")
    for sid in scenario_paths(s.slug)
]


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_the_last_step_of_every_scenario_answers(client, lang):
    failed = []
    for slug, sid, last in PAGES:
        response = client.get(f"/{lang}/{slug}/sim/", {"scenario": sid, "step": str(last)})
        if response.status_code != 200:
            failed.append((slug, sid, response.status_code))
    assert len(PAGES) > 150 and failed == []
