"""Every page type in every UI language and the 404s (the search page: tests/search/)."""

import re
from html import unescape

import pytest
from django.test import Client

from rulebooks.models import Clause, Game, Section
from rules.core.registry import get_game
from tests.site_games import SITE_GAMES
from tests.toygames.site import add_to_site

LANGS = ["nl", "de", "en"]
SLUGS = list(SITE_GAMES)  # a new game's content folder is covered without editing this file
pytestmark = pytest.mark.usefixtures("rulebooks")


@pytest.fixture
def client():
    return Client()


def test_root_redirects_by_accept_language_defaulting_to_dutch(client):
    assert client.get("/").headers["Location"] == "/nl/"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9").headers["Location"] == "/de/"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8").headers["Location"] == "/en/"
    assert client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR").headers["Location"] == "/nl/"
    assert client.get("/finstere-flure/").headers["Location"] == "/nl/finstere-flure/"


@pytest.mark.parametrize("lang", LANGS)
def test_home_lists_the_four_games_with_language_edition_and_description(client, lang):
    response = client.get(f"/{lang}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    for game in Game.objects.all():
        assert f'href="/{lang}/{game.slug}/"' in html
        # In the visitor's language: the rulebook's own front matter or its translation's.
        shown = game if lang == game.language else game.translations[lang]
        edition, description = (shown.edition, shown.description) if shown is game else (shown["edition"], shown["description"])
        assert edition in html.replace("&amp;", "&")
        assert description.replace("&", "&amp;") in html
    assert sorted(g.slug for g in Game.objects.all()) == SLUGS
    assert [g.slug for g in Game.objects.all()] == [g.slug for g in sorted(Game.objects.all(), key=lambda g: (g.order, g.slug))]
    assert f'action="/{lang}/search/"' in html


def test_ui_strings_are_translated(client):
    expected = {"nl": "Regels aan tafel", "de": "Regeln am Tisch", "en": "Rules at the table"}
    for lang, brand in expected.items():
        html = client.get(f"/{lang}/").content.decode()
        assert brand in html
    assert "Inhoud" in client.get("/nl/finstere-flure/").content.decode()
    assert "Inhalt" in client.get("/de/finstere-flure/").content.decode()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("slug", SLUGS)
def test_rulebook_page_has_toc_numbered_clauses_and_permalinks(client, lang, slug):
    response = client.get(f"/{lang}/{slug}/")
    assert response.status_code == 200
    html = response.content.decode()
    game = Game.objects.get(slug=slug)
    # Every rulebook reads in the page's language (the source or its translation).
    assert f'<article class="rulebook" lang="{lang}">' in html
    clauses = list(Clause.objects.filter(game=game))
    assert clauses
    for clause in clauses:
        assert f'id="{clause.anchor}"' in html
        assert f'href="#{clause.anchor}"' in html  # toc entry and ¶ permalink
        assert f'href="/{lang}/{slug}/{clause.anchor}/"' in html
        assert f"§{clause.number}" in html
    # Every section heading is an anchor too.
    for section in Section.objects.filter(game=game):
        assert f'id="{section.anchor}"' in html
    # Interpretation notes are visible on the page.
    if any(c.notes_html for c in clauses):
        assert 'class="interpretation"' in html


def test_clause_numbers_follow_document_order(client):
    game = Game.objects.get(slug="finstere-flure")
    numbers = [tuple(int(x) for x in c.number.split(".")) for c in Clause.objects.filter(game=game)]
    assert numbers == sorted(numbers)
    assert len(set(numbers)) == len(numbers)


@pytest.mark.parametrize("lang", LANGS)
def test_clause_page_shows_path_neighbours_and_link_back(client, lang):
    game = Game.objects.get(slug="betoverde-torens")
    clauses = list(Clause.objects.filter(game=game))
    middle = clauses[len(clauses) // 2]
    response = client.get(f"/{lang}/{game.slug}/{middle.anchor}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert f"§{middle.number}" in html and middle.title.replace("&", "&amp;") in html
    previous, following = clauses[len(clauses) // 2 - 1], clauses[len(clauses) // 2 + 1]
    assert f'rel="prev" href="/{lang}/{game.slug}/{previous.anchor}/"' in html
    assert f'rel="next" href="/{lang}/{game.slug}/{following.anchor}/"' in html
    assert f'href="/{lang}/{game.slug}/#{middle.anchor}"' in html
    section = middle.section
    while section is not None:
        assert f'href="/{lang}/{game.slug}/#{section.anchor}"' in html
        section = section.parent


def test_first_and_last_clause_have_one_neighbour(client):
    clauses = list(Clause.objects.filter(game_id="finstere-flure"))
    first = client.get(f"/nl/finstere-flure/{clauses[0].anchor}/").content.decode()
    last = client.get(f"/nl/finstere-flure/{clauses[-1].anchor}/").content.decode()
    assert 'rel="prev"' not in first and 'rel="next"' in first
    assert 'rel="next"' not in last and 'rel="prev"' in last


def test_cross_reference_links_carry_the_visitors_language(client):
    clause = next(c for c in Clause.objects.all() if 'class="xref"' in c.body_html + "".join(c.notes_html))
    html = client.get(f"/de/{clause.game_id}/{clause.anchor}/").content.decode()
    assert "__LANG__" not in html
    assert re.search(r'class="xref" href="/de/[a-z-]+/#[a-z0-9-]+"', html)


def test_section_id_and_wrong_game_redirect_to_the_right_place(client):
    section = Section.objects.filter(game_id="torens-en-dieven").first()
    response = client.get(f"/nl/torens-en-dieven/{section.anchor}/")
    assert response.status_code == 302
    assert response.headers["Location"] == f"/nl/torens-en-dieven/#{section.anchor}"
    clause = Clause.objects.filter(game_id="torens-en-dieven").first()
    response = client.get(f"/en/finstere-flure/{clause.anchor}/")
    assert response.status_code == 301
    assert response.headers["Location"] == f"/en/torens-en-dieven/{clause.anchor}/"


@pytest.mark.parametrize(
    "url",
    [
        "/nl/monopoly/",
        "/de/finstere-flure/ff-bestaat-niet/",
        "/en/monopoly/ff-x/",
        "/nl/finstere-flure/%E2%98%83/",
        "/xx/finstere-flure/",
        "/nl/finstere-flure/a/b/c/",
    ],
)
def test_unknown_pages_get_the_designed_404(client, url):
    response = client.get(url, follow=True)  # an unknown language prefix is first redirected to /nl/...
    assert response.status_code == 404
    html = response.content.decode()
    assert 'class="error-page"' in html
    assert 'class="site-header"' in html


def test_404_names_the_problem(client):
    html = client.get("/en/monopoly/").content.decode()
    assert "There is no rulebook called “monopoly”." in html
    html = client.get("/nl/finstere-flure/ff-bestaat-niet/").content.decode()
    assert "ff-bestaat-niet" in html


def test_pages_refuse_other_methods(client):
    assert client.post("/nl/finstere-flure/").status_code == 405


# The number words of the home page's lead (written out here, not taken from the code under test).
NUMBER_WORDS = {
    "nl": "Een Twee Drie Vier Vijf Zes Zeven Acht Negen".split(),
    "de": "Eins Zwei Drei Vier Fünf Sechs Sieben Acht Neun".split(),
    "en": "One Two Three Four Five Six Seven Eight Nine".split(),
}


@pytest.mark.parametrize(("lang", "noun"), [("nl", "spelregels"), ("de", "Spielregeln"), ("en", "rulebooks")])
def test_home_counts_and_names_the_games_from_their_rows(client, lang, noun):
    """The meta description and the lead are made from the Game rows: a fifth game's content is
    named and counted without editing a template or a translation."""
    html = unescape(client.get(f"/{lang}/").content.decode())
    description = re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
    for game in Game.objects.all():
        assert game.title in description
    count = len(SITE_GAMES)
    assert f"{NUMBER_WORDS[lang][count - 1]} {noun}" in html
    add_to_site("toy-game", get_game("toy-game").package_dir / "rulebook.md")
    html = unescape(client.get(f"/{lang}/?fresh").content.decode())
    assert "Toy Game" in re.search(r'<meta name="description" content="([^"]*)"', html).group(1)
    assert "Toy Game" in re.search(r'<meta property="og:description" content="([^"]*)"', html).group(1)
    assert "Toy Game" in client.get(f"/{lang}/manifest.webmanifest?fresh").json()["description"]
    assert f"{NUMBER_WORDS[lang][count]} {noun}" in html
