"""The per-game glossary (rulebooks/glossary.py): reading it, refusing a malformed one with the
file and term named, and finding a term a translation renders inconsistently."""

import pytest

from rulebooks.glossary import GlossaryError, inconsistencies, read_glossary

GOOD = '''
[[term]]
id = "raven-tower"
nl = ["Raventoren", "Raventorens"]
de = ["Rabenturm", "Rabentürme"]
en = ["raven tower", "raven towers"]
note = "the black tower"

[[term]]
id = "wizard"
nl = ["tovenaar", "tovenaars"]
de = ["Zauberer"]
en = ["wizard"]
'''


def write(tmp_path, text):
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_terms_are_read_with_the_form_to_write_first(tmp_path):
    tower, wizard = read_glossary(write(tmp_path, GOOD))
    assert tower.id == "raven-tower" and tower.word("de") == "Rabenturm" and tower.note == "the black tower"
    assert wizard.forms["nl"] == ("tovenaar", "tovenaars")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (GOOD.replace('de = ["Zauberer"]', ""), "term 2 (wizard): 'de' must be a non-empty list"),
        (GOOD.replace('en = ["wizard"]', 'en = []'), "'en' must be a non-empty list"),
        (GOOD.replace('id = "wizard"', 'id = "raven-tower"'), "id 'raven-tower' is used twice"),
        (GOOD.replace('id = "wizard"', 'id = "Wizard"'), "id must be lowercase words"),
        (GOOD + '\n[[term]]\nid = "x"\nnl=["a"]\nde=["b"]\nen=["c"]\nfr=["d"]\n', "unknown key(s) ['fr']"),
        ("title = 'x'\n" + GOOD, "unknown top-level key(s) ['title']"),
        ("[[term]\n", "glossary.toml"),
    ],
)
def test_a_malformed_glossary_is_refused_naming_the_file_and_term(tmp_path, text, message):
    with pytest.raises(GlossaryError) as exc:
        read_glossary(write(tmp_path, text))
    assert message in str(exc.value) and "glossary.toml" in str(exc.value)


def test_a_term_the_source_uses_must_appear_in_the_translation_in_any_listed_form(tmp_path):
    terms = read_glossary(write(tmp_path, GOOD))
    source = "De Raventorens blokkeren de tovenaar."
    assert inconsistencies(terms, "nl", source, "de", "Die Rabentürme blockieren den Zauberer.") == []
    assert [t.id for t in inconsistencies(terms, "nl", source, "de", "Die Krähentürme blockieren den Zauberer.")] == [
        "raven-tower"
    ]
    assert [t.id for t in inconsistencies(terms, "nl", source, "en", "The raven towers block the magician.")] == ["wizard"]
    # A term the source does not use is not required; placeholders are not text.
    assert inconsistencies(terms, "nl", "Gooi de dobbelsteen.", "en", "Roll the die.") == []
    assert inconsistencies(terms, "nl", "{tovenaar:name} gooit.", "en", "{figure:name} rolls.") == []


def test_the_repository_content_has_a_glossary_for_every_game(site_content):
    for slug, game in site_content.games.items():
        assert game.glossary, f"{slug}: no glossary terms"
