"""How the search reads words, per language (rulebooks.search.analysis, stopwords, synonyms): the
forms of a word meet, stop words are ignored, compounds split into the rulebooks' words, and the
glossary's synonyms are searched with the word. No database."""

import pytest

from rulebooks.search.analysis import Decompounder, content_words, separated_verbs, word_tokens
from rulebooks.search.stopwords import is_stopword
from rulebooks.search.synonyms import SynonymGroup, Thesaurus
from rulebooks.search.typos import slip_cost


def meet(lang: str, *words: str) -> bool:
    """Whether the words share a token (the index finds one with the other)."""
    token_sets = [set(word_tokens(w.lower(), lang)) for w in words]
    return bool(set.intersection(*token_sets))


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("nl", ["duwt", "duwen", "geduwd"]),  # an irregular present tense meets its infinitive through the lemma
        ("nl", ["schuift", "schuiven", "schuif"]),
        ("nl", ["steenblokken", "steenblok"]),
        ("nl", ["tovenaars", "tovenaar"]),
        ("nl", ["opgesloten", "opsluiten"]),  # a separable verb's participle
        ("de", ["schiebt", "schieben", "geschoben"]),
        ("de", ["Steinblöcke", "Steinblock", "steinblocke"]),  # umlauts typed or not
        ("de", ["Würfel", "wurfel"]),
        ("de", ["Gefährten", "Gefährte"]),
        ("en", ["pushes", "pushed", "pushing", "push"]),
        ("en", ["ran", "run", "running"]),
        ("en", ["wizards", "wizard"]),
    ],
)
def test_the_forms_of_a_word_meet(lang, forms):
    assert meet(lang, *forms), [word_tokens(f.lower(), lang) for f in forms]


@pytest.mark.parametrize(
    ("lang", "one", "other"),
    [("nl", "duwen", "schuiven"), ("nl", "toren", "tovenaar"), ("de", "Stein", "Steg"), ("en", "tower", "token")],
)
def test_different_words_stay_apart(lang, one, other):
    assert not meet(lang, one, other)


def test_a_lemma_that_is_a_stop_word_is_not_used():
    # simplemma gives "één" for "eerste": "first" must not become the stop word "een" (it stands
    # for its number instead).
    assert word_tokens("eerste", "nl") == ("eerst", "1")


@pytest.mark.parametrize(
    ("lang", "question", "kept"),
    [
        ("nl", "mag het monster een steen duwen", ["monster", "steen", "duwen"]),
        ("nl", "wie begint in ronde 2", ["begint", "ronde", "2"]),
        ("de", "darf man den Stein schieben", ["stein", "schieben"]),
        ("de", "was passiert wenn zwei Figuren gleich weit weg sind", ["zwei", "figuren", "gleich", "weit", "weg"]),
        ("en", "what happens if the monster pushes a stone", ["monster", "pushes", "stone"]),
        ("en", "can I move under a tower", ["move", "under", "tower"]),  # place words carry rules
    ],
)
def test_stop_words_are_left_out(lang, question, kept):
    assert content_words(question, lang) == kept


def test_stop_words_are_per_language():
    # "wie" is Dutch for who and German for how: a stop word in both, but "die" only in German.
    assert is_stopword("wie", "nl") and is_stopword("wie", "de")
    assert is_stopword("die", "de") and not is_stopword("die", "en")  # "die" is a die (dice) in English


def test_compounds_split_into_the_rulebooks_words():
    dutch = Decompounder("nl", ["steen", "blok", "monster", "kaart", "raven", "toren", "speler", "bord", "plaatsen"])
    assert dutch.split("steenblok") == ("steen", "blok")
    assert dutch.split("steenblokken") == ("steen", "blokken")
    assert dutch.split("monsterkaarten") == ("monster", "kaarten")
    assert dutch.split("spelersbord")[1] == "bord"  # the linking -s- of "speler|s|bord"
    assert dutch.split("verplaatsen") == ()  # "ver-" is a prefix, not a word
    assert dutch.split("stenen") == ()  # too short to be two words
    german = Decompounder("de", ["zug", "brücke", "brucke", "stein", "block", "spiel", "ende"])
    assert german.split("zugbrucken") == ("zug", "brucken")
    assert german.split("steinblock") == ("stein", "block")
    assert german.part_words("spielende") == ("ende",)  # "spiel" is a stop word: only "ende" carries meaning
    assert Decompounder("en", ["stone", "block"]).split("stoneblock") == ()  # English writes them apart


