"""The FAQ in a real browser: a visitor asks from a clause page, an editor answers and publishes
in the admin, and the ruling shows on the FAQ page, under the clause, in search and in the
feed; what stays private stays private; axe finds no violations on the FAQ pages."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from django.core.cache import cache
from playwright.sync_api import expect

from faq.models import Entry
from tests.faq.conftest import load_faq_content
from tests.mailserver import body

pytestmark = pytest.mark.browser

CLAUSE = "/nl/betoverde-torens/bt-raventoren-verplaatsen/"
QUESTION = "Mag de Raventoren op een toren met een tovenaar erop landen als er geen ander vrij veld is?"
EDITOR, PASSWORD = "redactie", "een-lang-redactie-wachtwoord"


@pytest.fixture
def faq_site(site):
    """The live server with the rulebooks, the curated FAQ entries and an editor account."""
    load_faq_content()  # the curated entries (the copy the site fixture restored has them)
    get_user_model().objects.create_superuser(EDITOR, "redactie@example.org", PASSWORD)
    cache.clear()  # a fresh rate limit for this test
    yield site
    cache.clear()


def ask_from_clause_page(page, site, question=QUESTION, javascript=True):
    """Submit a question from a clause page; return the private tracking URL shown on the confirmation."""
    page.goto(site + CLAUSE)
    # The clause page (cacheable, no CSRF token) links to the form: htmx loads it in place with
    # the focus in the question; without JavaScript the link opens the form's own page.
    page.get_by_role("link", name="Schrijf je vraag").click()
    form = page.get_by_role("region", name=re.compile("Stel een vraag over §"))
    if javascript:
        expect(form.get_by_label("Je vraag")).to_be_focused()
        expect(page).to_have_url(site + CLAUSE)
    else:
        expect(page).to_have_url(site + "/nl/faq/ask/?game=betoverde-torens&clause=bt-raventoren-verplaatsen")
    form.get_by_label("Je vraag").fill(question)
    form.get_by_label("Naam (niet verplicht)").fill("Anna")
    form.get_by_role("button", name="Vraag versturen").click()
    expect(page).to_have_url(re.compile(r"/nl/faq/thanks/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Bedankt: je vraag is aangekomen")
    link = page.locator(".faq-confirm__link a")
    expect(link).to_have_text(re.compile(r"^http://.+/nl/faq/question/[A-Za-z0-9_-]{32}/$"))
    return site + link.get_attribute("href")


def editor_answers_and_publishes(browser, site, question):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="nl-NL")
    admin = context.new_page()
    try:
        admin.goto(site + "/admin/faq/entry/")
        expect(admin).to_have_url(re.compile(r"/admin/login/"))
        admin.locator("#id_username").fill(EDITOR)
        admin.locator("#id_password").fill(PASSWORD)
        admin.locator("input[type=submit]").click()
        expect(admin).to_have_url(re.compile(r"/admin/faq/entry/$"))
        # Triage: the new question is among the received ones.
        admin.goto(site + "/admin/faq/entry/?status__exact=received")
        admin.get_by_role("link", name=question[:60]).click()
        admin.locator("#id_answer").fill(
            "Nee. De Raventoren gaat alleen naar een toren **zonder** tovenaar erop ([[bt-raventoren-verplaatsen]]).\n\n"
            "<script>alert('x')</script>"
        )
        admin.locator("#id_status").select_option("answered")
        admin.locator("input[name=_continue]").click()
        # The preview shows the rendered, sanitised answer.
        preview = admin.locator(".faq-preview")
        expect(preview.locator("strong")).to_have_text("zonder")
        expect(preview.locator("a.xref")).to_contain_text("§")
        assert "<script" not in preview.inner_html()
        admin.locator("#id_published").check()
        admin.locator("input[name=_save]").click()
        expect(admin.locator(".messagelist .success")).to_be_visible()
    finally:
        context.close()


def test_the_whole_lifecycle_ask_answer_publish_and_find(browser, page, faq_site):
    site = faq_site
    track_url = ask_from_clause_page(page, site)
    entry = Entry.objects.get(origin=Entry.VISITOR)
    assert entry.question == QUESTION and not entry.published
    # The private page shows the status; the question is not public yet.
    page.goto(track_url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Je vraag")
    expect(page.locator(".faq-status")).to_have_text("ontvangen")
    expect(page.get_by_text(QUESTION)).to_be_visible()
    response = page.goto(site + f"/nl/betoverde-torens/faq/{entry.slug}/")
    assert response.status == 404

    editor_answers_and_publishes(browser, site, QUESTION)

    # On the FAQ page of the game ...
    page.goto(site + "/nl/betoverde-torens/faq/")
    page.get_by_role("link", name=QUESTION).click()
    expect(page).to_have_url(re.compile(rf"/nl/betoverde-torens/faq/{entry.slug}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(QUESTION)
    expect(page.locator(".faq-answer strong")).to_have_text("zonder")
    expect(page.locator(".faq-status")).to_have_text("beantwoord")
    expect(page.locator(".faq-answer script")).to_have_count(0)
    # ... under the clause it was asked about (rulebook and clause page). The visitor's browser
    # keeps the clause page it saw before for max-age (Cache-Control: public); reloading asks
    # again with its ETag and gets the page with the ruling, not a 304 ...
    page.goto(site + CLAUSE)
    page.reload()
    rulings = page.locator(".clause-faq")
    expect(rulings.get_by_role("link", name=QUESTION)).to_be_visible()
    page.goto(site + "/nl/betoverde-torens/#bt-raventoren-verplaatsen")
    expect(page.locator("#bt-raventoren-verplaatsen .clause-faq").get_by_role("link", name=QUESTION)).to_be_visible()
    # ... in search ...
    box = page.get_by_role("searchbox", name="Zoek in de regels").first
    box.fill("tovenaar erop landen")
    box.press("Enter")
    expect(page.locator("#search-results .hit--faq a.hit__link").first).to_have_attribute("href", f"/nl/betoverde-torens/faq/{entry.slug}/")
    # ... and in both feeds.
    for feed in ["/nl/betoverde-torens/faq/feed/", "/nl/faq/feed/"]:
        body = page.request.get(site + feed).text()
        assert f"/nl/betoverde-torens/faq/{entry.slug}/" in body and "Raventoren op een toren" in body
    # The asker's private page now links the published answer.
    page.goto(track_url)
    expect(page.locator(".faq-status")).to_have_text("beantwoord")
    page.get_by_role("link", name="Lees het antwoord").click()
    expect(page).to_have_url(re.compile(rf"/nl/betoverde-torens/faq/{entry.slug}/$"))


def test_asking_works_without_javascript(nojs_page, faq_site):
    track_url = ask_from_clause_page(
        nojs_page, faq_site, "Werkt dit formulier ook zonder JavaScript in de browser?", javascript=False
    )
    nojs_page.goto(track_url)
    expect(nojs_page.locator(".faq-status")).to_have_text("ontvangen")


def test_mistakes_are_explained_next_to_the_field(page, faq_site):
    page.goto(faq_site + "/nl/faq/ask/?game=betoverde-torens&clause=bt-raventoren-verplaatsen")
    page.get_by_label("Je vraag").fill("kort")
    page.get_by_label("E-mail (niet verplicht, voor een antwoord)").fill("geen-adres")
    # The browser's own checks (minlength, type=email) would stop this first; switch them off to
    # reach the server's.
    page.evaluate("document.querySelector('.ask__form').noValidate = true")
    page.get_by_role("button", name="Vraag versturen").click()
    expect(page.locator("#ask-question-error")).to_contain_text("minstens 10 tekens")
    expect(page.locator("#ask-email")).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Je vraag")).to_have_value("kort")
    assert not Entry.objects.filter(origin=Entry.VISITOR).exists()


def test_private_things_stay_private(browser, page, faq_site):
    ask_from_clause_page(page, faq_site)
    entry = Entry.objects.get(origin=Entry.VISITOR)
    stranger = browser.new_context(locale="nl-NL").new_page()
    try:
        # No unpublished entry, no admin, no tracking page without its exact link.
        assert stranger.goto(faq_site + f"/nl/betoverde-torens/faq/{entry.slug}/").status == 404
        stranger.goto(faq_site + "/admin/faq/entry/")
        expect(stranger).to_have_url(re.compile(r"/admin/login/"))
        assert stranger.goto(faq_site + "/nl/faq/question/" + "x" * 32 + "/").status == 404
        assert stranger.goto(faq_site + "/nl/faq/question/" + entry.token[:-1] + "/").status == 404
        stranger.goto(faq_site + "/nl/faq/thanks/")
        expect(stranger.get_by_role("heading", level=1)).to_have_text("Geen vraag om te bevestigen")
        stranger.goto(faq_site + "/nl/betoverde-torens/faq/")
        expect(stranger.get_by_text(QUESTION)).to_have_count(0)
    finally:
        stranger.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_faq_pages(browser, faq_site, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, locale="nl-NL")
    page = context.new_page()
    try:
        track_url = ask_from_clause_page(page, faq_site)
        pages = {
            "confirmation": None,  # already open
            "tracking": track_url,
            "faq list": faq_site + "/nl/betoverde-torens/faq/",
            "entry": faq_site + "/nl/betoverde-torens/faq/raventoren-op-torens/",
            "index": faq_site + "/de/faq/",
            "ask with errors": None,
        }
        for name, url in pages.items():
            if name == "ask with errors":
                page.goto(faq_site + "/en/faq/ask/?game=betoverde-torens")
                page.evaluate("document.querySelector('.ask__form').noValidate = true")
                page.get_by_role("button", name="Send question").click()
                expect(page.locator(".ask__error")).to_be_visible()
            elif url:
                page.goto(url)
            results = Axe().run(page)
            assert results.violations_count == 0, f"{name}: " + results.generate_report()
    finally:
        context.close()


SIM = "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven"
SIM_QUESTION = "Mag het monster in deze stand twee steenblokken tegelijk voor zich uit schuiven?"


def test_the_asker_is_told_by_email_and_the_address_is_gone(browser, phone, faq_site, smtp_server, settings):
    """The whole loop: a visitor on a phone asks about the position on the board and leaves an
    address; the editor finds it in the queue (language, board, closest rulings), answers and
    publishes it in the admin; one e-mail arrives at the test's SMTP server with the ruling's and
    the position's links; the address is gone from the database."""
    site = faq_site
    settings.SITE_URL = ""  # the links start with the address the editor's admin request came to
    phone.goto(site + SIM)
    phone.get_by_role("link", name="Schrijf je vraag").click()
    form = phone.get_by_role("region", name="Stel een vraag")
    expect(form.get_by_text("De stand die je nu bekijkt, gaat mee met je vraag.")).to_be_visible()
    form.get_by_label("Je vraag").fill(SIM_QUESTION)
    email = form.get_by_label("E-mail (niet verplicht, voor een antwoord)")
    email.fill("speler@example.org")
    expect(form.locator("#ask-email-hint")).to_contain_text("één e-mail")
    form.get_by_role("button", name="Vraag versturen").click()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Bedankt: je vraag is aangekomen")
    entry = Entry.objects.get(origin=Entry.VISITOR)
    position = SIM + "&step=0"  # the step on the board when the question was asked
    assert (entry.asker_email, entry.asker_language, entry.position_url) == ("speler@example.org", "nl", position)

    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="nl-NL")
    admin = context.new_page()
    admin.goto(site + "/admin/faq/entry/queue/")
    admin.locator("#id_username").fill(EDITOR)
    admin.locator("#id_password").fill(PASSWORD)
    admin.locator("input[type=submit]").click()
    expect(admin).to_have_url(re.compile(r"/admin/faq/entry/queue/$"))
    item = admin.locator(".queue > li", has_text=SIM_QUESTION)
    expect(item.locator(".queue__language")).to_have_text("Nederlands")
    board = item.locator(".queue-board img")
    expect(board).to_have_attribute("src", "/nl/finstere-flure/sim/preview.png?scenario=ff-steen-schuiven&step=0")
    assert board.evaluate("img => img.complete && img.naturalWidth") > 0  # the board is drawn
    expect(item.locator(".queue__matches a[href$='/ff-monster-schuift-steen/']").first).to_be_visible()
    item.get_by_role("link", name="Beantwoorden").click()
    admin.locator("#id_answer").fill("Nee: een figuur schuift één steenblok per stap ([[ff-steen-schuiven]]).")
    admin.locator("#id_status").select_option("answered")
    admin.locator("#id_published").check()
    admin.locator("input[name=_save]").click()
    expect(admin.locator(".messagelist .success").last).to_contain_text("e-mail")

    [message] = smtp_server.wait_for(1)
    assert smtp_server.recipients == [["speler@example.org"]]
    assert message["Subject"] == "Je vraag over Finstere Flure is beantwoord"
    entry.refresh_from_db()
    links = [word for word in body(message).split() if word.startswith("http")]
    assert links[:2] == [f"{site}/nl/finstere-flure/faq/{entry.slug}/", site + position]
    assert (entry.asker_email, entry.published) == ("", True) and entry.notified_at is not None
    phone.goto(links[0])
    expect(phone.get_by_role("heading", level=1)).to_have_text(SIM_QUESTION)
    phone.goto(links[1])
    expect(phone.locator(".board, svg").first).to_be_visible()
    context.close()
