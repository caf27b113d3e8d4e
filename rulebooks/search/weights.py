"""The search's weights: how much each field, kind of match and preference counts, and when a
question counts as answered. Learned from the labelled player questions, not set by hand:
``bench/tune_search.py`` fits them on the tuning half (bench/search_questions*.toml, the questions
no rule answers in bench/search_unanswerable.toml) and writes ``weights.json`` beside this file;
the defaults below are the values the search used before the weights were learned. No Django.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

WEIGHTS_FILE = Path(__file__).with_name("weights.json")
# BM25F fields in the order of the index's columns: a clause's title (an entry's question), the
# "players also say" phrasings, the text (the rule; an entry's answer), the interpretation notes
# under it (they discuss cases and name other rules, so their words say less about what the
# clause is about), the titles around it, and its title and text in the site's other languages.
FIELD_NAMES = ("title", "say", "body", "notes", "context", "foreign_title", "foreign")


@dataclass(frozen=True)
class VerdictWeights:
    """When the best hit answers a question: a logistic model over what the question shares with
    it (:mod:`rulebooks.search.verdict`); ``answered`` when its probability reaches ``threshold``."""

    coverage: float = 4.0  # share of the question's weight (by rarity) the best hit matches
    known: float = 2.0  # share of the question's weight the site's texts know at all
    strength: float = 2.0  # the best hit's score against what the question's words could score
    words: float = 0.0  # log(1 + number of words searched)
    peak: float = 0.0  # how far the best hit's score stands out from the next few
    specific: float = 0.0  # the rarity of the words matched
    bias: float = -3.0
    threshold: float = 0.5


@dataclass(frozen=True)
class Weights:
    # BM25F: a field's weight and its length normalisation (b), one saturation k1.
    title: float = 3.0
    say: float = 2.5
    body: float = 1.0
    notes: float = 0.5
    context: float = 0.6
    foreign_title: float = 0.8
    foreign: float = 0.4
    title_b: float = 0.5
    say_b: float = 0.3
    body_b: float = 0.75
    notes_b: float = 0.75
    context_b: float = 0.3
    foreign_title_b: float = 0.5
    foreign_b: float = 0.75
    k1: float = 1.2
    idf_power: float = 1.0  # rare words count this much more (idf ** idf_power)
    # A question word's alternatives (its own tokens count 1).
    synonym: float = 0.8  # a glossary synonym in the reader's language
    term_elsewhere: float = 1.0  # a game's glossary synonym found in another game's texts
    other_language: float = 0.7  # the reader's form of a glossary term typed in another language
    cross_language: float = 1.0  # the word found in the clause's text in another language
    fuzzy: float = 0.75  # the nearest word of the index, for a misspelt word
    real_word: float = 0.5  # ... when the "misspelt" word is a real word of the language
    prefix: float = 0.9  # a word the word being typed begins
    compound: float = 0.5  # a compound of the index the word begins or ends
    part: float = 0.5  # a compound's part as a word of its own
    pair: float = 0.0  # two neighbouring words of the question found side by side
    phrase_member: float = 1.0  # a word of a recognised phrase, counted on its own
    # The documents' scores.
    coverage_floor: float = 0.5  # a document matching part of the question keeps this share at least
    game_boost: float = 3.0  # the reader's (or the named) game
    game_evidence: float = 0.0  # how much a game's answering the whole question counts (a power)
    faq_prior: float = 1.0  # an FAQ ruling against a clause
    info_prior: float = 1.0  # an informational clause (components, history) against a rule
    position_clause: float = 1.6  # a clause the attached position is about
    position_citing: float = 1.3  # a ruling citing such a clause
    verdict: VerdictWeights = field(default_factory=VerdictWeights)

    def field_weights(self) -> tuple[float, ...]:
        return tuple(getattr(self, name) for name in FIELD_NAMES)

    def field_bs(self) -> tuple[float, ...]:
        return tuple(getattr(self, f"{name}_b") for name in FIELD_NAMES)

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def from_dict(data: dict[str, object]) -> Weights:
    """Weights from a mapping (``weights.json``); unknown keys are an error, missing ones default."""
    names = {f.name for f in fields(Weights)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"unknown search weight(s): {sorted(unknown)}")
    verdict_data = data.get("verdict", {})
    if not isinstance(verdict_data, dict):
        raise ValueError("verdict must be a table")
    verdict = VerdictWeights(**{k: float(v) for k, v in verdict_data.items()})
    plain: dict[str, Any] = {k: float(v) for k, v in data.items() if k != "verdict" and isinstance(v, (int, float))}
    return replace(Weights(**plain), verdict=verdict)


@cache
def learned() -> Weights:
    """The learned weights (``weights.json``), or the defaults when there is no such file."""
    if not WEIGHTS_FILE.exists():
        return Weights()
    return from_dict(json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")))


def save(weights: Weights, path: Path = WEIGHTS_FILE) -> None:
    path.write_text(json.dumps(weights.as_dict(), indent=2, sort_keys=True) + "\n", encoding="utf-8")
