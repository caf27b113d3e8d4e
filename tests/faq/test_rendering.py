"""Editor Markdown is sanitised; visitor text is escaped; position links stay on the site."""

import pytest

from faq.positions import localize_position_url, parse_position_url
from faq.rendering import render_answer, sanitize

from .conftest import make_entry

pytestmark = pytest.mark.usefixtures("faq")


@pytest.mark.parametrize(
    "markdown, forbidden",
    [
        ("<script>alert(1)</script>Tekst", ["<script", "alert(1)"]),
        ("[klik](javascript:alert(1))", ["javascript:"]),
        ('<a href="JaVaScRiPt:alert(1)">x</a>', ["javascript", "JaVaScRiPt"]),
        ('<img src=x onerror="alert(1)">', ["onerror", "<img"]),
        ('<p style="color:red" onclick="x()">p</p>', ["style=", "onclick"]),
        ("<iframe src='https://evil.example'></iframe>", ["<iframe"]),
        ("<style>body{display:none}</style>", ["<style", "display:none"]),
        ('<a href="data:text/html;base64,PHNjcmlwdD4=">d</a>', ["data:"]),
    ],
)
def test_answers_lose_scripts_dangerous_links_and_event_attributes(markdown, forbidden):
    html, text = render_answer(markdown)
    for bad in forbidden:
        assert bad not in html


def test_answers_keep_markdown_clause_links_and_safe_links():
    html, text = render_answer("**Ja**, zie [[bt-einde-spel]] en [de uitgever](https://example.org/regels).")
    assert "<strong>Ja</strong>" in html
    assert '<a class="xref" href="/__LANG__/betoverde-torens/#bt-einde-spel"' in html
    assert 'href="https://example.org/regels"' in html and 'rel="noopener noreferrer"' in html
    assert "§8.1" in text
    assert 'class="xref-broken"' in render_answer("zie [[bt-bestaat-niet]]")[0]


def test_sanitize_drops_unknown_classes():
    assert sanitize('<a class="xref evil" href="/x">a</a>') == '<a class="xref" href="/x" rel="noopener noreferrer">a</a>'


def test_visitor_questions_are_escaped_on_every_page(client):
    entry = make_entry(question='<script>alert("x")</script> <b>vet</b> gevraagd?', answer="Antwoord.",
                       clauses=["bt-einde-spel"])
    for url in [entry.get_absolute_url(), "/nl/betoverde-torens/faq/", "/nl/betoverde-torens/bt-einde-spel/",
                "/nl/betoverde-torens/", "/nl/faq/", "/nl/search/?q=gevraagd"]:
        html = client.get(url).content.decode()
        assert '<script>alert("x")' not in html, url
        assert "&lt;script&gt;" in html, url


@pytest.mark.parametrize(
    "url, ok",
    [
        ("/nl/finstere-flure/sim/?log=1.eJyrVkrOz0nVs1IyUqoFAB0vBFQ&step=3", True),
        ("/de/der-dunkle-turm/sim/", True),
        ("https://evil.example/nl/finstere-flure/sim/", False),
        ("//evil.example/nl/finstere-flure/sim/", False),
        ("javascript:alert(1)//nl/finstere-flure/sim/", False),
        ("/nl/finstere-flure/sim//evil", False),
        ("/nl/finstere-flure/sim/\"><script>", False),
        ("/nl/finstere-flure/sim/ spaces", False),
        ("/fr/finstere-flure/sim/", False),
        ("/nl/finstere-flure/ff-regel/", False),
        ("/nl/finstere-flure/sim/../../admin/", False),
        ("/nl/finstere-flure/sim/?log=1." + "a" * 1500, True),
        ("/nl/finstere-flure/sim/?" + "a" * 2100, False),
        ("", False),
    ],
)
def test_position_links_must_be_simulator_paths_on_this_site(url, ok):
    assert (parse_position_url(url) is not None) is ok


def test_position_links_follow_the_readers_language():
    assert localize_position_url("/nl/finstere-flure/sim/?step=2", "de") == "/de/finstere-flure/sim/?step=2"
    assert localize_position_url("https://evil.example/", "de") == ""


@pytest.mark.parametrize(
    "href",
    [
        "//evil.example/phish",
        "/\\evil.example/phish",
        "\\\\evil.example/phish",
        "\\/evil.example/phish",
        " //evil.example/phish",
        "\t/\t/evil.example/phish",
        "/\n/evil.example/phish",
        "\x01//evil.example/phish",
        "http:/evil.example/phish",
        "https:evil.example/phish",
        "https:///evil.example/phish",
    ],
)
def test_links_that_a_browser_reads_as_off_site_are_dropped(href):
    """Protocol-relative links and their backslash, whitespace and missing-slash variants leave
    the site in a browser (WHATWG URL parsing), so they lose their href like any unsafe link."""
    html = sanitize(f'<p><a href="{href}">klik</a></p>')
    assert "href" not in html and "evil.example" not in html
    assert ">klik</a>" in html  # the text stays
    if not set(href) & set("\\ \t\n"):  # (Markdown reads backslashes and white space itself)
        assert "evil.example" not in render_answer(f"[klik]({href.strip()})")[0]


@pytest.mark.parametrize(
    "href, kept",
    [
        ("/nl/betoverde-torens/bt-einde-spel/", "/nl/betoverde-torens/bt-einde-spel/"),
        ("#bt-einde-spel", "#bt-einde-spel"),
        ("?q=toren", "?q=toren"),
        ("../faq/", "../faq/"),
        ("https://example.org/regels", "https://example.org/regels"),
        ("mailto:redactie@example.org", "mailto:redactie@example.org"),
        ("/nl\\faq/", "/nl/faq/"),  # a backslash is a slash to a browser: shown as the browser reads it
    ],
)
def test_links_on_the_site_and_explicit_external_links_stay(href, kept):
    assert f'href="{kept}"' in sanitize(f'<a href="{href}">x</a>')


def test_the_entry_page_and_both_feeds_show_no_protocol_relative_link(client):
    entry = make_entry(question="Waar staan de officiële regels?", answer="Zie [de regels](//evil.example/phish).",
                       slug="officiele-regels")
    assert "evil.example" not in entry.answer_html
    # An answer stored before the sanitiser knew better is cleaned again on its way into the feeds.
    type(entry).objects.filter(pk=entry.pk).update(answer_html='<p><a href="//evil.example/phish">x</a></p>')
    for url in ["/nl/faq/feed/", "/nl/betoverde-torens/faq/feed/"]:
        body = client.get(url).content.decode()
        assert "officiele-regels" in body, url
        assert "evil.example" not in body, url
