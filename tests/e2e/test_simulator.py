"""The mini-boards and the simulator page in a real browser: inline demos with htmx, stepping
with buttons and arrow keys, branching, browser history, no-JS fallbacks and accessibility."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.site_games import SITE_GAMES

pytestmark = pytest.mark.browser

# On a mobile viewport innerWidth grows with the content; the layout width is clientWidth.
NO_SIDEWAYS_SCROLLING = "document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1"
CLAUSE = "/nl/finstere-flure/ff-steen-schuiven/"


def test_demo_opens_inline_and_steps_with_buttons_and_arrow_keys(page, site):
    page.goto(site + CLAUSE)
    demo = page.locator("#demo-ff-steen-schuiven-1")
    demo.get_by_role("link", name=re.compile("voorbeeld")).click()
    board = demo.locator("figure.miniboard")
    expect(board).to_be_visible()
    # The page did not navigate; its address only remembers the open demo and its step.
    expect(page).to_have_url(re.compile(re.escape(CLAUSE) + r"\?demo=ff-steen-schuiven&step=0#demo-ff-steen-schuiven-1$"))
    expect(board.locator("svg[role=img]")).to_be_visible()
    expect(board.locator("figcaption")).to_contain_text("Stap 0 van")
    board.get_by_role("link", name="Volgende stap").click()
    expect(board.locator("figcaption")).to_contain_text("Stap 1 van")
    expect(board.locator("figcaption a.cite")).to_have_text(re.compile(r"§\d"))
    # The focus stays on the controls, so the arrow keys keep working.
    page.keyboard.press("ArrowRight")
    expect(demo.locator("figcaption")).to_contain_text("Stap 2 van")
    page.keyboard.press("ArrowLeft")
    expect(demo.locator("figcaption")).to_contain_text("Stap 1 van")
    href = demo.get_by_role("link", name="Open in simulator").get_attribute("href")
    assert "scenario=ff-steen-schuiven" in href and "step=1" in href


def test_demo_without_javascript_opens_the_simulator_page(nojs_page, site):
    nojs_page.goto(site + CLAUSE)
    nojs_page.get_by_role("link", name=re.compile("voorbeeld")).first.click()
    expect(nojs_page).to_have_url(re.compile(r"/nl/finstere-flure/sim/\?scenario=ff-steen-schuiven&step=0$"))
    nojs_page.get_by_role("link", name="Volgende stap").first.click()
    expect(nojs_page).to_have_url(re.compile(r"step=1$"))
    expect(nojs_page.locator(".sim-caption")).to_contain_text("steenblok")


def test_simulator_history_and_what_if_branching(page, site):
    page.goto(site + "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=0")
    page.get_by_role("link", name="Volgende stap").first.click()
    expect(page).to_have_url(re.compile(r"step=1$"))
    page.get_by_role("link", name="Volgende stap").first.click()
    expect(page).to_have_url(re.compile(r"step=2$"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"step=1$"))
    expect(page.locator("#now-heading")).to_contain_text("1")
    page.go_forward()
    expect(page).to_have_url(re.compile(r"step=2$"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"step=1$"))
    # What if yellow 1 stays where it is instead? (The list of all moves is the fallback under the
    # board, collapsed while the board itself can be tapped.) Going back may swap the board once
    # more after the URL changed (htmx restores history); open the list in the board that stays.
    stays = page.locator('a.action[data-action="move:yellow1:"]')
    page.wait_for_function(
        """() => { const open = () => document.querySelectorAll('.whatif').forEach(d => d.open = true);
                   open(); const a = document.querySelector('a.action[data-action="move:yellow1:"]');
                   return !document.querySelector('.htmx-request') && a && a.offsetParent !== null; }""",
        polling=100,
    )
    stays.click()
    expect(page).to_have_url(re.compile(r"\?log=1\."))
    expect(page.locator(".sim__now .happened")).to_contain_text("Geel 1")  # what happened: the branch's move
    shared = page.url
    other = page.context.new_page()
    other.goto(shared)
    expect(other.locator(".sim__now .happened")).to_contain_text("Geel 1")
    other.close()


def test_new_game_form_and_a_seeded_card_draw(page, site):
    page.goto(site + "/nl/finstere-flure/sim/")
    page.get_by_label("Aantal spelers").fill("2")
    page.get_by_label("Startgetal voor het toeval", exact=False).fill("7")
    page.get_by_role("button", name="Start").click()
    expect(page).to_have_url(re.compile(r"\?log=1\..*&step=0$"))
    expect(page.locator(".sim__next .tap-bar__status")).to_contain_text("Rood is aan de beurt")
    # The seed is the driver's: it travels in the log, not in the engine's setup.
    from urllib.parse import parse_qs, urlparse

    from rules.core import codec

    log = codec.decode(parse_qs(urlparse(page.url).query)["log"][0])
    assert log.seed == 7 and log.setup == {"players": 2, "dmaufbau": False}


def test_copy_link_puts_the_step_url_on_the_clipboard(browser, site):
    context = browser.new_context(locale="nl-NL", permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    try:
        page.goto(site + "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1")
        page.get_by_role("button", name="Kopieer de link naar deze stand").click()
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.endswith("/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1")
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_on_the_simulator_and_an_open_mini_board(browser, site, scheme):
    context = browser.new_context(locale="nl-NL", color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site + "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1")
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        page.goto(site + "/nl/finstere-flure/sim/")
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        page.goto(site + CLAUSE)
        page.get_by_role("link", name=re.compile("voorbeeld")).first.click()
        expect(page.locator("figure.miniboard")).to_be_visible()
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def _board_pages():
    """For every game with a rulebook and an engine: its first scenario's first two steps, and a
    step whose board has tappable pieces (a group of links) where the game has one."""
    from pathlib import Path

    from rules.core.registry import all_games
    from rules.core.scenario_files import scenario_paths

    content = Path(__file__).resolve().parents[2] / "rulebooks" / "content"
    out = []
    for spec in all_games():
        if not (content / spec.slug).is_dir():
            continue  # the tests' toy game has no rulebook on the site
        first = next(iter(scenario_paths(spec.slug)))
        out += [f"/nl/{spec.slug}/sim/?scenario={first}&step=0", f"/nl/{spec.slug}/sim/?scenario={first}&step=1"]
    out.append("/nl/finstere-flure/sim/?scenario=ff-monster-voorbeeld&step=1")  # the monster can be tapped
    return out


@pytest.mark.parametrize("url", _board_pages())
def test_axe_on_every_games_boards(browser, site, url):
    context = browser.new_context(locale="nl-NL", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(site + url)
        expect(page.locator("svg.board-svg")).to_be_visible()
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_a_tappable_piece_is_a_named_link_that_plays_its_action(page, site):
    page.goto(site + "/nl/finstere-flure/sim/?scenario=ff-monster-voorbeeld&step=1")
    board = page.locator("svg.board-svg")
    expect(board).to_have_attribute("role", "group")
    monster = board.locator('a.board-action[data-action="monster"]')
    expect(monster).to_have_attribute("aria-label", "Het monster zet een stap")
    monster.click()
    expect(page).to_have_url(re.compile(r"\?log=1\.[A-Za-z0-9_-]+$"))  # a branch: card 10, then one monster step
    expect(page.locator("#now-heading")).to_have_text("Stap 2 van 2")


@pytest.mark.parametrize("game", SITE_GAMES)
def test_a_new_game_fits_a_phone_without_sideways_scrolling(phone, site, game):
    """The board's legend rows (a colour's name, its chips and a note) wrap instead of widening
    the page: with three Finstere Flure players a row was 403 px on a 390 px phone."""
    phone.goto(f"{site}/nl/{game}/sim/?new=1&players=3")
    assert phone.evaluate(NO_SIDEWAYS_SCROLLING)
