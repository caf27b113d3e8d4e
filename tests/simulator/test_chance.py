"""simulator.core.chance: sampling chance nodes, random playouts and replays (game-independent)."""

import random
from dataclasses import dataclass

import pytest

from simulator.core.chance import ReplayError, random_playout, replay, sample
from simulator.core.engine import Engine, Event, IllegalAction, Outcome


@dataclass(frozen=True)
class CoinState:
    bets: tuple = ()
    flips: tuple = ()


class CoinEngine:
    """A toy game: a player bets h or t, then a biased coin (h 1/4, t 3/4) is flipped; three rounds."""

    slug = "coin"
    language = "en"

    def setup_schema(self):
        return {}

    def initial_state(self, setup):
        return CoinState()

    def state_from_position(self, position):
        return CoinState(tuple(position["bets"]), tuple(position["flips"]))

    def position_of(self, state):
        return {"bets": list(state.bets), "flips": list(state.flips)}

    def is_over(self, state):
        return len(state.flips) == 3

    def current_actor(self, state):
        if self.is_over(state):
            return ""
        return "chance" if len(state.bets) > len(state.flips) else "p"

    def chance_outcomes(self, state):
        if self.current_actor(state) != "chance":
            return []
        return [Outcome("flip:h", 0.25), Outcome("flip:t", 0.75)]

    def legal_actions(self, state):
        if self.is_over(state):
            return []
        if self.current_actor(state) == "chance":
            return [o.action for o in self.chance_outcomes(state)]
        return ["bet:h", "bet:t"]

    def apply(self, state, action):
        if action not in self.legal_actions(state):
            raise IllegalAction(action, "not legal now", "coin-rule")
        kind, value = action.split(":")
        if kind == "bet":
            return CoinState(state.bets + (value,), state.flips), [Event("coin-bet", f"bet {value}")]
        return CoinState(state.bets, state.flips + (value,)), [Event("coin-flip", f"flip {value}")]

    def result(self, state):
        if not self.is_over(state):
            return None
        wins = sum(b == f for b, f in zip(state.bets, state.flips, strict=True))
        return {"winners": ["p"] if wins >= 2 else [], "reason": f"{wins} wins", "clause": "coin-rule"}


COIN = CoinEngine()


def test_coin_engine_satisfies_the_protocol():
    assert isinstance(COIN, Engine)


def test_sample_follows_the_probabilities_and_is_deterministic():
    state = CoinState(bets=("h",))
    rng = random.Random(1)
    draws = [sample(COIN, state, rng) for _ in range(20000)]
    assert abs(draws.count("flip:h") / len(draws) - 0.25) < 0.02
    assert [sample(COIN, state, random.Random(5)) for _ in range(3)] == [
        sample(COIN, state, random.Random(5)) for _ in range(3)]
    a, b = random.Random(9), random.Random(9)
    assert [sample(COIN, state, a) for _ in range(50)] == [sample(COIN, state, b) for _ in range(50)]


def test_sample_refuses_a_non_chance_node():
    with pytest.raises(ValueError):
        sample(COIN, CoinState(), random.Random(0))


def test_random_playout_is_deterministic_and_stops():
    log1 = random_playout(COIN, CoinState(), random.Random(3))
    log2 = random_playout(COIN, CoinState(), random.Random(3))
    assert log1 == log2 and len(log1) == 6
    assert random_playout(COIN, CoinState(), random.Random(3), max_actions=2) == log1[:2]


def test_replay_reproduces_and_reports_the_index_of_an_illegal_action():
    log = random_playout(COIN, CoinState(), random.Random(4))
    final, history = replay(COIN, CoinState(), log)
    assert COIN.is_over(final) and [a for a, _ in history] == log
    assert all(isinstance(e, Event) for _, events in history for e in events)
    bad = log[:2] + ["flip:h"] + log[2:]
    with pytest.raises(IllegalAction) as info:
        replay(COIN, CoinState(), bad)
    assert isinstance(info.value, ReplayError) and info.value.index == 2
    assert info.value.clause == "coin-rule" and "#2" in info.value.reason


def test_with_the_finstere_flure_engine():
    from simulator.games.finstere_flure import ENGINE

    start = ENGINE.initial_state({"players": 3})
    log = random_playout(ENGINE, start, random.Random(11))
    assert log == random_playout(ENGINE, start, random.Random(11))
    final, _ = replay(ENGINE, start, log)
    assert ENGINE.is_over(final) and ENGINE.result(final) is not None
    with pytest.raises(ReplayError) as info:
        replay(ENGINE, start, ["move:red1:E", "move:red1:E"])
    assert info.value.index == 1 and info.value.clause == "ff-eens-per-ronde"
