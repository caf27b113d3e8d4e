"""The content rules ``checkrules`` makes beyond well-formed files (issue 38, D7): a glossary of at
least eight terms, a phrasings.toml, complete catalogues in every site language (same placeholders,
the glossary's terms); each problem names its file, and the line where one is known."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

from rulebooks.content_rules import MIN_GLOSSARY_TERMS, catalogue_problems, content_rules
from rulebooks.contentset import load_content
from rulebooks.glossary import read_glossary
from rules.core.messages import Catalogue, Messages

TOY_RULEBOOK = Path(__file__).resolve().parents[1] / "toygames" / "toy_game" / "rulebook.md"


def test_the_site_content_meets_the_content_rules(site_content):
    assert MIN_GLOSSARY_TERMS == 8
    assert content_rules(site_content, Path.cwd()) == []
    for game in site_content.games.values():  # an independent look at what the rules require
        assert len(game.glossary) >= 8 and (game.folder / "phrasings.toml").is_file(), game.slug


def test_a_short_glossary_and_missing_phrasings_are_named_with_their_files(tmp_path):
    folder = tmp_path / "content" / "toy-game"
    folder.mkdir(parents=True)
    shutil.copy(TOY_RULEBOOK, folder / "rulebook.md")
    (folder / "glossary.toml").write_text('[[term]]\nid = "coin"\nnl = ["munt"]\nde = ["Münze"]\nen = ["coin"]\n')
    content = load_content(tmp_path / "content", display_root=tmp_path)
    found = [str(p) for p in content_rules(content, tmp_path)]
    assert "content/toy-game/glossary.toml:1: the glossary has 1 term(s); a game needs at least 8" in found[0]
    assert found[1].startswith("content/toy-game/phrasings.toml:0: phrasings.toml is missing")
    assert len(found) == 2  # the toy game's catalogues are complete


def test_an_incomplete_catalogue_is_named_with_file_and_line(tmp_path):
    source = {"coin": "De munt valt op {side}.", "end": "Het spel is uit.", "add": "Speler {player} telt op."}
    german = {"coin": "Die Münze fällt auf {seite}.", "add": "Spieler {player} zählt dazu."}
    english = {"coin": "The coin lands on {side}.", "end": "The game is over.", "add": "Player {player} adds."}
    (tmp_path / "messages_de.py").write_text(
        'MESSAGES = {\n    "coin": "Die Münze fällt auf {seite}.",\n    "add": "Spieler {player} zählt dazu.",\n}\n'
    )
    messages = Messages(Catalogue("nl", source), Catalogue("de", german), Catalogue("en", english))
    spec = SimpleNamespace(engine=SimpleNamespace(messages=messages), package_dir=tmp_path)
    glossary = tmp_path / "glossary.toml"
    glossary.write_text('[[term]]\nid = "player"\nnl = ["speler"]\nde = ["Spielerin"]\nen = ["player"]\n')
    found = [str(p) for p in catalogue_problems(spec, read_glossary(glossary), tmp_path)]
    assert found == [
        "messages_de.py:2: 'coin' fills ['seite'], the nl source ['side']",
        "messages_de.py:0: 'end' is missing (in the nl source)",
        "messages_de.py:3: 'add': the glossary term 'player' reads Spielerin",
    ]  # the English catalogue is complete
