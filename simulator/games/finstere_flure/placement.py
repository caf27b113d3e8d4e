"""Option dmaufbau: the players place the stones and blood pools in turn (``ff-dmaufbau-plaatsen``,
``ff-dmaufbau-vrije-zone``, ``ff-dmaufbau-bloedplassen``).

Actions: ``place:stone:X,Y``, ``place:pool4:X,Y,h`` / ``place:pool4:X,Y,v`` (the top/left end) and
``place:pool2:X,Y`` (the top-left square).
"""

from __future__ import annotations

from dataclasses import replace

from simulator.core.engine import Event

from .board import (
    DIST_FROM_START,
    FREE_ZONE,
    SQUARES,
    Square,
    fmt,
    is_edge,
    pool2_squares,
    pool4_squares,
    step,
)
from .flow import start_round
from .state import COLOUR_NL, State


class PlacementError(Exception):
    def __init__(self, reason: str, clause: str):
        super().__init__(reason)
        self.reason, self.clause = reason, clause


def parse(action: str) -> tuple[str, tuple[Square, ...], str]:
    """(kind, squares, description) of a placement action; raises PlacementError."""
    parts = action.split(":")
    if len(parts) != 3 or parts[0] != "place":
        raise PlacementError("Verwacht place:stone:X,Y, place:pool4:X,Y,h|v of place:pool2:X,Y.", "ff-dmaufbau-plaatsen")
    kind, args = parts[1], parts[2].split(",")
    try:
        if kind == "stone" and len(args) == 2:
            x, y = int(args[0]), int(args[1])
            return kind, ((x, y),), f"een steenblok op {fmt((x, y))}"
        if kind == "pool4" and len(args) == 3 and args[2] in ("h", "v"):
            x, y = int(args[0]), int(args[1])
            lie = "liggend" if args[2] == "h" else "staand"
            return kind, pool4_squares(x, y, args[2]), f"de smalle bloedplas {lie} vanaf {fmt((x, y))}"
        if kind == "pool2" and len(args) == 2:
            x, y = int(args[0]), int(args[1])
            return kind, pool2_squares(x, y), f"de vierkante bloedplas vanaf {fmt((x, y))}"
    except ValueError:
        pass
    raise PlacementError(f"Onbekende plaatsing {action!r}.", "ff-dmaufbau-plaatsen")


def check(state: State, kind: str, squares: tuple[Square, ...]) -> None:
    """Raise PlacementError when the object may not lie there."""
    pl = state.placement
    assert pl is not None
    left = {"stone": pl.stones, "pool4": pl.pool4, "pool2": pl.pool2}[kind]
    if left <= 0:
        what = {"stone": "Alle 11 steenblokken liggen", "pool4": "De smalle bloedplas ligt",
                "pool2": "De vierkante bloedplas ligt"}[kind]
        raise PlacementError(f"{what} al op het bord.", "ff-dmaufbau-plaatsen")
    for sq in squares:
        if sq not in SQUARES:
            raise PlacementError(f"Veld {fmt(sq)} ligt niet op het bord.", "ff-dmaufbau-plaatsen")
        if sq in state.stones or sq in state.blood:
            raise PlacementError(f"Op veld {fmt(sq)} ligt al een object.", "ff-dmaufbau-plaatsen")
        if sq in FREE_ZONE:
            raise PlacementError(f"Veld {fmt(sq)} ligt binnen 3 stappen van het start- of doelveld.",
                                 "ff-dmaufbau-vrije-zone")
    if kind == "stone":
        return
    for sq in squares:
        if DIST_FROM_START[sq] < 8:
            raise PlacementError(f"Veld {fmt(sq)} van de bloedplas ligt maar {DIST_FROM_START[sq]} stappen van de "
                                 "ingang; dat moeten er minstens 8 zijn.", "ff-dmaufbau-bloedplassen")
        if is_edge(sq):
            raise PlacementError(f"Veld {fmt(sq)} grenst aan de buitenmuur; een bloedplas mag de rand niet raken.",
                                 "ff-dmaufbau-bloedplassen")
        for d in "UDLR":
            if step(sq, d) in state.blood:
                raise PlacementError(f"Veld {fmt(sq)} grenst aan de andere bloedplas; de plassen mogen elkaar niet "
                                     "raken.", "ff-dmaufbau-bloedplassen")


def apply_placement(state: State, action: str) -> tuple[State, list[Event]]:
    kind, squares, desc = parse(action)
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
    events = [Event("ff-dmaufbau-plaatsen", f"{COLOUR_NL[who].capitalize()} legt {desc}.",
                    {"player": who, "kind": kind, "squares": [list(s) for s in squares]})]
    if state.placement.remaining == 0:
        state = replace(state, placement=None)
        events.append(Event("ff-dmaufbau-plaatsen", "Alle objecten liggen op het bord; het spel begint.", {}))
        state = start_round(state, events)
    return state, events


def legal_placements(state: State) -> list[str]:
    pl = state.placement
    assert pl is not None
    out = []
    candidates = sorted(SQUARES, key=lambda s: (s[1], s[0]))
    if pl.stones:
        out += [f"place:stone:{x},{y}" for x, y in candidates if _ok(state, "stone", ((x, y),))]
    if pl.pool4:
        for x, y in candidates:
            for o in ("h", "v"):
                if _ok(state, "pool4", pool4_squares(x, y, o)):
                    out.append(f"place:pool4:{x},{y},{o}")
    if pl.pool2:
        out += [f"place:pool2:{x},{y}" for x, y in candidates if _ok(state, "pool2", pool2_squares(x, y))]
    return out


def _ok(state: State, kind: str, squares) -> bool:
    try:
        check(state, kind, squares)
    except PlacementError:
        return False
    return True
