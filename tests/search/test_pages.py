"""The search page and the suggestions while a question is typed, on the site's own rulebooks and
FAQ (sitewide.search, sitewide.views): players' words find the book's, the reader's game comes
first, the suggestions are the search page's order, and odd input gets a calm answer."""

import re

import pytest
from django.utils import translation
from django.utils.html import escape

from rulebooks.models import Clause
from rulebooks.textsearch import MAX_QUERY_CHARS
from sitewide import search as site_search

LANGS = ["nl", "de", "en"]
pytestmark = pytest.mark.usefixtures("faq")


def page(client, lang="nl", **params):
    response = client.get(f"/{lang}/search/", params)
    assert response.status_code == 200
    return response.content.decode()


def suggestions(client, lang="nl", **params):
    response = client.get(f"/{lang}/search/suggest/", params)
    assert response.status_code == 200
    return response.content.decode()


HIT = re.compile(r'<a class="hit__link" href="/[a-z]{2}/([a-z-]+)/(?:faq/)?([a-z0-9-]+)/">')


def hits(html):
    """(game, clause id or FAQ slug) of every hit, in order."""
    return HIT.findall(html)


def refs(html):
    return [ref for _game, ref in hits(html)]


def test_a_question_in_players_words_finds_the_clause(client):
    # The review's example: "monster duwt steen" did not find §6.3.2 in Dutch.
    assert "ff-monster-schuift-steen" in refs(page(client, q="monster duwt steen"))[:5]
    assert "ff-monster-schuift-steen" in refs(page(client, lang="de", q="monster schiebt stein"))[:5]
    assert "ff-monster-schuift-steen" in refs(page(client, lang="en", q="monster pushes stone"))[:5]


def test_the_readers_game_comes_first(client):
    # "wie begint in ronde 2" found Der dunkle Turm first for a Finstere Flure reader.
    found = hits(page(client, q="wie begint in ronde 2", **{"in": "finstere-flure"}))
    assert found and found[0][0] == "finstere-flure"


def test_word_forms_accents_and_case_do_not_matter(client):
    html = page(client, lang="de", q="zugbrücke")
    assert "<mark>Zugbrücke" in html
    assert refs(html) == refs(page(client, lang="de", q="ZUGBRUCKE"))
    assert refs(page(client, q="torens verplaatsen"))[0] == refs(page(client, q="toren verplaatst"))[0]


def test_a_title_match_ranks_first(client):
    anchors = refs(page(client, q="bloedplas", game="finstere-flure"))
    titled = {c.anchor for c in Clause.objects.filter(game_id="finstere-flure") if "bloedplas" in c.title.lower()}
    assert anchors[0] in titled


def test_search_can_be_limited_to_one_game_and_reports_an_unknown_game(client):
    assert {game for game, _ref in hits(page(client, q="toren", game="betoverde-torens"))} == {"betoverde-torens"}
    html = page(client, q="toren", game="monopoly")
    assert "monopoly" in html and len({game for game, _ref in hits(html)}) >= 2


def test_a_translated_rulebook_is_searched_in_its_translation_with_the_original_a_tap_away(client):
    html = page(client, lang="en", q="owl", game="der-dunkle-turm")
    assert "<mark>owl</mark>" in html.lower() or "<mark>Owl</mark>" in html
    assert 'class="original hit__original"' in html and 'lang="de"' in html


def test_a_misspelt_word_is_corrected_and_said(client):
    html = page(client, q="bloedplsa", game="finstere-flure")
    titled = {c.anchor for c in Clause.objects.filter(game_id="finstere-flure") if "bloedplas" in c.title.lower()}
    assert refs(html)[0] in titled
    assert escape("“bloedplsa”") in html


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"q": ""},
        {"q": "   "},
        {"q": "x" * 10_000},
        {"q": "toren\x00\x01\x1b[31m"},
        {"q": "<script>alert(1)</script>"},
        {"q": "%%%___'\"\\"},
        {"q": ["toren", "monster"]},
        {"game": "\x00"},
        {"q": "toren", "in": "\x00<b>"},
        {"q": "⁹²³ ①"},
    ],
)
def test_search_answers_odd_input_calmly(client, params):
    html = page(client, **params)
    assert "<script>alert" not in html and "<b>" not in html.split('id="search-results"')[1]
    assert 'id="search-results"' in html


def notice(lang, message, **values):
    """A notice of the search page as rendered: the UI string translated into ``lang``."""
    with translation.override(lang):
        return f'<p class="notice">{escape(translation.gettext(message) % values)}</p>'


@pytest.mark.parametrize("lang", LANGS)
def test_search_reports_a_shortened_query(client, lang):
    html = page(client, lang, q="toren " + "x" * 10_000)
    expected = notice(lang, "Your search was shortened to its first %(n)d characters.", n=MAX_QUERY_CHARS)
    assert expected in html
    assert "200" in expected and (lang == "en" or "shortened" not in expected)  # translated, not the msgid


@pytest.mark.parametrize("lang", LANGS)
def test_only_common_words_get_a_hint(client, lang):
    html = page(client, lang, q={"nl": "wie mag dat", "de": "wer darf das", "en": "who may do that"}[lang])
    assert notice(lang, "Only very common words were typed: add a word about the rule you are looking for.") in html


def test_search_for_nothing_known_says_so(client):
    html = page(client, q="qwertyzuiop")
    assert "qwertyzuiop" in html and 'class="notice"' in html and not hits(html)
    assert 'class="no-ruling"' in html  # and that no rule or ruling answers it


