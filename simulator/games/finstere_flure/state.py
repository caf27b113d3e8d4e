"""Immutable state of a game of Finstere Flure, plus small derived facts about it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache, cached_property

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
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def with_figure(self, fig: Figure) -> State:
        return replace(self, figures=tuple(fig if f.id == fig.id else f for f in self.figures))

    def figures_at(self) -> dict[Square, str]:
        return {f.at: f.id for f in self.figures if isinstance(f.at, tuple)}

    def saved_count(self, player: str) -> int:
        return self._saved_per_player.get(player, 0)

    # Derived facts asked for many times per state are computed once (a frozen state never changes;
    # ``dataclasses.replace`` builds a new state without them).

    @cached_property
    def _saved_per_player(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for fid in self.saved:
            owner = split_figure_id(fid)[0]
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    @cached_property
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

    @cached_property
    def _end_rung(self) -> bool:
        need = self.figures_per_player - 1
        saved = self._saved_per_player
        return any(saved.get(p, 0) >= need for p in self.players)

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

    @cached_property
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
        return any(f.in_play for f in self.figures)


def initial_figures(players: tuple[str, ...]) -> tuple[Figure, ...]:
    """All figures in the start pool, coloured side up (ff-startvoorraad)."""
    return tuple(
        Figure(id=f"{c}{v}", owner=c, front=v, showing=v, at=POOL)
        for c in players
        for v in front_values(len(players))
    )
