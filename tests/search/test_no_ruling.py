"""When nothing answers a question, the search page, the suggestions and the ask form say so
plainly ("no ruling"), show the closest clauses only under their own heading, and offer "Ask the
editors" with the question and the game filled in (sitewide.search, rulebooks.search.verdict)."""

import re

import pytest
from django.utils import translation
from django.utils.html import escape

pytestmark = pytest.mark.usefixtures("faq")

HIT = re.compile(r'<a class="hit__link" href="/[a-z]{2}/([a-z-]+)/(?:faq/)?([a-z0-9-]+)/">')
CLOSEST = "Closest rules — they do not answer it"


def text_in(lang, message):
    with translation.override(lang):
        return escape(translation.gettext(message))


def get(client, path, **params):
    response = client.get(path, params)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("lang", "question"),
    [
        ("nl", "kan ik het spel op een spelcomputer of console spelen"),
        ("de", "kann man das Spiel mit einer Spielkonsole spielen"),
        ("en", "can I play it with a gamepad on the console"),
    ],
)
def test_the_search_page_says_no_rule_answers_and_offers_the_editors(client, lang, question):
    html = get(client, f"/{lang}/search/", q=question, **{"in": "finstere-flure"})
    assert text_in(lang, "No rule or ruling answers this yet.") in html
    assert "matches, best first" not in html and text_in(lang, "%(counter)s matches, best first") not in html
    closest = html.split(text_in(lang, CLOSEST))
    assert len(closest) == 2 and len(HIT.findall(closest[0])) == 0  # hits only under their own heading
    assert 1 <= len(HIT.findall(closest[1])) <= 5
    ask = f'href="/{lang}/faq/ask/?game=finstere-flure&amp;question={question.replace(" ", "%20")}"'
    assert ask in html


def test_a_question_that_is_answered_is_not_said_to_have_no_ruling(client):
    html = get(client, "/nl/search/", q="mag het monster door de muur lopen", **{"in": "finstere-flure"})
    assert text_in("nl", "No rule or ruling answers this yet.") not in html
    assert HIT.findall(html)[0] == ("finstere-flure", "ff-monster-door-muur")


def test_without_a_game_the_editors_of_every_game_are_offered(client):
    html = get(client, "/en/search/", q="can I play it with a gamepad on the console")
    links = re.findall(r'href="/en/faq/ask/\?game=([a-z-]+)&amp;question=can%20I%20play%20it%20with%20a%20gamepad%20on%20the%20console"', html)
    assert set(links) == {"betoverde-torens", "torens-en-dieven", "der-dunkle-turm", "finstere-flure"}


def test_the_suggestions_say_so_too(client):
    html = get(client, "/en/search/suggest/", q="can I play it with a gamepad on the console", **{"in": "betoverde-torens"})
    assert text_in("en", "No rule or ruling answers this yet.") in html
    assert "Closest rules" in html.split("No rule or ruling")[1]  # the closest come after the verdict
    assert 'href="/en/faq/ask/?game=betoverde-torens&amp;question=can%20I%20play%20it%20with%20a%20gamepad%20on%20the%20console"' in html


def test_in_the_ask_form_the_verdict_sends_the_question_to_the_editors(client):
    html = get(client, "/nl/search/suggest/", q="kan ik het spel op een spelcomputer of console spelen", ask="1", **{"in": "finstere-flure"})
    assert text_in("nl", "No rule or ruling answers this yet.") in html
    # The button submits the ask form it sits in: the question and the game are its fields.
    assert re.search(r'<button class="no-ruling__send" type="submit">' + re.escape(text_in("nl", "Ask the editors")), html)
    assert "/faq/ask/?game=" not in html
