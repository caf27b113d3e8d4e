"""Digits in actions are ASCII digits: every engine refuses an action whose number is written with
characters that ``str.isdigit`` accepts and ``int`` refuses (``⁹``, ``²``, ``①``) or reads although
no legal action spells them (``٣``, ``９``, ``𝟏``). Review 2026-12-01, F4b: ``play:t1:tower:⁹``
in De Betoverde Torens passed ``isdigit()`` and crashed ``int()``: a 500 on the API, the public
simulator link and the room's move form, and a dropped room socket. Every registered game, at
states visited by random games, with every legal action that holds a digit."""

from __future__ import annotations

import re

import pytest

from rules.core.engine import EngineError
from rules.core.inputs import is_digits
from rules.core.registry import GameSpec

from .test_contract import GAMES, sampled

ODD_DIGITS = ("⁹", "²", "①", "٣", "９", "𝟏", "१")
DIGIT_RUN = re.compile(r"[0-9]+")


def odd_variants(action: str) -> list[str]:
    """The action with one of its digit runs replaced by each odd digit."""
    out = []
    for match in list(DIGIT_RUN.finditer(action))[:3]:
        for odd in ODD_DIGITS:
            out.append(action[: match.start()] + odd + action[match.end() :])
    return out


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_an_action_with_odd_digits_is_refused_by_the_rules_not_a_crash(spec: GameSpec):
    engine = spec.engine
    tried = 0
    for state in sampled(spec.slug, limit=40):
        legal = set(engine.legal_actions(state))
        for action in sorted(a for a in legal if DIGIT_RUN.search(a))[:12]:
            for odd in odd_variants(action):
                if odd in legal:
                    continue
                tried += 1
                with pytest.raises(EngineError):
                    engine.apply(state, odd)
    assert tried or spec.slug == "toy-game"


def test_betoverde_torens_tower_with_a_superscript_nine_is_refused():
    from rules.core.registry import get_game

    engine = get_game("betoverde-torens").engine
    for state in sampled("betoverde-torens", limit=200):
        for action in engine.legal_actions(state):
            if re.fullmatch(r"play:[a-z0-9]+:tower:[0-9]+", action):
                with pytest.raises(EngineError):
                    engine.apply(state, action.rsplit(":", 1)[0] + ":⁹")
                return
    pytest.fail("no state with a tower card to play")


@pytest.mark.parametrize("text", ["⁹", "²", "①", "٣", "９", "𝟏", "", "-1", "+1", " 1", "1 ", "1_0"])
def test_is_digits_takes_ascii_digits_only(text):
    assert not is_digits(text)


def test_is_digits_counts_digits():
    assert is_digits("0") and is_digits("42") and is_digits("42", 2) and not is_digits("420", 2)
