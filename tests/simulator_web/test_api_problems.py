"""The API's problems: one JSON shape with a stable code for every kind, raised by the views and
written once (simulator.api_problems); "not an action" and "an illegal action" told apart by the
code in every registered game; the legal actions of a start read without applying one."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from rulebooks.models import Game
from rules.core.engine import NotAnAction, RuleError
from rules.core.problems import CODES
from rules.core.registry import GameSpec, all_games
from rules.core.setup import validate_setup

pytestmark = pytest.mark.usefixtures("rulebooks")
API = "/api/v1/games/"


@pytest.fixture
def client() -> Client:
    return Client()


def post(client: Client, body: object, game: str = "finstere-flure", query: str = ""):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(f"{API}{game}/apply{query}", data=data, content_type="application/json")


def visible(spec: GameSpec) -> str:
    """The game's slug, with a game row for a registered game that has no rulebook (the toy)."""
    Game.objects.get_or_create(slug=spec.slug, defaults={"prefix": spec.slug[:3], "title": spec.slug, "language": "nl"})
    return spec.slug


def an_illegal_action(spec: GameSpec) -> str:
    """A well-formed action of the game that its rules refuse at the start of a default game."""
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    rng = random.Random(3)
    for _ in range(2000):
        action = engine.random_action(state, rng)
        try:
            engine.apply(state, action)
        except NotAnAction:
            continue
        except RuleError:
            return action
    raise AssertionError(f"{spec.slug}: no refused action found")


GAMES = pytest.mark.parametrize("spec", all_games(), ids=lambda spec: spec.slug)


@GAMES
def test_a_string_that_is_no_action_is_a_400_of_its_own_in_every_game(client, spec):
    """Not a rule's refusal citing an unrelated clause: the code says what it is, no clause."""
    slug = visible(spec)
    for body, field in (
        ({"setup": {}, "apply": ["jump:9"]}, "apply[0]"),
        ({"setup": {}, "apply": ["@draw", ""]}, "apply"),
        ({"setup": {}, "actions": ["jump"], "apply": []}, "actions[0]"),
    ):
        response = post(client, body, slug)
        error = response.json()["error"]
        assert response.status_code == 400 and error["field"] == field, error
        if field != "apply":
            assert error["code"] == "not-an-action" and "clause" not in error, error


@GAMES
def test_an_illegal_action_is_judged_with_its_clause_in_every_game(client, spec):
    slug = visible(spec)
    action = an_illegal_action(spec)
    result = post(client, {"setup": {}, "apply": [action]}, slug).json()["results"][0]
    assert result["legal"] is False and result["code"] == "illegal-action" and result["clause"]
    response = post(client, {"setup": {}, "actions": [action]}, slug)
    error = response.json()["error"]
    assert response.status_code == 400 and error["code"] == "illegal-action" and error["clause"] == result["clause"]
    assert error["field"] == "actions[0]"


@GAMES
def test_the_legal_actions_of_a_start_are_read_without_applying_one(client, spec):
    slug = visible(spec)
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    for body in ({"setup": {}}, {"setup": {}, "apply": []}):
        data = post(client, body, slug).json()
        assert data["results"] == [] and data["legal_actions"] == engine.legal_actions(state)
        assert data["position"] == engine.position_of(state) and data["actor"] == engine.current_actor(state)


LOG = "1.garbage!"


