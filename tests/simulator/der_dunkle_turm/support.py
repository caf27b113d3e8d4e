"""Helpers for the Der dunkle Turm tests: small hand-written positions and playing action lists."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event
from rules.games.der_dunkle_turm import ENGINE
from rules.games.der_dunkle_turm.state import State
from tests.simulator.refusals import refusal

CAMP_ALL = {f"{team}{i}": "camp" for team in ("red", "blue") for i in (1, 2, 3)}


def pos(companions: dict[str, Any] | None = None, **extra: Any) -> State:
    """A two-team position (red to move, bridges down) with the given companions changed."""
    teams = extra.pop("teams", ["red", "blue"])
    comps = {f"{team}{i}": "camp" for team in teams for i in (1, 2, 3)}
    comps.update(companions or {})
    return ENGINE.state_from_position({"teams": teams, "companions": comps, **extra})


def play(state: State, *actions: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, new = ENGINE.apply(state, action)
        events.extend(new)
    return state, events


def where(state: State, cid: str) -> Any:
    return ENGINE.position_of(state)["companions"][cid]


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def clauses(events: list[Event]) -> set[str]:
    return {e.clause for e in events}


def refused(state: Any, action: str) -> str:
    """The clause cited when ``action`` is refused at ``state``."""
    return refusal(ENGINE, state, action).clause
