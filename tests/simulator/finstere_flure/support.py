"""Helpers shared by the Finstere Flure engine tests (no Django needed)."""

from functools import cache
from pathlib import Path

from rulebooks.parsing import parse_file
from simulator.core.engine import Event
from simulator.core.setup import validate_setup
from simulator.games.finstere_flure import ENGINE

RULEBOOK = Path(__file__).resolve().parents[3] / "rulebooks" / "content" / "finstere-flure" / "rulebook.md"


def new_game(players: int = 4, dmaufbau: bool = False):
    """The start of a game, its setup validated as every driver does."""
    return ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "dmaufbau": dmaufbau}))


@cache
def rulebook_clauses() -> frozenset[str]:
    """The clause ids of the Finstere Flure rulebook."""
    book, problems = parse_file(RULEBOOK)
    assert not problems, problems
    return frozenset(node.id for node in book.clauses)


def texts(events: list[Event]) -> list[str]:
    return [ENGINE.describe(e) for e in events]


def by_key(events: list[Event], key: str) -> Event:
    """The one event with message key ``key``."""
    found = [e for e in events if e.key == key]
    assert len(found) == 1, [e.key for e in events]
    return found[0]
