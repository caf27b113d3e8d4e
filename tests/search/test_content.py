"""The search's content: the glossaries' players' words (``say_<lang>``), the "players also say"
files (``phrasings.toml``) checked like the rest of the content, and their rows kept in sync by
``loadrules`` without touching the admin's."""

import pytest

from faq.models import Phrasing
from faq.sync import sync_phrasings
from rulebooks.glossary import GlossaryError, read_glossary
from rulebooks.models import Clause
from tests import conftest as base
from tests.rulebooks.test_contentset import body, load, texts, write_game

GLOSSARY = '''
[[term]]
id = "push"
nl = ["schuiven"]
de = ["schieben"]
en = ["push"]
say_nl = ["duwen", "wegduwen"]
say_en = ["shove"]
'''


def test_players_words_are_read_beside_the_forms(tmp_path):
    path = tmp_path / "glossary.toml"
    path.write_text(GLOSSARY, encoding="utf-8")
    (push,) = read_glossary(path)
    assert push.forms["nl"] == ("schuiven",)  # translations are still checked against the forms only
    assert push.synonyms("nl") == ("schuiven", "duwen", "wegduwen")
    assert push.synonyms("de") == ("schieben",)


@pytest.mark.parametrize("bad", ['say_de = "drücken"', "say_de = [1]", 'say_fr = ["pousser"]', 'say_de = [" "]'])
def test_malformed_players_words_are_refused_with_the_term(tmp_path, bad):
    path = tmp_path / "glossary.toml"
    path.write_text(GLOSSARY.replace('say_en = ["shove"]', bad), encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"term 1 \(push\)"):
        read_glossary(path)


GOOD_FAQ = '+++\nquestion = "Mag dat?"\nclauses = ["aa-regel"]\n+++\n\nJa.\n'


def phrasings_problems(tmp_path, text):
    folder = write_game(tmp_path, "aa-game", "aa", body("aa"), faqs={"mag-dat.md": GOOD_FAQ})
    (folder / "phrasings.toml").write_text(text, encoding="utf-8")
    content = load(tmp_path)
    return texts(content), content.games["aa-game"].phrasings


def test_a_phrasings_file_names_clauses_and_faq_files_of_its_game(tmp_path):
    found, phrasings = phrasings_problems(
        tmp_path, '[clause.aa-regel]\nnl = ["mag  dat wel", "kan dat"]\nen = ["is that allowed"]\n[faq.mag-dat]\nde = ["darf das"]\n'
    )
    assert found == []
    assert [(p.kind, p.ref, p.language, p.text) for p in phrasings] == [
        ("clause", "aa-regel", "nl", "mag dat wel"),  # white space collapsed
        ("clause", "aa-regel", "nl", "kan dat"),
        ("clause", "aa-regel", "en", "is that allowed"),
        ("faq", "mag-dat", "de", "darf das"),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[clause.aa-bestaat-niet]\nnl = ["x"]\n', "[clause.aa-bestaat-niet] is not a clause of aa-game"),
        ('[faq.bestaat-niet]\nnl = ["x"]\n', "[faq.bestaat-niet] is not a file faq/bestaat-niet.md of aa-game"),
        ('[clause.aa-regel]\nfr = ["x"]\n', "unknown language(s) ['fr']"),
        ('[clause.aa-regel]\nnl = "x"\n', "must be a list of phrasings"),
        ('[clause.aa-regel]\nnl = ["' + "x" * 201 + '"]\n', "longer than 200 characters"),
        ('[clause.aa-regel]\nnl = ["Mag dat", "mag  DAT"]\n', "is listed twice"),
        ('[rules.aa-regel]\nnl = ["x"]\n', "unknown table(s) ['rules']"),
        ("[clause.aa-regel\n", "phrasings.toml"),
    ],
)
def test_a_wrong_phrasings_file_is_refused_naming_the_file_and_place(tmp_path, text, message):
    found, _phrasings = phrasings_problems(tmp_path, text)
    assert len(found) == 1 and "rulebooks/content/aa-game/phrasings.toml" in found[0] and message in found[0]


def test_the_repository_phrasings_name_real_clauses_and_entries(site_content):
    assert site_content.problems == []
    assert all(game.phrasings for game in site_content.games.values())  # every game has players' words


def test_loadrules_keeps_the_file_phrasings_in_sync_and_leaves_the_admins_alone(faq):
    content = base.parsed_content()  # loaded with the curated entries, whose phrasings need them
    clause = Clause.objects.get(anchor="ff-monster-schuift-steen")
    mine = Phrasing.objects.create(clause=clause, language="nl", text="van de redactie", origin=Phrasing.ADMIN)
    stale = Phrasing.objects.create(clause=clause, language="nl", text="uit een oud bestand", origin=Phrasing.FILE)
    lost = Phrasing.objects.filter(origin=Phrasing.FILE).first()
    lost.delete()
    assert sync_phrasings(content) == 2  # the stale row out, the lost one back
    wanted = sum(len(game.phrasings) for game in content.games.values())
    assert Phrasing.objects.filter(origin=Phrasing.FILE).count() == wanted
    assert Phrasing.objects.filter(pk=mine.pk).exists() and not Phrasing.objects.filter(pk=stale.pk).exists()
    assert Phrasing.objects.filter(clause=lost.clause, entry=lost.entry, text=lost.text).exists()
    assert sync_phrasings(content) == 0  # loading again changes nothing
