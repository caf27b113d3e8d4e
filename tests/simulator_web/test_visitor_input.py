"""Crafted query strings on the simulator page are a 400 page naming the field, never a 500
(review 2026-11-30, defect 2): deep nesting and huge numbers in a pasted position or a log token,
digits that are not ASCII (``²``, ``①``) in ``step`` and ``seed``, ``--4`` in a new game's fields."""

from __future__ import annotations

import base64
import zlib

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.usefixtures("rulebooks")
SIM = "/nl/finstere-flure/sim/"


def token(payload: bytes) -> str:
    return "1." + base64.urlsafe_b64encode(zlib.compress(payload, 9)).decode().rstrip("=")


@pytest.fixture
def client():
    return Client()


def _refused(response, field: str) -> str:
    assert response.status_code == 400, response.status_code
    html = response.content.decode()
    if field == "position":  # the pasted position as a whole: named in words beside the box
        assert 'id="position-error"' in html
    else:
        assert f"<code>{field}</code>" in html
    return html


@pytest.mark.parametrize("step", ["²", "①", "𝟏", "٣", "-1", "9" * 30])
def test_a_step_in_other_digits_is_refused(client, step):
    _refused(client.get(SIM, {"scenario": "ff-ronde", "step": step}), "step")


@pytest.mark.parametrize("field, value", [("players", "--4"), ("players", "²"), ("seed", "²"), ("seed", "--4"), ("seed", "①")])
def test_odd_numbers_in_the_new_game_form_are_refused(client, field, value):
    _refused(client.get(SIM, {"new": "1", field: value}), field)


def test_a_deeply_nested_pasted_position_is_refused_in_the_readers_language(client):
    html = _refused(client.get(SIM, {"position": "[" * 1000 + "]" * 1000}), "position")
    assert "te diep genest" in html or "nested too deeply" in html


def test_a_pasted_position_with_a_huge_number_is_refused(client):
    _refused(client.get(SIM, {"position": '{"round": ' + "1" * 5000 + "}"}), "position")


@pytest.mark.parametrize(
    "payload",
    [b'{"setup": {"players": ' + b"1" * 5000 + b"}}", b'{"position": ' + b"[" * 3000 + b"]" * 3000 + b"}"],
    ids=["huge-number", "deep-nesting"],
)
@pytest.mark.parametrize("param", ["log", "edit"])
def test_a_log_or_edit_token_holding_them_is_refused(client, payload, param):
    _refused(client.get(SIM, {param: token(payload)}), param)


@given(
    params=st.dictionaries(
        st.sampled_from(["step", "seed", "players", "position", "log", "scenario", "new", "edit"]),
        st.one_of(
            st.sampled_from(["²", "①", "𝟏", "--4", "-0", "1e3", "ff-ronde", "1"]),
            st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
            st.integers(1, 6000).map(lambda n: '{"round": ' + "9" * n + "}"),
            st.integers(1, 6000).map(lambda n: token(b'{"setup": {"players": ' + b"2" * n + b"}}")),
            st.text(max_size=12),
        ),
        max_size=4,
    )
)
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_fuzzed_simulator_addresses_never_cause_a_server_error(client, params):
    response = client.get(SIM, params)
    assert response.status_code in (200, 302, 400, 422), response.status_code
