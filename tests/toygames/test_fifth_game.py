"""Issue 38's proof: a fifth game gets rulebook pages in every language, a simulator, a link
preview, print and an offline copy without one shared file edited. The game is a package of its
own and a content folder (tests/toygames/fifth/: its 15 files, copied to a temporary directory);
the test only points the content setting at that folder and tells the registry of the package,
the two ways the site discovers games (``RULEBOOK_CONTENT_DIR``, ``rules.core.registry.PACKAGES``).
Then ``checkrules`` passes and ``loadrules`` loads it, as a content author would run them."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.core import registry

SCAFFOLD = Path(__file__).resolve().parent / "fifth"
SLUG = "fifth-game"


@pytest.fixture
def fifth_game(tmp_path, settings, monkeypatch, empty_db):
    shutil.copytree(SCAFFOLD, tmp_path, dirs_exist_ok=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.add_package("fifthgames")
    settings.RULEBOOK_CONTENT_DIR = tmp_path / "content"
    yield tmp_path
    registry.PACKAGES.remove("fifthgames")
    registry._cache.clear()
    for name in [m for m in sys.modules if m == "fifthgames" or m.startswith("fifthgames.")]:
        del sys.modules[name]


def test_a_fifth_game_gets_every_page_without_a_shared_file_edited(fifth_game, client, capsys):
    assert SLUG in {spec.slug for spec in registry.all_games()}
    assert not list(Path(registry.__file__).parents[2].glob(f"rulebooks/content/{SLUG}"))  # not in the site's content
    call_command("checkrules", "--no-seeds")
    assert "All rulebook content is valid." in capsys.readouterr().out
    call_command("loadrules", "--no-seeds")

    titles = {"nl": "Vijfde spel", "de": "Fünftes Spiel", "en": "Fifth game"}
    for lang, title in titles.items():
        home = client.get(f"/{lang}/").content.decode()
        assert f"/{lang}/{SLUG}/" in home and title in home
        rulebook = client.get(f"/{lang}/{SLUG}/")  # the page a player reads and prints
        assert rulebook.status_code == 200 and title in rulebook.content.decode()
        assert client.get(f"/{lang}/{SLUG}/toy-munt/").status_code == 200
    assert "Nach jedem zweiten Zug wird eine Münze geworfen" in client.get(f"/de/{SLUG}/toy-munt/").content.decode()

    simulator = client.get(f"/en/{SLUG}/sim/?scenario=toy-tot-zeven&step=2")
    page = simulator.content.decode()
    assert simulator.status_code == 200 and "<svg" in page and "Player a adds 1." in page
    assert f"games/{SLUG}/board.css" in page  # its stylesheet, from its package

    preview = client.get(f"/en/{SLUG}/sim/preview.png?scenario=toy-tot-zeven&step=2")
    assert preview.status_code == 200 and preview["Content-Type"] == "image/png"
    printed = client.get(f"/en/{SLUG}/sim/print/?scenario=toy-tot-zeven&step=3")
    assert printed.status_code == 200 and "Player b wins." in printed.content.decode()

    offline = json.loads(client.get(f"/nl/{SLUG}/offline.json").content)
    assert f"/nl/{SLUG}/" in json.dumps(offline) and f"/nl/{SLUG}/toy-munt/" in json.dumps(offline)
