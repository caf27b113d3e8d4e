"""Every registered game on a 390x844 phone and a 1280x800 laptop (issue 24), parametrised over the
game registry (tests/toygames registers a toy game like a real one), so a new game is covered
without editing this file:

- the first screen holds the board, what happened in the whole move or turn just played (every
  event with its clause) and the next choice; a finished game shows a game-over panel there;
- every tap target on a board is at least 24 x 24 CSS pixels (WCAG 2.2, 2.5.8), measured on the
  rendered page, in play, in the editor and in an enlarged area;
- every seat's pieces carry a mark (their letter) and stay apart under deuteranopia, protanopia,
  tritanopia and greyscale simulations;
- choosing an editor tool keeps the page where it is, and the held piece is shown;
- the keyboard: the board is one Tab stop, the arrow keys move between its targets, and after a
  move the focus is on the next thing to play, never on the step controls;
- a tap on a target that is not offered shows why beside the board, with the clause's §.

The positions come from seeded games of random players, played in this process.
"""

from __future__ import annotations

import json
import random
import re
from itertools import combinations
from urllib.parse import urlencode

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from rules.core import codec
from rules.core.bots import play, random_bots
from rules.core.codec import Log
from rules.core.editor import EditError
from rules.core.engine import CHANCE, TERMINAL
from rules.core.registry import all_games, get_game
from rules.core.replay import advance
from rules.core.setup import validate_setup
from tests.colour_vision import CONDITIONS, contrast, delta_e76, lab, seen_as
from tests.toygames.site import add_every_game_to_site

pytestmark = pytest.mark.browser

GAMES = [spec.slug for spec in all_games()]
EDITED = [spec.slug for spec in all_games() if spec.editor is not None]
DEVICES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
MIN_TAP = 24


@pytest.fixture
def every_game(site):
    add_every_game_to_site()
    return site


@pytest.fixture
def device(browser, request):
    context = browser.new_context(locale="nl-NL", **DEVICES[request.param])
    page = context.new_page()
    yield page
    context.close()


def settle(page) -> None:
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


# --- positions, played in this process ---------------------------------------------------------


def full_setup(engine) -> dict:
    """The setup with the most seats (the option that sets their number at its largest)."""
    best, most = validate_setup(engine, {}), 0
    for option in engine.setup_options():
        if option.kind != "int" or option.min is None or option.max is None:
            continue
        for value in range(option.min, min(option.max, option.min + 20) + 1):
            setup = validate_setup(engine, {**validate_setup(engine, {}), option.name: value})
            seats = len(engine.seats(engine.initial_state(setup)))
            if seats > most:
                best, most = setup, seats
    return best


def setup_query(engine, setup: dict) -> str:
    query = {"new": "1"}
    for name, value in setup.items():
        if isinstance(value, bool):
            if value:
                query[name] = "1"
        else:
            query[name] = str(value)
    return urlencode(query)


def seat_to_choose(engine, state) -> bool:
    actor = engine.current_actor(state)
    return actor not in (CHANCE, TERMINAL) and actor not in engine.info.automatic_actors


def person_turn_log(slug: str, seed: int = 5, at_least: int = 6) -> Log:
    """A seeded game of random players, stopped where a person chooses after a few moves (fewer in
    a short game: never at its end)."""
    engine = get_game(slug).engine
    setup = full_setup(engine)
    for least in sorted({at_least, 4, 2, 1}, reverse=True):
        for attempt in range(10):
            rng = random.Random(seed + 100 * attempt)
            state = engine.initial_state(setup)
            bots = random_bots(engine, state)
            actions: list[str] = []
            while len(actions) < 400 and not engine.is_over(state):
                if len(actions) >= least and seat_to_choose(engine, state):
                    return Log(setup=setup, actions=tuple(actions), seed=seed)
                more = play(engine, state, bots, rng, max_actions=1)
                if not more.actions:
                    break
                state = advance(engine, state, more.actions[0], len(actions)).after
                actions.append(more.actions[0])
    pytest.fail(f"{slug}: no position where a person chooses")


