"""A BM25F index of the clauses and FAQ entries of one reading language, and the search over it.

Documents have fields, weighted as a player reads them: the *title* (a clause's title, an FAQ
entry's question), *say* (the "players also say" phrasings editors give), the *body* (the clause
text with its interpretation notes, the answer), *context* (the titles of the sections a clause
sits in, of the clauses an answer cites) and *foreign* (the same clause or answer in the site's
other languages, so a word of the book's own language is found on a page in another). Every
field is analysed by :mod:`.analysis` (tokens of lemma and stem; compound parts at a lower weight;
separated verbs; neighbouring words as pairs, for phrases) and scored together with BM25F
(Robertson and Zaragoza's per-field length normalisation, one saturation over the weighted sum).
Each posting keeps its count per field, so every weight (:mod:`.weights`, learned from labelled
questions) applies when a question is searched.

A question is not a conjunction of keywords: each of its words adds the best score of its
alternatives (:mod:`.query`), documents that match more of the question's weight rank higher, and
:mod:`.verdict` says whether the best of them answers it at all. Postings are numpy arrays, so a
keystroke costs a few vector operations however many FAQ entries there are.

No Django: the caller (``sitewide.search``) builds the documents from the database.
"""

from __future__ import annotations

import bisect
import functools
import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from . import query as query_module
from .analysis import MIN_PART, Decompounder, foreign_tokens, separated_verbs, stem, word_spans, word_tokens, words
from .everyday import EVERYDAY
from .query import Alternative, Parsed, QueryWord
from .stopwords import is_stopword
from .synonyms import SynonymGroup, Thesaurus
from .verdict import REACH, Verdict, judge
from .weights import FIELD_NAMES, Weights, learned

__all__ = ["FIELDS", "AnalysisMemo", "Alternative", "Document", "Hit", "Index", "Parsed", "QueryWord", "Result"]

# The fields and their (weight, b) as learned: the offline search (sitewide.offline) uses them.
FIELDS: dict[str, tuple[float, float]] = {
    name: (getattr(learned(), name), getattr(learned(), f"{name}_b")) for name in FIELD_NAMES if not name.startswith("foreign")
}
OWN_FIELDS = ("title", "say", "body", "notes", "context")
PART_WEIGHT = 0.5  # a compound's parts count half a word in a text
MIN_COMPOUND_PART = 4  # a question word this long also finds the compounds it begins or ends
MAX_COMPOUNDS = 8
MAX_COMPLETIONS = 6  # words the word being typed may become
MAX_MARKED_TEXTS = 20_000  # texts whose words are kept for highlighting
PAIR = "+"  # joins the tokens of two neighbouring words: "magic+potion"
FOREIGN = ":"  # a token of another language: "nl:raventor"

# A text's token weights: a word's tokens count 1, its compound parts PART_WEIGHT.
TokenWeights = defaultdict[str, float]
Analysed = tuple[TokenWeights, int, list[str]]


@dataclass
class AnalysisMemo:
    """Analysed texts of one language, kept between rebuilds of its index while the words that
    compounds split into stay the same (texts only: the documents and their weights are rebuilt)."""

    vocabulary: frozenset[str] = frozenset()
    texts: dict[str, Analysed] = field(default_factory=dict)

    def reset_unless(self, vocabulary: frozenset[str]) -> None:
        if vocabulary != self.vocabulary:
            self.vocabulary, self.texts = vocabulary, {}

    def keep_only(self, texts: Iterable[str]) -> None:
        """Forget the texts no document has any more (deleted or changed ones)."""
        wanted = set(texts)
        for text in [t for t in self.texts if t not in wanted]:
            del self.texts[text]


@dataclass(frozen=True)
class Document:
    key: str  # "clause:<anchor>" or "faq:<pk>"
    kind: str  # "clause" or "faq"
    game: str
    ref: str  # the clause anchor, or the entry's pk as text
    fields: Mapping[str, str]
    cites: tuple[str, ...] = ()  # clause anchors an FAQ entry cites
    order: int = 0  # ties: rulebook order (clauses), newest first (entries)
    meta: Mapping[str, Any] = field(default_factory=dict)  # what a hit shows (the caller's)
    foreign: Mapping[str, tuple[str, str]] = field(default_factory=dict)  # language -> (title, text) there
    info: bool = False  # an informational clause (components, history, other editions), no rule


@dataclass
class Hit:
    document: Document
    score: float


