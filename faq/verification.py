"""The "checked by the rules engine" badge: an entry's scenario replays with its expectations.

The badge is computed from the simulator's replay, never stored. The simulator core provides
``rules.core.scenarios.check_scenario(game_slug, scenario_id) -> report`` (``report.ok``,
``report.problems``); it is imported lazily, so the FAQ works before (or without) it: then
nothing is verified. Scenario files do not change while the site runs, so each result is
cached for the life of the process. No Django here: ``checkrules`` uses it too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from threading import Lock

from rulebooks.parsing import Problem


@dataclass(frozen=True)
class Replay:
    ok: bool
    problems: tuple[str, ...] = field(default_factory=tuple)


_results: dict[tuple[str, str], Replay] = {}
_lock = Lock()


def check_scenario(game_slug: str, scenario_id: str) -> Replay:
    """Replay one scenario with the simulator; never raises."""
    try:
        from rules.core.scenarios import check_scenario as simulator_check
    except ImportError as exc:
        return Replay(False, (f"the rules engine cannot replay scenarios yet ({exc})",))
    try:
        report = simulator_check(game_slug, scenario_id)
    except Exception as exc:  # a broken scenario must not break a page
        return Replay(False, (f"replay failed: {exc.__class__.__name__}: {exc}",))
    return Replay(bool(getattr(report, "ok", False)), tuple(str(p) for p in getattr(report, "problems", ()) or ()))


def replay(game_slug: str, scenario_id: str) -> Replay:
    """The (cached) replay result of a scenario."""
    key = (game_slug, scenario_id)
    with _lock:
        cached = _results.get(key)
    if cached is not None:
        return cached
    result = check_scenario(game_slug, scenario_id)
    with _lock:
        _results[key] = result
    return result


def is_verified(game_slug: str, scenario_id: str) -> bool:
    """True when the entry has a scenario and its replay holds."""
    if not game_slug or not scenario_id:
        return False
    return replay(game_slug, scenario_id).ok


def clear_cache() -> None:
    with _lock:
        _results.clear()


def curated_problems(content) -> list[Problem]:
    """A problem for every curated FAQ entry (``content``: a ContentSet) whose scenario does not replay."""
    problems = []
    for slug, game in sorted(content.games.items()):
        for faq in game.faqs:
            if not faq.scenario:
                continue
            result = replay(slug, faq.scenario)
            if not result.ok:
                detail = "; ".join(result.problems) or "its expectations do not hold"
                problems.append(Problem(faq.path, 1, f"FAQ scenario '{faq.scenario}' does not replay: {detail}"))
    return problems
