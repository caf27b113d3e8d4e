"""How well the search answers players' questions: recall on a labelled set of questions
(``bench/search_questions.toml`` and its holdout), as players type them, each with the clauses
and FAQ entries that answer it. The bench prints the figures; a test holds the floors."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from .search import ranked_refs

QUESTIONS = Path(settings.BASE_DIR) / "bench" / "search_questions.toml"
HOLDOUT = Path(settings.BASE_DIR) / "bench" / "search_questions_holdout.toml"


@dataclass(frozen=True)
class Question:
    lang: str
    game: str
    context: str  # "game": asked on that game's pages; "site": the home page's search box
    text: str
    answers: frozenset[str]  # "clause:<id>" / "faq:<slug>"


@dataclass(frozen=True)
class Outcome:
    question: Question
    ranked: tuple[str, ...]

    def rank(self) -> int | None:
        """1-based rank of the first answer among the results, None when none is shown."""
        for number, ref in enumerate(self.ranked, start=1):
            if ref in self.question.answers:
                return number
        return None


def load_questions(path: Path) -> list[Question]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    questions = []
    for raw in data["question"]:
        answers = frozenset(a if a.startswith("faq:") else f"clause:{a}" for a in raw["answers"])
        questions.append(Question(raw["lang"], raw["game"], raw["context"], raw["text"], answers))
    return questions


def evaluate(questions: list[Question], depth: int = 5) -> list[Outcome]:
    return [
        Outcome(q, tuple(ranked_refs(q.text, q.lang, game=q.game if q.context == "game" else None, limit=depth)))
        for q in questions
    ]


def recall(outcomes: list[Outcome], at: int) -> float:
    found = sum(1 for o in outcomes if (rank := o.rank()) is not None and rank <= at)
    return found / len(outcomes) if outcomes else 0.0
