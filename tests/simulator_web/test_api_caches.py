"""What the API keeps per process (the games found, replayed timelines) answers as a fresh
process would: never another game's or language's answer, never a game gone since."""

import json

import pytest
from django.test import Client

from rulebooks.models import Game
from simulator import api
from simulator.timelines import CACHE

pytestmark = pytest.mark.usefixtures("rulebooks")
API = "/api/v1/games/"


@pytest.fixture
def client():
    return Client()


@pytest.fixture(autouse=True)
def _empty_caches():
    CACHE.clear()
    api._visible_games.clear()
    yield
    CACHE.clear()
    api._visible_games.clear()


def post(client, body, game="finstere-flure", **extra):
    return client.post(f"{API}{game}/apply", data=json.dumps(body), content_type="application/json", **extra)


def fresh(client, body, game="finstere-flure", **extra):
    """The answer of a process that has kept nothing."""
    CACHE.clear()
    api._visible_games.clear()
    return post(client, body, game, **extra).content


def first_legal(client, game, setup):
    data = post(client, {"setup": setup, "apply": "@draw"}, game).json()
    if data["results"][0]["legal"]:
        return ["@draw"]
    return [sorted(data["legal_actions"])[0]]


def test_one_setup_of_two_games_answers_each_game_for_itself(client):
    """Equal start JSON, different games: each its own timeline and answer."""
    games = ("finstere-flure", "torens-en-dieven")
    bodies = {g: {"setup": {"players": 2}, "apply": first_legal(client, g, {"players": 2})} for g in games}
    answers = {g: fresh(client, bodies[g], g) for g in games}
    CACHE.clear()
    for _ in range(2):  # the second round from the cache
        for g in games:
            response = post(client, bodies[g], g)
            assert response.status_code == 200 and response.content == answers[g]
            assert response.json()["game"] == g
    assert CACHE.hits >= 2


@pytest.mark.parametrize("start", ["setup", "log"])
def test_a_cached_timeline_is_told_in_each_reader_s_language(client, start):
    body = {"setup": {"players": 2}, "actions": ["move:red1:"], "apply": ["move:yellow1:"]}
    if start == "log":
        body = {"log": post(client, {"setup": {"players": 2}, "apply": ["move:red1:"]}).json()["log"], "apply": ["move:yellow1:"]}
    languages = {lang: fresh(client, body, HTTP_ACCEPT_LANGUAGE=lang) for lang in ("nl", "de", "en")}
    texts = {lang: json.loads(answer)["results"][0]["events"][0]["text"] for lang, answer in languages.items()}
    assert len(set(texts.values())) == 3  # three languages, three sentences
    CACHE.clear()
    for lang in ("en", "nl", "de", "en"):
        assert post(client, body, HTTP_ACCEPT_LANGUAGE=lang).content == languages[lang]
        assert post(client, body, QUERY_STRING=f"lang={lang}").content == languages[lang]
    assert CACHE.hits


def test_equal_looking_setups_are_not_one_entry(client):
    """2 and 2.0 and true are different JSON: the cache keeps them apart as the engine does."""
    bodies = [{"setup": {"players": value}, "apply": ["move:red1:"]} for value in (2, 2.0, True, "2")]
    answers = [(fresh(client, b), post(client, b).status_code) for b in bodies]
    CACHE.clear()
    for body, (answer, status) in zip(bodies, answers, strict=True):
        response = post(client, body)
        assert (response.content, response.status_code) == (answer, status)


def test_a_game_retired_after_it_was_found_is_unknown_at_once(client):
    body = {"setup": {"players": 2}, "apply": ["move:red1:"]}
    assert post(client, body).status_code == 200
    assert "finstere-flure" in api._visible_games
    game = Game.objects.get(slug="finstere-flure")
    game.retired = True
    game.save()  # a content change: the content version changes
    response = post(client, body)
    assert response.status_code == 404 and response.json()["error"]["field"] == "game"
    assert client.get(f"{API}finstere-flure/scenarios/").status_code == 404
    # Other games are still found, and no game is found for an unknown one.
    assert client.get(f"{API}der-dunkle-turm/scenarios/").status_code == 200
    assert post(client, body, "monopoly").status_code == 404
    game.retired = False
    game.save()
    assert post(client, body).status_code == 200


def test_an_unknown_game_is_never_kept(client):
    body = {"setup": {"players": 2}, "apply": ["move:red1:"]}
    assert post(client, body, "monopoly").status_code == 404
    assert "monopoly" not in api._visible_games


def test_a_steps_answer_is_the_json_the_standard_encoder_writes(client):
    """Answers are written by orjson (issue 29): the same JSON values as json.dumps, words with
    umlauts as they are, and a number orjson cannot write (past 64 bits) still answered."""
    response = post(client, {"setup": {"players": 2}, "apply": ["move:red1:", "move:yellow1:"]}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = json.loads(response.content)
    assert json.loads(json.dumps(data)) == data and data["results"][0]["legal"] is True
    sentences = " ".join(e["text"] for r in data["results"] for e in r["events"])
    assert sentences and any(ch in response.content.decode() for ch in "äöüß")  # UTF-8, not \\u escapes
    big = api._answer({"n": 2**70, "s": "Straße"})
    assert json.loads(big.content) == {"n": 2**70, "s": "Straße"}
