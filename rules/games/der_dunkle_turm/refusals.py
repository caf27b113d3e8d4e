"""Why an action of Der dunkle Turm is refused here, citing the clause that forbids it, told in the
players' words (issue 41). Shared by the engine (``ENGINE.apply`` refuses an action that is not
legal with :func:`refuse`) and the "why not?" answers (:mod:`.explain`).

- the game is over (dt-spielende);
- the choice after a lost first duel round, where there is none to make: the team chose already
  (dt-erste-runde-verloren), the first round was won (dt-zauberer-zweimal) or the protection spell
  caught the wizard's bolt (dt-schutzzauber-duell: the duel goes on without a choice);
- chance acts first: the lot, a card, a die (:func:`chance_first`); an outcome chance cannot have;
- the tower, a beast or the owl acts first (:func:`automatic_first`), or does not act now;
- a team's choice: what the team chooses now (:func:`waiting`), a companion that cannot be chosen for
  the card being carried out (:func:`companion_reason`), a floating field that cannot be laid.
"""

from __future__ import annotations

from rules.core.engine import CHANCE, RuleError

from .actions import actor
from .board import ALL_FIELDS, CARD_KINDS, EXILE, OUT, WIZARD_ROUNDS, team_of
from .state import Table, Task

COMPANION_VERBS = ("move", "free", "advance", "bolt", "spell", "rescue")
AUTOMATIC_CLAUSES = {"tower": "dt-turmattacke", "beast": "dt-knochentier-turmattacke", "owl": "dt-eule-attacke"}
CHANCE_KINDS = ("d12", "card", "start")


def refuse(t: Table, action: str) -> RuleError:
    """The refusal of ``action`` (not legal at ``t``), citing the clause that forbids it."""
    kind, _, arg = action.partition(":")
    head = t.pending[0] if t.pending else None
    if t.over:
        return RuleError("dt-spielende", "refuse.over")
    if kind in ("fight-on", "retreat"):
        return no_choice(t, head)
    if kind == "float" and t.start:  # also while chance draws: why the team lays none now
        return float_reason(t, head, arg)
    who = actor(t)
    if who == CHANCE:
        return no_outcome(t, head, kind, arg) if kind in CHANCE_KINDS else chance_first(t, head)
    if head is not None and head.kind in AUTOMATIC_CLAUSES:
        return automatic_first(t, head)
    if kind in CHANCE_KINDS:
        return RuleError(waiting(t, head).clause, "refuse.not-chance", team=who)
    if kind in AUTOMATIC_CLAUSES:
        return RuleError(AUTOMATIC_CLAUSES[kind], f"refuse.auto.{kind}")
    if kind in COMPANION_VERBS and kind == verb(t, head):
        if arg not in t.comps:
            return RuleError(task_clause(t, head), "refuse.no-companion", text=arg[:20])
        return companion_reason(t, head, kind, arg)
    return waiting(t, head)


def exiled(t: Table) -> list[str]:
    return [cid for cid, c in t.comps.items() if c.at == EXILE]


# The clause of each card task (and of the owl's rescue) that a companion is chosen for.
TASK_CLAUSES = {
    "step": "dt-schrittkarte",
    "bolt": "dt-donnerblitz",
    "spell": "dt-schutzzauber",
    "rescue": "dt-eule-alle-gefangen",
    "float": "dt-schwebefeld-sofort",
    "choice": "dt-erste-runde-verloren",
}


def task_clause(t: Table, head: Task | None) -> str:
    if head is None:
        return "dt-ablauf-teamzug"
    if head.kind == "exile":
        return "dt-aus-dem-exil" if exiled(t) else "dt-niemand-im-exil"
    return TASK_CLAUSES.get(head.kind, "dt-ablauf-teamzug")


def verb(t: Table, head: Task | None) -> str:
    """The action a companion stands for in this task ("" for none)."""
    if head is None:
        return ""
    if head.kind == "step":
        return "move"
    if head.kind == "exile":
        return "free" if exiled(t) else "advance"
    return head.kind if head.kind in ("bolt", "spell", "rescue") else ""


def no_choice(t: Table, head: Task | None) -> RuleError:
    """"Fight on" or "retreat" where there is no choice: the choice follows only a first duel round
    lost without protection (dt-erste-runde-verloren). With the second round due, the reason why it
    came without a choice: the team chose to fight on (its companion was charred in this turn), the
    companion won the first round (the wizard was charred just now, dt-zauberer-zweimal), or the
    protection spell caught the bolt (dt-schutzzauber-duell)."""
    if head is None or head.kind not in ("duel", "wizard") or head.round != 2:
        return RuleError("dt-erste-runde-verloren", "refuse.choice.none")
    c = t.comps[head.comp]
    if c.charred and not c.armed:
        return RuleError("dt-erste-runde-verloren", "refuse.choice.made", companion=head.comp)
    if t.wizard == WIZARD_ROUNDS:
        return RuleError("dt-zauberer-zweimal", "refuse.choice.won", companion=head.comp)
    return RuleError("dt-schutzzauber-duell", "refuse.choice.caught", companion=head.comp)


