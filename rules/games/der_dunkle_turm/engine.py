"""The engine object of Der dunkle Turm (``ENGINE``): the core protocol over the rules modules."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core.engine import (
    CHANCE,
    Engine,
    Event,
    GameInfo,
    Outcome,
    PositionError,
    Result,
    SetupOption,
)
from rules.core.inputs import is_digits

from . import actions, refusals
from .board import CARD_KINDS, FULL_DECK, TEAMS, companion_ids
from .citations import READINGS, SOURCES
from .messages import MESSAGES
from .position import read_position, write_position
from .state import Beast, Companion, State, Table, freeze, thaw

VERBS = ("move", "bolt", "spell", "free", "advance", "rescue")


class DerDunkleTurmEngine(Engine[State]):
    info = GameInfo(
        slug="der-dunkle-turm",
        language="de",
        min_seats=2,
        max_seats=4,
        information="perfect",
        automatic_actors=("tower", "beast", "owl"),
        teams=True,
    )
    messages = MESSAGES
    action_words = frozenset({"start", "card", "d12", "draw", "float", "keep", "move", "free", "advance", "bolt", "spell", "fight-on", "retreat", "rescue", "tower", "beast", "owl"})  # the grammar's first words
    refusal_sources = SOURCES
    readings = READINGS

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (SetupOption("teams", "int", 2, label="setup.teams", min=2, max=4, clause="dt-teams"),)

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """dt-aufbau: everyone in the camp, bridges down, beasts asleep, the full deck; the lot
        (a chance action) chooses the start team."""
        teams = TEAMS[: int(setup.get("teams", 2))]
        comps = tuple((cid, Companion("camp")) for team in teams for cid in companion_ids(team))
        return State(
            teams=teams, start="", turn=teams[0], round=1, drawn=False, bridges_up=False, companions=comps,
            rifts=(), floats=(), collections=tuple((t, 0) for t in teams), wizard=0, beasts=(Beast(), Beast()),
            attacks=0, event_used=False, pending=(), deck=tuple(FULL_DECK[k] for k in CARD_KINDS),
            discard=tuple(0 for _ in CARD_KINDS),
        )

    def state_from_position(self, position: Any) -> State:
        state = read_position(position)
        if self.current_actor(state) in state.teams and not self.legal_actions(state):
            raise PositionError("pending", "the team to act would have no legal action here")
        return state

    def position_of(self, state: State) -> dict[str, Any]:
        return write_position(state)

    def seats(self, state: State) -> tuple[str, ...]:
        return state.teams

    def _facts(self, state: State) -> tuple[str, list[str], list[Outcome]]:
        """Actor, legal actions and chance outcomes of ``state``, remembered for the last state asked
        (drivers ask all three of the same state in a row, then apply one of its actions)."""
        cached = self._cache
        if cached is not None and cached[0] is state:
            return cached[1]
        t = thaw(state)
        facts = _facts_of(t)
        self._cache = (state, facts, [t])
        return facts

    # (state, its facts, [a thawed table of it that the next transition of that state may take over])
    _cache: tuple[State, tuple[str, list[str], list[Outcome]], list[Table]] | None = None

    def current_actor(self, state: State) -> str:
        return self._facts(state)[0]

    def legal_actions(self, state: State) -> list[str]:
        return list(self._facts(state)[1])

    def chance_outcomes(self, state: State) -> list[Outcome]:
        return list(self._facts(state)[2])

    @property
    def refusal_clause(self) -> str:
        return "dt-ablauf-teamzug"

    def transition(self, state: State, action: str) -> tuple[State, list[Event]]:
        facts = self._facts(state)
        if action not in facts[1]:
            raise refusals.refuse(thaw(state), action)
        cached = self._cache
        spare = cached[2] if cached is not None and cached[0] is state else []
        try:
            t = spare.pop()  # the table _facts thawed (taken by one transition only), else a fresh one
        except IndexError:
            t = thaw(state)
        events: list[Event] = []
        actions.play(t, action, events)
        after = freeze(t)
        # The table now holds ``after``; with its dicts in the order thaw(after) gives (rifts and
        # floating fields sorted), its facts are those of ``after``: remember them for the driver.
        t.rifts = dict(after.rifts)
        t.floats = {f.field: f for f in after.floats}
        t.collections = dict(after.collections)
        self._cache = (after, _facts_of(t), [t])
        return after, [_numbered(e) for e in events]

    def result(self, state: State) -> Result | None:
        if not state.over:
            return None
        if state.winner:
            return Result((state.winner,), "dt-spielende", "result.win", {"team": state.winner},
                          scores={t: float(t == state.winner) for t in state.teams})
        return Result((), "dt-spielende", "result.none", scores={t: 0.0 for t in state.teams}, draw=True)

    def random_action(self, state: State, rng: random.Random) -> str:
        legal = self.legal_actions(state)
        if legal and rng.random() < 0.5:
            return rng.choice(legal)
        cids = [cid for cid, _ in state.companions] + ["purple1", "red9"]
        pick = rng.random()
        if pick < 0.3:
            return f"{rng.choice(VERBS)}:{rng.choice(cids)}"
        if pick < 0.45:
            return f"float:{rng.choice(['7', '9', '12', '20', '6b', '0'])}"
        if pick < 0.6:
            return f"d12:{rng.randint(0, 13)}"
        if pick < 0.7:
            return f"card:{rng.choice(CARD_KINDS + ('joker',))}"
        return rng.choice(["draw", "keep", "tower", "owl", "beast:12", "beast:18", "fight-on", "retreat",
                           "start:red", "move:", "", "card:step5"])


def _facts_of(t: Table) -> tuple[str, list[str], list[Outcome]]:
    who = actions.actor(t)
    if who == CHANCE:
        outcomes = actions.outcomes(t)
        return who, [o.action for o in outcomes], outcomes
    return who, actions.legal(t), []


ENGINE = DerDunkleTurmEngine()


_FIELD_KEYS = frozenset({"field", "fields", "to", "trail", "lair"})


def _numbered(event: Event) -> Event:
    """``event`` with its fields as the position writes them: a number where the field is one
    (``9``), a string where it is not (``"6b"``, ``"camp"``)."""
    if not _FIELD_KEYS.intersection(event.data):
        return event

    def shown(value: Any) -> Any:
        if isinstance(value, list | tuple):
            return [shown(v) for v in value]
        return int(value) if isinstance(value, str) and is_digits(value) else value

    data = {k: shown(v) if k in _FIELD_KEYS else v for k, v in event.data.items()}
    return replace(event, data=data)
