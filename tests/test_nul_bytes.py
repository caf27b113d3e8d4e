"""NUL bytes and other odd characters in anything a visitor can type never reach the database
(PostgreSQL refuses them outright) and never cause a server error."""

import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("rulebooks")


@pytest.mark.parametrize(
    "url, expected",
    [
        ("/nl/search/?game=%00&q=toren", 200),
        ("/nl/search/?q=%00", 200),
        ("/nl/faq/ask/?game=%00", 404),
        ("/nl/faq/ask/?game=finstere-flure&clause=%00", 200),
        ("/nl/finstere-flure/sim/?scenario=%00", 400),
        ("/nl/finstere-flure/sim/?log=%00", 400),
        ("/nl/finstere-flure/sim/?position=%00", 400),
        ("/api/v1/games/finstere-flure/scenarios/x%00y/", 404),
        ("/nl/faq/question/%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00/", 404),
    ],
)
def test_nul_bytes_in_urls(url, expected):
    response = Client().get(url)
    assert response.status_code == expected


def test_nul_bytes_in_a_posted_question():
    response = Client().post("/nl/faq/ask/", {"question": "Mag dit\x00 wel of niet?", "game": "finstere-flure\x00", "clause": "\x00"})
    assert response.status_code in (200, 400)


@pytest.mark.parametrize(
    "url, body",
    [
        ("/api/v1/games/fin%00/apply", "{}"),
        ("/api/v1/games/finstere-flure/apply", '{"apply": "x\\u0000", "scenario": "ff-ronde\\u0000"}'),
        ("/api/v1/games/finstere-flure/apply", '{"apply": "x", "log": "1.\\u0000"}'),
    ],
)
def test_nul_bytes_sent_to_the_api_are_a_json_4xx(url, body):
    response = Client(enforce_csrf_checks=True).post(url, body, content_type="application/json")
    assert response.status_code in (400, 404) and response["Content-Type"] == "application/json"
