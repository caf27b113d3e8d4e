"""Every step of every scenario of every registered game cites clauses that exist, and the clause its
caption cites is one the step applies: the clause of one of the step's events (or of its refusal) or
one the scenario says it demonstrates. The caption's clause is the one the page shows
(``simulator.presenter.caption_clause_of``). Every scenario also starts within its game's setup rules
(``Engine.setup_problems``), as checkrules demands."""

from __future__ import annotations

import pytest

from rules.core.registry import GameSpec, all_games
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import load_scenario, replay
from simulator.presenter import caption_clause_of
from tests.rulebook_ids import clause_ids, rulebook_path

GAMES = all_games()


def known_clauses(spec: GameSpec) -> frozenset[str]:
    path = rulebook_path(spec.slug)
    if not path.exists():  # a test game keeps its rulebook in its package
        path = spec.package_dir / "rulebook.md"
    return clause_ids(path)


def steps(spec: GameSpec):
    for scenario_id in sorted(scenario_paths(spec.slug)):
        scenario = load_scenario(spec.slug, scenario_id)
        yield scenario, replay(spec.engine, scenario)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_scenario_step_cites_existing_clauses_and_its_caption_a_clause_it_applies(spec: GameSpec):
    engine = spec.engine
    known = known_clauses(spec)
    index = {cid: cid for cid in known}  # what caption_clause_of looks clauses up in
    problems = []
    count = 0
    for scenario, frames in steps(spec):
        where = scenario.path or scenario.id
        problems += [f"{where}: demonstrates unknown clause {c}" for c in scenario.clauses if c not in known]
        if engine.setup_problems(frames[0].state):
            problems.append(f"{where}: the start breaks the setup rules")
        for frame, step in zip(frames[1:], scenario.steps, strict=True):
            count += 1
            here = f"{where}: step {frame.index}"
            applied = {e.clause for e in frame.events}
            if frame.refused is not None:
                applied.add(frame.refused.clause)
            problems += [f"{here}: event cites unknown clause {c}" for c in sorted(applied) if c not in known]
            problems += [
                f"{here}: expects unknown clause {c}" for c in step.expect.get("clauses", []) if c not in known
            ]
            cited = caption_clause_of(engine, frame, scenario, index)
            if cited is None:
                problems.append(f"{here}: the caption cites no clause")
            elif cited not in applied and cited not in scenario.clauses:
                problems.append(
                    f"{here}: the caption cites {cited}, which neither the step applies ({sorted(applied)}) "
                    f"nor the scenario demonstrates ({list(scenario.clauses)})"
                )
    assert count > 0, f"{spec.slug} has no scenario steps"
    assert not problems, "\n".join(problems)