def finished_log(slug: str) -> Log:
    """A seeded game of random players played to its end (short enough for a URL's log)."""
    engine = get_game(slug).engine
    setup = full_setup(engine)
    for seed in range(3, 30):
        state = engine.initial_state(setup)
        done = play(engine, state, random_bots(engine, state), random.Random(seed), max_actions=3_000)
        if done.over:
            return Log(setup=setup, actions=done.actions, seed=seed)
    pytest.fail(f"{slug}: no random game ended within 3000 actions")


def turn_of(slug: str, log: Log) -> tuple[int, list]:
    """The number of actions of the move or turn the log's last action belongs to, and their events."""
    from rules.core.timeline import from_log
    from simulator.scene import turn_start

    engine = get_game(slug).engine
    timeline = from_log(engine, log)
    first = turn_start(engine, lambda i: timeline.frames[i - 1].state, timeline.last)
    frames = timeline.frames[first : timeline.last + 1]
    return len(frames), [e for f in frames for e in f.events]


def every_seat_position(slug: str) -> dict:
    """A position of a game with every seat where each seat has a piece on the board: seeded play
    that prefers, among a few legal moves, one that brings another seat's piece onto the board."""
    spec = get_game(slug)
    engine = spec.engine
    setup = full_setup(engine)

    def shown(state) -> set[str]:
        return {sh.seat for sh in spec.view.board_view(engine, state, lang="nl").shapes if sh.seat and sh.kind != "text"}

    for seed in range(10):
        rng = random.Random(seed)
        state = engine.initial_state(setup)
        seats = set(engine.seats(state))
        for index in range(800):
            if seats <= shown(state):
                return engine.position_of(state)
            if engine.is_over(state):
                break
            legal = engine.legal_actions(state)
            if seat_to_choose(engine, state):
                tried = rng.sample(legal, min(len(legal), 8))
                action = max(tried, key=lambda a: (len(shown(advance(engine, state, a, index).after)), rng.random()))
            else:
                action = play(engine, state, random_bots(engine, state), rng, max_actions=1).actions[0]
            state = advance(engine, state, action, index).after
    pytest.fail(f"{slug}: no position with a piece of every seat on the board")


def log_url(site: str, slug: str, log: Log) -> str:
    return f"{site}/nl/{slug}/sim/?{urlencode({'log': codec.encode(log)})}"


# --- measuring on the page ---------------------------------------------------------------------

BOX = "(e => { if (!e) return null; const b = e.getBoundingClientRect(); return {top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height}; })"

TARGETS = """() => {
  const svg = document.querySelector('svg.board-svg');
  if (!svg) return [];
  const s = svg.getBoundingClientRect();
  return Array.from(svg.querySelectorAll('a.board-action')).map(a => {
    const r = a.getBoundingClientRect();
    const w = Math.min(r.right, s.right) - Math.max(r.left, s.left), h = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
    return {target: a.getAttribute('data-target') || a.getAttribute('aria-label'), width: r.width, height: r.height, shown: w > 0 && h > 0};
  }).filter(t => t.shown);
}"""


def within_screen(page, selector: str) -> bool:
    box = page.evaluate(f"{BOX}(document.querySelector({json.dumps(selector)}))")
    height = page.evaluate("innerHeight")
    return box is not None and box["top"] >= -1 and box["bottom"] <= height + 1


def tap_targets(page) -> list[dict]:
    return page.evaluate(TARGETS)


# --- the first screen ----------------------------------------------------------------------------


