"""The board scene (simulator.scene): what a player sees of one board on every surface, the one SVG
writer, clause titles per language, asking why a target is not offered, enlarging a crowded area,
what happened in a whole turn, the game-over panel, and chance against the computer."""

from __future__ import annotations

import json
import random
import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from rulebooks.localize import clause_titles
from rulebooks.models import Clause, Game
from rules.core import codec
from rules.core.bots import play, random_bots
from rules.core.codec import Log
from rules.core.engine import CHANCE
from rules.core.registry import get_game
from rules.core.replay import advance
from simulator import scene

pytestmark = pytest.mark.usefixtures("rulebooks")
FF = "/nl/finstere-flure/sim/"

# Red 2 on the left edge (0, 5), showing 5; the monster far away.
WALL_POSITION = {
    "game": "finstere-flure", "players": ["red", "yellow"], "phase": "players", "monster": {"at": [8, 5], "facing": "R"},
    "figures": {"red1": "pool", "red2": {"at": [0, 5], "showing": 5}, "red3": "pool", "red4": "pool",
                "yellow1": "pool", "yellow2": "pool", "yellow3": "pool", "yellow4": "pool"},
}  # fmt: skip


def position_log(position: dict) -> str:
    return codec.encode(Log(position=position))


def html_of(client, url: str, params: dict, status: int = 200) -> str:
    response = client.get(url, params)
    assert response.status_code == status, response.content.decode()[:2000]
    return response.content.decode()


def test_the_board_templates_of_the_second_renderer_are_gone():
    for name in ("simulator/_board_svg.html", "simulator/_clause_link.html", "simulator/_tap_bar.html"):
        with pytest.raises(TemplateDoesNotExist):
            get_template(name)


def test_the_editor_draws_its_board_with_the_one_writer(client):
    response = client.get(FF, {"new": "1", "players": "2", "then": "edit"})
    html = client.get(response["Location"]).content.decode()
    assert '<div class="board-frame' in html and 'class="board-svg board-svg--taps' in html  # markup.board_svg
    assert 'hx-target="#editor"' in html and 'class="board-action edit-target"' in html


def test_clause_titles_follow_the_readers_language_in_every_cache():
    game = Game.objects.get(slug="finstere-flure")
    dutch = scene.clauses_for(game, "nl")
    english = scene.clauses_for(game, "en")  # asked after the Dutch ones: not the Dutch cached
    translated = clause_titles("en", game=game)
    anchor = next(iter(translated))
    assert dutch.get(anchor).title == Clause.objects.get(game=game, anchor=anchor).title
    assert english.get(anchor).title == translated[anchor] != dutch.get(anchor).title
    assert scene.clauses_for(game, "en") is english  # kept for the content version


# --- why a target is not offered ----------------------------------------------------------------


