"""Reading and playing in three languages in a real browser (issue 12): the language switch keeps
the reader on the same demo step and the same clause; a translated clause opens its original."""

import re

import pytest
from playwright.sync_api import expect

from rules.core.scenario_texts import load_texts
from rules.core.scenarios import load_scenario

pytestmark = pytest.mark.browser

DEMO = "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=0"


def test_switching_language_on_step_3_of_a_demo_lands_on_step_3_of_the_same_demo(page, site):
    page.goto(site + DEMO)
    now = page.locator("#now-heading")
    for step in (1, 2, 3):
        page.locator("#sim").get_by_role("link", name="Volgende stap").first.click()
        expect(now).to_contain_text(f"Stap {step} van")
    expect(page).to_have_url(re.compile(r"step=3"))
    dutch = load_scenario("finstere-flure", "ff-steen-schuiven").steps[2].caption
    expect(page.locator("p.sim-caption")).to_contain_text(dutch[:40])

    page.locator(".language-switch a[hreflang=de]").click()
    expect(page).to_have_url(re.compile(r"/de/finstere-flure/sim/\?(?=.*scenario=ff-steen-schuiven)(?=.*step=3)"))
    expect(now).to_contain_text("Schritt 3 von")
    german = load_texts("finstere-flure", "de")["ff-steen-schuiven"].captions[2]
    expect(page.locator("p.sim-caption")).to_contain_text(german[:40])
    expect(page.locator("p.sim-caption")).to_have_attribute("lang", "de")


def test_switching_language_keeps_the_clause_being_read(page, site):
    page.goto(site + "/nl/finstere-flure/#ff-monster-schuift-steen")
    page.locator(".language-switch a[hreflang=en]").click()
    expect(page).to_have_url(re.compile(r"/en/finstere-flure/#ff-monster-schuift-steen$"))
    expect(page.locator("#ff-monster-schuift-steen")).to_be_in_viewport()


def test_a_translated_clause_opens_its_original_which_governs(page, site):
    page.goto(site + "/en/finstere-flure/ff-monster-schuift-steen/")
    original = page.locator("details.original")
    expect(original.locator(".original__text")).to_be_hidden()
    original.locator("summary").click()
    expect(original.locator(".original__text")).to_be_visible()
    expect(original.locator(".original__text")).to_have_attribute("lang", "nl")
    expect(original).to_contain_text("governs in a dispute")


def test_switching_language_on_step_3_of_an_inline_demo_reopens_it_on_step_3(page, site):
    page.goto(site + "/nl/finstere-flure/ff-steen-schuiven/")
    demo = page.locator("#demo-ff-steen-schuiven-1")
    demo.get_by_role("link", name=re.compile("voorbeeld")).click()
    board = demo.locator("figure.miniboard")
    expect(board.locator("figcaption")).to_contain_text("Stap 0 van")
    for step in (1, 2, 3):
        board.get_by_role("link", name="Volgende stap").click()
        expect(board.locator("figcaption")).to_contain_text(f"Stap {step} van")
    # The address remembers the demo and its step, so the switch carries them over.
    expect(page).to_have_url(re.compile(r"/nl/finstere-flure/ff-steen-schuiven/\?demo=ff-steen-schuiven&step=3#demo-ff-steen-schuiven-1$"))
    page.locator(".language-switch a[hreflang=en]").click()
    expect(page).to_have_url(re.compile(r"/en/finstere-flure/ff-steen-schuiven/\?demo=ff-steen-schuiven&step=3"))
    english = page.locator("#demo-ff-steen-schuiven-1 figure.miniboard")
    expect(english.locator("figcaption")).to_contain_text("Step 3 of")
    caption = load_texts("finstere-flure", "en")["ff-steen-schuiven"].captions[2]
    expect(english.locator("figcaption")).to_contain_text(caption[:40])
    expect(english.locator("figcaption")).to_have_attribute("lang", "en")
