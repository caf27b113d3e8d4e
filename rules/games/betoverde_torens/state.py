"""The state of a game of De Betoverde Torens (immutable values only).

A space holds its *ground* wizards and a stack of towers, bottom first; each tower carries the
wizards standing on it. Only the top level (the ground when there is no tower, else the top tower)
shows its wizards; every lower level's wizards are imprisoned (bt-toren-over-tovenaar). The
Raventoren stands on ``raven_at``: on the ground, or on top of the stack of that space.
"""

from __future__ import annotations

from dataclasses import dataclass

RING = 16
RAVEN_SPACES = (1, 5, 9, 13)
SHIELDS = frozenset({1, 3, 5, 7, 9})  # towers with a raven shield (bt-torens)
CAPACITY = (3, 3, 3, 2, 2, 2, 1, 1, 1)  # wizards per tower at setup (bt-tovenaars-plaatsen)
COLOURS = ("red", "blue", "yellow", "green", "purple", "white")
# players -> (wizards each, flasks each) (bt-tovenaars-en-flesjes); 1 = solo
TABLE = {1: (12, 6), 2: (5, 6), 3: (4, 5), 4: (4, 5), 5: (3, 4), 6: (3, 4)}
VARIANTS = ("base", "solo", "solo-flasks")

Wizards = tuple[str, ...]  # colours, sorted
Tower = tuple[int, Wizards]  # tower number 1..9, wizards on top of it


@dataclass(frozen=True)
class Space:
    ground: Wizards = ()
    towers: tuple[Tower, ...] = ()

    @property
    def top(self) -> Wizards:
        """The wizards standing visibly on this space (on the ground or on the top tower)."""
        return self.towers[-1][1] if self.towers else self.ground

    def with_top(self, wizards: Wizards) -> Space:
        wizards = tuple(sorted(wizards))
        if self.towers:
            tid, _ = self.towers[-1]
            return Space(self.ground, self.towers[:-1] + ((tid, wizards),))
        return Space(wizards, ())

    def below(self, index: int) -> Wizards:
        """The wizards directly under tower ``index`` of the stack."""
        return self.ground if index == 0 else self.towers[index - 1][1]

    def with_below(self, index: int, wizards: Wizards) -> Space:
        wizards = tuple(sorted(wizards))
        if index == 0:
            return Space(wizards, self.towers)
        tid, _ = self.towers[index - 1]
        towers = list(self.towers)
        towers[index - 1] = (tid, wizards)
        return Space(self.ground, tuple(towers))


@dataclass(frozen=True)
class Flasks:
    empty: int = 0
    filled: int = 0
    spent: int = 0

    @property
    def total(self) -> int:
        return self.empty + self.filled + self.spent


@dataclass(frozen=True)
class Pending:
    """A dice card being played (bt-dobbelsteen-gooien, bt-dobbelsteen-herwerpen)."""

    card: str
    roll: int = 0  # 0: not rolled yet
    rolls_left: int = 0  # rolls still allowed after the current one


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    variant: str
    wizards_each: int
    spaces: tuple[Space, ...]  # index 0 is space 1
    raven_at: int  # 1..16
    raven: tuple[tuple[str, int], ...]  # wizards inside the Raventoren per colour (sorted, > 0)
    flasks: tuple[Flasks, ...]  # per player, in seat order
    spells: tuple[str, ...]  # open spells
    hands: tuple[tuple[str, ...], ...]  # per player, sorted card codes
    deck: tuple[int, ...]  # count per card code (cards.CODES)
    discard: tuple[int, ...]
    discarded: int = 0  # every card ever put on the discard pile (solo score)
    phase: str = "play"  # spells | deal | play | roll | choose | draw | pass-tower | over
    turn: int = 0  # index of the active player
    actions: int = 0  # card plays done this turn
    spell_used: bool = False
    passing: bool = False  # drawing three new cards after the pass option
    pending: Pending | None = None
    ending: bool = False  # the end has been rung (bt-einde-spel)
    stalled: bool = False  # every wizard is inside and nobody qualifies (bt-einde-spel)
    teams: bool = False  # bt-teams-vormen: seats i and i + n/2 play together
    master: bool = False  # bt-meestertovenaars
    spell_count: int = 0  # master wizards: how many spells are turned face up (phase spells)
    window: str = ""  # master wizards, phase offer: "before" or "after" the action
    offer: int = 0  # master wizards, phase offer: the player asked whether he casts a spell
    action_spell: bool = False  # master wizards: a spell was cast for the current action
    turn_over: bool = False  # master wizards: the turn ends when the after-window closes
    last_move: tuple[int, int, bool] = (0, 0, False)  # the action's wizard move: from, to, into the Raventoren
    asked: bool = False  # teams: the card exchange was used this turn

    @property
    def active(self) -> str:
        return self.players[self.turn]

    def space(self, number: int) -> Space:
        return self.spaces[number - 1]

    def inside(self, colour: str) -> int:
        return dict(self.raven).get(colour, 0)

    def flasks_of(self, colour: str) -> Flasks:
        return self.flasks[self.players.index(colour)]

    def mate(self, i: int) -> int | None:
        """The teammate of seat ``i`` (bt-teams-vormen), or None."""
        if not self.teams:
            return None
        half = len(self.players) // 2
        return (i + half) % len(self.players)

    def mover_colour(self, i: int) -> str:
        """Whose wizards seat ``i`` moves: its own, or its teammate's once its own are all inside
        (bt-teams-doorspelen)."""
        own = self.players[i]
        mate = self.mate(i)
        if mate is not None and self.inside(own) == self.wizards_each:
            return self.players[mate]
        return own


def ring(number: int) -> int:
    """The space number ``number`` folded onto 1..16."""
    return (number - 1) % RING + 1


def find_tower(state: State, tower: int) -> tuple[int, int]:
    """(space number, index in its stack) of a tower."""
    for n, space in enumerate(state.spaces, start=1):
        for i, (tid, _) in enumerate(space.towers):
            if tid == tower:
                return n, i
    raise KeyError(tower)


def add_wizard(wizards: Wizards, colour: str) -> Wizards:
    return tuple(sorted((*wizards, colour)))


def remove_wizard(wizards: Wizards, colour: str) -> Wizards:
    out = list(wizards)
    out.remove(colour)
    return tuple(out)


def evolve(state: State, **changes: object) -> State:
    """``dataclasses.replace`` for the state, without re-running ``__init__`` (the hot path of every
    transition); the fields keep their declared types because only the engine calls it."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new
