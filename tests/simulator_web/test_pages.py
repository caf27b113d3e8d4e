"""The simulator page and the clause mini-boards: addressing, renderings, errors."""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from rules.core import codec
from rules.core.codec import Log
from rules.core.registry import get_engine
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import load_scenario
from rules.core.timeline import from_scenario

pytestmark = pytest.mark.usefixtures("rulebooks")
SIM = "/nl/finstere-flure/sim/"
SCENARIO = "ff-steen-schuiven"


@pytest.fixture
def client():
    return Client()


def test_start_page_offers_a_new_game_a_pasted_position_and_the_examples(client):
    html = client.get(SIM).content.decode()
    assert 'name="players"' in html and 'name="seed"' in html and 'name="position"' in html
    assert f"?scenario={SCENARIO}&amp;step=0" in html


def test_new_game_redirects_to_a_shareable_log_url(client):
    response = client.get(SIM, {"new": "1", "players": "3", "seed": "42"})
    assert response.status_code == 302
    query = parse_qs(urlparse(response.headers["Location"]).query)
    log = codec.decode(query["log"][0])
    assert log == Log(setup={"players": 3, "dmaufbau": False}, seed=42)
    page = client.get(response.headers["Location"]).content.decode()
    assert "Rood is aan de beurt" in page
    assert page.count('class="action"') > 5


@pytest.mark.parametrize("players", ["1", "8", "x", "99999999999999"])
def test_new_game_with_a_bad_player_count_is_a_400_naming_the_field(client, players):
    response = client.get(SIM, {"new": "1", "players": players, "seed": "1"})
    assert response.status_code == 400
    assert "<code>players</code>" in response.content.decode()


def test_scenario_steps_walk_forward_and_back_with_captions_citing_clauses(client):
    first = client.get(SIM, {"scenario": SCENARIO}).content.decode()
    assert "Rood 2 op (5, 5) toont 2" in first
    assert f"?scenario={SCENARIO}&amp;step=1" in first  # next
    second = client.get(SIM, {"scenario": SCENARIO, "step": "1"}).content.decode()
    assert "schuift het steenblok" in second
    assert 'href="/nl/finstere-flure/ff-steen-schuiven/"' in second  # the caption cites the clause
    assert f"?scenario={SCENARIO}&amp;step=0" in second and f"?scenario={SCENARIO}&amp;step=2" in second
    refused = client.get(SIM, {"scenario": SCENARIO, "step": "2"}).content.decode()
    assert 'class="refused"' in refused and "buitenmuur" in refused


def test_what_if_actions_branch_into_new_urls_that_replay(client):
    html = client.get(SIM, {"scenario": SCENARIO, "step": "1"}).content.decode()
    links = re.findall(r'class="action" href="([^"]+)"[^>]*data-action="([^"]+)"', html)
    assert links
    url, action = links[0]
    url = url.replace("&amp;", "&")
    log = codec.decode(parse_qs(urlparse(url).query)["log"][0])
    assert log == Log(scenario=SCENARIO, actions=("move:red2:UU", action))
    response = client.get(url)
    assert response.status_code == 200
    assert "Step 2 of 2" in response.content.decode() or "Stap 2 van 2" in response.content.decode()


