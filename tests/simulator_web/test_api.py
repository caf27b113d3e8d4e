"""The JSON rules API: listing, scenario steps, applying actions, and JSON errors."""

import base64
import json
import zlib

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebooks.models import Game
from rules.core import codec
from rules.core.codec import Log
from rules.core.registry import get_engine

pytestmark = pytest.mark.usefixtures("rulebooks")
API = "/api/v1/games/"
SCENARIO = "ff-steen-schuiven"


@pytest.fixture
def client():
    return Client()


def post(client, body, game="finstere-flure"):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(f"{API}{game}/apply", data=data, content_type="application/json")


def test_games_lists_the_four_games_and_which_have_an_engine(client):
    data = client.get(API).json()
    engines = {g["slug"]: g["engine"] for g in data["games"]}
    assert set(engines) == set(Game.objects.values_list("slug", flat=True))  # every game on the site
    assert engines == {slug: get_engine(slug) is not None for slug in engines} and engines["finstere-flure"]
    ff = next(g for g in data["games"] if g["slug"] == "finstere-flure")
    players = next(o for o in ff["setup"] if o["name"] == "players")
    assert players["type"] == "int" and players["min"] == 2 and players["max"] == 7
    assert [o["name"] for o in ff["setup"]] == ["players", "dmaufbau"]  # no seed: it is the driver's
    assert ff["seats"] == {"min": 2, "max": 7} and ff["chance"] is True


def test_each_applied_action_carries_the_position_after_it(client):
    from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION

    data = post(client, {"position": WORKED_EXAMPLE_POSITION, "apply": ["monster"] * 10}).json()
    results = data["results"]
    assert all(r["legal"] for r in results)
    # The rulebook's worked monster turn (ff-monster-voorbeeld), step by step in one request.
    assert results[0]["position"]["monster"] == {"at": [4, 2], "facing": "D"}
    assert results[1]["position"]["monster"] == {"at": [5, 2], "facing": "R"}
    assert results[2]["position"]["monster"]["at"] == [10, 2]
    assert results[2]["position"]["figures"]["yellow1"]["at"] == "pool"
    assert results[6]["position"]["monster"]["at"] == [2, 8]  # through the wall
    assert results[-1]["position"] == data["position"]
    assert all(e["text"] and e["key"] for r in results for e in r["events"])


def test_a_seeded_draw_is_reproducible_and_stored_as_the_drawn_card(client):
    import random

    from rules.core.bots import RandomBot, play
    from rules.core.setup import validate_setup
    from rules.games.finstere_flure import ENGINE

    # Random players play round one until the first monster card is to be turned over.
    start = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2}))
    bots = {seat: RandomBot() for seat in ENGINE.seats(start)}
    actions = []
    state = start
    while ENGINE.current_actor(state) != "chance":
        step = play(ENGINE, state, bots, random.Random(len(actions)), max_actions=1)
        actions += step.actions
        state = step.state
    body = {"setup": {"players": 2}, "seed": 11, "actions": actions}
    first = post(client, {**body, "apply": ["@draw"]}).json()
    second = post(client, {**body, "apply": ["@draw"]}).json()
    drawn = first["results"][0]
    assert drawn["legal"] and drawn["drawn"] is True and drawn["action"].startswith("card:")
    assert second["results"][0]["action"] == drawn["action"]
    log = codec.decode(first["log"])
    assert log.seed == 11 and log.actions[-1] == drawn["action"]
    other = [post(client, {**body, "seed": s, "apply": ["@draw"]}).json()["results"][0]["action"] for s in range(12)]
    assert len(set(other)) > 1  # the seed matters
    # Drawing where chance does not act is refused, naming the reason.
    wrong = post(client, {"setup": {"players": 2}, "seed": 1, "apply": ["@draw"]}).json()["results"][0]
    assert wrong["legal"] is False and "nothing to draw" in wrong["reason"]


