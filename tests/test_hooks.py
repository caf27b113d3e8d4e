"""pagecache.hooks: the named hooks through which the higher apps add to the pages of the lower
ones and to the site frame (rulebooks/base.html). A rulebook page renders with every hook emptied
(as with only the lower apps installed) and then shows none of the higher apps' parts; with the
apps' hooks it shows each of them; and it renders with only the lower apps installed and routed."""

import re

import pytest
from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.template import Context, Template
from django.test import override_settings
from django.urls import include, path

from pagecache import hooks
from pagecache.httpcache import STORE
from rulebooks.fragments import FRAGMENTS
from tests.test_layering import APPS, ROOT

pytestmark = pytest.mark.usefixtures("rulebooks")

BOOK = "/nl/betoverde-torens/"
CLAUSE = "/nl/betoverde-torens/bt-einde-spel/"
# What each higher app adds to the rulebook and clause pages, as the page shows it.
HIGHER_PARTS = {
    "simulator: a clause's demo": 'class="demo__open"',
    "simulator: the tools row's button": 'href="/nl/betoverde-torens/sim/"',
    "faq: the tools row's button": 'href="/nl/betoverde-torens/faq/"',
    "faq: the rulings under a clause": 'class="clause-faq"',
    "rooms: play online": 'href="/nl/betoverde-torens/rooms/"',
    "sitewide: keep offline": 'class="offline-keep"',
    # ... and to the frame around it
    "simulator: the link preview": '<meta property="og:title"',
    "simulator: the boards' stylesheets": 'href="/static/css/simulator.css"',
    "sitewide: the web app manifest": '<link rel="manifest" href="/nl/manifest.webmanifest">',
    "sitewide: the offline script": 'src="/static/js/offline.js"',
    "sitewide: the offline banner": '<p id="offline-status" class="offline-banner"',
    "sitewide: the header's search": '<form class="site-search" role="search" action="/nl/search/"',
}
# The frame itself, the lowest web app's (rulebooks/base.html): there with or without the higher apps.
FRAME_PARTS = [
    '<link rel="stylesheet" href="/static/css/site.css">',
    '<a class="brand" href="/nl/">',
    '<nav class="language-switch"',
    '<link rel="alternate" hreflang="de" href="http://testserver/de/betoverde-torens/">',
    '<footer class="site-footer">',
]


def page(client, url: str) -> str:
    STORE.clear()  # neither the stored page nor its stored fragments of the other case answer
    FRAGMENTS.clear()
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def test_a_rulebook_page_renders_without_the_higher_apps_and_lacks_their_parts(client):
    with hooks.emptied():
        book = page(client, BOOK)
        clause = page(client, CLAUSE)
    assert '<article class="rulebook"' in book and 'id="bt-einde-spel"' in book  # the rulebook itself
    assert [part for part in FRAME_PARTS if part not in book] == []
    assert [name for name, mark in HIGHER_PARTS.items() if mark in book] == []
    assert 'class="ask"' not in clause and 'class="clause-faq"' not in clause


def test_with_the_apps_hooks_the_rulebook_page_has_each_higher_part(client):
    book = page(client, BOOK)
    assert [name for name, mark in HIGHER_PARTS.items() if mark not in book] == []
    assert [part for part in FRAME_PARTS if part not in book] == []
    assert 'class="ask"' in page(client, CLAUSE)  # the FAQ's "ask a question" under a clause's page


def test_the_home_page_without_the_higher_apps_has_its_games_but_no_search_or_game_links(client):
    with hooks.emptied():
        home = page(client, "/nl/")
    assert 'href="/nl/betoverde-torens/"' in home
    assert 'class="home-search' not in home and "/faq/" not in home and "/sim/" not in home
    home = page(client, "/nl/")
    assert 'class="home-search' in home
    assert '<p class="game-card__tools"><a href="/nl/betoverde-torens/faq/">' in home  # FAQ · simulator · online
    assert '</a> · <a href="/nl/betoverde-torens/sim/">' in home and '</a> · <a class="online-play"' in home


def test_an_undeclared_hook_name_fails_instead_of_doing_nothing():
    with pytest.raises(LookupError, match="clause_extra"):
        hooks.register("clause_extra", lambda context, clause: "")
    with pytest.raises(LookupError):
        hooks.get_hooks("rulebook_action")
    with pytest.raises(LookupError):
        Template('{% load hook_tags %}{% hook_output "no_such_hook" %}').render(Context())


def test_hooks_run_in_order_escape_plain_text_and_leave_when_their_block_ends():
    template = Template('{% load hook_tags %}[{% hook_output "game_card_links" game sep=" · " %}]')
    with hooks.emptied("game_card_links"):
        with hooks.register_temporarily("game_card_links", lambda context, game: f"<b>{game}</b>", order=2):
            with hooks.register_temporarily("game_card_links", lambda context, game: "", order=1):
                with hooks.register_temporarily("game_card_links", lambda context, game: "first", order=0):
                    assert template.render(Context({"game": "x"})) == "[first · &lt;b&gt;x&lt;/b&gt;]"
        assert template.render(Context({"game": "x"})) == "[]"
    assert hooks.get_hooks("game_card_links")  # the apps' own hooks are back


def test_every_declared_hook_is_read_somewhere_and_filled_by_an_installed_app():
    """No dead name: each hook is read by a template (``hook_output``) or by Python (``get_hooks``),
    and the site's apps register something for each."""
    read: set[str] = set()
    for file in (found for app in APPS for found in (ROOT / app).rglob("*") if found.is_file()):
        if file.suffix == ".py":
            read |= set(re.findall(r'get_hooks\("(\w+)"\)', file.read_text(encoding="utf-8")))
        elif file.suffix in (".html", ".txt") and "templates" in file.parts:
            read |= set(re.findall(r'hook_output "(\w+)"', file.read_text(encoding="utf-8")))
    assert read == set(hooks.HOOKS)
    assert [name for name in hooks.HOOKS if not hooks.get_hooks(name)] == []


# Only the lower apps, for real: the higher apps neither installed (their tag libraries and templates
# are not found) nor routed (a {% url %} of theirs would fail to reverse). Their hooks are emptied too:
# this process imported every app's site_hooks at start, which a site without them never would.
LOWER_APPS = [app for app in settings.INSTALLED_APPS if app not in {"faq", "sitewide", "simulator", "rooms", "axes", "channels", "django.contrib.admin"}]
urlpatterns = i18n_patterns(path("", include("rulebooks.urls")), prefix_default_language=True)


@override_settings(INSTALLED_APPS=LOWER_APPS, ROOT_URLCONF=__name__)
def test_with_only_the_lower_apps_installed_a_rulebook_page_renders_in_its_frame(client):
    assert "rulebooks" in LOWER_APPS and "sitewide" not in LOWER_APPS
    with hooks.emptied():
        pages = {url: page(client, url) for url in ("/nl/", BOOK, CLAUSE)}
    for url, html in pages.items():
        assert '<a class="brand" href="/nl/">' in html and '<footer class="site-footer">' in html, url
        assert [name for name, mark in HIGHER_PARTS.items() if mark in html] == [], url
    assert 'id="bt-einde-spel"' in pages[BOOK] and 'id="bt-einde-spel"' in pages[CLAUSE]
