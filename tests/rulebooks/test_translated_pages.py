"""Pages in the reader's language (issue 12): the rulebook, a clause and its demo, the FAQ and
the search show each rule in nl, de and en under the same § number, with the source text one
click away and the note that it governs."""

import re

import pytest
from django.utils.html import escape

from faq.models import Entry
from rulebooks.models import Clause, ClauseTranslation
from rules.core.scenario_texts import load_texts
from rules.core.scenarios import load_scenario

pytestmark = pytest.mark.usefixtures("rulebooks")


@pytest.fixture
def faq(db):
    from tests.faq.conftest import load_faq_content

    load_faq_content()

SHAPES = re.compile(r"<(rect|circle|ellipse|line|polygon|polyline|path|use)\b[^>]*>")


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def h1(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)).split()


@pytest.mark.django_db
def test_a_clause_has_the_same_number_in_every_language_with_its_own_title(client):
    clause = Clause.objects.get(anchor="ff-monster-schuift-steen")
    titles = {}
    for lang in ("nl", "de", "en"):
        html = page(client, f"/{lang}/finstere-flure/ff-monster-schuift-steen/")
        heading = h1(html)
        assert heading[0] == f"§{clause.number}", lang
        titles[lang] = " ".join(heading[1:])
        assert f'<article class="clause-page clause--rule" id="ff-monster-schuift-steen" lang="{lang}">' in html
    german = ClauseTranslation.objects.get(clause=clause, language="de")
    assert titles == {
        "nl": clause.title,
        "de": german.title,
        "en": ClauseTranslation.objects.get(clause=clause, language="en").title,
    }
    assert len(set(titles.values())) == 3


@pytest.mark.django_db
def test_a_translated_clause_shows_the_original_and_says_it_governs(client):
    html = page(client, "/en/finstere-flure/ff-monster-schuift-steen/")
    original = re.search(r'<details class="original".*?</details>', html, re.S).group(0)
    assert "Original (Dutch)" in original
    assert "The Dutch text is the rulebook's own and governs in a dispute." in original
    assert '<div class="original__text" lang="nl">' in original
    assert Clause.objects.get(anchor="ff-monster-schuift-steen").title in original
    # The source language has nothing to toggle.
    assert 'class="original"' not in page(client, "/nl/finstere-flure/ff-monster-schuift-steen/")
    # A German rulebook read in Dutch: the original is German.
    dutch = page(client, "/nl/der-dunkle-turm/dt-zugbruecken/")
    assert '<div class="original__text" lang="de">' in dutch


@pytest.mark.django_db
def test_the_rulebook_page_reads_in_the_visitors_language_with_translated_references(client):
    html = page(client, "/de/betoverde-torens/")
    assert '<article class="rulebook" lang="de">' in html
    assert "Die wandelnden Türme" in html  # the German edition's title (glossary)
    # Cross references carry the target's title in the reader's language.
    target = ClauseTranslation.objects.get(clause__anchor="bt-raventoren-verplaatsen", language="de")
    assert f"§{target.clause.number} {target.title}</a>" in html
    assert html.count('<details class="original"') == Clause.objects.filter(game_id="betoverde-torens").count()


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_demo_shows_the_same_board_and_a_caption_in_the_pages_language(client, lang):
    scenario = load_scenario("finstere-flure", "ff-steen-schuiven")
    url = f"/{lang}/finstere-flure/sim/?scenario=ff-steen-schuiven&step=2"
    html = page(client, url)
    expected = scenario.steps[1].caption if lang == "nl" else load_texts("finstere-flure", lang)[scenario.id].captions[1]
    caption = re.search(r'<p class="sim-caption" lang="([a-z]+)">(.*?)</p>', html, re.S)
    assert caption.group(1) == lang
    assert expected in re.sub(r"\s+", " ", caption.group(2))
    # The same board in every language: the same shapes in the same places.
    dutch = page(client, "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=2")
    assert SHAPES.findall(html) and [m.group(0) for m in SHAPES.finditer(html)] == [m.group(0) for m in SHAPES.finditer(dutch)]