def test_scenarios_and_a_scenario_step(client):
    items = client.get(f"{API}finstere-flure/scenarios/").json()["scenarios"]
    assert SCENARIO in {s["id"] for s in items}
    step = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/", {"step": 1}).json()
    assert step["step"] == 1 and step["action"] == "move:red2:UU"
    assert "ff-steen-schuiven" in {e["clause"] for e in step["events"]}
    assert [5, 2] in step["position"]["stones"]
    assert step["actor"] == "yellow" and step["legal_actions"]
    assert codec.decode(step["log"]) == Log(scenario=SCENARIO, actions=("move:red2:UU",))
    refused = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/", {"step": 2}).json()
    assert refused["refused"]["clause"] == "ff-steen-schuiven"


def test_apply_reports_legal_and_illegal_actions_with_clauses(client):
    start = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/").json()["position"]
    data = post(client, {"position": start, "apply": ["move:red2:UU", "move:yellow1:U", "move:yellow1:"]}).json()
    first, second, third = data["results"]
    assert first["legal"] is True and "ff-steen-schuiven" in {e["clause"] for e in first["events"]}
    assert second == {
        "action": "move:yellow1:U",
        "legal": False,
        "code": "illegal-action",
        "reason": second["reason"],
        "clause": "ff-steen-schuiven",
    }
    assert third == {"action": "move:yellow1:", "legal": None, "skipped": True}
    assert data["actor"] == "yellow"
    # The log reproduces the position after the last legal action.
    again = post(client, {"log": data["log"], "apply": "move:yellow1:"}).json()
    assert again["results"][0]["legal"] is True


def test_apply_from_setup_with_actions(client):
    data = post(client, {"setup": {"players": 2}, "actions": ["move:red1:E"], "apply": ["move:yellow1:E", "move:yellow2:EL"]}).json()
    # Red 1 stands on the start square, so yellow 1 (showing 1) cannot enter ...
    assert data["results"][0]["legal"] is False and data["results"][0]["clause"]
    data = post(client, {"setup": {"players": 2}, "actions": ["move:red1:E"], "apply": ["move:yellow2:EL"]}).json()
    # ... but yellow 2 (showing 2) jumps over it (ff-over-figuren-springen).
    assert data["results"][0]["legal"] is True
    assert data["position"]["figures"]["yellow2"]["at"] == [14, 10]


