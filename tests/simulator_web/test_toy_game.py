"""The fifth-game path: the tests' toy game (tests/toygames/toy_game, registered through the
registry like any game) gets a simulator page, a JSON API, mini-boards under its clauses and its
own stylesheet without any edit to shared views, templates or CSS."""

from __future__ import annotations

import json
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from rules.core import codec
from rules.core.codec import Log
from rules.core.registry import get_game
from tests.toygames.site import add_to_site
from tests.toygames.toy_game import RULEBOOK

SIM = "/nl/toy-game/sim/"


@pytest.fixture
def toy(db):
    return add_to_site("toy-game", RULEBOOK)


def test_the_start_page_asks_the_toys_own_options_in_the_readers_language(client, toy):
    page = client.get(SIM).content.decode()
    assert 'name="target"' in page and ">Doel<" in page  # the label comes from the toy's catalogue
    assert "toy-tot-zeven" in page
    english = client.get("/en/toy-game/sim/").content.decode()
    assert ">Target<" in english
    assert "/static/games/toy-game/board.css" in page


def test_a_scenario_step_renders_the_board_events_and_a_tappable_square(client, toy):
    page = client.get(SIM, {"scenario": "toy-tot-zeven", "step": 2}).content.decode()
    assert 'viewBox="0 -1 8 2"' in page  # the board starts at a negative coordinate
    assert "Speler a telt 1 op." in page  # the scenario caption
    assert "/static/games/toy-game/board.css" in page
    # The squares one and two after the counter are tap targets whose links play add:1 and add:2.
    assert 'class="board-action tap-next"' in page and 'data-target="sq:' in page
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


# -- Playing and editing by tapping, and the computer (simulator/playing.py, simulator/editing.py) ----

def _links(html: str, attr: str = "data-target") -> dict[str, str]:
    """target (or other attribute) -> href of the board's links."""
    found = {}
    for tag in re.findall(r"<a [^>]*>", html):
        href = re.search(r'href="([^"]+)"', tag)
        key = re.search(attr + r'="([^"]+)"', tag)
        if href and key:
            found[key.group(1)] = href.group(1).replace("&amp;", "&")
    return found


def _log_of(url: str) -> Log:
    return codec.decode(parse_qs(urlparse(url).query)["log"][0])


def test_tapping_a_square_plays_the_move_that_reaches_it(client, toy):
    start = codec.encode(Log(position={"counter": 2, "turn": "a", "moves": 1, "coin": False, "winner": ""}))
    html = client.get(SIM, {"log": start}).content.decode()
    links = _links(html)
    assert set(links) == {"sq:3", "sq:4"}  # only the squares one and two further may be tapped
    assert _log_of(links["sq:4"]).actions == ("add:2",)
    after = client.get(links["sq:4"]).content.decode()
    assert "Speler a telt 2 op." in after


def test_a_square_that_is_not_offered_says_why_citing_toy_beurt():
    """Issue 24: ``explain`` answers with the engine's clause (1 or 2 per turn, toy-beurt), the
    coin first (toy-munt), in nl, de and en."""
    spec = get_game("toy-game")
    engine = spec.engine
    state = engine.state_from_position({"counter": 2, "turn": "a", "moves": 1, "coin": False, "winner": ""})
    error = spec.view.explain(engine, state, (), "sq:6", lang="nl")
    assert (error.clause, error.key) == ("toy-beurt", "why.step")
    texts = {lang: engine.reason(error, lang) for lang in ("nl", "de", "en")}
    assert texts == {
        "nl": "Vak 6 kan niet: de teller staat op 2 en een speler telt er 1 of 2 bij op.",
        "de": "Feld 6 geht nicht: der Zähler steht auf 2, und ein Spieler zählt 1 oder 2 dazu.",
        "en": "Square 6 is not possible: the counter stands at 2 and a player adds 1 or 2.",
    }
    assert spec.view.explain(engine, state, (), "sq:3") is None  # offered: nothing to explain
    coin = engine.state_from_position({"counter": 2, "turn": "a", "moves": 2, "coin": True, "winner": ""})
    assert spec.view.explain(engine, coin, (), "sq:3").clause == "toy-munt"


