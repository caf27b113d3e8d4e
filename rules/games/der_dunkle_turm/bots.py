"""Computer teams (dt-computergegner): ``random`` plays a random legal action; ``strong`` looks one
action ahead over the engine from its seat's view (the observation is the position: the game has
no hidden information) and scores the result with a heuristic: progress towards the tower, danger
of bridges, side fields and rifts, charred and protected companions, the opponents' progress."""

from __future__ import annotations

import random
from typing import Any

from rules.core.bots import Bot, RandomBot, SeatView
from rules.core.engine import Engine

from .board import BRIDGES, INDEX_UP, OVER_LAVA, SIDE_FIELDS, team_of
from .state import State

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


def companion_value(s: State, cid: str) -> float:
    c = s.companion(cid)
    if c.at == "out":
        return -12.0
    value = progress(c.at)
    value *= 1.0 + value / 40  # the leading companion matters most
    if c.lying is not None:
        value -= 1.0
    if c.at in BRIDGES and not s.bridges_up:
        value -= 3.0
    if c.at in SIDE_FIELDS:
        value -= 4.0 if c.at in OVER_LAVA else 3.0
    if c.at in dict(s.rifts) and c.at not in {f.field for f in s.floats}:
        value -= 2.0
    if c.charred:
        value -= 3.0
    if c.spell:
        value += 2.5
    if c.shield is not None:
        value += 0.5
    return value


def evaluate(s: State, team: str) -> float:
    if s.over:
        return 1e6 if s.winner == team else -1e6
    mine = 0.0
    best_other = 0.0
    others: dict[str, float] = {}
    for cid, _c in s.companions:
        v = companion_value(s, cid)
        if team_of(cid) == team:
            mine += v
        else:
            others[team_of(cid)] = others.get(team_of(cid), 0.0) + v
    if others:
        best_other = max(others.values())
    return mine - 0.6 * best_other + dict(s.collections).get(team, 0) * 0.5


class StrongBot:
    """One action ahead with :func:`evaluate`; a few rules of thumb where one ply cannot see."""

    name = "strong"

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        actions = list(view.legal_actions)
        if len(actions) == 1:
            return actions[0]
        state: State = engine.state_from_position(dict(view.observation))
        if "fight-on" in actions:
            # with the wizard charred one won round ends the game; otherwise a second loss bursts
            return "fight-on" if state.wizard > 0 else "retreat"
        best, best_value = actions[0], float("-inf")
        for action in actions:
            after, _events = engine.apply(state, action)
            value = evaluate(after, view.seat) + rng.random() * 1e-6
            if action == "draw":
                value += 0.1
            if value > best_value:
                best, best_value = action, value
        return best


def _random() -> Bot:
    return RandomBot()


def _strong() -> Bot:
    return StrongBot()


BOTS = {"random": _random, "strong": _strong}
