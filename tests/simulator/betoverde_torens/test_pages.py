"""The shared pages and API serve this game (everything game-specific comes from its GameSpec)."""

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_simulator_page_new_game(rulebooks):
    response = Client().get("/nl/betoverde-torens/sim/")
    assert response.status_code == 200
    assert b"games/betoverde-torens/board.css" in response.content


def test_scenario_step_and_mini_board(rulebooks):
    client = Client()
    page = client.get("/nl/betoverde-torens/sim/?scenario=bt-toren-uit-stapel&step=1")
    assert page.status_code == 200 and b"Toren 1" in page.content
    mini = client.get(
        "/nl/betoverde-torens/sim/?scenario=bt-raventoren-verplaatsen&step=1",
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="demo-bt-raventoren-verplaatsen",
    )
    assert mini.status_code == 200 and b"<svg" in mini.content and b"<html" not in mini.content


def test_api_apply_plays_and_refuses(rulebooks):
    client = Client()
    position = {
        "players": ["red", "blue"],
        "spaces": {str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)} | {"11": {"wizards": ["red"]}},
        "raven": {"at": 1, "inside": {"red": 4, "blue": 5}},
        "hands": {"red": ["w1", "t1", "x1"], "blue": []},
    }
    url = "/api/v1/games/betoverde-torens/apply"
    body = {"position": position, "apply": ["play:w1:wizard:11", "play:w1:wizard:12"]}
    answer = client.post(url, data=json.dumps(body), content_type="application/json")
    assert answer.status_code == 200, answer.content
    first, second = answer.json()["results"]
    assert first["legal"] is True and first["position"]["spaces"]["12"] == {"wizards": ["red"]}
    assert second["legal"] is False and second["clause"] == "bt-twee-acties"  # the card is gone
    broken = {"position": {**position, "raven": {"at": 40}}, "apply": ["pass"]}
    answer = client.post(url, data=json.dumps(broken), content_type="application/json")
    assert answer.status_code == 400 and answer.json()["error"]["field"] == "position.raven.at"


def test_rulebook_page_shows_demos(rulebooks):
    response = Client().get("/nl/betoverde-torens/")
    assert response.status_code == 200 and b"bt-toren-uit-stapel" in response.content
