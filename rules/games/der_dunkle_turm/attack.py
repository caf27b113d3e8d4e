"""The tower defends itself (dt-turmattacke): bridges raised or lowered with everyone who falls
(dt-zugbruecken-heben, dt-zugbruecken-senken, dt-fallen), a rift (dt-riss-oeffnen, dt-schutzsiegel),
the bone beasts (dt-knochentier-*) and the owl (dt-eule-attacke)."""

from __future__ import annotations

from rules.core.engine import Event

from . import board
from .board import BEAST_REACH, BRIDGES, OVER_LAVA, RIFT_ROUNDS, SIDE_FIELDS, TEAM_TURNS_LYING, TEAM_TURNS_SHIELD
from .moves import land, to_camp, to_exile
from .state import Beast, Table, Task


def use_spell(t: Table, cid: str) -> None:
    t.set(cid, spell=False)
    t.discard["spell"] += 1


def tower_attack(t: Table, rift: str, ev: list[Event]) -> None:
    ev.append(Event("dt-turmattacke", "tower.attack", {"field": rift}))
    if t.bridges_up:
        lower_bridges(t, ev)
    else:
        raise_bridges(t, ev)
    open_rift(t, rift, ev)
    t.attacks += 1
    follow: list[Task] = []
    for lair in board.BEASTS:
        if t.beasts[lair].awake and beast_target(t, lair):
            follow.append(Task("beast", n=int(lair)))
    if t.attacks % 2 == 0:
        follow.append(Task("owl"))
    t.pending[0:0] = follow


def raise_bridges(t: Table, ev: list[Event]) -> None:
    t.bridges_up = True
    ev.append(Event("dt-zugbruecken-heben", "bridges.up"))
    for cid, c in list(t.comps.items()):
        if c.lying is None and c.at in BRIDGES:
            if c.spell:
                use_spell(t, cid)
                t.set(cid, at=c.at + "b")
                ev.append(Event("dt-fallen", "fall.saved", {"companion": cid, "field": c.at, "to": c.at + "b"}, decisive=True))
            else:
                to_camp(t, cid, charred=True)
                ev.append(Event("dt-zugbruecken-heben", "bridge.fall", {"companion": cid, "field": c.at}, decisive=True))


def lower_bridges(t: Table, ev: list[Event]) -> None:
    t.bridges_up = False
    ev.append(Event("dt-zugbruecken-senken", "bridges.down"))
    saved: list[tuple[int, str, str]] = []
    for cid, c in list(t.comps.items()):
        if c.lying is None and c.at in SIDE_FIELDS:
            if c.spell:
                use_spell(t, cid)
                saved.append((board.INDEX_UP[c.at], cid, c.at))
                continue
            lava = c.at in OVER_LAVA
            to_camp(t, cid, charred=lava)
            key = "side.fall.lava" if lava else "side.fall"
            ev.append(Event("dt-zugbruecken-senken", key, {"companion": cid, "field": c.at}, decisive=True))
    for _i, cid, side in sorted(saved, reverse=True):
        bridge = side.rstrip("abc")
        occupied = t.standing()
        pos = board.INDEX_DOWN[bridge]
        while pos >= 0 and board.PATH_DOWN[pos] in occupied and occupied[board.PATH_DOWN[pos]] != cid:
            pos -= 1
        dest = board.PATH_DOWN[pos] if pos >= 0 else board.CAMP
        ev.append(Event("dt-fallen", "fall.saved", {"companion": cid, "field": side, "to": dest}, decisive=True))
        land(t, cid, dest, ev)


def open_rift(t: Table, field: str, ev: list[Event]) -> None:
    if len(t.rifts) >= 3:
        ev.append(Event("dt-schutzsiegel", "rift.sealed", {"field": field}))
        return
    if field in t.rifts:
        t.rifts[field] = RIFT_ROUNDS
        ev.append(Event("dt-riss-oeffnen", "rift.renewed", {"field": field}))
        return
    t.rifts[field] = RIFT_ROUNDS
    ev.append(Event("dt-riss-oeffnen", "rift.open", {"field": field}))
    victim = t.standing().get(field)
    if victim is None:
        return
    if field in t.floats:
        ev.append(Event("dt-schwebefeld-landen", "float.carries", {"companion": victim, "field": field}, decisive=True))
    elif t.comps[victim].spell:
        use_spell(t, victim)
        ev.append(Event("dt-schutzzauber-wirkung", "spell.rift", {"companion": victim, "field": field}, decisive=True))
    else:
        to_exile(t, victim)
        ev.append(Event("dt-riss-oeffnen", "rift.swallows", {"companion": victim, "field": field}, decisive=True))


def beast_target(t: Table, lair: str) -> str | None:
    """dt-knochentier-turmattacke: the standing figure nearest to the lair; ties go to the one nearer
    the tower. Side fields are out of reach."""
    best: tuple[int, int] | None = None
    target = None
    for field, cid in t.standing().items():
        if field in BEAST_REACH[lair]:
            key = (board.distance_to_lair(field, lair), -int(field))
            if best is None or key < best:
                best, target = key, cid
    return target


def beast_attacks(t: Table, lair: str, ev: list[Event]) -> None:
    target = beast_target(t, lair)
    if target is None:
        ev.append(Event("dt-knochentier-turmattacke", "beast.nobody", {"lair": lair}))
        return
    t.beasts[lair] = Beast(awake=True, quiet=0, attacked=True)
    ev.append(Event("dt-knochentier-turmattacke", "beast.attacks", {"lair": lair, "companion": target}, decisive=True))
    attack_companion(t, lair, target, magic=False, ev=ev)


def wake(t: Table, lair: str, cid: str, ev: list[Event]) -> None:
    """dt-knochentier-wecken: the beast on this side wakes (or stays awake) and attacks."""
    was = t.beasts[lair].awake
    t.beasts[lair] = Beast(awake=True, quiet=0, attacked=True)
    ev.append(Event("dt-knochentier-wecken", "beast.wakes" if not was else "beast.awake", {"lair": lair, "companion": cid}))
    attack_companion(t, lair, cid, magic=True, ev=ev)


def attack_companion(t: Table, lair: str, cid: str, magic: bool, ev: list[Event]) -> None:
    if t.comps[cid].spell:
        use_spell(t, cid)
        ev.append(Event("dt-knochentier-kampf", "fight.spell", {"companion": cid, "lair": lair}))
        if magic:
            t.pending.insert(0, Task("event", comp=cid))
        return
    t.pending.insert(0, Task("fight", comp=cid, n=int(lair), magic=magic))


def fight(t: Table, task: Task, roll: int, ev: list[Event]) -> None:
    cid = task.comp
    if roll >= 7:
        t.set(cid, shield=TEAM_TURNS_SHIELD)
        ev.append(Event("dt-knochentier-schild", "fight.won", {"companion": cid, "roll": roll}, decisive=True))
        if task.magic:
            t.pending.insert(0, Task("event", comp=cid))
    else:
        t.set(cid, lying=TEAM_TURNS_LYING)
        key = "fight.lost.magic" if task.magic else "fight.lost"
        ev.append(Event("dt-neben-dem-feld", key, {"companion": cid, "roll": roll, "field": t.comps[cid].at}, decisive=True))