@pytest.mark.parametrize(
    "body, field",
    [
        ("not json", "body"),
        ("[1, 2]", "body"),
        ({"apply": ["x"]}, "position"),
        ({"setup": {"players": 2}, "apply": ""}, "apply"),
        ({"setup": {"players": 2}, "apply": {}}, "apply"),
        ({"setup": {"players": 2}, "apply": [3]}, "apply"),
        ({"setup": {"players": 2}, "position": {}, "apply": ["x"]}, "position"),
        ({"setup": {"players": 9}, "apply": ["x"]}, "setup.players"),
        ({"setup": {"players": 2}, "actions": ["move:red1:UUUUU"], "apply": ["x"]}, "actions[0]"),
        ({"log": "1.garbage!", "apply": ["x"]}, "log"),
        ({"log": 5, "apply": ["x"]}, "log"),
        ({"position": {"game": "finstere-flure"}, "apply": ["x"]}, "position."),
        ({"evil": 1, "apply": ["x"]}, "evil"),
        ({"setup": {"players": 2}, "seed": "x", "apply": ["x"]}, "seed"),
        ({"setup": {"players": 2, "colour": 1}, "apply": ["x"]}, "setup.colour"),
    ],
)
def test_apply_errors_are_json_400_naming_the_field(client, body, field):
    response = post(client, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"].startswith(field), error
    assert error["reason"]


def test_unknown_game_scenario_and_endpoint_are_json_404(client):
    assert client.get(f"{API}monopoly/scenarios/").status_code == 404
    Game.objects.create(slug="zonder-motor", prefix="zm", title="Zonder motor", language="nl", order=99)
    assert client.get(f"{API}zonder-motor/scenarios/").json()["error"]["field"] == "game"
    assert client.get(f"{API}finstere-flure/scenarios/nope/").status_code == 404
    response = client.get("/api/v1/nothing/here")
    assert response.status_code == 404 and response.json()["error"]["field"] == "path"
    assert client.get(f"{API}finstere-flure/apply").status_code == 405


def _nested(depth: int, leaf: str = "1") -> str:
    return "[" * depth + leaf + "]" * depth


def _token(payload: bytes) -> str:
    """A log token around any bytes (version 1: base64url of zlib)."""
    return "1." + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("=")


# The inputs that gave 500s (review 2026-11-30, defect 2): Python's JSON decoder raises
# RecursionError for deep nesting and ValueError for integers over 4,300 digits.
HOSTILE_JSON = st.one_of(
    st.integers(33, 5000).map(_nested),
    st.integers(33, 3000).map(lambda n: '{"apply": "x", "position": {"a": ' + _nested(n) + "}}"),
    st.integers(31, 6000).map(lambda n: '{"apply": "x", "setup": {"players": ' + "1" * n + "}}"),
    st.integers(31, 6000).map(lambda n: '{"apply": "x", "setup": {"players": 2}, "seed": -' + "9" * n + "}"),
    st.sampled_from(['{"apply": "x", "seed": NaN, "setup": {}}', '{"apply": "x", "setup": {"players": 1e999}}', "[Infinity]"]),
)
# Digits that str.isdigit() accepts and int() refuses, or that int() reads but are not ASCII.
ODD_DIGITS = st.sampled_from(["²", "①", "𝟏", "٣", "--4", "-4", "4\n", " 4", "+4", "0x1", "1_0", "१"])


@pytest.mark.parametrize(
    "body",
    [
        '{"apply": "x", "position": ' + "[" * 1000 + "]" * 1000 + "}",
        '{"apply": "x", "setup": {"players": ' + "1" * 4301 + "}}",
        json.dumps({"log": _token(b'{"setup": {"players": ' + b"1" * 5000 + b"}}"), "apply": "x"}),
        json.dumps({"log": _token(b'{"position": ' + b"[" * 2000 + b"]" * 2000 + b"}"), "apply": "x"}),
    ],
    ids=["deep-position", "huge-number", "huge-number-in-log", "deep-log"],
)
def test_deep_nesting_and_huge_numbers_are_a_json_400_naming_the_field(client, body):
    response = post(client, body)
    assert response.status_code == 400 and response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["field"] == ("log" if "log" in body[:10] else "body") and error["reason"]


@pytest.mark.parametrize("step", ["①", "²", "𝟏", "٣", "-1", "1.0", "9" * 30])
def test_a_step_that_is_not_ascii_digits_is_a_json_400(client, step):
    response = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/", {"step": step})
    assert response.status_code == 400
    assert response.json()["error"] == {"code": "bad-value", "field": "step", "reason": "must be a whole number", "message": "must be a whole number"}


def test_the_api_root_answers_json_not_a_redirect(client):
    response = client.get("/api/v1/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json()["openapi"] == "/api/v1/openapi.json"


@pytest.mark.parametrize("url", ["/api/", "/api/v2/", "/api/v2/games/", "/api/v1x/", "/api/betoverde-torens/"])
def test_other_api_addresses_are_a_json_404_not_a_language_redirect(client, url):
    """"/nl/api/v2/" would resolve as a rulebook clause page, and Django's LocaleMiddleware
    redirects a 404 to such a path: the API's addresses keep their JSON 404."""
    response = client.get(url)
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["field"] == "path"


def test_the_api_root_without_its_slash_still_leads_to_it(client):
    response = client.get("/api/v1")
    assert response.status_code == 301 and response["Location"] == "/api/v1/"


def test_pages_without_a_language_are_still_redirected_to_one(client):
    response = client.get("/finstere-flure/")
    assert response.status_code == 302 and response["Location"] == "/nl/finstere-flure/"


@pytest.mark.parametrize(
    "method, url",
    [
        ("post", f"{API}finstere-flure/apply/"),  # a slash too many
        ("post", "/api/v1/nothing/here"),
        ("post", f"{API}fin%00/apply"),
        ("put", f"{API}finstere-flure/apply/"),
    ],
)
def test_a_post_to_an_unknown_address_is_a_json_404_even_without_a_csrf_token(method, url):
    response = getattr(Client(enforce_csrf_checks=True), method)(url, "{}", content_type="application/json")
    assert response.status_code == 404 and response["Content-Type"] == "application/json"
    assert response.json()["error"]["field"] == "path"


@pytest.mark.parametrize(
    "method, url, allow",
    [
        ("get", f"{API}finstere-flure/apply", "POST"),
        ("put", f"{API}finstere-flure/apply", "POST"),
        ("delete", API, "GET, HEAD"),
        ("post", f"{API}finstere-flure/scenarios/", "GET, HEAD"),
        ("put", "/api/v1/", "GET, HEAD"),
    ],
)
def test_a_wrong_method_is_a_json_405_with_allow(method, url, allow):
    response = getattr(Client(enforce_csrf_checks=True), method)(url)
    assert response.status_code == 405 and response["Content-Type"] == "application/json"
    assert response["Allow"] == allow
    assert response.json()["error"]["field"] == "method"


def test_head_is_allowed_where_get_is(client):
    assert client.head(API).status_code == 200
    assert client.head(f"{API}finstere-flure/scenarios/{SCENARIO}/").status_code == 200


def test_a_body_over_the_limit_is_a_json_413(client, settings):
    from simulator.api import MAX_BODY_BYTES

    response = post(client, "[" + "1," * MAX_BODY_BYTES + "1]")
    assert response.status_code == 413 and response.json()["error"]["field"] == "body"
    # Over Django's own limit too (it refuses to read the body at all).
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post(client, {"setup": {"players": 2}, "apply": ["x" * 2000]})
    assert response.status_code == 413 and response.json()["error"]["field"] == "body"


@given(body=st.one_of(
    st.text(max_size=200),
    st.binary(max_size=200),
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=20),
        lambda children: st.lists(children, max_size=4) | st.dictionaries(st.sampled_from(["position", "setup", "log", "scenario", "actions", "apply", "x"]), children, max_size=4),
        max_leaves=12,
    ).map(json.dumps),
    HOSTILE_JSON,
))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_bodies_never_cause_a_server_error(client, body):
    response = post(client, body)
    assert response.status_code in (200, 400, 413)
    assert "application/json" in response.headers["Content-Type"]


