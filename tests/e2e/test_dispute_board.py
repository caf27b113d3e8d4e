"""The dispute board in a real browser (issue 11): moving by tapping a path with OK and Cancel, a
game against the computer played to the end, the page's own JSON pasted back, keyboard-only use,
axe on the play and edit views, and colour-blind simulations of the board."""

from __future__ import annotations

import json
import re
from itertools import combinations
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from rules.core import codec
from tests.colour_vision import SIMULATIONS, delta_e76, lab, linear, simulate

pytestmark = pytest.mark.browser
SIM = "/nl/finstere-flure/sim/"


def _log(url: str):
    return codec.decode(parse_qs(urlparse(url).query)["log"][0])


def _tap(page, locator) -> None:
    """Click and wait until htmx has swapped the answer in (the next locator sees the new board)."""
    locator.click()
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")


def _new_game(page, site, players: int = 2, **seats: str) -> None:
    query = "&".join([f"new=1&players={players}&seed=3"] + [f"{k}={v}" for k, v in seats.items()])
    page.goto(f"{site}{SIM}?{query}")
    expect(page.locator("svg.board-svg")).to_be_visible()


@pytest.mark.parametrize("device", ["page", "phone"])
def test_move_a_figure_by_tapping_its_path_with_ok_and_cancel(request, site, device):
    page = request.getfixturevalue(device)
    _new_game(page, site)
    start_url = page.url
    # Red's figures are in the start pool: they are offered under the board, by their number.
    _tap(page, page.locator('.tap-choice[data-target="fig:red4"]'))  # red 4 shows 4: a walk of up to 4 steps
    expect(page).to_have_url(re.compile(r"pick=fig%3Ared4$"))
    status = page.locator(".tap-bar__status")
    expect(status).to_be_visible()
    scroll_before = page.evaluate("window.scrollY")
    # Tap two squares of a path; after each tap only the squares that may come next are links.
    for _ in range(2):
        _tap(page, page.locator("svg.board-svg a.tap-next").first)
    expect(page.locator("svg.board-svg .tap-chosen").first).to_be_attached()
    assert page.evaluate("window.scrollY") == scroll_before  # the page did not jump
    # Cancel takes the whole path back: the position is the game's start again.
    _tap(page, page.locator(".tap-cancel"))
    expect(page).to_have_url(start_url)
    expect(page.locator("svg.board-svg .tap-chosen")).to_have_count(0)
    # Again, and OK plays the path as one move.
    _tap(page, page.locator('.tap-choice[data-target="fig:red4"]'))
    _tap(page, page.locator("svg.board-svg a.tap-next").first)
    _tap(page, page.locator("svg.board-svg a.tap-next").first)
    ok = page.locator(".tap-ok")
    expect(ok).to_be_in_viewport()  # board and choices share one screen, on phones too
    _tap(page, ok)
    expect(page).to_have_url(re.compile(r"\?log=1\.[A-Za-z0-9_-]+$"))
    log = _log(page.url)
    assert len(log.actions) == 1 and log.actions[0].startswith("move:red4:E") and len(log.actions[0]) == len("move:red4:") + 2
    expect(page.locator(".step-log li[aria-current]")).to_contain_text("Rood 4")
    # Browser history walks back to the game's start.
    page.go_back()
    page.go_back()
    page.go_back()
    expect(page).to_have_url(re.compile(r"step=0"))


def test_a_game_against_the_computer_plays_to_the_end(page, site, settings):
    settings.SIMULATOR_AUTOPLAY_MS = 20
    _new_game(page, site, seat1="person", seat2="strong")
    assert _log(page.url).bots == {"yellow": "strong"}
    result = page.locator(".sim-result")
    for _ in range(2000):
        if result.count():
            break
        if page.locator(".auto-move").count():  # the computer or the monster is moving by itself
            page.wait_for_timeout(30)
            continue
        ok = page.locator(".tap-ok")
        if ok.count():
            _tap(page, ok)
        elif page.locator("svg.board-svg a.tap-next").count():
            _tap(page, page.locator("svg.board-svg a.tap-next").first)
        elif page.locator(".tap-choice").count():
            _tap(page, page.locator(".tap-choice").first)
        else:
            page.wait_for_timeout(30)
    expect(result).to_contain_text("Het spel is afgelopen")
    log = _log(page.url)
    movers = {a.split(":")[1].rstrip("0123456789") for a in log.actions if a.startswith("move:")}
    assert movers == {"red", "yellow"}  # both the person and the computer moved


