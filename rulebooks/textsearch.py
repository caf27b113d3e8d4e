"""Accent- and case-insensitive search text for Dutch and German (no Django).

Text is *folded* (lowercase, accents stripped, ß -> ss, punctuation to spaces) both when it is
indexed and when a query is parsed. A query term matches a word that starts with the term or
with its light stem (so "torens" finds "toren", "zugbrücke" finds "Zugbrücken"); terms of four
letters or more also match inside compound words ("brücke" finds "Zugbrücke"), ranked lower.
A one-letter term matches only that word on its own: as a prefix it would match nearly every
text, which costs much and finds nothing useful.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from dataclasses import dataclass, field

MAX_QUERY_CHARS = 200
MAX_TERMS = 8
MIN_INFIX = 4
MIN_PREFIX = 2  # shorter terms match whole words only
SPECIAL_FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ĳ": "ij", "ẞ": "ss"}
# Suffixes stripped from query terms: Dutch and German plural and inflection endings, and for
# English the plural, past and -ing endings ("moves", "pushed", "pushing" find "push", "enemies"
# finds "enemy" through "enem").
SUFFIXES = ("eren", "ern", "en", "er", "es", "e", "n", "s")
ENGLISH_SUFFIXES = ("ings", "ing", "ies", "ied", "es", "ed", "s", "e")
MIN_ENGLISH_STEM = 3  # "moving", "moves", "move" -> "mov"
MIN_STEM = 4
_WORD_RE = re.compile(r"[a-z0-9]+")


_NOT_ASCII_ALNUM = re.compile(r"[^a-z0-9]")
_ASCII_OR_NOT = re.compile(r"[\x00-\x7f]+|[^\x00-\x7f]+")


def _fold_char(ch: str) -> str:
    low = ch.lower()
    if low in SPECIAL_FOLDS:
        folded = SPECIAL_FOLDS[low]
    else:
        folded = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return "".join(c if c.isalnum() else " " for c in folded)


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Fold ``text``; also return, for each folded character, its index in ``text``."""
    out: list[str] = []
    positions: list[int] = []
    # Runs of ASCII (most of any text) are folded at once; other characters one by one.
    for run in _ASCII_OR_NOT.finditer(text):
        chunk, offset = run.group(0), run.start()
        if chunk[0] < "\x80":
            out.append(_NOT_ASCII_ALNUM.sub(" ", chunk.lower()))
            positions.extend(range(offset, offset + len(chunk)))
            continue
        for i, ch in enumerate(chunk, offset):
            folded = _fold_char(ch)
            out.append(folded)
            positions.extend([i] * len(folded))
    return "".join(out), positions


def fold(text: str) -> str:
    return fold_with_map(text)[0]


def index_text(text: str) -> str:
    """The folded words of ``text`` joined by single spaces, padded with a space each side."""
    return " " + " ".join(_WORD_RE.findall(fold(text))) + " "


def stem(term: str, lang: str | None = None) -> str:
    if lang == "en":
        return _english_stem(term)
    for suffix in SUFFIXES:
        if term.endswith(suffix) and len(term) - len(suffix) >= MIN_STEM:
            return term[: -len(suffix)]
    return term


def _english_stem(term: str) -> str:
    """A light English stem: "pushing"/"pushes"/"pushed" -> "push", "stopping" -> "stop",
    "moving"/"moves"/"move" -> "mov", "enemies" -> "enem"; "pass" keeps its double s."""
    for suffix in ENGLISH_SUFFIXES:
        if not term.endswith(suffix) or len(term) - len(suffix) < MIN_ENGLISH_STEM:
            continue
        if suffix == "s" and term.endswith("ss"):
            return term
        stemmed = term[: -len(suffix)]
        if suffix in ("ing", "ed") and len(stemmed) > MIN_ENGLISH_STEM and stemmed[-1] == stemmed[-2] and stemmed[-1] not in "aeiouls":
            stemmed = stemmed[:-1]  # stopping -> stop (but not "rolled" -> "rol")
        return stemmed
    return term


@dataclass
class Query:
    raw: str
    text: str  # cleaned, what we show back to the visitor
    terms: list[str] = field(default_factory=list)  # folded terms as typed
    stems: list[str] = field(default_factory=list)  # what each term must match (prefix)
    truncated: bool = False
    dropped_terms: bool = False

    @property
    def empty(self) -> bool:
        return not self.terms