def test_search_serves_only_the_results_fragment_to_htmx(client):
    full = client.get("/nl/search/", {"q": "toren"})
    part = client.get("/nl/search/", {"q": "toren"}, HTTP_HX_REQUEST="true")
    assert "HX-Request" in full.headers["Vary"]
    body = part.content.decode()
    assert body.lstrip().startswith('<div id="search-results"')
    assert "<html" not in body and "<html" in full.content.decode()
    restore = client.get("/nl/search/", {"q": "toren"}, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in restore.content.decode()


def test_a_search_from_a_game_offers_to_ask_it_as_a_new_question(client):
    html = page(client, q="kan de draak vliegen", **{"in": "finstere-flure"})
    assert 'href="/nl/faq/ask/?game=finstere-flure&amp;question=kan%20de%20draak%20vliegen"' in html


# -- Suggestions while a question is typed ---------------------------------------------------


def test_suggestions_are_the_search_pages_order_with_proven_rulings_marked(client):
    for question in ("monster duwt steen tegen de muur", "glijden over de bloedplas", "wie begint de ronde"):
        listed = hits(suggestions(client, q=question, **{"in": "finstere-flure"}))
        assert listed and listed == hits(page(client, q=question, **{"in": "finstere-flure"}))[: len(listed)]
    html = page(client, q="het monster duwt een steenblok richting de muur en achter dat blok staat mijn figuur", **{"in": "finstere-flure"})
    ruling = html.split('href="/nl/finstere-flure/faq/monster-duwt-steen-tegen-de-muur/"')[1].split("</li>")[0]
    assert "faq-badge" in ruling  # proven by its scenario


def test_suggestions_complete_the_word_being_typed(client):
    typed = refs(suggestions(client, q="bloedpl", **{"in": "finstere-flure"}))
    assert any(ref.startswith("ff-bloedplas") for ref in typed)


def test_suggestions_in_the_ask_form_offer_to_end_the_asking(client):
    html = suggestions(client, q="monster duwt steen", ask="1", **{"in": "finstere-flure"})
    assert 'formaction="/nl/faq/answered/"' in html and 'name="answered"' in html
    assert 'formaction' not in suggestions(client, q="monster duwt steen", **{"in": "finstere-flure"})


def test_suggestions_of_nothing_are_empty(client):
    assert "<li" not in suggestions(client, q="")
    assert "<li" not in suggestions(client, q="\x00\x00", **{"in": "\x00", "position": "/nl/x/sim/?log=zz"})


def test_a_position_ranks_what_it_is_about_higher(client, monkeypatch):
    text = "wat gebeurt er nu"
    plain = refs(suggestions(client, q=text + " monster", **{"in": "finstere-flure"}))
    monkeypatch.setattr(site_search, "clauses_of_position", lambda position: frozenset({"ff-monster-door-muur"}))
    with_position = refs(
        suggestions(client, q=text + " monster", position="/nl/finstere-flure/sim/?scenario=x", **{"in": "finstere-flure"})
    )
    clauses = [ref for ref in with_position if ref.startswith("ff-")]
    assert clauses[0] == "ff-monster-door-muur" != [ref for ref in plain if ref.startswith("ff-")][0]


def test_the_editors_matches_for_a_new_question_are_its_games_first():
    from rulebooks.models import Game

    found = site_search.matches_for_editors("Mag het monster een steen duwen?", Game.objects.get(slug="finstere-flure"), "nl")
    assert found and found[0].game.slug == "finstere-flure"
    assert any(hit.url_args[1] == "ff-monster-schuift-steen" for hit in found)


@pytest.mark.django_db(transaction=True)
def test_after_a_change_the_previous_index_answers_while_a_thread_rebuilds(settings):
    import time

    from tests.faq.conftest import make_entry

    settings.SEARCH_REBUILD_IN_BACKGROUND = True
    before = site_search.INDEXES.get("nl")
    make_entry(game="finstere-flure", slug="kwartel", question="Mag de kwartel over het monster vliegen?")
    assert site_search.INDEXES.get("nl") is before  # no keystroke waits for the rebuild
    for _ in range(600):  # the thread finishes (bounded wait, not a timing assertion)
        if not site_search.INDEXES.building:
            break
        time.sleep(0.05)
    after = site_search.INDEXES.get("nl")
    assert after is not before
    assert [h.document.meta["slug"] for h in after.search("kwartel").hits] == ["kwartel"]


def test_a_position_is_about_the_clauses_its_last_moves_cited_and_its_next_moves_would_cite():
    from sitewide.position_topics import clauses_of_position

    url = "/nl/finstere-flure/sim/?scenario=ff-faq-monster-duwt-steen-tegen-de-muur&step={}"
    start, pushed = clauses_of_position(url.format(0)), clauses_of_position(url.format(5))
    # After the monster's turn: the push, the crush against the wall, the crumbling stone ...
    assert {"ff-monster-schuift-steen", "ff-monster-verplettert", "ff-steen-verpulvert"} <= pushed
    assert not {"ff-monster-schuift-steen", "ff-monster-verplettert"} & start
    # ... and what the players' next moves cite (entering the board, how far a figure walks).
    assert {"ff-bord-betreden", "ff-stappen-waarde"} <= pushed
    for bad in ("/nl/finstere-flure/sim/?log=garbage", "/nl/monopoly/sim/?x=1", "https://evil.example/", ""):
        assert clauses_of_position(bad) == frozenset()
