"""The verdict in view, for every registered game on a 390x844 phone (issue 34), parametrised over
the game registry (the toy game of tests/toygames included):

- after a step, the decisive event the engine marks (its sentence, in the reader's language) lies
  inside the viewport, not clipped by any box that scrolls, with its clause; axe finds nothing on
  that board page; the next step is announced;
- the board is no wider than the viewport (in play, in the editor, and at 200 % zoom), and no
  page scrolls sideways;
- "why not?" by keyboard alone: the arrow keys reach a space that is not offered, Enter asks about
  it, and the answer is the view-model's for that very space, with its clause;
- a screen reader: board labels (coordinates, wall letters, the pieces' painted letters) are
  hidden, every piece has a name that says what and where, a step is announced;
- every seat's pieces carry their letter at least 12 px high on the phone.
"""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from rules.core.bots import play, random_bots
from rules.core.codec import Log
from rules.core.engine import decisive_event
from rules.core.registry import all_games, get_game
from rules.core.replay import advance
from tests.e2e.test_disputes import SHOWN
from tests.e2e.test_every_game import (
    every_seat_position,
    full_setup,
    log_url,
    person_turn_log,
    settle,
    setup_query,
    tap_targets,
)
from tests.toygames.site import add_every_game_to_site

pytestmark = pytest.mark.browser

GAMES = [spec.slug for spec in all_games()]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
ZOOMED = {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2}  # a 1280x800 laptop at 200 %
MIN_TAP = 24


@pytest.fixture
def every_game(site):
    add_every_game_to_site()
    return site


@pytest.fixture
def phone_of(browser):
    contexts = []

    def make(**options):
        context = browser.new_context(locale="nl-NL", **(options or PHONE))
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def decisive_log(slug: str) -> tuple[Log, str]:
    """A seeded game of random players stopped right after a move whose events hold a decisive one
    (its sentence in Dutch), where a person is to choose or the game is over."""
    engine = get_game(slug).engine
    setup = full_setup(engine)
    for seed in range(40):
        rng = random.Random(seed)
        state = engine.initial_state(setup)
        bots = random_bots(engine, state)
        actions: list[str] = []
        while len(actions) < 600 and not engine.is_over(state):
            more = play(engine, state, bots, rng, max_actions=1)
            if not more.actions:
                break
            step = advance(engine, state, more.actions[0], len(actions))
            state, actions = step.after, [*actions, more.actions[0]]
            event = decisive_event(step.events)
            if event is not None and len(actions) > 2:
                return Log(setup=setup, actions=tuple(actions), seed=seed), engine.describe(event, "nl")
    pytest.fail(f"{slug}: no move with a decisive event in random games")


def no_sideways_scrolling(page) -> None:
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    board = page.evaluate("(() => { const b = document.querySelector('svg.board-svg'); return b ? b.getBoundingClientRect().right : 0; })()")
    assert board <= width + 0.5, f"the board is {board} px wide in a {width} px viewport"


@pytest.mark.parametrize("slug", GAMES)
def test_after_a_step_its_decisive_event_is_in_view_the_page_passes_axe_and_the_next_step_is_announced(every_game, phone_of, slug):
    page = phone_of()
    log, sentence = decisive_log(slug)
    page.goto(log_url(every_game, slug, log))
    verdict = page.locator(".sim__now .verdict")
    expect(verdict).to_contain_text(sentence)
    assert verdict.evaluate(SHOWN) > 0.99, "the decisive event is not wholly in the first screen"
    expect(verdict.locator("a.cite")).to_have_count(1)
    no_sideways_scrolling(page)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()
    if engine_over(slug, log):
        return
    step = page.locator("svg.board-svg a.tap-next, .tap-bar .tap-choice, .tap-bar .tap-ok, .seeded-draw a").first
    step.click()
    settle(page)
    said = page.locator("#sim-said")
    expect(said).to_have_attribute("aria-live", "polite")
    expect(said).not_to_be_empty()


def engine_over(slug: str, log: Log) -> bool:
    from rules.core.timeline import from_log

    engine = get_game(slug).engine
    return engine.is_over(from_log(engine, log).frames[-1].state)


@pytest.mark.parametrize("slug", GAMES)
def test_the_whole_board_fits_200_percent_zoom_and_the_editor_fits_the_phone(every_game, phone_of, slug):
    """At 200 % zoom (a 1280 px laptop: 640 CSS px) a game under way, and on the phone the position
    editor (reviews-ux N4: 442 and 400 px wide), fit without sideways scrolling, targets a thumb wide.
    The editor at 200 % too. (The phone's own play boards: tests/e2e/test_every_game.py, every
    target at least 24 px.)"""
    page = phone_of(**ZOOMED)
    page.goto(log_url(every_game, slug, person_turn_log(slug, seed=8, at_least=25)))
    expect(page.locator("svg.board-svg")).to_be_visible()
    no_sideways_scrolling(page)
    small = [t for t in tap_targets(page) if min(t["width"], t["height"]) < MIN_TAP]
    assert not small, f"{slug} at 200 %: targets under {MIN_TAP} px: {small[:4]}"
    if get_game(slug).editor is not None:
        engine = get_game(slug).engine
        for options in (PHONE, ZOOMED):  # the editor on the phone and at 200 %
            page = phone_of(**options)
            page.goto(f"{every_game}/nl/{slug}/sim/?{setup_query(engine, full_setup(engine))}&then=edit")
            expect(page.locator("#editor svg.board-svg")).to_be_visible()
            no_sideways_scrolling(page)


