"""Finding the answer in one's own words, in a real browser on a phone (390x844) and a laptop: a
question typed letter by letter into the ask form shows the matching rulings and clauses while it
is typed; "This answers my question" ends the asking at the answer, and the editors see it counted.
The search box in the header suggests the same as it is typed, from the first word on and at least
every other keystroke (not after a pause); without JavaScript the search page answers the same
words. A question no rule answers is said to have none, and the ask form offers to send it to the
editors. Every tap target of the suggestions is at least 24x24 CSS px."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from faq.models import Entry, SuggestionAnswer
from tests.faq.conftest import load_faq_content

pytestmark = pytest.mark.browser

CLAUSE = "/nl/finstere-flure/ff-steen-schuiven/"
QUESTION = "mag het monster een steen duwen"  # the rulebook says "schuiven", the player "duwen"


@pytest.fixture
def faq_site(site):
    from sitewide.search import INDEXES

    load_faq_content()  # the curated entries (the copy the site fixture restored has them)
    cache.clear()
    for lang in ("nl", "de", "en"):  # built before the typing starts (a second or two each, once per process)
        INDEXES.get(lang)
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


def test_suggestions_follow_the_typing_at_least_every_other_keystroke(faq_site, phone):
    """The page's clock is Playwright's (no wall-clock timing): a key every 120 ms, each request
    answered before the clock moves on, as on a quick connection."""
    phone.clock.install()
    phone.goto(faq_site + "/en/finstere-flure/")
    asked: list[str] = []
    open_requests: list[object] = []
    phone.on("request", lambda r: ("/search/suggest/" in r.url) and (asked.append(r.url), open_requests.append(r)))
    phone.on("requestfinished", lambda r: r in open_requests and open_requests.remove(r))
    box = phone.get_by_role("searchbox", name="Search the rules")
    box.click()
    question = "monster walks through the wall"

    def settle():
        for _ in range(200):  # until every request sent so far is answered
            if not open_requests:
                return
            phone.wait_for_timeout(20)

    for key in question:
        box.press(key if key != " " else "Space")
        settle()
        phone.clock.run_for(120)
        settle()
    phone.clock.run_for(400)
    settle()
    typed = [parse_qs(urlsplit(url).query)["q"][0] for url in asked]
    assert len(typed) >= len(question) // 2
    assert typed[0] == "mo"  # the first once a word has two letters
    assert typed[-1] == question  # the text last typed is always sent
    expect(phone.locator("#site-suggestions a[href$='/ff-monster-door-muur/']")).to_be_visible()


def test_a_question_no_rule_answers_goes_to_the_editors_from_the_ask_form(faq_site, phone):
    phone.goto(faq_site + "/en/faq/ask/?game=finstere-flure")
    field = phone.get_by_label("Your question")
    field.press_sequentially("can I play it with a gamepad on the console", delay=15)
    region = phone.get_by_role("region", name="Answers that may match")
    expect(region.get_by_text("No rule or ruling answers this yet.")).to_be_visible()
    send = region.get_by_role("button", name="Ask the editors")
    assert tap_targets_too_small(phone, "#ask-suggestions a, #ask-suggestions button") == []
    send.click()  # the ask form's own submit: the question and the game are its fields
    entry = Entry.objects.get(origin=Entry.VISITOR)
    assert entry.question == "can I play it with a gamepad on the console" and entry.game_id == "finstere-flure"
