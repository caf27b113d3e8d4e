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

    walk_offline(page, site, rulebook, clause)
    site_not_answering(page, site, rulebook)

    # Removed again: back to the button.
    page.goto(site + rulebook)
    control = page.locator(".offline-keep")
    control.get_by_role("button", name=nl("Remove from this device")).click()
    expect(control).to_have_attribute("data-state", "none")
    names = page.evaluate("caches.keys()")
    assert not [n for n in names if n.startswith(f"rulesite-game:{GAME}:")]


def walk_offline(page, site, rulebook, clause):
    """Without a connection: the rulebook, a clause and its demo, a demo step as a simulator page, a
    search and its result, and a page that needs the server saying so."""
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
        # The same synonyms as the server: a player's word ("stroom") finds the glossary's ("rivier").
        page.goto(site + "/nl/search/?q=stroom")
        expect(page.locator(".offline-hit a").first).to_contain_text("ivier")
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


def site_not_answering(page, site, rulebook):
    """Connected, but the site does not answer (a captive portal, a train's Wi-Fi, a proxy whose site
    is down): navigator.onLine stays true, and the page still says it is a kept copy."""
    notice = page.locator("#offline-status")
    no_connection = nl("No connection: the pages kept on this device still open.")
    for failure in ("abort", "bad gateway"):
        answer = (lambda route: route.abort("connectionrefused")) if failure == "abort" else (
            lambda route: route.fulfill(status=502, content_type="text/html", body="<h1>502 Bad Gateway</h1>"))
        page.context.route(re.compile(re.escape(site) + "/.*"), answer)
        try:
            page.goto(site + rulebook)
            expect(page.get_by_role("heading", level=1)).to_be_visible()
            assert page.evaluate("navigator.onLine") is True
            expect(notice, failure).to_have_text(no_connection, timeout=1000)
            assert page.evaluate("document.documentElement.dataset.servedFrom") == "device"
        finally:
            page.context.unroute_all()
        # The site answers again: the notice goes by itself, without a reload.
        expect(notice, failure).to_be_hidden(timeout=10_000)


def test_the_keep_control_and_the_print_link_are_thumb_sized_on_a_phone(phone, site):
    phone.goto(site + f"/nl/{GAME}/")
    button = phone.get_by_role("button", name=nl("Keep this game offline"))
    expect(button).to_be_visible()
    box = button.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    phone.goto(site + f"/nl/{GAME}/sim/?scenario=td-rivier-schudden&step=1")
    link = phone.get_by_role("link", name=nl("Print this ruling"))
    expect(link).to_be_visible()
    box = link.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24
    link.click()
    expect(phone.get_by_role("heading", level=1)).to_contain_text(nl("Ruling"))


def test_a_new_content_version_is_stored_again_when_next_online(page, site):
    clause = Clause.objects.filter(game_id=GAME).order_by("position")[3]
    keep_game(page, site, f"/nl/{GAME}/")
    kept = page.evaluate(f"caches.keys().then(n => n.filter(x => x.startsWith('rulesite-game:{GAME}:')))")
    assert len(kept) == 1
    # An editor's change (a save bumps the content version) ...
    clause.title = "Nieuwe titel na een correctie"
    clause.save()
    # ... and the next page opened online stores the game again, then drops the old copy.
    page.goto(site + f"/nl/{GAME}/faq/")
    renewed = page.evaluate(
        """async ([old, prefix]) => {
             for (let i = 0; i < 600; i++) {
               const names = (await caches.keys()).filter((n) => n.startsWith(prefix));
               if (names.length === 1 && names[0] !== old) return names[0];
               await new Promise((r) => setTimeout(r, 100));
             }
             return null;
           }""",
        [kept[0], f"rulesite-game:{GAME}:"],
    )
    assert renewed and renewed != kept[0]
    page.context.set_offline(True)
    try:
        page.goto(site + f"/nl/{GAME}/{clause.anchor}/")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Nieuwe titel na een correctie")
    finally:
        page.context.set_offline(False)