@pytest.mark.parametrize("slug", GAMES)
def test_why_not_is_asked_with_the_keyboard_alone(every_game, phone_of, slug):
    """Tab to the board, the arrow keys to a space that is not offered, Enter: the answer is the
    view-model's own for that space (reviews-ux N7: only a pointer could ask)."""
    from rules.core.timeline import from_log

    spec = get_game(slug)
    page = phone_of(viewport={"width": 1280, "height": 800})
    for seed in (5, 9, 13, 21):
        log = person_turn_log(slug, seed=seed)
        page.goto(log_url(every_game, slug, log))
        expect(page.locator("svg.board-svg")).to_be_visible()
        if page.locator("svg.board-svg [data-why][data-target]").count():
            break
    else:
        pytest.fail(f"{slug}: no space to ask about")
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.closest('svg.board-svg')"):
            break
    else:
        pytest.fail("the board is not reachable with Tab")
    asked = None
    for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp") * 12:
        if page.evaluate("document.activeElement.matches('[data-why][data-target]')"):
            asked = page.evaluate("document.activeElement.getAttribute('data-target')")
            break
        page.keyboard.press(key)
    assert asked, "the arrow keys reach no space that is not offered"
    state = from_log(spec.engine, log).frames[-1].state
    expected = spec.view.explain(spec.engine, state, (), asked, lang="nl")
    page.keyboard.press("Enter")
    settle(page)
    why = page.locator(".sim__now .tap-why")
    expect(why).to_be_visible()
    if expected is not None:
        expect(why).to_contain_text(spec.engine.reason(expected, "nl"))
        assert why.locator("a.cite").get_attribute("href").rstrip("/").endswith("/" + expected.clause)


# The board as a screen reader meets it: the names of its parts, and every text it would read.
READ = """() => {
  const svg = document.querySelector('svg.board-svg');
  const heard = Array.from(svg.querySelectorAll('text')).filter(t => !t.closest('[aria-hidden="true"]')).map(t => t.textContent);
  const pieces = Array.from(svg.querySelectorAll('[data-seat]:not(text)')).map(p => {
    const link = p.closest('a'), title = p.querySelector(':scope > title') || (p.closest('g') && p.closest('g').querySelector(':scope > title'));
    return {name: (link && link.getAttribute('aria-label')) || (title ? title.textContent : '') || p.getAttribute('aria-label') || ''};
  });
  return {heard, pieces};
}"""


@pytest.mark.parametrize("slug", GAMES)
def test_pieces_are_named_with_their_place_labels_are_hidden_and_letters_are_12_px(every_game, phone_of, slug):
    """A screen reader meets every piece by a name that says what and where (not ~110 axis and wall
    labels first, reviews-ux N8); every seat's letter is at least 12 px on the phone (N16)."""
    page = phone_of()
    position = every_seat_position(slug)
    page.goto(f"{every_game}/nl/{slug}/sim/?{urlencode({'position': json.dumps(position)})}")
    expect(page.locator("svg.board-svg [data-seat-mark]").first).to_be_attached()
    read = page.evaluate(READ)
    assert read["heard"] == [], f"labels read out: {read['heard'][:12]}"
    names = [p["name"] for p in read["pieces"]]
    assert names and all(names), "a piece without a name"
    where = re.compile(r"\d")  # every place of every game is numbered: a square, a field, a space, a tile
    assert all(where.search(n) or any(w in n.lower() for w in ("kamp", "exil", "raventoren", "toren", "voorraad")) for n in names), (
        f"a piece's name says not where it is: {[n for n in names if not where.search(n)][:5]}"
    )
    sizes = page.evaluate(
        """() => Array.from(document.querySelectorAll('svg.board-svg [data-seat-mark]')).map(t => {
             const scale = t.getScreenCTM().a;
             return {mark: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale};
           })"""
    )
    small = [size for size in sizes if size["px"] < 12 - 0.05]
    assert not small, f"{slug}: letters under 12 px: {small[:6]}"
    # No piece's letters run into another's (the DdT camp drew "Ge1Ge2Ge3" as one word).
    crossed = page.evaluate(CROSSED)
    assert not crossed, f"{slug}: pieces' letters overlap: {crossed[:4]}"


# Pairs of the pieces' painted letters whose boxes overlap (by more than half a pixel each way).
CROSSED = """() => {
  const boxes = Array.from(document.querySelectorAll('svg.board-svg [data-seat-mark]')).map(t => [t.textContent, t.getBoundingClientRect()]);
  const out = [];
  boxes.forEach(([m, p], i) => boxes.slice(i + 1).forEach(([n, q]) => {
    const w = Math.min(p.right, q.right) - Math.max(p.left, q.left), h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (w > 0.5 && h > 0.5) out.push([m, n]);
  }));
  return out;
}"""


def test_with_a_piece_picked_why_not_asks_about_the_field_tapped_not_the_piece_on_it(every_game, phone_of):
    """reviews-ux N6: Red 1 picked, a tap on field 5, where Blue 2 stands, asks why Red 1 cannot go
    to field 5 (the space pointed at), not about Blue 2; the answer is the view-model's for that."""
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    spec = get_game("der-dunkle-turm")
    state = from_scenario(spec.engine, load_scenario("der-dunkle-turm", "dt-freie-felder")).frames[1].state
    page = phone_of()
    page.goto(f"{every_game}/nl/der-dunkle-turm/sim/?scenario=dt-freie-felder&step=1&pick=c%3Ared1")
    field = page.locator('svg.board-svg [data-target="f:5"]')
    box = field.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expected = spec.view.explain(spec.engine, state, ("c:red1",), "f:5", lang="nl")
    why = page.locator(".sim__now .tap-why")
    expect(why).to_be_visible()
    assert expected is not None
    expect(why).to_contain_text(spec.engine.reason(expected, "nl"))
