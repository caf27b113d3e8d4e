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
dt-freie-felder, dt-niemand-im-exil, dt-aus-dem-exil); a field someone stands on (or the companion
standing there) with the counting rule for that field (dt-freie-felder). A field, the camp or another place tapped
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

from .board import BEASTS, PLACES
from .flow import COMPANIONS_OF
from .moves import walk
from .refusals import automatic_first, chance_first, exiled, task_clause, verb
from .state import State, Table, Task, thaw


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
        return chance_first(t, head)
    if actor in engine.info.automatic_actors and head is not None:
        return automatic_first(t, head)
    kind, _, arg = target.partition(":")
    chosen = pick[0][2:] if pick and pick[0].startswith("c:") and pick[0][2:] in t.comps else ""
    if kind == "c" and arg in t.comps:
        if chosen:
            at = t.comps[arg].at
            if at[0].isdigit() and t.comps[arg].lying is None:  # a companion on the path: the field it stands on (N6)
                return _ends(t, head, chosen, at)
            return RuleError(task_clause(t, head), "why.one-companion", companion=chosen)
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
    return _field(engine, s, t, head, chosen, where)


def _field(engine: Engine[Any], s: State, t: Table, head: Task | None, chosen: str, where: str) -> RuleError | None:
    """A field or place tapped: why the chosen companion does not end there; with none chosen, why the
    companion on it cannot be chosen, or what the board waits for."""
    if chosen:
        return _ends(t, head, chosen, where)
    on_it = _companion_at(t, head, where)
    if on_it is not None:
        answer = _companion(engine, s, t, head, on_it)
        if answer is not None:
            return answer
    return _waiting(t, head)


def _companion(engine: Engine[Any], s: State, t: Table, head: Task | None, cid: str) -> RuleError | None:
    """Why companion ``cid`` cannot be chosen now: the engine's refusal of the action it stands for
    (:func:`.refusals.companion_reason`), else what the board waits for."""
    if not verb(t, head):
        return _waiting(t, head)
    return refusal(engine, s, f"{verb(t, head)}:{cid}")  # None: the engine plays it, the board offers it


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
    """A rift stands for laying a floating field on it: the engine's refusal
    (:func:`.refusals.float_reason`), or None when the engine lays it."""
    return refusal(engine, s, f"float:{field}")


def _ends(t: Table, head: Task | None, cid: str, where: str) -> RuleError:
    """A field or place ``where`` the chosen companion does not end: where it does. A field someone
    stands on is told with the counting rule for that field (dt-freie-felder: occupied fields do not
    count, and a move never ends on one)."""
    action = verb(t, head)
    if action == "move" and head is not None:
        skipped: list[str] = []
        dest, _trail = walk(t, cid, head.n, True, skipped)
        other = t.standing().get(where)
        if other is not None and other != cid:
            return RuleError("dt-freie-felder", "why.step.occupied", companion=cid, n=head.n, to=dest, field=where,
                             other=other)
        clause = "dt-freie-felder" if skipped else "dt-schrittkarte"
        return RuleError(clause, "why.step.ends", companion=cid, n=head.n, to=dest)
    if action == "advance":
        return RuleError("dt-niemand-im-exil", "why.advance.ends", companion=cid, to=walk(t, cid, 1, True)[0])
    if action in ("free", "rescue"):
        return RuleError(task_clause(t, head), "why.to-camp", companion=cid)
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
        if exiled(t):
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
