"""Error responses outside the API are pages in the site's design and language; under /api/ they
are the API's JSON (review 2026-11-30, defect 9). None of these requests reaches the database."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.test import Client, RequestFactory, override_settings

from sitewide import errors

ASK = "/nl/faq/ask/"


def _designed(response, status: int, lang: str = "nl") -> str:
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert f'<html lang="{lang}">' in html
    assert "css/site.css" in html and "<style" not in html  # the site's stylesheet; no inline style the CSP blocks
    assert 'class="error-page"' in html
    return html


def test_a_csrf_failure_is_the_sites_own_403_page_and_keeps_the_typed_question():
    client = Client(enforce_csrf_checks=True)
    question = "Mag een figuur over een bloedplas heen springen?"
    response = client.post(ASK, {"question": question, "game": "finstere-flure"}, HTTP_ORIGIN="http://testserver")
    html = _designed(response, 403)
    assert "Forbidden" not in html and "CSRF" not in html
    assert question in html  # shown to copy, so it is not lost


def test_a_csrf_failure_from_another_site_shows_nothing_of_what_was_sent():
    client = Client(enforce_csrf_checks=True)
    response = client.post(ASK, {"question": "Bel nu 0900-1234 voor de regels!"}, HTTP_ORIGIN="https://evil.example")
    html = _designed(response, 403)
    assert "0900-1234" not in html


def test_the_403_page_speaks_the_language_of_the_address():
    response = Client(enforce_csrf_checks=True).post("/de/faq/ask/", {"question": "x"})
    _designed(response, 403, "de")


@pytest.mark.parametrize("method, url", [("options", "/nl/finstere-flure/"), ("post", "/nl/search/"), ("delete", "/nl/")])
def test_a_wrong_method_on_a_page_is_the_designed_405_with_allow(method, url):
    response = getattr(Client(), method)(url)
    _designed(response, 405)
    assert response["Allow"]


def test_a_body_over_the_limit_on_a_page_is_the_designed_413():
    with override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1000):
        response = Client().post(ASK, {"question": "x" * 5000})
    _designed(response, 413)


def test_the_error_handlers_answer_json_under_the_api():
    too_big = errors.bad_request(RequestFactory().post("/api/v1/games/finstere-flure/apply"), RequestDataTooBig("x"))
    assert too_big.status_code == 413 and too_big["Content-Type"] == "application/json"
    assert json.loads(too_big.content)["error"]["code"] == "too-large"
    assert set(json.loads(too_big.content)["error"]) == {"code", "field", "reason", "message", "data"}
    assert json.loads(too_big.content)["error"]["data"] == {"limit": settings.DATA_UPLOAD_MAX_MEMORY_SIZE}
    not_found = errors.page_not_found(RequestFactory().get("/api/v2/games/"), None)
    assert not_found.status_code == 404 and json.loads(not_found.content)["error"]["field"] == "path"
    csrf = errors.csrf_failure(RequestFactory().post("/api/v1/games/finstere-flure/apply"), "no cookie")
    assert csrf.status_code == 403 and json.loads(csrf.content)["error"]["field"] == "csrf"
    crashed = errors.server_error(RequestFactory().get("/api/v1/games/"))
    assert crashed.status_code == 500 and set(json.loads(crashed.content)["error"]) == {"code", "field", "reason", "message"}
    # Outside the API the 413 is a page.
    page = errors.bad_request(RequestFactory().post("/nl/faq/ask/"), RequestDataTooBig("x"))
    assert page.status_code == 413 and page["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "headers",
    [{"HTTP_HOST": "evil.example"}, {"HTTP_HOST": "evil.example:8000"}],
)
def test_the_400_page_reveals_no_configuration(headers):
    html = _designed(Client().get("/nl/", **headers), 400)
    assert "ALLOWED_HOSTS" not in html and "evil.example" not in html


def test_too_many_fields_is_a_plain_400_without_the_setting_name():
    with override_settings(DATA_UPLOAD_MAX_NUMBER_FIELDS=5):
        response = Client().post(ASK, {f"f{i}": "x" for i in range(20)})
    html = _designed(response, 400)
    assert "DATA_UPLOAD_MAX_NUMBER_FIELDS" not in html and "settings" not in html
