"""The one replay path and the one drive loop: scenarios, timelines, FAQ proofs, rooms, bots, the
JSON API and the benches apply actions here.

:func:`advance` applies one action and turns every engine error into :class:`ReplayError` naming
the index of the action; :func:`replay` does it for a given list of actions (a log, a scenario's
steps); :func:`drive` plays on from a state, asking a :data:`Chooser` for each next action until
it says stop (a human seat is to act, the automatic actor's turn is over, the game ended) or a
limit is reached. Both count the index of an action in the whole log (``first`` is the index of
the first one), so a seeded draw and an error name the same action everywhere. The token
:data:`DRAW` stands for "draw the next chance outcome from the seed"
(:func:`rules.core.chance.seeded_draw`); the transition records the outcome drawn, so a log never
holds the token itself.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .chance import seeded_draw
from .engine import Engine, EngineError, Event, RuleError
from .problems import Code

DRAW = "@draw"

# The next action a driver plays in a state, or None to stop (see rules.core.bots for the stop rules).
Chooser = Callable[[Any], str | None]


class ReplayError(EngineError):
    """An action of a log that cannot be applied: ``index`` in the log (``field`` ``actions[i]``),
    ``reason``, the clause. ``refusal`` is the rule's own refusal when a rule refused (its code,
    ``illegal-action`` or ``not-an-action``, is this problem's code; its key renders the reason in
    any language)."""

    code = Code.ILLEGAL_ACTION

    def __init__(
        self, index: int, action: str, reason: str, clause: str | None = None, *, refusal: RuleError | None = None,
        code: Code | None = None,
    ):  # fmt: skip
        super().__init__(
            reason, f"actions[{index}]", clause=clause or None, code=code or (refusal.code if refusal else None),
            data={"action": action[:200]},
        )  # fmt: skip
        self.index, self.action, self.refusal = index, action, refusal
        self.args = (f"action #{index} {action!r}: {reason}" + (f" ({clause})" if clause else ""),)

    def sentence(self) -> str:
        if self.code == Code.NOT_AN_ACTION:  # no rule was asked: "not allowed here" would mislead
            return self.reason
        return f"'{self.action}' is not allowed here: {self.reason}"


@dataclass(frozen=True)
class Transition:
    index: int
    action: str  # the action applied (a drawn outcome instead of DRAW)
    before: Any
    after: Any
    events: tuple[Event, ...]
    refused: RuleError | None = None  # an expected refusal (scenarios): ``after is before``
    drawn: bool = False  # the action was drawn from the seed


def advance(
    engine: Engine[Any], state: Any, action: str, index: int, *, seed: int | None = None, refusable: bool = False
) -> Transition:
    """Apply one action. With ``refusable`` a refusal is recorded instead of raised, and a legal
    action raises (a scenario step that should have been refused)."""
    drawn = False
    if action == DRAW:
        if not engine.chance_outcomes(state):
            raise ReplayError(index, action, "nothing to draw: chance does not act here", code=Code.NOTHING_TO_DRAW)
        action, drawn = seeded_draw(engine, state, seed or 0, index), True
    try:
        after, events = engine.apply(state, action)
    except RuleError as exc:
        if refusable:
            return Transition(index, action, state, state, (), exc)
        raise ReplayError(index, action, exc.reason, exc.clause, refusal=exc) from None
    except EngineError as exc:
        raise ReplayError(index, action, exc.reason or str(exc), code=exc.code) from None
    if refusable:
        raise ReplayError(index, action, "should be refused but is legal")
    return Transition(index, action, state, after, tuple(events), None, drawn)


def replay(
    engine: Engine[Any],
    start: Any,
    actions: Iterable[str],
    *,
    seed: int | None = None,
    refusable: Container[int] = (),
    first: int = 0,
) -> Iterator[Transition]:
    """Transitions of ``actions`` from ``start``; the first bad action raises ReplayError. The
    actions have the indices ``first``, ``first + 1``, ...; ``refusable`` holds indices whose
    action must be refused (see :func:`advance`)."""
    state = start
    for index, action in enumerate(actions, start=first):
        transition = advance(engine, state, action, index, seed=seed, refusable=index in refusable)
        state = transition.after
        yield transition


def drive(
    engine: Engine[Any], start: Any, choose: Chooser, *, limit: int, first: int = 0, seed: int | None = None
) -> Iterator[Transition]:
    """Transitions of the actions ``choose`` picks, from ``start``, until it returns None or
    ``limit`` actions were played (the first has index ``first``); a bad action raises ReplayError."""
    state = start
    for index in range(first, first + limit):
        action = choose(state)
        if action is None:
            return
        transition = advance(engine, state, action, index, seed=seed)
        state = transition.after
        yield transition
