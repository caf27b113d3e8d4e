"""Learn the search's weights from the labelled questions (rulebooks/search/weights.json).

Only the *tuning* half is used (sitewide/evaluation.py): bench/search_questions.toml and the
players' questions marked "tuning" (both rounds), and the tuning half of the questions no rule
answers. The test half is printed at the end, for the record, and never looked at while learning.

The tuning half is small (some 190 questions), so what is learned is kept small and checked:

1. Ranking: coordinate ascent over a few weights only (:data:`FREE`: the fields' weights, how
   much rarity counts, how much a synonym or a correction counts, the preferences for the page's
   game, rulings and rules); the others keep the defaults of
   ``rulebooks.search.weights.Weights`` (BM25's usual k1 and b among them). The tuning questions
   are dealt into :data:`FOLDS` folds (every language and set in each); a step is kept only where
   the objective (recall@1 + recall@5/2 + MRR/2 on the search page) gains at least one question
   overall and loses in no more than one fold, so no weight follows the quirks of a few questions.
2. "No ruling": a logistic regression (L2, Newton's method) over the verdict's features of the best
   hit (rulebooks/search/verdict.py), answered questions against unanswerable ones. The penalty is
   chosen by cross-validation over the folds (the one whose held-out predictions separate best);
   the threshold lies below the held-out probability of every answered tuning question but one in
   a hundred, so that an answered question is almost never said to have no ruling.
   ``--verdict-only`` keeps the ranking weights of weights.json and learns only this.

``--cv`` measures the procedure itself instead: it learns on all folds but one and scores the one
left out, for each fold, and prints the held-out figures against the defaults' (nothing is written).

Runs in a child process on a throwaway SQLite database like bench_search.py. Writes the weights
file (``--dry-run`` only prints). Takes some minutes.
"""

from __future__ import annotations

import math
import os
import pathlib
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHILD_FLAG = "--learn"
FOLDS = 4
STEPS = (0.5, 0.7, 1.4, 2.0)
MAX_PASSES = 3
# The weights learned from the questions; every other weight keeps its default.
FREE = (
    "title",
    "say",
    "body",
    "notes",
    "context",
    "foreign_title",
    "foreign",
    "idf_power",
    "synonym",
    "fuzzy",
    "coverage_floor",
    "game_boost",
    "faq_prior",
    "info_prior",
)
AT_MOST_ONE = {"synonym", "fuzzy", "coverage_floor"}  # a word's alternatives never count more than the word
PENALTIES = (0.01, 0.1, 1.0, 10.0)  # L2 penalties of the verdict tried by cross-validation
FALSE_NO_RULING = 0.01  # the share of answered tuning questions (held out) below the threshold


def objective(outcomes: list[Any]) -> float:
    from sitewide.evaluation import recall

    if not outcomes:
        return 0.0
    mrr = sum(1.0 / r for o in outcomes if (r := o.rank()) is not None) / len(outcomes)
    return float(recall(outcomes, 1) + recall(outcomes, 5) / 2 + mrr / 2)


def set_weights(weights: Any) -> None:
    from rules.core.languages import LANGUAGES
    from sitewide.search import INDEXES

    for lang in LANGUAGES:
        INDEXES.get(lang).weights = weights


def deal(questions: list[Any]) -> list[list[Any]]:
    """The questions in FOLDS folds, each set and language dealt round so every fold has some."""
    folds: list[list[Any]] = [[] for _ in range(FOLDS)]
    groups: dict[tuple[str, str], list[Any]] = defaultdict(list)
    for q in questions:
        groups[(q.source, q.lang)].append(q)
    turn = 0
    for key in sorted(groups):
        for q in groups[key]:
            folds[turn % FOLDS].append(q)
            turn += 1
    return folds


def measure(folds: list[list[Any]], weights: Any) -> list[float]:
    """The objective on each fold, weighted by its size (so the folds add up to the whole)."""
    from sitewide.evaluation import evaluate

    set_weights(weights)
    total = sum(len(f) for f in folds)
    return [objective(evaluate(fold)) * len(fold) / total for fold in folds]


def candidates(name: str, value: float) -> list[float]:
    found = [round(value * step, 4) for step in STEPS] if value else [0.1, 0.3]
    if name in AT_MOST_ONE:
        found = [min(1.0, v) for v in found]
    return sorted(set(found) - {value})


def learn_ranking(questions: list[Any], start: Any, log: bool = True) -> Any:
    """Coordinate ascent over FREE; a step is kept where the objective gains at least one
    question in all and loses in at most one fold."""
    folds = deal(questions)
    min_gain = 1.0 / len(questions)
    best, best_scores = start, measure(folds, start)
    if log:
        print(f"start: {sum(best_scores):.4f}", flush=True)
    for number in range(MAX_PASSES):
        improved = False
        for name in FREE:
            for value in candidates(name, getattr(best, name)):
                trial = replace(best, **{name: value})
                scores = measure(folds, trial)
                losing = sum(1 for s, b in zip(scores, best_scores, strict=True) if s < b - 1e-9)
                if sum(scores) >= sum(best_scores) + min_gain and losing <= 1:
                    best, best_scores, improved = trial, scores, True
                    if log:
                        print(f"  pass {number + 1}: {name} = {value} -> {sum(best_scores):.4f}", flush=True)
        if not improved:
            break
    return best


