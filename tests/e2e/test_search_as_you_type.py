"""Finding the answer in one's own words, in a real browser on a phone (390x844) and a laptop: a
question typed letter by letter into the ask form shows the matching rulings and clauses while it
is typed; "This answers my question" ends the asking at the answer, and the editors see it counted.
The search box in the header suggests the same as it is typed; without JavaScript the search page
answers the same words. Every tap target of the suggestions is at least 24x24 CSS px."""

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from faq.models import Entry, SuggestionAnswer
from faq.sync import sync_curated
from tests import conftest as base

pytestmark = pytest.mark.browser

CLAUSE = "/nl/finstere-flure/ff-steen-schuiven/"
QUESTION = "mag het monster een steen duwen"  # the rulebook says "schuiven", the player "duwen"


@pytest.fixture
def faq_site(site):
    sync_curated(base._CONTENT)
    cache.clear()
    yield site
    cache.clear()


def tap_targets_too_small(page, selector):
    """(text, width, height) of every visible element matching ``selector`` smaller than 24x24."""
    return page.eval_on_selector_all(
        selector,
        """els => els.filter(e => e.offsetParent !== null).map(e => {
            const r = e.getBoundingClientRect();
            return [e.textContent.trim().slice(0, 40), r.width, r.height];
        }).filter(([, w, h]) => w < 24 || h < 24)""",
    )


@pytest.mark.parametrize("device", ["phone", "page"])
def test_a_question_typed_letter_by_letter_is_answered_by_a_suggestion(faq_site, device, request):
    page = request.getfixturevalue(device)
    page.goto(faq_site + CLAUSE)
    page.get_by_role("link", name="Schrijf je vraag").click()
    field = page.get_by_label("Je vraag")
    expect(field).to_be_focused()
    field.press_sequentially(QUESTION, delay=15)  # key by key, as a thumb types
    suggestions = page.get_by_role("region", name="Antwoorden die kunnen passen")
    rule = suggestions.locator("li.hit--clause", has=page.locator('a[href$="/ff-monster-schuift-steen/"]'))
    expect(rule).to_be_visible()
    expect(field).to_be_focused()  # the suggestions come in beside the field: the typing goes on
    # Rulings first, each with its proof badge when the engine checks it; then clauses with their §.
    kinds = suggestions.locator("li.hit").evaluate_all("els => els.map(e => e.classList.contains('hit--faq'))")
    assert kinds == sorted(kinds, reverse=True) and kinds[0]
    expect(suggestions.locator("li.hit--faq .faq-badge").first).to_contain_text("gecontroleerd door de regelengine")
    expect(rule.locator(".num")).to_have_text(re.compile(r"^§\d+(\.\d+)+$"))
    assert tap_targets_too_small(page, "#ask-suggestions a, #ask-suggestions button, #ask-suggestions summary") == []
    if device == "phone":
        box = rule.bounding_box()
        field_box = field.bounding_box()
        assert box["y"] - (field_box["y"] + field_box["height"]) < 844  # the answer is one scroll below what was typed
    rule.get_by_role("button", name="Dit beantwoordt mijn vraag").click()
    expect(page).to_have_url(faq_site + "/nl/finstere-flure/ff-monster-schuift-steen/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Steenblokken voor zich uit schuiven")
    chosen = SuggestionAnswer.objects.get()
    assert chosen.clause.anchor == "ff-monster-schuift-steen" and chosen.question == QUESTION
    assert not Entry.objects.filter(origin=Entry.VISITOR).exists()


def test_the_search_box_suggests_while_typing_and_the_search_page_works_without_javascript(faq_site, phone, nojs_page):
    phone.goto(faq_site + "/de/finstere-flure/")
    box = phone.get_by_role("searchbox", name="Regeln durchsuchen")
    box.press_sequentially("monster schiebt stein", delay=15)
    found = phone.locator("#site-suggestions a[href$='/ff-monster-schuift-steen/']")
    expect(found).to_be_visible()
    expect(box).to_be_focused()  # a pause in the typing brings suggestions, and the keyboard stays
    assert tap_targets_too_small(phone, "#site-suggestions a, #site-suggestions summary") == []
    box.press("Escape")
    expect(found).to_have_count(0)
    box.fill("monster schiebt stein")
    box.press("Enter")  # the real search page, the game the reader came from first
    expect(phone).to_have_url(re.compile(r"/de/search/\?q=monster\+schiebt\+stein&in=finstere-flure$"))
    expect(phone.locator("#search-results a[href$='/ff-monster-schuift-steen/']")).to_be_visible()
    # Without JavaScript the same words find the same clause.
    nojs_page.goto(faq_site + "/nl/search/?q=monster+duwt+steen&in=finstere-flure")
    expect(nojs_page.locator("#search-results a[href$='/ff-monster-schuift-steen/']")).to_be_visible()