def test_the_pages_own_json_pastes_back_to_the_same_board(page, site):
    page.goto(site + SIM + "?scenario=ff-monster-voorbeeld&step=3")
    page.locator(".position-json summary").click()
    raw = page.locator("#position-json-text").text_content()
    position = json.loads(raw)  # real JSON, not a Python repr
    page.goto(site + SIM)
    page.get_by_label("Stand als JSON").fill(raw)
    page.get_by_role("button", name="Toon deze stand").click()
    expect(page.locator("svg.board-svg")).to_be_visible()
    page.locator(".position-json summary").click()
    assert json.loads(page.locator("#position-json-text").text_content()) == position
    # A broken paste keeps the text and names the problem beside the box, in the reader's language.
    page.goto(site + SIM)
    page.get_by_label("Stand als JSON").fill(raw[:-3])
    page.get_by_role("button", name="Toon deze stand").click()
    expect(page.locator("#position-error")).to_contain_text("geen geldige JSON")
    expect(page.get_by_label("Stand als JSON")).to_have_value(raw[:-3])


def test_moving_with_the_keyboard_only(page, site):
    _new_game(page, site)
    # Tab to the first offered figure and press Enter; then Enter on the squares that follow.
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.tap-choice, a.tap-next')"):
            break
    else:
        pytest.fail("no tap target reachable with Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page).to_have_url(re.compile(r"pick="))
    # After a tap the focus is on the next target: Enter keeps walking.
    expect(page.locator("a.tap-next").first).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page.locator(".tap-ok")).to_be_visible()
    for _ in range(40):  # Tab on to OK
        if page.evaluate("document.activeElement.matches('.tap-ok')"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page.locator(".step-log li[aria-current]")).to_contain_text("Rood")
    assert len(_log(page.url).actions) == 1


