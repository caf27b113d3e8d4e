"""Option dmaufbau: the players place the stones and blood pools in turn (``ff-dmaufbau-plaatsen``,
``ff-dmaufbau-vrije-zone``, ``ff-dmaufbau-bloedplassen``).

Actions: ``place:stone:X,Y``, ``place:pool4:X,Y,h`` / ``place:pool4:X,Y,v`` (the top/left end) and
``place:pool2:X,Y`` (the top-left square).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.core.engine import Event, RuleError
from rules.core.inputs import whole_number

from .board import (
    DIST_FROM_START,
    FREE_ZONE,
    SQUARES,
    Square,
    is_edge,
    pool2_squares,
    pool4_squares,
    step,
)
from .flow import start_round
from .state import State

KINDS = ("stone", "pool4", "pool2")


@dataclass(frozen=True)
class Placing:
    """A parsed placement action: what, on which squares, from which square (and how a 1 x 4 pool lies)."""

    kind: str
    squares: tuple[Square, ...]
    at: Square
    orientation: str = ""  # "h" or "v" for pool4


def _sq(square: Square) -> list[int]:
    return [square[0], square[1]]


def parse(action: str) -> Placing:
    """The placement of an action; raises RuleError."""
    parts = action.split(":")
    if len(parts) != 3 or parts[0] != "place":
        raise RuleError("ff-dmaufbau-plaatsen", "refuse.place-syntax")
    kind, args = parts[1], parts[2].split(",")
    x, y = (whole_number(args[0]), whole_number(args[1])) if len(args) >= 2 else (None, None)
    if x is not None and y is not None:
        if kind == "stone" and len(args) == 2:
            return Placing(kind, ((x, y),), (x, y))
        if kind == "pool4" and len(args) == 3 and args[2] in ("h", "v"):
            return Placing(kind, pool4_squares(x, y, args[2]), (x, y), args[2])
        if kind == "pool2" and len(args) == 2:
            return Placing(kind, pool2_squares(x, y), (x, y))
    raise RuleError("ff-dmaufbau-plaatsen", "refuse.place-unknown", action=action)


def check(state: State, kind: str, squares: tuple[Square, ...]) -> None:  # noqa: C901 (ff-dmaufbau-plaatsen's rules in order)
    """Raise RuleError when the object may not lie there."""
    pl = state.placement
    assert pl is not None
    left = {"stone": pl.stones, "pool4": pl.pool4, "pool2": pl.pool2}[kind]
    if left <= 0:
        raise RuleError("ff-dmaufbau-plaatsen", f"refuse.place.none-left.{kind}")
    # Rule by rule, each for every square of the object (ff-dmaufbau-plaatsen's note): the refusal
    # names the first rule broken, with the first square that breaks it.
    for sq in squares:
        if sq not in SQUARES:
            raise RuleError("ff-dmaufbau-plaatsen", "refuse.place.off-board", square=_sq(sq))
    for sq in squares:
        if sq in state.stones or sq in state.blood:
            raise RuleError("ff-dmaufbau-plaatsen", "refuse.place.occupied", square=_sq(sq))
    for sq in squares:
        if sq in FREE_ZONE:
            raise RuleError("ff-dmaufbau-vrije-zone", "refuse.place.free-zone", square=_sq(sq))
    if kind == "stone":
        return
    for sq in squares:  # requirement 1: at least 8 steps from the start square
        if DIST_FROM_START[sq] < 8:
            raise RuleError(
                "ff-dmaufbau-bloedplassen", "refuse.place.near-start", square=_sq(sq), distance=DIST_FROM_START[sq]
            )
    for sq in squares:  # requirement 2: not touching the edge
        if is_edge(sq):
            raise RuleError("ff-dmaufbau-bloedplassen", "refuse.place.edge", square=_sq(sq))
    for sq in squares:  # requirement 3: not touching the other pool
        if any(step(sq, d) in state.blood for d in "UDLR"):
            raise RuleError("ff-dmaufbau-bloedplassen", "refuse.place.touching", square=_sq(sq))


def apply_placement(state: State, action: str) -> tuple[State, list[Event]]:
    placing = parse(action)
    kind, squares = placing.kind, placing.squares
    check(state, kind, squares)
    pl = state.placement
    assert pl is not None
    who = state.placer()
    if kind == "stone":
        state = replace(state, stones=state.stones | set(squares), placement=replace(pl, stones=pl.stones - 1))
    elif kind == "pool4":
        state = replace(state, blood=state.blood | set(squares), placement=replace(pl, pool4=0))
    else:
        state = replace(state, blood=state.blood | set(squares), placement=replace(pl, pool2=0))
    data: dict[str, Any] = {"player": who, "kind": kind, "squares": [_sq(s) for s in squares], "at": _sq(placing.at)}
    if placing.orientation:
        data["orientation"] = placing.orientation
    events = [Event("ff-dmaufbau-plaatsen", f"place.{kind}", data)]
    assert state.placement is not None
    if state.placement.remaining == 0:
        state = replace(state, placement=None)
        events.append(Event("ff-dmaufbau-plaatsen", "place.done", {}))
        state = start_round(state, events)
    return state, events


# Where an object may lie as far as the board alone decides (the checks of ``check`` that do not
# depend on the objects placed already), in reading order, with the squares around each spot (where
# blood may not lie, ff-dmaufbau-bloedplassen): computed once.
_READING_ORDER = sorted(SQUARES, key=lambda s: (s[1], s[0]))


def _board_allows(kind: str, squares: tuple[Square, ...]) -> bool:
    for sq in squares:
        if sq not in SQUARES or sq in FREE_ZONE:
            return False
        if kind != "stone" and (DIST_FROM_START[sq] < 8 or is_edge(sq)):
            return False
    return True


def _around(squares: tuple[Square, ...]) -> frozenset[Square]:
    return frozenset(step(sq, d) for sq in squares for d in "UDLR")


Spot = tuple[str, tuple[Square, ...], frozenset[Square]]  # (action, squares, the squares around them)

_SPOTS: dict[str, list[Spot]] = {
    "stone": [(f"place:stone:{x},{y}", ((x, y),), frozenset()) for x, y in _READING_ORDER],
    "pool4": [
        (f"place:pool4:{x},{y},{o}", pool4_squares(x, y, o), _around(pool4_squares(x, y, o)))
        for x, y in _READING_ORDER
        for o in ("h", "v")
    ],
    "pool2": [(f"place:pool2:{x},{y}", pool2_squares(x, y), _around(pool2_squares(x, y))) for x, y in _READING_ORDER],
}
_BOARD_SPOTS = {kind: tuple(spot for spot in spots if _board_allows(kind, spot[1])) for kind, spots in _SPOTS.items()}


def legal_placements(state: State) -> list[str]:
    """The placements ``check`` allows, in reading order (stones, then the 1 x 4 pool lying and standing
    per square, then the 2 x 2 pool): on no object, a pool with no blood next to it."""
    pl = state.placement
    assert pl is not None
    taken = state.stones | state.blood
    out = []
    if pl.stones:
        out += [action for action, (sq,), _ in _BOARD_SPOTS["stone"] if sq not in taken]
    for kind, left in (("pool4", pl.pool4), ("pool2", pl.pool2)):
        if left:
            out += [
                action
                for action, squares, around in _BOARD_SPOTS[kind]
                if taken.isdisjoint(squares) and state.blood.isdisjoint(around)
            ]
    return out
