"""Who acts, what is legal, and what each action does (the action grammar is in ``__init__``)."""

from __future__ import annotations

from functools import lru_cache

from rules.core.engine import CHANCE, TERMINAL, Event, Outcome

from . import attack, duel
from .board import CARD_KINDS, FLOAT_TURNS_PLACED, STEP_KINDS
from .flow import end_turn, options, settle, start_turn
from .moves import move, to_camp, to_exile
from .state import Float, Table, Task

D12 = tuple(f"d12:{n}" for n in range(1, 13))
D12_OUTCOMES = tuple(Outcome(a, 1 / 12) for a in D12)
CHANCE_TASKS = ("draw", "fight", "event", "duel", "wizard")
CARD_ACTIONS = tuple(f"card:{k}" for k in CARD_KINDS)
AUTOMATIC = {"tower": "tower", "beast": "beast", "owl": "owl"}


def placeable(t: Table) -> list[str]:
    """Open rifts without a floating field (dt-schwebefeld-sofort, dt-schwebefeld-spaeter)."""
    return [f for f in t.rifts if f not in t.floats]


def may_place_later(t: Table) -> bool:
    """dt-schwebefeld-spaeter: before drawing, or after drawing a step card before walking."""
    if t.collections.get(t.turn, 0) <= 0 or not placeable(t):
        return False
    if not t.pending:
        return not t.drawn
    return t.pending[0].kind == "step"


def actor(t: Table) -> str:
    if t.over:
        return TERMINAL
    if not t.start:
        return CHANCE
    if t.pending:
        task = t.pending[0]
        if task.kind in CHANCE_TASKS:
            return CHANCE
        if task.kind in AUTOMATIC:
            return AUTOMATIC[task.kind]
        if task.kind == "rescue":
            return task.team
        return t.turn
    return t.turn if may_place_later(t) else CHANCE


def deck_source(t: Table) -> dict[str, int]:
    return t.deck if sum(t.deck.values()) else t.discard


def outcomes(t: Table) -> list[Outcome]:
    if actor(t) != CHANCE:
        return []
    if not t.start:
        return [Outcome(f"start:{team}", 1 / len(t.teams)) for team in t.teams]
    if t.pending and t.pending[0].kind != "draw":
        return list(D12_OUTCOMES)
    return list(_card_outcomes(tuple(deck_source(t).values())))


@lru_cache(maxsize=4096)
def _card_outcomes(counts: tuple[int, ...]) -> tuple[Outcome, ...]:
    total = sum(counts)
    return tuple(Outcome(a, n / total) for a, n in zip(CARD_ACTIONS, counts, strict=True) if n)


def legal(t: Table) -> list[str]:
    who = actor(t)
    if who == TERMINAL:
        return []
    if who == CHANCE:
        return [o.action for o in outcomes(t)]
    if not t.pending:
        return ["draw"] + [f"float:{f}" for f in placeable(t)]
    task = t.pending[0]
    if task.kind == "tower":
        return ["tower"]
    if task.kind == "beast":
        return [f"beast:{task.n}"]
    if task.kind == "owl":
        return ["owl"]
    if task.kind == "float":
        return [f"float:{f}" for f in placeable(t)] + ["keep"]
    if task.kind == "choice":
        return ["fight-on", "retreat"]
    acts = options(t, task)
    if may_place_later(t):
        acts += [f"float:{f}" for f in placeable(t)]
    return acts


TURN_KINDS = frozenset({"start", "card", "d12", "draw", "float", "keep"})


def play(t: Table, action: str, ev: list[Event]) -> None:
    """Apply a legal ``action`` to ``t`` (the caller checked it is legal), then settle."""
    kind, _, arg = action.partition(":")
    head = t.pending[0] if t.pending else None
    if kind in TURN_KINDS:
        _play_turn(t, kind, arg, head, ev)
    else:
        _do_task(t, kind, arg, head, ev)
    settle(t, ev)