def _pools(blood):
    """The blood pools of a position as editor tools: a 2x2 block from its top-left square, a 1x4
    line from its left or top end."""
    squares = {tuple(sq) for sq in blood}
    tools = []
    for x, y in sorted(squares):
        if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= squares:
            tools.append(("pool2", (x, y)))
            squares -= {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
            break
    if squares:
        horizontal = len({y for _, y in squares}) == 1
        tools.append(("pool4h", min(squares)) if horizontal else ("pool4v", min(squares, key=lambda s: s[1])))
    return tools


@pytest.mark.parametrize("device", ["page", "phone"])
def test_set_up_the_worked_monster_example_by_tapping_and_play_its_monster_turn(request, site, device):
    """Issue 11: from an empty board, by taps and the turn fields only, build the rulebook's worked
    monster example, play card 10, and end where the ff-monster-voorbeeld scenario ends."""
    from rules.core.registry import get_game
    from rules.core.scenarios import load_scenario
    from rules.core.timeline import from_scenario

    page = request.getfixturevalue(device)
    engine = get_game("finstere-flure").engine
    timeline = from_scenario(engine, load_scenario("finstere-flure", "ff-monster-voorbeeld"))
    start = engine.position_of(timeline.frames[0].state)
    final = engine.position_of(timeline.frames[timeline.last].state)

    page.goto(f"{site}{SIM}?new=1&players={len(start['players'])}&then=blank")
    expect(page.locator("#editor")).to_be_visible()

    def place(tool: str, target: str) -> None:
        _tap(page, page.locator(f'a.palette-item[data-tool="{tool}"]'))
        _tap(page, page.locator(f'svg.board-svg a[data-target="{target}"]'))
        expect(page.locator(".edit-error")).to_have_count(0)

    for x, y in start["stones"]:
        place("stone", f"sq:{x},{y}")
    for tool, (x, y) in _pools(start["blood"]):
        place(tool, f"sq:{x},{y}")
    monster = start["monster"]
    place(f"monster:{monster['facing']}", f"sq:{monster['at'][0]},{monster['at'][1]}")
    for fid, fig in start["figures"].items():
        if isinstance(fig, dict) and fig["at"] != "pool":
            place(f"fig:{fid}:{fig['showing']}", f"sq:{fig['at'][0]},{fig['at'][1]}")
    page.locator('select[name="f.phase"]').select_option(start["phase"])
    page.locator('select[name="f.round"]').select_option(str(start["round"]))
    _tap(page, page.get_by_role("button", name="Toepassen"))
    for i, card in enumerate(start["discard"], start=1):
        page.locator(f'select[name="f.card{i}"]').select_option(card)
    _tap(page, page.get_by_role("button", name="Toepassen"))
    expect(page.locator(".edit-error")).to_have_count(0)
    page.locator(".position-json summary").click()
    assert json.loads(page.locator("#position-json-text").text_content()) == start

    page.get_by_role("link", name="Klaar: speel vanaf deze stand").click()
    expect(page.locator("svg.board-svg")).to_be_visible()
    _tap(page, page.locator('.tap-choice[data-target="card:10"]'))
    _tap(page, page.locator(".auto-run a"))  # the monster's whole turn at once
    page.locator(".position-json summary").click()
    assert json.loads(page.locator("#position-json-text").text_content()) == final


def test_axe_on_the_editor(browser, site):
    context = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{site}{SIM}?new=1&players=3&then=edit")
        expect(page.locator("#editor")).to_be_visible()
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
        _tap(page, page.locator('a.palette-item[data-tool="stone"]'))
        _tap(page, page.locator('svg.board-svg a[data-target="sq:15,10"]'))  # the start square: refused
        expect(page.locator(".edit-error")).to_be_visible()
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_axe_on_the_play_view_while_picking(browser, site):
    context = browser.new_context(locale="nl-NL", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        _new_game(page, site)
        _tap(page, page.locator('.tap-choice[data-target="fig:red1"]'))
        _tap(page, page.locator("svg.board-svg a.tap-next").first)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def _rgb(css: str) -> tuple[float, float, float]:
    r, g, b = (int(v) for v in re.findall(r"\d+", css)[:3])
    return r / 255, g / 255, b / 255


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_player_stays_distinguishable_under_colour_blindness(browser, site, scheme):
    """Seven players on the board: each colour has its own letter on the figure, and the fills stay
    apart (CIE76 ΔE ≥ 10) under deuteranopia and protanopia simulations; blood has a texture."""
    context = browser.new_context(locale="nl-NL", color_scheme=scheme)
    page = context.new_page()
    try:
        colours = ("red", "yellow", "green", "blue", "purple", "white", "orange")
        figures = {f"{c}{n}": "pool" for c in colours for n in (1, 2, 3)}
        for i, colour in enumerate(colours):  # one figure of every colour on the board
            figures[f"{colour}1"] = {"at": [2 + 2 * i, 5], "showing": 1}
        position = {"game": "finstere-flure", "players": list(colours), "phase": "players",
                    "monster": {"at": [0, 0], "facing": "R"}, "figures": figures}  # fmt: skip
        page.goto(site + SIM + "?" + urlencode({"position": json.dumps(position)}))
        expect(page.locator("svg.board-svg g.fig-orange").first).to_be_attached()
        figures = page.evaluate(
            """() => Array.from(document.querySelectorAll('svg.board-svg circle.fig')).map(c => ({
                 cls: c.getAttribute('class'), fill: getComputedStyle(c).fill,
                 tag: (c.parentNode.querySelector('.fig-tag') || {}).textContent || ''}))"""
        )
    finally:
        context.close()
    by_colour = {}
    for fig in figures:
        colour = re.search(r"fig-(\w+)", fig["cls"]).group(1)
        by_colour[colour] = fig
    assert len(by_colour) == 7, by_colour
    letters = {colour: re.sub(r"\d", "", fig["tag"]) for colour, fig in by_colour.items()}
    assert all(letters.values()) and len(set(letters.values())) == 7, letters  # a letter per colour
    for name, matrix in SIMULATIONS.items():
        # The simulation is applied to the sRGB values, then compared in CIE Lab (CIE76).
        seen = {colour: lab(linear(simulate(_rgb(fig["fill"]), matrix))) for colour, fig in by_colour.items()}
        for a, b in combinations(seen, 2):
            assert delta_e76(seen[a], seen[b]) >= 10, f"{name}: {a} and {b} look alike"


def _arrow_to(page, target: str) -> int:
    """Walk the board's roving focus with the arrow keys to the square ``target`` ("sq:5,5")."""
    want = [int(v) for v in target[3:].split(",")]
    for presses in range(60):
        at = page.evaluate("document.activeElement.getAttribute('data-target') || ''")
        if at == target:
            return presses
        assert at.startswith("sq:"), f"the focus left the board: {at!r}"
        x, y = (int(v) for v in at[3:].split(","))
        key = "ArrowRight" if x < want[0] else "ArrowLeft" if x > want[0] else "ArrowDown" if y < want[1] else "ArrowUp"
        page.keyboard.press(key)
    pytest.fail(f"{target} is not reachable with the arrow keys")


def test_editing_with_the_keyboard_only(page, site):
    """The board is one Tab stop (roving tabindex): Tab reaches the palette after it in a few
    presses, the arrow keys walk the board, and choosing a tool puts the focus back on the board."""
    page.goto(f"{site}{SIM}?new=1&players=2&then=blank")
    expect(page.locator("#editor")).to_be_visible()

    def tab_to(selector: str, most: int) -> int:
        for presses in range(1, most + 1):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({json.dumps(selector)})"):
                return presses
        pytest.fail(f"{selector} is not reachable with {most} Tabs")

    board_links = page.locator("svg.board-svg a.board-action").count()
    assert board_links > 100
    assert page.locator('svg.board-svg a.board-action[tabindex="0"]').count() == 1  # one Tab stop
    tabs = tab_to('a.palette-item[data-tool="stone"]', 40)
    assert tabs < 30  # not 182: the board's squares are not Tab stops of their own
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    expect(page.locator('a.palette-item[data-tool="stone"]')).to_have_attribute("aria-current", "true")
    # Choosing a tool puts the focus on the board, where the tool is used next.
    expect(page.locator("svg.board-svg a.board-action:focus")).to_have_count(1)
    _arrow_to(page, "sq:5,5")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.locator(".position-json summary").click()
    assert json.loads(page.locator("#position-json-text").text_content())["stones"] == [[5, 5]]
