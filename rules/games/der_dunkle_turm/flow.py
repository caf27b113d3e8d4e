"""Turns, table rounds and timers (dt-zug-und-runde, dt-fristen, dt-ablauf-teamzug), the owl when a
team is all captured (dt-eule-alle-gefangen), cards that cannot do anything, and the end of the game."""

from __future__ import annotations

from rules.core.engine import Event

from .board import COOL_TURNS, EXILE, TEAMS, companion_ids, team_of
from .moves import is_free_companion, to_camp, to_exile
from .state import Beast, Table, Task

COMPANIONS_OF = {team: companion_ids(team) for team in TEAMS}  # in the order of State.companions
CHOICES = ("step", "exile", "bolt", "spell")  # card tasks that lapse when nothing can be chosen


def rel(t: Table, team: str) -> int:
    n = len(t.teams)
    return (t.teams.index(team) - t.teams.index(t.start)) % n


def start_turn(t: Table, team: str) -> None:
    """The start of a team turn: every team-turn timer of this team counts it (dt-fristen)."""
    for cid in COMPANIONS_OF[team]:
        c = t.comps[cid]
        changes: dict[str, object] = {}
        if c.lying is not None and c.lying > 0:
            changes["lying"] = c.lying - 1
        if c.shield is not None and c.shield > 0:
            changes["shield"] = c.shield - 1
        if c.marked is not None and c.marked > 0:
            changes["marked"] = c.marked - 1
        if c.charred and not c.armed:
            changes["armed"] = True
        if changes:
            t.set(cid, **changes)
    for field, fl in list(t.floats.items()):
        if fl.team == team and fl.turns > 0:
            t.floats[field] = type(fl)(fl.field, fl.team, fl.turns - 1)


def end_turn_timers(t: Table, team: str, ev: list[Event]) -> None:
    """dt-fristen, in its order: lying figures return, shields fade, marks expire, floating fields
    vanish, charred companions cool."""
    mine = COMPANIONS_OF[team]
    for cid in mine:
        c = t.comps[cid]
        if c.lying == 0:
            to_camp(t, cid)
            ev.append(Event("dt-neben-dem-feld", "lying.returns", {"companion": cid}))
    for cid in mine:
        if t.comps[cid].shield == 0:
            t.set(cid, shield=None)
            ev.append(Event("dt-knochentier-schild", "shield.fades", {"companion": cid}))
    for cid in mine:
        if t.comps[cid].marked == 0:
            t.set(cid, marked=None)
            ev.append(Event("dt-donnerblitz-zweiter-treffer", "mark.expires", {"companion": cid}))
    _floats_vanish(t, team, ev)
    for cid in mine:
        c = t.comps[cid]
        if c.charred and c.armed and c.lying is None and c.at[0].isdigit():
            if c.cooled + 1 >= COOL_TURNS:
                t.set(cid, charred=False, cooled=0, armed=True)
                ev.append(Event("dt-abkuehlen", "cooled", {"companion": cid}))
            else:
                t.set(cid, cooled=c.cooled + 1)


def _floats_vanish(t: Table, team: str, ev: list[Event]) -> None:
    """dt-schwebefeld-verschwinden: the team's floating fields whose time is up go to the discard; who
    stands on one over a rift falls into exile."""
    standing = t.standing()
    for field, fl in list(t.floats.items()):
        if fl.team == team and fl.turns == 0:
            del t.floats[field]
            t.discard["float"] += 1
            who = standing.get(field)
            if who is not None and field in t.rifts:
                to_exile(t, who)
                ev.append(Event("dt-schwebefeld-verschwinden", "float.vanish.fall", {"field": field, "companion": who}, decisive=True))
            elif who is not None:
                ev.append(Event("dt-schwebefeld-verschwinden", "float.vanish.stand", {"field": field, "companion": who}))
            else:
                ev.append(Event("dt-schwebefeld-verschwinden", "float.vanish", {"field": field}))


def end_round(t: Table, ev: list[Event]) -> None:
    """dt-fristen: after the team timers, the table round's: rifts close, the wizard cools, beasts sleep."""
    for field in list(t.rifts):
        t.rifts[field] -= 1
        if t.rifts[field] <= 0:
            del t.rifts[field]
            ev.append(Event("dt-riss-schliessen", "rift.closes", {"field": field}))
    if t.wizard > 0:
        t.wizard -= 1
        if t.wizard == 0:
            ev.append(Event("dt-zauberer-verkohlt", "wizard.cooled"))
    for lair, b in list(t.beasts.items()):
        if not b.awake:
            continue
        quiet = 0 if b.attacked else b.quiet + 1
        if quiet >= 3:
            t.beasts[lair] = Beast()
            ev.append(Event("dt-knochentier-einschlafen", "beast.sleeps", {"lair": lair}))
        else:
            t.beasts[lair] = Beast(awake=True, quiet=quiet, attacked=False)
    t.round += 1


