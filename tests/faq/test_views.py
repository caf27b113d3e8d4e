"""Reader pages: FAQ per game and per entry, rulings under clauses, search, feeds, 404s."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from faq import queries
from faq.feeds import FEED_ITEMS
from faq.models import Entry
from pagecache import hooks

from .conftest import make_entry

pytestmark = pytest.mark.usefixtures("faq")
ATOM = "{http://www.w3.org/2005/Atom}"
WINRULE = "/nl/betoverde-torens/faq/winregel-beide-voorwaarden/"


@pytest.mark.parametrize(
    "lang, heading, status",
    [("nl", "Vragen en uitspraken", "beantwoord"), ("de", "Fragen und Entscheidungen", "beantwortet"),
     ("en", "Questions and rulings", "answered")],
)
def test_faq_page_lists_published_questions_with_status_in_the_ui_language(client, lang, heading, status):
    response = client.get(f"/{lang}/betoverde-torens/faq/")
    assert response.status_code == 200
    html = response.content.decode()
    assert heading in html
    assert f'>{status}</span>' in html
    for entry in Entry.objects.filter(game_id="betoverde-torens", published=True):
        assert f'href="/{lang}/betoverde-torens/faq/{entry.slug}/"' in html
    assert 'lang="nl"' in html  # the questions are in the rulebook's language
    assert f'class="ask__open" href="/{lang}/faq/ask/?game=betoverde-torens"' in html


def test_entry_page_shows_question_answer_clauses_status_and_source(client):
    html = client.get(WINRULE).content.decode()
    assert '<h1 class="faq-entry__question" lang="nl">Begint de laatste ronde al' in html
    assert "<strong>beide</strong>" in html
    assert 'href="/nl/betoverde-torens/#bt-einde-spel"' in html  # cross reference, localised
    assert 'href="/nl/betoverde-torens/bt-einde-spel/"' in html  # clauses cited
    assert "faq-status--answered" in html
    assert "Spellenwijs.nl" in html
    assert "__LANG__" not in html
    assert 'class="faq-badge"' in html  # its scenario replays: the engine proves the answer


def test_entry_dates_and_public_history_of_changes(client, editor):
    entry = Entry.objects.get(slug="flessen-hergebruiken")
    entry.asked_at = timezone.make_aware(timezone.datetime(2023, 5, 10, 12))
    entry.answered_at = timezone.make_aware(timezone.datetime(2023, 5, 11, 12))
    entry.save()
    entry.record_change("Het antwoord noemt nu ook de gelijke stand.", editor=editor)
    html = client.get("/en/betoverde-torens/faq/flessen-hergebruiken/").content.decode()
    assert 'datetime="2023-05-10"' in html and 'datetime="2023-05-11"' in html
    assert "Last changed" in html and "History of changes" in html
    assert "Het antwoord noemt nu ook de gelijke stand." in html
    assert "faq-status--changed" in html
    assert "editor" not in html.split("History of changes")[1].split("</section>")[0]  # the editor stays private


def test_unpublished_unknown_and_foreign_entries_are_404(client):
    hidden = make_entry(slug="nog-niet", published=False, status=Entry.RECEIVED, answer="")
    for url in [hidden.get_absolute_url(), "/nl/betoverde-torens/faq/bestaat-niet/", "/nl/monopoly/faq/",
                "/nl/monopoly/faq/feed/", "/nl/finstere-flure/faq/winregel-beide-voorwaarden/",
                "/nl/betoverde-torens/faq/%E2%98%83/"]:
        response = client.get(url)
        assert response.status_code == 404, url
        assert 'class="error-page"' in response.content.decode()
    assert "bestaat-niet" in client.get("/nl/betoverde-torens/faq/bestaat-niet/").content.decode()


def test_faq_urls_are_not_swallowed_by_clause_urls(client):
    assert client.get("/nl/betoverde-torens/faq/").status_code == 200
    assert client.get("/nl/faq/").status_code == 200
    assert client.get("/nl/faq/feed/").status_code == 200
    assert client.get("/nl/betoverde-torens/bt-einde-spel/").status_code == 200


def test_rulings_are_listed_under_their_clauses_on_rulebook_and_clause_pages(client):
    make_entry(slug="verborgen", question="Verborgen vraag over het einde?", published=False, clauses=["bt-einde-spel"])
    book = client.get("/nl/betoverde-torens/").content.decode()
    clause = client.get("/nl/betoverde-torens/bt-einde-spel/").content.decode()
    for html in (book, clause):
        assert 'href="/nl/betoverde-torens/faq/winregel-beide-voorwaarden/"' in html
        assert "Vragen over deze regel" in html
        assert "Verborgen vraag" not in html
    # On the rulebook page the ruling sits inside the clause it cites.
    block = re.search(r'<div class="clause clause--rule" id="bt-laatste-ronde">(.*?)<p class="clause__open"', book, re.S)
    assert block and "winregel-beide-voorwaarden" in block.group(1)


def test_rulings_reach_the_rulebook_pages_through_the_provider_the_faq_registers(client):
    # rulebooks does not import faq: faq.site_hooks registers faq.queries for the clause_rulings hook.
    assert queries in hooks.get_hooks("clause_rulings")
    with hooks.emptied("clause_rulings"):
        for url in ("/nl/betoverde-torens/", "/nl/betoverde-torens/bt-einde-spel/"):
            html = client.get(url).content.decode()
            assert "Vragen over deze regel" not in html and WINRULE not in html


def test_the_rulebook_page_fetches_rulings_in_one_query(client):
    def faq_queries():
        with CaptureQueriesContext(connection) as ctx:
            assert client.get("/nl/betoverde-torens/").status_code == 200
        return [q["sql"] for q in ctx.captured_queries if "faq_entry" in q["sql"]]

    before = faq_queries()
    for n in range(5):
        make_entry(slug=f"extra-{n}", question=f"Extra vraag nummer {n} over het einde?",
                   clauses=["bt-einde-spel", "bt-laatste-ronde"])
    after = faq_queries()
    assert len(before) == len(after) == 1


def test_search_finds_published_entries_only(client):
    make_entry(slug="geheim", question="Geheime kwartelvraag over torens?", answer="Kwartels.", published=False)
    html = client.get("/nl/search/", {"q": "Raventoren"}).content.decode()
    assert 'href="/nl/betoverde-torens/faq/raventoren-op-torens/"' in html
    assert "<mark>Raventoren</mark>" in html
    html = client.get("/nl/search/", {"q": "kwartelvraag"}).content.decode()
    assert "geheim" not in html
    make_entry(slug="open-kwartel", question="Open kwartelvraag over torens?", answer="Kwartels mogen.")
    html = client.get("/nl/search/", {"q": "kwartelvraag"}).content.decode()
    assert "open-kwartel" in html and "geheim" not in html


def test_search_limited_to_another_game_has_no_faq_of_this_one(client):
    html = client.get("/nl/search/", {"q": "Raventoren", "game": "finstere-flure"}).content.decode()
    assert "faq/raventoren-op-torens" not in html


def parse_feed(response):
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/atom+xml")
    return ET.fromstring(response.content)


def test_game_feed_lists_published_rulings_newest_first_with_absolute_links(client, editor):
    hidden = make_entry(slug="niet-in-de-feed", published=False, status=Entry.RECEIVED, answer="")
    changed = Entry.objects.get(slug="raventoren-op-torens")
    changed.record_change("Bron verduidelijkt.", editor=editor)
    feed = parse_feed(client.get("/de/betoverde-torens/faq/feed/"))
    entries = feed.findall(f"{ATOM}entry")
    links = [e.find(f"{ATOM}link").get("href") for e in entries]
    published = Entry.objects.published().filter(game_id="betoverde-torens")
    assert len(entries) == min(published.count(), FEED_ITEMS) and len(entries) > 3
    assert links[0] == "http://testserver/de/betoverde-torens/faq/raventoren-op-torens/"  # changed: newest
    assert all(hidden.slug not in link for link in links)
    summary = entries[0].find(f"{ATOM}summary").text
    assert 'href="http://testserver/de/betoverde-torens/#bt-raventoren-verplaatsen"' in summary
    assert entries[0].find(f"{ATOM}updated").text.startswith(str(timezone.now().year))
    assert "Der dunkle Turm" not in feed.find(f"{ATOM}title").text


def test_site_feed_covers_every_game(client):
    make_entry(game="finstere-flure", slug="monster-vraag", question="Mag het monster door muren lopen?",
               answer="Nee.")
    feed = parse_feed(client.get("/nl/faq/feed/"))
    links = [e.find(f"{ATOM}link").get("href") for e in feed.findall(f"{ATOM}entry")]
    assert "http://testserver/nl/finstere-flure/faq/monster-vraag/" in links
    # The site feed is the newest published entries of all games together, not of one game.
    newest = Entry.objects.published().by_feed_date()[: len(links)]
    assert links == [f"http://testserver/nl/{e.game_id}/faq/{e.slug}/" for e in newest]
    assert len({link.split("/")[4] for link in links}) >= 2


def test_faq_index_counts_questions_per_game(client):
    html = client.get("/de/faq/").content.decode()
    assert 'href="/de/betoverde-torens/faq/"' in html and "3 Fragen" in html
    assert 'href="/de/finstere-flure/faq/"' in html


def test_pages_refuse_other_methods(client):
    assert client.post("/nl/betoverde-torens/faq/").status_code == 405
    assert client.post(WINRULE).status_code == 405
    assert client.delete("/nl/faq/ask/").status_code == 405
