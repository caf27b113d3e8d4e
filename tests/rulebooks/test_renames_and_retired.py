"""The content declarations that protect people's work: ``renamed_from`` and ``retired.toml``."""

from rulebooks.parsing import parse_book, parse_heading_attrs

from .test_contentset import load, texts, write_game

FRONT = '+++\nslug = "aa"\nprefix = "aa"\ntitle = "T"\nlanguage = "nl"\nedition = "e"\nsource = "s"\ndescription = "d"\n+++\n'

RENAMED = """
# Start {#aa-start}

## Regel {#aa-regel .rule renamed_from=aa-oude-regel,aa-oudste-regel}

De regel.
"""

FAQ = '+++\nquestion = "Mag het?"\nclauses = ["aa-oude-regel"]\n+++\n\nJa, zie [[aa-oudste-regel]] en [[aa-start]].\n'


def test_renamed_from_is_read_from_the_attribute_list():
    assert parse_heading_attrs("Regel {#aa-regel .rule renamed_from=aa-oud}") == ("Regel", "aa-regel", ["rule"], ["aa-oud"], None)
    title, ident, classes, former, error = parse_heading_attrs('Regel {#aa-regel renamed_from="aa-a,aa-b" .info}')
    assert (ident, classes, former, error) == ("aa-regel", ["info"], ["aa-a", "aa-b"], None)
    assert parse_heading_attrs("Regel {#aa-regel renamed_from=}")[4].startswith("'renamed_from=' needs an id")
    book, problems = parse_book(FRONT + RENAMED, "aa.md")
    assert not problems
    assert book.clauses[0].renamed_from == ["aa-oude-regel", "aa-oudste-regel"]


def test_a_former_id_must_be_a_valid_id_and_not_the_id_itself():
    text = FRONT + "# S {#aa-s}\n\n## R {#aa-r .rule renamed_from=Oud_Id}\n\nTekst.\n\n## Q {#aa-q .rule renamed_from=aa-q}\n\nTekst.\n"
    _, problems = parse_book(text, "aa.md")
    messages = [p.message for p in problems]
    assert "former id 'Oud_Id' must be lowercase letters, digits and hyphens" in messages
    assert "'aa-q' cannot be renamed from itself" in messages


def test_curated_files_citing_a_former_id_follow_the_rename(tmp_path):
    write_game(tmp_path, "aa", "aa", RENAMED, faqs={"vraag.md": FAQ})
    content = load(tmp_path)
    assert texts(content) == []
    assert content.aliases == {"aa-oude-regel": "aa-regel", "aa-oudste-regel": "aa-regel"}
    (faq,) = content.games["aa"].faqs
    assert faq.clauses == ["aa-regel"]
    assert faq.answer == "Ja, zie [[aa-regel]] en [[aa-start]]."
    assert content.resolve("aa-oude-regel") == "aa-regel" and content.resolve("aa-nergens") is None


def test_the_rulebook_and_coverage_must_use_the_current_id(tmp_path):
    body = RENAMED + "\n## Andere {#aa-andere .rule}\n\nZie [[aa-oude-regel]].\n"
    coverage = 'seed_file = "s.txt"\n\n[[fact]]\nseed = "x"\nclauses = ["aa-oude-regel", "aa-andere"]\n'
    write_game(tmp_path, "aa", "aa", body, coverage=coverage)
    problems = texts(load(tmp_path))
    assert any("[[aa-oude-regel]] in clause 'aa-andere' uses a former id: write [[aa-regel]]" in p for p in problems)
    assert any("fact uses the former id 'aa-oude-regel': write 'aa-regel'" in p for p in problems)


def test_a_former_id_still_in_use_or_claimed_twice_is_a_problem(tmp_path):
    body = """
# Start {#aa-start}

## Regel {#aa-regel .rule renamed_from=aa-start}

De regel.

## Twee {#aa-twee .info renamed_from=aa-oud}

Tekst.

## Drie {#aa-drie .info renamed_from=aa-oud}

Tekst.
"""
    write_game(tmp_path, "aa", "aa", body)
    problems = texts(load(tmp_path))
    assert any("'aa-regel' is renamed from 'aa-start', but 'aa-start' is still an id" in p for p in problems)
    assert any("'aa-oud' is already renamed to 'aa-twee'" in p for p in problems)


def test_retired_toml_lists_games_taken_off_on_purpose(tmp_path):
    write_game(tmp_path, "aa", "aa", RENAMED)
    retired = tmp_path / "rulebooks" / "content" / "retired.toml"
    retired.write_text('retired = ["bb", "cc"]\n', encoding="utf-8")
    content = load(tmp_path)
    assert texts(content) == [] and content.retired == ["bb", "cc"]
    retired.write_text('retired = ["aa"]\n', encoding="utf-8")
    assert any("game 'aa' is retired but its folder is still there" in p for p in texts(load(tmp_path)))
    for bad in ('retired = "bb"\n', 'retired = ["Niet Goed"]\n', "retired = [\n", 'weg = ["bb"]\n'):
        retired.write_text(bad, encoding="utf-8")
        assert any("retired.toml" in p for p in texts(load(tmp_path))), bad
