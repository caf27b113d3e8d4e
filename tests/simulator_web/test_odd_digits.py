"""A number written with digits that ``str.isdigit`` accepts and ``int`` refuses is refused like any
illegal move, on every surface that takes an action from a visitor (review 2026-12-01, F4b: each
of these was a 500 for ``play:t1:tower:⁹`` in De Betoverde Torens)."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from rules.core import codec
from rules.core.codec import Log

pytestmark = pytest.mark.usefixtures("rulebooks")
SCENARIO = "bt-eigen-tovenaar"


@pytest.mark.parametrize("action", ["play:t1:tower:⁹", "play:t1:tower:²", "play:t1:wizard:①", "play:t1:tower:٣"])
def test_the_api_answers_that_it_is_not_legal(action):
    body = {"scenario": SCENARIO, "actions": [], "apply": [action]}
    response = Client().post(
        "/api/v1/games/betoverde-torens/apply", data=json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    [result] = response.json()["results"]
    assert result["action"] == action and result["legal"] is False and result["reason"]


def test_the_public_simulator_link_refuses_it_with_a_page():
    token = codec.encode(Log(scenario=SCENARIO, actions=("play:t1:tower:⁹",)))
    response = Client().get("/en/betoverde-torens/sim/", {"log": token})
    assert 400 <= response.status_code < 500
    assert b"<html" in response.content
