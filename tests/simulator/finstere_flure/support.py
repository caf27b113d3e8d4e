"""Helpers shared by the Finstere Flure engine tests (no Django needed)."""


from rules.core.engine import Event
from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE
from tests.rulebook_ids import clause_ids, rulebook_path

RULEBOOK = rulebook_path("finstere-flure")


def new_game(players: int = 4, dmaufbau: bool = False):
    """The start of a game, its setup validated as every driver does."""
    return ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "dmaufbau": dmaufbau}))


def rulebook_clauses() -> frozenset[str]:
    """The clause ids of the Finstere Flure rulebook."""
    return clause_ids(RULEBOOK)


def texts(events: list[Event]) -> list[str]:
    return [ENGINE.describe(e) for e in events]


def by_key(events: list[Event], key: str) -> Event:
    """The one event with message key ``key``."""
    found = [e for e in events if e.key == key]
    assert len(found) == 1, [e.key for e in events]
    return found[0]
