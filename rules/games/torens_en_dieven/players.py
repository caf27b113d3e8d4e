"""The computer players of Torens & Dieven (``GAME.players``).

Both read the position from their seat's view (the game hides nothing) and judge a position by the
points each player has and the points its guards are still worth:

- a guard on a tower scores the value of the next thief symbol drawn, plus the stolen tile beside
  the score track if there is one (td-punten-diefsymbool, td-bonus-gestolen-tegel); when no thief
  tile is left, 5 points at the end instead (td-eindtelling-wachters);
- a guard that another player can still drive off (an empty square within reach of its tower, where
  the next tile may go: td-torenbereik, td-wachter-verdrijven) is worth less, by the share of the
  players who could do it before the next thief comes; being driven off is worth 2 points
  (td-verdrijven-punten);
- a position is good for a player by its points and its guards' worth, less the best other
  player's.

The **strong** player looks at every place for the tile together with every guard it allows
(the whole turn). The **beginner** does too, but counts only its own points and guards, as if no
other player could drive a guard off or were ahead, and in a quarter of its decisions takes one of
the next best moves.
"""

from __future__ import annotations

from typing import Any

from rules.core.bots import Bot, SeatView
from rules.core.engine import Engine
from rules.core.search import PerfectInformation, SearchBot, Settings
from rules.core.strengths import ComputerPlayers, Reason

from .state import GUARD, OVER, STACK_KINDS, State, in_reach, thief_value

DRIVEN_OFF = 2.0  # td-verdrijven-punten
FINAL = 5.0  # td-eindtelling-wachters
DRIVE_OFF_CHANCE = 0.3  # that another player, on turn, drives off a guard it can reach
THIEVES = STACK_KINDS[1:]


def next_thief(state: State) -> float:
    """The expected value of the next thief symbol drawn (0 when none is left)."""
    counts = state.stack[1:]
    total = sum(counts)
    if not total:
        return 0.0
    return sum(thief_value(kind) * n for kind, n in zip(THIEVES, counts, strict=True)) / total


def exposed(state: State, at: tuple[int, int]) -> bool:
    """Whether a tile may go within reach of the tower on ``at`` (an empty square next to the grid)."""
    tower = state.tower_at(at)
    return tower is not None and any(in_reach(tower, square) for square in state.free)


def worth(state: State) -> list[float]:
    """Each player's points plus what its guards are still worth (the module docstring)."""
    out = [float(s) for s in state.scores]
    if state.phase == OVER:
        return out
    thieves_left = sum(state.stack[1:])
    per_guard = next_thief(state) + state.stolen if thieves_left else FINAL + state.stolen
    # the other players' turns before the next thief symbol: the tiles drawn until then are
    # (tiles + 1) / (thieves + 1) on average, the others' share of them
    tiles = sum(state.stack) + sum(state.river_stack)
    draws = (tiles + 1) / (thieves_left + 1) if thieves_left else tiles
    others = draws * (len(state.players) - 1) / len(state.players)
    risk = 1 - (1 - DRIVE_OFF_CHANCE) ** others
    for tower in state.towers:
        if tower.guard:
            at_risk = risk if exposed(state, tower.at) else 0.0
            out[state.players.index(tower.guard)] += (1 - at_risk) * per_guard + at_risk * DRIVEN_OFF
    return out


class Model(PerfectInformation):
    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        scores = worth(state)
        me = state.players.index(seat)
        mine = scores[me]
        best_other = max(s for i, s in enumerate(scores) if i != me)
        return mine - best_other


class OwnPoints(PerfectInformation):
    """A beginner's view: its own points and guards, as if nobody could drive them off."""

    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        me = state.players.index(seat)
        if state.phase == OVER:
            return float(state.scores[me])
        per_guard = next_thief(state) + state.stolen if sum(state.stack[1:]) else FINAL + state.stolen
        return state.scores[me] + per_guard * sum(1 for t in state.towers if t.guard == seat)


STRONG = Settings(widths=(0, 0), chance=0, nodes=3000)
BEGINNER = Settings(widths=(0,), chance=0, nodes=1500, slips=0.25)


def strong(*, budget: float = 1.0) -> Bot:
    return SearchBot("strong", Model(), STRONG, budget)


def beginner(*, budget: float = 1.0) -> Bot:
    return SearchBot("beginner", OwnPoints(), BEGINNER, budget)


def explain(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    """Why ``action`` is good (the module docstring's judgement, in the game's words)."""
    state: State = engine.state_from_position(dict(view.observation))
    after, _events = engine.apply(state, action)
    if action.startswith("guard:"):
        return guard_reasons(state, after, action)
    if action == "pass":
        return [Reason("advice.pass", "td-wachter-zetten")]
    if action.startswith("place:"):
        return place_reasons(state, after, engine)
    if action.startswith("grow:"):
        theirs = [list(t.at) for t in after.towers if t.guard == "" and t.pieces > (state.tower_at(t.at) or t).pieces]
        return [Reason("advice.grow", "td-voorraad-beperkt", {"towers": theirs})]
    return []


def guard_reasons(state: State, after: State, action: str) -> list[Reason]:
    x, y = (int(v) for v in action[6:].split(","))
    tower = state.tower_at((x, y))
    assert tower is not None
    reasons = []
    if tower.guard and tower.guard != state.player:
        reasons.append(Reason("advice.displace", "td-wachter-verdrijven", {"owner": tower.guard}))
    if sum(state.stack[1:]):
        points = round(next_thief(state) + state.stolen, 1)
        reasons.append(Reason("advice.guard", "td-punten-diefsymbool", {"at": [x, y], "points": points}))
    else:
        reasons.append(Reason("advice.guard-end", "td-eindtelling-wachters", {"at": [x, y], "points": FINAL + state.stolen}))
    if not exposed(after, (x, y)):
        reasons.append(Reason("advice.safe", "td-torenbereik", {"at": [x, y]}))
    return reasons


def place_reasons(state: State, after: State, engine: Engine[Any]) -> list[Reason]:
    reasons = []
    if len(after.towers) > len(state.towers):
        reasons.append(Reason("advice.tower", "td-toren-beginnen", {"at": list(after.towers[-1].at)}))
    if after.phase == GUARD:
        towers = sum(1 for a in engine.legal_actions(after) if a.startswith("guard:"))
        reasons.append(Reason("advice.reach", "td-torenbereik", {"towers": towers}))
    else:
        reasons.append(Reason("advice.out-of-reach", "td-torenbereik"))
    return reasons


PLAYERS = ComputerPlayers(beginner=beginner, strong=strong, explain=explain)
