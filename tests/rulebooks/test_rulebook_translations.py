"""Every rulebook in nl, de and en, aligned clause by clause with its source (issue 12):
rulebooks/translations.py, the content set, and checkrules' per-language report."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulebooks.glossary import Term
from rulebooks.parsing import parse_book
from rulebooks.translations import BookTranslation, compare_books, numbers, read_translation, skeleton
from rules.core.scenario_files import scenario_paths
from rules.core.scenario_texts import load_texts, scenario_in, texts_problems
from rules.core.scenarios import load_scenario

SOURCE = """+++
slug = "toy"
prefix = "ty"
title = "Toy"
language = "nl"
edition = "e"
source = "s"
description = "d"
+++

# Spel {#ty-spel}

## Zetten {#ty-zetten .rule}

Je zet 2 torens per beurt ([[ty-einde]]).

- een
- twee

/// interpretation
De bron zegt 3.
///

/// demo | ty-demo
///

## Einde {#ty-einde .info}

Het spel eindigt.
"""

TRANSLATION = """+++
language = "en"
title = "Toy"
description = "d"
+++

# Game {#ty-spel}

## Moves {#ty-zetten .rule}

You place 2 towers per turn ([[ty-einde]]).

- one
- two

/// interpretation
The source says 3.
///

/// demo | ty-demo
///

## End {#ty-einde .info}

