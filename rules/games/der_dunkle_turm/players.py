"""The computer teams of Der dunkle Turm (``GAME.players``, dt-computergegner: "Computer-Teams ziehen
ihre Karten selbst und wählen ihre Figuren allein").

Both read the position from their seat's view (the game hides nothing).

- **strong** judges a position with :func:`.bots.judge` (each companion's way to the tower, less what
  the next tower attack is expected to cost it where it stands: a lowered drawbridge that rises, a
  side field that vanishes, an awake bone beast's fight; charred or protected companions; the best
  other team's way) and looks ahead over its own turn: the d12 of a fight, a field event or a duel,
  and a card it draws, weighed by their odds (expectimax), before the next team's card.
- **beginner** moves the companion that gets furthest towards the tower, sees none of the dangers,
  and in a fifth of its decisions takes one of the next best moves.
"""

from __future__ import annotations

from typing import Any

from rules.core.bots import Bot, SeatView
from rules.core.engine import Engine
from rules.core.search import PerfectInformation, SearchBot, Settings
from rules.core.strengths import ComputerPlayers, Reason

from .board import BRIDGES, CAMP, MAGIC_PLACES, TOWER, index, path, team_of
from .bots import judge, progress
from .state import State


class Model(PerfectInformation):
    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        return judge(state, seat)

    def averages(self, state: State, seat: str) -> bool:
        return state.turn == seat  # the dice and cards of its own turn, not the next team's card


class Forward(PerfectInformation):
    """A beginner's judgement: its companions' way towards the tower, nothing else."""

    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        mine = sum(progress(c.at) for cid, c in state.companions if team_of(cid) == seat)
        theirs = max((progress(c.at) for cid, c in state.companions if team_of(cid) != seat), default=0.0)
        return mine - 0.3 * theirs


STRONG = Settings(widths=(0, 0), chance=4, nodes=2000)
BEGINNER = Settings(widths=(), chance=0, nodes=500, slips=0.2)


def strong(*, budget: float = 1.0) -> Bot:
    return SearchBot("strong", Model(), STRONG, budget)


def beginner(*, budget: float = 1.0) -> Bot:
    return SearchBot("beginner", Forward(), BEGINNER, budget)


def steps_left(state: State, at: str) -> int:
    """Free and occupied fields still between a field and the tower."""
    if at == CAMP:
        return len(path(state.bridges_up)) + 1
    return len(path(state.bridges_up)) - index(state.bridges_up).get(at, 0)


def explain(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    """Why ``action`` is good, in the game's words (the module docstring's judgement)."""
    state: State = engine.state_from_position(dict(view.observation))
    after, _events = engine.apply(state, action)
    head, _, arg = action.partition(":")
    if head == "move":
        return move_reasons(state, after, arg)
    simple = {
        "free": ("advice.free", "dt-aus-dem-exil"),
        "advance": ("advice.advance", "dt-niemand-im-exil"),
        "spell": ("advice.spell", "dt-schutzzauber"),
        "rescue": ("advice.rescue", "dt-eule-alle-gefangen"),
        "keep": ("advice.keep", "dt-schwebefeld-behalten"),
        "draw": ("advice.draw", "dt-ablauf-teamzug"),
        "fight-on": ("advice.fight-on", "dt-erste-runde-verloren"),
        "retreat": ("advice.retreat", "dt-erste-runde-verloren"),
    }
    if head == "bolt":
        marked = state.companion(arg).marked is not None
        if marked:
            return [Reason("advice.bolt-second", "dt-donnerblitz-zweiter-treffer", {"companion": arg})]
        return [Reason("advice.bolt", "dt-donnerblitz", {"companion": arg})]
    if head == "float":
        return [Reason("advice.float", "dt-schwebefeld-sofort" if state.pending else "dt-schwebefeld-spaeter", {"field": arg})]
    if head == "fight-on" or head == "retreat":
        cid = state.pending[0].comp if state.pending else ""
        key, clause = simple[head]
        return [Reason(key, clause, {"companion": cid})]
    if head in simple:
        key, clause = simple[head]
        return [Reason(key, clause, {"companion": arg})]
    return [Reason("advice.best", "dt-ablauf-teamzug")]


def move_reasons(state: State, after: State, cid: str) -> list[Reason]:
    before, now = state.companion(cid), after.companion(cid)
    if now.at == TOWER:
        reasons = [Reason("advice.tower", "dt-turm-erreichen", {"companion": cid})]
        if state.wizard > 0:
            reasons.append(Reason("advice.tower-charred", "dt-zauberer-zweimal"))
        return reasons
    reasons = []
    if before.at in BRIDGES and not state.bridges_up:
        reasons.append(Reason("advice.off-bridge", "dt-zugbruecken-heben", {"companion": cid}))
    if now.at in MAGIC_PLACES:
        reasons.append(Reason("advice.magic", "dt-magische-orte", {"companion": cid}))
    reasons.append(Reason("advice.forward", "dt-schrittkarte",
                          {"companion": cid, "to": now.at, "left": steps_left(after, now.at)}))
    return reasons


PLAYERS = ComputerPlayers(beginner=beginner, strong=strong, explain=explain)
