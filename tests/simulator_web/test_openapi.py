"""The OpenAPI description of the rules API is served, describes every route, and is true:
Schemathesis generates requests from it (valid and invalid ones) against the real application and
checks that none gives a 5xx and every response matches its documented status, type and schema."""

from __future__ import annotations

import re

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from django.urls import URLPattern
from hypothesis import HealthCheck, Phase, settings
from schemathesis.checks import load_all_checks
from schemathesis.config._checks import NegativeDataRejectionConfig
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from rules.core.scenario_files import scenario_paths
from simulator import api_urls
from tests.site_games import SITE_GAMES

OPENAPI = "/api/v1/openapi.json"
GAMES = SITE_GAMES
EXAMPLES_PER_OPERATION = 100  # valid and invalid requests each; the whole run takes seconds

schema = schemathesis.openapi.from_wsgi(OPENAPI, WSGIHandler())
schema.config.generation.update(max_examples=EXAMPLES_PER_OPERATION, deterministic=True)
# A generated body can be larger than the API reads: 413 is a rejection too.
schema.config.checks.negative_data_rejection = NegativeDataRejectionConfig(
    expected_statuses=[*NegativeDataRejectionConfig().expected_statuses, "413"]
)


@pytest.fixture(autouse=True)
def _keep_the_test_database_connection():
    """Django's WSGI handler closes the database connection after each request, which ends the
    test's transaction on PostgreSQL; the test client avoids that the same way."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


def _pick(value: object, choices: list[str] | tuple[str, ...]) -> str:
    """A real game or scenario for a generated one (deterministic: no hash randomisation)."""
    return choices[sum(map(ord, str(value))) % len(choices)]


def _aim_at_real_games(case) -> None:
    """Random slugs almost never name a game, so valid requests would all end as 404s: aim them at
    the real games and scenarios, so they reach the rules engines. Invalid ones stay as generated."""
    if case.meta is None or case.meta.generation.mode != GenerationMode.POSITIVE or not case.path_parameters:
        return
    game = case.path_parameters["game"] = _pick(case.path_parameters.get("game"), GAMES)
    if "scenario" in case.path_parameters:
        case.path_parameters["scenario"] = _pick(case.path_parameters["scenario"], sorted(scenario_paths(game)))


@schema.parametrize()
@settings(
    deadline=None,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=list(HealthCheck),
)
def test_the_api_keeps_its_openapi_contract(case, rulebooks, settings):
    settings.SEARCH_API_RATE = (10_000, 60)  # the fuzzing client asks far more than a chat bot may
    # Every check but "valid input is accepted": a valid-looking request for an unknown scenario,
    # a step past the end or two starts is rightly refused, which the schema cannot express.
    load_all_checks()
    _aim_at_real_games(case)
    # The WSGI transport hands over the body as sent and does not undo a content coding, so ask
    # for none (compressed JSON is checked in tests/test_http_caching.py).
    case.headers = {**(case.headers or {}), "Accept-Encoding": "identity"}
    case.call_and_validate(excluded_checks=[positive_data_acceptance])


def _route(pattern: URLPattern) -> str | None:
    text = str(pattern.pattern)
    if text.startswith("^"):  # the catch-all re_path
        return None
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", lambda m: "{" + ("scenario" if m.group(1) == "scenario_id" else m.group(1)) + "}", text)


def _api_routes_beside() -> set[str]:
    """API routes of rulesite/urls.py itself (the search API, routed beside simulator.api_urls)."""
    from rulesite import urls

    found = set()
    for pattern in urls.urlpatterns:
        text = str(getattr(pattern, "pattern", ""))
        if isinstance(pattern, URLPattern) and text.startswith("api/v1/") and not text.startswith("^"):
            found.add("/" + text.removeprefix("api/v1/"))
    return found


@pytest.mark.usefixtures("rulebooks")
def test_every_route_of_the_api_is_described():
    document = Client().get(OPENAPI).json()
    assert document["openapi"].startswith("3.1")
    routes = {r for r in map(_route, api_urls.urlpatterns) if r is not None} | _api_routes_beside()
    assert "/search" in routes
    assert routes == set(document["paths"])


@pytest.mark.usefixtures("rulebooks")
def test_the_api_root_is_json_linking_the_document_and_the_games():
    response = Client().get("/api/v1/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    data = response.json()
    assert data["openapi"] == OPENAPI
    assert {g["slug"] for g in data["games"]} >= {"finstere-flure", "der-dunkle-turm"}
    ff = next(g for g in data["games"] if g["slug"] == "finstere-flure")
    assert Client().get(ff["scenarios"]).status_code == 200
