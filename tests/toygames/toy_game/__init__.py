"""A tiny game registered by the tests through the same mechanism as a real game (a package that
exports ``GAME``), proving the fifth-game path: engine, view-model, messages, scenarios, stylesheet
and rulebook live in this package, and nothing shared is edited for it.

Two players, "a" and "b", take turns adding 1 or 2 to a counter ("add:1", "add:2"); after every
second move a coin is tossed ("coin:heads" adds 1, "coin:tails" nothing). Whoever brings the
counter to 7 or more wins.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rules.core.bots import Bot, SeatView
from rules.core.editor import EditError, Field, FormEditor, PaletteItem
from rules.core.engine import (
    CHANCE,
    TERMINAL,
    Engine,
    Event,
    GameInfo,
    Outcome,
    PositionError,
    Result,
    RuleError,
    SetupOption,
    SetupProblem,
)
from rules.core.inputs import is_digits
from rules.core.messages import Messages
from rules.core.positions import as_bool, as_int, as_object, one_of
from rules.core.registry import Capability, GameSpec
from rules.core.search import PerfectInformation, SearchBot, Settings
from rules.core.strengths import ComputerPlayers, Reason
from rules.core.tapping import TapOptions, refusal, taps_from_paths
from rules.core.view import BoardView, LegendRow, Shape

HERE = Path(__file__).resolve().parent
RULEBOOK = HERE / "rulebook.md"

MESSAGES = Messages.for_package(__name__, source="nl")  # messages_nl.py, messages_de.py, messages_en.py


@dataclass(frozen=True)
class ToyState:
    counter: int = 0
    turn: str = "a"
    moves: int = 0
    coin_pending: bool = False
    winner: str = ""


class ToyEngine(Engine[ToyState]):
    info = GameInfo(slug="toy-game", language="nl", min_seats=2, max_seats=2)
    messages = MESSAGES
    action_words = frozenset({"add", "coin"})  # the grammar's first words
    # Each kind of refusal and the clauses it may cite (issue 41, tests/simulator/test_refusal_sources.py).
    refusal_sources = {
        "refuse": frozenset({"toy-beurt"}),
        "why.step": frozenset({"toy-beurt"}),
        "why.coin": frozenset({"toy-munt"}),
        "why.over": frozenset({"toy-einde"}),
    }

    def setup_options(self) -> tuple[SetupOption, ...]:
        return (SetupOption("target", "int", 7, label="setup.target", min=7, max=7, clause="toy-einde"),)

    def initial_state(self, setup: Mapping[str, Any]) -> ToyState:
        return ToyState()

    def state_from_position(self, position: Any) -> ToyState:
        pos = as_object(position, "", ("counter", "turn", "moves", "coin", "winner"))
        winner = one_of(pos.get("winner", ""), "winner", ("", "a", "b"))
        top = 9 if winner else 6
        if not isinstance(pos.get("counter"), int) or not 0 <= pos["counter"] <= top or (winner and pos["counter"] < 7):
            raise PositionError("counter", "must be a whole number from 0 to 6" + (" (7 to 9 when won)" if winner else ""))
        one_of(pos.get("turn"), "turn", ("a", "b"))
        moves = as_int(pos.get("moves", 0), "moves", 0)
        coin = as_bool(pos.get("coin", False), "coin") and not winner
        return ToyState(counter=pos["counter"], turn=pos["turn"], moves=moves, coin_pending=coin, winner=winner)

    def position_of(self, state: ToyState) -> dict[str, Any]:
        return {
            "counter": state.counter,
            "turn": state.turn,
            "moves": state.moves,
            "coin": state.coin_pending,
            "winner": state.winner,
        }

    def setup_problems(self, state: ToyState) -> list[SetupProblem]:
        """toy-munt: the coin is tossed only after every second move; a position may say otherwise."""
        if state.coin_pending and state.moves % 2:
            return [SetupProblem("toy-munt", f"a coin is tossed after every second move, not after move {state.moves}")]
        return []

    def seats(self, state: ToyState) -> tuple[str, ...]:
        return ("a", "b")

    def chance_outcomes(self, state: ToyState) -> list[Outcome]:
        if state.coin_pending and not state.winner:
            return [Outcome("coin:heads", 0.5), Outcome("coin:tails", 0.5)]
        return []

    def legal_actions(self, state: ToyState) -> list[str]:
        if state.winner:
            return []
        if state.coin_pending:
            return [o.action for o in self.chance_outcomes(state)]
        return ["add:1", "add:2"]

    def current_actor(self, state: ToyState) -> str:
        return TERMINAL if state.winner else (CHANCE if state.coin_pending else state.turn)

    @property
    def refusal_clause(self) -> str:
        return "toy-beurt"

    def transition(self, state: ToyState, action: str) -> tuple[ToyState, list[Event]]:
        if action not in self.legal_actions(state):
            raise RuleError("toy-beurt", "refuse", action=action)
        if action.startswith("coin:"):
            bonus = 1 if action == "coin:heads" else 0
            new = replace(state, counter=state.counter + bonus, coin_pending=False)
            events = [Event("toy-munt", "coin", {"side": action[5:]})]
        else:
            amount = int(action[4:])
            new = replace(
                state,
                counter=state.counter + amount,
                moves=state.moves + 1,
                coin_pending=(state.moves + 1) % 2 == 0,
                turn="b" if state.turn == "a" else "a",
            )
            events = [Event("toy-optellen", "add", {"player": state.turn, "amount": amount})]
        if new.counter >= 7:
            new = replace(new, winner=state.turn if not action.startswith("coin:") else new.turn, coin_pending=False)
            events.append(Event("toy-einde", "end", decisive=True))
        return new, events

    def result(self, state: ToyState) -> Result | None:
        if not state.winner:
            return None
        scores = {seat: float(seat == state.winner) for seat in ("a", "b")}
        return Result((state.winner,), "toy-einde", "result", {"winner": state.winner}, scores)

    def random_action(self, state: ToyState, rng: random.Random) -> str:
        return rng.choice(["add:1", "add:2", "add:3", "coin:heads", "coin:tails", "add:0"])


class ToyView:
    """Seven squares; the counter's square is marked; tapping the next square adds 1."""

    def board_view(
        self,
        engine: Engine[Any],
        state: Any,
        *,
        previous: Any | None = None,
        events: Sequence[Event] = (),
        seat: str | None = None,
        lang: str | None = None,
    ) -> BoardView:
        shapes = []
        for i in range(8):
            css = "toy-sq toy-here" if i == state.counter else "toy-sq"
            action = "add:1" if i == state.counter + 1 and engine.current_actor(state) in ("a", "b") else ""
            shapes.append(
                Shape.make("rect", css=css, title=f"Vak {i}", action=action, target=f"sq:{i}", x=i, y=-1, width=1, height=1)
            )
        # Each player's token below the squares: its colour and its letter (colour is never the only cue).
        for i, seat in enumerate(("a", "b")):
            shapes.append(Shape.make("circle", css=f"toy-token toy-{seat}", title=f"Speler {seat}: fiche onder vak {i}", seat=seat,
                                     cx=0.5 + i, cy=0.5, r=0.4))
            shapes.append(Shape.make("text", css="toy-letter", text=seat.upper(), seat=seat, x=0.5 + i, y=0.5,
                                     text_anchor="middle", dominant_baseline="central"))
        return BoardView(
            width=8,
            height=2,
            min_y=-1,
            shapes=shapes,
            label="Teller",
            description=[f"De teller staat op {state.counter}."],
            status=f"Speler {state.turn} is aan de beurt.",
            legend=[
                LegendRow("toy-chip", "Zetten", (str(state.moves),), ""),
                LegendRow("toy-a", "Speler a", (), "", seat="a"),
                LegendRow("toy-b", "Speler b", (), "", seat="b"),
            ],
        )

    def action_label(
        self, engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
    ) -> str:
        return {"add:1": "Eén erbij", "add:2": "Twee erbij"}.get(action, action)

    def action_group(self, engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
        return "Munt" if action.startswith("coin:") else "Optellen"

    def tap(self, engine: Engine[Any], state: Any, pick: Sequence[str], *, lang: str | None = None) -> TapOptions:
        """Tap the square the counter should reach; the coin's sides are off-board taps."""

        def path_of(action: str) -> tuple[str, ...]:
            if action.startswith("add:"):
                return (f"sq:{state.counter + int(action[4:])}",)
            return (action,)  # "coin:heads" is its own (off-board) target

        def label_of(target: str, plays: str | None) -> str:
            return {"coin:heads": "Kop", "coin:tails": "Munt"}.get(target, f"Naar {target[3:]}")

        return taps_from_paths(engine.legal_actions(state), path_of, pick, label_of)

    def explain(
        self, engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None
    ) -> RuleError | None:
        """Why a square cannot be tapped now: the engine's refusal of the addition it would stand
        for (toy-beurt: 1 or 2), the coin first (toy-munt), or the game is over (toy-einde)."""
        if not target.startswith("sq:") or not is_digits(target[3:], 2):
            return None
        actor = engine.current_actor(state)
        if actor == TERMINAL:
            return RuleError("toy-einde", "why.over", counter=state.counter)
        if actor == CHANCE:
            return RuleError("toy-munt", "why.coin")
        square = int(target[3:])
        error = refusal(engine, state, f"add:{square - state.counter}")
        if error is None:
            return None
        return RuleError(error.clause, "why.step", square=square, counter=state.counter)


TOY_WORDS = {
    "nl": {"turn": "Aan de beurt", "moves": "Zetten gedaan", "counter": "Teller", "move": "Verplaatsen", "empty": "Leeg",
           "where": "Dat kan hier niet.", "top": "De teller gaat tot 6.", "nothing": "Hier staat niets."},
    "en": {"turn": "Aan de beurt", "moves": "Moves made", "counter": "Counter", "move": "Move", "empty": "Empty",
           "where": "That cannot go there.", "top": "The counter goes up to 6.", "nothing": "Nothing stands here."},
}


class ToyEditor(FormEditor[dict[str, Any], int]):
    """A declared editor: the counter (a piece on its square) is put on a square with the tool
    "counter", picked up with "move" and put down elsewhere, or taken back to 0 with "empty"; whose
    turn and the moves made are fields."""

    form = (
        Field("turn", "turn", lambda pos, lang: (("a", "Speler a"), ("b", "Speler b")), get=lambda pos: pos["turn"],
              set=lambda pos, value, lang: pos.update(turn=value)),
        Field("moves", "moves", range(0, 21), get=lambda pos: pos["moves"],
              set=lambda pos, value, lang: pos.update(moves=int(value), coin=False)),
    )

    def decode(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        return dict(position)

    def encode(self, engine: Engine[Any], pos: dict[str, Any]) -> dict[str, Any]:
        return pos

    def text(self, key: str, lang: str, **data: Any) -> str:
        return TOY_WORDS["nl" if lang == "nl" else "en"][key]

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        return {"counter": 0, "turn": "a", "moves": 0, "coin": False, "winner": ""}

    def tools(self, pos: dict[str, Any], lang: str) -> list[PaletteItem]:
        return [PaletteItem("counter", self.text("counter", lang), "toy-chip", "#"),
                PaletteItem("move", self.text("move", lang), "", "\u2194"),
                PaletteItem("empty", self.text("empty", lang), "", "\u00d7")]

    def held_item(self, pos: dict[str, Any], tool: str, lang: str) -> PaletteItem | None:
        return PaletteItem(tool, self.text("counter", lang), "toy-chip", "#") if tool == f"drop:sq:{pos['counter']}" else None

    def target(self, pos: dict[str, Any], target: str, lang: str) -> int:
        if not target.startswith("sq:") or not is_digits(target[3:], 2):
            raise EditError(self.text("where", lang))
        return int(target[3:])

    def pick_up(self, pos: dict[str, Any], at: int, lang: str) -> str:
        if at != pos["counter"]:
            raise EditError(self.text("nothing", lang))
        return f"sq:{at}"

    def drop(self, pos: dict[str, Any], held: str, at: int, lang: str) -> dict[str, Any]:
        return self.put(pos, "counter", at, lang)

    def empty(self, pos: dict[str, Any], at: int, lang: str) -> dict[str, Any]:
        if at != pos["counter"]:
            raise EditError(self.text("nothing", lang))
        return {**pos, "counter": 0}

    def put(self, pos: dict[str, Any], tool: str, at: int, lang: str) -> dict[str, Any]:
        if tool != "counter":
            raise EditError(self.text("where", lang))
        if at > 6:
            raise EditError(self.text("top", lang), "counter")
        return {**pos, "counter": at}


ENGINE = ToyEngine()
class ToyModel(PerfectInformation):
    """The toy's computer players judge nothing but a won or lost game (the search sees those)."""

    def value(self, engine: Engine[Any], state: Any, seat: str) -> float:
        return 0.0


def strong(*, budget: float = 1.0) -> Bot:
    return SearchBot("strong", ToyModel(), Settings(widths=(0, 0), chance=2, nodes=200), budget)


def beginner(*, budget: float = 1.0) -> Bot:
    return SearchBot("beginner", ToyModel(), Settings(widths=(), chance=0, nodes=20, slips=0.3), budget)


def explain(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    after, _events = engine.apply(engine.state_from_position(dict(view.observation)), action)
    if after.winner:
        return [Reason("advice.win", "toy-einde", {"counter": after.counter})]
    return [Reason("advice.add", "toy-optellen", {"counter": after.counter})]


PLAYERS = ComputerPlayers(beginner=beginner, strong=strong, explain=explain)

GAME = GameSpec(engine=ENGINE, view=ToyView(), package_dir=HERE, stylesheet="board.css", editor=ToyEditor(),
                players=PLAYERS, capabilities=frozenset({Capability.TAP, Capability.EXPLAIN, Capability.EDITOR}))
