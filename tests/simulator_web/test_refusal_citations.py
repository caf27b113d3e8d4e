"""Issue 41 on the pages, the API and the rooms' scenes: a skipped step is an event that shows with its
clause, a refusal cites the rule in words, and a verdict that rests on the site's own reading of an
open rule carries the mark "the site's reading" (nl, de, en) linked to the clause's interpretation
note. Also the review's N19: the new-game form says "seed" in Dutch words."""

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from rulebooks.models import Game
from rules.core import codec
from rules.core.codec import Log
from rules.core.registry import get_game
from simulator.scene import clauses_for, events_cited

pytestmark = pytest.mark.usefixtures("rulebooks")

GUARD_SKIPPED = {  # the review's D2: red lays a tile on (0, 1), which no tower reaches
    "game": "torens-en-dieven", "players": ["red", "blue"], "phase": "place", "turn": "red", "drawn": "land",
    "tiles": [[0, 0, "start"], [1, 0, "tower"], [2, 0], [3, 0, "tower"]],
    "towers": [{"at": [1, 0], "pieces": 2}, {"at": [3, 0], "pieces": 1}],
    "stack": {"land": 5}, "followers": {"red": 6},
}  # fmt: skip
ALL_INSIDE = {  # blue's last wizard steps into the Raventoren with no flask filled: the site's reading (N15)
    "players": ["red", "blue"], "wizards_each": 1, "turn": {"player": "blue"},
    "spaces": {**{str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)}, "16": {"wizards": ["blue"]}},
    "raven": {"at": 1, "inside": {"red": 1}},
    "hands": {"red": ["w1", "t1", "x1"], "blue": ["w1", "t2", "x2"]},
}  # fmt: skip
MARK = {"nl": "lezing van de site", "de": "Lesart der Seite", "en": "the site’s reading"}


@pytest.fixture
def client():
    return Client()


def apply(client, game, body, lang="nl"):
    response = client.post(f"/api/v1/games/{game}/apply?lang={lang}", json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    return response.json()


def sim_page(client, lang, game, log, step):
    response = client.get(f"/{lang}/{game}/sim/", {"log": codec.encode(log), "step": step})
    assert response.status_code == 200
    return response.content.decode()


def test_the_api_tells_a_skipped_step_cites_the_rule_in_words_and_marks_the_sites_reading(client):
    data = apply(client, "torens-en-dieven", {"position": GUARD_SKIPPED, "apply": ["place:0,1", "guard:1,0"]})
    placed, guard = data["results"]
    skipped = [e for e in placed["events"] if e["key"] == "guard.skipped.no-reach"]
    assert [(e["clause"], e["text"]) for e in skipped] == [
        ("td-torenbereik", "Geen enkele toren bereikt de tegel op (0, 1): Rood kan geen wachter zetten, dus valt die keuze weg.")
    ]
    assert guard["legal"] is False and guard["clause"] == "td-torenbereik"
    assert "guard:1,0" not in guard["reason"] and "Nu trekt Blauw een tegel" in guard["reason"]

    spell = {
        "players": ["red", "blue"],
        "spaces": {**{str(t + 1): {"towers": [{"tower": t}]} for t in range(1, 10)},
                   "11": {"wizards": ["red"] * 5}, "12": {"wizards": ["blue"] * 5}},
        "flasks": {"red": {"filled": 1, "empty": 5}}, "hands": {"red": ["w1", "t1", "t2"], "blue": ["t3", "t4", "w5"]},
    }  # fmt: skip
    (result,) = apply(client, "betoverde-torens", {"position": spell, "apply": ["spell:wizard-fwd:11"]}, "en")["results"]
    assert result["clause"] == "bt-spreuk-tovenaar" and "reading" not in result  # its own cost line

    data = apply(client, "betoverde-torens", {"position": ALL_INSIDE, "apply": ["play:w1:wizard:16"]})
    events = {e["key"]: e for e in data["results"][0]["events"]}
    assert events["end.stalled"]["reading"] == "bt-einde-spel"
    assert "reading" not in events["turn.raven-ends"]  # the rulebook's text decides that one
    assert data["result"]["key"] == "result.stalled" and data["result"]["reading"] == "bt-einde-spel"


def test_the_board_marks_the_sites_reading_in_every_language_with_a_link_to_the_note(client):
    for lang in ("nl", "de", "en"):
        html = sim_page(client, lang, "betoverde-torens", Log(position=ALL_INSIDE, actions=("play:w1:wizard:16",)), 1)
        links = re.findall(r'<a class="reading" href="([^"]+)"[^>]*>([^<]+)</a>', html)
        assert (f"/{lang}/betoverde-torens/bt-einde-spel/#bt-einde-spel-note", MARK[lang]) in links
        assert len(links) >= 2  # the event and the result (and the Raventoren's move)
        note = client.get(f"/{lang}/betoverde-torens/bt-einde-spel/").content.decode()
        assert 'id="bt-einde-spel-note"' in note  # the link lands on the interpretation note


def test_the_board_shows_the_skipped_guard_step_with_its_clause_and_n19_seed_in_dutch(client):
    html = sim_page(client, "nl", "torens-en-dieven", Log(position=GUARD_SKIPPED, actions=("place:0,1",)), 1)
    clause = Game.objects.get(slug="torens-en-dieven").clauses.get(anchor="td-torenbereik")
    shown = re.search(r'Geen enkele toren bereikt de tegel op \(0, 1\)[^<]*<a class="cite" href="([^"]+)"', html)
    assert shown is not None and shown.group(1).endswith("/torens-en-dieven/td-torenbereik/")
    assert f"§{clause.number}" in html
    form = client.get("/nl/torens-en-dieven/sim/").content.decode()  # N19: no English word in the Dutch form
    assert "Startgetal voor het toeval" in form and "Seed" not in form


def test_the_rooms_scene_marks_the_reading_and_cites_each_event():
    """A room renders what happened through scene.events_cited (rooms.presenter.room_happened)."""
    engine = get_game("betoverde-torens").engine
    _after, events = engine.apply(engine.state_from_position(ALL_INSIDE), "play:w1:wizard:16")
    game = Game.objects.get(slug="betoverde-torens")
    with translation.override("de"):
        cited = {c.clause_id: c for c in events_cited(engine, events, clauses_for(game, "de"), "de")}
    assert cited["bt-einde-spel"].reading == "bt-einde-spel" and "Lesart der Seite" in cited["bt-einde-spel"].cite
    assert cited["bt-tovenaar-in-raventoren"].reading == "" and "reading" not in cited["bt-tovenaar-in-raventoren"].cite