@pytest.mark.parametrize(
    "method, url, body, status, code, field",
    [
        ("post", "finstere-flure/apply", "not json", 400, "bad-json", "body"),
        ("post", "finstere-flure/apply", {"setup": {}, "evil": 1}, 400, "unknown-field", "evil"),
        ("post", "finstere-flure/apply", {"apply": []}, 400, "bad-request", "position"),
        ("post", "finstere-flure/apply", {"log": LOG}, 400, "bad-log", "log"),
        ("post", "finstere-flure/apply", {"setup": {}, "seed": "x"}, 400, "bad-log", "seed"),
        ("post", "finstere-flure/apply", {"setup": {"players": 9}}, 400, "bad-position", "setup.players"),
        ("post", "finstere-flure/apply", {"position": {"game": "finstere-flure"}}, 400, "bad-position", "position."),
        ("post", "finstere-flure/apply", {"scenario": "nope"}, 400, "unknown-scenario", "scenario"),
        ("post", "finstere-flure/apply", {"setup": {}, "actions": ["@draw"]}, 400, "nothing-to-draw", "actions[0]"),
        ("post", "finstere-flure/apply", {"setup": {}, "apply": 3}, 400, "bad-value", "apply"),
        ("post", "finstere-flure/apply?lang=fr", {"setup": {}}, 400, "unknown-language", "lang"),
        ("post", "nope/apply", {"setup": {}}, 404, "unknown-game", "game"),
        ("get", "finstere-flure/scenarios/nope/", None, 404, "unknown-scenario", "scenario"),
        ("get", "finstere-flure/scenarios/ff-steen-schuiven/?step=x", None, 400, "bad-value", "step"),
        ("get", "finstere-flure/scenarios/ff-steen-schuiven/?step=99", None, 400, "bad-value", "step"),
        ("get", "finstere-flure/nothing/", None, 404, "not-found", "path"),
        ("get", "finstere-flure/apply", None, 405, "method-not-allowed", "method"),
    ],
)
def test_every_kind_of_problem_has_its_code_and_field(client, method, url, body, status, code, field):
    if method == "post":
        response = client.post(f"{API}{url}", data=body if isinstance(body, str) else json.dumps(body), content_type="application/json")
    else:
        response = client.get(f"{API}{url}")
    error = response.json()["error"]
    assert response.status_code == status and error["code"] == code and error["field"].startswith(field), error
    assert code in CODES and error["reason"] and error["message"]


def test_an_error_carries_the_values_of_its_sentence_as_data(client):
    error = post(client, {"setup": {}}, game="nope").json()["error"]
    assert error["data"] == {"game": "nope"}
    error = client.get(f"{API}finstere-flure/apply").json()["error"]
    assert error["data"]["method"] == "GET" and "POST" in error["data"]["allow"]


def test_a_refused_action_of_the_start_names_its_clause_and_a_message_in_the_asked_language(client):
    body = {"setup": {"players": 2}, "actions": ["move:red1:E", "move:red1:E"]}
    error = post(client, body, query="?lang=de").json()["error"]
    assert error["code"] == "illegal-action" and error["field"] == "actions[1]" and error["clause"].startswith("ff-")
    assert error["data"] == {"action": "move:red1:E"}  # the refused action, without reading the sentence
    assert error["reason"].startswith("'move:red1:E' is not allowed here:")
    assert error["message"].startswith("'move:red1:E' ist hier nicht erlaubt:")


def test_a_body_over_the_limit_is_a_413_too_large(client):
    from simulator.api_limits import MAX_BODY_BYTES

    response = post(client, {"setup": {}, "apply": ["x" * MAX_BODY_BYTES]})
    assert response.status_code == 413 and response.json()["error"]["code"] == "too-large"


@GAMES
def test_scores_map_every_seat_to_a_number_in_every_game(spec):
    """One shape for result.scores: every seat with a number (ints and floats; never a bool)."""
    from rules.core.bots import play, random_bots

    engine = spec.engine
    for seed in range(3):
        state = engine.initial_state(validate_setup(engine, {}))
        end = play(engine, state, random_bots(engine, state), random.Random(seed)).state
        result = engine.result(end)
        assert result is not None, f"{spec.slug}: a random game did not end"
        scores = result.as_dict("")["scores"]
        assert set(scores) == set(engine.seats(end)), (spec.slug, scores)
        assert all(isinstance(v, int | float) and not isinstance(v, bool) for v in scores.values())


NOT_AN_ACTION = {"nl": "'jump:9' is geen actie van dit spel.", "de": "'jump:9' ist keine Aktion dieses Spiels.",
                 "en": "'jump:9' is not an action of this game."}


@pytest.mark.parametrize("spec", [s for s in all_games() if s.engine.messages.has("core.not-an-action")], ids=lambda s: s.slug)
@pytest.mark.parametrize("lang", sorted(NOT_AN_ACTION))
def test_a_string_that_is_no_action_is_said_in_the_requests_language(client, spec, lang):
    """The game's catalogues say it (key core.not-an-action), whether the API's word check or the
    replay of ``actions`` finds it; ``reason`` stays English for programs."""
    slug = visible(spec)
    for body in ({"setup": {}, "apply": ["jump:9"]}, {"setup": {}, "actions": ["jump:9"]}):
        response = client.post(f"{API}{slug}/apply", data=json.dumps(body), content_type="application/json",
                                HTTP_ACCEPT_LANGUAGE=lang)
        error = response.json()["error"]
        assert error["code"] == "not-an-action" and error["message"] == NOT_AN_ACTION[lang], error
        assert NOT_AN_ACTION["en"].rstrip(".") in error["reason"], error