def _play_turn(t: Table, kind: str, arg: str, head: Task | None, ev: list[Event]) -> None:
    """dt-ablauf-teamzug: the start, a card drawn and its die, and the floating fields laid or kept."""
    if kind == "start":
        t.start = t.turn = arg
        ev.append(Event("dt-aufbau", "start.team", {"team": arg}))
        start_turn(t, arg)
    elif kind == "card":
        if head is not None:
            t.pending.pop(0)
        draw(t, arg, ev)
    elif kind == "d12":
        assert head is not None
        t.pending.pop(0)
        roll(t, head, int(arg), ev)
    elif kind == "draw":
        if may_place_later(t):  # the team could lay a floating field from its collection first
            ev.append(Event("dt-schwebefeld-spaeter", "float.draw-first", {"team": t.turn}))
        t.pending.insert(0, Task("draw"))
    elif kind == "float":
        place_float(t, arg, head, ev)
    elif kind == "keep":
        t.pending.clear()
        t.collections[t.turn] = t.collections.get(t.turn, 0) + 1
        ev.append(Event("dt-schwebefeld-behalten", "float.keep", {"team": t.turn}))
        end_turn(t, ev)


def _do_task(t: Table, kind: str, arg: str, head: Task | None, ev: list[Event]) -> None:
    """Carry out the task at the head of the queue the way ``kind`` chose: a step, an attack, the owl,
    a companion freed or rescued, a bolt, the protective spell, a duel fought on or left."""
    if kind == "move":
        assert head is not None
        t.pending.pop(0)
        step(t, arg, head.n, ev)
    elif kind == "tower":
        assert head is not None
        t.pending.pop(0)
        attack.tower_attack(t, str(head.n), ev)
    elif kind == "beast":
        t.pending.pop(0)
        attack.beast_attacks(t, arg, ev)
    elif kind == "owl":
        t.pending.pop(0)
        ev.append(Event("dt-eule-attacke", "owl.attack", {"team": t.turn}))
        t.pending.insert(0, Task("exile", magic=True))
    elif kind == "free":
        t.pending.pop(0)
        to_camp(t, arg)
        ev.append(Event("dt-aus-dem-exil", "exile.free", {"companion": arg, "team": t.turn}, decisive=True))
    elif kind == "advance":
        t.pending.pop(0)
        move(t, arg, 1, True, "dt-niemand-im-exil", "exile.advance", ev)
    elif kind == "bolt":
        t.pending.pop(0)
        bolt(t, arg, ev)
    elif kind == "spell":
        t.pending.pop(0)
        t.set(arg, spell=True)
        ev.append(Event("dt-schutzzauber", "spell.given", {"companion": arg}))
    elif kind == "fight-on":
        assert head is not None
        t.pending.pop(0)
        ev.append(Event("dt-erste-runde-verloren", "duel.fight-on", {"companion": head.comp}))
        t.pending.insert(0, Task("duel", comp=head.comp, round=2))
    elif kind == "retreat":
        assert head is not None
        t.pending.pop(0)
        duel.retreat(t, head.comp, "dt-erste-runde-verloren", ev)
    elif kind == "rescue":
        t.pending.pop(0)
        to_camp(t, arg)
        ev.append(Event("dt-eule-alle-gefangen", "owl.rescue", {"companion": arg}, decisive=True))


def draw(t: Table, kind: str, ev: list[Event]) -> None:
    if not sum(t.deck.values()):
        t.deck, t.discard = dict(t.discard), {k: 0 for k in CARD_KINDS}
        ev.append(Event("dt-neu-mischen", "deck.reshuffled"))
    t.deck[kind] -= 1
    t.drawn = True
    ev.append(Event("dt-ablauf-teamzug", "card." + ("step" if kind in STEP_KINDS else kind.rstrip("0123456789")),
                    {"team": t.turn, "card": kind}))
    if kind in STEP_KINDS:
        t.discard[kind] += 1
        t.pending.insert(0, Task("step", n=int(kind[-1])))
    elif kind.startswith("attack"):
        t.discard[kind] += 1
        t.pending.insert(0, Task("tower", n=int(kind[6:])))
    elif kind in ("exile", "bolt"):
        t.discard[kind] += 1
        t.pending.insert(0, Task(kind))
    elif kind == "spell":
        t.pending.insert(0, Task("spell"))
    elif placeable(t):
        t.pending.insert(0, Task("float"))
    else:
        t.collections[t.turn] = t.collections.get(t.turn, 0) + 1
        ev.append(Event("dt-schwebefeld-behalten", "float.kept.no-rift", {"team": t.turn}))
        end_turn(t, ev)