@given(step=st.one_of(ODD_DIGITS, st.text(max_size=8), st.integers(-10, 10**30).map(str)))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_steps_never_cause_a_server_error(client, step):
    response = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/", {"step": step})
    assert response.status_code in (200, 400)
    assert response["Content-Type"] == "application/json"


@pytest.mark.parametrize("lang", ["fr", "NL", "", "de-DE"])
def test_an_unknown_lang_is_a_json_400_naming_it(client, lang):
    response = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/", {"step": 1, "lang": lang})
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "lang" and "nl, de, en" in response.json()["error"]["reason"]
    body = {"scenario": SCENARIO, "apply": "move:red2:UU"}
    bad = client.post(f"{API}finstere-flure/apply?lang={lang}", data=json.dumps(body), content_type="application/json")
    assert bad.status_code == 400 and bad.json()["error"]["field"] == "lang"


def test_the_games_sentences_follow_lang_then_accept_language_then_the_rulebook(client):
    """Issue 12: events, refusals and results in the asked language, with the glossary's terms;
    keys, clauses and positions do not change with it."""
    from django.conf import settings

    from rulebooks.glossary import glossary_path, read_glossary

    terms = {t.id: t for t in read_glossary(glossary_path(settings.RULEBOOK_CONTENT_DIR, "finstere-flure"))}
    url = f"{API}finstere-flure/scenarios/{SCENARIO}/"
    by_lang = {lang: client.get(url, {"step": 2, **({"lang": lang} if lang else {})}).json() for lang in ("", "nl", "de", "en")}
    assert by_lang[""]["refused"]["reason"] == by_lang["nl"]["refused"]["reason"]  # the rulebook's language
    for lang in ("nl", "de", "en"):
        reason = by_lang[lang]["refused"]["reason"]
        assert terms["stone-block"].word(lang).lower() in reason.lower(), (lang, reason)
        assert terms["outer-wall"].word(lang).lower() in reason.lower(), (lang, reason)
        assert by_lang[lang]["refused"]["clause"] == "ff-steen-schuiven"
        assert by_lang[lang]["position"] == by_lang["nl"]["position"]
    german = client.get(url, {"step": 1}, headers={"Accept-Language": "fr-FR, de;q=0.8, en;q=0.5"}).json()
    dutch = client.get(url, {"step": 1}).json()
    assert [e["key"] for e in german["events"]] == [e["key"] for e in dutch["events"]]
    assert any("Steinblock" in e["text"] for e in german["events"])
    assert not any("Steinblock" in e["text"] for e in dutch["events"])
    # ?lang= wins over the header; a header without nl, de or en means the rulebook's language.
    english = client.get(url, {"step": 1, "lang": "en"}, headers={"Accept-Language": "de"}).json()
    assert any("stone block" in e["text"] for e in english["events"])
    assert client.get(url, {"step": 1}, headers={"Accept-Language": "fr"}).json()["events"] == dutch["events"]


