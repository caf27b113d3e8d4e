"""Whether the best hit answers a question, or no rule and no ruling does ("no ruling").

A ranked list always has a best hit; it answers only when it shares enough of what the question
asks. Four measures, from the question and the scores alone (no list of topics: a verdict must
not depend on words chosen to match the questions it was tried on):

- *coverage*: the share of the question's weight the best hit matches, each word weighted by its
  rarity and by how sure its match is (a synonym or a typo's correction is less sure than the word);
  so "monster" in a Finstere Flure question weighs little, "bloedplas" much;
- *known*: the share of the question's weight that the site's texts know at all, in any language.
  A word that no text uses and that is a real word of the reader's language ("joker", "Monopoly",
  "farmers", "gamepad") counts as unknown even where a near word of the index could stand for it:
  the question is about something the rulebooks never speak of. A word that is no real word is
  a typo and counts as known through its correction;
- *strength*: the best hit's score against what the question's words could score at most;
- *words*: how many words were searched (log): a long question matches more by chance.

A logistic model over them, learned on the tuning half of the labelled questions and the questions
no rule answers (``bench/tune_search.py``, regularisation and threshold chosen by cross-validation
so that answered questions are almost never said to have no ruling), gives the probability that
the hit answers; at or above the learned threshold it does. No Django.
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
    from .query import Parsed, QueryWord

FEATURES = ("coverage", "known", "strength", "words", "peak", "specific")
REACH = 5  # the best hits the search always ranks, whatever the limit
PEAK = 5  # the best hits whose scores say how far the best stands out


@dataclass(frozen=True)
class Verdict:
    answered: bool = False
    probability: float = 0.0
    features: tuple[float, ...] = (0.0,) * len(FEATURES)


def probability(features: tuple[float, ...], weights: VerdictWeights) -> float:
    z = weights.bias + sum(getattr(weights, name) * value for name, value in zip(FEATURES, features, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


def features_of(index: Index, parsed: Parsed, raw: npt.NDArray[np.float32], scored: Scored, ranked: list[int]) -> tuple[float, ...]:
    counted = [w for w in parsed.words if w.counts]
    weighted = [(w, w.weight * index.importance(w)) for w in counted]
    total = sum(importance for _w, importance in weighted)
    ideal = total * (index.weights.k1 + 1.0)
    best = ranked[0]
    strength = min(2.0, float(raw[best]) / ideal) if ideal > 0 else 0.0
    known = sum(importance for w, importance in weighted if w.alternatives and not w.novel) / total if total else 0.0
    # How far the best stands out: a question that names a rule has one or a few clear answers, one
    # that no rule answers matches many texts about equally (by its common words).
    scores = [float(raw[i]) for i in ranked[:PEAK]]
    peak = 1.0 - (sum(scores[1:]) / (len(scores) - 1)) / scores[0] if len(scores) > 1 and scores[0] > 0 else 1.0
    # How specific the words are that it matches: their rarity against the rarest a word can be.
    matched = [(importance, _rarity(index, w)) for w, importance in weighted if w.alternatives and not w.novel]
    specific = sum(i * r for i, r in matched) / sum(i for i, _r in matched) / index.max_idf if matched else 0.0
    return (float(scored.coverage[best]), known, strength, math.log1p(len(counted)), peak, specific)


def _rarity(index: Index, word: QueryWord) -> float:
    """The rarity (idf) of a word's own tokens in the texts (its best one), or of its best
    alternative when it has none of its own (a typo's correction, a synonym)."""
    own = [index.idf[a.token] for a in word.alternatives if a.why == "word"]
    return max(own) if own else max(index.idf[a.token] * min(1.0, a.weight) for a in word.alternatives)


def judge(index: Index, parsed: Parsed, raw: npt.NDArray[np.float32], scored: Scored, ranked: list[int]) -> Verdict:
    """The verdict on the best of the ``ranked`` documents (numbers; none: nothing matched), from
    the scores before any preference (``raw``) and what each document matches (``scored``)."""
    if not ranked or not any(w.counts for w in parsed.words):
        return Verdict()
    features = features_of(index, parsed, raw, scored, ranked)
    weights = index.weights.verdict
    p = probability(features, weights)
    return Verdict(p >= weights.threshold, p, features)
