"""How well the search answers players' questions, measured on labelled questions as players type
them, each with the clauses and FAQ entries that answer it, and on questions no rule answers.

Two halves (see bench/search_questions_players.toml):

- the *tuning* half: ``bench/search_questions.toml`` and the players' questions marked "tuning";
  the search's weights are learned on it (``bench/tune_search.py``), with the tuning half of
  ``bench/search_unanswerable*.toml`` for the "no ruling" verdict;
- the *test* half: ``bench/search_questions_holdout.toml`` and the players' questions marked
  "test"; nothing is learned on it. The floors (tests/search/test_quality.py) hold on it.

Measured for the search page and for the suggestions (the same question typed whole into the box,
as the suggestions endpoint searches it): recall at 1 and 5, the share of answered questions
wrongly said to have no ruling, and the share of unanswerable questions said to have none. The
bench prints the figures; a test holds the floors.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from django.conf import settings

from .search import ranked

BENCH = Path(settings.BASE_DIR) / "bench"
QUESTIONS = BENCH / "search_questions.toml"
HOLDOUT = BENCH / "search_questions_holdout.toml"
PLAYERS = BENCH / "search_questions_players.toml"
ROUND2 = BENCH / "search_questions_round2.toml"
UNANSWERABLE = BENCH / "search_unanswerable.toml"
UNANSWERABLE2 = BENCH / "search_unanswerable_round2.toml"
HALVES = ("tuning", "test")
DEPTH = 5


@dataclass(frozen=True)
class Question:
    lang: str
    game: str  # "" for a question no rule answers asked on the home page
    context: str  # "game": asked on that game's pages; "site": the home page's search box
    text: str
    answers: frozenset[str]  # "clause:<id>" / "faq:<slug>"; none for a question no rule answers
    kind: str = ""
    half: str = ""
    source: str = ""  # the file's name without .toml

    @property
    def page_game(self) -> str | None:
        """The game whose page it is asked on (the search's ``in``)."""
        return self.game if self.context == "game" and self.game else None


@dataclass(frozen=True)
class Outcome:
    question: Question
    ranked: tuple[str, ...]
    answered: bool  # the search said a rule or ruling answers it

    def rank(self) -> int | None:
        """1-based rank of the first answer among the results, None when none is shown."""
        for number, ref in enumerate(self.ranked, start=1):
            if ref in self.question.answers:
                return number
        return None


def load_questions(path: Path, half: str | None = None) -> list[Question]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = []
    for raw in data["question"]:
        answers = frozenset(a if a.startswith("faq:") else f"clause:{a}" for a in raw.get("answers", ()))
        question = Question(
            raw["lang"], raw["game"], raw["context"], raw["text"], answers, raw.get("kind", ""), raw.get("half", ""), path.stem
        )
        if half is None or question.half == half:
            questions.append(question)
    return questions


def answerable(half: str) -> list[Question]:
    """The labelled questions of one half ("tuning" or "test")."""
    first = load_questions(QUESTIONS if half == "tuning" else HOLDOUT)
    return [
        *(replace(q, half=half) for q in first),
        *load_questions(PLAYERS, half),
        *load_questions(ROUND2, half),
    ]


def unanswerable(half: str | None = None) -> list[Question]:
    return [*load_questions(UNANSWERABLE, half), *load_questions(UNANSWERABLE2, half)]


Search = Callable[[Question], tuple[list[str], bool]]


def page(question: Question) -> tuple[list[str], bool]:
    """What the search page shows for a question: its refs and whether it says they answer it."""
    return ranked(question.text, question.lang, game=question.page_game, limit=DEPTH)


def suggestions(question: Question) -> tuple[list[str], bool]:
    """What the suggestions show for the question typed whole (as the endpoint searches it)."""
    return ranked(question.text, question.lang, game=question.page_game, limit=DEPTH, partial=True)


def evaluate(questions: Iterable[Question], search: Search = page) -> list[Outcome]:
    outcomes = []
    for q in questions:
        refs, answered = search(q)
        outcomes.append(Outcome(q, tuple(refs), answered))
    return outcomes


def recall(outcomes: list[Outcome], at: int) -> float:
    found = sum(1 for o in outcomes if (rank := o.rank()) is not None and rank <= at)
    return found / len(outcomes) if outcomes else 0.0


def no_ruling(outcomes: list[Outcome]) -> float:
    """The share of questions the search said no rule or ruling answers."""
    return sum(1 for o in outcomes if not o.answered) / len(outcomes) if outcomes else 0.0


def by_language(outcomes: list[Outcome]) -> dict[str, list[Outcome]]:
    found: dict[str, list[Outcome]] = {"all": list(outcomes)}
    for outcome in outcomes:
        found.setdefault(outcome.question.lang, []).append(outcome)
    return found
