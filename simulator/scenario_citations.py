"""What a scenario's steps cite, checked against the rulebook (a content rule ``checkrules`` makes,
issue 38): every clause a scenario demonstrates, an event cites or a step expects exists; a scenario
starts within its game's setup rules; and the clause a step's caption cites on the page
(:func:`simulator.presenter.caption_clause_of`) is one the step applies or the scenario demonstrates."""

from __future__ import annotations

from collections.abc import Set
from pathlib import Path
from typing import Any

from rules.core.registry import GameSpec
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import Scenario, load_scenario, replay

from .presenter import caption_clause_of
from .scene import ClauseRef, Clauses


def citation_problems(spec: GameSpec, known: Set[str]) -> tuple[int, list[tuple[Path, str]]]:
    """(the number of scenario steps, a (scenario file, problem) per wrong citation) of every
    scenario of a game whose rulebook's clause ids are ``known``."""
    problems: list[tuple[Path, str]] = []
    count = 0
    clauses = Clauses({cid: ClauseRef(spec.slug, cid, "", "", "") for cid in known})  # what the caption looks up
    for scenario_id in sorted(scenario_paths(spec.slug)):
        scenario = load_scenario(spec.slug, scenario_id)
        frames = replay(spec.engine, scenario)
        where = scenario_paths(spec.slug)[scenario_id]
        problems += [(where, f"demonstrates unknown clause {c}") for c in scenario.clauses if c not in known]
        if spec.engine.setup_problems(frames[0].state):
            problems.append((where, "the start breaks the setup rules"))
        for frame, step in zip(frames[1:], scenario.steps, strict=True):
            count += 1
            found = _step_problems(spec, scenario, frame, step, clauses)
            problems += [(where, f"step {frame.index}: {problem}") for problem in found]
    return count, problems


def _step_problems(spec: GameSpec, scenario: Scenario, frame: Any, step: Any, clauses: Clauses) -> list[str]:
    known = clauses.refs
    applied = {e.clause for e in frame.events}
    if frame.refused is not None:
        applied.add(frame.refused.clause)
    problems = [f"event cites unknown clause {c}" for c in sorted(applied) if c not in known]
    problems += [f"expects unknown clause {c}" for c in step.expect.get("clauses", []) if c not in known]
    cited = caption_clause_of(spec.engine, frame, scenario, clauses)
    if cited is None:
        problems.append("the caption cites no clause")
    elif cited.anchor not in applied and cited.anchor not in scenario.clauses:
        problems.append(
            f"the caption cites {cited.anchor}, which neither the step applies ({sorted(applied)}) "
            f"nor the scenario demonstrates ({list(scenario.clauses)})"
        )
    return problems
