"""Immutable state of a game of Finstere Flure, plus small derived facts about it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar, overload

from .board import Square

COLOURS = ("red", "yellow", "green", "blue", "purple", "white", "orange")

# Where a figure is when it is not on a square.
POOL = "pool"  # the start pool next to the board (ff-startvoorraad)
SAVED = "saved"  # left through the exit (ff-uitgang-verlaten)
OUT = "out"  # caught in chapter 2 (ff-gepakt-hoofdstuk-2)

# Phases.
SETUP = "setup"  # dmaufbau: players place the objects (ff-dmaufbau-plaatsen)
PLAYERS = "players"  # the players move their figures (ff-ronde, part 1)
CARD = "card"  # chance: a monster card is turned over (ff-monster-kaart-trekken)
MONSTER = "monster"  # the monster walks, one action per step
OVER = "over"
PHASES = (SETUP, PLAYERS, CARD, MONSTER, OVER)

CARDS = ("5", "7", "7", "8", "8", "10", "X", "XX")  # one chapter's deck (ff-monsterkaarten)
CARD_KINDS = ("5", "7", "8", "10", "X", "XX")
HIT_CARDS = {"X": 1, "XX": 2}
MAX_HIT_STEPS = 20
CARDS_PER_CHAPTER = 7  # the eighth card is never played (ff-hoofdstuk-1-einde, ff-einde-kaarten-op)

ENDINGS = ("ff-einde-kampioenschap", "ff-einde-bord-leeg", "ff-einde-kaarten-op")


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=CARD_KINDS.index))


FULL_DECK = sort_cards(CARDS)


def front_values(n_players: int) -> tuple[int, ...]:
    """Front (coloured side) values of one player's figures, in id order (ff-figuren)."""
    return (1, 2, 3, 4) if n_players <= 4 else (1, 2, 3)


