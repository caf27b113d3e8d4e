"""rules.core.bots and rules.core.replay: sampling chance nodes, seeded draws, bots playing
whole games and exact replays (game-independent; a toy coin game, then Finstere Flure)."""

import random
from dataclasses import dataclass

import pytest

from rules.core.bots import RandomBot, automatic_turn, bots_choose, next_action, play, random_bots
from rules.core.chance import sample, seeded_draw
from rules.core.engine import CHANCE, TERMINAL, Engine, Event, GameInfo, Outcome, Result, RuleError
from rules.core.messages import Catalogue, Messages
from rules.core.replay import DRAW, ReplayError, advance, drive, replay


@dataclass(frozen=True)
class CoinState:
    bets: tuple = ()
    flips: tuple = ()


class CoinEngine(Engine[CoinState]):
    """A toy game: a player bets h or t, then a biased coin (h 1/4, t 3/4) is flipped; three rounds."""

    info = GameInfo(slug="coin", language="en", min_seats=1, max_seats=1)
    messages = Messages(Catalogue("en", {
        "coin.bet": "bet {side}",
        "coin.flip": "flip {side}",
        "coin.refused": "not legal now",
        "coin.result": "{wins} {wins:plural/win/wins}",
        "core.not-text": "an action is text",
    }))

    def initial_state(self, setup):
        return CoinState()

    def state_from_position(self, position):
        return CoinState(tuple(position["bets"]), tuple(position["flips"]))

    def position_of(self, state):
        return {"bets": list(state.bets), "flips": list(state.flips)}

    def seats(self, state):
        return ("p",)

    def current_actor(self, state):
        if len(state.flips) == 3:
            return TERMINAL
        return CHANCE if len(state.bets) > len(state.flips) else "p"

    def chance_outcomes(self, state):
        if self.current_actor(state) != CHANCE:
            return []
        return [Outcome("flip:h", 0.25), Outcome("flip:t", 0.75)]

    def legal_actions(self, state):
        if self.is_over(state):
            return []
        if self.current_actor(state) == CHANCE:
            return [o.action for o in self.chance_outcomes(state)]
        return ["bet:h", "bet:t"]

    @property
    def refusal_clause(self):
        return "coin-rule"

    def transition(self, state, action):
        if action not in self.legal_actions(state):
            raise RuleError("coin-rule", "coin.refused")
        kind, value = action.split(":")
        if kind == "bet":
            return CoinState(state.bets + (value,), state.flips), [Event("coin-bet", "coin.bet", {"side": value})]
        return CoinState(state.bets, state.flips + (value,)), [Event("coin-flip", "coin.flip", {"side": value})]

    def result(self, state):
        if not self.is_over(state):
            return None
        wins = sum(b == f for b, f in zip(state.bets, state.flips, strict=True))
        winners = ("p",) if wins >= 2 else ()
        return Result(winners, "coin-rule", "coin.result", {"wins": wins}, {"p": wins}, draw=not winners)

    def random_action(self, state, rng):
        return rng.choice(["bet:h", "bet:t", "flip:h", "flip:t"])


COIN = CoinEngine()


def test_coin_engine_satisfies_the_protocol():
    assert isinstance(COIN, Engine)
    assert COIN.describe(Event("coin-bet", "coin.bet", {"side": "h"})) == "Bet h"


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


def test_seeded_draw_depends_only_on_seed_and_index():
    state = CoinState(bets=("h",))
    draws = [seeded_draw(COIN, state, 7, i) for i in range(40)]
    assert draws == [seeded_draw(COIN, state, 7, i) for i in range(40)]
    assert set(draws) == {"flip:h", "flip:t"}


def test_next_action_knows_every_kind_of_actor():
    rng = random.Random(0)
    assert next_action(COIN, CoinState(), {}, rng) is None  # a human seat: the driver waits
    assert next_action(COIN, CoinState(), {"p": RandomBot()}, rng) in ("bet:h", "bet:t")
    assert next_action(COIN, CoinState(bets=("h",)), {}, rng) in ("flip:h", "flip:t")  # chance is sampled
    over = CoinState(bets=("h", "h", "h"), flips=("h", "t", "t"))
    assert next_action(COIN, over, {"p": RandomBot()}, rng) is None


def test_play_is_deterministic_and_stops():
    game1 = play(COIN, CoinState(), random_bots(COIN, CoinState()), random.Random(3))
    game2 = play(COIN, CoinState(), random_bots(COIN, CoinState()), random.Random(3))
    assert game1 == game2 and len(game1.actions) == 6 and game1.over
    short = play(COIN, CoinState(), random_bots(COIN, CoinState()), random.Random(3), max_actions=2)
    assert short.actions == game1.actions[:2] and not short.over
    assert play(COIN, CoinState(), {}, random.Random(3)).actions == ()  # nobody plays the human seat


