"""The shared pages, mini-boards and API work for Torens & Dieven (everything game-specific comes
from its GameSpec)."""

import json

import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("rulebooks")
SIM = "/nl/torens-en-dieven/sim/"
API = "/api/v1/games/torens-en-dieven/apply"


@pytest.fixture
def client():
    return Client()


def test_the_simulator_start_page_and_a_new_game(client):
    page = client.get(SIM)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'name="river"' in html and "td-voorbeeld-rood" in html
    response = client.get(SIM, {"new": "1", "players": "3", "river": "on", "land": "20", "seed": "5"})
    assert response.status_code == 302
    game = client.get(response.headers["Location"]).content.decode()
    assert "Rood trekt een riviertegel" in game
    assert "games/torens-en-dieven/board.css" in game


def test_a_scenario_step_of_the_worked_example_td_dieven_stelen_tegel(client):
    html = client.get(SIM, {"scenario": "td-voorbeeld-rood", "step": "1"}).content.decode()
    assert "gestolen" in html and 'href="/nl/torens-en-dieven/td-dieven-stelen-tegel/"' in html
    assert "Gestolen tegel" in html  # the legend beside the board
    step3 = client.get(SIM, {"scenario": "td-voorbeeld-rood", "step": "3"}).content.decode()
    assert "guard:3,1" in step3 or "Wachter op de toren op (3, 1)" in step3


def test_the_htmx_mini_board_of_a_clause_demo(client):
    response = client.get(SIM, {"scenario": "td-bereik-gaten", "step": "0"},
                          HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-td-bereik-gaten")
    assert response.status_code == 200
    html = response.content.decode()
    assert "<svg" in html and "<html" not in html
    assert "Toren op (2, 0), 2 hoog" in html


def test_a_refused_scenario_step_cites_td_torenbereik(client):
    html = client.get(SIM, {"scenario": "td-torenbereik", "step": "1"}).content.decode()
    assert 'class="refused"' in html and "niet binnen het bereik" in html


def test_the_clause_page_shows_its_demo(client):
    html = client.get("/nl/torens-en-dieven/td-voorraad-beperkt/").content.decode()
    assert "td-voorraad-beperkt" in html and "scenario=td-voorraad-beperkt" in html


def test_api_apply_plays_and_refuses_with_clauses(client):
    body = {"scenario": "td-voorbeeld-rood", "apply": ["draw:thief4", "draw:tower", "place:9,9"]}
    data = client.post(API, data=json.dumps(body), content_type="application/json").json()
    results = data["results"]
    assert results[0]["events"][0]["clause"] == "td-landtegel-leggen"
    assert any(e["clause"] == "td-dieven-stelen-tegel" for e in results[0]["events"])
    assert results[2]["legal"] is False and results[2]["clause"] == "td-landtegel-leggen"
    assert data["position"]["stolen"] == 4 and data["actor"] == "red"


def test_api_bad_position_is_a_400_naming_the_field(client):
    body = {"position": {"players": ["red", "green"], "tiles": [[0, 0], [7, 7]]}, "apply": ["pass"]}
    response = client.post(API, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert "tiles.1" in response.content.decode()
