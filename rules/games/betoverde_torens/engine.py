"""The ``BetoverdeTorensEngine``: setup, actors, chance, the result, observation and fuzzing."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core.engine import (
    CHANCE,
    TERMINAL,
    Engine,
    Event,
    GameInfo,
    Outcome,
    Result,
    SetupOption,
    SetupProblem,
)

from . import flow, position
from .cards import BASIC_SPELLS, CODES, FULL_DECK, SPELLS
from .citations import READINGS, SOURCES
from .messages import MESSAGES
from .state import CAPACITY, COLOURS, RING, TABLE, Flasks, Space, State


class BetoverdeTorensEngine(Engine[State]):
    info = GameInfo(
        slug="betoverde-torens", language="nl", min_seats=1, max_seats=6, information="imperfect", teams=True
    )
    messages = MESSAGES
    action_words = frozenset({"play", "roll", "move", "none", "reroll", "pass", "pass-tower", "spell", "spells", "end", "ask", "give", "return", "decline", "draw"})  # the grammar's first words
    refusal_sources = SOURCES
    readings = READINGS

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (
            SetupOption("players", "int", 2, label="setup.players", min=1, max=6, clause="bt-kleur-kiezen"),
            SetupOption("solo_flasks", "bool", False, label="setup.solo_flasks", clause="bt-solo-met-flesjes"),
            SetupOption("teams", "bool", False, label="setup.teams", clause="bt-teams-vormen"),
            SetupOption("master", "bool", False, label="setup.master", clause="bt-meester-spreuken"),
            SetupOption(
                "master_spells", "int", 4, label="setup.master_spells", min=1, max=8, clause="bt-meester-spreuken"
            ),
        )

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        n = int(setup.get("players", 2))
        variant = "base" if n > 1 else ("solo-flasks" if setup.get("solo_flasks") else "solo")
        players = COLOURS[:n]
        wizards_each = TABLE[n][0]
        # bt-tovenaars-plaatsen: one wizard each in turn, filling towers 1..9 in order
        order = [p for _ in range(wizards_each) for p in players]
        towers: list[list[str]] = [[] for _ in range(9)]
        t = 0
        for colour in order:
            while len(towers[t]) >= CAPACITY[t]:
                t += 1
            towers[t].append(colour)
        spaces = [Space() for _ in range(RING)]
        for i in range(9):  # bt-opbouw: towers 1..9 on spaces 2..10
            spaces[i + 1] = Space((), ((i + 1, tuple(sorted(towers[i]))),))
        flasks = Flasks(position.flasks_each(variant, n), 0, 0)
        teams = bool(setup.get("teams")) and n in (4, 6)
        master = bool(setup.get("master")) and n > 1
        spell_count = int(setup.get("master_spells", 4)) if master else 0
        return State(
            players=players,
            variant=variant,
            wizards_each=wizards_each,
            spaces=tuple(spaces),
            raven_at=1,
            raven=(),
            flasks=tuple(flasks for _ in players),
            spells=BASIC_SPELLS if variant == "base" and not master else (),
            hands=tuple(() for _ in players),
            deck=FULL_DECK,
            discard=tuple(0 for _ in FULL_DECK),
            phase="spells" if variant == "solo-flasks" or master else "deal",
            teams=teams,
            master=master,
            spell_count=spell_count,
        )

    def state_from_position(self, position_: Any) -> State:
        return position.read(position_)

    def position_of(self, state: State) -> dict[str, Any]:
        return position.write(state)

    def setup_problems(self, state: State) -> list[SetupProblem]:
        """The setup rules a hand-written position may break: the number of wizards per player
        (bt-tovenaars-en-flesjes; the flasks are checked by the position reader) and the open spells
        (bt-materiaal-klaarleggen; three in the solo game with flasks, bt-solo-met-flesjes)."""
        out = []
        n = len(state.players)
        if state.wizards_each != TABLE[n][0]:
            out.append(
                SetupProblem(
                    "bt-tovenaars-en-flesjes",
                    f"{n} {'player has' if n == 1 else 'players have'} {TABLE[n][0]} wizards each, "
                    f"not {state.wizards_each}",
                )
            )
        if state.variant == "base" and not state.master and state.spells != BASIC_SPELLS:
            out.append(
                SetupProblem(
                    "bt-materiaal-klaarleggen",
                    f"the base game's open spells are {', '.join(BASIC_SPELLS)}, not {', '.join(state.spells) or 'none'}",
                )
            )
        if state.variant == "solo-flasks" and state.phase != "spells" and len(state.spells) != 3:
            out.append(
                SetupProblem("bt-solo-met-flesjes", f"the solo game with flasks has 3 open spells, not {len(state.spells)}")
            )
        return out

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def current_actor(self, state: State) -> str:
        if state.phase == "over":
            return TERMINAL
        if flow.is_chance(state):
            return CHANCE
        return state.players[flow.actor_index(state)]

    def legal_actions(self, state: State) -> list[str]:
        return flow.legal_actions(state)

    def chance_outcomes(self, state: State) -> list[Outcome]:
        return flow.chance_outcomes(state) if state.phase != "over" else []

    @property
    def refusal_clause(self) -> str:
        return "bt-twee-acties"

    def transition(self, state: State, action: str) -> tuple[State, list[Event]]:
        return flow.transition(state, action)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        players = state.players
        if state.variant != "base":
            return Result(
                (players[0],),
                "bt-solo-score",
                "result.solo",
                {"discarded": state.discarded},
                {players[0]: state.discarded},
            )
        held = {p: f.filled for p, f in zip(players, state.flasks, strict=True)}
        if state.teams:
            return self._team_result(state)
        if state.stalled:
            filled = {p: f.filled + f.spent for p, f in zip(players, state.flasks, strict=True)}
            best = max(filled.values())
            top = [p for p in players if filled[p] == best]
            most = max(held[p] for p in top)
            winners = tuple(p for p in top if held[p] == most)
            data = {"winners": list(winners), "count": len(winners), "filled": best}
            tiebreak = "bt-meerdere-winnaars" if len(top) > 1 else None
            return Result(
                winners, "bt-einde-spel", "result.stalled", data, {p: float(filled[p]) for p in players}, tiebreak
            )
        qualified = [p for i, p in enumerate(players) if flow.qualifies(state, i)]
        scores = {p: float(held[p]) for p in players}
        if len(qualified) == 1:
            return Result((qualified[0],), "bt-winnaar", "result.win", {"winner": qualified[0]}, scores)
        most = max(held[p] for p in qualified)
        winners = tuple(p for p in qualified if held[p] == most)
        data = {"winners": list(winners), "count": len(winners), "held": most}
        return Result(winners, "bt-meerdere-winnaars", "result.most", data, scores, "bt-meerdere-winnaars")

    def _team_result(self, state: State) -> Result:
        """bt-teams-einde: the qualifying team wins; several: most filled flasks still held."""
        players = state.players
        half = len(players) // 2
        teams = [(players[i], players[i + half]) for i in range(half)]
        held = {t: sum(state.flasks_of(p).filled for p in t) for t in teams}
        filled = {t: sum(state.flasks_of(p).filled + state.flasks_of(p).spent for p in t) for t in teams}
        if state.stalled:
            best = max(filled.values())
            top = [t for t in teams if filled[t] == best]
        else:
            top = [t for t in teams if flow.qualifies(state, players.index(t[0]))]
        most = max(held[t] for t in top)
        winners = tuple(p for t in top if held[t] == most for p in t)
        scores = {p: float(held[t]) for t in teams for p in t}
        data = {"winners": list(winners), "count": len(winners)}
        tiebreak = "bt-meerdere-winnaars" if len(top) > 1 else None
        clause = "bt-einde-spel" if state.stalled else "bt-teams-einde"
        return Result(winners, clause, "result.team", data, scores, tiebreak)

    def observation(self, state: State, seat: str) -> dict[str, Any]:
        """Hands of the other players and the deck are hidden: only their sizes are shown."""
        pos = position.write(state)
        pos["hands"] = {c: (h if c == seat else len(h)) for c, h in pos["hands"].items()}
        pos["deck"] = sum(state.deck)
        return pos

    def random_action(self, state: State, rng: random.Random) -> str:
        legal = flow.legal_actions(state)
        if legal and rng.random() < 0.4:
            return rng.choice(legal)
        code = rng.choice(CODES)
        kind = rng.random()
        if kind < 0.3:
            return f"play:{code}:{rng.choice(['wizard', 'tower'])}:{rng.randint(0, 17)}"
        if kind < 0.4:
            return rng.choice([f"play:{code}", f"play:{code}:none", "pass", "end", "none", "reroll"])
        if kind < 0.55:
            return f"spell:{rng.choice(SPELLS)}:{rng.randint(0, 17)}"
        if kind < 0.6:
            return f"spell:swap:{rng.randint(1, 9)},{rng.randint(1, 9)}"
        if kind < 0.7:
            return f"move:{rng.choice(['wizard', 'tower'])}:{rng.randint(0, 17)}"
        if kind < 0.8:
            return rng.choice(
                [
                    f"draw:{code}",
                    f"roll:{rng.randint(0, 7)}",
                    f"pass-tower:{rng.randint(0, 10)}",
                    "decline",
                    "ask",
                    f"give:{code}",
                    f"return:{code}",
                    "give:none",
                    "spell:lift",
                    f"spells:{code}",
                ]
            )
        if legal:
            action = rng.choice(legal)
            return action[:-1] + str(rng.randint(0, 9)) if action[-1].isdigit() else action
        return "pass"
