"""The fifth-game path: the tests' toy game (tests/toygames/toy_game, registered through the
registry like any game) gets a simulator page, a JSON API, mini-boards under its clauses and its
own stylesheet without any edit to shared views, templates or CSS."""

from __future__ import annotations

import json

import pytest

from rulebooks.models import Clause, Game, Section
from rulebooks.parsing import parse_file
from rulebooks.rendering import render_markdown
from simulator.core import codec
from simulator.core.codec import Log
from simulator.core.registry import get_game
from tests.toygames.toy_game import RULEBOOK

SIM = "/nl/toy-game/sim/"


@pytest.fixture
def toy(db):
    book, problems = parse_file(RULEBOOK)
    assert not problems
    game = Game.objects.create(
        slug="toy-game", prefix="toy", title="Toy", language="nl", edition="test", source="test",
        description="Een teller tot zeven.", source_path=str(RULEBOOK),
    )
    sections: dict[str, Section] = {}
    for position, node in enumerate(book.nodes):
        parent = sections.get(node.parent.id) if node.parent else None
        if not node.is_clause:
            sections[node.id] = Section.objects.create(
                anchor=node.id, game=game, parent=parent, number=node.number, title=node.title,
                level=node.level, position=position,
            )
            continue
        html = render_markdown(node.body_markdown(), {})
        Clause.objects.create(
            anchor=node.id, game=game, section=parent, number=node.number, title=node.title, kind=node.kind,
            level=node.level, position=position, body_markdown=node.body_markdown(), body_html=html,
            demos=[{"scenario": d.scenario, "caption": d.caption} for d in node.demos], body_text=node.title,
            search_title=node.title, search_body=node.title, source_path=str(RULEBOOK), source_line=node.line,
        )
    return game


def test_the_start_page_asks_the_toys_own_options_in_the_readers_language(client, toy):
    page = client.get(SIM).content.decode()
    assert 'name="target"' in page and ">Doel<" in page  # the label comes from the toy's catalogue
    assert "toy-tot-zeven" in page
    english = client.get("/en/toy-game/sim/").content.decode()
    assert ">Target<" in english
    assert "/static/games/toy-game/board.css" in page


def test_a_scenario_step_renders_the_board_events_and_a_tappable_square(client, toy):
    page = client.get(SIM, {"scenario": "toy-tot-zeven", "step": 2}).content.decode()
    assert 'viewBox="0 -1 8 1"' in page  # the board starts at a negative coordinate
    assert "Speler a telt 1 op." in page  # the scenario caption
    assert "/static/games/toy-game/board.css" in page
    # The square after the counter stands for "add:1": it is a link that plays it.
    assert 'class="board-action"' in page and 'data-action="add:1"' in page
    assert "<h3>Optellen</h3>" in page  # the toy's action groups
    last = client.get(SIM, {"scenario": "toy-tot-zeven", "step": 3}).content.decode()
    assert "Speler b wint." in last  # the game-over sentence from the toy's Result


def test_a_branch_log_renders_events_in_the_readers_language(client, toy):
    log = codec.encode(Log(setup={"target": 7}, actions=("add:2",)))
    dutch = client.get(SIM, {"log": log}).content.decode()
    assert "Speler a telt 2 op." in dutch
    english = client.get("/en/toy-game/sim/", {"log": log}).content.decode()
    assert "Player a adds 2." in english


def test_the_mini_board_under_a_clause_and_the_rulebook_page(client, toy):
    demo = client.get(SIM, {"scenario": "toy-tot-zeven", "step": 1}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-x")
    html = demo.content.decode()
    assert demo.status_code == 200 and html.lstrip().startswith('<figure class="miniboard"')
    assert "Drie optellen mag niet." in html
    book = client.get("/nl/toy-game/").content.decode()
    assert "?scenario=toy-tot-zeven" in book and "/static/games/toy-game/board.css" in book


def test_the_toys_stylesheet_is_served_from_its_package(client, toy):
    response = client.get("/static/games/toy-game/board.css")
    assert response.status_code == 200
    assert b".toy-here" in b"".join(response.streaming_content if response.streaming else [response.content])


def test_the_api_applies_toy_actions_with_the_position_after_each(client, toy):
    body = {"setup": {}, "apply": ["add:2", "add:2", "@draw", "add:9"], "seed": 5}
    data = client.post("/api/v1/games/toy-game/apply", json.dumps(body), content_type="application/json").json()
    results = data["results"]
    assert [r["legal"] for r in results] == [True, True, True, False]
    assert [r["position"]["counter"] for r in results[:2]] == [2, 4]
    assert results[2]["drawn"] is True and results[2]["action"] in ("coin:heads", "coin:tails")
    assert results[3]["clause"] == "toy-beurt"
    # The same seed draws the same coin again.
    again = client.post("/api/v1/games/toy-game/apply", json.dumps(body), content_type="application/json").json()
    assert again["results"][2]["action"] == results[2]["action"]
    games = client.get("/api/v1/games/").json()["games"]
    toy_info = next(g for g in games if g["slug"] == "toy-game")
    assert toy_info["setup"] == [{"name": "target", "type": "int", "default": 7, "min": 7, "max": 7, "clause": "toy-einde"}]


def test_the_toy_is_found_through_the_registry():
    assert get_game("toy-game") is not None and get_game("toy-game").stylesheet_path == "games/toy-game/board.css"
