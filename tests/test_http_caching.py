"""HTTP caching and compression of the public pages (issue 13; pagecache/httpcache.py): every page
type sends Cache-Control and an ETag, answers If-None-Match with 304, carries no cookie, is sent
compressed, and never outlives a change of the rulebook or FAQ rows it shows."""

import gzip
import re

import brotli
import pytest
from django.core.management import call_command
from django.db import connection
from django.http import HttpResponse
from django.test import Client

from faq.models import Entry
from pagecache import httpcache
from tests.faq.conftest import load_faq_content, make_entry

PAGES = {
    "home": "/nl/",
    "rulebook": "/nl/finstere-flure/",
    "clause": "/de/betoverde-torens/bt-einde-spel/",
    "demo step": "/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1",
    "simulator": "/en/finstere-flure/sim/",
    "faq list": "/nl/betoverde-torens/faq/",
    "faq entry": "/nl/betoverde-torens/faq/winregel-beide-voorwaarden/",
    "faq index": "/de/faq/",
    "feed": "/nl/faq/feed/",
    "search": "/nl/search/?q=toren",
    "api": "/api/v1/games/finstere-flure/scenarios/",
    "print ruling": "/en/finstere-flure/sim/print/?scenario=ff-steen-schuiven&step=1",
    "offline manifest": "/de/finstere-flure/offline.json",
    "offline search index": "/nl/torens-en-dieven/search-index.json",
    "offline page": "/de/offline/",
    "web app manifest": "/nl/manifest.webmanifest",
}


@pytest.fixture
def site(db):
    load_faq_content()


@pytest.mark.parametrize("name", PAGES)
def test_every_public_page_type_is_cacheable_and_carries_nothing_about_the_visitor(client, site, name):
    response = client.get(PAGES[name])
    assert response.status_code == 200, name
    assert response["Cache-Control"] == "public, max-age=300"
    assert re.fullmatch(r'W/"[0-9a-f]{24}"', response["ETag"])
    assert not response.cookies, f"{name} sets {list(response.cookies)}"
    vary = [v.strip() for v in response["Vary"].split(",")]
    assert "Cookie" not in vary and "Accept-Encoding" in vary
    assert "csrfmiddlewaretoken" not in response.content.decode()


