"""The one replay path: scenarios, timelines, the JSON API and playouts apply actions here.

:func:`advance` applies one action and turns every engine error into :class:`ReplayError` naming
the index of the action; :func:`replay` does it for a whole list. The token :data:`DRAW` stands for
"draw the next chance outcome from the seed" (:func:`rules.core.chance.seeded_draw`); the
transition records the outcome drawn, so a log never holds the token itself.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .chance import seeded_draw
from .engine import Engine, EngineError, Event, RuleError

DRAW = "@draw"


class ReplayError(EngineError):
    """An action of a log that cannot be applied: ``index`` in the log (``field`` ``actions[i]``),
    ``reason``, the clause. ``refusal`` is the rule's own refusal when a rule refused (its code,
    ``illegal-action`` or ``not-an-action``, is this problem's code; its key renders the reason in
    any language)."""

    code = "illegal-action"

    def __init__(
        self, index: int, action: str, reason: str, clause: str | None = None, *, refusal: RuleError | None = None,
        code: str | None = None,
    ):  # fmt: skip
        super().__init__(reason, f"actions[{index}]", clause=clause or None, code=code or (refusal.code if refusal else None))
        self.index, self.action, self.refusal = index, action, refusal
        self.args = (f"action #{index} {action!r}: {reason}" + (f" ({clause})" if clause else ""),)

    def sentence(self) -> str:
        if self.code == "not-an-action":  # no rule was asked: "not allowed here" would mislead
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
            raise ReplayError(index, action, "nothing to draw: chance does not act here", code="nothing-to-draw")
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
) -> Iterator[Transition]:
    """Transitions of ``actions`` from ``start``; the first bad action raises ReplayError."""
    state = start
    for index, action in enumerate(actions):
        transition = advance(engine, state, action, index, seed=seed, refusable=index in refusable)
        state = transition.after
        yield transition
