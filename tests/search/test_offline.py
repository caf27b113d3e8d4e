"""Issue 27, the server's side of a game kept offline: the installable web app (manifest, icons,
service worker), what "Keep this game offline" stores for every registered game (every clause
page, the FAQ, every step of every demo as a page and as the mini-board fragment htmx asks for),
and the search index the browser searches (the server's tokens and synonyms)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client
from PIL import Image

from faq.models import Entry
from pagecache import httpcache
from rulebooks.models import Clause, Game
from rulebooks.search.analysis import word_tokens
from rulebooks.search.index import FIELDS
from rules.core.registry import all_games
from simulator.timelines import scenario_timeline
from tests.simulator_web.test_toy_game import toy  # noqa: F401 - the toy game's rulebook rows

ROOT = Path(__file__).resolve().parent.parent.parent


@pytest.fixture
def client():
    return Client()


def get_json(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Cache-Control"] == "public, max-age=300" and response["ETag"]
    return json.loads(response.content)


def test_the_site_is_an_installable_web_app(client, faq):
    html = client.get("/de/").content.decode()
    link = re.search(r'<link rel="manifest" href="([^"]+)">', html).group(1)
    assert link == "/de/manifest.webmanifest"
    assert '<meta name="theme-color" content="#2b2621">' in html
    manifest = json.loads(client.get(link).content)
    assert manifest["name"] == "Regeln am Tisch" and manifest["start_url"] == "/de/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#2b2621" and manifest["background_color"] == "#fbfaf7"
    sizes = {}
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200, icon["src"]
        if icon["type"] == "image/png":
            image = Image.open(io.BytesIO(b"".join(response.streaming_content)))
            assert f"{image.size[0]}x{image.size[1]}" == icon["sizes"]
            sizes.setdefault(icon["purpose"], []).append(image.size[0])
    assert 512 in sizes["any"] and 192 in sizes["any"] and 512 in sizes["maskable"]


def test_the_service_worker_serves_the_whole_site_and_names_the_offline_page_of_every_language(client, faq):
    response = client.get("/sw.js")
    assert response.status_code == 200 and response["Content-Type"].startswith("application/javascript")
    assert response["Service-Worker-Allowed"] == "/" and response["Cache-Control"] == "public, max-age=0"
    config = json.loads(re.search(r"^const CONFIG = (\{.*\});$", response.content.decode(), re.M).group(1))
    assert config["offline"] == {"nl": "/nl/offline/", "de": "/de/offline/", "en": "/en/offline/"}
    for url in list(config["offline"].values()) + config["assets"]:
        assert client.get(url).status_code == 200, url
    # The offline page says, in the reader's language, what needs the server.
    page = client.get("/nl/offline/").content.decode()
    assert "Voor een nieuw spel of een nieuwe stand is een verbinding met de site nodig." in page
    assert "minisearch-7.2.0.js" in page


def test_a_page_asks_the_site_itself_whether_it_answers_again(client, faq):
    # Issue 42: the banner of a kept copy goes when /online.json answers. An answer kept by the
    # browser, a cache in front or the worker would say "online" while the site is not there.
    page = client.get("/nl/").content.decode()
    ping = re.search(r'id="offline-status"[^>]* data-ping="([^"]+)"', page).group(1)
    response = client.get(ping)
    assert response.status_code == 200 and json.loads(response.content) == {"online": True}
    assert response["Cache-Control"] == "no-store" and "ETag" not in response
    assert client.post(ping).status_code == 405


def test_the_vendored_minisearch_is_the_pinned_one():
    pinned = json.loads((ROOT / "tools/offline/package.json").read_text())["dependencies"]["minisearch"]
    vendored = (ROOT / f"static/vendor/minisearch-{pinned}.js").read_text()
    assert vendored.startswith(f"/*! MiniSearch {pinned} ")


def test_the_keep_control_stores_the_readers_language_and_the_original(client, faq):
    english = client.get("/en/betoverde-torens/").content.decode()
    control = re.search(r'<div class="offline-keep"[^>]*data-manifests="([^"]+)"', english).group(1)
    assert control.split() == ["/en/betoverde-torens/offline.json", "/nl/betoverde-torens/offline.json"]
    dutch = client.get("/nl/betoverde-torens/").content.decode()
    assert 'data-manifests="/nl/betoverde-torens/offline.json"' in dutch
    assert "Dit spel offline bewaren" in dutch


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_keeping_a_game_stores_every_clause_the_faq_and_every_demo_step(client, faq, spec, request):
    if not Game.objects.filter(slug=spec.slug).exists():
        request.getfixturevalue("toy")
    game = Game.objects.get(slug=spec.slug)
    lang = "en" if game.language != "en" else "de"  # a translation: its own addresses
    m = get_json(client, f"/{lang}/{game.slug}/offline.json")
    assert m["game"] == game.slug and m["lang"] == lang and m["version"]
    pages, fragments = m["pages"], [tuple(f) for f in m["fragments"]]
    assert pages[0] == f"/{lang}/{game.slug}/" and f"/{lang}/offline/" in pages
    clauses = list(Clause.objects.filter(game=game).order_by("position"))
    for clause in clauses:
        assert f"/{lang}/{game.slug}/{clause.anchor}/" in pages
        for n, demo in enumerate(clause.demos, start=1):
            last = scenario_timeline(spec.engine, demo["scenario"]).last
            for step in range(last + 1):
                url = f"/{lang}/{game.slug}/sim/?scenario={demo['scenario']}&step={step}"
                assert url in pages and (url, f"demo-{clause.anchor}-{n}") in fragments
    entries = Entry.objects.published().filter(game=game)
    assert f"/{lang}/{game.slug}/faq/" in pages
    for entry in entries:
        assert f"/{lang}/{game.slug}/faq/{entry.slug}/" in pages
    assert any(a.endswith(f"games/{game.slug}/board.css") for a in m["assets"])
    # What is listed is there: the pages, and each fragment as htmx asks for it (the mini-board
    # with controls that step inside the same element).
    sample = pages[:3] + pages[-3:] + [m["index"]] + m["assets"]
    for url in sample:
        response = client.get(url)
        assert response.status_code == 200, url
    for url, target in fragments[:3] + fragments[-3:]:
        response = client.get(url, headers={"HX-Request": "true", "HX-Target": target})
        body = response.content.decode()
        assert response.status_code == 200 and not body.lstrip().startswith("<!doctype")
        assert f'hx-target="#{target}"' in body
        step = parse_qs(urlsplit(url).query)["step"][0]
        assert f"step={step}" in body


def test_a_content_change_gives_the_kept_game_a_new_version(client, faq):
    before = get_json(client, "/nl/finstere-flure/offline.json")["version"]
    assert get_json(client, "/nl/finstere-flure/offline.json")["version"] == before
    httpcache.bump()
    httpcache.VERSION.bump_shared((httpcache.SITE, httpcache.ANY))
    assert get_json(client, "/nl/finstere-flure/offline.json")["version"] != before


def test_the_search_index_reads_words_and_synonyms_as_the_server_does(client, faq):
    index = get_json(client, "/nl/torens-en-dieven/search-index.json")
    game = Game.objects.get(slug="torens-en-dieven")
    kinds = [d["kind"] for d in index["documents"]]
    assert kinds.count("clause") == Clause.objects.filter(game=game).count()
    assert kinds.count("faq") == Entry.objects.published().filter(game=game).count()
    for doc in index["documents"]:
        assert client.get(doc["url"]).status_code == 200, doc["url"]
    assert index["fields"] == {name: weight for name, (weight, _b) in FIELDS.items()}  # as the server's
    # Every word of the texts with the server's tokens (stem and lemma).
    vocabulary = index["vocabulary"]
    assert len(vocabulary) > 500
    for word in ("torens", "dieven", "gevangen", "tegels"):
        if word in vocabulary:
            assert vocabulary[word] == list(word_tokens(word, "nl"))
    assert "de" in index["stopwords"] and "het" in index["stopwords"]
    # The glossary's synonyms: a player's word ("stroom") searches the term's words ("rivier").
    synonyms = index["synonyms"]
    river = next(i for i, t in enumerate(game.search_terms) if t["id"] == "river")
    assert river in synonyms["forms"]["stroom"]
    assert word_tokens("rivier", "nl")[0] in synonyms["targets"][river]
    # The "players also say" phrasings are searched with their clause, as on the server.
    assert any(d["say"] for d in index["documents"])


def test_unknown_games_are_a_404(client, faq):
    assert client.get("/nl/no-such-game/offline.json").status_code == 404
    assert client.get("/nl/no-such-game/search-index.json").status_code == 404
