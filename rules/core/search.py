"""A computer player that looks ahead over the engine's own states: the rest of its turn, with the
chance in it (dice, a card drawn) weighed by its odds, and a game's own judgement of where that
leads.

A game gives a :class:`Model`: how it reads its seat's view into a state (a perfect-information
game reads the position; a game with hidden cards deals the cards it cannot see at random from those
it has not seen: *determinisation*) and how good a state is for a seat (``value``). The
:class:`SearchBot` then scores every legal action by an expectimax over the engine's states:

- its own next decisions in the same turn are maximised, the best ``widths[d]`` of them (by their
  value as they stand) looked at more deeply at depth ``d`` (a beam); a decision that only finishes
  a move already counted (``Model.continues``: where a rolled die goes) does not count as a level;
- a chance node the model wants averaged (``Model.averages``: the dice of one's own move, not the
  next player's card) is the average of its outcomes by their odds (the ``outcomes`` most likely
  ones), at most ``chance`` times along one line; any other is judged as it stands;
- an automatic actor's action is played; another seat's decision ends the line (judged as it stands);
- at most ``nodes`` states are looked at per move (times ``budget``): the search is deterministic
  (no clock), so a seeded game plays the same way on every machine;
- a finished game is worth ``WIN`` (shared among the winners; ``-WIN`` lost), plus the model's
  ``final(engine, state, seat)``: how good the ending is beyond who won (a solo game
  always ends in a win, and is judged by its score: De Betoverde Torens, bt-solo-score).

A beginner is the same player with less foresight and ``slips``: in that share of its decisions it
takes one of the next best moves instead of the best (a plausible move, not a random one), the
mistakes of a person learning the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .bots import SeatView
from .engine import CHANCE, TERMINAL, Engine, EngineError

WIN = 1e6  # a won game (shared: divided among the winners); a lost one is -WIN


class Model(Protocol):
    def state_of(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> Any:
        """A state consistent with everything ``view`` shows (hidden parts dealt at random)."""

    def value(self, engine: Engine[Any], state: Any, seat: str) -> float:
        """How good ``state`` (not over) is for ``seat``: higher is better."""

    def continues(self, state: Any) -> bool:
        """Whether the decision at ``state`` only finishes a move already counted."""

    def averages(self, state: Any, seat: str) -> bool:
        """Whether the search averages the chance node ``state`` (else judges it as it stands):
        the dice of one's own move, say, and not the card the next player draws."""

    def final(self, engine: Engine[Any], state: Any, seat: str) -> float:
        """How good the finished game ``state`` is for ``seat`` beyond who won (0.0 for most games;
        a solo game that always ends in a win is judged by its score)."""


