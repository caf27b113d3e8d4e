"""Content rendered once per game content version and language (issue 29, rulebooks/fragments.py):
a rulebook, clause or FAQ page asked for with a new query string (so the store of whole pages
never answers) makes nothing again and reads no row but its game, until that game's content
changes; another game's change leaves it alone."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from faq.models import Entry
from pagecache import httpcache
from rulebooks.fragments import FRAGMENTS
from rulebooks.models import Clause, Game
from tests.faq.conftest import load_faq_content, make_entry


@pytest.fixture
def site(db):
    load_faq_content()


def main_of(response) -> str:
    assert response.status_code == 200
    return re.search(r"<main.*</main>", response.content.decode(), re.S).group(0)


def pages_of(game: Game, lang: str) -> list[str]:
    clause = Clause.objects.filter(game=game).order_by("position").first()
    pages = [f"/{lang}/{game.slug}/", f"/{lang}/{game.slug}/{clause.anchor}/", f"/{lang}/{game.slug}/faq/"]
    entry = Entry.objects.published().filter(game=game).first()
    if entry is not None:
        pages.append(f"/{lang}/{game.slug}/faq/{entry.slug}/")
    return pages


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_every_games_content_pages_are_rendered_once_per_version_and_language(client, site, lang, monkeypatch):
    # The process trusts its copy of the content version for the whole test (a loaded machine can
    # take longer than VERSION_TTL between two requests; re-reading the token is not what is tested).
    monkeypatch.setattr(httpcache, "VERSION_TTL", 3600.0)
    for game in Game.objects.all():
        for path in pages_of(game, lang):
            made = FRAGMENTS.made
            first = client.get(f"{path}?first=1")
            assert FRAGMENTS.made > made, f"{path}: its content is made the first time"
            made = FRAGMENTS.made
            with CaptureQueriesContext(connection) as queries:
                again = client.get(f"{path}?again=1")  # a new address: the page store cannot answer
            assert FRAGMENTS.made == made, f"{path}: nothing made again"
            assert len(queries) <= 1, f"{path}: read {[q['sql'] for q in queries]}"  # the game's row
            assert main_of(again) == main_of(first), path


def test_a_change_to_one_game_makes_its_pages_again_and_keeps_the_others(client, site):
    asked = Game.objects.get(slug="torens-en-dieven")
    others = [g for g in Game.objects.all() if g.slug != asked.slug]
    clause = Clause.objects.get(anchor="td-landtegel-leggen")
    paths = [f"/nl/{asked.slug}/", f"/nl/{asked.slug}/{clause.anchor}/", f"/nl/{asked.slug}/faq/"]
    for path in paths + [p for g in others for p in pages_of(g, "nl")]:
        client.get(f"{path}?warm=1")
    question = "Mag een landtegel tegen de rand van de tegelhouder liggen?"
    make_entry(game=asked.slug, question=question, clauses=(clause.anchor,))
    for path in paths:  # the new ruling under its clause, in the rulebook and in the FAQ list
        made = FRAGMENTS.made
        assert question in main_of(client.get(f"{path}?after=1")), path
        assert FRAGMENTS.made > made, path
    for game in others:
        for path in pages_of(game, "nl"):
            made = FRAGMENTS.made
            client.get(f"{path}?after=1")
            assert FRAGMENTS.made == made, f"{path}: kept through another game's change"


def test_each_language_has_its_own_fragments(client, site):
    dutch = main_of(client.get("/nl/betoverde-torens/bt-einde-spel/"))
    german = main_of(client.get("/de/betoverde-torens/bt-einde-spel/"))
    assert "In der Spielregel zeigen" in german and "In der Spielregel zeigen" not in dutch
    assert "Toon in de spelregels" in dutch and "Toon in de spelregels" not in german
    assert main_of(client.get("/nl/betoverde-torens/bt-einde-spel/?x=1")) == dutch  # kept per language


def test_a_new_version_of_a_game_drops_what_its_older_versions_made(client, site):
    for path in ("/nl/finstere-flure/", "/nl/torens-en-dieven/"):
        client.get(path)
    kept = {key[:2] for key in FRAGMENTS.items}
    assert {game for game, _version in kept} == {"finstere-flure", "torens-en-dieven"}
    make_entry(game="torens-en-dieven", question="Mag een toren op de rivier staan?")
    client.get("/nl/torens-en-dieven/?after=1")
    now = {key[:2] for key in FRAGMENTS.items}
    assert len([v for g, v in now if g == "torens-en-dieven"]) == 1 and now - kept, "only the new version"
    assert {k for k in kept if k[0] == "finstere-flure"} <= now, "the other game's fragments are kept"


def test_the_store_is_bounded_in_bytes():
    from rulebooks.fragments import Fragments

    store = Fragments(max_bytes=10_000)
    for i in range(10):
        store.put(("g", "v", "nl", str(i)), "x" * 3000)
    assert store.bytes <= 10_000 and len(store.items) == 3
    assert store.lookup(("g", "v", "nl", "9")) == "x" * 3000  # the newest stay
