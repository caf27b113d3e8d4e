"""An FAQ list page shows at most PER_PAGE entries, with real ?page= links between its pages, and
answers a page that does not exist with a clear 404, never a 500."""

import re

import pytest

from faq import pagination
from faq.models import Entry
from tests.faq.conftest import make_entry

pytestmark = pytest.mark.usefixtures("rulebooks")
URL = "/en/betoverde-torens/faq/"  # English: the messages below are checked word for word


@pytest.fixture
def many(monkeypatch):
    """Seven published entries, three to a page (so three pages), plus one hidden one."""
    monkeypatch.setattr(pagination, "PER_PAGE", 3)
    Entry.objects.filter(game_id="betoverde-torens").delete()  # only the entries below
    entries = [make_entry(question=f"Vraag nummer {i} over de torens?", slug=f"vraag-{i}") for i in range(7)]
    make_entry(question="Verborgen vraag?", slug="verborgen", published=False)
    return entries


def _slugs(html):
    return re.findall(r'href="/en/betoverde-torens/faq/(vraag-\d+|verborgen)/"', html)


def test_the_pages_together_show_every_published_entry_once(client, many):
    seen = []
    for number in (1, 2, 3):
        response = client.get(URL, {"page": number})
        assert response.status_code == 200
        seen += _slugs(response.content.decode())
    assert sorted(seen) == sorted(entry.slug for entry in many)
    assert _slugs(client.get(URL).content.decode()) == seen[:3]  # no ?page= is the first page


def test_pages_link_to_each_other_with_rel_prev_and_next(client, many):
    first = client.get(URL).content.decode()
    assert 'rel="next" href="?page=2"' in first and 'rel="prev"' not in first
    middle = client.get(URL, {"page": 2}).content.decode()
    assert 'rel="prev" href="?page=1"' in middle and 'rel="next" href="?page=3"' in middle
    last = client.get(URL, {"page": 3}).content.decode()
    assert 'rel="prev" href="?page=2"' in last and 'rel="next"' not in last
    assert "Page 3 of 3" in last


def test_a_short_list_has_no_pager(client):
    make_entry(question="Eén vraag?", slug="een-vraag")
    html = client.get(URL).content.decode()
    assert 'class="pager"' not in html and "een-vraag" in html


@pytest.mark.parametrize("page", ["0", "4", "-1", "abc", "1.5", "²", "9" * 40, "", "1 "])
def test_a_page_that_does_not_exist_is_a_clear_404(client, many, page):
    response = client.get(URL, {"page": page})
    assert response.status_code == 404
    assert "the pages run from 1 to 3" in response.content.decode()


def test_an_empty_list_still_has_its_first_page(client):
    Entry.objects.filter(game_id="betoverde-torens").delete()
    assert client.get(URL).status_code == 200
    assert client.get(URL, {"page": 2}).status_code == 404