def clean_query(raw: str) -> tuple[str, bool]:
    """Drop control and format characters, collapse white space, cap the length."""
    cleaned = "".join(" " if unicodedata.category(c) in {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"} else c for c in raw)
    cleaned = " ".join(cleaned.split())
    truncated = len(cleaned) > MAX_QUERY_CHARS
    return cleaned[:MAX_QUERY_CHARS].strip(), truncated


def parse_query(raw: str, lang: str | None = None) -> Query:
    text, truncated = clean_query(raw or "")
    words = []
    for word in _WORD_RE.findall(fold(text)):
        if word not in words:
            words.append(word)
    dropped = len(words) > MAX_TERMS
    words = words[:MAX_TERMS]
    return Query(
        raw=raw or "",
        text=text,
        terms=words,
        stems=[stem(w, lang) for w in words],
        truncated=truncated,
        dropped_terms=dropped,
    )


def _prefix(stemmed: str) -> str:
    """What an indexed text must contain for ``stemmed`` to match a word start (whole word if short)."""
    return f" {stemmed}" if len(stemmed) >= MIN_PREFIX else f" {stemmed} "


def term_score(indexed: str, term: str, stemmed: str) -> float:
    """How well one term matches an indexed text (0 = no match)."""
    score = 0.0
    if f" {term} " in indexed:
        score += 4.0 + indexed.count(f" {term} ")
    if _prefix(stemmed) in indexed:
        score += 2.0 + 0.5 * min(indexed.count(_prefix(stemmed)), 6)
    elif len(stemmed) >= MIN_INFIX and stemmed in indexed:
        score += 1.0
    return score


def matches(indexed: str, stemmed: str) -> bool:
    if _prefix(stemmed) in indexed:
        return True
    return len(stemmed) >= MIN_INFIX and stemmed in indexed


def score_document(query: Query, title_index: str, body_index: str) -> float:
    """Relevance of a document for a query; 0 when some term does not match at all."""
    total = 0.0
    for term, stemmed in zip(query.terms, query.stems, strict=False):
        t = term_score(title_index, term, stemmed)
        b = term_score(body_index, term, stemmed)
        if not t and not b:
            return 0.0
        total += 3.0 * t + b
    if len(query.terms) > 1 and f" {' '.join(query.terms)} " in body_index + title_index:
        total += 5.0  # the words appear as a phrase
    return total


@functools.lru_cache(maxsize=256)
def _word_pattern(stems: tuple[str, ...]) -> re.Pattern[str] | None:
    """A regex for the folded words that match a query term: by prefix (by the whole word for one
    letter) or, for terms of MIN_INFIX letters or more, anywhere inside a compound."""
    whole = [re.escape(s) for s in stems if 0 < len(s) < MIN_PREFIX]
    prefixes = [re.escape(s) for s in stems if len(s) >= MIN_PREFIX]
    infixes = [re.escape(s) for s in stems if len(s) >= MIN_INFIX]
    choices = []
    if whole:
        choices.append(f"(?:{'|'.join(whole)})")
    if prefixes:
        choices.append(f"(?:{'|'.join(prefixes)})[a-z0-9]*")
    if infixes:
        choices.append(f"[a-z0-9]*?(?:{'|'.join(infixes)})[a-z0-9]*")
    if not choices:
        return None
    return re.compile(f"(?<![a-z0-9])(?:{'|'.join(choices)})(?![a-z0-9])")


def _match_spans(text: str, query: Query) -> list[tuple[int, int]]:
    """Spans (in ``text``) of words that match a query term, by prefix or inside a compound."""
    pattern = _word_pattern(tuple(query.stems))
    if pattern is None:
        return []
    folded, positions = fold_with_map(text)
    # Highlight each whole matched word, mapped back to the original characters.
    return [(positions[m.start()], positions[m.end() - 1] + 1) for m in pattern.finditer(folded)]


def highlight(text: str, query: Query) -> str:
    """HTML-escaped ``text`` with matching words wrapped in <mark>."""
    spans = _match_spans(text, query)
    out, last = [], 0
    for start, end in spans:
        out.append(html.escape(text[last:start]))
        out.append(f"<mark>{html.escape(text[start:end])}</mark>")
        last = end
    out.append(html.escape(text[last:]))
    return "".join(out)


def snippet(text: str, query: Query, width: int = 220) -> str:
    """An escaped excerpt of ``text`` around the first match, with matches highlighted."""
    spans = _match_spans(text, query)
    if not spans or len(text) <= width:
        cut = text if len(text) <= width else text[:width].rsplit(" ", 1)[0] + " …"
        return highlight(cut, query)
    first = spans[0][0]
    start = max(0, first - width // 3)
    if start > 0:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space != -1 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > first else end
    excerpt = text[start:end]
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + highlight(excerpt, query) + suffix