def test_the_mini_board_partial_is_served_to_htmx_demo_targets(client):
    response = client.get(SIM, {"scenario": SCENARIO, "step": "1"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-ff-steen-schuiven-1")
    body = response.content.decode()
    assert body.lstrip().startswith('<figure class="miniboard"')
    assert 'hx-target="#demo-ff-steen-schuiven-1"' in body
    assert "<svg" in body and 'role="img"' in body
    assert "HX-Target" in response.headers["Vary"]
    sim_part = client.get(SIM, {"scenario": SCENARIO}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="sim").content.decode()
    assert sim_part.lstrip().startswith('<div id="sim"')
    full = client.get(SIM, {"scenario": SCENARIO}, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in full.content.decode()


def test_pasted_position_becomes_a_log_and_bad_positions_name_the_field(client):
    good = '{"game": "finstere-flure", "players": ["red", "yellow"], "phase": "players", "monster": {"at": [0, 0], "facing": "R"}, "figures": {"red1": "pool", "red2": "pool", "red3": "pool", "red4": "pool", "yellow1": "pool", "yellow2": "pool", "yellow3": "pool", "yellow4": "pool"}, "turn": {"turns_taken": {"red": 0, "yellow": 0}}}'
    response = client.get(SIM, {"position": good})
    assert response.status_code == 302
    assert client.get(response.headers["Location"]).status_code == 200
    bad = good.replace('"red1": "pool"', '"red1": {"at": [0, 10], "showing": 1}')
    response = client.get(SIM, {"position": bad})
    assert response.status_code == 400
    assert "<code>figures.red1" in response.content.decode()  # the path inside the pasted position
    response = client.get(SIM, {"position": "{not json"})
    assert response.status_code == 400 and "geen geldige JSON" in response.content.decode()  # in the reader's language


@pytest.mark.parametrize(
    "params, field",
    [
        ({"scenario": "ff-bestaat-niet"}, "scenario"),
        ({"scenario": SCENARIO, "step": "99"}, "step"),
        ({"scenario": SCENARIO, "step": "-1"}, "step"),
        ({"scenario": SCENARIO, "step": "x"}, "step"),
        ({"log": "garbage"}, "log"),
        ({"log": "1.AAAA"}, "log"),
        ({"log": codec.encode(Log(setup={"players": 2}, actions=("move:red1:UUUUUUUU",)))}, "log.actions[0]"),
        ({"log": codec.encode(Log(setup={"players": 12}))}, "log.setup"),
    ],
)
def test_bad_addresses_get_a_400_naming_the_problem(client, params, field):
    response = client.get(SIM, params)
    assert response.status_code == 400
    assert f"<code>{field}" in response.content.decode()


def test_games_without_engine_and_unknown_games_are_404(client):
    from rulebooks.models import Game

    Game.objects.create(slug="zonder-motor", prefix="zm", title="Zonder motor", language="nl", order=99)
    assert client.get("/nl/zonder-motor/sim/").status_code == 404
    assert client.get("/nl/monopoly/sim/").status_code == 404


def test_the_simulator_page_offers_to_ask_a_question_with_this_position_attached(client):
    html = client.get(SIM, {"scenario": SCENARIO, "step": "1"}).content.decode()
    from urllib.parse import quote

    here = f"{SIM}?scenario={SCENARIO}&step=1"
    # A link to the ask form (the page itself stays free of a CSRF token) with this position.
    link = f"/nl/faq/ask/?game=finstere-flure&amp;position={quote(here, safe='')}"
    assert f'<a class="ask__open" href="{link}"' in html
    form = client.get(link.replace("&amp;", "&")).content.decode()
    assert f'<input type="hidden" name="position" value="{here.replace("&", "&amp;")}">' in form
    assert 'action="/nl/faq/ask/"' in form


def test_the_board_draws_the_path_of_the_last_move_and_nothing_at_the_start(client):
    start = client.get(SIM, {"scenario": SCENARIO, "step": "0"}).content.decode()
    assert 'class="trail"' not in start
    moved = client.get(SIM, {"scenario": SCENARIO, "step": "1"}).content.decode()
    # Red 2 walked up twice from (5, 5): squares (5, 5), (5, 4), (5, 3) drawn at +0.3 margin, centred.
    assert '<polyline class="trail" points="5.8,5.8 5.8,4.8 5.8,3.8">' in moved


def test_the_step_log_labels_moves_in_plain_words_by_where_they_ended(client):
    """Issue 11: no engine codes ("via UU") and no double numbering (the list numbers the steps)."""
    html = client.get(SIM, {"scenario": SCENARIO, "step": "4"}).content.decode()
    log = html[html.index('id="log-heading"') :]
    assert '<ol start="0"' in log
    assert ">Rood 2: 2 omhoog, tot (5, 3); schuift een steenblok</a>" in log
    assert ">Geel 1: 1 naar links, tot (13, 5)</a>" in log
    assert ">Geel 1: 1 naar rechts</a>" in log  # a refused step has no destination
    assert "via UU" not in log and ">1. " not in log
    english = client.get("/en" + SIM[3:], {"scenario": SCENARIO, "step": "4"}).content.decode()
    assert ">Red 2: 2 up, to (5, 3); pushes a stone</a>" in english


def _ending_scenarios():
    engine = get_engine("finstere-flure")
    out = []
    for sid in scenario_paths("finstere-flure"):
        timeline = from_scenario(engine, load_scenario("finstere-flure", sid))
        if engine.is_over(timeline.frames[-1].state):
            out.append((sid, timeline.last))
    return out


ENDINGS = _ending_scenarios()


def test_there_are_ending_scenarios_for_every_ending():
    engine = get_engine("finstere-flure")
    endings = set()
    for sid, last in ENDINGS:
        state = from_scenario(engine, load_scenario("finstere-flure", sid)).frames[last].state
        endings.add(engine.result(state).clause)
    assert endings >= {"ff-einde-kampioenschap", "ff-einde-bord-leeg", "ff-einde-kaarten-op"}


@pytest.mark.parametrize("sid, last", ENDINGS, ids=[sid for sid, _ in ENDINGS])
def test_the_game_over_sentence_is_shown_on_every_ending(client, sid, last):
    engine = get_engine("finstere-flure")
    state = from_scenario(engine, load_scenario("finstere-flure", sid)).frames[last].state
    result = engine.result(state)
    sentence = engine.describe_result(result)
    assert sentence and ("wint" in sentence or "gelijkspel" in sentence)
    html = client.get(SIM, {"scenario": sid, "step": last}).content.decode()
    shown = re.search(r'<p class="sim-result"[^>]*>(.*?)</p>', html, re.S)
    assert shown, "no game-over paragraph"
    text = re.sub(r"<[^>]+>", " ", shown.group(1))
    assert sentence in text, f"{sentence!r} not in {text!r}"
    assert f'href="/nl/finstere-flure/{result.clause}/"' in shown.group(1)


def test_pages_with_boards_link_the_games_own_stylesheet_and_it_is_served(client):
    for url in (f"{SIM}?scenario={SCENARIO}", "/nl/finstere-flure/", "/nl/finstere-flure/ff-steen-schuiven/"):
        assert '<link rel="stylesheet" href="/static/games/finstere-flure/board.css">' in client.get(url).content.decode()
    response = client.get("/static/games/finstere-flure/board.css")
    assert response.status_code == 200
    css = b"".join(response.streaming_content) if response.streaming else response.content
    assert b".board-svg .sq-blood" in css and b".board-svg .monster" in css
    # Pages without a game carry no game stylesheet.
    assert "/static/games/" not in client.get("/nl/").content.decode()


def test_a_german_reader_gets_the_engines_sentences_in_german_marked_as_german(client):
    """Issue 12: the refusal, events, board and the scenario's caption (its German text) of a
    Dutch rulebook's demo follow the page's language, and say so in lang=."""
    html = client.get(SIM.replace("/nl/", "/de/"), {"scenario": SCENARIO, "step": "2"}).content.decode()
    reason = re.search(r'<p class="refused-reason" lang="(\w+)">([^<]*)', html)
    assert reason and reason.group(1) == "de" and "Steinblock" in reason.group(2) and "Außenmauer" in reason.group(2)
    assert re.search(r'<ul class="board-legend" lang="de"', html)
    assert re.search(r'<span class="board-legend__name">Rot \(R\)</span>', html)
    caption = re.search(r'<p class="sim-caption" lang="(\w+)">', html)
    assert caption and caption.group(1) == "de"  # the scenario's German text (scenario_texts/de.toml)
    dutch = client.get(SIM, {"scenario": SCENARIO, "step": "2"}).content.decode()
    assert re.search(r'<p class="refused-reason" lang="nl">[^<]*steenblok', dutch)