@pytest.mark.parametrize("device", list(DEVICES), indirect=True)
@pytest.mark.parametrize("slug", GAMES)
def test_the_first_screen_holds_the_board_what_happened_and_the_next_choice(every_game, device, slug):
    page = device
    log = person_turn_log(slug)
    page.goto(log_url(every_game, slug, log))
    expect(page.locator("svg.board-svg")).to_be_visible()
    assert within_screen(page, ".sim__board"), "the board is not in the first screen"
    assert within_screen(page, ".sim__now"), "what happened is not in the first screen"
    # What happened: every action of the turn just played, every event with its clause.
    steps, events = turn_of(slug, log)
    assert page.locator(".sim__now .happened__step").count() == steps
    assert page.locator(".sim__now .happened .events > li").count() == len(events)
    cited = page.locator(".sim__now .happened .events > li a.cite").count()
    assert cited == len(events), "an event without its clause"
    # The next choice: what may be tapped next (its first line), beside or on the board.
    # Its first line: whose turn, what to tap, OK, who moves by itself ...
    first = page.locator(
        ".sim__next :is(.sim-status, .tap-bar__status, .tap-choice, .tap-ok, .auto-move p, .seeded-draw a, .auto-run a)"
    ).first
    expect(first).to_be_attached()
    assert page.locator("svg.board-svg a.tap-next, svg.board-svg a.board-zoom, .sim__next .tap-choice").count(), (
        "nothing offered to tap"
    )
    assert first.evaluate("e => { const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }"), (
        "the next choice is not in the first screen"
    )


@pytest.mark.parametrize("device", list(DEVICES), indirect=True)
@pytest.mark.parametrize("slug", GAMES)
def test_a_finished_game_shows_its_result_its_clause_and_new_game_in_the_first_screen(every_game, device, slug):
    page = device
    page.goto(log_url(every_game, slug, finished_log(slug)))
    panel = page.locator(".sim__now .game-over")
    expect(panel).to_be_visible()
    assert within_screen(page, ".sim__now .game-over")
    expect(panel.locator(".sim-result")).to_contain_text(re.compile(r"\w"))
    expect(panel.locator("a.cite")).to_have_count(1)
    again = panel.locator("a.tap-ok")
    expect(again).to_be_visible()
    again.click()
    expect(page).to_have_url(re.compile(r"\?log=1\..*&step=0$"))  # a new game with the same setup


# --- tap targets -------------------------------------------------------------------------------


SMALLEST: dict[tuple[str, str], tuple[float, str]] = {}


def check_targets(page, where: str, slug: str, device: str) -> None:
    targets = tap_targets(page)
    small = [t for t in targets if min(t["width"], t["height"]) < MIN_TAP]
    assert not small, f"{slug} {where}: targets under {MIN_TAP} px: {small[:5]}"
    if targets:
        least = min(targets, key=lambda t: min(t["width"], t["height"]))
        size = min(least["width"], least["height"])
        if size < SMALLEST.get((slug, device), (1e9, ""))[0]:
            SMALLEST[(slug, device)] = (size, f"{least['target']} ({where})")
            print(f"smallest tap target {slug} {device}: {size:.1f} px, {least['target']} ({where})")


def check_page_and_zoom(page, where: str, slug: str, device: str) -> None:
    check_targets(page, where, slug, device)
    zoom = page.locator("svg.board-svg a.board-zoom")
    if zoom.count():
        zoom.first.click()
        settle(page)
        expect(page.locator(".board-whole")).to_be_visible()
        check_targets(page, where + ", enlarged", slug, device)


@pytest.mark.parametrize("device", list(DEVICES), indirect=True)
@pytest.mark.parametrize("slug", GAMES)
def test_every_tap_target_on_every_board_is_at_least_24_px(every_game, device, slug, request):
    page = device
    name = request.node.callspec.params["device"]
    engine = get_game(slug).engine
    query = setup_query(engine, full_setup(engine))
    page.goto(f"{every_game}/nl/{slug}/sim/?{query}")
    check_page_and_zoom(page, "a new game", slug, name)
    under_way = log_url(every_game, slug, person_turn_log(slug, seed=8, at_least=25))
    page.goto(under_way)
    check_page_and_zoom(page, "a game under way", slug, name)
    # A first tap on the whole board: the targets that may come next.
    page.goto(under_way)
    nxt = page.locator("svg.board-svg a.tap-next")
    if nxt.count():
        nxt.first.click()
        settle(page)
        check_page_and_zoom(page, "a move in progress", slug, name)
    if get_game(slug).editor is not None:
        page.goto(f"{every_game}/nl/{slug}/sim/?{query}&then=edit")
        expect(page.locator("#editor")).to_be_visible()
        check_page_and_zoom(page, "the editor", slug, name)


