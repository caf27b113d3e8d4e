"""The examples in docs/API.md stay true: the hand-written position is accepted, the move it
shows is legal with the events it quotes, and the error example names the field it says."""

import json
import re
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("rulebooks")
DOC = (Path(__file__).resolve().parents[2] / "docs" / "API.md").read_text(encoding="utf-8")


def documented_position() -> dict:
    after = DOC.split("A minimal hand-written position", 1)[1]
    return json.loads(re.search(r"```json\n(.*?)\n```", after, re.S).group(1))


def apply(body):
    return Client().post("/api/v1/games/finstere-flure/apply", data=json.dumps(body), content_type="application/json")


def test_the_documented_position_and_move_work_as_shown():
    data = apply({"position": documented_position(), "apply": ["move:red2:U"]}).json()
    result = data["results"][0]
    assert result["legal"] is True
    texts = {e["clause"]: e["text"] for e in result["events"]}
    assert texts["ff-stappen-waarde"] == "Rood 2 loopt 1 stap (van de 2) van (5, 5) naar (5, 4)."
    assert texts["ff-steen-schuiven"] == "Rood 2 schuift het steenblok van (5, 4) naar (5, 3)."
    assert data["actor"] == "yellow"
    assert "ff-stappen-waarde" in DOC and "Rood 2 schuift het steenblok van (5, 4) naar (5, 3)." in DOC


def test_the_documented_error_names_the_field():
    position = documented_position()
    position["figures"]["red2"]["at"] = [0, 10]
    response = apply({"position": position, "apply": ["move:red2:U"]})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["field"] == "position.figures.red2.at"
    assert f'"field": "{error["field"]}"' in DOC
    assert f'"reason": "{error["reason"]}"' in DOC


@pytest.mark.django_db
@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_the_api_documentation_is_a_page_of_the_site(client, lang):
    """The simulator's JSON box links to the position format: docs/API.md rendered on the site, with
    every registered game's reference (action grammar and position format from its package)."""
    from rules.core.registry import all_games

    response = client.get(f"/{lang}/api/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="positions"' in html  # the anchor the JSON boxes link to
    assert "<h1" in html and "Rules API, version 1" in html
    for spec in all_games():
        assert f'id="ref-{spec.slug}"' in html
    assert "Action grammar" in html  # Finstere Flure's reference, from its package docstring


@pytest.mark.django_db
def test_each_games_position_format_is_rendered_from_its_declaration(client):
    """The position reference on the page is the game's declared format (``GameSpec.position_format``):
    every key of it is listed, so the page cannot drift from what the reader accepts."""
    from rules.core.registry import all_games

    html = client.get("/en/api/").content.decode()
    declared = [spec for spec in all_games() if spec.position_format is not None]
    assert len(declared) >= 4
    for spec in declared:
        section = html.split(f'id="position-{spec.slug}"', 1)[1].split("</section>", 1)[0]
        for key in spec.position_format.inner().keys:
            assert f"<code>{key}</code>" in section, (spec.slug, key)