def place_float(t: Table, field: str, head: Task | None, ev: list[Event]) -> None:
    t.floats[field] = Float(field, t.turn, FLOAT_TURNS_PLACED)
    if head is not None and head.kind == "float":
        t.pending.pop(0)
        ev.append(Event("dt-schwebefeld-sofort", "float.now", {"field": field, "team": t.turn}))
        t.pending.insert(0, Task("draw"))
    else:
        t.collections[t.turn] -= 1
        ev.append(Event("dt-schwebefeld-spaeter", "float.later", {"field": field, "team": t.turn}))


def step(t: Table, cid: str, steps: int, ev: list[Event]) -> None:
    """dt-schrittkarte, then a magic place (dt-magische-orte, dt-ein-feldereignis)."""
    at = move(t, cid, steps, True, "dt-schrittkarte", "step.move", ev)
    if at not in ("4", "12", "18"):
        return
    if t.event_used:
        ev.append(Event("dt-ein-feldereignis", "place.silent", {"companion": cid, "field": at}))
        return
    t.event_used = True
    ev.append(Event("dt-magische-orte", "place.event", {"companion": cid, "field": at}))
    attack.wake(t, "12" if at == "12" else "18", cid, ev)


def roll(t: Table, task: Task, n: int, ev: list[Event]) -> None:
    if task.kind == "fight":
        attack.fight(t, task, n, ev)
    elif task.kind == "event":
        field_event(t, task.comp, n, ev)
    elif task.kind == "duel":
        duel.companion_roll(t, task, n, ev)
    else:
        duel.wizard_roll(t, task, n, ev)


def field_event(t: Table, cid: str, n: int, ev: list[Event]) -> None:
    """dt-feldereignis: 1-3 forward, 4-6 back, 7-9 exile, 10-12 a bonus card."""
    if n <= 3:
        move(t, cid, 3, True, "dt-feldereignis", "event.forward", ev)
    elif n <= 6:
        move(t, cid, 3, False, "dt-feldereignis", "event.back", ev)
    elif n <= 9:
        to_exile(t, cid)
        ev.append(Event("dt-feldereignis", "event.exile", {"companion": cid, "roll": n}, decisive=True))
    else:
        ev.append(Event("dt-bonuszauber", "event.bonus", {"companion": cid, "roll": n}))
        t.pending.insert(0, Task("draw"))


def bolt(t: Table, cid: str, ev: list[Event]) -> None:
    c = t.comps[cid]
    if c.shield is not None:
        t.set(cid, shield=None)
        ev.append(Event("dt-knochentier-schild", "bolt.shield", {"companion": cid}, decisive=True))
    elif c.spell:
        attack.use_spell(t, cid)
        ev.append(Event("dt-schutzzauber-wirkung", "bolt.spell", {"companion": cid}, decisive=True))
    elif c.marked is not None:
        to_camp(t, cid)
        t.set(cid, marked=None)
        ev.append(Event("dt-donnerblitz-zweiter-treffer", "bolt.second", {"companion": cid}, decisive=True))
    else:
        ev.append(Event("dt-donnerblitz", "bolt.hit", {"companion": cid}, decisive=True))
        t.set(cid, marked=2)
        move(t, cid, 3, False, "dt-rueckwaerts", "bolt.back", ev)


__all__ = ["actor", "legal", "outcomes", "play"]
