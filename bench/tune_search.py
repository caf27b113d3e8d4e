"""Learn the search's weights from the labelled questions (rulebooks/search/weights.json).

Only the *tuning* half is used (sitewide/evaluation.py): bench/search_questions.toml, the players'
questions marked "tuning" and the tuning half of the questions no rule answers. The test half is
printed at the end, for the record, and never looked at while learning.

1. Ranking: coordinate ascent over every weight of ``rulebooks.search.weights.Weights`` (each
   tried at a few multiples of its value, kept where the tuning half improves by more than half a
   question and neither of its two folds loses), maximising recall@1 + recall@5/2 + MRR/2 on the
   search page.
2. "No ruling": a logistic regression (L2, Newton's method) over the verdict's four features of
   the best hit (rulebooks/search/verdict.py), answered questions against unanswerable ones; the
   threshold is set below every answered question of the tuning half, with a margin.
   ``--verdict-only`` keeps the ranking weights of weights.json and learns only this.

Runs in a child process on a throwaway SQLite database like bench_search.py. Writes the weights
file (``--dry-run`` only prints). Takes a few minutes.
"""

from __future__ import annotations

import math
import os
import pathlib
import subprocess
import sys
import tempfile
import time
from dataclasses import fields, replace
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHILD_FLAG = "--learn"
STEPS = (0.5, 0.75, 0.9, 1.1, 1.33, 2.0)
MIN_GAIN = 0.5 / 72  # half a question of the objective's fold: below that a change is noise
FOLD_LOSS = 0.5  # questions' worth of the objective a fold may lose for a gain overall
MAX_PASSES = 4
# Weights the labelled questions cannot teach: a position's clauses (no labelled positions).
FIXED = {"position_clause", "position_citing", "verdict", "prefix"}
MARGIN = 0.75  # logit units kept between the least sure answered question and the threshold


def objective(outcomes: list[Any]) -> float:
    from sitewide.evaluation import recall

    mrr = sum(1.0 / r for o in outcomes if (r := o.rank()) is not None) / len(outcomes)
    return float(recall(outcomes, 1) + recall(outcomes, 5) / 2 + mrr / 2)


def set_weights(weights: Any) -> None:
    from rules.core.languages import LANGUAGES
    from sitewide.search import INDEXES

    for lang in LANGUAGES:
        INDEXES.get(lang).weights = weights


def measure(folds: list[list[Any]], weights: Any) -> list[float]:
    """The objective on each fold of the tuning half."""
    from sitewide.evaluation import evaluate

    set_weights(weights)
    return [objective(evaluate(fold)) for fold in folds]


# A word's alternatives never count more than the word itself.
AT_MOST_ONE = {"synonym", "other_language", "fuzzy", "real_word", "prefix", "compound", "part", "pair", "phrase_member"}


def candidates(name: str, value: float) -> list[float]:
    if value == 0.0:
        return [0.1, 0.2, 0.4]
    found = [round(value * step, 4) for step in STEPS]
    if name in ("coverage_floor",) or name.endswith("_b"):
        found = [min(0.95, v) for v in found]
    if name in AT_MOST_ONE:
        found = [min(1.0, v) for v in found]
    return sorted(set(found) - {value})


def learn_ranking(questions: list[Any], start: Any) -> Any:
    """Coordinate ascent. The tuning half has two folds: the questions written before this search
    (bench/search_questions.toml; the players' phrasings of the content were partly written from
    them, so they flatter the phrasings) and the players' questions marked "tuning", written like
    the test half. The objective is the second fold's; the first only guards: a change is kept
    when the objective gains more than half a question and neither fold loses more than half a
    question, so no weight is fitted to the older set's quirks."""
    folds = [[q for q in questions if not q.kind], [q for q in questions if q.kind]]
    sizes = [len(f) for f in folds]
    best = start
    best_scores = measure(folds, start)

    def total(scores: list[float]) -> float:
        return scores[1]

    print(f"start: {total(best_scores):.4f} {[round(s, 4) for s in best_scores]}", flush=True)
    names = [f.name for f in fields(start) if f.name not in FIXED]
    for number in range(MAX_PASSES):
        improved = False
        for name in names:
            for value in candidates(name, getattr(best, name)):
                trial = replace(best, **{name: value})
                scores = measure(folds, trial)
                losses = [(b - s) * n for s, b, n in zip(scores, best_scores, sizes, strict=True)]
                if total(scores) > total(best_scores) + MIN_GAIN and max(losses) <= FOLD_LOSS:
                    best, best_scores, improved = trial, scores, True
                    print(f"  pass {number + 1}: {name} = {value} -> {total(best_scores):.4f} {[round(s, 4) for s in best_scores]}", flush=True)
        if not improved:
            break
    return best