def test_a_word_the_rulebooks_do_not_have_is_not_split():
    assert Decompounder("nl", ["steen"]).split("steenbok") == ()


def group(**forms):
    return SynonymGroup("t", {lang: tuple(words) for lang, words in forms.items()})


def test_synonyms_search_the_terms_forms_in_the_readers_language():
    push = group(nl=["schuiven", "duwen", "wegduwen"], de=["schieben", "drücken"], en=["push", "shove"])
    dutch = Thesaurus.build("nl", [push])
    (found,) = dutch.groups_of(word_tokens("duwt", "nl"))  # a players' word in any form
    targets = set(dutch.targets[found])
    assert set(word_tokens("schuiven", "nl")) <= targets
    assert not set(word_tokens("schieben", "de")) & targets  # not the German forms on Dutch pages
    # A German word typed on Dutch pages is found as a foreign form of the same term.
    assert dutch.foreign_groups_of("de", word_tokens("drücken", "de")) == {found}
    assert dutch.groups_of(word_tokens("drücken", "de")) == set()


def test_a_several_word_form_is_matched_as_a_whole():
    start = group(nl=["startspeler", "eerste speler"], de=["Startspieler"], en=["start player"])
    dutch = Thesaurus.build("nl", [start])
    sequence = [frozenset(word_tokens(w, "nl")) for w in ["wie", "is", "eerste", "speler"]]
    assert [(s, e) for s, e, _g in dutch.phrase_groups(sequence)] == [(2, 4)]
    assert dutch.phrase_groups([frozenset(word_tokens("speler", "nl"))]) == []  # one word of it is not the term


def test_a_several_word_form_is_searched_as_a_phrase_not_word_by_word():
    potion = group(nl=["flesje"], de=["Flasche"], en=["potion", "bottle", "magic potion"])
    english = Thesaurus.build("en", [potion])
    (found,) = english.groups_of(word_tokens("bottle", "en"))
    assert "magic" not in english.targets[found]  # "magic" alone would find "magic places"
    assert "magic+potion" in english.pair_targets[found]


def test_a_foreign_form_is_looked_up_with_its_own_languages_stemmer():
    tower = group(nl=["Raventoren"], de=["Rabenburg"], en=["Ravenskeep"])
    english = Thesaurus.build("en", [tower])
    # Dutch "raventoren" stems to "raventor" in Dutch but "raventoren" in English.
    assert english.foreign_groups_of("nl", word_tokens("raventoren", "nl")) == {0}
    assert english.foreign_groups_of("nl", word_tokens("raventoren", "en")) == set()


@pytest.mark.parametrize(
    ("lang", "text", "joined"),
    [
        ("de", "Wann schläft das Knochentier wieder ein?", {1: "einschlafen"}),
        ("de", "Der Gefährte wird zurückgeworfen, dann zieht er weiter.", {5: "weiterziehen"}),
        ("nl", "Het monster kijkt nog één keer rond.", {2: "rondkijken"}),
        ("nl", "mag ik de steen op het bord leggen", {}),  # "op" is no particle at the clause's end
        ("en", "the monster looks around", {}),  # English has no separable verbs
    ],
)
def test_a_verb_whose_particle_stands_at_the_end_of_the_clause_is_the_whole_verb(lang, text, joined):
    assert separated_verbs(text, lang) == joined


@pytest.mark.parametrize(
    ("lang", "word", "digits"),
    [("nl", "tweede", "2"), ("de", "zwei", "2"), ("de", "dritten", "3"), ("en", "three", "3"), ("en", "3rd", "3"), ("nl", "2e", "2")],
)
def test_a_number_written_as_a_word_stands_for_its_digits(lang, word, digits):
    # "tweede hoofdstuk" must find "hoofdstuk 2" (ff-hoofdstuk-2 is numbered in the rulebook).
    assert digits in word_tokens(word, lang)


@pytest.mark.parametrize(("lang", "article"), [("nl", "een"), ("de", "ein"), ("en", "one")])
def test_an_article_that_is_also_a_number_stays_a_word(lang, article):
    assert "1" not in word_tokens(article, lang)


@pytest.mark.parametrize(
    ("typed", "usual", "rarer"),
    [
        ("stappel", "stapel", "stappen"),  # a letter typed twice, not a letter changed
        ("peices", "pieces", "peaces"),  # two neighbouring letters swapped
        ("tiren", "toren", "tijen"),  # the next key on the keyboard
    ],
)
def test_the_likeliest_slip_costs_least(typed, usual, rarer):
    assert slip_cost(typed, usual) < slip_cost(typed, rarer)