@pytest.mark.django_db
def test_a_clause_and_its_demo_cite_the_same_number(client):
    clause = Clause.objects.get(anchor="ff-stappen-waarde")
    for lang in ("nl", "de", "en"):
        demo = page(client, f"/{lang}/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1")
        title = clause.title if lang == "nl" else ClauseTranslation.objects.get(clause=clause, language=lang).title
        # The event cites the clause by its number, titled in the page's language.
        assert f'<a class="cite" href="/{lang}/finstere-flure/ff-stappen-waarde/" title="{title}">§{clause.number}</a>' in demo
        assert h1(page(client, f"/{lang}/finstere-flure/ff-stappen-waarde/"))[0] == f"§{clause.number}"


@pytest.mark.django_db
def test_faq_entries_read_in_the_visitors_language_with_the_original(client, faq):
    entry = Entry.objects.get(game_id="betoverde-torens", slug="raventoren-op-torens")
    english = entry.translations.get(language="en")
    html = page(client, f"/en/betoverde-torens/faq/{entry.slug}/")
    assert f'<h1 class="faq-entry__question" lang="en">{escape(english.question)}</h1>' in html
    assert escape(entry.question) in re.search(r'<details class="original".*?</details>', html, re.S).group(0)
    assert f'lang="nl">{escape(entry.question)}</h1>' in page(client, f"/nl/betoverde-torens/faq/{entry.slug}/")


@pytest.mark.django_db
def test_an_entry_without_a_translation_says_it_exists_only_in_its_language(client, faq):
    entry = Entry.objects.get(game_id="betoverde-torens", slug="raventoren-op-torens")
    entry.translations.filter(language="de").delete()
    html = page(client, f"/de/betoverde-torens/faq/{entry.slug}/")
    assert f'lang="nl">{escape(entry.question)}</h1>' in html
    assert "Diese Antwort gibt es nur auf Niederländisch." in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, query",
    [("nl", "raventoren verplaatsen"), ("de", "Rabenburg versetzen"), ("en", "Ravenskeep moving")],
)
def test_search_finds_the_same_clause_in_each_language(client, lang, query):
    html = page(client, f"/{lang}/search/?q={query}&game=betoverde-torens")
    hits = re.findall(r'<a class="hit__link" href="([^"]+)">.*?<span lang="([a-z]+)">', html, re.S)
    assert {shown for _link, shown in hits} == {lang}  # every hit in the page's language
    links = [link for link, _shown in hits]
    assert f"/{lang}/betoverde-torens/bt-raventoren-verplaatsen/" in links[:5], links


@pytest.mark.django_db
def test_search_reads_the_pages_language_and_knows_the_other_editions_words(client):
    # "Rabenburg" is the German edition's word: the English and Dutch texts never use it, but the
    # glossary knows it is the raven tower, so English readers who type it find the English text.
    assert "bt-raventoren-verplaatsen" in page(client, "/de/search/?q=Rabenburg")
    english = page(client, "/en/search/?q=Rabenburg")
    assert "/en/betoverde-torens/bt-raventoren-verplaatsen/" in english and "<mark>Rabenburg" not in english
    # English word forms: "pushed" finds "push".
    english = page(client, "/en/search/?q=pushed&game=finstere-flure")
    assert "/en/finstere-flure/ff-steen-schuiven/" in english


@pytest.mark.django_db
def test_the_faq_feed_speaks_the_feeds_language(client, faq):
    entry = Entry.objects.get(game_id="betoverde-torens", slug="zes-tovenaars")
    english = entry.translations.get(language="en")
    feed = client.get("/en/betoverde-torens/faq/feed/").content.decode()
    # (Titles are cut at 80 characters.)
    assert escape(english.question[:60]) in feed and escape(entry.question[:60]) not in feed
    assert escape(entry.question[:60]) in client.get("/nl/betoverde-torens/faq/feed/").content.decode()


@pytest.mark.django_db
def test_a_demos_own_caption_reads_in_the_pages_language(client):
    german = page(client, "/de/torens-en-dieven/td-voorraad-op/")
    assert '▶ Beispiel: <span lang="de">die Wächter punkten ganz normal</span>' in german
    dutch = page(client, "/nl/torens-en-dieven/td-voorraad-op/")
    assert '▶ voorbeeld: <span lang="nl">de wachters scoren gewoon</span>' in dutch