def test_tapping_the_square_through_the_wall_says_why_citing_the_clause(client):
    html = html_of(client, FF, {"log": position_log(WALL_POSITION), "pick": "fig:red2", "why": "sq:15,5"})
    why = re.search(r'<p class="tap-why"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "buitenmuur" in why and 'href="/nl/finstere-flure/ff-orthogonaal/"' in why
    # The offered steps are still links, and the pick goes on from there.
    assert 'data-target="sq:1,5"' in html and "pick=fig%3Ared2" in html


def test_the_board_carries_the_address_that_asks_why(client):
    html = html_of(client, FF, {"log": position_log(WALL_POSITION), "pick": "fig:red2"})
    ask = unescape(re.search(r'data-ask="([^"]+)"', html).group(1))
    assert parse_qs(urlparse(ask).query, keep_blank_values=True)["why"] == [""] and "pick=fig%3Ared2" in ask
    assert 'data-target="sq:15,5"' in html  # a square that is not offered still names itself


def test_a_why_of_another_players_figure_cites_the_turn_order(client):
    position = json.loads(json.dumps(WALL_POSITION))
    position["figures"]["yellow2"] = {"at": [3, 3], "showing": 5}
    html = html_of(client, FF, {"log": position_log(position), "why": "fig:yellow2"})
    why = re.search(r'<p class="tap-why"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "Rood is aan de beurt" in why and "ff-beurtvolgorde" in why


def test_only_targets_a_thumb_can_hit_ask_why_the_smaller_ones_through_the_space_they_stand_on(client):
    """A target that is no link asks why (data-why) only where it is drawn at least 24 CSS px on a
    phone: the spaces of De Betoverde Torens, not the wizards and towers on them (a tap there is
    answered for the space, which answers for the wizard on it)."""
    log = codec.encode(Log(setup={"players": 2}, actions=()))
    response = client.get("/en/betoverde-torens/sim/", {"log": log, "step": 0})
    html = response.content.decode()
    asked = dict(re.findall(r'data-target="([^"]+)"( data-why)?', html))
    assert asked["sp:5"] == " data-why"
    wizards = [t for t in asked if t.startswith(("wiz:", "tw:", "fl:"))]
    assert wizards and all(asked[t] == "" for t in wizards)


@pytest.mark.parametrize(
    "params, field",
    [({"why": "not a target!"}, "why"), ({"why": "sq:99,99"}, "why"), ({"zoom": "1,2,3"}, "zoom"),
     ({"zoom": "5,5,1,1"}, "zoom"), ({"zoom": "500,500,600,600"}, "zoom")],
)
def test_a_bad_why_or_zoom_is_a_400_naming_it(client, params, field):
    html = html_of(client, FF, {"log": position_log(WALL_POSITION), **params}, status=400)
    assert f"<code>{field}</code>" in html


# --- a crowded area is enlarged first -----------------------------------------------------------


def test_companions_in_the_camp_are_tapped_at_once_each_a_thumb_wide(client):
    """Issue 34: the camp's companions are drawn a thumb apart (reviews-ux N16: 9 px discs before),
    so each is a link of its own with a hit area of at least 24 CSS px on a 390 px phone: no area
    to enlarge first (reviews-ux N3)."""
    log = codec.encode(Log(setup={"teams": 2}, actions=("start:red", "card:step2")))
    html = html_of(client, "/en/der-dunkle-turm/sim/", {"log": log})
    link = re.search(r'<a class="board-action[^"]*"[^>]*data-target="c:red1"[^>]*>(<rect class="board-hit"[^>]*>)?', html)
    assert link is not None and "pick=c%3Ared1" in link.group(0)
    width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', html).group(1))
    hit = link.group(1) or ""
    side = min(float(v) for v in re.findall(r'(?:width|height)="([\d.]+)"', hit)) if hit else 0.0
    assert side * scene.PHONE_PX / width >= scene.MIN_TAP_PX - 0.01
    assert 'class="board-action board-zoom"' not in html


def test_wizards_on_a_tower_are_enlarged_first_and_a_lone_tower_is_tapped_at_once(client):
    """Crowded small targets (three wizards on one tower) are reached by enlarging their area; a
    small target with room around it (a tower alone on its space, for the editor's wizard tool) is
    a link of its own with a thumb's hit area, the space still tapped around it (reviews-ux N3:
    every tower tap zoomed first)."""
    from simulator.editing import edit_url

    spec = get_game("betoverde-torens")
    engine = spec.engine
    start = engine.position_of(engine.initial_state({"players": 2, "solo_flasks": False, "teams": False,
                                                     "master": False, "master_spells": 4}))
    empty = spec.editor.blank(engine, start)  # the towers on spaces 2-10, no wizards on them
    html = html_of(client, edit_url("/en/betoverde-torens/sim/", empty, "wiz:blue"), {})
    towers = re.findall(r'<a class="board-action[^"]*" href="([^"]+)"[^>]*data-target="(tw:\d)"[^>]*><rect class="board-hit"', html)
    assert {t for _href, t in towers} == {f"tw:{n}" for n in range(1, 10)}
    assert all("at=tw%3A" in unescape(href) for href, _t in towers)  # placing on the tower, not a zoom
    assert re.search(r'data-target="sp:3"', html)  # the space is tapped around its tower
    from rules.core.editor import apply_fields

    playing = apply_fields(engine, spec.editor, start, {"hand_red_1": "w1", "phase": "play"}, "en")  # a wizard card 1
    played = html_of(client, "/en/betoverde-torens/sim/", {"log": position_log(playing)})
    zoom = re.search(r'<a class="board-action board-zoom" href="([^"]+)"[^>]*aria-label="([^"]+)"', played)
    assert zoom is not None and "red" in unescape(zoom.group(2)).lower()
    enlarged = html_of(client, unescape(zoom.group(1)), {})
    assert 'class="button board-whole"' in enlarged
    assert re.search(r'data-target="wiz:red:t\d"', enlarged)


# --- what happened: the whole turn ----------------------------------------------------------------


def test_what_happened_lists_the_monsters_whole_turn_with_every_events_clause(client):
    """Finstere Flure's worked example played at once: the card and every monster step with their
    events (the push and the crush first, then the walk through the wall), not only the last step."""
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    engine = get_game("finstere-flure").engine
    timeline = from_scenario(engine, load_scenario("finstere-flure", "ff-monster-voorbeeld"))
    html = html_of(client, FF, {"scenario": "ff-monster-voorbeeld", "step": timeline.last})
    now = re.search(r'<section class="sim__now".*?</section>', html, re.S).group(0)
    steps = re.findall(r'<li class="happened__step', now)
    rules = [f for f in timeline.frames[1:] if engine.current_actor(timeline.frames[f.index - 1].state) in (CHANCE, "monster")]
    assert len(steps) == len(rules) > 1
    events = sum(len(f.events) for f in rules)
    assert now.count('<a class="cite"') >= events


def test_a_finished_game_shows_the_result_its_clause_and_new_game_links(client):
    engine = get_game("finstere-flure").engine
    setup = {"players": 2, "dmaufbau": False}
    state = engine.initial_state(setup)
    done = play(engine, state, random_bots(engine, state), random.Random(1))
    html = html_of(client, FF, {"log": codec.encode(Log(setup=setup, actions=done.actions, seed=1))})
    panel = re.search(r'<div class="game-over".*?</div>', html, re.S).group(0)
    assert "Het spel is afgelopen" in panel or "Spel voorbij" in panel
    assert '<a class="cite"' in panel
    again = unescape(re.search(r'<a class="button tap-ok" href="([^"]+)"', panel).group(1))
    assert parse_qs(urlparse(again).query) == {"new": ["1"], "players": ["2"]}
    assert 'href="/nl/finstere-flure/sim/"' in panel


# --- chance against the computer ------------------------------------------------------------------


def test_when_the_computer_draws_chance_the_page_says_so_and_offers_no_outcomes(client):
    engine = get_game("finstere-flure").engine
    setup = {"players": 2, "dmaufbau": False}
    state, actions, rng = engine.initial_state(setup), [], random.Random(4)
    bots = random_bots(engine, state)
    while engine.current_actor(state) != CHANCE:
        action = play(engine, state, bots, rng, max_actions=1).actions[0]
        state = advance(engine, state, action, len(actions)).after
        actions.append(action)
    against = codec.encode(Log(setup=setup, actions=tuple(actions), seed=4, bots={"yellow": "sensible"}))
    html = html_of(client, FF, {"log": against})
    assert "Het toeval beslist:" in html and 'class="auto-move"' in html
    assert 'class="tap-choice' not in html  # no buttons the page would not wait for
    alone = codec.encode(Log(setup=setup, actions=tuple(actions), seed=4))
    assert 'class="tap-choice' in html_of(client, FF, {"log": alone})  # at a table, the outcome is chosen


# --- the new-game form and online play ------------------------------------------------------------


def test_the_new_game_form_knows_how_many_seats_each_player_count_gives(client):
    html = html_of(client, FF, {})
    form = re.search(r'<form [^>]*class="sim-form start-form"[^>]*>', html).group(0)
    assert 'data-seats-from="setup-players"' in form
    counts = json.loads(unescape(re.search(r'data-seat-counts="([^"]+)"', form).group(1)))
    assert counts == {str(n): n for n in range(2, 8)}
    assert html.count('class="form-row seat-row"') == 7  # without JavaScript every row shows
    assert re.search(r'<input id="setup-dmaufbau" type="checkbox"[^>]*>\s*<label for="setup-dmaufbau">', html)


@pytest.mark.parametrize(
    "url", ["/nl/", "/nl/finstere-flure/", "/nl/finstere-flure/faq/", "/nl/faq/", "/nl/finstere-flure/sim/"]
)
def test_online_play_is_linked_from_home_rulebook_and_faq_pages(client, url):
    html = html_of(client, url, {})
    assert 'href="/nl/finstere-flure/rooms/"' in html and "Online spelen" in html


def test_online_play_is_linked_from_an_faq_entry(client):
    from faq.models import Entry
    from faq.sync import sync_curated
    from tests import conftest

    sync_curated(conftest.parsed_content())
    entry = Entry.objects.filter(game_id="finstere-flure", published=True).first()
    html = html_of(client, f"/nl/finstere-flure/faq/{entry.slug}/", {})
    assert 'href="/nl/finstere-flure/rooms/"' in html


def test_a_pasted_position_refused_as_a_whole_says_so_in_the_readers_language(client):
    html = html_of(client, FF, {"position": urlencode({"x": 1})}, status=400)
    assert "Deze stand wordt geweigerd:" in html and "geweigerd bij position" not in html


def test_a_mini_board_steps_within_its_demo_container(client):
    """Every link of a mini-board (its controls, the steps of what happened) fills the demo's own
    container, which keeps its id for the next step."""
    html = client.get(
        FF, {"scenario": "ff-monster-voorbeeld", "step": 4}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-x-1"
    ).content.decode()
    assert html.lstrip().startswith('<figure class="miniboard"')
    targets = re.findall(r'hx-target="([^"]+)"(?: hx-swap="([^"]+)")?', html)
    assert targets and all(t == "#demo-x-1" and swap in ("", "innerHTML") for t, swap in targets)
    assert 'class="happened' in html and "board-action" not in html  # a picture: no board links


@pytest.mark.parametrize(
    "slug, scenario, action, named",
    [
        ("der-dunkle-turm", "dt-turmattacke", "tower", "Red 1"),  # fell with bridge 6: in the camp now
        ("betoverde-torens", "bt-toren-over-tovenaar", "play:t2:tower:9", "Space 12"),  # the wizards imprisoned there
    ],
)
def test_the_piece_or_place_the_decisive_event_is_about_is_marked_on_the_board(client, slug, scenario, action, named):
    """Issue 34: the board marks what the step's verdict concerns (the view-model's ``about``)."""
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    timeline = from_scenario(get_game(slug).engine, load_scenario(slug, scenario))
    step = next(f.index for f in timeline.frames[1:] if f.action == action)
    html = html_of(client, f"/en/{slug}/sim/", {"scenario": scenario, "step": step})
    marked = re.findall(r'<(?:circle|rect|g|a)[^>]*class="[^"]*board-about[^"]*"[^>]*>(?:<title>([^<]*)</title>)?', html)
    assert len(marked) == 1, marked
    assert named in unescape(marked[0]) or named.lower() in unescape(html.split("board-about", 1)[1][:400]).lower()


def test_a_mini_boards_caption_without_a_scenario_sentence_is_the_steps_decisive_event(client):
    """A step with no sentence of its own (a log, not an example) is captioned on a mini-board by its
    decisive event, as the page's verdict is (issue 34): the tower's defence is told by Red 1
    falling with bridge 6 into the lava (dt-zugbruecken-heben), not by the attack that started it."""
    from rules.core.engine import decisive_event
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    engine = get_game("der-dunkle-turm").engine
    timeline = from_scenario(engine, load_scenario("der-dunkle-turm", "dt-turmattacke"))
    step = next(f.index for f in timeline.frames[1:] if f.action == "tower")
    lead = decisive_event(timeline.frames[step].events)
    assert lead is not None and lead.clause == "dt-zugbruecken-heben"
    first = next(e for e in timeline.frames[step].events if e.clause not in engine.routine_clauses)
    assert first.clause != lead.clause  # the step's first event of note is another one
    actions = tuple(f.action for f in timeline.frames[1 : step + 1])
    token = codec.encode(Log(position=engine.position_of(timeline.frames[0].state), actions=actions))
    html = client.get(
        "/en/der-dunkle-turm/sim/", {"log": token, "step": step}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="demo-x-1"
    ).content.decode()
    caption = unescape(re.sub(r"<[^>]+>", "", re.search(r"<figcaption[^>]*>(.*?)</figcaption>", html, re.S).group(1)))
    assert engine.describe(lead, "en") in caption
    assert engine.describe(first, "en") not in caption
