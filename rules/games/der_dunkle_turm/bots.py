"""How good a position is for a team, as the computer teams judge it (``players``, dt-computergegner):
progress towards the tower, what the next tower attack is expected to cost where each companion
stands, charred and protected companions, the opponents' progress (:func:`judge`)."""

from __future__ import annotations

from .board import BEAST_REACH, BEASTS, BRIDGES, CARD_KINDS, DECK_SIZE, INDEX_UP, OVER_LAVA, SIDE_FIELDS, team_of
from .state import Companion, State

SIDE_PROGRESS = {f: (5.0 if f.startswith("6") else 14.0) + (INDEX_UP[f] - INDEX_UP[f[:-1] + "a"] + 1) / 4 for f in SIDE_FIELDS}


def progress(at: str) -> float:
    if at == "camp":
        return 0.0
    if at == "tower":
        return 30.0
    if at in ("exile", "out"):
        return -1.0
    if at in SIDE_PROGRESS:
        return SIDE_PROGRESS[at]
    return float(at)


ATTACK_SHARE = sum(1 for k in CARD_KINDS if k.startswith("attack")) / DECK_SIZE  # a card drawn is an attack
CHARRED = 3.0  # what being charred costs a companion (dt-verkohlt: a second lost duel bursts it)


def attack_chance(s: State) -> float:
    """The chance of a tower attack (dt-turmattacke) before a team moves again: about one card per
    team turn until then."""
    return 1.0 - (1.0 - ATTACK_SHARE) ** len(s.teams)


def beast_target_of(s: State, lair: str) -> str | None:
    """dt-knochentier-turmattacke: the standing figure nearest the lair (ties: nearer the tower)."""
    best: tuple[int, int] | None = None
    target = None
    for cid, c in s.companions:
        if c.lying is None and c.at in BEAST_REACH[lair]:
            key = (abs(int(c.at) - int(lair)), -int(c.at))
            if best is None or key < best:
                best, target = key, cid
    return target


ATTACKS = tuple((i, kind[6:]) for i, kind in enumerate(CARD_KINDS) if kind.startswith("attack"))  # index, field


def rift_chances(s: State) -> dict[str, float]:
    """Per field, the chance that an attack card opening a rift there (dt-riss-oeffnen) comes before
    a team moves again."""
    pile = s.deck if sum(s.deck) else s.discard
    total = sum(pile) or 1
    teams = len(s.teams)
    return {where: min(1.0, teams * pile[i] / total) for i, where in ATTACKS if pile[i]}


def companion_worth(s: State, cid: str, p_attack: float, beast_targets: set[str], rifts: dict[str, float],
                    open_rifts: frozenset[str] | None = None, c: Companion | None = None) -> float:
    """A companion's way to the tower, less what the next tower attack is expected to cost it: back
    to the camp from a drawbridge that rises (dt-zugbruecken-heben) or a side field that vanishes
    (dt-zugbruecken-senken), a fight with an awake bone beast (dt-knochentier-turmattacke; lost
    about half the time, then back to the camp), the exile when a rift opens under it
    (dt-riss-oeffnen), unless a protection spell or a shield saves it. ``open_rifts``: the fields
    with a rift and no floating field over it; ``c``: the companion (both looked up when not given)."""
    if c is None:
        c = s.companion(cid)
    if open_rifts is None:
        open_rifts = open_rifts_of(s)
    if c.at == "out":
        return -12.0
    value = progress(c.at)
    value *= 1.0 + value / 40  # the leading companion matters most
    if c.lying is not None:
        value -= 1.0
    protected = c.spell
    if not protected and c.lying is None:
        value = _after_attack(s, cid, c, value, p_attack, beast_targets, rifts)
    if c.at in open_rifts:
        value -= 2.0
    if c.charred:
        value -= CHARRED
    if c.spell:
        value += 2.5
    if c.shield is not None:
        value += 0.5
    return value


def _after_attack(s: State, cid: str, c: Companion, value: float, p_attack: float, beast_targets: set[str],
                  rifts: dict[str, float]) -> float:
    """An unprotected standing companion's ``value`` less what the next tower attack is expected to cost
    it: a rising drawbridge or vanishing side field, an awake bone beast, a rift opening under it."""
    if c.at in BRIDGES and not s.bridges_up:
        value -= p_attack * (value + CHARRED)
    elif c.at in SIDE_FIELDS:
        value -= p_attack * (value + (CHARRED if c.at in OVER_LAVA else 0.0))
    elif cid in beast_targets and c.shield is None:
        value -= p_attack * 0.5 * value
    if c.at in rifts:
        value -= rifts[c.at] * (value + 1.0)
    return value


def open_rifts_of(s: State) -> frozenset[str]:
    """The fields with a rift that no floating field covers (dt-riss-oeffnen, dt-schwebefeld-landen)."""
    return frozenset(where for where, _n in s.rifts) - {f.field for f in s.floats}


def judge(s: State, team: str) -> float:
    """How good ``s`` is for ``team``: its companions' worth, less most of the best other team's."""
    if s.over:
        return 1e6 if s.winner == team else -1e6
    p_attack = attack_chance(s)
    targets = {t for lair in BEASTS if s.beasts[BEASTS.index(lair)].awake and (t := beast_target_of(s, lair))}
    rifts = rift_chances(s)
    open_rifts = open_rifts_of(s)
    totals: dict[str, float] = {}
    for cid, c in s.companions:
        owner = team_of(cid)
        totals[owner] = totals.get(owner, 0.0) + companion_worth(s, cid, p_attack, targets, rifts, open_rifts, c)
    mine = totals.pop(team, 0.0)
    return mine - 0.6 * max(totals.values(), default=0.0) + dict(s.collections).get(team, 0) * 0.5
