"""The search on labelled player questions (sitewide/evaluation.py): questions typed the way players
type them, with typos, the wrong word, whole sentences, two questions in one and words of another
language, in Dutch, German and English, and questions no rule answers. The weights are learned on
the tuning half only (bench/tune_search.py); everything here is measured on the *test* half, in
every language. ``make bench`` prints the figures of both halves.

Issue 35's floors (:data:`ISSUE_FLOORS`: the answer first for 85 %, among the first five for 97 %,
an answered question said to have "no ruling" for at most 2 %, a question no rule answers said to
have none for 85 %) are NOT all reached yet: :func:`test_issue_35s_floors` asserts them and is an
expected failure (strict, so it fails the day they are reached and must be turned into a plain
test). Reached on the test half (``make bench``, 64 answerable and 18 unanswerable questions per
language), nl/de/en: recall@1 70/78/72 %, recall@5 98/98/97 %, answered said "no ruling" 0/1.6/0 %,
unanswerable said "no ruling" 39/61/50 %: recall@1, recall@5 in English (62 of 64) and the "no
ruling" verdict are below the floors.
The other tests hold what is reached (:data:`HELD`), so it cannot silently get worse; the
suggestions have the answer first exactly as often as the search page."""

import pytest

from faq.models import Entry
from rulebooks.models import Clause
from sitewide.evaluation import (
    HALVES,
    HOLDOUT,
    PLAYERS,
    QUESTIONS,
    answerable,
    by_language,
    evaluate,
    load_questions,
    no_ruling,
    recall,
    suggestions,
    unanswerable,
)

pytestmark = pytest.mark.usefixtures("faq")
LANGS = ("nl", "de", "en")
ISSUE_FLOORS = {"recall@1": 0.85, "recall@5": 0.97, "wrong no ruling": 0.02, "said no ruling": 0.85}
HELD = {"recall@1": 0.70, "recall@5": 0.96, "wrong no ruling": 0.02, "said no ruling": 0.38}


@pytest.mark.parametrize("path", [QUESTIONS, HOLDOUT, PLAYERS], ids=["main", "holdout", "players"])
def test_the_labelled_sets_name_real_answers_in_three_languages(path):
    questions = load_questions(path)
    assert len(questions) >= {QUESTIONS: 60, HOLDOUT: 30, PLAYERS: 150}[path]
    assert {q.lang for q in questions} == set(LANGS)
    clauses = set(Clause.objects.values_list("anchor", "game_id"))
    entries = set(Entry.objects.published().values_list("slug", "game_id"))
    for q in questions:
        assert q.answers, q.text
        for answer in q.answers:
            kind, ref = answer.split(":", 1)
            assert (ref, q.game) in (clauses if kind == "clause" else entries), (q.text, answer)


def test_the_halves_are_halves_of_every_kind_and_language():
    players = load_questions(PLAYERS)
    assert {q.half for q in players} == set(HALVES)
    kinds = {"synonym", "typo", "sentence", "keyword", "cross-language", "two-topics"}
    for half in HALVES:
        mine = [q for q in players if q.half == half]
        assert {q.kind for q in mine} == kinds and {q.lang for q in mine} == set(LANGS)
    tuning, test = answerable("tuning"), answerable("test")
    assert abs(len(tuning) - len(test)) <= len(test) // 10
    assert not {q.text for q in tuning} & {q.text for q in test}
    none = unanswerable()
    assert len(none) >= 30 and {q.lang for q in none} == set(LANGS) and {q.half for q in none} == set(HALVES)
    assert all(not q.answers for q in none)


@pytest.fixture(scope="module")
def test_half(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return {
            "page": by_language(evaluate(answerable("test"))),
            "suggestions": by_language(evaluate(answerable("test"), suggestions)),
            "none": by_language(evaluate(unanswerable("test"))),
        }


def missed(outcomes, at):
    return [(o.question.text, o.ranked[:at]) for o in outcomes if (o.rank() or 99) > at]


def figures(test_half, lang):
    page, none = test_half["page"][lang], test_half["none"][lang]
    return {
        "recall@1": recall(page, 1),
        "recall@5": recall(page, 5),
        "wrong no ruling": no_ruling(page),
        "said no ruling": no_ruling(none),
    }


def below(found, floors):
    """The measures of ``found`` that miss ``floors`` (the no-ruling error is a ceiling)."""
    return {
        name: (round(value, 3), floors[name])
        for name, value in found.items()
        if (value > floors[name] if name == "wrong no ruling" else value < floors[name])
    }


@pytest.mark.parametrize("lang", LANGS)
def test_what_the_search_reaches_on_the_test_half_is_held(test_half, lang):
    page = test_half["page"][lang]
    assert len(page) >= 40 and len(test_half["none"][lang]) >= 10
    assert below(figures(test_half, lang), HELD) == {}, (missed(page, 1), [o.question.text for o in test_half["none"][lang] if o.answered])


@pytest.mark.xfail(strict=True, reason="issue 35's floors are not reached yet on the test half (see the module docstring)")
@pytest.mark.parametrize("lang", LANGS)
def test_issue_35s_floors(test_half, lang):
    assert below(figures(test_half, lang), ISSUE_FLOORS) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_the_suggestions_have_the_answer_first_as_often_as_the_search_page(test_half, lang):
    page, typed = test_half["page"][lang], test_half["suggestions"][lang]
    assert recall(typed, 1) == recall(page, 1)
    assert [o.answered for o in typed] == [o.answered for o in page]