def test_replay_reproduces_and_reports_the_index_of_an_illegal_action():
    log = list(play(COIN, CoinState(), random_bots(COIN, CoinState()), random.Random(4)).actions)
    history = list(replay(COIN, CoinState(), log))
    assert COIN.is_over(history[-1].after) and [t.action for t in history] == log
    assert all(isinstance(e, Event) for t in history for e in t.events)
    assert all(t.before == prev.after for prev, t in zip(history, history[1:], strict=False))
    bad = log[:2] + ["flip:h"] + log[2:]
    with pytest.raises(ReplayError) as info:
        list(replay(COIN, CoinState(), bad))
    assert info.value.index == 2 and info.value.clause == "coin-rule"
    assert info.value.reason == "Not legal now" and "#2" in str(info.value)


def test_replay_draws_from_the_seed_and_records_the_outcome():
    history = list(replay(COIN, CoinState(), ["bet:h", DRAW], seed=5))
    drawn = history[1]
    assert drawn.drawn and drawn.action in ("flip:h", "flip:t")
    assert drawn.action == seeded_draw(COIN, CoinState(bets=("h",)), 5, 1)
    with pytest.raises(ReplayError):
        advance(COIN, CoinState(), DRAW, 0, seed=5)  # nothing to draw at a player's turn


def test_replay_counts_from_the_index_of_its_first_action():
    # A log that goes on (a room's next move): the seeded draw and the error name the index in the whole log.
    state = CoinState(bets=("h", "t"), flips=("t",))
    history = list(replay(COIN, state, [DRAW, "bet:h", DRAW], seed=5, first=3))
    assert [t.index for t in history] == [3, 4, 5]
    assert history[0].drawn and history[0].action == seeded_draw(COIN, state, 5, 3)
    assert history[2].action == seeded_draw(COIN, history[1].after, 5, 5)
    with pytest.raises(ReplayError) as info:
        list(replay(COIN, state, ["bet:h"], first=3))  # chance is to act
    assert info.value.index == 3


def test_drive_plays_what_the_chooser_names_until_it_says_stop_or_the_limit():
    chosen = iter(["bet:h", "flip:t", "bet:t"])
    history = list(drive(COIN, CoinState(), lambda state: next(chosen, None), limit=10, first=7))
    assert [t.action for t in history] == ["bet:h", "flip:t", "bet:t"]  # stopped when it said None
    assert [t.index for t in history] == [7, 8, 9]
    assert history[-1].after == CoinState(bets=("h", "t"), flips=("t",))
    capped = list(drive(COIN, CoinState(), bots_choose(COIN, random_bots(COIN, CoinState()), random.Random(3)), limit=2))
    assert len(capped) == 2
    with pytest.raises(ReplayError) as info:
        list(drive(COIN, CoinState(), lambda state: "flip:h", limit=5, first=2))
    assert info.value.index == 2


def test_drive_with_the_bots_chooser_is_play():
    bots = random_bots(COIN, CoinState())
    played = play(COIN, CoinState(), bots, random.Random(3))
    driven = list(drive(COIN, CoinState(), bots_choose(COIN, bots, random.Random(3)), limit=100))
    assert tuple(t.action for t in driven) == played.actions and driven[-1].after == played.state


def test_automatic_turn_stops_when_another_actor_is_due():
    from rules.core.setup import validate_setup
    from rules.games.finstere_flure import ENGINE

    start = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2}))
    game = play(ENGINE, start, random_bots(ENGINE, start), random.Random(11))
    states = [t.before for t in replay(ENGINE, start, game.actions)]
    at = next(i for i, s in enumerate(states) if ENGINE.current_actor(s) == "monster")
    turn = list(drive(ENGINE, states[at], automatic_turn(ENGINE, "monster"), limit=500, first=at))
    assert turn and all(ENGINE.current_actor(t.before) == "monster" for t in turn)
    assert ENGINE.current_actor(turn[-1].after) != "monster"
    assert tuple(t.action for t in turn) == game.actions[at : at + len(turn)]  # the monster's rules-given moves


def test_an_action_that_is_not_text_is_refused_citing_the_refusal_clause():
    with pytest.raises(RuleError) as info:
        COIN.apply(CoinState(), 3)
    assert info.value.clause == "coin-rule"


def test_with_the_finstere_flure_engine():
    from rules.core.setup import validate_setup
    from rules.games.finstere_flure import ENGINE

    start = ENGINE.initial_state(validate_setup(ENGINE, {"players": 3}))
    game = play(ENGINE, start, random_bots(ENGINE, start), random.Random(11))
    assert game == play(ENGINE, start, random_bots(ENGINE, start), random.Random(11))
    assert game.over and ENGINE.result(game.state) is not None
    assert "monster" in game.actions  # the automatic actor played by the driver
    history = list(replay(ENGINE, start, game.actions))
    assert history[-1].after == game.state
    with pytest.raises(ReplayError) as info:
        list(replay(ENGINE, start, ["move:red1:E", "move:red1:E"]))
    assert info.value.index == 1 and info.value.clause == "ff-eens-per-ronde"
