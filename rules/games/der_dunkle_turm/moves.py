"""Moving companions along the path: forward and backward over free fields only (dt-freie-felder,
dt-rueckwaerts), via the side fields while the bridges are raised (dt-zusatzschritte), into the
tower (dt-turm-erreichen), into the exile on an open rift (dt-riss-exil), back to the camp."""

from __future__ import annotations

from rules.core.engine import Event

from . import board
from .board import CAMP, EXILE, TOWER
from .state import Table, Task


def is_free_companion(t: Table, cid: str) -> bool:
    """dt-freie-gefaehrten: in the camp or standing on a field of the path."""
    c = t.comps[cid]
    return c.lying is None and (c.at == CAMP or c.at[0].isdigit())


def to_camp(t: Table, cid: str, charred: bool = False) -> None:
    """Into the camp; a charred companion's cooling starts again (dt-abkuehlen)."""
    c = t.comps[cid]
    now_charred = c.charred or charred
    t.set(cid, at=CAMP, lying=None, charred=now_charred, cooled=0, armed=False if now_charred else True)


def to_exile(t: Table, cid: str) -> None:
    c = t.comps[cid]
    t.set(cid, at=EXILE, lying=None, cooled=0, armed=False if c.charred else True)


def char(t: Table, cid: str) -> None:
    """dt-verkohlt: charred, or cooling starts again when already charred."""
    t.set(cid, charred=True, cooled=0, armed=False)


def open_rift_below(t: Table, field: str) -> bool:
    return field in t.rifts and field not in t.floats


def walk(t: Table, cid: str, steps: int, forward: bool, skipped: list[str] | None = None) -> tuple[str, list[str]]:
    """Where ``steps`` steps lead (a field, the tower or the camp) and the fields passed; occupied
    fields jumped over are added to ``skipped``."""
    route = board.path(t.bridges_up)
    idx = board.index(t.bridges_up)
    at = t.comps[cid].at
    occupied = {f for f, other in t.standing().items() if other != cid}
    if at == CAMP:
        pos = -1
    elif at == TOWER:
        pos = len(route)
    else:
        pos = idx[at]
    trail = [at]
    step = 1 if forward else -1
    for _ in range(steps):
        pos += step
        while 0 <= pos < len(route) and route[pos] in occupied:
            if skipped is not None:
                skipped.append(route[pos])
            pos += step
        if pos >= len(route):
            trail.append(TOWER)
            return TOWER, trail
        if pos < 0:
            trail.append(CAMP)
            return CAMP, trail
        trail.append(route[pos])
    return (route[pos] if 0 <= pos < len(route) else at), trail


def move(t: Table, cid: str, steps: int, forward: bool, clause: str, key: str, ev: list[Event]) -> str:
    """Move and land: the tower challenges the wizard, an open rift swallows. Returns where it ended."""
    if steps <= 0:
        return t.comps[cid].at
    skipped: list[str] = []
    start = t.comps[cid].at
    dest, trail = walk(t, cid, steps, forward, skipped)
    ev.append(Event(clause, key, {"companion": cid, "to": dest, "steps": steps, "trail": trail}))
    if start == CAMP and forward and len(trail) > 1:
        ev.append(Event("dt-freie-gefaehrten", "enter", {"companion": cid, "field": trail[1]}))
    if skipped:
        ev.append(Event("dt-freie-felder", "skip", {"companion": cid, "fields": skipped}, decisive=True))
    bridges = [f for f in trail[1:] if f in board.BRIDGES] if not t.bridges_up else []
    if bridges:  # dt-zugbruecken: a lowered drawbridge is an ordinary field
        ev.append(Event("dt-zugbruecken", "bridge.field", {"companion": cid, "fields": bridges}, decisive=True))
    crossed = [f for f in trail[1:-1] if open_rift_below(t, f)]
    if crossed:  # dt-riss-exil: passing over an open rift does no harm, it counts as a free field
        ev.append(Event("dt-riss-exil", "rift.pass", {"companion": cid, "fields": crossed}, decisive=True))
    if clause != "dt-schrittkarte" and any(f in board.SIDE_FIELDS for f in trail[1:]):
        ev.append(Event("dt-zusatzschritte", "extra.side", {"companion": cid}))
    return land(t, cid, dest, ev)


def land(t: Table, cid: str, dest: str, ev: list[Event]) -> str:
    if dest == CAMP:
        to_camp(t, cid)
        return CAMP
    if dest == TOWER:
        t.set(cid, at=TOWER)
        ev.append(Event("dt-turm-erreichen", "tower.reach", {"companion": cid}))
        ev.append(Event("dt-duell-fordern", "duel.challenge", {"companion": cid}))
        t.pending.insert(0, Task("duel", comp=cid, round=1))
        return TOWER
    t.set(cid, at=dest)
    if open_rift_below(t, dest):
        to_exile(t, cid)
        ev.append(Event("dt-riss-exil", "rift.fall", {"companion": cid, "field": dest}, decisive=True))
        return EXILE
    return dest