def test_apply_judges_in_the_asked_language(client):
    start = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/").json()["position"]
    body = {"position": start, "apply": ["move:red2:UU", "move:yellow1:U"]}
    english = client.post(f"{API}finstere-flure/apply?lang=en", data=json.dumps(body), content_type="application/json").json()
    moved, refused = english["results"]
    assert any("stone block" in e["text"] for e in moved["events"])
    assert refused["legal"] is False and "stone block" in refused["reason"] and refused["clause"] == "ff-steen-schuiven"


def test_request_errors_carry_a_message_in_the_asked_language(client):
    """Issue 12: the API's own checks speak the request's language in "message"; "reason" stays
    English for programs."""
    english = client.get(f"{API}nope/scenarios/").json()["error"]
    assert english == {
        "code": "unknown-game", "field": "game", "reason": "unknown game 'nope'", "message": "unknown game 'nope'",
        "data": {"game": "nope"},
    }  # fmt: skip
    german = client.get(f"{API}nope/scenarios/", {"lang": "de"}).json()["error"]
    assert german["reason"] == "unknown game 'nope'" and german["message"] == "unbekanntes Spiel 'nope'"
    dutch = client.post(
        f"{API}finstere-flure/apply", data="[]", content_type="application/json", headers={"Accept-Language": "nl"}
    ).json()["error"]
    assert dutch["field"] == "body" and dutch["message"] == "de inhoud moet een JSON-object zijn"
    assert client.get("/api/v2/", headers={"Accept-Language": "de"}).json()["error"]["message"] == (
        "kein API-Endpunkt unter /api/v2/"
    )


def test_a_refused_action_in_a_log_is_worded_by_the_rule_in_the_asked_language(client):
    start = client.get(f"{API}finstere-flure/scenarios/{SCENARIO}/").json()["position"]
    body = {"position": start, "actions": ["move:red2:UU", "move:red2:UU"], "apply": "move:yellow1:U"}
    response = client.post(f"{API}finstere-flure/apply?lang=de", data=json.dumps(body), content_type="application/json")
    error = response.json()["error"]
    assert response.status_code == 400 and error["field"] == "actions[1]"
    assert error["reason"].startswith("'move:red2:UU' is not allowed here:")
    assert error["message"].startswith("'move:red2:UU' ist hier nicht erlaubt:")