def verdict_rows(weights: Any, questions: list[tuple[int, Any]]) -> list[tuple[float, ...]]:
    """The verdict's features of the best hit for each (label, question)."""
    from sitewide.search import INDEXES

    set_weights(weights)
    return [INDEXES.get(q.lang).search(q.text, prefer_game=q.page_game, limit=5).verdict.features for _label, q in questions]


def fit_logistic(rows: Any, labels: list[int], l2: float) -> list[float]:
    """Weights (and bias, last) of a logistic regression (Newton's method with an L2 penalty)."""
    import numpy as np

    x = np.hstack([np.asarray(rows, dtype=float), np.ones((len(rows), 1))])
    y = np.asarray(labels, dtype=float)
    w = np.zeros(x.shape[1])
    penalty = np.eye(x.shape[1]) * l2
    penalty[-1, -1] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -50, 50)))
        gradient = x.T @ (p - y) + penalty @ w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [float(v) for v in w]


def logit(coefficients: list[float], row: tuple[float, ...]) -> float:
    return sum(c * v for c, v in zip(coefficients, row, strict=False)) + coefficients[-1]


def held_out_logits(rows: list[tuple[float, ...]], labels: list[int], l2: float) -> list[float]:
    """Each row's logit from a model fitted on the other folds (rows dealt round like questions)."""
    out = [0.0] * len(rows)
    for fold in range(FOLDS):
        train = [i for i in range(len(rows)) if i % FOLDS != fold]
        coefficients = fit_logistic([rows[i] for i in train], [labels[i] for i in train], l2)
        for i in range(fold, len(rows), FOLDS):
            out[i] = logit(coefficients, rows[i])
    return out


def cut(logits: list[float], labels: list[int]) -> float:
    """The threshold (a logit) below which at most FALSE_NO_RULING of the answered ones lie."""
    answered = sorted(z for z, label in zip(logits, labels, strict=True) if label == 1)
    allowed = int(FALSE_NO_RULING * len(answered))
    return answered[allowed] - 1e-6


def learn_verdict(weights: Any) -> Any:
    from rulebooks.search.verdict import FEATURES
    from rulebooks.search.weights import VerdictWeights
    from sitewide.evaluation import answerable, unanswerable

    questions = [(1, q) for q in answerable("tuning")] + [(0, q) for q in unanswerable("tuning")]
    rows = verdict_rows(weights, questions)
    labels = [label for label, _q in questions]
    best: tuple[float, float, float] | None = None  # (unanswerable said no ruling, l2, threshold)
    for l2 in PENALTIES:
        logits = held_out_logits(rows, labels, l2)
        threshold = cut(logits, labels)
        unanswered = [z for z, label in zip(logits, labels, strict=True) if label == 0]
        caught = sum(1 for z in unanswered if z < threshold) / len(unanswered)
        print(f"verdict l2 {l2}: held out, unanswerable said no ruling {caught:.1%}", flush=True)
        if best is None or caught > best[0]:
            best = (caught, l2, threshold)
    assert best is not None
    l2 = best[1]
    coefficients = fit_logistic(rows, labels, l2)
    # The model fitted on all the rows separates them better than it will new questions: the
    # threshold keeps the same share of answered questions below it as the held-out logits did,
    # lowered by how much higher the answered questions' logits are in-sample than held out.
    final = [logit(coefficients, row) for row in rows]
    held = held_out_logits(rows, labels, l2)
    answered = sorted(z for z, label in zip(final, labels, strict=True) if label == 1)
    optimism = sorted(f - h for f, h, label in zip(final, held, labels, strict=True) if label == 1)
    z_cut = answered[int(FALSE_NO_RULING * len(answered))] - max(0.0, optimism[len(optimism) // 2]) - 1e-6
    verdict = VerdictWeights(
        **{name: round(c, 4) for name, c in zip(FEATURES, coefficients, strict=False)},
        bias=round(coefficients[-1], 4),
        threshold=round(1.0 / (1.0 + math.exp(-z_cut)), 6),
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


def cross_validate() -> None:
    """Learn on all folds but one, score the one left out; against the defaults."""
    from rulebooks.search.weights import Weights
    from sitewide.evaluation import answerable, evaluate, recall

    folds = deal(answerable("tuning"))
    learned, default = [], []
    for number, held in enumerate(folds):
        rest = [q for i, fold in enumerate(folds) if i != number for q in fold]
        weights = learn_ranking(rest, Weights(), log=False)
        set_weights(weights)
        learned += evaluate(held)
        set_weights(Weights())
        default += evaluate(held)
        print(f"fold {number + 1}: held out recall@1 learned {recall(learned, 1):.1%} defaults {recall(default, 1):.1%}", flush=True)
    print(f"held out: learned recall@1 {recall(learned, 1):.1%} @5 {recall(learned, 5):.1%}; defaults {recall(default, 1):.1%} @5 {recall(default, 5):.1%}")


def learn(dry_run: bool) -> None:
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()
    from rulebooks.search.weights import Weights, learned, save
    from sitewide.evaluation import answerable

    started = time.perf_counter()
    if "--cv" in sys.argv:
        cross_validate()
        print(f"in {time.perf_counter() - started:.0f} s")
        return
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
