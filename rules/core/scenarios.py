"""Scenario files: a start, a list of steps with captions, and expectations checked on replay.

A scenario lives in ``rules/games/<slug_with_underscores>/scenarios/<id>.toml``::

    title = "Een steenblok wegschuiven"
    clauses = ["ff-steen-schuiven"]          # the clauses it demonstrates (first = main)
    intro = "Rood 1 staat voor een steenblok."  # caption of step 0 (the start)

    [setup]                                  # either a setup ...
    players = 2
    [position]                               # ... or a complete position (engine's JSON schema)
    ...

    [[step]]
    action = "move:red1:U"
    caption = "Rood 1 duwt het blok een veld verder."
    [step.expect]                            # all optional
    clauses = ["ff-steen-schuiven"]          # these clause ids appear among the step's events
    position = { "stones.0" = [3, 2] }       # dotted paths into the engine's JSON position
    legal = ["move:red1:"]                   # these actions are legal afterwards
    not_legal = ["move:red1:UU"]             # and these are not
    over = false
    winners = ["red"]
    listed = ["move:red2:E"]                 # these are among legal_actions (not only accepted)
    actor = "yellow"                         # who acts next (a seat, "chance", "monster", "")
    chance = { "card:7" = 0.4 }              # the odds of these chance outcomes now
    observation = { red = { "figures.red1.at" = [3, 2] } }   # what a seat sees (dotted paths)

    [[step]]
    action = "move:red1:LL"
    refused = "ff-niet-over-monster"        # the step is refused, citing this clause;
    caption = "..."                          # the state stays as it was

Chance outcomes (``card:7``) are written as ordinary actions, so replay is exact. Replaying
checks every expectation, and that the start keeps the game's own setup rules
(``Engine.setup_problems``: a hand-written dispute position may break them, the site's examples may
not); a broken scenario fails ``checkrules`` and the tests.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from .engine import Engine, Event, PositionError, RuleError, attempt
from .inputs import is_digits
from .registry import get_engine
from .replay import ReplayError, Transition
from .replay import replay as core_replay
from .scenario_files import scenario_paths

SCENARIO_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
STEP_KEYS = {"action", "caption", "expect", "refused"}
EXPECT_KEYS = {"clauses", "position", "legal", "not_legal", "over", "winners", "listed", "actor", "chance", "observation"}
TOP_KEYS = {"title", "clauses", "intro", "setup", "position", "step"}


class ScenarioError(Exception):
    """A scenario file that is malformed or whose replay breaks; names file, step and reason."""


@dataclass(frozen=True)
class Step:
    action: str
    caption: str
    expect: dict[str, Any] = field(default_factory=dict)
    refused: str | None = None  # clause id the refusal must cite


@dataclass(frozen=True)
class Scenario:
    id: str
    game: str
    title: str
    clauses: tuple[str, ...]
    intro: str
    setup: dict[str, Any] | None
    position: dict[str, Any] | None
    steps: tuple[Step, ...]
    path: str = ""


@dataclass
class Frame:
    """The situation after ``index`` steps (frame 0 is the start). ``caption`` is the scenario's
    sentence for the step; None for a step of a log (the page renders its first event instead)."""

    index: int
    state: Any
    caption: str | None
    action: str | None = None
    events: list[Event] = field(default_factory=list)
    refused: RuleError | None = None
    clauses: tuple[str, ...] = ()  # the clauses the scenario step is about (its expected clauses)


@dataclass
class ScenarioReport:
    ok: bool
    problems: list[str]


def parse_scenario(text: str, game: str, scenario_id: str, path: str = "") -> Scenario:
    where = path or f"{game}/{scenario_id}"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{where}: invalid TOML: {exc}") from None
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScenarioError(f"{where}: unknown key '{sorted(unknown)[0]}'")
    if not SCENARIO_ID_RE.match(scenario_id):
        raise ScenarioError(f"{where}: scenario id '{scenario_id}' is not lowercase words joined by hyphens")
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ScenarioError(f"{where}: 'title' is required")
    clauses = data.get("clauses")
    if not isinstance(clauses, list) or not clauses or not all(isinstance(c, str) for c in clauses):
        raise ScenarioError(f"{where}: 'clauses' must be a non-empty list of clause ids")
    setup, position = data.get("setup"), data.get("position")
    if (setup is None) == (position is None):
        raise ScenarioError(f"{where}: give exactly one of [setup] or [position]")
    steps = [_parse_step(raw, f"{where}: step {i}") for i, raw in enumerate(data.get("step", []), start=1)]
    if not steps:
        raise ScenarioError(f"{where}: a scenario needs at least one [[step]]")
    return Scenario(
        id=scenario_id,
        game=game,
        title=title.strip(),
        clauses=tuple(clauses),
        intro=(data.get("intro") or "").strip(),
        setup=setup,
        position=position,
        steps=tuple(steps),
        path=path,
    )


def _parse_step(raw: object, where: str) -> Step:
    """One ``[[step]]`` table: an action with its caption, what to expect after it or the clause that
    refuses it."""
    if not isinstance(raw, dict):
        raise ScenarioError(f"{where} must be a table")
    bad = set(raw) - STEP_KEYS
    if bad:
        raise ScenarioError(f"{where}: unknown key '{sorted(bad)[0]}'")
    action, caption = raw.get("action"), raw.get("caption")
    if not isinstance(action, str) or not action:
        raise ScenarioError(f"{where}: 'action' is required")
    if not isinstance(caption, str) or not caption.strip():
        raise ScenarioError(f"{where}: 'caption' is required")
    expect = raw.get("expect", {})
    if not isinstance(expect, dict) or set(expect) - EXPECT_KEYS:
        raise ScenarioError(f"{where}: 'expect' may hold only {', '.join(sorted(EXPECT_KEYS))}")
    refused = raw.get("refused")
    if refused is not None and (not isinstance(refused, str) or not refused):
        raise ScenarioError(f"{where}: 'refused' must be the clause id of the refusal")
    return Step(action=action, caption=caption.strip(), expect=expect, refused=refused)


def load_scenario(game: str, scenario_id: str) -> Scenario:
    """A scenario file, parsed once per version of the file (its modification time and size)."""
    paths = scenario_paths(game)
    if scenario_id not in paths:
        raise ScenarioError(f"{game}: unknown scenario '{scenario_id}'")
    path = paths[scenario_id]
    try:
        stat = path.stat()
    except OSError as exc:
        raise ScenarioError(f"{game}: scenario '{scenario_id}' cannot be read: {exc.strerror}") from None
    return _parsed(path, stat.st_mtime_ns, stat.st_size, game, scenario_id)


@lru_cache(maxsize=1024)
def _parsed(path: Path, mtime_ns: int, size: int, game: str, scenario_id: str) -> Scenario:
    # A parsed scenario is shared by every caller: nobody changes its dicts (start_state and the
    # engines read a position, they never write to it).
    return parse_scenario(path.read_text(encoding="utf-8"), game, scenario_id, _shown(path))


def _shown(path: Path) -> str:
    parts = path.parts
    return "/".join(parts[parts.index("simulator") :]) if "simulator" in parts else str(path)


def start_state(engine: Engine[Any], scenario: Scenario) -> Any:
    try:
        if scenario.position is not None:
            return engine.state_from_position(scenario.position)
        from .setup import validate_setup

        return engine.initial_state(validate_setup(engine, scenario.setup or {}))
    except PositionError as exc:
        raise ScenarioError(f"{scenario.path or scenario.id}: start position: {exc}") from None


def replay(engine: Engine[Any], scenario: Scenario, check: bool = True) -> list[Frame]:
    """All frames of a scenario. With ``check``, every expectation is verified (ScenarioError)."""
    where = scenario.path or scenario.id
    state = start_state(engine, scenario)
    if check:
        for problem in engine.setup_problems(state):
            raise ScenarioError(f"{where}: the start breaks the game's setup rules: {problem.reason} ({problem.clause})")
    frames = [Frame(0, state, scenario.intro or scenario.title)]
    steps = scenario.steps
    refusable = {index for index, step in enumerate(steps) if step.refused is not None}
    try:
        for t in core_replay(engine, state, [step.action for step in steps], refusable=refusable):
            frames.append(_frame(engine, t, steps[t.index], f"{where}: step {t.index + 1}", check))
    except ReplayError as exc:
        raise _step_error(steps[exc.index], exc, f"{where}: step {exc.index + 1}") from None
    return frames


def _frame(engine: Engine[Any], t: Transition, step: Step, where: str, check: bool) -> Frame:
    """The frame after scenario step ``t.index + 1``; with ``check``, its expectations verified."""
    if t.refused is not None:
        if check and t.refused.clause != step.refused:
            raise ScenarioError(f"{where}: '{step.action}' was refused citing {t.refused.clause}, expected {step.refused}")
        return Frame(t.index + 1, t.after, step.caption, step.action, [], t.refused)
    shown = [e for e in t.events if e.visible(None)]  # the table view: no stand-ins of hidden facts
    if check:
        _check_expectations(engine, t.after, list(t.events), step, where)
    return Frame(t.index + 1, t.after, step.caption, step.action, shown, None, _step_clauses(step))


def _step_error(step: Step, exc: ReplayError, where: str) -> ScenarioError:
    if step.refused is not None:  # a step that should have been refused is legal
        return ScenarioError(f"{where}: '{step.action}' {exc.reason} ({step.refused})")
    return ScenarioError(f"{where}: illegal action: {exc.reason} ({exc.clause})")


def _step_clauses(step: Step) -> tuple[str, ...]:
    clauses = step.expect.get("clauses", [])
    return tuple(c for c in clauses if isinstance(c, str))


def _check_expectations(engine: Engine[Any], state: Any, events: list[Event], step: Step, where: str) -> None:
    expect = step.expect
    cited = {e.clause for e in events}
    for clause in expect.get("clauses", []):
        if clause not in cited:
            raise ScenarioError(f"{where}: expected an event citing {clause}; got {sorted(cited)}")
    if "position" in expect:
        _check_paths(engine.position_of(state), expect["position"], where, "position")
    if "observation" in expect:
        for seat, paths in expect["observation"].items():
            if seat not in engine.seats(state):
                raise ScenarioError(f"{where}: observation of unknown seat '{seat}'")
            _check_paths(engine.observation(state, seat), paths, where, f"observation of {seat}")
    _check_legal(engine, state, expect, where)
    if "actor" in expect and engine.current_actor(state) != expect["actor"]:
        raise ScenarioError(f"{where}: expected actor '{expect['actor']}', found '{engine.current_actor(state)}'")
    if "chance" in expect:
        odds = {o.action: o.probability for o in engine.chance_outcomes(state)}
        for action, wanted in expect["chance"].items():
            if action not in odds or abs(odds[action] - wanted) > 1e-6:
                raise ScenarioError(f"{where}: expected chance {action} = {wanted}, found {odds.get(action)}")
    _check_end(engine, state, expect, where)


def _check_legal(engine: Engine[Any], state: Any, expect: dict[str, Any], where: str) -> None:
    """``legal`` and ``not_legal``: what the engine accepts (listed or not); ``listed``: what it lists."""
    legal = set(engine.legal_actions(state))
    for action in expect.get("legal", []):
        if action not in legal and not _accepts(engine, state, action):
            raise ScenarioError(f"{where}: expected '{action}' to be legal")
    for action in expect.get("not_legal", []):
        if action in legal or _accepts(engine, state, action):
            raise ScenarioError(f"{where}: expected '{action}' to be illegal")
    for action in expect.get("listed", []):
        if action not in legal:
            raise ScenarioError(f"{where}: expected '{action}' among the listed legal actions")


def _check_end(engine: Engine[Any], state: Any, expect: dict[str, Any], where: str) -> None:
    """``over``: whether the game is over; ``winners``: who won it."""
    if "over" in expect and bool(engine.is_over(state)) != bool(expect["over"]):
        raise ScenarioError(f"{where}: expected the game {'to be over' if expect['over'] else 'to go on'}")
    if "winners" in expect:
        result = engine.result(state)
        winners = sorted(result.winners) if result else None
        if winners != sorted(expect["winners"]):
            raise ScenarioError(f"{where}: expected winners {expect['winners']}, got {winners}")


def _check_paths(data: Any, paths: dict[str, Any], where: str, what: str) -> None:
    for dotted, wanted in paths.items():
        try:
            actual = resolve(data, dotted)
        except KeyError as exc:
            raise ScenarioError(f"{where}: {what} has no '{dotted}' ({exc.args[0]})") from None
        if _normalise(actual) != _normalise(wanted):
            raise ScenarioError(f"{where}: expected {dotted} = {wanted!r}, found {actual!r}")


def _accepts(engine: Engine[Any], state: Any, action: str) -> bool:
    return not isinstance(attempt(engine, state, action), RuleError)


def resolve(data: Any, dotted: str) -> Any:
    """``resolve({"a": [{"b": 1}]}, "a.0.b") == 1``; KeyError names the missing part."""
    current = data
    for part in dotted.split("."):
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and is_digits(part.removeprefix("-"), 9) and -len(current) <= int(part) < len(current):
            current = current[int(part)]
        else:
            raise KeyError(part)
    return current


def _normalise(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_normalise(v) for v in value]
    if isinstance(value, dict):
        return {k: _normalise(v) for k, v in value.items()}
    return value


@cache
def check_scenario(game: str, scenario_id: str) -> ScenarioReport:
    """Replay one scenario with its expectations. Never raises; unknown scenario -> not ok."""
    engine = get_engine(game)
    if engine is None:
        return ScenarioReport(False, [f"{game}: the game has no rules engine"])
    try:
        replay(engine, load_scenario(game, scenario_id))
    except ScenarioError as exc:
        return ScenarioReport(False, [str(exc)])
    return ScenarioReport(True, [])