def chance_first(t: Table, head: Task | None) -> RuleError:
    """What chance decides first: the lot, a card, a die."""
    if not t.start:
        return RuleError("dt-aufbau", "why.lot")
    if head is None or head.kind == "draw":
        return RuleError("dt-ablauf-teamzug", "why.chance.card", team=t.turn)
    if head.kind == "fight":
        return RuleError("dt-knochentier-kampf", "why.chance.fight", companion=head.comp, lair=str(head.n))
    if head.kind == "event":
        return RuleError("dt-feldereignis", "why.chance.event", companion=head.comp)
    return RuleError("dt-wuerfelduell", "why.chance.duel", companion=head.comp)


def no_outcome(t: Table, head: Task | None, kind: str, arg: str) -> RuleError:
    """An outcome chance cannot have now: a card no longer in the pile, a die's thirteenth face."""
    first = chance_first(t, head)
    if not t.start:
        expected = "start"
    elif head is None or head.kind == "draw":
        expected = "card"
    else:
        expected = "d12"
    if kind != expected:
        return first
    if kind == "start":
        return RuleError(first.clause, "refuse.chance.start", text=arg[:20])
    if kind == "card" and arg in CARD_KINDS:
        return RuleError(first.clause, "refuse.chance.card", card=arg)
    if kind == "card":
        return RuleError(first.clause, "refuse.chance.no-card", text=arg[:20])
    return RuleError(first.clause, "refuse.chance.d12", text=arg[:20])


def automatic_first(t: Table, head: Task) -> RuleError:
    """The tower, a beast or the owl acts first."""
    if head.kind == "tower":
        return RuleError("dt-turmattacke", "why.tower", field=str(head.n))
    if head.kind == "beast":
        return RuleError("dt-knochentier-turmattacke", "why.beast-attack", lair=str(head.n))
    return RuleError("dt-eule-attacke", "why.owl", team=t.turn)


def waiting(t: Table, head: Task | None) -> RuleError:
    """What the team acting now chooses (a refusal of anything else), with its clause."""
    turn = t.turn
    if head is None:
        return RuleError("dt-ablauf-teamzug", "refuse.wait.draw", team=turn)
    kind = head.kind
    if kind == "step":
        return RuleError("dt-schrittkarte", "refuse.wait.step", team=turn, n=head.n)
    if kind == "exile":
        if exiled(t):
            return RuleError("dt-aus-dem-exil", "refuse.wait.exile", team=turn)
        return RuleError("dt-niemand-im-exil", "refuse.wait.advance", team=turn)
    if kind == "bolt":
        return RuleError("dt-donnerblitz", "refuse.wait.bolt", team=turn)
    if kind == "spell":
        return RuleError("dt-schutzzauber", "refuse.wait.spell", team=turn)
    if kind == "rescue":
        return RuleError("dt-eule-alle-gefangen", "refuse.wait.rescue", team=head.team)
    if kind == "float":
        return RuleError("dt-schwebefeld-sofort", "refuse.wait.float", team=turn)
    if kind == "choice":
        return RuleError("dt-erste-runde-verloren", "refuse.wait.choice", companion=head.comp)
    return RuleError("dt-ablauf-teamzug", "refuse.wait.draw", team=turn)


def companion_reason(t: Table, head: Task | None, verb: str, cid: str) -> RuleError:
    """Why companion ``cid`` cannot be chosen for the card (or the owl's rescue) being carried out."""
    c = t.comps[cid]
    team, turn = team_of(cid), t.turn
    if verb == "rescue":
        return RuleError("dt-eule-alle-gefangen", "refuse.rescue", companion=cid, team=head.team if head else turn)
    if verb == "bolt":
        if team == turn:
            return RuleError("dt-donnerblitz", "why.bolt.own", companion=cid)
        if c.lying is not None:
            return RuleError("dt-donnerblitz", "why.bolt.lying", companion=cid)
        return RuleError("dt-donnerblitz", "why.bolt.off-path", companion=cid, at=c.at)
    if verb == "spell":
        if team != turn:
            return RuleError("dt-schutzzauber", "why.spell.not-own", companion=cid, team=turn)
        return RuleError("dt-schutzzauber", "why.spell.out" if c.at == OUT else "why.spell.has", companion=cid)
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


def float_reason(t: Table, head: Task | None, field: str) -> RuleError:
    """Why no floating field may be laid on ``field`` now: laid at once over an open rift without one
    (dt-schwebefeld-sofort), or from the collection before drawing or walking
    (dt-schwebefeld-spaeter)."""
    now = head is not None and head.kind == "float"
    clause = "dt-schwebefeld-sofort" if now else "dt-schwebefeld-spaeter"
    if field not in ALL_FIELDS:
        return RuleError(clause, "refuse.float.no-field", text=field[:20])
    if field not in t.rifts:
        return RuleError(clause, "refuse.float.no-rift", field=field)
    if field in t.floats:
        return RuleError(clause, "why.float.covered", field=field)
    if now:
        return waiting(t, head)  # an open rift without a floating field is offered: this is no such rift
    if t.collections.get(t.turn, 0) <= 0:
        return RuleError("dt-schwebefeld-spaeter", "why.float.none", team=t.turn)
    return RuleError("dt-schwebefeld-spaeter", "why.float.when", team=t.turn)  # not before drawing or walking


__all__ = ["automatic_first", "chance_first", "companion_reason", "float_reason", "refuse", "verb", "waiting"]