class PerfectInformation:
    """The base of a model of a perfect-information game: the observation is the position."""

    def state_of(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> Any:
        return engine.state_from_position(dict(view.observation))

    def continues(self, state: Any) -> bool:
        return False

    def averages(self, state: Any, seat: str) -> bool:
        return True

    def final(self, engine: Engine[Any], state: Any, seat: str) -> float:
        return 0.0


@dataclass(frozen=True)
class Settings:
    widths: tuple[int, ...] = (0,)  # own decisions looked at more deeply per level (0: all; (): none)
    chance: int = 1  # chance nodes averaged along one line
    outcomes: int = 12  # the most likely outcomes of a chance node that are averaged
    nodes: int = 2000  # states looked at per move (times the budget)
    slips: float = 0.0  # share of decisions where one of the next best moves is taken
    slip_choices: int = 3  # ... among this many best moves


def terminal_value(engine: Engine[Any], state: Any, seat: str) -> float:
    result = engine.result(state)
    if result is None or not result.winners:
        return 0.0
    return WIN / len(result.winners) if seat in result.winners else -WIN


class Search:
    """One move's search (see the module docstring)."""

    def __init__(self, engine: Engine[Any], model: Model, settings: Settings, seat: str, nodes: int):
        self.engine, self.model, self.settings, self.seat = engine, model, settings, seat
        self.left = nodes

    def terminal(self, state: Any) -> float:
        """The value of a finished game (module docstring)."""
        value = terminal_value(self.engine, state, self.seat)
        return value + self.model.final(self.engine, state, self.seat)

    def apply(self, state: Any, action: str) -> Any | None:
        self.left -= 1
        try:
            return self.engine.apply(state, action)[0]
        except EngineError:  # a determinised state may refuse what the real one allows
            return None

    def static(self, state: Any) -> float:
        """The value of a state as it stands (an automatic actor's action played first)."""
        engine = self.engine
        actor = engine.current_actor(state)
        while actor in engine.info.automatic_actors and self.left > 0:
            after = self.apply(state, engine.automatic_action(state))
            if after is None:
                break
            state, actor = after, engine.current_actor(after)
        if actor == TERMINAL:
            return self.terminal(state)
        return self.model.value(engine, state, self.seat)

    def children(self, state: Any, actions: Sequence[str]) -> list[tuple[float, int, str, Any]]:
        """(static value, order, action, state after) of every action, best first."""
        kids = []
        for i, action in enumerate(actions):
            after = self.apply(state, action)
            if after is not None:
                kids.append((self.static(after), i, action, after))
        kids.sort(key=lambda k: (-k[0], k[1]))
        return kids

    def value(self, state: Any, depth: int, chance: int) -> float:
        """The expectimax value of ``state`` for the searching seat."""
        engine, settings = self.engine, self.settings
        actor = engine.current_actor(state)
        if actor == TERMINAL:
            return self.terminal(state)
        if self.left <= 0:
            return self.static(state)
        if actor == CHANCE:
            if chance <= 0 or not self.model.averages(state, self.seat):
                return self.static(state)
            outcomes = sorted(engine.chance_outcomes(state), key=lambda o: -o.probability)[: settings.outcomes]
            total = sum(o.probability for o in outcomes)
            out = 0.0
            for o in outcomes:
                after = self.apply(state, o.action)
                if after is not None:
                    out += o.probability / total * self.value(after, depth, chance - 1)
            return out
        if actor in engine.info.automatic_actors:
            after = self.apply(state, engine.automatic_action(state))
            return self.static(state) if after is None else self.value(after, depth, chance)
        if actor != self.seat:
            return self.static(state)
        continues = self.model.continues(state)
        if depth >= len(settings.widths) and not continues:
            return self.static(state)
        kids = self.children(state, engine.legal_actions(state))
        if not kids:
            return self.static(state)
        if depth >= len(settings.widths):
            return kids[0][0]  # no deeper look: where the move ends best as it stands
        width = settings.widths[depth] or len(kids)
        deeper = depth if continues else depth + 1
        return max(self.value(after, deeper, chance) for _v, _i, _a, after in kids[:width])

    def rank(self, state: Any, actions: Sequence[str]) -> list[tuple[float, str]]:
        """Every action with its value, best first (the root: its beam is ``widths[0]``)."""
        kids = self.children(state, actions)
        if not self.settings.widths:  # no look ahead: every action by the state it leads to
            return [(v, action) for v, _i, action, _after in kids]
        width = self.settings.widths[0] or len(kids)
        deeper = 0 if self.model.continues(state) else 1
        ranked = [(self.value(after, deeper, self.settings.chance), i, action) for _v, i, action, after in kids[:width]]
        ranked += [(v - WIN, i, action) for v, i, action, _after in kids[width:]]  # never preferred
        ranked.sort(key=lambda r: (-r[0], r[1]))
        return [(v, action) for v, _i, action in ranked]


class SearchBot:
    """A computer player searching with a game's :class:`Model` (see the module docstring)."""

    def __init__(self, name: str, model: Model, settings: Settings, budget: float = 1.0):
        self.name, self.model, self.settings = name, model, settings
        self.nodes = max(1, int(settings.nodes * budget))

    def ranked(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> list[tuple[float, str]]:
        """The legal actions with their values, best first (ties broken by ``rng``)."""
        state = self.model.state_of(engine, view, rng)
        search = Search(engine, self.model, self.settings, view.seat, self.nodes)
        ranked = search.rank(state, view.legal_actions)
        if not ranked:  # the determinised state refused every action: any legal one
            return [(0.0, rng.choice(view.legal_actions))]
        best = ranked[0][0]
        ties = [r for r in ranked if r[0] >= best - 1e-9]
        if len(ties) > 1:
            first = rng.choice(ties)
            ranked.remove(first)
            ranked.insert(0, first)
        return ranked

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        ranked = self.ranked(engine, view, rng)
        if self.settings.slips and len(ranked) > 1 and rng.random() < self.settings.slips:
            plausible = [a for v, a in ranked[1 : self.settings.slip_choices] if v > -WIN / 2]
            if plausible:
                return rng.choice(plausible)
        return ranked[0][1]
