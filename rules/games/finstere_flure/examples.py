"""Hand-written positions for scenarios and tests.

``WORKED_EXAMPLE_POSITION`` reproduces the rulebook's worked monster turn (``ff-monster-voorbeeld``)
with card 10, step by step:

- look 1 at (4, 1) facing left: red 1 on its left hand (below, 8 squares) -> turns down; step 1 to (4, 2);
- look 2: yellow 1 on its left hand (board right, 6 squares) is nearer than red 1 straight ahead
  (7 squares) -> turns right; step 2 to (5, 2);
- look 3: yellow 1 straight ahead over the 1 x 4 blood pool; step 3 onto (6, 2), slides to (10, 2)
  without seeing yellow 4 at (7, 5) below the pool, and catches yellow 1 in the same step;
- steps 4 and 5 to (11, 2) and (12, 2); step 6 crushes the stone at (13, 2) against the outer wall;
- step 7 walks through the wall at (13, 2) and re-enters opposite at (2, 8), still facing right;
- step 8 to (3, 8); step 9 onto the 2 x 2 pool at (4, 8), sliding to (6, 8) without seeing red 1 at
  (4, 9) right below the pool; step 10 to (7, 8);
- the final look sees yellow 4 three squares up: the monster turns up for the next round.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .board import Square

WORKED_EXAMPLE_POSITION: dict[str, Any] = {
    "game": "finstere-flure",
    "version": 1,
    "players": ["red", "yellow"],
    "phase": "monster",
    "chapter": 1,
    "round": 3,
    "monster": {"at": [4, 1], "facing": "L"},
    "stones": [[2, 2], [13, 2], [12, 5], [11, 7], [14, 8], [8, 9]],
    "blood": [[6, 2], [7, 2], [8, 2], [9, 2], [4, 7], [5, 7], [4, 8], [5, 8]],
    "figures": {
        "red1": {"at": [4, 9], "showing": 1, "moved": False},
        "red2": {"at": "pool", "showing": 2, "moved": False},
        "red3": {"at": "pool", "showing": 3, "moved": False},
        "red4": {"at": "pool", "showing": 4, "moved": False},
        "yellow1": {"at": [10, 2], "showing": 1, "moved": False},
        "yellow2": {"at": "pool", "showing": 2, "moved": False},
        "yellow3": {"at": "pool", "showing": 3, "moved": False},
        "yellow4": {"at": [7, 5], "showing": 4, "moved": False},
    },
    "saved": [],
    "deck": ["5", "7", "8", "X", "XX"],
    "discard": ["7", "8", "10"],
    "turn": None,
    "monster_turn": {"card": "10", "steps": 0, "caught": 0},
    "placement": None,
    "ending": None,
}


def sketch(
    players: Sequence[str] = ("red", "yellow"),
    *,
    phase: str = "players",
    chapter: int = 1,
    monster: Square = (0, 0),
    facing: str = "R",
    stones: Iterable[Square] = (),
    blood: Iterable[Square] = (),
    figures: Mapping[str, Any] | None = None,
    saved: Iterable[str] = (),
    discard: Sequence[str] = ("5", "7"),
    turn: dict[str, Any] | None = None,
    monster_turn: dict[str, Any] | None = None,
    placement: dict[str, Any] | None = None,
    ending: str | None = None,
) -> dict[str, Any]:
    """A small hand-written position: everything not given is empty or in the start pool.

    ``figures`` maps figure ids to a square ``(x, y)`` (showing the front value), to
    ``((x, y), showing)``, to a full dict, or to ``"pool"``/``"saved"``/``"out"``. In phase "players"
    the turn is derived (``turn`` may override it); in phase "monster" the card is the last discard.
    """
    n = len(players)
    fronts = (1, 2, 3, 4) if n <= 4 else (1, 2, 3)
    figs: dict[str, Any] = {f"{c}{v}": "pool" for c in players for v in fronts}
    for fid, value in (figures or {}).items():
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple):
            figs[fid] = {"at": list(value[0]), "showing": value[1]}
        elif isinstance(value, tuple):
            figs[fid] = {"at": list(value), "showing": int(fid.lstrip("abcdefghijklmnopqrstuvwxyz"))}
        else:
            figs[fid] = value
    pos = {
        "game": "finstere-flure",
        "players": list(players),
        "phase": phase,
        "chapter": chapter,
        "monster": {"at": list(monster), "facing": facing},
        "stones": [list(s) for s in stones],
        "blood": [list(s) for s in blood],
        "figures": figs,
        "saved": list(saved),
        "discard": list(discard),
        "turn": turn if turn is not None else ({} if phase == "players" else None),
        "monster_turn": monster_turn if monster_turn is not None else (
            {"card": discard[-1], "steps": 0} if phase == "monster" else None),
        "placement": placement,
        "ending": ending,
    }
    return pos
