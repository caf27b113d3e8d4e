"""Whether the best hit answers a question, or no rule and no ruling does ("no ruling").

A ranked list always has a best hit; it answers only when it shares enough of what the question
asks. Six measures, each between 0 and about 1:

- *coverage*: the share of the question's weight it matches, each word weighted by its rarity
  (so "monster" in a Finstere Flure question weighs little, "bloedplas" much);
- *known*: the share of the question's weight the index knows at all, in any language (a
  question about the price, the box or the weather is mostly words no rule uses);
- *strength*: its score against what the question's words could score at most;
- *words*: how many words were searched (log);
- *reach*: the share the best three hits match together (a question of two topics is answered by
  two clauses);
- *offtopic*: the share in words about the game rather than its rules (price, playing time, age,
  apps, strategy, editions: :mod:`.offtopic`).

A logistic model over them, learned on the tuning half of the labelled questions and the questions
no rule answers (``bench/tune_search.py``), gives the probability that the hit answers; at or above
the learned threshold it does. No Django.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from .weights import VerdictWeights

if TYPE_CHECKING:
    from .index import Index, Scored
    from .query import Parsed

FEATURES = ("coverage", "known", "strength", "words", "reach", "offtopic")
REACH = 3  # the best hits whose matches together are the question's reach


@dataclass(frozen=True)
class Verdict:
    answered: bool = False
    probability: float = 0.0
    features: tuple[float, ...] = (0.0,) * 6  # as FEATURES


def probability(features: tuple[float, ...], weights: VerdictWeights) -> float:
    z = weights.bias + sum(getattr(weights, name) * value for name, value in zip(FEATURES, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def features_of(index: Index, parsed: Parsed, raw: npt.NDArray[np.float32], scored: Scored, ranked: list[int]) -> tuple[float, ...]:
    counted = [w for w in parsed.words if w.counts]
    ideal = sum(w.weight * index.importance(w) for w in counted) * (index.weights.k1 + 1.0)
    best = ranked[0]
    strength = min(2.0, float(raw[best]) / ideal) if ideal > 0 else 0.0
    known = scored.known / scored.total if scored.total else 0.0
    offtopic = sum(index.importance(w) * w.weight for w in counted if w.offtopic) / scored.total if scored.total else 0.0
    return (float(scored.coverage[best]), known, strength, math.log1p(len(counted)), scored.union(ranked[:REACH]), offtopic)


def judge(index: Index, parsed: Parsed, raw: npt.NDArray[np.float32], scored: Scored, ranked: list[int]) -> Verdict:
    """The verdict on the best of the ``ranked`` documents (numbers; none: nothing matched), from
    the scores before any preference (``raw``) and what each document matches (``scored``)."""
    if not ranked or not any(w.counts for w in parsed.words):
        return Verdict()
    features = features_of(index, parsed, raw, scored, ranked)
    weights = index.weights.verdict
    p = probability(features, weights)
    return Verdict(p >= weights.threshold, p, features)
