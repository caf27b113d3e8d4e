"""The search's work per request is capped: a short, common term cannot make one request score,
load and highlight every clause of every rulebook."""

import pytest

from sitewide import search

pytestmark = pytest.mark.usefixtures("rulebooks")


@pytest.fixture
def counted(monkeypatch):
    calls = {"snippet": 0, "highlight": 0}

    def counting(name, real):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return real(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(search, "snippet", counting("snippet", search.snippet))
    monkeypatch.setattr(search, "highlight", counting("highlight", search.highlight))
    return calls


def test_only_the_shown_hits_get_snippets_and_highlighting(counted, monkeypatch):
    monkeypatch.setattr(search, "MAX_RESULTS_PER_GAME", 5)
    result = search.run_search({"q": "de"})
    shown = sum(len(group.hits) + len(group.faq_hits) for group in result["groups"])
    assert result["total"] > 4 * 5  # "de" matches far more clauses than are shown ...
    assert all(len(group.hits) <= 5 for group in result["groups"])
    assert counted["snippet"] == counted["highlight"] == shown  # ... but only the shown ones are worked on


def test_the_best_hits_are_kept_when_the_list_is_cut(monkeypatch):
    full = search.run_search({"q": "raventoren"})
    monkeypatch.setattr(search, "MAX_RESULTS_PER_GAME", 3)
    cut = search.run_search({"q": "raventoren"})
    assert cut["total"] == full["total"]
    for whole, part in zip(full["groups"], cut["groups"], strict=True):
        assert [h.clause.anchor for h in part.hits] == [h.clause.anchor for h in whole.hits[:3]]
        assert [h.score for h in part.hits] == sorted((h.score for h in part.hits), reverse=True)


def test_a_one_letter_search_is_answered_cheaply_with_a_hint(client, counted):
    response = client.get("/nl/search/", {"q": "e"})
    assert response.status_code == 200
    assert counted["snippet"] < 10  # not one snippet per clause that has a word starting with "e"
    hint = search.run_search({"q": "e"})["messages"]
    assert len(hint) == 1 and hint[0] in response.content.decode()
    assert search.run_search({"q": "toren"})["messages"] == []


def test_only_some_matches_are_scored_but_all_are_counted(monkeypatch):
    full = search.run_search({"q": "toren"})
    monkeypatch.setattr(search, "MAX_CANDIDATES_PER_GAME", 2)
    capped = search.run_search({"q": "toren"})
    assert capped["total"] == full["total"] > 5  # the count stays exact
    # Every game with matches keeps its group: the cap applies per game.
    assert {g.game.slug for g in capped["groups"] if g.hits} == {g.game.slug for g in full["groups"] if g.hits}
    for group in capped["groups"]:
        assert 0 < len(group.hits) <= 2
        # The scored ones are those with the word in the title (they rank highest), when there are.
        if any("tore" in hit.clause.search_title for hit in next(g for g in full["groups"] if g.game == group.game).hits):
            assert all("tore" in hit.clause.search_title for hit in group.hits)


def test_a_game_shows_its_best_faq_hits_and_counts_all(monkeypatch):
    from tests.faq.conftest import make_entry

    for i in range(6):
        make_entry(question=f"Vraag {i} over de kwartel?", slug=f"kwartel-{i}", answer="Kwartel " * i)
    monkeypatch.setattr(search, "MAX_FAQ_RESULTS_PER_GAME", 4)
    result = search.run_search({"q": "kwartel"})
    assert result["faq_total"] == 6
    hits = result["groups"][0].faq_hits
    assert len(hits) == 4
    assert [hit.entry.slug for hit in hits] == ["kwartel-5", "kwartel-4", "kwartel-3", "kwartel-2"]
