"""Helpers shared by the Torens & Dieven engine tests (no Django needed)."""

from typing import Any

from rules.core.engine import Event
from rules.core.setup import validate_setup
from rules.games.torens_en_dieven import ENGINE
from tests.rulebook_ids import clause_ids, rule_clause_ids, rulebook_path
from tests.simulator.refusals import refusal

RULEBOOK = rulebook_path("torens-en-dieven")


def new_game(**setup: Any):
    return ENGINE.initial_state(validate_setup(ENGINE, setup))


def position(**fields: Any):
    """A hand-written position: red and green, a row of tiles from the start tile, land in the stack."""
    base: dict[str, Any] = {
        "players": ["red", "green"],
        "phase": "draw",
        "tiles": [[0, 0, "start"], [1, 0], [2, 0, "tower"]],
        "towers": [{"at": [2, 0], "pieces": 1}],
        "stack": {"land": 10, "thief3": 1, "thief5": 1},
    }
    base.update(fields)
    return ENGINE.state_from_position(base)


def play(state, *actions: str):
    events: list[Event] = []
    for action in actions:
        state, new = ENGINE.apply(state, action)
        events += new
    return state, events


def pos(state) -> dict[str, Any]:
    return ENGINE.position_of(state)


def clauses(events: list[Event]) -> list[str]:
    return [e.clause for e in events]


def rulebook_clauses() -> frozenset[str]:
    return clause_ids(RULEBOOK)


def rule_clauses() -> frozenset[str]:
    return rule_clause_ids(RULEBOOK)


def refused(state: Any, action: str) -> str:
    """The clause cited when ``action`` is refused at ``state``."""
    return refusal(ENGINE, state, action).clause


def towers_of(state: Any) -> dict[tuple[int, int], tuple[int, str | None]]:
    """Each tower's square -> (pieces, guard)."""
    return {tuple(t["at"]): (t["pieces"], t["guard"]) for t in pos(state)["towers"]}
