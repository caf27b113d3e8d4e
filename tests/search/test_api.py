"""The search API a group's chat bot calls (sitewide.api, GET /api/v1/search): JSON with
``answered``, the ranked hits (clause or ruling, id, §, title, snippet, absolute URL, proven by the
engine or not), "no ruling" with the ask form's address, clear errors, and a rate limit per client
address with Retry-After. Its OpenAPI description is fuzzed with the rest of the API
(tests/simulator_web/test_openapi.py)."""

import pytest
from django.core.cache import cache

pytestmark = pytest.mark.usefixtures("faq")

API = "/api/v1/search"


@pytest.fixture(autouse=True)
def _fresh_rate_window():
    cache.clear()
    yield
    cache.clear()


def ask(client, **params):
    return client.get(API, params)


def test_a_question_gets_ranked_clauses_and_rulings_with_their_addresses(client):
    question = "monster duwt een steenblok tegen mijn figuur aan de muur"
    response = ask(client, q=question, lang="nl", game="finstere-flure", limit="10")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = response.json()
    assert data["answered"] is True and data["lang"] == "nl" and data["game"] == "finstere-flure"
    assert data["ask"] is None
    kinds = {hit["kind"] for hit in data["hits"]}
    assert kinds <= {"clause", "ruling"} and len(data["hits"]) <= 10
    clause = next(h for h in data["hits"] if h["kind"] == "clause")
    assert clause["url"] == f"http://testserver/nl/finstere-flure/{clause['id']}/" and clause["number"]
    assert clause["engine_proven"] is False and "<" not in clause["snippet"]
    ruling = next(h for h in data["hits"] if h["kind"] == "ruling")
    assert ruling["url"] == f"http://testserver/nl/finstere-flure/faq/{ruling['id']}/" and ruling["number"] is None
    assert ruling["id"] == "monster-duwt-steen-tegen-de-muur" and ruling["engine_proven"] is True
    assert client.get(ruling["url"].removeprefix("http://testserver")).status_code == 200


def test_the_answers_follow_the_asked_language(client):
    data = ask(client, q="monster pushes a stone", lang="en", game="finstere-flure").json()
    assert data["hits"][0]["url"].startswith("http://testserver/en/finstere-flure/")
    assert data["hits"][0]["language"] == "en"
    german = client.get(API, {"q": "Monster schiebt Stein"}, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9")
    assert german.json()["lang"] == "de" and "Accept-Language" in german["Vary"]


def test_a_question_no_rule_answers_says_so_and_offers_the_editors(client):
    data = ask(client, q="can I play it with a gamepad on the console", lang="en", game="finstere-flure").json()
    assert data["answered"] is False
    assert len(data["hits"]) <= 5  # only the closest, which do not answer it
    assert data["ask"] == "http://testserver/en/faq/ask/?game=finstere-flure&question=can+I+play+it+with+a+gamepad+on+the+console"


@pytest.mark.parametrize(
    ("params", "status", "code", "field"),
    [
        ({}, 400, "bad-value", "q"),
        ({"q": "   \x00 "}, 400, "bad-value", "q"),
        ({"q": "x" * 2001}, 400, "bad-value", "q"),
        ({"q": "toren", "lang": "fr"}, 400, "unknown-language", "lang"),
        ({"q": "toren", "limit": "0"}, 400, "bad-value", "limit"),
        ({"q": "toren", "limit": "21"}, 400, "bad-value", "limit"),
        ({"q": "toren", "limit": "²"}, 400, "bad-value", "limit"),
        ({"q": "toren", "game": "monopoly"}, 404, "unknown-game", "game"),
        ({"q": "toren", "game": "<b>"}, 404, "unknown-game", "game"),
    ],
)
def test_bad_requests_get_a_json_error_naming_the_parameter(client, params, status, code, field):
    response = ask(client, **params)
    assert response.status_code == status
    error = response.json()["error"]
    assert error["code"] == code and error["field"] == field


def test_a_limit_chooses_how_many_hits(client):
    data = ask(client, q="toren", lang="nl", game="betoverde-torens", limit="12").json()
    assert data["answered"] and len(data["hits"]) == 12


def test_other_methods_are_refused_with_allow(client):
    response = client.post(API, {"q": "toren"})
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"


def test_an_address_asking_too_often_is_told_when_to_come_back(client, settings, monkeypatch):
    settings.SEARCH_API_RATE = (3, 60)
    # One fixed moment, 20 s into a window: slow requests must not cross into the next window.
    monkeypatch.setattr("sitewide.api_rate._clock", lambda: 60 * 29_000_000 + 20.0)
    statuses = [ask(client, q=f"monster duwt steen {n}", lang="nl").status_code for n in range(5)]
    assert statuses == [200, 200, 200, 429, 429]
    refused = ask(client, q="monster duwt steen 9", lang="nl")
    assert refused.json()["error"]["code"] == "rate-limited" and int(refused["Retry-After"]) == 40
    other = client.get(API, {"q": "monster duwt steen", "lang": "nl"}, REMOTE_ADDR="192.0.2.7")
    assert other.status_code == 200  # another address has its own allowance


def test_the_api_root_names_the_search(client):
    endpoints = client.get("/api/v1/").json()["endpoints"]
    assert endpoints["search"].startswith("/api/v1/search?q=")