The game ends.
"""

TERMS = [
    Term("tower", {"nl": ("toren",), "de": ("Turm",), "en": ("tower",)}),
    Term("turn", {"nl": ("beurt",), "de": ("Zug",), "en": ("turn",)}),
]


def check(translation_text: str, terms=TERMS) -> list[str]:
    source, problems = parse_book(SOURCE, "rulebook.md")
    assert not problems
    book, problems = parse_book(translation_text, "rulebook.en.md", required_meta=("language", "title", "description"))
    translation = BookTranslation("en", "rulebook.en.md", book)
    return [p.message for p in problems + compare_books(source, translation, terms)]


def test_a_faithful_translation_has_no_problems():
    assert check(TRANSLATION) == []


@pytest.mark.parametrize(
    "change, expected",
    [
        # A clause missing, and one the source does not have.
        (("## End {#ty-einde .info}\n\nThe game ends.\n", ""), "clause 'ty-einde' of the source (line"),
        (("## End {#ty-einde .info}", "## Extra {#ty-extra .info}\n\nMore.\n\n## End {#ty-einde .info}"), "'ty-extra' is not in the source"),
        # Same ids, another kind or level.
        (("{#ty-einde .info}", "{#ty-einde .rule}"), "'ty-einde' has kind rule, the source info"),
        # A note dropped, a demo changed, a reference changed.
        (("/// interpretation\nThe source says 3.\n///\n", ""), "has 0 interpretation note(s), the source 1"),
        (("/// demo | ty-demo", "/// demo | ty-other"), "shows demos ['ty-other'], the source ['ty-demo']"),
        (("([[ty-einde]])", "([[ty-zetten]])"), "cites ['ty-zetten'], the source ['ty-einde']"),
        # Two list items merged into one; paragraphs must stay paragraphs.
        (("- one\n- two", "- one and two"), "has blocks ['p', 'list:1'], the source ['p', 'list:2']"),
        # A number changed (numbers and ids never change).
        (("You place 2 towers", "You place 3 towers"), "numbers differ from the source (missing 2; extra 3)"),
        # A glossary term rendered with none of its forms.
        (("per turn", "per go"), "glossary term 'turn' (beurt) is not rendered as turn"),
    ],
)
def test_every_kind_of_misalignment_is_reported(change, expected):
    old, new = change
    assert old in TRANSLATION
    problems = check(TRANSLATION.replace(old, new, 1))
    assert any(expected in p for p in problems), problems


def test_headings_in_another_order_are_reported():
    swapped = TRANSLATION.replace("# Game {#ty-spel}\n", "").replace(
        "## End {#ty-einde .info}\n\nThe game ends.\n", ""
    )
    swapped = swapped.replace("+++\n\n", "+++\n\n# Game {#ty-spel}\n\n## End {#ty-einde .info}\n\nThe game ends.\n\n", 1)
    assert any("another order than the source" in p for p in check(swapped))


def test_a_declared_glossary_exception_silences_only_that_term_in_that_clause():
    text = TRANSLATION.replace("per turn", "per go").replace(
        'description = "d"', 'description = "d"\nglossary_exceptions = { "ty-zetten" = ["turn"] }'
    )
    assert check(text) == []
    unknown = text.replace('["turn"]', '["nope"]')
    assert any("'nope' is not a term of the glossary" in p for p in check(unknown))
    # An exception the translation does not need (it says "turn" after all) must go.
    stale = TRANSLATION.replace('description = "d"', 'description = "d"\nglossary_exceptions = { "ty-zetten" = ["turn"] }')
    assert check(stale) == ["glossary_exceptions: 'turn' in 'ty-zetten' is not needed: remove it"]


def test_a_term_counts_in_the_source_only_where_a_form_starts_or_ends_a_word():
    # "eronder" (under it) contains "ronde" (round), "gebeurt" (happens) ends with "beurt" (turn).
    terms = [Term("round", {"nl": ("ronde",), "de": ("Runde",), "en": ("round",)})]
    source = SOURCE.replace("Het spel eindigt.", "Het spel eindigt eronder.")
    source_book, _ = parse_book(source, "rulebook.md")
    book, _ = parse_book(TRANSLATION, "rulebook.en.md", required_meta=("language", "title", "description"))
    assert compare_books(source_book, BookTranslation("en", "rulebook.en.md", book), terms) == []
    assert check(TRANSLATION.replace("per turn", "per go"), TERMS) != []  # "beurt" as a word still counts


def test_source_only_front_matter_keys_are_refused_in_a_translation(tmp_path):
    (tmp_path / "rulebook.en.md").write_text(TRANSLATION.replace('language = "en"', 'language = "en"\nslug = "toy"'))
    (tmp_path / "rulebook.de.md").write_text(TRANSLATION)  # says "en" in a file for "de"
    assert [p.message for p in read_translation(tmp_path, "en", "rulebook.en.md").problems] == [
        "front matter key(s) slug belong to the source rulebook only"
    ]
    assert [p.message for p in read_translation(tmp_path, "de", "rulebook.de.md").problems] == [
        "front matter says language 'en' in a file for 'de'"
    ]


def test_skeleton_and_numbers_read_markdown_as_a_reader_does():
    # A year at the start of a wrapped line is not a numbered list.
    assert skeleton("Published in\n2025. Later editions.") == ["p"]
    assert skeleton("Intro\n\n1. a\n2. b\n\n| a |\n|---|\n| 1 |") == ["p", "list:2", "table:3"]
    # Numbers in references, link targets and addresses are not the text's numbers.
    assert numbers("See [[ff-regel-2]] and [site](https://x.org/3) for 4 rules.") == {"4": 1}


def test_every_rulebook_exists_in_every_language_without_problems(site_content):
    for slug, game in site_content.games.items():
        languages = {game.language, *game.translations}
        assert languages == {"nl", "de", "en"}, slug
        for lang, translation in game.translations.items():
            assert translation.problems == [], (slug, lang, translation.problems[:3])
            source_ids = [n.id for n in game.book.nodes]
            assert [n.id for n in translation.book.nodes] == source_ids
            # Same numbering: "§6.3.2" is the same rule in every language.
            assert [n.number for n in translation.book.nodes] == [n.number for n in game.book.nodes]
            assert set(translation.faqs) == {f.slug for f in game.faqs}


def test_every_scenario_has_its_texts_in_the_other_languages(site_content):
    for slug, game in site_content.games.items():
        for lang in game.translations:
            assert texts_problems(slug, lang) == [], (slug, lang)
            texts = load_texts(slug, lang)
            assert set(texts) == set(scenario_paths(slug))


def test_a_scenario_shown_in_another_language_keeps_its_steps():
    scenario = load_scenario("finstere-flure", "ff-steen-schuiven")
    german = scenario_in(scenario, "de")
    assert german.title != scenario.title
    assert [s.action for s in german.steps] == [s.action for s in scenario.steps]
    assert [s.caption for s in german.steps] == list(load_texts("finstere-flure", "de")["ff-steen-schuiven"].captions)
    # The rulebook's own language has no texts file: the scenario as written.
    assert scenario_in(scenario, "nl") is scenario


def test_a_caption_count_that_differs_from_the_steps_is_reported(tmp_path, monkeypatch):
    from rules.core import scenario_texts

    scenario = load_scenario("torens-en-dieven", "td-bereik-eigen-tegel")
    path = tmp_path / "en.toml"
    path.write_text(f'["{scenario.id}"]\ntitle = "T"\nintro = "I"\ncaptions = ["only one"]\n', encoding="utf-8")
    monkeypatch.setattr(scenario_texts, "texts_path", lambda game, lang: path)
    messages = [m for _p, m in texts_problems("torens-en-dieven", "en")]
    assert f"scenario '{scenario.id}' has 1 en captions for {len(scenario.steps)} steps" in messages
    assert any("has no en texts" in m for m in messages)  # every other scenario is missing


@pytest.mark.django_db
def test_checkrules_reports_per_game_and_language(capsys):
    call_command("checkrules", "--json", "--no-seeds")
    summary = json.loads(capsys.readouterr().out)
    assert summary["der-dunkle-turm"]["languages"]["de"]["role"] == "source"
    for slug, counts in summary.items():
        for lang, info in counts["languages"].items():
            assert info["clauses"] == counts["clauses"], (slug, lang)
            if info["role"] == "translation":
                assert info["ok"] and info["problems"] == [], (slug, lang)


@pytest.mark.django_db
def test_checkrules_fails_naming_the_file_when_a_translation_is_missing(settings, tmp_path, capsys):
    import shutil

    content = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, content)
    (content / "finstere-flure" / "rulebook.en.md").unlink()
    (content / "torens-en-dieven" / "faq" / "de" / "bereik-schuin.md").unlink()
    settings.RULEBOOK_CONTENT_DIR = content
    with pytest.raises(CommandError):
        call_command("checkrules", "--no-seeds")
    err = capsys.readouterr().err
    assert "finstere-flure/rulebook.en.md:0: the en translation is missing" in err
    assert "torens-en-dieven/faq/de/bereik-schuin.md:0: FAQ entry 'bereik-schuin' has no de translation" in err


def test_a_faq_translation_without_its_entry_or_an_entry_without_translation_is_reported(tmp_path):
    from tests.rulebooks.test_contentset import body, load, texts, write_game

    faq = '+++\nquestion = "Geldt de regel?"\nclauses = ["aa-regel"]\n+++\n\nJa, de regel ([[aa-regel]]).\n'
    folder = write_game(tmp_path, "aa-game", "aa", body("aa"), faqs={"vraag.md": faq})
    assert texts(load(tmp_path)) == []
    (folder / "faq" / "de" / "vraag.md").rename(folder / "faq" / "de" / "andere.md")
    found = texts(load(tmp_path))
    assert "rulebooks/content/aa-game/faq/de/vraag.md:0: FAQ entry 'vraag' has no de translation" in found
    assert "rulebooks/content/aa-game/faq/de/andere.md:1: 'andere' is not a curated FAQ entry of this game (no faq/andere.md)" in found
    (folder / "rulebook.en.md").unlink()
    assert "rulebooks/content/aa-game/rulebook.en.md:0: the en translation is missing: every rulebook exists in nl, de and en" in texts(load(tmp_path))
