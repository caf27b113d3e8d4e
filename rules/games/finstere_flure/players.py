"""The computer players of Finstere Flure (``GAME.players``).

- **strong**: :class:`~.bots.SensibleBot`: it plays every move in its head and walks the monster's
  coming turn on the board as it would be after the move, for every card still in the deck with its
  odds (ff-monster-kaart-trekken, ff-monster-kijkt, ff-monster-draait, X and XX: ff-monster-treffers),
  counting a catch as the way lost (chapter 1, ff-gepakt-hoofdstuk-1) or the figure lost (chapter 2,
  ff-gepakt-hoofdstuk-2), and an opponent's figure caught as a small gain.
- **beginner**: heads for the exit the shortest way and keeps out of the line in which the monster
  looks *now* (ff-monster-zicht), not thinking of where the monster will walk; in a fifth of its
  decisions it takes one of the next best moves.

``sensible``, the strong player's earlier name, still stands for it in logs and rooms.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.bots import Bot, SeatView
from rules.core.engine import Engine, EngineError
from rules.core.strengths import ComputerPlayers, Reason

from .bots import SensibleBot, Walk, card_odds, distance
from .monster import look
from .state import PLAYERS as PLAYERS_PART
from .state import Figure, State

SLIPS = 0.2
WALKS = 40  # moves whose monster walk the strong player plays out, the best by progress first
ROUND_STEPS = 2.0  # steps a round to the exit is worth, besides the steps themselves
SEEN = 0.5  # the share of a figure's way a beginner fears to lose when the monster sees it


class BeginnerBot:
    """Heads for the exit, out of the monster's present line of sight (module docstring)."""

    name = "beginner"

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        actions = list(view.legal_actions)
        if len(actions) == 1 or not actions[0].startswith("move:"):
            return rng.choice(actions)
        state: State = engine.state_from_position(dict(view.observation))
        scored: list[tuple[float, float, str]] = []
        for action in actions:
            try:
                after, _events = engine.apply(state, action)
            except EngineError:
                continue
            scored.append((self.score(after, view.seat), rng.random(), action))
        scored.sort(reverse=True)
        if len(scored) > 1 and rng.random() < SLIPS:
            return rng.choice(scored[1:3])[2]
        return scored[0][2] if scored else rng.choice(actions)

    @staticmethod
    def score(state: State, me: str) -> float:
        value = SensibleBot.progress(state, me)
        fig_at = {f.at: f.id for f in state.figures if isinstance(f.at, tuple)}
        seen = {fid for _side, _d, _dist, fid in look(state.monster, state.facing, state.stones, fig_at)}
        for f in state.figures:
            if f.owner == me and f.id in seen:
                value -= SEEN * 10.0 * (distance("pool") - distance(f.at))
        return value


def rounds_needed(steps: int, first: int, then: int) -> int:
    """The rounds a figure needs for ``steps`` steps, moving ``first`` steps, then ``then``, and so
    on (its two sides take turns: ff-figuren, ff-omdraaien)."""
    rounds = 0
    values = (first, then)
    while steps > 0:
        steps -= max(values[rounds % 2], 1)
        rounds += 1
        if rounds > 40:
            break
    return rounds


class StrongBot(SensibleBot):
    """The sensible player, counting a figure's way in rounds: its two sides take turns, so a 1 now
    and a 6 next round (ff-omdraaien)."""

    name = "strong"

    def __init__(self, budget: float = 1.0):
        self.walks = max(4, int(WALKS * budget))

    @staticmethod
    def way(figure: Figure) -> float:
        steps = distance(figure.at)
        # this round with the side it shows, unless it has moved already (it shows its other side
        # now, for the next round)
        rounds = rounds_needed(steps, figure.showing, 7 - figure.showing) + (1 if figure.moved else 0)
        return ROUND_STEPS * rounds + steps


def strong(*, budget: float = 1.0) -> Bot:
    return StrongBot(budget)


def beginner(*, budget: float = 1.0) -> Bot:
    return BeginnerBot()


def explain(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    """Why a move is good: a figure saved, the way left to the exit, and what the monster's coming
    walk does to one's own figures and the others' (the strong player's judgement)."""
    state: State = engine.state_from_position(dict(view.observation))
    if state.phase != PLAYERS_PART or not action.startswith("move:"):
        return [Reason("advice.place", "ff-dmaufbau-plaatsen")] if action.startswith("place") else []
    after, events = engine.apply(state, action)
    fid = action.split(":")[1]
    me = view.seat
    reasons = []
    if any(e.key.startswith("move.saved") for e in events):
        reasons.append(Reason("advice.saved", "ff-uitgang-verlaten", {"figure": fid}))
    else:
        fig = after.figure(fid)
        reasons.append(Reason("advice.closer", "ff-stappen-waarde", {"figure": fid, "steps": distance(fig.at)}))
        reasons.append(Reason("advice.next", "ff-omdraaien", {"figure": fid, "showing": fig.showing}))
    odds = card_odds(after)
    if odds:
        walk = Walk(after, odds)
        own = sum(p for card, p in odds.items() if any(after.figure(f).owner == me for f in walk.caught_by(card)))
        theirs = sum(p * sum(1 for f in walk.caught_by(card) if after.figure(f).owner != me) for card, p in odds.items())
        clause = "ff-gepakt-hoofdstuk-2" if after.chapter == 2 else "ff-gepakt-hoofdstuk-1"
        if own < 0.005:
            reasons.append(Reason("advice.safe", "ff-monster-kaart-trekken"))
        else:
            reasons.append(Reason("advice.risk", clause, {"percent": round(100 * own)}))
        if theirs >= 0.05:
            reasons.append(Reason("advice.lure", "ff-monster-draait", {"count": round(theirs, 1)}))
    return reasons


PLAYERS = ComputerPlayers(beginner=beginner, strong=strong, explain=explain, aliases={"sensible": "strong"})
