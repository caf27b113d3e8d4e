"""The Torens & Dieven engine object (see the package docstring for actions and positions)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core.engine import CHANCE, TERMINAL, Engine, Event, GameInfo, Outcome, Result, RuleError, SetupOption

from . import rules
from .citations import READINGS, SOURCES
from .messages import MESSAGES
from .position import position_of, state_from_position
from .state import (
    COLOURS,
    DRAW,
    DRAWABLE,
    FOLLOWERS,
    GROW,
    GUARD,
    LAND_TILES,
    OVER,
    PIECES,
    PLACE,
    RIVER_TILES,
    SOURCE,
    START,
    THIEF_VALUES,
    TOWER_TILES,
    Square,
    State,
)


class _PlaceActions(dict[Square, str]):
    """``place:X,Y`` per square, formatted once (the list of legal placements is the hot path of
    random play)."""

    def __missing__(self, square: Square) -> str:
        name = self[square] = f"place:{square[0]},{square[1]}"
        return name


PLACE_ACTIONS = _PlaceActions()


class TorensEnDievenEngine(Engine[State]):
    info = GameInfo(slug="torens-en-dieven", language="nl", min_seats=2, max_seats=5, information="perfect", chance=True)
    messages = MESSAGES
    action_words = frozenset({"draw", "grow", "place", "guard", "pass"})  # the grammar's first words
    refusal_sources = SOURCES
    readings = READINGS

    # -- setup and positions ---------------------------------------------------------------------

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (
            SetupOption("players", "int", 2, label="setup.players", min=2, max=5),
            SetupOption("river", "bool", True, label="setup.river", clause="td-rivier-schudden"),
            SetupOption("land", "int", LAND_TILES, label="setup.land", min=0, max=LAND_TILES, clause="td-landtegels-schudden"),
        )

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        players = COLOURS[: int(setup["players"])]
        river = bool(setup["river"])
        return State(
            players=players,
            phase=DRAW,
            turn=0,
            tiles=((0, 0, SOURCE if river else START),),
            towers=(),
            supply=PIECES,  # td-voorraad-torendelen
            followers=(FOLLOWERS,) * len(players),
            scores=(0,) * len(players),
            stolen=0,
            stack=(int(setup["land"]), *THIEF_VALUES.values()),  # td-landtegels-schudden
            tower_stack=TOWER_TILES,  # td-stapel-torentegels
            river_stack=(RIVER_TILES - 1, 1) if river else (0, 0),  # td-rivier-schudden
        )

    def state_from_position(self, position: Any) -> State:
        return state_from_position(position)

    def position_of(self, state: State) -> dict[str, Any]:
        return position_of(state)

    # -- who acts, what is legal ----------------------------------------------------------------------

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def current_actor(self, state: State) -> str:
        if state.phase == OVER:
            return TERMINAL
        if state.phase == DRAW:
            return CHANCE
        return state.player

    def chance_outcomes(self, state: State) -> list[Outcome]:
        return rules.draw_odds(state)

    def legal_actions(self, state: State) -> list[str]:
        if state.phase == DRAW:
            return [o.action for o in rules.draw_odds(state)]
        if state.phase == GROW:
            return rules.grow_choices(state)
        if state.phase == PLACE:
            names = PLACE_ACTIONS
            return [names[square] for square in state.frontier]
        if state.phase == GUARD:
            return [*rules.guard_options(state), "pass"]
        return []

    # -- transitions ----------------------------------------------------------------------------------

    @property
    def refusal_clause(self) -> str:
        return "td-drie-acties"

    def transition(self, state: State, action: str) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise RuleError("td-eindtelling-wachters", "refuse.over")
        if state.phase == DRAW:
            return rules.apply_draw(state, action)
        if action.startswith("draw:"):
            raise RuleError("td-drie-acties", "refuse.drawn-already")
        if state.phase == GROW:
            return rules.apply_grow(state, action)
        if state.phase == PLACE:
            return rules.apply_place(state, action)
        return rules.apply_guard(state, action)

    def result(self, state: State) -> Result | None:
        if state.phase != OVER:
            return None
        scores = dict(zip(state.players, state.scores, strict=True))
        best = max(state.scores)
        winners = tuple(p for p, s in scores.items() if s == best)
        key = "result.win" if len(winners) == 1 else "result.shared"
        return Result(winners, "td-eindtelling-wachters", key, {"winners": list(winners), "score": best},
                      scores={p: float(s) for p, s in scores.items()})

    # -- fuzzing ----------------------------------------------------------------------------------------

    def random_action(self, state: State, rng: random.Random) -> str:
        """Near-legal actions: other tiles, squares next to or inside the grid, towers out of reach,
        wrong numbers of towers, actions of another phase, and a little garbage."""
        roll = rng.random()
        xs = [x for x, _y, _k in state.tiles]
        ys = [y for _x, y, _k in state.tiles]
        x = rng.randint(min(xs) - 2, max(xs) + 2)
        y = rng.randint(min(ys) - 2, max(ys) + 2)
        if roll < 0.15:
            return f"draw:{rng.choice(DRAWABLE + ('thief9', 'box'))}"
        if roll < 0.4:
            return f"place:{x},{y}"
        if roll < 0.65:
            if state.towers and rng.random() < 0.7:
                tx, ty = rng.choice(state.towers).at
                return f"guard:{tx},{ty}"
            return f"guard:{x},{y}"
        if roll < 0.85:
            towers = [t.at for t in state.towers]
            picked = rng.sample(towers, k=rng.randint(0, len(towers))) if towers else [(x, y)]
            return "grow:" + ";".join(f"{a},{b}" for a, b in picked)
        return rng.choice(["pass", "place:", "guard:a,b", "grow:1,1;1,1", "meeple", "place:1,2,3", ""])
