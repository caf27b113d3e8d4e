"""Issue 12: the engines' sentences (events, refusals, results, setup labels) exist in Dutch,
German and English for every game, with the same placeholders as the rulebook's language, and
render the game's terms as its glossary (rulebooks/content/<game>/glossary.toml) fixes them.

Issue 28: so do the games' other words (``MESSAGES.words``: the board's texts, the labels of the
actions, tapping, the position editor and its refusals...), every namespace of every registered game."""

import string
from pathlib import Path

import pytest

from rulebooks.glossary import LANGUAGES, glossary_path, inconsistencies, read_glossary
from rules.core.messages import Words
from rules.core.registry import GameSpec, all_games

CONTENT = Path(__file__).resolve().parents[2] / "rulebooks" / "content"
GAMES = [spec for spec in all_games() if (CONTENT / spec.slug).is_dir()]


# Words whose translation fills other placeholders than the source, on purpose: the English editor
# starts the sentence with the thing on the square, capitalised ("{what_cap} is already on ...").
OTHER_PLACEHOLDERS = {("finstere-flure", "editor", "occupied")}

# The words that do not yet use a glossary term the source uses, as found when the tables moved into
# the catalogues (issue 28). The words were kept as the pages showed them; each entry is a wording
# to settle (or a term the glossary should allow), and the test fails when one is fixed and still
# listed here, or when a new one appears.
GLOSSARY_GAPS = {
    "betoverde-torens": {
        "de where.ground: space", "de board.ground: space", "de editor.pass-late: swap",
        "de editor.p.pass-tower: swap", "en where.ground: space", "en board.ground: space",
    },
    "der-dunkle-turm": {
        "nl refusal.tower-duel: path", "en label.free: out-of-exile", "en label.rescue: out-of-exile",
        "en refusal.tower-duel: path",
    },
    "finstere-flure": {
        "de board.status-over: win", "de phase.players: turn", "de editor.field.caught: caught",
        "de editor.stone-special: start-square", "de editor.moved-phase: turn", "de editor.end-rung: turn",
        "en label.status-pick: turn", "en label.status-sliding: slide", "en phase.players: turn",
        "en ending.ff-einde-kampioenschap: end-rung", "en editor.tool.monster: look",
        "en editor.stone-special: start-square", "en editor.moved-phase: turn", "en editor.end-rung: turn",
        "en editor.end-rung: end-rung",
    },
    "torens-en-dieven": {
        "de refusal.not-touching: playing-area", "en editor.f.stolen: scoreboard", "en editor.f.score: point",
        "en refusal.not-touching: playing-area", "en refusal.too-high: tower-piece",
        "en refusal.too-low: tower-piece", "en refusal.too-many: tower-piece",
    },
}


def fields(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}


def test_every_game_with_a_rulebook_is_checked() -> None:
    assert {spec.slug for spec in GAMES} == {p.name for p in CONTENT.iterdir() if (p / "rulebook.md").exists()}


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_every_sentence_exists_in_all_three_languages_with_the_same_placeholders(spec: GameSpec) -> None:
    messages = spec.engine.messages
    assert set(messages.languages) == set(LANGUAGES)
    assert messages.problems() == []
    source = messages.source
    for lang in LANGUAGES:
        catalogue = messages.catalogues[lang]
        missing = sorted(set(source.messages) - set(catalogue.messages))
        assert not missing, f"{spec.slug}: {len(missing)} key(s) missing in {lang}, e.g. {missing[:5]}"
        for key, template in source.messages.items():
            assert fields(catalogue.messages[key]) == fields(template), f"{spec.slug} {lang} {key}"


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_every_word_exists_in_all_three_languages_with_the_same_placeholders(spec: GameSpec) -> None:
    words = spec.engine.messages.words
    assert words.source == spec.engine.messages.source.language
    if spec in GAMES:
        assert set(words.languages) == set(LANGUAGES)
    assert words.problems() == []
    source = words.tables[words.source]
    for lang in words.languages:
        tables = words.tables[lang]
        assert set(tables) == set(source), f"{spec.slug} {lang}: namespaces"
        for namespace, table in source.items():
            missing = sorted(set(table) - set(tables[namespace]))
            assert not missing, f"{spec.slug}: {len(missing)} {namespace} word(s) missing in {lang}, e.g. {missing[:5]}"
            for key, template in table.items():
                if (spec.slug, namespace, key) not in OTHER_PLACEHOLDERS:
                    assert fields(tables[namespace][key]) == fields(template), f"{spec.slug} {lang} {namespace}.{key}"


def test_the_words_of_a_namespace_are_checked() -> None:
    """The check above fails on a word one language lacks, an extra one, or a template that does not parse."""
    words = Words("nl", {"nl": {"board": {"a": "{n} stap", "b": "b"}}, "de": {"board": {"a": "{n"}, "tap": {"x": "x"}}})
    assert words.problems() == [
        "de: board.b is missing",
        "de: board.a: expected '}' before end of string",
        "de: tap.x is not in the source",
    ]


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_the_words_use_the_glossary_terms(spec: GameSpec) -> None:
    terms = read_glossary(glossary_path(CONTENT, spec.slug))
    words = spec.engine.messages.words
    source = words.tables[words.source]
    wrong = set()
    for lang in LANGUAGES:
        if lang == words.source:
            continue
        for namespace, table in source.items():
            for key, template in table.items():
                translation = words.tables[lang][namespace][key]
                for term in inconsistencies(terms, words.source, template, lang, translation):
                    wrong.add(f"{lang} {namespace}.{key}: {term.id}")
    known = GLOSSARY_GAPS.get(spec.slug, set())
    assert not wrong - known, f"{spec.slug}: new words off the glossary:\n" + "\n".join(sorted(wrong - known))
    assert not known - wrong, f"{spec.slug}: fixed, remove from GLOSSARY_GAPS:\n" + "\n".join(sorted(known - wrong))


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.slug)
def test_the_sentences_use_the_glossary_terms(spec: GameSpec) -> None:
    terms = read_glossary(glossary_path(CONTENT, spec.slug))
    assert len(terms) >= 8, f"{spec.slug}: a glossary of the game's terms"
    messages = spec.engine.messages
    source = messages.source
    wrong = []
    for lang in LANGUAGES:
        if lang == source.language:
            continue
        for key, template in source.messages.items():
            for term in inconsistencies(terms, source.language, template, lang, messages.catalogues[lang].messages[key]):
                wrong.append(f"{lang} {key}: '{term.id}' should read {term.forms[lang]}")
    assert not wrong, f"{spec.slug}:\n" + "\n".join(wrong[:20])
