"""A player's way through the site in a real browser: home -> rulebook -> clause -> search,
with JavaScript on and off, on a laptop and a phone, and axe finding no violations."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def walk_home_to_search(page, site, javascript=True):
    page.goto(site + "/")
    expect(page).to_have_url(re.compile(r"/nl/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Regels aan tafel")
    page.get_by_role("link", name="Finstere Flure").click()
    expect(page).to_have_url(re.compile(r"/nl/finstere-flure/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Finstere Flure")
    # The table of contents jumps to a clause, whose ¶ permalink carries its id.
    toc = page.get_by_role("navigation", name="Inhoudsopgave")
    if not javascript:
        # The contents arrive closed (so nothing shifts when a phone's script would close them);
        # on a wide screen the script opens them, without it one tap on the summary does.
        expect(toc.locator("details")).not_to_have_attribute("open", "")
        toc.get_by_text("Inhoud", exact=True).click()
    expect(toc.locator("details")).to_have_attribute("open", "")
    first_rule = toc.locator("li.toc-clause a").nth(3)
    target = first_rule.get_attribute("href")
    first_rule.click()
    expect(page).to_have_url(re.compile(re.escape(target) + "$"))
    clause = page.locator(target)
    expect(clause).to_be_visible()
    clause.get_by_role("link", name=re.compile(r"^Pagina van §")).click()
    expect(page).to_have_url(re.compile(r"/nl/finstere-flure/" + re.escape(target[1:]) + "/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("§")
    # Back into the rulebook at that clause.
    page.get_by_role("link", name="Toon in de spelregels").click()
    expect(page).to_have_url(re.compile(r"/nl/finstere-flure/" + re.escape(target) + "$"))
    # Search from the header.
    box = page.get_by_role("searchbox", name="Zoek in de regels").first
    box.fill("bloedplas")
    box.press("Enter")
    expect(page).to_have_url(re.compile(r"/nl/search/\?q=bloedplas"))
    expect(page.locator("mark").first).to_be_visible()
    page.locator(".search-hits a").first.click()
    expect(page).to_have_url(re.compile(r"/nl/finstere-flure/ff-[a-z0-9-]+/$"))


def test_home_rulebook_clause_search_with_javascript(page, site):
    walk_home_to_search(page, site)


def test_home_rulebook_clause_search_without_javascript(nojs_page, site):
    walk_home_to_search(nojs_page, site, javascript=False)


def test_search_updates_results_as_you_type_and_keeps_a_shareable_url(page, site):
    page.goto(site + "/de/search/")
    page.get_by_label("Deine Frage oder Wörter").fill("zugbrücke")
    expect(page.locator("#search-results mark").first).to_have_text(re.compile("Zugbrücke", re.I))
    expect(page).to_have_url(re.compile(r"/de/search/\?q=zugbr"))
    page.reload()
    expect(page.locator("#search-results mark").first).to_be_visible()


def test_language_switch_keeps_the_page(page, site):
    page.goto(site + "/nl/torens-en-dieven/")
    page.get_by_role("navigation", name="Taal").get_by_role("link", name="DE").click()
    expect(page).to_have_url(re.compile(r"/de/torens-en-dieven/$"))
    expect(page.get_by_role("navigation", name="Inhaltsverzeichnis")).to_be_visible()


def test_table_of_contents_collapses_on_a_phone_and_opens_on_tap(phone, site):
    phone.goto(site + "/nl/betoverde-torens/")
    details = phone.locator("details.toc__details")
    expect(details).not_to_have_attribute("open", "")
    phone.get_by_text("Inhoud", exact=True).click()
    expect(details).to_have_attribute("open", "")
    link = details.locator("li.toc-clause a").first
    href = link.get_attribute("href")
    link.click()
    expect(phone).to_have_url(re.compile(re.escape(href) + "$"))
    expect(details).not_to_have_attribute("open", "")
    # No horizontal scrolling on a phone.
    # (on a mobile viewport innerWidth grows with the content; the layout width is clientWidth)
    assert phone.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1")


def test_unknown_clause_shows_the_designed_404(page, site):
    response = page.goto(site + "/nl/finstere-flure/ff-bestaat-niet/")
    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Pagina niet gevonden")
    expect(page.get_by_role("link", name="Alle spelregels")).to_be_visible()


PAGES = [
    "/nl/",
    "/de/der-dunkle-turm/",
    "/nl/betoverde-torens/",
    "/en/finstere-flure/",
    "/nl/torens-en-dieven/td-bereik-hoogte/",
    "/nl/search/?q=toren",
    "/de/search/?q=",
    "/nl/finstere-flure/ff-bestaat-niet/",
]


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations(browser, site, path, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        page.goto(site + path)
        results = Axe().run(page)
        assert results.violations_count == 0, results.generate_report()
    finally:
        context.close()


def test_axe_finds_no_violations_on_a_phone(phone, site):
    phone.goto(site + "/nl/finstere-flure/")
    results = Axe().run(phone)
    assert results.violations_count == 0, results.generate_report()


def test_print_hides_navigation(page, site):
    page.goto(site + "/nl/finstere-flure/")
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    # The contents print, open (issue 27: rulebooks print with their contents); the rest of the
    # navigation does not.
    expect(page.locator("nav.toc")).to_be_visible()
    expect(page.locator("nav.toc li.toc-clause a").first).to_be_visible()
    expect(page.locator(".language-switch")).to_be_hidden()
    expect(page.locator("article.rulebook")).to_be_visible()
