"""The Finstere Flure engine object (see the package docstring for actions and positions)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from rules.core.engine import CHANCE, TERMINAL, Engine, Event, GameInfo, Outcome, Result, RuleError, SetupOption

from . import flow, moves, placement
from .board import DEFAULT_BLOOD, DEFAULT_STONES, EXIT, HEIGHT, WIDTH
from .citations import READINGS, SOURCES
from .messages import MESSAGES
from .monster import monster_step
from .position import position_of, state_from_position
from .state import (
    CARD,
    CARD_KINDS,
    COLOURS,
    HIT_CARDS,
    MONSTER,
    OUT,
    OVER,
    PLAYERS,
    POOL,
    SAVED,
    SETUP,
    Figure,
    Placement,
    State,
    figure_ids,
    initial_figures,
)

MONSTER_ACTOR = "monster"


def _sq(square: Any) -> Any:
    """A square as JSON data ([x, y]); POOL/SAVED stay strings."""
    return [square[0], square[1]] if isinstance(square, tuple) else square


class FinstereFlureEngine(Engine[State]):
    # The monster looking around before each step: a step's caption cites what else happened.
    routine_clauses = frozenset({"ff-monster-kijkt"})
    info = GameInfo(
        slug="finstere-flure",
        language="nl",
        min_seats=2,
        max_seats=7,
        information="perfect",
        automatic_actors=(MONSTER_ACTOR,),
        chance=True,
    )
    messages = MESSAGES
    action_words = frozenset({"place", "move", "card", "monster"})  # the grammar's first words
    refusal_sources = SOURCES
    readings = READINGS

    # -- setup and positions ---------------------------------------------------------------------

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (
            SetupOption("players", "int", 4, label="setup.players", min=2, max=7, clause="ff-aantal-spelers"),
            SetupOption("dmaufbau", "bool", False, label="setup.dmaufbau", clause="ff-dmaufbau-plaatsen"),
        )

    def initial_state(self, setup: Mapping[str, Any]) -> State:
        """The start of a game from a validated setup (``rules.core.setup.validate_setup``)."""
        n: int = setup["players"]
        dm: bool = setup["dmaufbau"]
        players = COLOURS[:n]
        return State(
            players=players,
            phase=SETUP if dm else PLAYERS,
            chapter=1,
            round=1,
            monster=EXIT,  # ff-monster-beginpositie
            facing="R",
            stones=frozenset() if dm else DEFAULT_STONES,  # ff-standaardopstelling
            blood=frozenset() if dm else DEFAULT_BLOOD,
            figures=initial_figures(players),  # ff-startvoorraad
            turns=None if dm else (0,) * n,
            placement=Placement() if dm else None,
        )

    def state_from_position(self, position: Any) -> State:
        return state_from_position(position)

    def position_of(self, state: State) -> dict[str, Any]:
        return position_of(state)

    # -- who acts, what is legal ----------------------------------------------------------------------

    def seats(self, state: State) -> tuple[str, ...]:
        return state.players

    def current_actor(self, state: State) -> str:
        if state.phase == SETUP:
            return state.placer() or TERMINAL
        if state.phase == PLAYERS:
            return state.player_to_move() or TERMINAL
        if state.phase == CARD:
            return CHANCE
        if state.phase == MONSTER:
            return MONSTER_ACTOR
        return TERMINAL

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def result(self, state: State) -> Result | None:
        return flow.result(state)

    def chance_outcomes(self, state: State) -> list[Outcome]:
        if state.phase != CARD:
            return []
        return [Outcome(f"card:{c}", p) for c, p in flow.card_outcomes(state).items()]

    def legal_actions(self, state: State) -> list[str]:
        if state.phase == SETUP:
            return placement.legal_placements(state)
        if state.phase == PLAYERS:
            mover = state.player_to_move()
            if mover is None:
                return []
            due = [f for f in state.figures_of(mover) if not f.moved and f.at != SAVED and f.at != OUT]
            return moves.legal_moves(state, due)
        if state.phase == CARD:
            return [o.action for o in self.chance_outcomes(state)]
        if state.phase == MONSTER:
            return [MONSTER_ACTOR]
        return []

    # -- transitions ----------------------------------------------------------------------------------

    @property
    def refusal_clause(self) -> str:
        return "ff-ronde"

    def transition(self, state: State, action: str) -> tuple[State, list[Event]]:
        if state.phase == OVER:
            raise RuleError(state.ending or "ff-ronde", "refuse.game-over")
        if state.phase == SETUP:
            if not action.startswith("place:"):
                raise RuleError("ff-dmaufbau-plaatsen", "refuse.setup-first")
            return placement.apply_placement(state, action)
        if state.phase == PLAYERS:
            return self._apply_move(state, action)
        if state.phase == CARD:
            return self._apply_card(state, action)
        return self._apply_monster(state, action)

    def _apply_move(self, state: State, action: str) -> tuple[State, list[Event]]:
        fig, path, mover = self._movable(state, action)
        fid = fig.id
        step_events: list[Event] = []
        walk = moves.simulate(state, fig, path, step_events)
        end = walk.end
        trail = [[x, y] for x, y in walk.trail]
        origin = _sq(fig.at)
        events: list[Event] = []
        data: dict[str, Any]
        if not path:
            data = {"figure": fid, "steps": 0, "from": origin, "trail": trail}
            events.append(Event("ff-eens-per-ronde", "move.stay", data))
        else:
            data = {
                "figure": fid,
                "path": path,
                "steps": len(path),
                "showing": fig.showing,
                "from": origin,
                "to": _sq(end),
                "trail": trail,
            }
            events.append(Event("ff-stappen-waarde", "move.walk", data))
        events += step_events
        was_rung = state.end_rung()
        if end == SAVED:
            lapsed = fig.showing - len(path)
            key = "move.saved" if not lapsed else "move.saved.lapsed-one" if lapsed == 1 else "move.saved.lapsed"
            events.append(Event("ff-uitgang-verlaten", key, {"figure": fid, "lapsed": lapsed}, decisive=True))
            moved, saved = fig.evolve(at=SAVED, showing=fig.front, moved=False), state.saved + (fid,)
        else:
            flipped = 7 - fig.showing
            events.append(Event("ff-omdraaien", "move.flip", {"figure": fid, "showing": flipped}))
            moved, saved = fig.evolve(at=end, showing=flipped, moved=True), state.saved
        new = state.after_move(fig, moved, walk.stones, saved)
        if not was_rung and new.end_rung():
            events.append(Event("ff-einde-ingeluid", "end.rung", {"player": mover, "saved": new.saved_count(mover)}, decisive=True))
        new = flow.after_player_turn(new, events)
        if new.phase == PLAYERS:
            flow.passed_over(new, mover, events)
            events.append(Event("ff-beurtvolgorde", "turn.next", {"player": new.player_to_move()}))
        return new, events

    def _movable(self, state: State, action: str) -> tuple[Figure, str, str]:
        """The figure ``action`` moves, its path and the player to move, or the refusal: a figure of the
        player whose turn it is, still in the dungeon, not yet moved this round (ff-een-figuur-per-beurt,
        ff-eens-per-ronde, ff-beurtvolgorde, ff-eerste-ronde)."""
        parts = action.split(":")
        if len(parts) != 3 or parts[0] != "move":
            if parts[0] in ("card", MONSTER_ACTOR):
                raise RuleError("ff-ronde", "refuse.players-first")
            raise RuleError("ff-een-figuur-per-beurt", "refuse.move-syntax")
        fid, path = parts[1], parts[2]
        if fid not in figure_ids(state.players):
            raise RuleError("ff-een-figuur-per-beurt", "refuse.unknown-figure", figure=fid)
        fig = state.figure(fid)
        mover = state.player_to_move()
        assert mover is not None and state.turns is not None  # phase PLAYERS always has a mover
        if fig.at == SAVED:
            raise RuleError("ff-uitgang-verlaten", "refuse.saved", figure=fid)
        if fig.at == OUT:
            raise RuleError("ff-gepakt-hoofdstuk-2", "refuse.out", figure=fid)
        if fig.moved:
            raise RuleError("ff-eens-per-ronde", "refuse.moved", figure=fid)
        if fig.owner != mover:
            if state.first_round and state.turns[state.players.index(fig.owner)] >= 2:
                raise RuleError("ff-eerste-ronde", "refuse.first-round", figure=fid, player=fig.owner)
            raise RuleError("ff-beurtvolgorde", "refuse.not-your-turn", figure=fid, player=mover, owner=fig.owner)
        return fig, path, mover

    def _apply_card(self, state: State, action: str) -> tuple[State, list[Event]]:
        if not action.startswith("card:"):
            if action.startswith("move:"):
                self._refuse_late_move(state, action)
            raise RuleError("ff-monster-kaart-trekken", "refuse.card-expected")
        card = action[len("card:") :]
        if card not in CARD_KINDS:
            raise RuleError("ff-monster-kaart-trekken", "refuse.card-unknown", card=card)
        if card not in state.deck:
            raise RuleError("ff-monster-kaart-trekken", "refuse.card-gone", card=card)
        if flow.first_card(state) and card in HIT_CARDS:
            raise RuleError("ff-eerste-kaart", "refuse.first-card", card=card)
        events: list[Event] = []
        return flow.draw_card(state, card, events), events

    def _refuse_late_move(self, state: State, action: str) -> None:
        """A move after the players' part: every figure in play has had its turn (ff-eens-per-ronde), in
        the first round every player has moved two figures (ff-eerste-ronde)."""
        fid = action.split(":")[1]
        if fid not in figure_ids(state.players):
            return
        fig = state.figure(fid)
        if fig.at == SAVED:
            raise RuleError("ff-uitgang-verlaten", "refuse.saved", figure=fid)
        if fig.at == OUT:
            raise RuleError("ff-gepakt-hoofdstuk-2", "refuse.out", figure=fid)
        if state.first_round:
            raise RuleError("ff-eerste-ronde", "refuse.first-round", figure=fid, player=fig.owner)
        raise RuleError("ff-eens-per-ronde", "refuse.moved", figure=fid)

    def _apply_monster(self, state: State, action: str) -> tuple[State, list[Event]]:
        if action != MONSTER_ACTOR:
            raise RuleError("ff-ronde", "refuse.monster-only")  # the monster's part of the round
        new, events, turn_over = monster_step(state)
        ended = flow.check_board_empty(new, events)
        if ended is not None:
            return ended, events
        if turn_over:
            new = flow.end_monster_turn(new, events)
        return new, events

    # -- testing support ------------------------------------------------------------------------------

    def random_action(self, state: State, rng: random.Random) -> str:
        """A random well-formed action of any kind, whatever the phase; about half of the moves are
        legal-looking (a figure of the player to move, E first from the pool, at most its value)."""
        roll = rng.random()
        if roll < 0.55:
            return self._random_move(state, rng)
        if roll < 0.7:
            return f"card:{rng.choice(CARD_KINDS)}"
        if roll < 0.75:
            return MONSTER_ACTOR
        x, y = rng.randrange(WIDTH), rng.randrange(HEIGHT)
        kind = rng.choice(("stone", "pool4", "pool2"))
        if kind == "pool4":
            return f"place:pool4:{x},{y},{rng.choice('hv')}"
        return f"place:{kind}:{x},{y}"

    def _random_move(self, state: State, rng: random.Random) -> str:
        mover = state.player_to_move() if state.phase == PLAYERS else None
        due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
        if due and rng.random() < 0.7:
            fig = rng.choice(due)
            length = rng.randint(0, fig.showing)
            letters = [rng.choice("UDLR") for _ in range(length)]
            if fig.at == POOL and letters:
                letters[0] = "E"
            if fig.at in ((1, 0), (0, 1), EXIT) or rng.random() < 0.1:
                letters.append("O")  # near the exit: try to leave
            return f"move:{fig.id}:{''.join(letters)}"
        fid = rng.choice(figure_ids(state.players))
        path = "".join(rng.choice("EUDLRO") for _ in range(rng.randint(0, 7)))
        return f"move:{fid}:{path}"