@dataclass
class Result:
    hits: list[Hit]
    parsed: Parsed
    total: int  # documents that matched
    verdict: Verdict = field(default_factory=Verdict)

    @property
    def words(self) -> list[QueryWord]:
        return self.parsed.words

    @property
    def corrections(self) -> dict[str, str]:
        return self.parsed.corrections

    @property
    def answered(self) -> bool:
        """Whether the best hit answers the question (else: no rule or ruling does)."""
        return self.verdict.answered

    @property
    def tokens(self) -> frozenset[str]:
        """Every token the question searched (for highlighting)."""
        return frozenset(a.token for w in self.words for a in w.alternatives)


FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int32]


@dataclass
class Scored:
    """A question scored against every document."""

    scores: FloatArray
    coverage: FloatArray  # per document: the share of the question's importance it matches
    total: float = 0.0  # the question's importance
    words: list[tuple[float, FloatArray]] = field(default_factory=list)  # (importance, confidence per document)


class Index:
    """The documents of one language, analysed and ready to search."""

    def __init__(
        self,
        lang: str,
        documents: Sequence[Document],
        synonyms: Iterable[SynonymGroup] = (),
        vocabulary: Iterable[str] = (),
        game_names: Mapping[str, Iterable[str]] | None = None,
        memo: AnalysisMemo | None = None,
        weights: Weights | None = None,
    ):
        self.lang = lang
        self.documents = list(documents)
        self._weights = weights or learned()
        self._names(game_names or {})
        self.thesaurus = Thesaurus.build(lang, [*synonyms, *EVERYDAY])
        # Compounds split into words of the rulebooks (clauses), the glossary and ``vocabulary``.
        known: set[str] = set(vocabulary)
        for document in self.documents:
            if document.kind == "clause":
                for name in OWN_FIELDS:
                    known.update(words(document.fields.get(name, "")))
        for group in self.thesaurus.groups:
            for form in group.forms.get(lang, ()):
                known.update(words(form))
        self.decompounder = Decompounder(lang, known)
        self.memo = memo if memo is not None else AnalysisMemo()
        self.memo.reset_unless(frozenset(known))
        self.word_cache: dict[tuple[str, str, bool], QueryWord] = {}
        self.marks_cache: dict[str, list[tuple[int, int, frozenset[str], str]]] = {}
        self._field_cache: tuple[Weights, FloatArray] | None = None
        self._build()

    @property
    def weights(self) -> Weights:
        return self._weights

    @weights.setter
    def weights(self, weights: Weights) -> None:
        """New weights (the tuner tries many): the question words' lookups depend on them."""
        self._weights = weights
        self.word_cache.clear()
        self._field_cache = None

    # -- building ---------------------------------------------------------------------------

    def _names(self, game_names: Mapping[str, Iterable[str]]) -> None:
        """Games' names in every language, as runs of tokens: a question that names a game
        ("wandering towers how many wizards", "carcassonne turm ...") is about that game."""
        self.names: list[tuple[str, tuple[frozenset[str], ...]]] = []
        owners: dict[str, set[str]] = {}
        for game, names in game_names.items():
            for name in names:
                run = tuple(frozenset(word_tokens(w, self.lang)) for w in words(name) if not is_stopword(w, self.lang))
                if run:
                    self.names.append((game, run))
                    for tokens in run:
                        for token in tokens:
                            owners.setdefault(token, set()).add(game)
        # Words of one game's names only ("carcassonne", "betoverde"), not "torens" or "turm".
        self.distinctive = {token: next(iter(games)) for token, games in owners.items() if len(games) == 1}
        self.names_by_first: dict[str, list[tuple[str, tuple[frozenset[str], ...]]]] = {}
        for game, run in self.names:
            for token in run[0]:
                self.names_by_first.setdefault(token, []).append((game, run))

    def named_game(self, sequence: list[frozenset[str]]) -> tuple[str | None, set[int]]:
        """The game a question names and the positions of the words that name it: a whole name
        (the longest found), or a word only one game's names have (then only that word)."""
        best: tuple[int, str, set[int]] | None = None
        for start, tokens in enumerate(sequence):
            for token in tokens:
                for game, run in self.names_by_first.get(token, ()):
                    size = len(run)
                    if size > 1 and start + size <= len(sequence) and all(run[i] & sequence[start + i] for i in range(1, size)):
                        if best is None or size > best[0]:
                            best = (size, game, set(range(start, start + size)))
        if best is not None:
            return best[1], best[2]
        for position, tokens in enumerate(sequence):
            for token in tokens:
                if token in self.distinctive:
                    return self.distinctive[token], {position}
        return None, set()

    def analyse(self, text: str) -> Analysed:
        """A text's token weights, length and words (memoised across rebuilds)."""
        found = self.memo.texts.get(text)
        if found is None:
            found = self.memo.texts[text] = self._analyse(text)
        return found

    def _analyse(self, text: str) -> Analysed:
        counts: TokenWeights = defaultdict(float)
        length = 0
        seen: list[str] = []
        spans = list(word_spans(text))
        joined = separated_verbs(text, self.lang, spans)
        previous: tuple[str, ...] = ()
        for number, (start, end, folded) in enumerate(spans):
            if is_stopword(folded, self.lang):
                continue
            length += 1
            seen.append(folded)
            own = word_tokens(text[start:end].lower(), self.lang)
            if number in joined:
                own = (*own, *word_tokens(joined[number], self.lang))
            for token in own:
                counts[token] += 1.0
            for first in previous:  # the pair of this word and the one before it
                for second in own:
                    counts[f"{first}{PAIR}{second}"] += 1.0
            previous = own
            for part in self.decompounder.part_words(folded):
                for token in word_tokens(part, self.lang):
                    if token not in own:
                        counts[token] += PART_WEIGHT
        return counts, length, seen

    def analyse_foreign(self, text: str, lang: str) -> Analysed:
        """A text in another language: its words' tokens in that language, marked with it."""
        key = f"{lang}{FOREIGN}{text}"
        found = self.memo.texts.get(key)
        if found is None:
            counts: TokenWeights = defaultdict(float)
            length = 0
            for start, end, folded in word_spans(text):
                if is_stopword(folded, lang):
                    continue
                length += 1
                for token in foreign_tokens(text[start:end].lower(), lang):
                    counts[f"{lang}{FOREIGN}{token}"] += 1.0
            found = self.memo.texts[key] = (counts, length, [])
        return found

    def _document_fields(self, document: Document) -> tuple[list[Analysed], set[str]]:
        analysed = [self.analyse(document.fields.get(name, "")) for name in OWN_FIELDS]
        for part in (0, 1):  # the titles, then the texts, in the other languages
            foreign: TokenWeights = defaultdict(float)
            length = 0
            for other, texts in sorted(document.foreign.items()):
                counts, size, _seen = self.analyse_foreign(texts[part], other)
                length += size
                for token, count in counts.items():
                    foreign[token] += count
            analysed.append((foreign, length, []))
        doc_words = {w for _c, _l, seen in analysed for w in seen}
        return analysed, doc_words

    def _build(self) -> None:
        n, width = len(self.documents), len(FIELD_NAMES)
        self.lengths = np.zeros((n, width), dtype=np.float32)
        token_numbers: dict[str, int] = {}
        posting_tokens: list[int] = []
        posting_docs: list[int] = []
        posting_rows: list[list[float]] = []
        word_df: dict[str, int] = defaultdict(int)
        for number, document in enumerate(self.documents):
            analysed, doc_words = self._document_fields(document)
            rows: dict[str, list[float]] = {}
            for column, (counts, length, _seen) in enumerate(analysed):
                self.lengths[number, column] = length
                for token, count in counts.items():
                    rows.setdefault(token, [0.0] * width)[column] += count
            for token, row in rows.items():
                posting_tokens.append(token_numbers.setdefault(token, len(token_numbers)))
                posting_docs.append(number)
                posting_rows.append(row)
            for word in doc_words:
                word_df[word] += 1
        self.memo.keep_only(
            [d.fields.get(name, "") for d in self.documents for name in OWN_FIELDS]
            + [f"{lang}{FOREIGN}{text}" for d in self.documents for lang, texts in d.foreign.items() for text in texts]
        )
        self._postings(token_numbers, posting_tokens, posting_docs, posting_rows)
        self.averages = np.maximum(self.lengths.mean(axis=0) if n else np.ones(width, dtype=np.float32), 1.0)
        self._field_cache = None
        # The index's words, for corrections and completions: most frequent first among equals.
        self.word_df = dict(word_df)
        self.vocabulary = sorted(self.word_df)
        self.by_length: dict[int, list[str]] = {}
        for word in self.vocabulary:
            self.by_length.setdefault(len(word), []).append(word)
        self._compound_index()
        self._document_arrays()

    def _postings(self, numbers: dict[str, int], tokens: list[int], docs: list[int], rows: list[list[float]]) -> None:
        """Postings as one array of documents and one of per-field counts, sorted by token, with
        each token's slice: ``self.span[token] = (start, end)``."""
        order = np.argsort(np.asarray(tokens, dtype=np.int64), kind="stable")
        self.posting_docs: IntArray = np.asarray(docs, dtype=np.int32)[order]
        self.posting_counts: FloatArray = np.asarray(rows, dtype=np.float32).reshape(-1, len(FIELD_NAMES))[order]
        sorted_tokens = np.asarray(tokens, dtype=np.int64)[order]
        starts = np.searchsorted(sorted_tokens, np.arange(len(numbers)), side="left")
        ends = np.searchsorted(sorted_tokens, np.arange(len(numbers)), side="right")
        n = len(self.documents)
        self.span: dict[str, tuple[int, int]] = {}
        self.idf: dict[str, float] = {}
        for token, number in numbers.items():
            start, end = int(starts[number]), int(ends[number])
            self.span[token] = (start, end)
            df = end - start
            self.idf[token] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        self.max_idf = math.log(1.0 + (n + 0.5) / 1.5) if n else 1.0

    def _document_arrays(self) -> None:
        games = sorted({d.game for d in self.documents})
        self.game_codes = {game: code for code, game in enumerate(games)}
        self.doc_games = np.asarray([self.game_codes[d.game] for d in self.documents], dtype=np.int32)
        self.game_members = [np.flatnonzero(self.doc_games == code) for code in range(len(games))]
        self.doc_kinds = np.asarray([d.kind == "faq" for d in self.documents], dtype=bool)
        self.doc_info = np.asarray([d.info for d in self.documents], dtype=bool)
        self.doc_refs = {(d.kind, d.ref): i for i, d in enumerate(self.documents)}
        self.citing: dict[str, list[int]] = {}
        for i, document in enumerate(self.documents):
            for anchor in document.cites:
                self.citing.setdefault(anchor, []).append(i)

    def _compound_index(self) -> None:
        """Dutch and German compounds of the index by their heads and tails (of stems), so a
        question word finds the compounds it begins or ends ("blok" -> "steenblokken", "brücke" ->
        "Zugbrücke") even where the compound's other part is no word of its own."""
        self.compound_heads: dict[str, list[str]] = {}
        self.compound_tails: dict[str, list[str]] = {}
        if not self.decompounder.enabled:
            return
        for word in self.vocabulary:
            stemmed = stem(word, self.lang)
            for cut in range(MIN_PART, len(stemmed) - MIN_PART + 1):
                self.compound_heads.setdefault(stemmed[:cut], []).append(word)
                self.compound_tails.setdefault(stemmed[cut:], []).append(word)

    def compounds_with(self, token: str) -> list[str]:
        """Index words that begin or end with ``token`` as a part (most frequent first)."""
        if len(token) < MIN_COMPOUND_PART:
            return []
        found = set(self.compound_heads.get(token, ())) | set(self.compound_tails.get(token, ()))
        return sorted(found, key=lambda w: (-self.word_df[w], w))[:MAX_COMPOUNDS]

    def completions(self, prefix: str) -> list[str]:
        """Index words that ``prefix`` begins (the word being typed), most frequent first."""
        start = bisect.bisect_left(self.vocabulary, prefix)
        found = []
        for word in self.vocabulary[start:]:
            if not word.startswith(prefix):
                break
            if word != prefix and not is_stopword(word, self.lang):
                found.append(word)
        found.sort(key=lambda w: (-self.word_df[w], len(w)))
        return found[: MAX_COMPLETIONS if len(prefix) >= 3 else 3]

    def known(self, token: str) -> bool:
        return token in self.span

    # -- questions --------------------------------------------------------------------------

    def parse(self, text: str, partial: bool = False) -> Parsed:
        """The question's words with their alternatives (:func:`.query.parse`)."""
        return query_module.parse(self, text, partial)

    def _field_factors(self) -> FloatArray:
        """Per document and field: the field's weight over its length normalisation."""
        weights = self._weights
        if self._field_cache is not None and self._field_cache[0] is weights:
            return self._field_cache[1]
        bs = np.asarray(weights.field_bs(), dtype=np.float32)
        norm = np.maximum(1.0 - bs + bs * self.lengths / self.averages, 0.05)
        factors: FloatArray = (np.asarray(weights.field_weights(), dtype=np.float32) / norm).astype(np.float32)
        self._field_cache = (weights, factors)
        return factors

    def token_scores(self, token: str) -> tuple[IntArray, FloatArray]:
        """The documents having ``token`` and its BM25F value in each (before idf)."""
        start, end = self.span[token]
        ids = self.posting_docs[start:end]
        counts = self.posting_counts[start:end]
        weighted = np.einsum("ij,ij->i", counts, self._field_factors()[ids])
        k1 = np.float32(self._weights.k1)
        return ids, (weighted * (k1 + 1.0) / (weighted + k1)).astype(np.float32)

    def search(
        self,
        text: str,
        *,
        partial: bool = False,
        games: Iterable[str] | None = None,
        kinds: Iterable[str] | None = None,
        prefer_game: str | None = None,
        prefer_clauses: Iterable[str] = (),
        limit: int = 10,
    ) -> Result:
        """The best ``limit`` documents for a question, best first, and whether they answer it."""
        parsed = self.parse(text, partial)
        if prefer_game is None:
            prefer_game = parsed.game
        scored = self._score(parsed.words)
        scores = scored.scores
        mask = scores > 0
        if games is not None:
            mask &= np.isin(self.doc_games, [self.game_codes[g] for g in games if g in self.game_codes])
        if kinds is not None:
            wanted_kinds = set(kinds)
            if wanted_kinds == {"faq"}:
                mask &= self.doc_kinds
            elif wanted_kinds == {"clause"}:
                mask &= ~self.doc_kinds
        raw = scores.copy()
        self._prefer(scores, prefer_game, set(prefer_clauses))
        candidates = np.flatnonzero(mask)
        wanted = max(limit, REACH)  # the verdict reads the best few, whatever the limit
        top = candidates[np.argpartition(-scores[candidates], wanted - 1)[:wanted]] if candidates.size > wanted else candidates
        ranked = sorted(top.tolist(), key=lambda i: (-float(scores[i]), self.documents[i].kind != "faq", self.documents[i].order))
        verdict = judge(self, parsed, raw, scored, ranked)
        hits = [Hit(self.documents[i], float(scores[i])) for i in ranked[:limit]]
        return Result(hits, parsed, int(candidates.size), verdict)

    def _match(self, word: QueryWord) -> tuple[FloatArray, FloatArray]:
        """One question word against every document: its best value, and the confidence of the
        alternative that matched (a typo's correction or a synonym is less sure than the word)."""
        n = len(self.documents)
        best = np.zeros(n, dtype=np.float32)
        confidence = np.zeros(n, dtype=np.float32)
        power = self._weights.idf_power
        for alternative in word.alternatives:
            ids, values = self.token_scores(alternative.token)
            contribution = values * np.float32(word.weight * alternative.weight * self.idf[alternative.token] ** power)
            sure = np.full(ids.size, min(1.0, alternative.weight), dtype=np.float32)
            if alternative.game and alternative.game in self.game_codes:
                elsewhere = np.where(self.doc_games[ids] == self.game_codes[alternative.game], 1.0, self._weights.term_elsewhere)
                contribution = contribution * elsewhere.astype(np.float32)
                sure = sure * elsewhere.astype(np.float32)
            best[ids] = np.maximum(best[ids], contribution)  # ids are unique per token
            confidence[ids] = np.maximum(confidence[ids], sure)
        return best, confidence

    def _score(self, query: list[QueryWord]) -> Scored:
        """Every document's score and the share of the question's importance it matches (each
        word at the confidence of the alternative that matched it)."""
        n = len(self.documents)
        scored = Scored(np.zeros(n, dtype=np.float32), np.zeros(n, dtype=np.float32))
        evidence = np.zeros(len(self.game_members), dtype=np.float32)
        for word in query:
            best, confidence = self._match(word)
            scored.scores += best
            if word.counts:
                importance = word.weight * self.importance(word)
                scored.total += importance
                if word.alternatives:
                    scored.words.append((importance, confidence))
                    evidence += self._per_game_best(best)
        for importance, confidence in scored.words:
            scored.coverage += confidence * np.float32(importance / scored.total)
        floor = np.float32(self._weights.coverage_floor)
        scored.scores *= floor + (np.float32(1.0) - floor) * scored.coverage
        self._game_evidence(scored.scores, evidence)
        return scored

    def _per_game_best(self, best: FloatArray) -> FloatArray:
        """The best value of one question word in each game's documents."""
        return np.asarray([best[members].max() if members.size else 0.0 for members in self.game_members], dtype=np.float32)

    def _game_evidence(self, scores: FloatArray, evidence: FloatArray) -> None:
        """How well each game as a whole answers the question (the sum over its words of the
        game's best match): a document of a game that answers less of it counts less, so a
        question about wizards, towers and trapping finds the game that has all three, not the
        one clause elsewhere that happens to name them."""
        power = self._weights.game_evidence
        top = float(evidence.max()) if evidence.size else 0.0
        if power <= 0 or top <= 0:
            return
        factors = (evidence / np.float32(top)) ** np.float32(power)
        scores *= factors[self.doc_games]

    def importance(self, word: QueryWord) -> float:
        """How much a question word says about which rule is meant: the rarity (idf) of its own
        best alternative; a word the index does not know at all, or only corrects, is as rare as a
        word can be."""
        if not word.alternatives or word.correction:
            return self.max_idf  # unknown, or only guessed at (a typo's rarity is not known)
        return max(self.idf[a.token] * a.weight for a in word.alternatives)

    def _prefer(self, scores: FloatArray, prefer_game: str | None, preferred: set[str]) -> None:
        weights = self._weights
        if weights.faq_prior != 1.0:
            scores[self.doc_kinds] *= np.float32(weights.faq_prior)
        if weights.info_prior != 1.0:
            scores[self.doc_info] *= np.float32(weights.info_prior)
        if prefer_game in self.game_codes:
            scores[self.doc_games == self.game_codes[prefer_game]] *= np.float32(weights.game_boost)
        if preferred:
            for anchor in preferred:
                index = self.doc_refs.get(("clause", anchor))
                if index is not None:
                    scores[index] *= np.float32(weights.position_clause)
            citing = sorted({i for anchor in preferred for i in self.citing.get(anchor, ())})
            if citing:
                scores[citing] *= np.float32(weights.position_citing)

    # -- showing ----------------------------------------------------------------------------

    def _marked_words(self, text: str) -> list[tuple[int, int, frozenset[str], str]]:
        """(start, end, tokens of the word and of its compound parts, stem for the compound check)
        of every word of ``text`` that is no stop word; kept per text (titles and texts of hits
        come back keystroke after keystroke)."""
        found = self.marks_cache.get(text)
        if found is None:
            found = []
            for start, end, folded in word_spans(text):
                if is_stopword(folded, self.lang):
                    continue
                tokens = set(word_tokens(text[start:end].lower(), self.lang))
                for part in self.decompounder.part_words(folded):
                    tokens.update(word_tokens(part, self.lang))
                found.append((start, end, frozenset(tokens), stem(folded, self.lang) if self.decompounder.enabled else ""))
            if len(self.marks_cache) >= MAX_MARKED_TEXTS:
                self.marks_cache.clear()
            self.marks_cache[text] = found
        return found

    def marks(self, text: str, tokens: frozenset[str]) -> list[tuple[int, int]]:
        """Spans of ``text`` whose words (or their compound parts) have one of ``tokens``, or (in
        Dutch and German) that are compounds beginning or ending with one of them."""
        plain = frozenset(t for t in tokens if PAIR not in t and FOREIGN not in t)
        pattern = _compound_pattern(plain) if self.decompounder.enabled else None
        return [
            (start, end)
            for start, end, found, stemmed in self._marked_words(text)
            if found & plain or (pattern is not None and pattern.match(stemmed))
        ]


@functools.lru_cache(maxsize=2048)
def _compound_pattern(tokens: frozenset[str]) -> re.Pattern[str] | None:
    """A stem that begins or ends with one of ``tokens`` (of at least MIN_COMPOUND_PART letters)
    and has at least MIN_PART letters more: a compound of it."""
    long = sorted((re.escape(t) for t in tokens if len(t) >= MIN_COMPOUND_PART), key=len, reverse=True)
    if not long:
        return None
    either = "|".join(long)
    return re.compile(rf"(?:(?:{either}).{{{MIN_PART},}}|.{{{MIN_PART},}}(?:{either}))$")
