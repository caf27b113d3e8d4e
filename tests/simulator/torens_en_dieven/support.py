"""Helpers shared by the Torens & Dieven engine tests (no Django needed)."""

from functools import cache
from pathlib import Path
from typing import Any

from rulebooks.parsing import parse_file
from simulator.core.engine import Event
from simulator.core.setup import validate_setup
from simulator.games.torens_en_dieven import ENGINE

RULEBOOK = Path(__file__).resolve().parents[3] / "rulebooks" / "content" / "torens-en-dieven" / "rulebook.md"


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


@cache
def rulebook_clauses() -> frozenset[str]:
    book, problems = parse_file(RULEBOOK)
    assert not problems, problems
    return frozenset(node.id for node in book.clauses)


@cache
def rule_clauses() -> frozenset[str]:
    book, _problems = parse_file(RULEBOOK)
    return frozenset(node.id for node in book.clauses if node.kind == "rule")