def end_turn(t: Table, ev: list[Event]) -> None:
    """The turn of ``t.turn`` is over: its timers, maybe the table round's, then the next team."""
    t.pending.clear()
    team = t.turn
    end_turn_timers(t, team, ev)
    n = len(t.teams)
    i = rel(t, team)
    for _ in range(n + 1):
        i += 1
        if i == n:
            end_round(t, ev)
            i = 0
        nxt = t.teams[(t.teams.index(t.start) + i) % n]
        if t.eliminated(nxt):  # dt-zerplatzen: its turns are skipped (and say so), its timers still run
            ev.append(Event("dt-zerplatzen", "turn.skipped", {"team": nxt}))
            start_turn(t, nxt)
            end_turn_timers(t, nxt, ev)
            continue
        t.turn, t.drawn, t.event_used = nxt, False, False
        start_turn(t, nxt)
        return
    t.over, t.winner = True, ""
    ev.append(Event("dt-spielende", "tower.wins", decisive=True))


def options(t: Table, task: Task) -> list[str]:
    """A team's choices for a card task (without the floating-field placements)."""
    team = t.turn
    if task.kind == "step":
        return [f"move:{cid}" for cid in COMPANIONS_OF[team] if is_free_companion(t, cid)]
    if task.kind == "exile":
        exiled = [cid for cid, c in t.comps.items() if c.at == EXILE]
        own = [cid for cid in exiled if team_of(cid) == team]
        if own or exiled:
            return [f"free:{cid}" for cid in (own or exiled)]
        return [f"advance:{cid}" for cid in COMPANIONS_OF[team] if is_free_companion(t, cid)]
    if task.kind == "bolt":
        return [
            f"bolt:{cid}"
            for cid, c in t.comps.items()
            if team_of(cid) != team and c.lying is None and c.at[0].isdigit()
        ]
    if task.kind == "spell":
        return [f"spell:{cid}" for cid, c in t.comps.items() if team_of(cid) == team and c.at != "out" and not c.spell]
    if task.kind == "rescue":
        return [f"rescue:{cid}" for cid, c in t.comps.items() if team_of(cid) == task.team and c.at == EXILE]
    return []


LAPSE = {
    "step": ("dt-schrittkarte", "step.lapses"),
    "exile": ("dt-niemand-im-exil", "exile.lapses"),
    "bolt": ("dt-donnerblitz", "bolt.lapses"),
    "spell": ("dt-schutzzauber", "spell.lapses"),
}


def all_captured(t: Table, team: str) -> bool:
    alive = t.alive(team)
    return bool(alive) and all(t.comps[cid].at == EXILE for cid in alive)


def first_captured(t: Table) -> str | None:
    """The first team (in seating order) that is all captured (``all_captured``)."""
    exiled = {team_of(cid) for cid, c in t.comps.items() if c.at == EXILE}
    if not exiled:
        return None
    return next((team for team in t.teams if team in exiled and all_captured(t, team)), None)


def settle(t: Table, ev: list[Event]) -> None:
    """After every action: the owl rescues a team that is all captured, cards that can do nothing
    lapse, and a turn with nothing left to do ends (repeated until someone must act)."""
    for _ in range(1000):
        if t.over:
            t.pending.clear()
            return
        rescue = first_captured(t)
        if rescue is not None and not any(task.kind == "rescue" and task.team == rescue for task in t.pending):
            ev.append(Event("dt-eule-alle-gefangen", "owl.rescue.comes", {"team": rescue}))
            t.pending.insert(0, Task("rescue", team=rescue))
            continue
        if t.pending and t.pending[0].kind in CHOICES and not options(t, t.pending[0]):
            task = t.pending.pop(0)
            clause, key = LAPSE[task.kind]
            if task.kind == "spell":
                t.discard["spell"] += 1
            ev.append(Event(clause, key, {"team": t.turn}))
            continue
        if t.pending and t.pending[0].kind == "rescue" and not options(t, t.pending[0]):
            task = t.pending.pop(0)  # freed meanwhile: the owl's help is no longer needed, and says so
            ev.append(Event("dt-eule-alle-gefangen", "owl.rescue.none", {"team": task.team}))
            continue
        if not t.pending and t.drawn:
            end_turn(t, ev)
            continue
        return
    raise RuntimeError("settle did not settle")
