"""The duel with the wizard on the tower's crown (dt-duell-fordern .. dt-spielende): the d12 with the
wand, rerolls on ties, two duel rounds, the charred wizard, the protection spell, the choice after a
lost first round, retreating four fields and bursting."""

from __future__ import annotations

from rules.core.engine import Event

from .board import OUT, WIZARD_ROUNDS, team_of
from .moves import char, move
from .state import Table, Task

WAND = 12


def companion_roll(t: Table, task: Task, roll: int, ev: list[Event]) -> None:
    if roll == WAND:
        ev.append(Event("dt-zauberstab", "duel.wand", {"companion": task.comp, "round": task.round}))
        win_round(t, task, ev)
        return
    ev.append(Event("dt-wuerfelduell", "duel.roll", {"companion": task.comp, "roll": roll, "round": task.round}))
    t.pending.insert(0, Task("wizard", comp=task.comp, round=task.round, n=roll))


def wizard_roll(t: Table, task: Task, roll: int, ev: list[Event]) -> None:
    data = {"companion": task.comp, "mine": task.n, "roll": roll, "round": task.round}
    if roll == task.n:
        ev.append(Event("dt-wuerfelduell", "duel.tie", data))
        t.pending.insert(0, Task("duel", comp=task.comp, round=task.round))
    elif task.n > roll:
        ev.append(Event("dt-wuerfelduell", "duel.won", data, decisive=True))
        win_round(t, task, ev)
    else:
        ev.append(Event("dt-wuerfelduell", "duel.lost", data, decisive=True))
        lose_round(t, task, ev)


def win_round(t: Table, task: Task, ev: list[Event]) -> None:
    team = team_of(task.comp)
    if t.wizard > 0:
        t.over, t.winner = True, team
        ev.append(Event("dt-spielende", "wizard.defeated", {"companion": task.comp, "team": team}, decisive=True))
        return
    t.wizard = WIZARD_ROUNDS
    ev.append(Event("dt-verlierer-verkohlt", "wizard.charred", {"companion": task.comp}, decisive=True))
    ev.append(Event("dt-zauberer-verkohlt", "wizard.charred.time", {"rounds": WIZARD_ROUNDS - 1}))
    if task.round == 1:
        ev.append(Event("dt-zauberer-zweimal", "duel.second", {"companion": task.comp}))
        t.pending.insert(0, Task("duel", comp=task.comp, round=2))
    else:
        retreat(t, task.comp, "dt-zweite-runde", ev)


def lose_round(t: Table, task: Task, ev: list[Event]) -> None:
    cid = task.comp
    c = t.comps[cid]
    if c.spell:
        t.set(cid, spell=False)
        t.discard["spell"] += 1
        ev.append(Event("dt-schutzzauber-duell", "duel.spell", {"companion": cid}, decisive=True))
        if task.round == 1:
            t.pending.insert(0, Task("duel", comp=cid, round=2))
        else:
            retreat(t, cid, "dt-zweite-runde", ev)
        return
    if c.charred:
        burst(t, cid, ev)
        return
    char(t, cid)
    ev.append(Event("dt-verlierer-verkohlt", "duel.charred", {"companion": cid}, decisive=True))
    if task.round == 1:
        t.pending.insert(0, Task("choice", comp=cid))
    else:
        retreat(t, cid, "dt-zweite-runde", ev)


def retreat(t: Table, cid: str, clause: str, ev: list[Event]) -> None:
    move(t, cid, 4, False, clause, "duel.retreat", ev)


def burst(t: Table, cid: str, ev: list[Event]) -> None:
    c = t.comps[cid]
    if c.spell:
        t.discard["spell"] += 1
    t.set(cid, at=OUT, lying=None, charred=False, cooled=0, armed=True, spell=False, shield=None, marked=None)
    ev.append(Event("dt-zerplatzen", "duel.burst", {"companion": cid}, decisive=True))
    team = team_of(cid)
    if t.eliminated(team):
        ev.append(Event("dt-zerplatzen", "team.out", {"team": team}, decisive=True))
        if all(t.eliminated(other) for other in t.teams):
            t.over, t.winner = True, ""
            t.pending.clear()
            ev.append(Event("dt-spielende", "tower.wins", decisive=True))