# --- why a target is not offered ----------------------------------------------------------------

# The shapes of the board that may be asked about (a target that is no link), with their size and
# whether a tap on their centre reaches them: in the screen, on the board's frame, under no link.
ASKABLE = """() => {
  const svg = document.querySelector('svg.board-svg[data-ask]');
  if (!svg) return [];
  return Array.from(svg.querySelectorAll('[data-why][data-target]')).filter(e => !e.closest('a')).map(e => {
    const b = e.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
    const top = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    const free = !!top && !top.closest('a') && !!top.closest('.board-frame');
    return {target: e.getAttribute('data-target'), x, y, width: b.width, height: b.height, free};
  });
}"""


@pytest.mark.parametrize("device", ["phone"], indirect=True)
@pytest.mark.parametrize("slug", GAMES)
def test_tapping_a_target_that_is_not_offered_says_why_with_its_clause_beside_the_board(every_game, device, slug):
    """Issue 24: on a phone, a tap on a square or piece that is not offered shows the reason beside
    the board with its § (the clause the view-model's ``explain`` cites for that very target), and
    every target that may be asked about is a thumb's size (24 x 24 CSS px)."""
    from rules.core.timeline import from_log

    page = device
    spec = get_game(slug)
    for seed in (5, 9, 13, 21):
        log = person_turn_log(slug, seed=seed)
        page.goto(log_url(every_game, slug, log))
        expect(page.locator("svg.board-svg")).to_be_visible()
        askable = page.evaluate(ASKABLE)
        small = [a for a in askable if min(a["width"], a["height"]) < MIN_TAP - 0.5]
        assert not small, f"{slug}: targets to ask about under {MIN_TAP} px: {small[:5]}"
        free = [a for a in askable if a["free"]]
        if free:
            break
    else:
        pytest.fail(f"{slug}: no target that is not offered could be tapped")
    asked = free[len(free) // 2]
    state = from_log(spec.engine, log).frames[-1].state
    expected = spec.view.explain(spec.engine, state, (), asked["target"], lang="nl")
    assert expected is not None and expected.clause
    page.touchscreen.tap(asked["x"], asked["y"])
    why = page.locator(".sim__now .tap-why")
    expect(why).to_be_visible()
    expect(why).to_contain_text(spec.engine.reason(expected, "nl"))
    cite = why.locator("a.cite")
    expect(cite).to_have_count(1)
    expect(cite).to_have_text(re.compile(r"^§\S+"))
    assert cite.get_attribute("href").rstrip("/").endswith("/" + expected.clause)
    assert within_screen(page, ".sim__now .tap-why"), "the answer is not beside the board"
    print(f"why not {slug} {asked['target']}: {spec.engine.reason(expected, 'en')} ({expected.clause})")
    expect(page.locator("svg.board-svg")).to_be_visible()  # the board is still there, the pick unchanged


# --- colour is never the only cue --------------------------------------------------------------

PIECES = """() => {
  const svg = document.querySelector('svg.board-svg');
  const rgb = c => (c.match(/[\\d.]+/g) || []).slice(0, 3).map(Number);
  const bodies = Array.from(svg.querySelectorAll('[data-seat]')).filter(e => e.tagName !== 'g');
  return bodies.map(body => {
    const seat = body.getAttribute('data-seat');
    // The piece's mark: the text of its seat nearest to it (its letter), and what it is drawn on.
    const c = r => { const b = r.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; };
    const [bx, by] = c(body);
    const own = Array.from(svg.querySelectorAll('[data-seat-mark]')).filter(m => m.getAttribute('data-seat-mark') === seat);
    const dist = m => { const [x, y] = c(m); return Math.hypot(x - bx, y - by); };
    const mark = own.sort((a, b) => dist(a) - dist(b))[0];
    const style = mark ? getComputedStyle(mark) : null;
    const halo = style && style.paintOrder.startsWith('stroke') && parseFloat(style.strokeWidth) > 0;
    return {seat, shape: body.tagName, fill: rgb(getComputedStyle(body).fill), mark: mark ? mark.textContent.trim() : '',
            ink: style ? rgb(style.fill) : null, ground: halo ? rgb(style.stroke) : rgb(getComputedStyle(body).fill)};
  });
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("slug", GAMES)
def test_every_seats_pieces_stay_apart_under_colour_vision_simulations(browser, every_game, slug, scheme):
    """Each seat's pieces carry a mark of their own (a letter), legible on the piece; two seats' pieces
    are told apart under each simulation by their colour (CIE76 ΔE ≥ 10) or by their marks."""
    context = browser.new_context(locale="nl-NL", color_scheme=scheme, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        position = every_seat_position(slug)
        page.goto(f"{every_game}/nl/{slug}/sim/?{urlencode({'position': json.dumps(position)})}")
        expect(page.locator("svg.board-svg [data-seat]").first).to_be_attached()
        pieces = page.evaluate(PIECES)
    finally:
        context.close()
    seats = set(get_game(slug).engine.seats(get_game(slug).engine.state_from_position(position)))
    by_seat: dict[str, list[dict]] = {}
    for piece in pieces:
        by_seat.setdefault(piece["seat"], []).append(piece)
    assert set(by_seat) == seats, f"pieces of {sorted(seats - set(by_seat))} are not on the board"
    marks = {}
    for seat, own in by_seat.items():
        assert all(p["mark"] for p in own), f"{seat}: a piece without its mark"
        letters = {re.sub(r"\d", "", p["mark"]) for p in own}
        assert len(letters) == 1, f"{seat}: pieces with different marks {letters}"
        marks[seat] = (letters.pop(), own[0]["shape"])
    assert len(set(marks.values())) == len(marks), f"two seats share a mark: {marks}"
    for condition in CONDITIONS:
        for seat, own in by_seat.items():
            for p in own:
                ratio = contrast(seen_as(p["ink"], condition), seen_as(p["ground"], condition))
                assert ratio >= 3, f"{condition}: {seat}'s mark {p['mark']} is illegible (contrast {ratio:.1f})"
        for a, b in combinations(by_seat, 2):
            fill_a, fill_b = (lab(seen_as(by_seat[s][0]["fill"], condition)) for s in (a, b))
            apart = delta_e76(fill_a, fill_b) >= 10 or marks[a] != marks[b]
            assert apart, f"{condition}: {a} and {b} cannot be told apart"


# --- the editor --------------------------------------------------------------------------------


@pytest.mark.parametrize("device", list(DEVICES), indirect=True)
@pytest.mark.parametrize("slug", EDITED)
def test_choosing_an_editor_tool_keeps_the_page_where_it_is(every_game, device, slug):
    page = device
    engine = get_game(slug).engine
    page.goto(f"{every_game}/nl/{slug}/sim/?{setup_query(engine, full_setup(engine))}&then=edit")
    expect(page.locator("#editor")).to_be_visible()
    items = page.locator("a.palette-item:not(.is-current)")
    for k in range(min(3, items.count())):
        item = page.locator("a.palette-item:not(.is-current)").nth(k)
        item.scroll_into_view_if_needed()
        page.evaluate("window.scrollBy(0, 40)")  # wherever the reader had scrolled to
        before = page.evaluate("scrollY")
        tool = item.get_attribute("data-tool")
        item.click()
        settle(page)
        expect(page.locator(f'a.palette-item[data-tool="{tool}"]')).to_have_attribute("aria-current", "true")
        assert abs(page.evaluate("scrollY") - before) <= 1, f"the page moved after choosing {tool}"
    # What the tool does is said beside the board, in the first screen with it.
    page.evaluate("window.scrollTo(0, 0)")
    assert within_screen(page, ".edit-status")


def movable_targets(slug: str, position: dict) -> tuple[list[str], list[str]]:
    """The board's targets that the editor's "move" tool picks up: those that hold a seat's piece
    (the shape or its group carries the seat), and all of them."""
    spec = get_game(slug)
    shapes = spec.view.board_view(spec.engine, spec.engine.state_from_position(position), lang="nl").shapes
    groups: list[str] = []
    seat_targets: set[str] = set()
    for sh in shapes:
        if sh.kind == "g-start":
            groups.append(sh.target)
        elif sh.kind == "g-end":
            groups.pop()
        if sh.seat and sh.kind != "text":
            target = sh.target or next((t for t in reversed(groups) if t), "")
            if target:
                seat_targets.add(target)
    movable = []
    for target in dict.fromkeys(sh.target for sh in shapes if sh.target):
        try:
            spec.editor.place(spec.engine, position, target, "move", "nl")
        except EditError:
            continue
        movable.append(target)
    return [t for t in movable if t in seat_targets], movable


@pytest.mark.parametrize("device", list(DEVICES), indirect=True)
@pytest.mark.parametrize("slug", EDITED)
def test_a_held_piece_is_marked_on_the_board_and_named_beside_it(every_game, device, slug):
    page = device
    position = every_seat_position(slug)
    page.goto(f"{every_game}/nl/{slug}/sim/?{urlencode({'edit': codec.encode(Log(position=position))})}")
    move = page.locator('a.palette-item[data-tool="move"]')
    if not move.count():
        pytest.skip(f"{slug}'s editor has no move tool")
    move.click()
    settle(page)
    seat_pieces, movable = movable_targets(slug, position)
    assert movable, f"{slug}'s move tool can pick up nothing on the board"
    if not seat_pieces:  # the game's editor moves no seat's piece (the toy's shared counter): any piece
        page.locator(f'svg.board-svg a.edit-target[data-target="{movable[0]}"]').click()
        settle(page)
        expect(page.locator(".edit-tool--held")).to_be_visible()
        assert page.locator("svg.board-svg .tap-chosen").count() >= 1
        return
    piece = page.locator("svg.board-svg a.edit-target:has([data-seat])")
    if not piece.count():  # every piece is in a crowded area: enlarge one that holds a piece
        index = page.evaluate(
            """() => Array.from(document.querySelectorAll('svg.board-svg a.board-zoom')).findIndex(zoom => {
                 const z = zoom.getBoundingClientRect();
                 return Array.from(document.querySelectorAll('svg.board-svg [data-seat]:not(text)')).some(p => {
                   const b = p.getBoundingClientRect(), x = b.x + b.width / 2, y = b.y + b.height / 2;
                   return x > z.left && x < z.right && y > z.top && y < z.bottom; }); })"""
        )
        assert index >= 0, "a seat's piece can be reached neither directly nor by enlarging its area"
        page.locator("svg.board-svg a.board-zoom").nth(index).click()
        settle(page)
        expect(page.locator(".board-whole")).to_be_visible()
    page.locator("svg.board-svg a.edit-target:has([data-seat])").first.click()
    settle(page)
    expect(page.locator(".edit-tool--held")).to_be_visible()
    assert page.locator("svg.board-svg .tap-chosen").count() >= 1
    page.evaluate("window.scrollTo(0, 0)")
    assert within_screen(page, ".edit-status")


# --- the keyboard ------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_the_board_is_one_tab_stop_and_the_focus_goes_on_to_the_next_thing_to_play(browser, every_game, slug):
    context = browser.new_context(locale="nl-NL", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        log = person_turn_log(slug, seed=11)
        page.goto(log_url(every_game, slug, log))
        links = page.locator("svg.board-svg a.board-action")
        stops = page.locator('svg.board-svg a.board-action[tabindex="0"]').count()
        assert stops == (1 if links.count() else 0), "the board is more than one Tab stop"
        # Tab to the first thing to play: the board, or a choice beside it.
        for _presses in range(60):
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.matches('svg.board-svg a.board-action, .tap-choice, .tap-ok')"):
                break
        else:
            pytest.fail("nothing to play is reachable with Tab")
        if page.evaluate("document.activeElement.matches('svg.board-svg a.board-action')") and links.count() > 1:
            page.evaluate("document.activeElement.setAttribute('data-first', '')")
            moved = "!document.activeElement.hasAttribute('data-first')"
            for key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
                page.keyboard.press(key)
                if page.evaluate(moved):
                    break
            assert page.evaluate("document.activeElement.matches('svg.board-svg a.board-action')")
            assert page.evaluate(moved), "the arrows do not move"
            assert page.locator('svg.board-svg a.board-action[tabindex="0"]').count() == 1  # still one Tab stop
            page.evaluate("document.querySelector('svg.board-svg a.tap-next, svg.board-svg a.board-zoom').focus()")
        # Play on with Enter until a move is made (the address holds a longer log).
        played = len(log.actions)
        for _ in range(30):
            if not page.evaluate("document.activeElement.matches('a.board-action, .tap-choice, .tap-ok')"):
                pytest.fail("the focus left the things to play: " + page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))
            page.keyboard.press("Enter")
            settle(page)
            assert not page.evaluate("document.activeElement.closest('.board-controls') !== null"), "focus on the step controls"
            url = page.url
            if "log=" in url and len(codec.decode(re.search(r"log=([^&]+)", url).group(1)).actions) > played:
                break
        else:
            pytest.fail("no move was made with the keyboard")
        # After the move: the next thing to play, or what happened when nothing is to be chosen now
        # (the address changes before the swapped-in board takes the focus: wait for the swap).
        focused = (
            "document.activeElement.matches('svg.board-svg a.board-action, .tap-choice, .tap-ok, .auto-move a, "
            ".sim__now, .game-over a')"
        )
        try:
            page.wait_for_function(f"() => {focused}", timeout=10_000)
        except PlaywrightTimeout:
            pytest.fail("after the move the focus is on " + page.evaluate("document.activeElement.outerHTML.slice(0, 120)"))
    finally:
        context.close()


# --- a room ------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_a_rooms_first_screen_on_a_phone_holds_the_board_what_happened_and_whose_turn(browser, every_game, slug):
    """The room as the server renders it for a seat (the socket then keeps it current), mid-game."""
    from rooms import services
    from tests.rooms.helpers import room_game, seated_room

    room, seats, tokens = seated_room(slug, people=2)
    room = services.start(room.pk, seats[0])
    engine = services.spec_of(room).engine
    for _ in range(12):  # a few moves, so that something happened
        game = room_game(room)
        actor = engine.current_actor(game.state)
        seat = next((s for s in room.seats.all() if s.seat == actor), None)
        if seat is None:
            break
        room = services.move(room.pk, seat, engine.legal_actions(game.state)[0], room.version).room
        if services.computer_moves(room.pk):
            room.refresh_from_db()
    context = browser.new_context(locale="nl-NL", java_script_enabled=False, **DEVICES["phone"])
    try:
        context.add_cookies([{"name": f"rooms_{room.pk}", "value": tokens[0], "url": every_game}])
        page = context.new_page()
        page.goto(f"{every_game}/nl/{slug}/rooms/{room.number}/")
        expect(page.locator("#room svg.board-svg")).to_be_visible()
        assert within_screen(page, "#room .sim__board")
        assert page.locator("#room .room-now .happened__step").count() >= 1
        assert within_screen(page, "#room .room-turn")
        # What the last move did, first (issue 34): its decisive event, else the move itself.
        verdict = page.locator("#room .room-now .verdict")
        assert within_screen(page, "#room .room-now .verdict" if verdict.count() else "#room .room-now .happened--now .happened__what")
    finally:
        context.close()
