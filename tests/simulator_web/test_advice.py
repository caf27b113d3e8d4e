"""Issue 40: "What would a good player do?" on the simulator page of every registered game: a real
link (htmx beside it) on a step where a person is to act; the answer shows the strong player's move
on a picture of the board, why, citing clauses, and a link that plays it; nothing is played by
itself; the advice is the seeded strong player's (the same address, the same advice)."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from rules.core import codec
from rules.core.advice import advise
from rules.core.bots import next_action, random_bots
from rules.core.codec import Log
from rules.core.registry import GameSpec, all_games
from rules.core.setup import validate_setup
from tests.toygames.site import add_to_site
from tests.toygames.toy_game import RULEBOOK

GAMES = all_games()


def first_decision(spec: GameSpec, seed: int = 3) -> Log:
    """A new game's log, played on at random (chance and all) to the first state where a seat has a
    choice of more than one action."""
    engine = spec.engine
    setup = validate_setup(engine, {})
    state = engine.initial_state(setup)
    rng = random.Random(seed)
    actions: list[str] = []
    bots = random_bots(engine, state)
    for _ in range(400):
        actor = engine.current_actor(state)
        if actor in engine.seats(state) and len(engine.legal_actions(state)) > 1:
            break
        action = next_action(engine, state, bots, rng)
        assert action is not None
        state, _events = engine.apply(state, action)
        actions.append(action)
    return Log(setup=setup, actions=tuple(actions), seed=seed)


@pytest.fixture
def site(db):
    if not any(spec.slug == "toy-game" for spec in GAMES):
        return
    from rulebooks.models import Game

    if not Game.objects.filter(slug="toy-game").exists():
        add_to_site("toy-game", RULEBOOK)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_a_step_where_a_person_acts_asks_the_strong_player_and_shows_why(client, site, spec: GameSpec):
    log = first_decision(spec)
    url = f"/en/{spec.slug}/sim/"
    page = client.get(url, {"log": codec.encode(log)}).content.decode()
    link = re.search(r'<p class="advice__ask"><a [^>]*href="([^"]+)" hx-get="([^"]+)" hx-target="#advice"', page)
    assert link is not None, "a real link with htmx beside it"
    href = unescape(link.group(1))
    assert href == unescape(link.group(2)) and href.endswith("&advice=1")

    answer = client.get(href, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="advice")
    html = answer.content.decode()
    assert answer.status_code == 200 and html.lstrip().startswith('<section id="advice"')
    assert "A good player would play:" in html
    why = re.search(r'<ul class="advice__why">(.*?)</ul>', html, re.S)
    assert why is not None and 'class="cite"' in why.group(1), "the reasons cite clauses"
    assert "<svg" in html  # the board after the move
    play = re.search(r'<p class="advice__play"><a class="button" href="([^"]+)"', html)
    assert play is not None
    played = codec.decode(dict(p.split("=", 1) for p in unescape(play.group(1)).split("?")[1].split("&"))["log"])
    advice = advise(spec, _state(spec, log), random.Random(f"{log.seed}:{len(log.actions)}"))
    assert advice is not None
    assert played.actions == log.actions + advice.actions  # the link plays the strong player's plan...
    assert codec.decode(re.search(r"log=([^&]+)", href).group(1)).actions == log.actions  # ...the page played nothing

    whole = client.get(href).content.decode()  # without JavaScript: the page with the answer in place
    assert '<section id="advice"' in whole and "A good player would play:" in whole


def _state(spec: GameSpec, log: Log):
    engine = spec.engine
    state = engine.initial_state(log.setup or {})
    for action in log.actions:
        state, _events = engine.apply(state, action)
    return state


def test_no_advice_where_the_computer_or_chance_acts_and_a_bad_value_is_a_400(client, site):
    spec = next(s for s in GAMES if s.slug == "torens-en-dieven")
    log = Log(setup=validate_setup(spec.engine, {}), seed=1)  # the first tile is drawn: chance acts
    page = client.get(f"/en/{spec.slug}/sim/", {"log": codec.encode(log)}).content.decode()
    assert "advice__ask" not in page
    asked = client.get(f"/en/{spec.slug}/sim/", {"log": codec.encode(log), "advice": "1"}).content.decode()
    assert "Nobody at the table is to choose a move here." in asked
    bad = client.get(f"/en/{spec.slug}/sim/", {"log": codec.encode(log), "advice": "yes"})
    assert bad.status_code == 400 and "advice" in bad.content.decode()


def test_the_advice_speaks_the_readers_language(client, site):
    spec = next(s for s in GAMES if s.slug == "betoverde-torens")
    log = first_decision(spec)
    for lang, words in (("nl", "Een goede speler zou spelen:"), ("de", "Ein guter Spieler würde spielen:")):
        html = client.get(f"/{lang}/{spec.slug}/sim/", {"log": codec.encode(log), "advice": "1"},
                          HTTP_HX_REQUEST="true", HTTP_HX_TARGET="advice").content.decode()
        assert words in html


STRENGTH_LABELS = {  # the locale catalogues' words for the two strengths
    "nl": ("Computer (beginner)", "Computer (sterk)"),
    "de": ("Computer (Anfänger)", "Computer (stark)"),
    "en": ("Computer (beginner)", "Computer (strong)"),
}


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_the_play_mode_offers_both_strengths_for_every_seat_in_every_language(client, site, spec: GameSpec):
    """Issue 40: the simulator's play mode lets every seat be played by the beginner or the strong
    computer player, named in the page's language."""
    for lang, (beginner, strong) in STRENGTH_LABELS.items():
        html = client.get(f"/{lang}/{spec.slug}/sim/").content.decode()
        seats = re.findall(r'<select id="setup-seat\d+" name="seat\d+">(.*?)</select>', html, re.S)
        assert len(seats) == spec.engine.info.max_seats, (spec.slug, lang)
        for options in seats:
            assert f'<option value="beginner">{beginner}</option>' in options
            assert f'<option value="strong">{strong}</option>' in options
