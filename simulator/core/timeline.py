"""A timeline: every frame of a game from its start through a list of actions (no Django).

Time travel is replay: frame N is the start state with the first N actions applied. A timeline
comes from a scenario (with its captions, refused steps included) or from a decoded URL log
(setup, hand-written position, or a scenario's start, plus actions). Branching from frame N
gives a new log: the actions up to N plus the new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from .codec import Log
from .engine import Engine, EngineError, IllegalAction, PositionError
from .scenarios import Frame, Scenario, ScenarioError, load_scenario, replay, start_state


class TimelineError(ValueError):
    """A log that cannot be replayed; ``field`` says which part is wrong."""

    def __init__(self, field: str, reason: str, clause: str | None = None):
        self.field, self.reason, self.clause = field, reason, clause
        super().__init__(f"{field}: {reason}")

    def as_dict(self):
        out = {"field": self.field, "reason": self.reason}
        if self.clause:
            out["clause"] = self.clause
        return out


@dataclass
class Timeline:
    engine: Engine
    frames: list[Frame]
    log: Log
    scenario: Scenario | None = None

    @property
    def last(self) -> int:
        return len(self.frames) - 1

    def actions_until(self, step: int) -> tuple[str, ...]:
        """The applied (not refused) actions of frames 1..step."""
        return tuple(f.action for f in self.frames[1 : step + 1] if f.action is not None and f.refused is None)

    def branch(self, step: int, action: str) -> Log:
        """The log of 'at frame ``step``, play ``action`` instead'."""
        return self.log.truncated(0).extended(*self.actions_until(step), action)

    def log_until(self, step: int) -> Log:
        return self.log.truncated(0).extended(*self.actions_until(step))


def from_scenario(engine: Engine, scenario: Scenario) -> Timeline:
    frames = replay(engine, scenario, check=False)
    log = Log(scenario=scenario.id, actions=tuple(f.action for f in frames[1:] if f.refused is None))
    return Timeline(engine, frames, log, scenario)


def from_log(engine: Engine, log: Log) -> Timeline:
    scenario = None
    try:
        if log.scenario is not None:
            try:
                scenario = load_scenario(engine.slug, log.scenario)
                state = start_state(engine, scenario)
            except ScenarioError as exc:
                raise TimelineError("scenario", str(exc)) from None
            intro = scenario.intro or scenario.title
        elif log.position is not None:
            state = engine.state_from_position(log.position)
            intro = ""
        else:
            state = engine.initial_state(log.setup or {})
            intro = ""
    except PositionError as exc:
        field = "position" if log.position is not None else "setup"
        raise TimelineError(f"{field}.{exc.field}", exc.reason) from None
    frames = [Frame(0, state, intro)]
    for i, action in enumerate(log.actions):
        try:
            state, events = engine.apply(state, action)
        except IllegalAction as exc:
            raise TimelineError(f"actions[{i}]", f"'{action}' is not allowed here: {exc.reason}", exc.clause) from None
        except EngineError as exc:
            raise TimelineError(f"actions[{i}]", str(exc)) from None
        caption = events[0].text if events else action
        frames.append(Frame(i + 1, state, caption, action, list(events)))
    return Timeline(engine, frames, log, scenario)
