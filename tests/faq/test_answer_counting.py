"""Counting "This answers my question" once per person: a browser counts an answer once a day
(a signed cookie), an asking once (its nonce), an address within FAQ_ANSWER_RATE; what is not
counted is tallied by reason and shown in the admin. (The review's attacks replayed with
threads: tests/faq/test_ask_concurrency.py.)"""

import pytest
from django.test import Client
from django.urls import reverse

from faq import counting
from faq.asking import new_nonce
from faq.models import RefusedCount, SuggestionAnswer

pytestmark = pytest.mark.usefixtures("faq")
RULE = "clause:ff-monster-schuift-steen"


def click(client, answered=RULE, nonce=None, game="finstere-flure"):
    data = {"game": game, "answered": answered, "nonce": new_nonce() if nonce is None else nonce,
            "question": "Mag het monster een steen duwen?", "website": ""}  # fmt: skip
    return client.post("/nl/faq/answered/", data)


def test_a_browser_counts_an_answer_once_a_day_and_again_the_next_day(client, monkeypatch):
    assert click(client).status_code == 303
    assert click(client).status_code == 303  # a new form, the same browser and answer: still one
    assert SuggestionAnswer.objects.count() == 1
    assert click(client, answered="faq:finstere-flure:monster-duwt-steen-tegen-de-muur").status_code == 303
    assert SuggestionAnswer.objects.count() == 2  # another answer counts
    monkeypatch.setattr(counting, "_today", lambda: "2999-01-01")
    click(client)
    assert SuggestionAnswer.objects.count() == 3
    assert RefusedCount.objects.get(reason=RefusedCount.REPEAT).count == 1


def test_a_forged_cookie_counts_nothing_extra(client):
    client.cookies[counting.COOKIE] = "2026-12-03 clause:ff-monster-schuift-steen"  # not signed
    click(client)
    assert SuggestionAnswer.objects.count() == 1


def test_one_asking_counts_once_whatever_the_cookies(client):
    nonce = new_nonce()
    for _ in range(3):
        assert click(Client(), nonce=nonce).status_code == 303
    assert SuggestionAnswer.objects.count() == 1
    assert RefusedCount.objects.get(reason=RefusedCount.REPEAT).count == 2


def test_an_address_counts_at_most_its_rate(settings):
    settings.FAQ_ANSWER_RATE = (3, 3600)
    for _ in range(5):
        click(Client(REMOTE_ADDR="203.0.113.9"))
    click(Client(REMOTE_ADDR="203.0.113.10"))  # another address has its own allowance
    assert SuggestionAnswer.objects.count() == 4
    assert RefusedCount.objects.get(reason=RefusedCount.LIMIT).count == 2


def test_another_games_answer_is_counted_under_its_own_game(client):
    response = click(client, answered="clause:bt-auteurs-en-uitgaven")
    assert response.status_code == 303 and response.headers["Location"] == "/nl/betoverde-torens/bt-auteurs-en-uitgaven/"
    assert SuggestionAnswer.objects.get().game_id == "betoverde-torens"


def test_the_admin_shows_the_figures_with_what_was_refused(client, editor, settings):
    settings.FAQ_ANSWER_RATE = (1, 3600)
    click(client)
    click(client)  # the same browser: a repeat
    click(Client())  # the address's one count is used: over the limit
    client.force_login(editor)
    html = client.get(reverse("admin:faq_suggestionanswer_changelist")).content.decode()
    # answered 1, asked 0, share 100 %, 1 repeat, 1 over the limit, in each of the three periods
    assert html.count("<td>1</td><td>0</td><td>100 %</td><td>1</td><td>1</td>") == 3
    assert "at most 1 times in 60 minutes" in html or "hoogstens 1 keer in 60 minuten" in html
