"""The "checked by the rules engine" badge: an entry's scenario replays with its expectations.

The badge is computed from the rules engine's scenario replay
(:func:`rules.core.scenarios.check_scenario`, the one ``checkrules`` and the content loader use),
never stored. Scenario files do not change while the site runs, so each report is cached for the
life of the process. No Django here: ``checkrules`` uses it too.
"""

from __future__ import annotations

from threading import Lock

from rulebooks.contentset import ContentSet
from rulebooks.parsing import Problem
from rules.core import scenarios
from rules.core.scenarios import ScenarioReport

_reports: dict[tuple[str, str], ScenarioReport] = {}
_lock = Lock()


def report(game_slug: str, scenario_id: str) -> ScenarioReport:
    """The (cached) replay report of a scenario; never raises (a broken engine is a failed replay)."""
    key = (game_slug, scenario_id)
    with _lock:
        cached = _reports.get(key)
    if cached is not None:
        return cached
    try:
        result = scenarios.check_scenario(game_slug, scenario_id)
    except Exception as exc:  # a broken scenario must not break a page
        result = ScenarioReport(False, [f"replay failed: {exc.__class__.__name__}: {exc}"])
    with _lock:
        _reports[key] = result
    return result


def is_verified(game_slug: str, scenario_id: str) -> bool:
    """True when the entry has a scenario and its replay holds."""
    if not game_slug or not scenario_id:
        return False
    return report(game_slug, scenario_id).ok


def clear_cache() -> None:
    with _lock:
        _reports.clear()


def curated_problems(content: ContentSet) -> list[Problem]:
    """A problem for every curated FAQ entry whose scenario does not replay."""
    problems = []
    for slug, game in sorted(content.games.items()):
        for faq in game.faqs:
            if not faq.scenario:
                continue
            result = report(slug, faq.scenario)
            if not result.ok:
                detail = "; ".join(result.problems) or "its expectations do not hold"
                problems.append(Problem(faq.path, 1, f"FAQ scenario '{faq.scenario}' does not replay: {detail}"))
    return problems
