"""The state of Der dunkle Turm: an immutable :class:`State` (what positions, logs and drivers see)
and a mutable :class:`Table` that a transition works on before freezing it again.

Timers (dt-fristen) are stored as what is still to come:

- team-turn timers (lying beside a field, shield, thunderbolt mark, floating field) count the turns
  of the counting team *still to begin*; each start of that team's turn takes one off, and at the end
  of a turn a timer at 0 expires. A timer set during its team's own turn thus never counts that turn.
- table-round timers (rifts, the charred wizard) count the ends of table rounds still to come, the
  current one included.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import CARD_KINDS


@dataclass(frozen=True)
class Companion:
    at: str  # camp | exile | out | tower | a field name
    lying: int | None = None  # lying beside its field: its team's turns still to begin (dt-neben-dem-feld)
    charred: bool = False
    cooled: int = 0  # qualifying turn ends counted so far (dt-abkuehlen)
    armed: bool = True  # the current turn of its team began after it was charred
    spell: bool = False  # carries a protection spell (dt-schutzzauber)
    shield: int | None = None  # dt-knochentier-schild
    marked: int | None = None  # dt-donnerblitz-zweiter-treffer


COMPANION_FIELDS = frozenset(("at", "lying", "charred", "cooled", "armed", "spell", "shield", "marked"))


@dataclass(frozen=True)
class Beast:
    awake: bool = False
    quiet: int = 0  # quiet table rounds in a row so far
    attacked: bool = False  # attacked (or was woken) in the current table round


@dataclass(frozen=True)
class Float:
    field: str
    team: str
    turns: int


@dataclass(frozen=True)
class Task:
    """Something still to happen in the current turn (the head acts next).

    kinds: draw, step (n steps), tower (n = rift field), beast (n = lair), fight (comp, n = lair,
    magic = at a magic place), owl, exile (from_owl), bolt, spell, float, event (comp), duel (comp,
    round), wizard (comp, round, n = companion's roll), choice (comp), rescue (team).
    """

    kind: str
    comp: str = ""
    n: int = 0
    round: int = 0
    magic: bool = False
    team: str = ""


@dataclass(frozen=True)
class State:
    teams: tuple[str, ...]
    start: str
    turn: str
    round: int
    drawn: bool
    bridges_up: bool
    companions: tuple[tuple[str, Companion], ...]
    rifts: tuple[tuple[str, int], ...]
    floats: tuple[Float, ...]
    collections: tuple[tuple[str, int], ...]
    wizard: int
    beasts: tuple[Beast, Beast]
    attacks: int
    event_used: bool
    pending: tuple[Task, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    winner: str = ""
    over: bool = False

    def companion(self, cid: str) -> Companion:
        return dict(self.companions)[cid]


@dataclass
class Table:
    """A mutable working copy of a :class:`State`."""

    teams: tuple[str, ...]
    start: str
    turn: str
    round: int
    drawn: bool
    bridges_up: bool
    comps: dict[str, Companion]
    rifts: dict[str, int]
    floats: dict[str, Float]
    collections: dict[str, int]
    wizard: int
    beasts: dict[str, Beast]
    attacks: int
    event_used: bool
    pending: list[Task]
    deck: dict[str, int]
    discard: dict[str, int]
    winner: str = ""
    over: bool = False
    field_index: dict[str, int] = field(default_factory=dict)

    def set(self, cid: str, **changes: Any) -> Companion:
        c = self.comps[cid]
        get = changes.get
        comp = Companion(get("at", c.at), get("lying", c.lying), get("charred", c.charred), get("cooled", c.cooled),
                         get("armed", c.armed), get("spell", c.spell), get("shield", c.shield), get("marked", c.marked))
        if len(changes) > 8 or not changes.keys() <= COMPANION_FIELDS:
            raise TypeError(f"unknown companion fields {set(changes) - COMPANION_FIELDS}")
        self.comps[cid] = comp
        return comp

    def standing(self) -> dict[str, str]:
        """Field -> companion standing on it (lying companions do not occupy their field)."""
        return {c.at: cid for cid, c in self.comps.items() if c.lying is None and c.at[0].isdigit()}

    def alive(self, team: str) -> list[str]:
        return [cid for cid, c in self.comps.items() if cid[:-1] == team and c.at != "out"]

    def eliminated(self, team: str) -> bool:
        return not self.alive(team)


def thaw(s: State) -> Table:
    return Table(
        teams=s.teams,
        start=s.start,
        turn=s.turn,
        round=s.round,
        drawn=s.drawn,
        bridges_up=s.bridges_up,
        comps=dict(s.companions),
        rifts=dict(s.rifts),
        floats={f.field: f for f in s.floats},
        collections=dict(s.collections),
        wizard=s.wizard,
        beasts={"12": s.beasts[0], "18": s.beasts[1]},
        attacks=s.attacks,
        event_used=s.event_used,
        pending=list(s.pending),
        deck=dict(zip(CARD_KINDS, s.deck, strict=True)),
        discard=dict(zip(CARD_KINDS, s.discard, strict=True)),
        winner=s.winner,
        over=s.over,
    )


def _field_key(name: str) -> tuple[int, str]:
    digits = name.rstrip("abc")
    return int(digits), name[len(digits):]


def freeze(t: Table) -> State:
    return State(
        teams=t.teams,
        start=t.start,
        turn=t.turn,
        round=t.round,
        drawn=t.drawn,
        bridges_up=t.bridges_up,
        companions=tuple(t.comps.items()),  # thaw keeps the canonical order
        rifts=tuple(sorted(t.rifts.items(), key=lambda kv: _field_key(kv[0]))) if len(t.rifts) > 1 else tuple(t.rifts.items()),
        floats=tuple(t.floats[f] for f in sorted(t.floats, key=_field_key)) if len(t.floats) > 1 else tuple(t.floats.values()),
        collections=tuple((team, t.collections.get(team, 0)) for team in t.teams),
        wizard=t.wizard,
        beasts=(t.beasts["12"], t.beasts["18"]),
        attacks=t.attacks,
        event_used=t.event_used,
        pending=tuple(t.pending),
        deck=tuple(t.deck.values()),  # CARD_KINDS order (thaw and position build them so)
        discard=tuple(t.discard.values()),
        winner=t.winner,
        over=t.over,
    )
