"""Drivers and bots: who makes the next move, and playing whole games.

:func:`next_action` is the one place that knows the kinds of actor: chance is sampled, an automatic
actor (Finstere Flure's monster) takes its rules-given action, a seat with a bot asks the bot, a
human seat returns ``None`` (the driver waits). The stop rules of the drive loop
(:func:`rules.core.replay.drive`) are choosers built here: :func:`bots_choose` plays until a human
seat is to act or the game is over, :func:`automatic_turn` plays an automatic actor's turn. Bots see only what their seat may see: a
:class:`SeatView` with the seat's observation and its legal actions, never the state.

Everything is deterministic given the ``random.Random`` passed in (engines list legal actions and
chance outcomes in a stable order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

from .chance import sample
from .engine import CHANCE, TERMINAL, Engine
from .replay import Chooser, drive


class SeatView:
    """Everything a bot may know when its seat acts: its seat, its legal actions and its
    observation (computed on first use: a bot that plays at random never pays for it)."""

    def __init__(self, seat: str, legal_actions: tuple[str, ...], observe: Callable[[], Mapping[str, Any]]):
        self.seat = seat
        self.legal_actions = legal_actions
        self._observe = observe

    @cached_property
    def observation(self) -> Mapping[str, Any]:
        return self._observe()


class Bot(Protocol):
    name: str

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        return rng.choice(view.legal_actions)


BotFactory = Callable[[], Bot]


def seat_view(engine: Engine[Any], state: Any, seat: str) -> SeatView:
    return SeatView(seat, tuple(engine.legal_actions(state)), lambda: engine.observation(state, seat))


def next_action(engine: Engine[Any], state: Any, bots: Mapping[str, Bot], rng: random.Random) -> str | None:
    """The next action, or None when a human seat is to act or the game is over."""
    actor = engine.current_actor(state)
    if actor == TERMINAL:
        return None
    if actor == CHANCE:
        return sample(engine, state, rng)
    if actor in engine.info.automatic_actors:
        return engine.automatic_action(state)
    bot = bots.get(actor)
    if bot is None:
        return None
    view = seat_view(engine, state, actor)
    if not view.legal_actions:
        raise RuntimeError(f"{engine.slug}: no legal action for {actor!r} in a running game")
    return bot.choose_action(engine, view, rng)


def bots_choose(engine: Engine[Any], bots: Mapping[str, Bot], rng: random.Random) -> Chooser:
    """The stop rule "until a human seat is to act or the game is over": chance drawn from ``rng``,
    the automatic actors' actions, the bots' choices."""
    return lambda state: next_action(engine, state, bots, rng)


def automatic_turn(engine: Engine[Any], actor: str) -> Chooser:
    """The stop rule "until another actor than the automatic ``actor`` is due"."""
    return lambda state: engine.automatic_action(state) if engine.current_actor(state) == actor else None


def random_bots(engine: Engine[Any], state: Any) -> dict[str, Bot]:
    return {seat: RandomBot() for seat in engine.seats(state)}


@dataclass(frozen=True)
class Playthrough:
    actions: tuple[str, ...]
    state: Any
    over: bool


def play(
    engine: Engine[Any],
    state: Any,
    bots: Mapping[str, Bot],
    rng: random.Random,
    max_actions: int = 100_000,
) -> Playthrough:
    """Drive the game until it is over, a human seat is to act, or ``max_actions`` were played."""
    actions: list[str] = []
    for transition in drive(engine, state, bots_choose(engine, bots, rng), limit=max_actions):
        state = transition.after
        actions.append(transition.action)
    return Playthrough(tuple(actions), state, engine.is_over(state))
