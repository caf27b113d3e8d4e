"""Why a target on the board of Der dunkle Turm cannot be tapped now (``VIEW.explain``), citing the
clause.

A companion stands for the action of the card being carried out (a step card ``move``, "Aus dem
Exil" ``free`` or ``advance``, a thunderbolt ``bolt``, a protection spell ``spell``, the owl's
``rescue``): the engine is asked about it, and its refusal is told with the reason that applies to
this companion: another team's (dt-schrittkarte, dt-niemand-im-exil, dt-schutzzauber, a thunderbolt
on one's own, dt-donnerblitz), not free (dt-freie-gefaehrten; lying beside its field,
dt-neben-dem-feld), not in exile or another team's while one's own is (dt-aus-dem-exil), already
carrying a spell (dt-schutzzauber). A rift stands for laying a floating field (the engine's refusal:
dt-schwebefeld-sofort, dt-schwebefeld-spaeter, dt-schwebefeld-behalten). Once a companion is chosen,
a field or place where it does not end is told with where it does end (dt-schrittkarte,
dt-freie-felder, dt-niemand-im-exil, dt-aus-dem-exil). A field, the camp or another place tapped
before a companion is answered for the companion on it; otherwise, and for a beast or a floating
field, the answer is what the board waits for, with its clause: a card to draw (dt-ablauf-teamzug),
the lot (dt-aufbau), the die (dt-knochentier-kampf, dt-feldereignis, dt-wuerfelduell), the tower's
attack (dt-turmattacke), a beast's (dt-knochentier-turmattacke), the owl (dt-eule-attacke).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import CHANCE, TERMINAL, Engine, RuleError
from rules.core.tapping import refusal

from .actions import may_place_later
from .board import BEASTS, EXILE, OUT, PLACES, team_of
from .flow import COMPANIONS_OF
from .moves import walk
from .state import State, Table, Task, thaw

# The clause of each card task (and of the owl's rescue) that a companion is chosen for.
TASK_CLAUSES = {
    "step": "dt-schrittkarte",
    "bolt": "dt-donnerblitz",
    "spell": "dt-schutzzauber",
    "rescue": "dt-eule-alle-gefangen",
    "float": "dt-schwebefeld-sofort",
    "choice": "dt-erste-runde-verloren",
}


def explain(
    engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None
) -> RuleError | None:
    """Why ``target`` cannot be tapped after ``pick`` (see the module docstring)."""
    s: State = state
    pick = tuple(pick)
    t = thaw(s)
    actor = engine.current_actor(s)
    head = t.pending[0] if t.pending else None
    if actor == TERMINAL:
        return RuleError("dt-spielende", "why.over")
    if actor == CHANCE:
        return _chance(t, head)
    if actor in engine.info.automatic_actors and head is not None:
        return _automatic(t, head)
    kind, _, arg = target.partition(":")
    chosen = pick[0][2:] if pick and pick[0].startswith("c:") and pick[0][2:] in t.comps else ""
    if kind == "c" and arg in t.comps:
        if chosen:
            return RuleError(_clause(t, head), "why.one-companion", companion=chosen)
        return _companion(engine, s, t, head, arg)
    if kind == "sf" and arg in t.floats:
        fl = t.floats[arg]
        return RuleError("dt-schwebefeld-landen", "why.float.lying", field=arg, team=fl.team, n=fl.turns)
    if kind == "beast" and arg in BEASTS:
        return RuleError("dt-knochentier-wecken", "why.beast", lair=arg)
    if kind == "rift" and arg in t.rifts and not chosen:
        return _rift(engine, s, t, head, arg)
    where = arg if kind in ("f", "rift") else target if target in PLACES else ""
    if not where:
        return None
    if chosen:
        return _ends(t, head, chosen)
    on_it = _companion_at(t, head, where)
    if on_it is not None:
        answer = _companion(engine, s, t, head, on_it)
        if answer is not None:
            return answer
    return _waiting(t, head)


def _chance(t: Table, head: Task | None) -> RuleError:
    if not t.start:
        return RuleError("dt-aufbau", "why.lot")
    if head is None or head.kind == "draw":
        return RuleError("dt-ablauf-teamzug", "why.chance.card", team=t.turn)
    if head.kind == "fight":
        return RuleError("dt-knochentier-kampf", "why.chance.fight", companion=head.comp, lair=str(head.n))
    if head.kind == "event":
        return RuleError("dt-feldereignis", "why.chance.event", companion=head.comp)
    return RuleError("dt-wuerfelduell", "why.chance.duel", companion=head.comp)


def _automatic(t: Table, head: Task) -> RuleError:
    if head.kind == "tower":
        return RuleError("dt-turmattacke", "why.tower", field=str(head.n))
    if head.kind == "beast":
        return RuleError("dt-knochentier-turmattacke", "why.beast-attack", lair=str(head.n))
    return RuleError("dt-eule-attacke", "why.owl", team=t.turn)


def _exiled(t: Table) -> list[str]:
    return [cid for cid, c in t.comps.items() if c.at == EXILE]


def _clause(t: Table, head: Task | None) -> str:
    if head is None:
        return "dt-ablauf-teamzug"
    if head.kind == "exile":
        return "dt-aus-dem-exil" if _exiled(t) else "dt-niemand-im-exil"
    return TASK_CLAUSES.get(head.kind, "dt-ablauf-teamzug")


def _verb(t: Table, head: Task | None) -> str:
    """The action a companion stands for in this task ("" for none)."""
    if head is None:
        return ""
    if head.kind == "step":
        return "move"
    if head.kind == "exile":
        return "free" if _exiled(t) else "advance"
    return head.kind if head.kind in ("bolt", "spell", "rescue") else ""


def _companion(engine: Engine[Any], s: State, t: Table, head: Task | None, cid: str) -> RuleError | None:
    """Why companion ``cid`` cannot be chosen now."""
    verb = _verb(t, head)
    if not verb:
        return _waiting(t, head)
    if refusal(engine, s, f"{verb}:{cid}") is None:
        return None  # the engine plays it: the board offers it
    assert head is not None
    c = t.comps[cid]
    team, turn = team_of(cid), t.turn
    if verb == "rescue":
        return RuleError("dt-eule-alle-gefangen", "why.rescue", team=head.team)
    if verb == "bolt":
        if team == turn:
            return RuleError("dt-donnerblitz", "why.bolt.own", companion=cid)
        if c.lying is not None:
            return RuleError("dt-donnerblitz", "why.bolt.lying", companion=cid)
        return RuleError("dt-donnerblitz", "why.bolt.off-path", companion=cid, at=c.at)
    if verb == "spell":
        if team != turn:
            return RuleError("dt-schutzzauber", "why.spell.not-own", companion=cid, team=turn)
        key = "why.spell.out" if c.at == OUT else "why.spell.has"
        return RuleError("dt-schutzzauber", key, companion=cid)
    if verb == "free":
        if c.at != EXILE:
            return RuleError("dt-aus-dem-exil", "why.exile.not-exiled", companion=cid)
        return RuleError("dt-aus-dem-exil", "why.exile.own-first", companion=cid, team=turn)
    if team != turn:  # move, advance: one of the team's own free companions
        if verb == "advance":
            return RuleError("dt-niemand-im-exil", "why.advance.not-own", companion=cid, team=turn)
        return RuleError("dt-schrittkarte", "why.step.not-own", companion=cid, team=turn)
    if c.lying is not None:
        return RuleError("dt-neben-dem-feld", "why.lying", companion=cid)
    return RuleError("dt-freie-gefaehrten", "why.not-free", companion=cid, at=c.at)


def _companion_at(t: Table, head: Task | None, where: str) -> str | None:
    """The companion a tap on a field or place is most likely about: the one standing there (on a
    field), else one lying beside it; in a place, the team's own first (an opponent's for a
    thunderbolt)."""
    here = [cid for cid, c in t.comps.items() if c.at == where]
    if not here:
        return None
    standing = [cid for cid in here if t.comps[cid].lying is None]
    if where not in PLACES and standing:
        return standing[0]
    mine = set(COMPANIONS_OF[t.turn])
    bolt = head is not None and head.kind == "bolt"
    return sorted(here, key=lambda cid: (cid in mine) == bolt)[0]


def _rift(engine: Engine[Any], s: State, t: Table, head: Task | None, field: str) -> RuleError | None:
    error = refusal(engine, s, f"float:{field}")
    if error is None:
        return None
    if field in t.floats:
        return RuleError(error.clause, "why.float.covered", field=field)
    if t.collections.get(t.turn, 0) <= 0:
        return RuleError("dt-schwebefeld-behalten", "why.float.none", team=t.turn)
    if not may_place_later(t):
        return RuleError("dt-schwebefeld-spaeter", "why.float.when", team=t.turn)
    return error


def _ends(t: Table, head: Task | None, cid: str) -> RuleError:
    """A field or place where the chosen companion does not end: where it does."""
    verb = _verb(t, head)
    if verb == "move" and head is not None:
        skipped: list[str] = []
        dest, _trail = walk(t, cid, head.n, True, skipped)
        clause = "dt-freie-felder" if skipped else "dt-schrittkarte"
        return RuleError(clause, "why.step.ends", companion=cid, n=head.n, to=dest)
    if verb == "advance":
        return RuleError("dt-niemand-im-exil", "why.advance.ends", companion=cid, to=walk(t, cid, 1, True)[0])
    if verb in ("free", "rescue"):
        return RuleError(_clause(t, head), "why.to-camp", companion=cid)
    return _waiting(t, head)


def _waiting(t: Table, head: Task | None) -> RuleError:
    """What the board waits for now, with its clause."""
    turn = t.turn
    if head is None:
        return RuleError("dt-ablauf-teamzug", "why.draw-first", team=turn)
    kind = head.kind
    if kind == "step":
        return RuleError("dt-schrittkarte", "why.step.pick", team=turn, n=head.n)
    if kind == "exile":
        if _exiled(t):
            return RuleError("dt-aus-dem-exil", "why.exile.pick")
        return RuleError("dt-niemand-im-exil", "why.advance.pick", team=turn)
    if kind == "bolt":
        return RuleError("dt-donnerblitz", "why.bolt.pick")
    if kind == "spell":
        return RuleError("dt-schutzzauber", "why.spell.pick", team=turn)
    if kind == "rescue":
        return RuleError("dt-eule-alle-gefangen", "why.rescue", team=head.team)
    if kind == "float":
        return RuleError("dt-schwebefeld-sofort", "why.float-now", team=turn)
    if kind == "choice":
        return RuleError("dt-erste-runde-verloren", "why.choice", companion=head.comp)
    return RuleError("dt-ablauf-teamzug", "why.draw-first", team=turn)


__all__ = ["explain"]
