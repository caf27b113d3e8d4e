"""The view-model draws every kind of state, hides hands per seat and labels every action."""

import random

import pytest

from rules.core.bots import next_action, random_bots
from rules.core.setup import validate_setup
from rules.games.betoverde_torens import ENGINE, GAME


@pytest.mark.parametrize(
    "setup",
    [
        {"players": 2},
        {"players": 1, "solo_flasks": True},
        {"players": 4, "teams": True},
        {"players": 3, "master": True},
    ],
)
def test_board_view_and_labels_through_a_game(setup):
    s = ENGINE.initial_state(validate_setup(ENGINE, setup))
    rng = random.Random(2)
    bots = random_bots(ENGINE, s)
    for i in range(400):
        if i % 9 == 0:
            view = GAME.view.board_view(ENGINE, s)
            assert view.shapes and view.status and view.description
            seat = ENGINE.seats(s)[-1]
            hidden = GAME.view.board_view(ENGINE, s, seat=seat)
            assert "(verborgen)" in " ".join(row.note for row in hidden.legend) or len(ENGINE.seats(s)) == 1
            for action in ENGINE.legal_actions(s)[:30]:
                assert GAME.view.action_label(ENGINE, s, action)
                assert GAME.view.action_group(ENGINE, s, action)
            taps = {shape.action for shape in view.shapes if shape.action}
            legal = ENGINE.legal_actions(s)
            assert taps <= set(legal)
            # A tap plays a move only when it is the one legal action for that piece: with a choice
            # of cards the player chooses from the list instead.
            for tap in taps:
                piece = tap.split(":")[-2:]
                rivals = [a for a in legal if a.split(":")[-2:] == piece and a.split(":")[0] in ("move", "play", "pass-tower")]
                assert rivals == [tap], (tap, rivals)
        action = next_action(ENGINE, s, bots, rng)
        if action is None:
            break
        s, _ = ENGINE.apply(s, action)
