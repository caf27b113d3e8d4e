"""Computer teams (dt-computergegner): after a lost first duel round the strong team fights on only
against a charred wizard (that the strong team beats random play in seeded games is
tests/simulator_core/test_strengths.py's, for every game; the figures are bench/bench_strengths.py's)."""

from __future__ import annotations

import random

from rules.core.registry import get_game
from rules.games.der_dunkle_turm import ENGINE


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
