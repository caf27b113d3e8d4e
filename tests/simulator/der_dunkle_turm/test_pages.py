"""The site serves Der dunkle Turm through the shared, game-agnostic pages: the simulator page, a
scenario step, the mini-board under a clause (htmx) and the JSON API."""

from __future__ import annotations

import json

import pytest

from rules.core import codec
from rules.core.codec import Log

SIM = "/nl/der-dunkle-turm/sim/"


@pytest.mark.django_db
def test_the_simulator_start_page(client, rulebooks):
    response = client.get(SIM)
    assert response.status_code == 200


@pytest.mark.django_db
def test_a_scenario_step_draws_the_board_and_german_events(client, rulebooks):
    page = client.get("/de/der-dunkle-turm/sim/", {"scenario": "dt-turmattacke", "step": 2}).content.decode()
    assert "Die Zugbrücken heben sich" in page  # dt-zugbruecken-heben, from the German catalogue
    assert "/static/games/der-dunkle-turm/board.css" in page
    assert "dt-lava" in page and "dt-rift" in page


@pytest.mark.django_db
def test_tap_to_move_links_on_the_board(client, rulebooks):
    log = codec.encode(Log(setup={"teams": 2}, actions=("start:red", "card:step2")))
    page = client.get(SIM, {"log": log}).content.decode()
    assert 'data-action="move:red1"' in page


@pytest.mark.django_db
def test_the_mini_board_under_a_clause(client, rulebooks):
    demo = client.get(SIM, {"scenario": "dt-duell-sieg", "step": 8}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-x")
    html = demo.content.decode()
    assert demo.status_code == 200 and html.lstrip().startswith('<figure class="miniboard"')
    book = client.get("/de/der-dunkle-turm/").content.decode()
    assert "?scenario=dt-duell-sieg" in book


@pytest.mark.django_db
def test_the_api_applies_actions_and_refuses_with_a_clause(client, rulebooks):
    body = {"setup": {"teams": 2}, "apply": ["@draw", "@draw", "move:blue1"], "seed": 3}
    data = client.post("/api/v1/games/der-dunkle-turm/apply", json.dumps(body), content_type="application/json").json()
    results = data["results"]
    assert results[0]["legal"] and results[0]["action"].startswith("start:")
    assert results[1]["action"].startswith("card:")
    assert results[2]["legal"] is False and results[2]["clause"].startswith("dt-")


@pytest.mark.django_db
def test_a_bad_position_is_a_clear_400(client, rulebooks):
    body = {"position": {"teams": ["red"], "companions": {}}, "apply": ["draw"]}
    response = client.post("/api/v1/games/der-dunkle-turm/apply", json.dumps(body), content_type="application/json")
    assert response.status_code == 400 and b"teams" in response.content