def verdict_rows(weights: Any, half: str) -> tuple[list[tuple[float, ...]], list[int]]:
    """The verdict's features of the best hit for every question of a half; 1 = answerable."""
    from sitewide.evaluation import answerable, unanswerable
    from sitewide.search import INDEXES

    set_weights(weights)
    rows, labels = [], []
    for label, questions in ((1, answerable(half)), (0, unanswerable(half))):
        for q in questions:
            result = INDEXES.get(q.lang).search(q.text, prefer_game=q.page_game, limit=5)
            rows.append(result.verdict.features)
            labels.append(label)
    return rows, labels


def fit_logistic(rows: Any, labels: list[int], l2: float = 0.1, bias: bool = True) -> list[float]:
    """Weights (and bias, last) of a logistic regression (Newton's method with an L2 penalty)."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    if bias:
        x = np.hstack([x, np.ones((len(rows), 1))])
    y = np.asarray(labels, dtype=float)
    w = np.zeros(x.shape[1])
    penalty = np.eye(x.shape[1]) * l2
    if bias:
        penalty[-1, -1] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + penalty @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [float(v) for v in w]


def learn_verdict(weights: Any) -> Any:
    from rulebooks.search.verdict import FEATURES
    from rulebooks.search.weights import VerdictWeights

    rows, labels = verdict_rows(weights, "tuning")
    coefficients = fit_logistic(rows, labels)
    logits = [sum(c * v for c, v in zip(coefficients, row, strict=False)) + coefficients[-1] for row in rows]
    lowest = min(z for z, label in zip(logits, labels, strict=True) if label == 1)
    threshold = 1.0 / (1.0 + math.exp(-(lowest - MARGIN)))
    verdict = VerdictWeights(
        **{name: round(c, 4) for name, c in zip(FEATURES, coefficients, strict=False)},
        bias=round(coefficients[-1], 4),
        threshold=round(threshold, 4),
    )
    print("verdict:", verdict, flush=True)
    return replace(weights, verdict=verdict)


def report(weights: Any) -> None:
    from sitewide.evaluation import answerable, by_language, evaluate, no_ruling, recall, unanswerable

    set_weights(weights)
    for half in ("tuning", "test"):
        found = by_language(evaluate(answerable(half)))
        none = by_language(evaluate(unanswerable(half)))
        for lang in ("nl", "de", "en", "all"):
            part = found[lang]
            print(
                f"{half:<7} {lang:<4} recall@1 {recall(part, 1):4.0%}  recall@5 {recall(part, 5):4.0%}  "
                f"answered said no ruling {no_ruling(part):4.1%}  unanswerable said no ruling {no_ruling(none[lang]):4.0%}"
            )


def learn(dry_run: bool) -> None:
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    from rulebooks.search.weights import Weights, learned, save
    from sitewide.evaluation import answerable

    started = time.perf_counter()
    if "--verdict-only" in sys.argv:
        weights = learned()
    else:
        weights = learn_ranking(answerable("tuning"), Weights())
    weights = learn_verdict(weights)
    report(weights)
    print("weights:", weights.as_dict())
    print(f"learned in {time.perf_counter() - started:.0f} s")
    if not dry_run:
        save(weights)
        print("written: rulebooks/search/weights.json")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        env.update(
            DJANGO_SETTINGS_MODULE="rulesite.settings_test",
            DATABASE_URL=f"sqlite:///{pathlib.Path(folder) / 'tune.sqlite3'}",
        )
        for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
            subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
        subprocess.run([sys.executable, __file__, CHILD_FLAG, *sys.argv[1:]], cwd=ROOT, env=env, check=True)


if __name__ == "__main__":
    if CHILD_FLAG in sys.argv:
        sys.path.insert(0, str(ROOT))
        learn("--dry-run" in sys.argv)
    else:
        main()