@cache
def figure_ids(players: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{c}{v}" for c in players for v in front_values(len(players)))


def split_figure_id(fid: str) -> tuple[str, int]:
    colour = fid.rstrip("0123456789")
    return colour, int(fid[len(colour):])


T = TypeVar("T")


class derived(Generic[T]):
    """A fact computed from a frozen state on first use and then kept in the instance's ``__dict__``
    (where later lookups find it without calling this descriptor): ``functools.cached_property``
    without the lock Python 3.11 takes on every first computation, which costs more than most of
    these facts. A state is never shared between threads before it is complete, and computing a fact
    twice would give the same value anyway."""

    def __init__(self, func: Callable[[Any], T]):
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> derived[T]: ...
    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...
    def __get__(self, instance: object | None, owner: type | None = None) -> T | derived[T]:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value
        return value


@dataclass(frozen=True)
class Figure:
    id: str
    owner: str
    front: int
    showing: int
    at: Square | str  # a square, POOL, SAVED or OUT
    moved: bool = False  # moved in the current players' part (only ever True in phase PLAYERS)

    @property
    def on_board(self) -> bool:
        return isinstance(self.at, tuple)

    @property
    def in_play(self) -> bool:
        return self.at != SAVED and self.at != OUT

    def evolve(self, **changes: Any) -> Figure:
        """``dataclasses.replace(self, **changes)``, several times faster: a copy of the field values
        with ``changes`` applied, without calling ``__init__`` (a Figure has no derived facts)."""
        values = self.__dict__.copy()
        values.update(changes)
        new = object.__new__(Figure)
        object.__setattr__(new, "__dict__", values)
        return new


@dataclass(frozen=True)
class MonsterTurn:
    card: str
    steps: int = 0  # steps already taken this turn
    caught: int = 0  # figures caught (incl. crushed) this turn


@dataclass(frozen=True)
class Placement:
    """Objects still to place with dmaufbau."""

    stones: int = 11
    pool4: int = 1
    pool2: int = 1

    @property
    def placed(self) -> int:
        return (11 - self.stones) + (1 - self.pool4) + (1 - self.pool2)

    @property
    def remaining(self) -> int:
        return self.stones + self.pool4 + self.pool2


@dataclass(frozen=True)
class State:
    players: tuple[str, ...]
    phase: str
    chapter: int
    round: int
    monster: Square
    facing: str
    stones: frozenset[Square]
    blood: frozenset[Square]
    figures: tuple[Figure, ...]
    saved: tuple[str, ...] = ()  # figure ids in the order they were saved (ff-einde-gelijke-stand)
    deck: tuple[str, ...] = FULL_DECK  # cards still face down (sorted)
    discard: tuple[str, ...] = ()  # cards turned over this chapter, in order
    turns: tuple[int, ...] | None = None  # turns taken this round per player (phase PLAYERS)
    monster_turn: MonsterTurn | None = None  # phase MONSTER
    placement: Placement | None = None  # phase SETUP
    ending: str | None = None  # phase OVER: the clause id of the ending

    # -- derived facts -------------------------------------------------------------------------

    def figure(self, fid: str) -> Figure:
        return self.figures[self.figure_index(fid)]

    def figure_index(self, fid: str) -> int:
        """Where figure ``fid`` is in ``figures``; raises KeyError."""
        if self._in_id_order:
            try:
                return figure_ids(self.players).index(fid)
            except ValueError:
                raise KeyError(fid) from None
        for i, f in enumerate(self.figures):
            if f.id == fid:
                return i
        raise KeyError(fid)

    def figures_of(self, player: str) -> tuple[Figure, ...]:
        """The figures of ``player`` (a player of this game), in ``figures`` order."""
        if self._in_id_order:  # then each player's figures are together, in seat order
            n = self.figures_per_player
            first = self.players.index(player) * n
            return self.figures[first : first + n]
        return tuple(f for f in self.figures if f.owner == player)

    @derived
    def _in_id_order(self) -> bool:
        """Whether ``figures`` lists every figure in ``figure_ids`` order: so do the start of a game,
        every position read (``state_from_position``) and every transition (they replace figures in
        place)."""
        return tuple(f.id for f in self.figures) == figure_ids(self.players)

    def figures_at(self) -> dict[Square, str]:
        return {f.at: f.id for f in self.figures if isinstance(f.at, tuple)}

    def saved_count(self, player: str) -> int:
        return self._saved_per_player.get(player, 0)

    @derived
    def figure_squares(self) -> dict[Square, str]:
        """``figures_at()`` computed once per state (or handed on by ``after_move``; the order of the
        squares means nothing), shared: never change the dict, copy it."""
        return {f.at: f.id for f in self.figures if type(f.at) is tuple}

    def after_move(self, fig: Figure, moved: Figure, stones: frozenset[Square], saved: tuple[str, ...]) -> State:
        """The state after the player to move moved its due figure ``fig`` (now ``moved``: moved on the
        board, or saved, as listed in ``saved``) and ``stones`` lie where the move left them, before the
        players' part goes on (``flow.after_player_turn``).

        The same as ``evolve`` with the figure replaced and the mover's turn counted, but the counts
        per player are carried over instead of counted again over every figure: ``fig`` was due (in
        play, not moved) and no longer is, a saved figure is one more saved for its owner, only ``fig``
        changed squares (onto a free one: ff-vrij-eindveld) and the order of the figures stays."""
        assert self.turns is not None
        figures = list(self.figures)
        figures[self.figure_index(fig.id)] = moved
        turns = list(self.turns)
        turns[self.players.index(fig.owner)] += 1
        new = self.evolve(stones=stones, figures=tuple(figures), saved=saved, turns=tuple(turns))
        unmoved = dict(self._unmoved_per_player)
        unmoved[fig.owner] -= 1
        saved_per_player = self._saved_per_player
        if saved is not self.saved:
            saved_per_player = dict(saved_per_player)
            saved_per_player[fig.owner] = saved_per_player.get(fig.owner, 0) + 1
        squares = dict(self.figure_squares)
        if type(fig.at) is tuple:
            del squares[fig.at]
        if type(moved.at) is tuple:
            squares[moved.at] = moved.id
        new.__dict__.update(
            _unmoved_per_player=unmoved,
            _saved_per_player=saved_per_player,
            figure_squares=squares,
            _in_id_order=self._in_id_order,  # the figure was replaced in place
        )
        return new

    def evolve(self, **changes: Any) -> State:
        """``dataclasses.replace(self, **changes)``, several times faster (transitions build many states):
        a copy of the field values with ``changes`` applied, without calling ``__init__``. The derived
        facts (``@derived``, kept in ``__dict__`` next to the fields) are left behind: the new state
        computes its own."""
        values = self.__dict__.copy()
        for name in _DERIVED_FACTS:
            values.pop(name, None)
        values.update(changes)
        new = object.__new__(State)
        object.__setattr__(new, "__dict__", values)
        return new

    def with_monster(self, monster: Square, facing: str, monster_turn: MonsterTurn) -> State:
        """``evolve(monster=..., facing=..., monster_turn=...)`` keeping the derived facts: none of them
        depends on the monster (a monster step that pushes and catches nothing)."""
        values = self.__dict__.copy()
        values.update(monster=monster, facing=facing, monster_turn=monster_turn)
        new = object.__new__(State)
        object.__setattr__(new, "__dict__", values)
        return new

    # Derived facts asked for many times per state are computed once (a frozen state never changes;
    # ``evolve`` and ``dataclasses.replace`` build a new state without them).

    @derived
    def _saved_per_player(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for fid in self.saved:
            owner = split_figure_id(fid)[0]
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    @derived
    def _unmoved_per_player(self) -> dict[str, int]:
        """Figures in play not moved yet in this players' part, per owner."""
        counts: dict[str, int] = {}
        for f in self.figures:
            if f.at != SAVED and f.at != OUT and not f.moved:
                counts[f.owner] = counts.get(f.owner, 0) + 1
        return counts

    @property
    def figures_per_player(self) -> int:
        return len(front_values(len(self.players)))

    @property
    def first_round(self) -> bool:
        """The first round of the game (ff-eerste-ronde)."""
        return self.chapter == 1 and self.round == 1

    def end_rung(self) -> bool:
        """Some player has saved all figures but one (ff-einde-ingeluid)."""
        return self._end_rung

    @derived
    def _end_rung(self) -> bool:
        need = self.figures_per_player - 1
        saved = self._saved_per_player  # counts of the players' colours only
        return bool(saved) and max(saved.values()) >= need

    def pending(self, player: str) -> int:
        """How many more turns ``player`` takes in this players' part (phase PLAYERS)."""
        unmoved = self._unmoved_per_player.get(player, 0)
        if self.first_round and self.turns is not None:
            taken = self.turns[self.players.index(player)]
            return max(0, min(unmoved, 2 - taken))
        return unmoved

    def player_to_move(self) -> str | None:
        """Round robin from the start player, skipping players without pending figures (ff-beurtvolgorde).

        The next mover is the player with pending figures who has taken the fewest turns this round;
        ties go to the earlier seat.
        """
        return self._player_to_move

    @derived
    def _player_to_move(self) -> str | None:
        turns = self.turns
        if turns is None:
            return None
        unmoved = self._unmoved_per_player
        first_round = self.first_round
        best: int | None = None
        for i, p in enumerate(self.players):
            pending = unmoved.get(p, 0)  # self.pending(p), inlined
            if first_round:
                pending = min(pending, 2 - turns[i])
            if pending > 0 and (best is None or turns[i] < turns[best]):
                best = i
        return None if best is None else self.players[best]

    def placer(self) -> str | None:
        """Who places the next object with dmaufbau (ff-dmaufbau-plaatsen)."""
        if self.placement is None:
            return None
        return self.players[self.placement.placed % len(self.players)]

    def figures_in_play(self) -> bool:
        return self._figures_in_play

    @derived
    def _figures_in_play(self) -> bool:
        return any(f.at != SAVED and f.at != OUT for f in self.figures)


_DERIVED_FACTS = tuple(name for name, value in vars(State).items() if isinstance(value, derived))


def initial_figures(players: tuple[str, ...]) -> tuple[Figure, ...]:
    """All figures in the start pool, coloured side up (ff-startvoorraad)."""
    return tuple(
        Figure(id=f"{c}{v}", owner=c, front=v, showing=v, at=POOL)
        for c in players
        for v in front_values(len(players))
    )
