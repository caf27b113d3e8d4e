"""Computer teams (dt-computergegner): the players play only legal actions from their seat's view, and
the strong one beats random play in seeded games (the figures are bench/bench_strengths.py's)."""

from __future__ import annotations

import random

from rules.core.bots import next_action
from rules.core.registry import get_game
from rules.games.der_dunkle_turm import ENGINE


def play_match(seed: int, strong_seat: str) -> str:
    spec = get_game("der-dunkle-turm")
    assert spec is not None and set(spec.bots) == {"beginner", "random", "strong"}
    rng = random.Random(seed)
    state = ENGINE.initial_state({"teams": 2})
    bots = {seat: spec.bots["strong" if seat == strong_seat else "random"](budget=0.3) for seat in ENGINE.seats(state)}
    for _ in range(100_000):
        action = next_action(ENGINE, state, bots, rng)
        if action is None:
            break
        state, _ = ENGINE.apply(state, action)  # raises if a bot chose an illegal action
    result = ENGINE.result(state)
    assert result is not None
    return result.winners[0] if result.winners else ""


def test_the_strong_team_beats_random_in_seeded_games():
    wins = sum(play_match(seed, ("red", "blue")[seed % 2]) == ("red", "blue")[seed % 2] for seed in range(8))
    assert wins >= 6


def test_the_strong_team_chooses_to_fight_on_only_against_a_charred_wizard():
    spec = get_game("der-dunkle-turm")
    assert spec is not None
    bot = spec.bots["strong"]()
    from rules.core.bots import seat_view

    from .support import pos

    choice = [{"task": "choice", "companion": "red1"}]
    for wizard, expected in ((0, "retreat"), (2, "fight-on")):
        s = pos({"red1": {"at": "tower", "charred": True}}, wizard=wizard, pending=choice)
        assert bot.choose_action(ENGINE, seat_view(ENGINE, s, "red"), random.Random(1)) == expected
