"""Events, refusals and results as message keys: the catalogues are complete, every event of random
games renders in every language and cites a clause of the rulebook, and random well-formed actions
are either refused citing a rulebook clause or lead where a listed action leads."""

import json
import random
import re
from pathlib import Path

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import RuleError
from rules.core.replay import replay
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.messages import MESSAGES

from .support import new_game, rulebook_clauses

PACKAGE = Path(__file__).resolve().parents[3] / "rules" / "games" / "finstere_flure"
KEY_RE = re.compile(r'"((?:refuse|move|monster|place|card|round|turn|end|chapter|result|stone|setup|core|advice)\.[a-z0-9.-]+)"')
WHY_RE = re.compile(r'"(why\.[a-z0-9.-]+)"')  # the reasons of view.explain (issue 24)
DYNAMIC = ("refuse.place.none-left.", "place.")  # keys built with an f-string (the kind of object)
CORE = ("core.not-text", "core.not-an-action")  # raised by Engine.apply itself (an action that is not a string)


def engine_sources() -> str:
    return "\n".join(p.read_text() for p in sorted(PACKAGE.glob("*.py")) if not p.name.startswith("messages_") and p.name not in ("view.py", "position.py"))


def test_catalogues_have_no_problems():
    assert MESSAGES.problems() == []
    assert set(MESSAGES.languages) == {"nl", "en", "de"}
    assert ENGINE.messages is MESSAGES and ENGINE.language == MESSAGES.source.language == "nl"


def test_every_key_in_the_engine_is_in_the_dutch_catalogue_and_every_key_is_used():
    used = set(KEY_RE.findall(engine_sources()))
    assert used, "no message keys found in the engine sources"
    assert used <= MESSAGES.keys(), sorted(used - MESSAGES.keys())
    for kind in ("stone", "pool4", "pool2"):
        assert MESSAGES.has(f"refuse.place.none-left.{kind}") and MESSAGES.has(f"place.{kind}")
    why = set(WHY_RE.findall((PACKAGE / "view.py").read_text()))
    assert why and why <= MESSAGES.keys(), sorted(why - MESSAGES.keys())
    unused = [k for k in MESSAGES.keys() if k not in used | why and not k.startswith(DYNAMIC) and k not in CORE]
    assert unused == []


def test_every_sentence_is_in_german_and_english_too():
    """Issue 12: a reader gets the engine's sentences in the page's language, not Dutch."""
    for lang in ("en", "de"):
        assert set(MESSAGES.catalogues[lang].messages) == set(MESSAGES.source.messages)
    data = {"figure": "red1", "showing": 4}
    assert ENGINE.messages.render("move.flip", data, "nl") == "Rood 1 wordt omgedraaid en toont nu 4."
    assert ENGINE.messages.render("move.flip", data, "en") == "Red 1 is flipped and now shows 4."
    assert ENGINE.messages.render("move.flip", data, "de").startswith("Rot 1 ")
    # An unknown language is the rulebook's.
    assert ENGINE.messages.render("move.flip", data, "fr") == "Rood 1 wordt omgedraaid en toont nu 4."


def random_games(count=30):
    for seed in range(count):
        start = new_game(2 + seed % 6, dmaufbau=seed % 4 == 0)
        game = play(ENGINE, start, random_bots(ENGINE, start), random.Random(seed))
        assert game.over
        yield start, game


def test_every_event_of_random_games_renders_and_cites_a_rulebook_clause():
    clauses = rulebook_clauses()
    keys = set()
    for start, game in random_games():
        for t in replay(ENGINE, start, game.actions):
            for event in t.events:
                assert event.clause in clauses, (event.clause, event.key)
                for lang in ("nl", "en", "de"):
                    text = ENGINE.describe(event, lang)
                    assert text and text[0].isupper() and "{" not in text, (event.key, text)
                assert json.loads(json.dumps(dict(event.data))) == dict(event.data)
                keys.add(event.key)
        result = ENGINE.result(game.state)
        assert result is not None and result.clause in clauses
        assert result.tiebreak is None or result.tiebreak in clauses
        assert ENGINE.describe_result(result).endswith(".")
    # the games went through every part of the game
    assert {"move.walk", "move.stay", "monster.step", "monster.wall", "card.drawn", "round.start",
            "place.stone", "place.done"} <= keys


@pytest.mark.parametrize("seed", range(6))
def test_random_actions_are_refused_with_a_clause_or_lead_where_a_listed_action_leads(seed):
    rng = random.Random(seed)
    clauses = rulebook_clauses()
    state = new_game(2 + seed, dmaufbau=seed % 3 == 0)
    accepted = tried = 0
    for _ in range(400):
        if ENGINE.is_over(state):
            break
        listed = ENGINE.legal_actions(state)
        successors = None
        for _ in range(8):
            action = ENGINE.random_action(state, rng)
            assert isinstance(action, str) and action
            tried += 1
            try:
                after, events = ENGINE.apply(state, action)
            except RuleError as exc:
                assert exc.clause in clauses, (action, exc.clause)
                assert exc.reason == ENGINE.reason(exc) and exc.reason.endswith(".")
                continue
            accepted += 1
            assert all(e.clause in clauses for e in events)
            if action not in listed:
                if successors is None:
                    successors = {ENGINE.apply(state, a)[0] for a in listed}
                assert after in successors, action
        state, _ = ENGINE.apply(state, rng.choice(listed))
    assert accepted >= tried // 20, (accepted, tried)  # a fair share looks legal