def test_asking_why_shows_the_reason_beside_the_board_with_its_clause(client, toy):
    start = codec.encode(Log(position={"counter": 2, "turn": "a", "moves": 1, "coin": False, "winner": ""}))
    html = client.get(SIM, {"log": start, "why": "sq:0"}).content.decode()
    why = re.search(r'<p class="tap-why"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "Vak 0 kan niet" in why and 'href="/nl/toy-game/toy-beurt/"' in why
    assert 'data-target="sq:0" data-why' in html  # the squares that are not offered may be asked about


def test_chance_outcomes_are_a_row_of_choices_under_the_board(client, toy):
    log = codec.encode(Log(position={"counter": 2, "turn": "a", "moves": 2, "coin": True, "winner": ""}))
    html = client.get(SIM, {"log": log}).content.decode()
    row = re.findall(r'class="tap-choice[^"]*" data-target="[^"]*" href="([^"]+)"[^>]*>([^<]+)<', html)
    assert {label for _url, label in row} == {"Kop", "Munt"}
    heads = next(url for url, label in row if label == "Kop").replace("&amp;", "&")
    assert _log_of(heads).actions == ("coin:heads",)


@pytest.mark.parametrize("pick", ["sq:9", "sq:3/sq:4", "<script>", "a" * 70, "/".join(["sq:1"] * 80)])
def test_a_pick_the_board_never_offered_is_a_400(client, toy, pick):
    log = codec.encode(Log(position={"counter": 2, "turn": "a", "moves": 1, "coin": False, "winner": ""}))
    response = client.get(SIM, {"log": log, "pick": pick})
    assert response.status_code == 400
    assert "<code>pick</code>" in response.content.decode()


def _edit_url(position: dict, **params: str) -> str:
    return f"{SIM}?" + urlencode({"edit": codec.encode(Log(position=position)), **params})


BLANK = {"counter": 0, "turn": "a", "moves": 0, "coin": False, "winner": ""}


def test_the_editor_places_by_tapping_and_moves_to_the_new_positions_url(client, toy):
    response = client.get(_edit_url(BLANK, tool="counter", at="sq:3"))
    assert response.status_code == 302
    edited = codec.decode(parse_qs(urlparse(response["Location"]).query)["edit"][0])
    assert edited.position["counter"] == 3
    page = client.get(response["Location"]).content.decode()
    # Every square is a tap target of the editor; "done" opens the simulator at this position.
    assert len(re.findall(r'class="board-action edit-target"', page)) == 8
    done = re.search(r'class="button tap-ok" href="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert _log_of(done).position["counter"] == 3


def test_an_impossible_edit_is_refused_on_the_spot_in_the_readers_language(client, toy):
    dutch = client.get(_edit_url(BLANK, tool="counter", at="sq:7"))
    assert dutch.status_code == 422
    assert "De teller gaat tot 6." in dutch.content.decode()
    english = client.get("/en/toy-game/sim/?" + urlencode({"edit": codec.encode(Log(position=BLANK)), "tool": "counter", "at": "sq:7"}))
    assert "The counter goes up to 6." in english.content.decode()
    # The position is unchanged: the page's own link still holds the counter at 0.
    own = re.search(r'data-copy-url="([^"]+)"', dutch.content.decode()).group(1).replace("&amp;", "&")
    assert codec.decode(parse_qs(urlparse(own).query)["edit"][0]).position["counter"] == 0


def test_an_htmx_tap_swaps_the_editor_and_pushes_the_new_url(client, toy):
    response = client.get(_edit_url(BLANK, tool="counter", at="sq:5"), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="editor")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="editor"') and "<html" not in html
    pushed = codec.decode(parse_qs(urlparse(response["HX-Push-Url"]).query)["edit"][0])
    assert pushed.position["counter"] == 5


def test_fields_set_whose_turn_it_is_and_refuse_unknown_choices(client, toy):
    response = client.get(_edit_url(BLANK, tool="counter", set="1", **{"f.turn": "b"}))
    assert response.status_code == 302
    assert codec.decode(parse_qs(urlparse(response["Location"]).query)["edit"][0]).position["turn"] == "b"
    bad = client.get(_edit_url(BLANK, tool="counter", set="1", **{"f.turn": "c"}))
    assert bad.status_code == 422
    unknown = client.get(_edit_url(BLANK, tool="counter", set="1", **{"f.colour": "red"}))
    assert unknown.status_code == 422


@pytest.mark.parametrize("token", ["", "garbage", codec.encode(Log(setup={"target": 7})), codec.encode(Log(position={"counter": 99}))])
def test_a_broken_edit_address_is_a_400(client, toy, token):
    response = client.get(SIM, {"edit": token})
    assert response.status_code == 400
    assert "<code>edit" in response.content.decode()


def test_a_new_game_against_the_computer_plays_the_computers_turns(client, toy):
    response = client.get(SIM, {"new": "1", "target": "7", "seat1": "person", "seat2": "random", "seed": "5"})
    assert response.status_code == 302
    log = _log_of(response["Location"])
    assert log.bots == {"b": "random"}
    # The person (a) moves; then the page offers the computer's move and plays it by itself (htmx).
    after = client.get(SIM, {"log": codec.encode(log.extended("add:1"))}).content.decode()
    auto = re.search(r'class="auto-move"[^>]*hx-get="([^"]+)"[^>]*hx-trigger="load delay', after)
    assert auto is not None
    move = _log_of(auto.group(1).replace("&amp;", "&"))
    assert move.actions[:1] == ("add:1",) and move.actions[1] in ("add:1", "add:2") and move.bots == log.bots
    # The computer's seat is not tappable: no board links while it is the computer's turn.
    assert "tap-next" not in after


def test_an_unknown_computer_player_is_a_400(client, toy):
    response = client.get(SIM, {"new": "1", "target": "7", "seat2": "grandmaster"})
    assert response.status_code == 400
    assert "<code>seat2</code>" in response.content.decode()


def test_the_position_json_is_real_json_that_pastes_back_to_the_same_board(client, toy):
    log = codec.encode(Log(setup={"target": 7}, actions=("add:2", "add:1")))
    html = client.get(SIM, {"log": log}).content.decode()
    raw = re.search(r'<pre id="position-json-text" lang="en">(.*?)</pre>', html, re.S).group(1)
    position = json.loads(unescape(raw))
    assert position["counter"] == 3
    pasted = client.get(SIM, {"position": unescape(raw)})
    assert pasted.status_code == 302
    assert _log_of(pasted["Location"]).position == position


def test_a_bad_paste_keeps_the_text_and_names_the_problem_beside_the_box(client, toy):
    response = client.get("/de/toy-game/sim/", {"position": '{"counter": 3,'})
    html = response.content.decode()
    assert response.status_code == 400
    assert '{&quot;counter&quot;: 3,</textarea>' in html  # the text is kept
    assert 'id="position-error"' in html and "kein gültiges JSON" in html
