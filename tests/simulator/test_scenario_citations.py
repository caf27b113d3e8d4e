"""Every step of every scenario of every registered game cites clauses that exist, and the clause its
caption cites is one the step applies: the clause of one of the step's events (or of its refusal) or
one the scenario says it demonstrates. The caption's clause is the one the page shows
(``simulator.presenter.caption_clause_of``). Every scenario also starts within its game's setup rules
(``Engine.setup_problems``), as checkrules demands."""

from __future__ import annotations

import pytest

from rules.core.registry import GameSpec, all_games, get_game
from simulator.scenario_citations import citation_problems
from simulator.scene import ClauseRef
from tests.rulebook_ids import clause_ids, rulebook_path

GAMES = all_games()


def known_clauses(spec: GameSpec) -> frozenset[str]:
    path = rulebook_path(spec.slug)
    if not path.exists():  # a test game keeps its rulebook in its package
        path = spec.package_dir / "rulebook.md"
    return clause_ids(path)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_scenario_step_cites_existing_clauses_and_its_caption_a_clause_it_applies(spec: GameSpec):
    count, problems = citation_problems(spec, known_clauses(spec))
    assert count > 0, f"{spec.slug} has no scenario steps"
    assert not problems, "\n".join(f"{where}: {problem}" for where, problem in problems)


def test_a_wrong_citation_is_reported_naming_the_scenario_file():
    """The check fails for a real defect: a rulebook without the clauses the toy's steps cite."""
    spec = get_game("toy-game")
    count, problems = citation_problems(spec, known_clauses(spec) - {"toy-einde"})
    where = spec.scenario_dir / "toy-tot-zeven.toml"
    assert count == 3
    assert (where, "demonstrates unknown clause toy-einde") in problems
    assert (where, "step 3: event cites unknown clause toy-einde") in problems
    assert (where, "step 3: expects unknown clause toy-einde") in problems


def test_checkrules_reports_a_caption_that_cites_a_clause_its_step_does_not_apply(monkeypatch, site_content):
    from simulator import scenario_citations
    from sitewide.management.commands.checkrules import scenario_citation_problems

    monkeypatch.setattr(scenario_citations, "caption_clause_of", lambda *a: ClauseRef("x", "td-inleiding", "", "", ""))
    found = [str(p) for p in scenario_citation_problems(site_content)]
    assert any(
        p.startswith("rules/games/torens_en_dieven/scenarios/") and "the caption cites td-inleiding, which neither" in p
        for p in found
    ), found[:3]
