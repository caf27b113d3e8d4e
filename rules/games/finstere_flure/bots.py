"""The sensible computer player of Finstere Flure, the base of its strong player (``players``).

- ``sensible``: heads for the exit and keeps out of the monster's way. It sees only its
  :class:`~rules.core.bots.SeatView` (the observation, which for this perfect-information game is
  the position, and its legal actions). For each legal move it applies the move to the position and
  scores the result:

  * every saved figure of its own counts heavily (``SAVED``);
  * every own figure still in play costs its distance to the way out (straight steps over the
    empty board to the exit square, plus the step out; from the start pool the step in as well);
  * the monster's walk after the players' part is played out on the board as it stands after the
    move (the other players' remaining moves unknown: they are left where they are), 20 steps
    long. A number card walks a prefix of that walk and X/XX walk it until the first/second catch,
    so one walk gives, for every card still in the deck (with its probability, ff-eerste-kaart
    included), which figures are caught. An own figure caught costs its progress in chapter 1
    (back to the start pool, ff-gepakt-hoofdstuk-1) and the figure itself in chapter 2
    (ff-gepakt-hoofdstuk-2); an opponent's figure caught is worth a little (the seed's advice: put
    the monster on the trail of the others);
  * an own figure left standing next to the monster's walk, or in its line of sight where the
    walk ends, pays a smaller price (it is the first in line next round).

  The best score wins; equal scores are broken with the driver's ``rng``, so a game is determined
  by the seed. Placing objects with dmaufbau is not thought about: a random legal placement.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules.core.bots import SeatView
from rules.core.engine import Engine, EngineError

from .board import DIST_FROM_EXIT, START, Square
from .flow import card_outcomes, result
from .monster import look, monster_step
from .state import CARD, CARD_KINDS, HIT_CARDS, MAX_HIT_STEPS, MONSTER, OVER, PLAYERS, Figure, MonsterTurn, State

SAVED = 1000.0  # one saved figure of one's own
STEP = 10.0  # one step still to go
LOST = 500.0  # a figure lost in chapter 2
OPPONENT = 0.25  # the share of an opponent's loss counted as one's own gain
NEAR = 0.15  # the share of the loss risked by standing next to the walk or in sight at its end
WIN = 1e6
EPSILON = 1e-9

POOL_DISTANCE = DIST_FROM_EXIT[START] + 2  # the step in, the walk, the step out


def distance(at: Any) -> int:
    """Steps still to go for a figure at ``at`` (a square or the pool): to the exit square, then out."""
    if isinstance(at, tuple):
        return DIST_FROM_EXIT[at] + 1
    return POOL_DISTANCE


class Walk:
    """The monster's walk from a position as if the longest card still in ``odds`` were played out: for
    each step, the figures caught in it, and the squares it passed. A number card walks a prefix of
    it; X and XX walk it until the first or second catch (at most 20 steps)."""

    def __init__(self, state: State, odds: dict[str, float]):
        self.caught: list[list[str]] = []  # per step
        self.squares: set[Square] = set()
        self.end: State = state
        numbers = [int(c) for c in odds if c not in HIT_CARDS]
        hits = max((HIT_CARDS[c] for c in odds if c in HIT_CARDS), default=0)
        longest = max(numbers, default=0)
        s = replace(state, phase=MONSTER, turns=None, monster_turn=MonsterTurn(card="XX"))
        caught = 0
        for number in range(MAX_HIT_STEPS):
            if number >= longest and (not hits or caught >= hits):
                break
            s = replace(s, monster_turn=MonsterTurn(card="XX", steps=number))
            s, events, _over = monster_step(s)
            step = [str(e.data["figure"]) for e in events if e.key in ("monster.catch", "monster.crush")]
            caught += len(step)
            self.caught.append(step)
            for e in events:
                trail = e.data.get("trail")
                if trail:
                    self.squares.update((int(x), int(y)) for x, y in trail)
            if number + 1 == min(10, max(longest, 1)):
                self.end = s

    def caught_by(self, card: str) -> set[str]:
        """The figures a walk with ``card`` catches."""
        if card not in HIT_CARDS:
            return {f for step in self.caught[: int(card)] for f in step}
        out: set[str] = set()
        for step in self.caught:
            out.update(step)
            if len(out) >= HIT_CARDS[card]:
                break
        return out


class SensibleBot:
    """Heads for the exit and keeps out of the monster's way (see the module docstring)."""

    name = "sensible"
    walks: int | None = None  # walk the monster for at most this many moves (the best by progress)

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        actions = list(view.legal_actions)
        if len(actions) == 1 or not actions[0].startswith("move:"):
            return rng.choice(actions)
        state: State = engine.state_from_position(dict(view.observation))
        candidates: list[tuple[float, int, str, State]] = []
        for i, action in enumerate(actions):
            try:
                after, _events = engine.apply(state, action)
            except EngineError:
                continue
            candidates.append((self.progress(after, view.seat), i, action, after))
        # Best progress first; the monster's walk only lowers a score, apart from the bounded gain of
        # catching opponents, so a move whose progress plus that bound cannot reach the best score so
        # far need not be walked (the choice is the same as walking them all, only faster).
        candidates.sort(key=lambda c: (-c[0], c[1]))
        bound = self.gain_bound(state, view.seat)
        best: list[str] = []
        best_score = float("-inf")
        for walked, (progress, _i, action, after) in enumerate(candidates):
            if progress + bound < best_score - EPSILON or (self.walks is not None and walked >= self.walks):
                break
            score = progress + self.danger(after, view.seat)
            if score > best_score + EPSILON:
                best, best_score = [action], score
            elif abs(score - best_score) <= EPSILON:
                best.append(action)
        return rng.choice(best or actions)

    def score(self, state: State, me: str) -> float:
        """The whole score of a position after one's move."""
        return self.progress(state, me) + self.danger(state, me)

    @classmethod
    def progress(cls, state: State, me: str) -> float:
        """Saved figures, the way still to go, and a won game."""
        if state.phase == OVER:
            winners = flow_result(state)
            if winners is not None and me in winners:
                return WIN
        value = SAVED * state.saved_count(me)
        for f in state.figures:
            if f.owner == me and f.in_play:
                value -= STEP * cls.way(f)
        return value

    @staticmethod
    def way(figure: Figure) -> float:
        """The way a figure in play still has to go, in steps."""
        return distance(figure.at)

    def danger(self, state: State, me: str) -> float:
        """The expected cost of the monster's coming walk (negative), with the small gain of catching
        opponents' figures."""
        odds = card_odds(state)
        if not odds:
            return 0.0
        walk = Walk(state, odds)
        value = 0.0
        for card, p in odds.items():
            for fid in walk.caught_by(card):
                value -= p * self.loss(state, fid, me)
        sight = seen_at_end(walk.end)
        for f in state.figures:
            if not isinstance(f.at, tuple):
                continue
            near = f.at in walk.squares or any((f.at[0] + dx, f.at[1] + dy) in walk.squares
                                              for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))  # fmt: skip
            if near or f.id in sight:
                value -= NEAR * self.loss(state, f.id, me)
        return value

    def gain_bound(self, state: State, me: str) -> float:
        """More than the walk can ever add to a score: every opponent's figure caught, with certainty
        and once more for standing near the walk."""
        worst = LOST if state.chapter == 2 else STEP * POOL_DISTANCE
        others = sum(1 for f in state.figures if f.owner != me and f.in_play)
        return (1 + NEAR) * OPPONENT * worst * (others + 1)

    @staticmethod
    def loss(state: State, fid: str, me: str) -> float:
        """What a catch of ``fid`` costs ``me`` (negative: a gain when it is an opponent's figure)."""
        fig = state.figure(fid)
        cost = LOST if state.chapter == 2 else STEP * (POOL_DISTANCE - distance(fig.at))
        return cost if fig.owner == me else -OPPONENT * cost


def flow_result(state: State) -> tuple[str, ...] | None:
    res = result(state)
    return None if res is None else res.winners


def card_odds(state: State) -> dict[str, float]:
    """The chance of each card being the next one (the deck as it is after the players' part)."""
    if state.phase in (PLAYERS, CARD):
        return {card: p for card, p in card_outcomes(state).items() if card in CARD_KINDS}
    return {}


def seen_at_end(state: State) -> set[str]:
    """The figures the monster sees where its (ten-step) walk ends."""
    fig_at = {f.at: f.id for f in state.figures if isinstance(f.at, tuple)}
    return {fid for _side, _d, _dist, fid in look(state.monster, state.facing, state.stones, fig_at)}


__all__ = ["SensibleBot"]
