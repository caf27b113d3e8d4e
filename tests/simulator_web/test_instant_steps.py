"""Instant steps: cached timelines, boards and citations built in Python, the windowed step log."""

import random
import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client

from pagecache.httpcache import STORE
from rules.core import codec
from rules.core.bots import play, random_bots
from rules.core.codec import Log
from rules.core.registry import all_games, get_game
from rules.core.scenario_files import scenario_paths
from rules.core.setup import random_setup
from rules.core.timeline import Timeline, TimelineError, from_log
from simulator import timelines
from simulator.presenter import LOG_WINDOW
from simulator.timelines import CACHE, TimelineCache

pytestmark = pytest.mark.usefixtures("rulebooks")
FF = "finstere-flure"
SIM = f"/nl/{FF}/sim/"
HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sim"}
# The site's games (not the tests' toy game, which has no rulebook in the database).
GAMES = [s.slug for s in all_games() if type(s.engine).__module__.startswith("rules.games.") and scenario_paths(s.slug)]


@pytest.fixture
def client():
    CACHE.clear()
    yield Client()
    CACHE.clear()


def random_log(slug, actions, seed=3):
    engine = get_game(slug).engine
    rng = random.Random(seed)
    setup = random_setup(engine, rng)
    state = engine.initial_state(setup)
    return Log(setup=setup, actions=play(engine, state, random_bots(engine, state), rng, max_actions=actions).actions)


def page(client, params, **headers):
    response = client.get(SIM, params, **headers)
    assert response.status_code == 200
    return response.content.decode()


def step_log(html):
    return re.search(r'<section aria-labelledby="log-heading".*?</section>', html, re.S).group(0)


def steps_linked(html):
    """The steps of this timeline that the simulator links in ``html`` link to (not clause citations)."""
    hrefs = [h.replace("&amp;", "&") for h in re.findall(r'href="([^"]*)"', html) if "/sim/?" in h]
    return {int(parse_qs(urlparse(href).query)["step"][0]) for href in hrefs}


# --- the cache ----------------------------------------------------------------------------------


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_cached_timeline_renders_the_same_page_as_a_fresh_replay(client, headers):
    token = codec.encode(random_log(FF, 90))
    for step in (0, 45, 90):
        CACHE.clear()
        fresh = page(client, {"log": token, "step": step}, **headers)
        hits = CACHE.hits
        STORE.clear()  # the rendered page is stored too; render it again from the cached timeline
        cached = page(client, {"log": token, "step": step}, **headers)
        assert CACHE.hits == hits + 1
        assert cached == fresh
    CACHE.clear()
    fresh = page(client, {"scenario": "ff-steen-schuiven", "step": 2})
    STORE.clear()
    assert page(client, {"scenario": "ff-steen-schuiven", "step": 2}) == fresh and CACHE.hits == 1


def test_stepping_through_a_log_replays_it_once(client, monkeypatch):
    calls = []

    def counting_from_log(engine, log):
        calls.append(log)
        return from_log(engine, log)

    monkeypatch.setattr(timelines, "from_log", counting_from_log)
    token = codec.encode(random_log(FF, 40))
    for step in range(0, 41, 5):
        page(client, {"log": token, "step": step}, **HTMX)
    assert len(calls) == 1


def test_the_cache_never_serves_one_log_for_another(client):
    log = random_log(FF, 60)
    other = random_log(FF, 60, seed=4)
    assert log != other
    a, b = codec.encode(log), codec.encode(other)
    page_a = page(client, {"log": a, "step": 60})
    page_b = page(client, {"log": b, "step": 60})
    CACHE.clear()
    assert page(client, {"log": b, "step": 60}) == page_b != page_a
    engine = get_game(FF).engine
    assert timelines.log_timeline(engine, a).log == log and timelines.log_timeline(engine, b).log == other


def test_the_cache_keeps_games_apart(client):
    token = codec.encode(random_log(FF, 30))
    timelines.log_timeline(get_game(FF).engine, token)
    with pytest.raises(TimelineError):  # the same token for another game is replayed there, and refused
        timelines.log_timeline(get_game("torens-en-dieven").engine, token)
    assert client.get("/nl/torens-en-dieven/sim/", {"log": token}).status_code == 400


def test_a_bad_log_is_still_refused_after_a_good_one_was_cached(client):
    token = codec.encode(random_log(FF, 10))
    assert client.get(SIM, {"log": token}).status_code == 200
    assert client.get(SIM, {"log": token[:-12]}).status_code == 400
    assert client.get(SIM, {"log": token, "step": "11"}).status_code == 400


def _timeline(frames):
    return Timeline(engine=None, frames=list(range(frames)), log=Log(setup={}))


def test_the_cache_is_bounded_by_frames_and_drops_the_least_recently_used():
    cache = TimelineCache(max_frames=10)
    first = cache.get("a", lambda: _timeline(4))
    cache.get("b", lambda: _timeline(4))
    assert cache.get("a", lambda: _timeline(4)) is first  # a hit: "a" is now the most recent
    cache.get("c", lambda: _timeline(4))  # 12 frames: "b" goes
    assert len(cache) == 2 and cache.frames == 8
    assert cache.get("a", lambda: _timeline(4)) is first
    rebuilt = cache.get("b", lambda: _timeline(4))
    assert cache.misses == 4 and rebuilt is not None
    huge = cache.get("huge", lambda: _timeline(11))  # larger than the cache: served, not kept
    assert len(huge.frames) == 11 and "huge" not in cache._entries


# --- the windowed step log ----------------------------------------------------------------------


def test_the_step_log_shows_a_window_around_the_current_step(client):
    log = random_log(FF, 100)
    html = page(client, {"log": codec.encode(log), "step": 50})
    section = step_log(html)
    assert f'<ol start="{50 - LOG_WINDOW}"' in section
    current = re.search(r'<li aria-current="step"><a href="([^"]*)"', section).group(1)
    assert steps_linked(f'href="{current}"') == {50}
    rows = steps_linked(section)
    assert set(range(50 - LOG_WINDOW, 50 + LOG_WINDOW + 1)) <= rows
    assert rows - set(range(50 - LOG_WINDOW, 50 + LOG_WINDOW + 1)) == {50 - LOG_WINDOW - 1 - LOG_WINDOW, 50 + LOG_WINDOW + 1 + LOG_WINDOW}
    assert 'class="step-log__more step-log__earlier"' in section and 'class="step-log__more step-log__later"' in section


@pytest.mark.parametrize("direction", ["earlier", "later"])
def test_window_links_reach_the_first_and_the_last_step_and_every_step_between(client, direction):
    log = random_log(FF, 130)
    token, last = codec.encode(log), len(log.actions)
    seen, url, pages = set(), f"{SIM}?log={token}&step=65", 0
    while url and pages < 20:
        section = step_log(page(client, {k: v[0] for k, v in parse_qs(urlparse(url).query).items()}))
        seen |= steps_linked(section)
        more = re.search(rf'<p class="step-log__more step-log__{direction}"><a href="([^"]*)"', section)
        url = more.group(1).replace("&amp;", "&") if more else None
        pages += 1
    end = 0 if direction == "earlier" else last
    assert end in seen
    wanted = range(0, 66) if direction == "earlier" else range(65, last + 1)
    assert set(wanted) <= seen
    if direction == "earlier":
        assert '<ol start="0"' in section and "Start</a>" in section


def test_a_short_timeline_has_no_window_links(client):
    html = step_log(page(client, {"scenario": "ff-steen-schuiven", "step": 1}))
    assert '<ol start="0"' in html and "Start</a>" in html
    assert "step-log__more" not in html
