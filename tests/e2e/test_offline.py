"""A game kept offline (issue 27), in Chromium with the network cut (Playwright's offline mode):
keep a game, go offline, open its rulebook, a clause, a demo step (inline and as a simulator page)
and a search result, and get the message on the simulator's new-game page; then remove it again."""

import re

import pytest
from django.utils.translation import gettext, override
from playwright.sync_api import expect

from rulebooks.models import Clause

pytestmark = pytest.mark.browser

GAME = "torens-en-dieven"  # the smallest of the four; its rulebook's own language (one language kept)


def nl(text):
    with override("nl"):
        return gettext(text)


def keep_game(page, site, path):
    page.goto(site + path)
    # The service worker takes charge of the page it was registered from (clients.claim).
    page.evaluate(
        """() => navigator.serviceWorker.controller ? true : new Promise((resolve) =>
             navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""
    )
    control = page.locator(".offline-keep")
    expect(control).to_be_visible()
    control.get_by_role("button", name=nl("Keep this game offline")).click()
    expect(control).to_have_attribute("data-state", "kept", timeout=240_000)
    expect(control.locator(".offline-keep__status")).to_contain_text("MB")
    return control


def test_a_kept_game_opens_without_a_connection(page, site):
    clause = Clause.objects.filter(game_id=GAME).exclude(demos=[]).order_by("position").first()
    rulebook = f"/nl/{GAME}/"
    control = keep_game(page, site, rulebook)
    stored = control.locator(".offline-keep__status").inner_text()
    assert re.search(r"\d+[,.]\d MB", stored), stored

    page.context.set_offline(True)
    try:
        # The rulebook, as online.
        page.goto(site + rulebook)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        expect(page.locator("#offline-status")).to_have_text(nl("No connection: the pages kept on this device still open."))
        # A clause, and its demo opened inline and stepped (the mini-board fragments htmx asks for).
        page.goto(site + f"/nl/{GAME}/{clause.anchor}/")
        expect(page.get_by_role("heading", level=1)).to_contain_text(clause.number)
        page.locator(".demo__open").first.click()
        board = page.locator(".demo .miniboard").first
        expect(board.locator("svg.board-svg")).to_be_visible()
        expect(board.locator(".step-count")).to_contain_text("0")
        board.locator('.board-controls a[rel="next"]').click()
        expect(page.locator(".demo .miniboard .step-count").first).to_contain_text("1")
        # A demo step as a simulator page ("Open in simulator").
        scenario = clause.demos[0]["scenario"]
        page.goto(site + f"/nl/{GAME}/sim/?scenario={scenario}&step=1")
        expect(page.locator("#sim svg.board-svg")).to_be_visible()
        # A search over the kept game, in the browser, and one of its results.
        word = max(re.findall(r"\w+", clause.title), key=len)
        page.goto(site + f"/nl/search/?q={word}")
        hits = page.locator(".offline-hit a")
        expect(hits.first).to_be_visible()
        target = hits.first.get_attribute("href")
        hits.first.click()
        expect(page).to_have_url(re.compile(re.escape(target) + "$"))
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        # A page that needs the server says so, in the reader's language.
        page.goto(site + f"/nl/{GAME}/sim/")
        message = page.locator('[data-kind="sim"]')
        expect(message).to_be_visible()
        expect(message).to_have_text(nl(
            "Setting up a new game or a new position needs a connection to the site. "
            "The examples of a game kept on this device work without one."
        ))
    finally:
        page.context.set_offline(False)

    # Removed again: back to the button.
    page.goto(site + rulebook)
    control = page.locator(".offline-keep")
    control.get_by_role("button", name=nl("Remove from this device")).click()
    expect(control).to_have_attribute("data-state", "none")
    names = page.evaluate("caches.keys()")
    assert not [n for n in names if n.startswith(f"rulesite-game:{GAME}:")]
