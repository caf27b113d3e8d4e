"""The position editor over HTTP, for every game with an editor: random taps with random tools, field
changes and made-up ids never give a 500, a refused tap is a 422 that changes nothing, and an
accepted one moves to a URL whose position the engine reads."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.core import codec
from rules.core.codec import Log
from rules.core.registry import all_games

GAMES = [spec for spec in all_games() if spec.editor is not None and spec.slug != "toy-game"]


def _edit_position(url: str) -> dict:
    return codec.decode(parse_qs(urlparse(url).query)["edit"][0]).position


@pytest.mark.usefixtures("rulebooks")
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_edits_through_the_page_never_fail_with_a_500(client, spec, data):
    engine, editor = spec.engine, spec.editor
    state = engine.initial_state({o.name: o.default for o in engine.setup_options()})
    position = engine.position_of(state)
    if data.draw(st.booleans()):
        position = editor.blank(engine, position)
    url = f"/en/{spec.slug}/sim/"
    for _ in range(data.draw(st.integers(1, 4))):
        page = client.get(url, {"edit": codec.encode(Log(position=position))})
        assert page.status_code == 200
        html = page.content.decode()
        tools = re.findall(r'data-tool="([^"]+)"', html)
        targets = re.findall(r'data-target="([^"]+)"', html)
        assert tools and targets
        params = {"edit": codec.encode(Log(position=position)), "tool": unescape(data.draw(st.sampled_from(tools)))}
        if data.draw(st.integers(0, 9)) == 0:
            params["at"] = data.draw(st.sampled_from(["", "sq:999,999", "<b>", "x" * 70, "fig:nobody"]))
        else:
            params["at"] = unescape(data.draw(st.sampled_from(targets)))
        response = client.get(url + "?" + urlencode(params))
        assert response.status_code in (200, 302, 400, 422), response.status_code  # 200: an empty "at" is no tap
        if response.status_code == 302:
            position = _edit_position(response["Location"])
            engine.state_from_position(position)  # the engine reads every accepted edit
        elif response.status_code == 422:
            body = response.content.decode()
            assert 'class="edit-error"' in body
            # Nothing changed: the page's own link still holds the position it started from.
            own = re.search(r'class="copy-link" data-copy-url="([^"]+)"', body).group(1)
            assert _edit_position(unescape(own)) == engine.position_of(engine.state_from_position(position))


@pytest.mark.usefixtures("rulebooks")
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_change_this_position_opens_the_editor_at_the_steps_position(client, spec):
    """The page carries its position once (the JSON box); its "Change this position" link asks the
    server for the editor's address of that step."""
    engine = spec.engine
    state = engine.initial_state({o.name: o.default for o in engine.setup_options()})
    action = engine.legal_actions(state)[0]
    log = Log(setup={o.name: o.default for o in engine.setup_options()}, actions=(action,))
    page = client.get(f"/en/{spec.slug}/sim/", {"log": codec.encode(log), "step": "1"}).content.decode()
    link = unescape(re.search(r'<a href="([^"]+then=edit)"', page).group(1))
    response = client.get(link)
    assert response.status_code == 302
    assert _edit_position(response["Location"]) == engine.position_of(engine.apply(state, action)[0])
    assert client.get(response["Location"]).status_code == 200
