"""Helpers for the De Betoverde Torens engine tests (no Django needed)."""

from __future__ import annotations

import copy
from typing import Any

from rules.core.engine import Event
from rules.core.setup import validate_setup
from rules.games.betoverde_torens import ENGINE
from tests.rulebook_ids import clause_ids, rulebook_path
from tests.simulator.refusals import refusal

RULEBOOK = rulebook_path("betoverde-torens")

TOWERS_ONLY = {str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)}


def new_game(players: int = 2, solo_flasks: bool = False):
    return ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "solo_flasks": solo_flasks}))


def position(spaces: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A hand-written 2-player position: towers 1-9 on spaces 2-10 unless ``spaces`` says otherwise,
    one wizard each unless ``wizards_each`` says otherwise."""
    pos: dict[str, Any] = {
        "players": ["red", "blue"],
        "wizards_each": 1,
        "spaces": copy.deepcopy(spaces if spaces is not None else TOWERS_ONLY),
        "hands": {"red": ["w1", "t1", "x1"], "blue": ["w2", "t2", "x2"]},
    }
    pos.update(extra)
    return pos


def state(spaces: dict[str, Any] | None = None, **extra: Any):
    return ENGINE.state_from_position(position(spaces, **extra))


def play(s, *actions: str):
    """Apply the actions in order; return the final state and all events."""
    events: list[Event] = []
    for action in actions:
        s, ev = ENGINE.apply(s, action)
        events += ev
    return s, events


def keys(events: list[Event]) -> list[str]:
    return [e.key for e in events]


def clauses(events: list[Event]) -> set[str]:
    return {e.clause for e in events}


def pos_of(s) -> dict[str, Any]:
    return ENGINE.position_of(s)


def rulebook_clauses() -> frozenset[str]:
    return clause_ids(RULEBOOK)


def refused(state: Any, action: str) -> str:
    """The clause cited when ``action`` is refused at ``state``."""
    return refusal(ENGINE, state, action).clause


def spaces(**extra: Any) -> dict[str, Any]:
    """The spaces of TOWERS_ONLY with changes: ``s11={...}`` sets space 11, ``s11=None`` empties it."""
    out = {k: dict(v) for k, v in TOWERS_ONLY.items()}
    for key, value in extra.items():
        if value is None:
            out.pop(key.lstrip("s"), None)
        else:
            out[key.lstrip("s")] = value
    return out
