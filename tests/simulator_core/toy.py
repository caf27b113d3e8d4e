"""A tiny game implementing the engine protocol, to test the core without a real game.

Two players, "a" and "b", take turns adding 1 or 2 to a counter ("add:1", "add:2"); after every
second move a coin is tossed ("coin:heads" adds 1, "coin:tails" nothing). Whoever brings the
counter to 7 or more wins.
"""

from dataclasses import dataclass, replace

from simulator.core.engine import Event, IllegalAction, Outcome, PositionError


@dataclass(frozen=True)
class ToyState:
    counter: int = 0
    turn: str = "a"
    moves: int = 0
    coin_pending: bool = False
    winner: str = ""


class ToyEngine:
    slug = "toy-game"
    language = "nl"

    def setup_schema(self):
        return {"target": {"type": "int", "min": 7, "max": 7, "default": 7}}

    def initial_state(self, setup):
        if set(setup) - {"target", "seed"}:
            raise PositionError(sorted(set(setup) - {"target", "seed"})[0], "unknown setup option")
        return ToyState()

    def state_from_position(self, position):
        if not isinstance(position.get("counter"), int) or not 0 <= position["counter"] < 7:
            raise PositionError("counter", "must be a whole number from 0 to 6")
        if position.get("turn") not in ("a", "b"):
            raise PositionError("turn", "must be 'a' or 'b'")
        return ToyState(counter=position["counter"], turn=position["turn"])

    def position_of(self, state):
        return {"counter": state.counter, "turn": state.turn, "moves": state.moves, "coin": state.coin_pending}

    def chance_outcomes(self, state):
        if state.coin_pending and not state.winner:
            return [Outcome("coin:heads", 0.5), Outcome("coin:tails", 0.5)]
        return []

    def legal_actions(self, state):
        if state.winner:
            return []
        if state.coin_pending:
            return [o.action for o in self.chance_outcomes(state)]
        return ["add:1", "add:2"]

    def current_actor(self, state):
        return "" if state.winner else ("chance" if state.coin_pending else state.turn)

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            raise IllegalAction(action, "not one of the legal actions here", "toy-beurt")
        if action.startswith("coin:"):
            bonus = 1 if action == "coin:heads" else 0
            new = replace(state, counter=state.counter + bonus, coin_pending=False)
            events = [Event("toy-munt", f"De munt valt op {action[5:]}.")]
        else:
            amount = int(action[4:])
            new = replace(
                state,
                counter=state.counter + amount,
                moves=state.moves + 1,
                coin_pending=(state.moves + 1) % 2 == 0,
                turn="b" if state.turn == "a" else "a",
            )
            events = [Event("toy-optellen", f"Speler {state.turn} telt {amount} op.", {"player": state.turn})]
        if new.counter >= 7:
            new = replace(new, winner=state.turn if not action.startswith("coin:") else new.turn, coin_pending=False)
            events.append(Event("toy-einde", "De teller staat op 7: het spel is uit."))
        return new, events

    def is_over(self, state):
        return bool(state.winner)

    def result(self, state):
        return {"winners": [state.winner], "reason": "teller op 7", "clause": "toy-einde"} if state.winner else None


ENGINE = ToyEngine()
