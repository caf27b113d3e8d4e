"""A timeline: every frame of a game from its start through a list of actions (no Django).

Time travel is replay: frame N is the start state with the first N actions applied. A timeline
comes from a scenario (with its captions, refused steps included) or from a decoded URL log
(setup, hand-written position, or a scenario's start, plus actions). Branching from frame N
gives a new log: the actions up to N plus the new one.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import codec
from .codec import Log
from .engine import Engine, PositionError
from .problems import Code, Problem, TimelineError
from .replay import replay
from .scenarios import Frame, Scenario, ScenarioError, load_scenario, start_state
from .scenarios import replay as replay_scenario
from .setup import validate_setup


@dataclass
class Timeline:
    engine: Engine[Any]
    frames: list[Frame]
    log: Log
    scenario: Scenario | None = None
    # What renderers derived from this timeline and may reuse (e.g. the step log's texts per
    # language): a timeline is shared between requests while it is cached, and never changes.
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    @cached_property
    def token(self) -> str:
        """The log as a URL token (encoded once: a page links every step with it)."""
        return codec.encode(self.log)

    @cached_property
    def is_plain_scenario(self) -> bool:
        """Whether this is a scenario as written (its URL names the scenario, not a log)."""
        return self.scenario is not None and self.log.actions == self.applied_actions

    @cached_property
    def applied_actions(self) -> tuple[str, ...]:
        return tuple(f.action for f in self.frames[1:] if f.action is not None and f.refused is None)

    def actions_until(self, step: int) -> tuple[str, ...]:
        """The applied (not refused) actions of frames 1..step."""
        return tuple(f.action for f in self.frames[1 : step + 1] if f.action is not None and f.refused is None)

    def branch(self, step: int, action: str) -> Log:
        """The log of 'at frame ``step``, play ``action`` instead'."""
        return self.log.truncated(0).extended(*self.actions_until(step), action)

    def log_until(self, step: int) -> Log:
        return self.log.truncated(0).extended(*self.actions_until(step))


_SENTINEL = "\x00branch\x00"


def branch_encoder(log: Log) -> Callable[..., str]:
    """``encode(*actions)`` is ``codec.encode(log.extended(*actions))``, made fast for the many
    branches of one page (every legal move is a link): the compressor has already read the log's
    own actions (the JSON's first key) and is copied for each branch. The tests check that every
    branch token equals codec.encode's; any log this cannot split falls back to codec.encode."""
    payload = json.dumps(log.extended(_SENTINEL).as_json(), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    parts = payload.split(json.dumps(_SENTINEL, ensure_ascii=False))
    if len(parts) != 2 or _SENTINEL in log.actions:
        return lambda *actions: codec.encode(log.extended(*actions))
    prefix, rest = parts
    compressor = zlib.compressobj(9)
    head = compressor.compress(prefix.encode("utf-8"))

    def encode(*actions: str) -> str:
        if not actions:
            return codec.encode(log)
        branch = compressor.copy()
        middle = ",".join(json.dumps(a, ensure_ascii=False) for a in actions)
        packed = head + branch.compress((middle + rest).encode("utf-8")) + branch.flush()
        return codec.VERSION + "." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")

    return encode


def from_scenario(engine: Engine[Any], scenario: Scenario) -> Timeline:
    frames = replay_scenario(engine, scenario, check=False)
    log = Log(scenario=scenario.id, actions=tuple(f.action for f in frames[1:] if f.refused is None and f.action))
    return Timeline(engine, frames, log, scenario)


def start_of(engine: Engine[Any], log: Log) -> tuple[Any, Scenario | None, str | None]:
    """The start state of a log, its scenario (if it starts from one) and the start caption.
    Raises the start's :class:`~rules.core.problems.Problem`, its field under ``position``,
    ``setup`` or ``scenario``."""
    if log.scenario is not None:
        try:
            scenario = load_scenario(engine.slug, log.scenario)
            return start_state(engine, scenario), scenario, scenario.intro or scenario.title
        except ScenarioError as exc:
            raise Problem("scenario", str(exc), code=Code.UNKNOWN_SCENARIO) from None
    try:
        if log.position is not None:
            return engine.state_from_position(log.position), None, None
        return engine.initial_state(validate_setup(engine, log.setup or {})), None, None
    except PositionError as exc:
        raise exc.under("position" if log.position is not None else "setup") from None


def from_log(engine: Engine[Any], log: Log) -> Timeline:
    """Every frame of ``log``. Raises the start's problem (:func:`start_of`) or the first refused
    action's :class:`~rules.core.replay.ReplayError` (field ``actions[i]``)."""
    state, scenario, intro = start_of(engine, log)
    frames = [Frame(0, state, intro)]
    for t in replay(engine, state, log.actions, seed=log.seed):
        # the full-information table view: the stand-ins of hidden facts are left out
        frames.append(Frame(t.index + 1, t.after, None, t.action, [e for e in t.events if e.visible(None)]))
    return Timeline(engine, frames, log, scenario)


__all__ = ["Timeline", "TimelineError", "branch_encoder", "from_log", "from_scenario", "start_of"]