@pytest.mark.parametrize("name", PAGES)
def test_a_matching_if_none_match_gets_304_without_a_body(client, site, name):
    first = client.get(PAGES[name])
    again = client.get(PAGES[name], headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == first["Cache-Control"]
    other = client.get(PAGES[name], headers={"If-None-Match": 'W/"0000"'})
    assert other.status_code == 200 and other.content == first.content


def test_a_304_also_answers_a_client_that_never_got_the_page_from_this_process(client, site):
    """The ETag is the body's hash: another worker (or a restarted one) renders the same page and
    recognises the ETag a browser got elsewhere."""
    etag = client.get(PAGES["rulebook"])["ETag"]
    httpcache.STORE.clear()
    assert client.get(PAGES["rulebook"], headers={"If-None-Match": etag}).status_code == 304


def test_the_rulebook_is_sent_with_brotli_or_gzip_as_the_client_accepts(client, site):
    plain = client.get(PAGES["rulebook"])
    assert "Content-Encoding" not in plain and len(plain.content) > 100_000
    br = client.get(PAGES["rulebook"], headers={"Accept-Encoding": "gzip, deflate, br"})
    assert br["Content-Encoding"] == "br" and brotli.decompress(br.content) == plain.content
    assert len(br.content) < len(plain.content) / 4 and int(br["Content-Length"]) == len(br.content)
    gz = client.get(PAGES["rulebook"], headers={"Accept-Encoding": "gzip"})
    assert gz["Content-Encoding"] == "gzip" and gzip.decompress(gz.content) == plain.content
    refused = client.get(PAGES["rulebook"], headers={"Accept-Encoding": "br;q=0, gzip;q=0"})
    assert "Content-Encoding" not in refused and refused.content == plain.content
    assert br["ETag"] == gz["ETag"] == plain["ETag"]  # weak: the same page in any coding


def test_json_from_the_api_is_compressed_too(client, site):
    response = client.get(PAGES["api"], headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).startswith(b"{")


def test_pages_that_are_not_public_are_gzipped_with_padding_and_never_stored(client, site):
    """The ask form carries a CSRF token: not cacheable, and compressed only with Django's
    BREACH mitigation (random padding: two responses differ in size)."""
    url = "/nl/faq/ask/?game=betoverde-torens&clause=bt-einde-spel"
    sizes = set()
    for _ in range(4):
        response = client.get(url, headers={"Accept-Encoding": "gzip, br"})
        assert response["Content-Encoding"] == "gzip" and "no-store" in response["Cache-Control"]
        assert "ETag" not in response
        sizes.add(len(response.content))
    assert len(sizes) > 1
    assert not any(key[3] == url for key in httpcache.STORE.pages)


def test_a_repeat_request_is_served_from_the_store_without_rendering(client, site, monkeypatch):
    first = client.get(PAGES["rulebook"])
    from rulebooks import views

    def fail(*args, **kwargs):
        raise AssertionError("rendered again")

    monkeypatch.setattr(views, "render", fail)
    again = client.get(PAGES["rulebook"])
    assert again.content == first.content
    assert again["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert again["Content-Language"] == "nl" and again["X-Frame-Options"] == "DENY"
    with pytest.raises(AssertionError, match="rendered again"):
        client.get("/nl/betoverde-torens/")  # another page is rendered


def test_htmx_partials_and_full_pages_are_stored_apart(client, site):
    url = PAGES["demo step"]
    full = client.get(url)
    partial = client.get(url, headers={"HX-Request": "true", "HX-Target": "sim"})
    assert b"<html" in full.content and b"<html" not in partial.content
    assert client.get(url).content == full.content
    assert client.get(url, headers={"HX-Request": "true", "HX-Target": "sim"}).content == partial.content
    assert "HX-Request" in partial["Vary"] and "HX-Target" in partial["Vary"]


def test_head_gets_the_headers_of_get_without_the_body(client, site):
    get = client.get(PAGES["clause"])
    head = client.head(PAGES["clause"])
    assert head.status_code == 200 and head.content == b""
    assert head["ETag"] == get["ETag"] and head["Content-Length"] == str(len(get.content))


def test_publishing_an_answer_changes_the_pages_at_once(client, site):
    """An editor's change reaches the next request (the content version is bumped on save)."""
    entry = Entry.objects.get(game_id="betoverde-torens", slug="winregel-beide-voorwaarden")
    before = client.get(PAGES["faq entry"])
    listing = client.get(PAGES["faq list"]).content.decode()
    assert entry.question in listing
    entry.question = "Telt de laatste ronde nog volledig mee?"
    entry.save()
    after = client.get(PAGES["faq entry"])
    assert after["ETag"] != before["ETag"] and b"Telt de laatste ronde nog volledig mee?" in after.content
    assert client.get(PAGES["faq entry"], headers={"If-None-Match": before["ETag"]}).status_code == 200
    entry.published = False
    entry.save()
    assert client.get(PAGES["faq entry"]).status_code == 404
    assert "Telt de laatste ronde" not in client.get(PAGES["faq list"]).content.decode()


def test_changing_the_clauses_an_entry_cites_changes_the_clause_page(client, site):
    entry = Entry.objects.get(game_id="betoverde-torens", slug="winregel-beide-voorwaarden")
    clause_page = "/nl/betoverde-torens/bt-einde-spel/"
    assert entry.question in client.get(clause_page).content.decode()
    entry.clauses.clear()  # a many-to-many change: no save() of the entry
    assert entry.question not in client.get(clause_page).content.decode()


def _forget_pending_bumps():
    """The fixtures' writes left a shared bump pending in the test's transaction, which never
    commits; the tests below watch for the bump their own writes register."""
    connection.run_on_commit = [e for e in connection.run_on_commit if not isinstance(e[1], httpcache.SharedBump)]


def _pending_bumps():
    return [e for e in connection.run_on_commit if isinstance(e[1], httpcache.SharedBump)]


def test_loadrules_and_a_commit_replace_the_shared_version(site, django_capture_on_commit_callbacks):
    _forget_pending_bumps()
    httpcache.VERSION.read_at.clear()
    before = httpcache.content_version()
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        call_command("loadrules", "--no-seeds", stdout=open("/dev/null", "w"))
    assert callbacks, "loadrules bumps the version after its transaction commits"
    after = httpcache.content_version()
    assert after != before and after.split(".")[0] != before.split(".")[0]  # the shared token too


def test_another_process_sees_a_change_within_the_version_ttl(site, monkeypatch):
    """Another worker's change arrives through the shared cache: this process re-reads it once
    its copy is older than VERSION_TTL."""
    seen = httpcache.content_version()
    httpcache.cache.set(f"{httpcache.VERSION_KEY}:site", "changed-elsewhere", timeout=None)
    assert httpcache.content_version() == seen  # still trusted
    monkeypatch.setattr(httpcache.VERSION, "read_at", {k: v - httpcache.VERSION_TTL for k, v in httpcache.VERSION.read_at.items()})
    assert httpcache.content_version().startswith("changed-elsewhere.")


def test_a_response_about_one_visitor_is_never_public():
    def page(**headers):
        response = HttpResponse("x" * 1000)
        setattr(response, httpcache.PUBLIC_ATTR, 300)
        for key, value in headers.items():
            response[key.replace("_", "-")] = value
        return response

    assert httpcache.is_public(page())
    assert not httpcache.is_public(page(Vary="Cookie"))
    assert not httpcache.is_public(page(Cache_Control="private"))
    assert not httpcache.is_public(page(Cache_Control="no-store"))
    with_cookie = page()
    with_cookie.set_cookie("csrftoken", "abc")
    assert not httpcache.is_public(with_cookie)
    not_found = page()
    not_found.status_code = 404
    assert not httpcache.is_public(not_found)
    unmarked = HttpResponse("x")
    assert not httpcache.is_public(unmarked)


def test_a_public_view_that_touches_the_csrf_token_is_not_stored(client, site, monkeypatch):
    """Should a template on a public page ever use {% csrf_token %} again, the page loses its
    public status instead of handing one visitor's token to the next."""
    from django.middleware.csrf import get_token

    from rulebooks import views

    real = views.render

    def render_with_token(request, *args, **kwargs):
        get_token(request)
        return real(request, *args, **kwargs)

    monkeypatch.setattr(views, "render", render_with_token)
    response = client.get("/nl/der-dunkle-turm/")
    assert "csrftoken" in response.cookies and "ETag" not in response
    assert "public" not in response.get("Cache-Control", "")
    assert not httpcache.STORE.pages


def test_error_pages_are_not_cached(client, site):
    response = client.get("/nl/finstere-flure/geen-artikel/")
    assert response.status_code == 404 and "ETag" not in response
    assert "public" not in response.get("Cache-Control", "")


def test_every_page_names_its_three_languages_with_absolute_hreflang_links(client, site):
    html = client.get("/de/betoverde-torens/bt-einde-spel/?x=1").content.decode()
    for code in ("nl", "de", "en"):
        assert f'<link rel="alternate" hreflang="{code}" href="http://testserver/{code}/betoverde-torens/bt-einde-spel/?x=1">' in html
    assert '<link rel="alternate" hreflang="x-default" href="http://testserver/betoverde-torens/bt-einde-spel/?x=1">' in html
    # x-default: the address without a language redirects to the visitor's language.
    redirect = Client().get("/betoverde-torens/bt-einde-spel/", headers={"Accept-Language": "de"})
    assert redirect.status_code == 302 and redirect["Location"] == "/de/betoverde-torens/bt-einde-spel/"


def test_a_transaction_that_writes_many_rows_bumps_the_shared_version_once(site):
    _forget_pending_bumps()
    for entry in Entry.objects.filter(game_id="betoverde-torens")[:5]:
        entry.save()
    assert len(_pending_bumps()) == 1


def test_the_store_counts_each_encoding_once_and_never_for_an_evicted_page():
    from django.test import RequestFactory

    store = httpcache.PageStore(max_bytes=10_000_000)
    rf = RequestFactory()

    def page():
        return httpcache.StoredPage(b"<p>regel</p>" * 200, [], 'W/"x"', "public, max-age=300", "Accept-Encoding", "text/html")

    kept, evicted = page(), page()
    store.put("v1", rf.get("/nl/a/"), (), kept)
    store.put("v1", rf.get("/nl/b/"), (), evicted)
    store.pages.pop(evicted.key)  # evicted while a request still holds it
    store.bytes -= evicted.size
    for coding in ("br", "gzip", "br"):
        store.encoded(kept, coding)
        store.encoded(evicted, coding)
    assert store.bytes == kept.size == len(kept.body) + len(kept.encoded["br"]) + len(kept.encoded["gzip"])
    assert brotli.decompress(store.encoded(evicted, "br")) == evicted.body


def test_publishing_an_entry_for_one_game_keeps_the_other_games_stored_pages(
    client, site, django_capture_on_commit_callbacks
):
    """Versions per game (issue 29): a Torens & Dieven answer replaces the stored pages of Torens &
    Dieven and of the pages that show every game, and keeps those of Finstere Flure. A page served
    from the store renders no template."""
    other = ["/nl/finstere-flure/", "/de/finstere-flure/ff-doel/", "/nl/finstere-flure/faq/"]
    own = ["/nl/torens-en-dieven/faq/", "/en/torens-en-dieven/"]
    shared = ["/nl/faq/"]
    before = {}
    for path in other + own + shared:
        assert client.get(path).templates, f"{path}: rendered the first time"
        again = client.get(path)
        assert not again.templates, f"{path}: served from the store the second time"
        before[path] = again.content
    question = "Mag ik een landtegel leggen naast een toren?"
    with django_capture_on_commit_callbacks(execute=True):
        make_entry(game="torens-en-dieven", question=question, clauses=("td-landtegel-leggen",))
    for path in other:
        response = client.get(path)
        assert not response.templates and response.content == before[path], f"{path}: kept"
    for path in own + shared:
        response = client.get(path)
        assert response.templates, f"{path}: rendered again after the change"
    assert question in client.get("/nl/torens-en-dieven/faq/").content.decode()
    assert question in client.get("/nl/faq/").content.decode()


def test_a_change_no_game_owns_replaces_every_stored_page(client, site, django_capture_on_commit_callbacks):
    for path in ("/nl/finstere-flure/", "/nl/faq/"):
        client.get(path)
        assert not client.get(path).templates
    with django_capture_on_commit_callbacks(execute=True):
        httpcache.bump()
    for path in ("/nl/finstere-flure/", "/nl/faq/"):
        assert client.get(path).templates, path


def test_the_game_of_a_page_comes_from_its_address(site):
    from sitewide.content_version import game_of_path

    assert game_of_path("/nl/finstere-flure/ff-doel/") == "finstere-flure"
    assert game_of_path("/de/torens-en-dieven/faq/x/") == "torens-en-dieven"
    assert game_of_path("/nl/search/") is None  # not a game: the version of pages with every game
    assert game_of_path("/nl/faq/") is None
    assert game_of_path("/api/v1/games/finstere-flure/scenarios/") is None
    assert game_of_path("/xx/finstere-flure/") is None
