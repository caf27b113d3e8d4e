"""A BM25F index of the clauses and FAQ entries of one reading language, and the search over it.

Documents have fields, weighted as a player reads them: the *title* (a clause's title, an FAQ
entry's question), *say* (the "players also say" phrasings editors give), the *body* (the clause
text with its interpretation notes, the answer) and *context* (the titles of the sections a clause
sits in, of the clauses an answer cites). Every field is analysed by :mod:`.analysis` (tokens of
lemma and stem; compound parts at a lower weight) and scored together with BM25F (Robertson and
Zaragoza's per-field length normalisation, one saturation over the weighted sum).

A question is not a conjunction of keywords: each of its words adds the best score of its
alternatives (its own tokens; synonyms from the glossary; for a misspelt word, the nearest words of
the index; for the word still being typed, the words it begins), stop words are ignored, and
documents that match more of the words rank higher. Postings are numpy arrays, so a keystroke
costs a few vector operations however many FAQ entries there are.

No Django: the caller (``sitewide.search``) builds the documents from the database.
"""

from __future__ import annotations

import bisect
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA

from .analysis import MIN_PART, Decompounder, stem, word_spans, word_tokens, words
from .stopwords import is_stopword
from .synonyms import OTHER_LANGUAGE, SAME_LANGUAGE, SynonymGroup, Thesaurus

# field -> (weight, length normalisation b)
FIELDS: dict[str, tuple[float, float]] = {
    "title": (3.0, 0.5),
    "say": (2.5, 0.3),
    "body": (1.0, 0.75),
    "context": (0.6, 0.3),
}
K1 = 1.2
PART_WEIGHT = 0.5  # a compound's parts count half a word
QUERY_PART_WEIGHT = 0.5  # a question word's compound parts, as words of their own
FUZZY_WEIGHT = 0.75
PREFIX_WEIGHT = 0.9
MAX_WORDS = 12  # question words searched (after stop words)
MAX_COMPLETIONS = 6  # words the word being typed may become
MIN_FUZZY = 4  # shorter words are not corrected
MIN_COMPOUND_PART = 4  # a question word this long also finds the compounds it begins or ends
MAX_COMPOUNDS = 8
PREFERRED_GAME_BOOST = 3.0  # the reader's own game ranks first
# A text's token weights: a word's tokens count 1, its compound parts PART_WEIGHT.
TokenWeights = defaultdict[str, float]
PREFERRED_CLAUSE_BOOST = 1.6  # clauses the attached position is about
PREFERRED_CITING_BOOST = 1.3  # entries citing those clauses
COVERAGE_FLOOR = 0.5  # a document matching part of the question keeps this much of its score at least


@dataclass
class AnalysisMemo:
    """Analysed texts of one language, kept between rebuilds of its index while the words that
    compounds split into stay the same (texts only: the documents and their weights are rebuilt)."""

    vocabulary: frozenset[str] = frozenset()
    texts: dict[str, tuple[TokenWeights, int, list[str]]] = field(default_factory=dict)

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


@dataclass
class Alternative:
    token: str
    weight: float
    why: str  # "word", "part", "synonym", "fuzzy", "prefix"
    word: str = ""  # the index word it came from (fuzzy, prefix)


@dataclass
class QueryWord:
    text: str  # the folded word (or words) of the question
    weight: float
    alternatives: list[Alternative] = field(default_factory=list)


@dataclass
class Hit:
    document: Document
    score: float


@dataclass
class Parsed:
    words: list[QueryWord] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # stop words left out
    corrections: dict[str, str] = field(default_factory=dict)  # misspelt word -> the index word used
    game: str | None = None  # the game the question names ("wandering towers ...")
    named: list[str] = field(default_factory=list)  # the words that named it


@dataclass
class Result:
    hits: list[Hit]
    parsed: Parsed
    total: int  # documents that matched

    @property
    def words(self) -> list[QueryWord]:
        return self.parsed.words

    @property
    def corrections(self) -> dict[str, str]:
        return self.parsed.corrections

    @property
    def tokens(self) -> frozenset[str]:
        """Every token the question searched (for highlighting)."""
        return frozenset(a.token for w in self.words for a in w.alternatives)


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
    ):
        self.lang = lang
        self.documents = list(documents)
        self._names(game_names or {})
        self.thesaurus = Thesaurus.build(lang, synonyms)
        # Compounds split into words of the rulebooks (clauses), the glossary and ``vocabulary``.
        known: set[str] = set(vocabulary)
        for document in self.documents:
            if document.kind == "clause":
                for text in document.fields.values():
                    known.update(words(text))
        for group in self.thesaurus.groups:
            for form in group.forms.get(lang, ()):
                known.update(words(form))
        self.decompounder = Decompounder(lang, known)
        self.memo = memo if memo is not None else AnalysisMemo()
        self.memo.reset_unless(frozenset(known))
        self._build()

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

    def _named_game(self, sequence: list[frozenset[str]]) -> tuple[str | None, set[int]]:
        """The game a question names and the positions of the words that name it: a whole name,
        or a word only one game's names have (then only that word)."""
        for game, run in sorted(self.names, key=lambda item: -len(item[1])):
            size = len(run)
            for start in range(len(sequence) - size + 1):
                if size > 1 and all(run[i] & sequence[start + i] for i in range(size)):
                    return game, set(range(start, start + size))
        for position, tokens in enumerate(sequence):
            for token in tokens:
                if token in self.distinctive:
                    return self.distinctive[token], {position}
        return None, set()

    def analyse(self, text: str) -> tuple[TokenWeights, int, list[str]]:
        """Token weights of a text (a word's tokens 1, its compound parts' PART_WEIGHT), the number
        of words counted, and the folded words (for the vocabulary). Remembered in the memo, so a
        rebuild after a content change analyses only the texts that changed."""
        found = self.memo.texts.get(text)
        if found is None:
            found = self.memo.texts[text] = self._analyse(text)
        return found

    def _analyse(self, text: str) -> tuple[TokenWeights, int, list[str]]:
        counts: TokenWeights = defaultdict(float)
        length = 0
        seen: list[str] = []
        for start, end, folded in word_spans(text):
            if is_stopword(folded, self.lang):
                continue
            length += 1
            seen.append(folded)
            own = word_tokens(text[start:end].lower(), self.lang)
            for token in own:
                counts[token] += 1.0
            for part in self.decompounder.part_words(folded):
                for token in word_tokens(part, self.lang):
                    if token not in own:
                        counts[token] += PART_WEIGHT
        return counts, length, seen

    def _build(self) -> None:
        n = len(self.documents)
        analysed: list[dict[str, tuple[TokenWeights, int]]] = []
        lengths = {name: 0 for name in FIELDS}
        word_df: Counter[str] = Counter()
        for document in self.documents:
            fields: dict[str, tuple[TokenWeights, int]] = {}
            doc_words: set[str] = set()
            for name in FIELDS:
                counts, length, seen = self.analyse(document.fields.get(name, ""))
                fields[name] = (counts, length)
                lengths[name] += length
                doc_words.update(seen)
            word_df.update(doc_words)
            analysed.append(fields)
        self.memo.keep_only(d.fields.get(name, "") for d in self.documents for name in FIELDS)
        averages = {name: (lengths[name] / n if n else 0.0) or 1.0 for name in FIELDS}
        postings: dict[str, tuple[list[int], list[float]]] = {}
        for number, fields in enumerate(analysed):
            weighted: TokenWeights = defaultdict(float)
            for name, (counts, length) in fields.items():
                weight, b = FIELDS[name]
                norm = 1.0 - b + b * length / averages[name]
                for token, count in counts.items():
                    weighted[token] += weight * count / norm
            for token, tf in weighted.items():
                ids, values = postings.setdefault(token, ([], []))
                ids.append(number)
                values.append(tf * (K1 + 1.0) / (tf + K1))
        self.postings = {
            token: (np.asarray(ids, dtype=np.int32), np.asarray(values, dtype=np.float32))
            for token, (ids, values) in postings.items()
        }
        self.idf = {
            token: math.log(1.0 + (n - len(ids) + 0.5) / (len(ids) + 0.5)) for token, (ids, _v) in self.postings.items()
        }
        # The index's words, for corrections and completions: most frequent first among equals.
        self.word_df = dict(word_df)
        self.vocabulary = sorted(self.word_df)
        self.by_length: dict[int, list[str]] = {}
        for word in self.vocabulary:
            self.by_length.setdefault(len(word), []).append(word)
        self._compound_index()
        games = sorted({d.game for d in self.documents})
        self.game_codes = {game: code for code, game in enumerate(games)}
        self.doc_games = np.asarray([self.game_codes[d.game] for d in self.documents], dtype=np.int32)
        self.doc_kinds = np.asarray([d.kind == "faq" for d in self.documents], dtype=bool)
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

    # -- questions --------------------------------------------------------------------------

    def _known(self, token: str) -> bool:
        return token in self.postings

    def _add(self, word: QueryWord, token: str, weight: float, why: str, source: str = "") -> None:
        if not self._known(token):
            return
        for alternative in word.alternatives:
            if alternative.token == token:
                alternative.weight = max(alternative.weight, weight)
                return
        word.alternatives.append(Alternative(token, weight, why, source))

    def _synonyms(self, word: QueryWord, tokens: Iterable[str], weight: float, foreign: bool = False) -> None:
        tokens = list(tokens)
        groups = self.thesaurus.groups_of(tokens)
        if foreign:
            groups |= self.thesaurus.foreign_groups_of(tokens)
        for group in groups:
            for token in self.thesaurus.targets.get(group, ()):
                self._add(word, token, weight, "synonym")

    def _corrections(self, folded: str) -> list[tuple[str, int]]:
        """Index words within one edit (two for long words) of a misspelt word, closest and most
        frequent first."""
        limit = 1 if len(folded) <= 6 else 2
        candidates: list[str] = []
        for size in range(len(folded) - limit, len(folded) + limit + 1):
            candidates.extend(self.by_length.get(size, ()))
        found = process.extract(folded, candidates, scorer=OSA.distance, score_cutoff=limit, limit=12)
        found.sort(key=lambda item: (item[1], -self.word_df.get(item[0], 0)))
        return [(word, distance) for word, distance, _index in found[:3]]

    def _completions(self, prefix: str) -> list[str]:
        start = bisect.bisect_left(self.vocabulary, prefix)
        found = []
        for word in self.vocabulary[start:]:
            if not word.startswith(prefix):
                break
            if word != prefix and not is_stopword(word, self.lang):
                found.append(word)
        found.sort(key=lambda w: (-self.word_df[w], len(w)))
        return found[: MAX_COMPLETIONS if len(prefix) >= 3 else 3]

    def parse(self, text: str, partial: bool = False) -> Parsed:
        """The question's words with their alternatives, the stop words left out, corrections and
        the game it names. ``partial``: the last word is still being typed (it also stands for the
        words it begins)."""
        spans = list(word_spans(text))
        typing = partial and bool(spans) and not text[-1:].isspace() and spans[-1][1] == len(text)
        parsed = Parsed()
        kept: list[tuple[bool, str, str]] = []  # (being typed, folded, lowercase original)
        for number, (start, end, folded) in enumerate(spans):
            last = typing and number == len(spans) - 1
            if is_stopword(folded, self.lang) and not last:
                parsed.ignored.append(folded)
                continue
            kept.append((last, folded, text[start:end].lower()))
        kept = kept[:MAX_WORDS]
        named, positions = self._named_game([frozenset(word_tokens(o, self.lang)) for _l, _f, o in kept])
        if named is not None and len(positions) < len(kept):
            parsed.game = named
            parsed.named = [kept[i][1] for i in sorted(positions)]
            kept = [item for i, item in enumerate(kept) if i not in positions]
        sequence: list[frozenset[str]] = []
        for last, folded, original in kept:
            own = word_tokens(original, self.lang)
            sequence.append(frozenset(own))
            word = self._word(folded, own, last, parsed.corrections)
            if word.alternatives or not is_stopword(folded, self.lang):
                parsed.words.append(word)
            for part in self.decompounder.part_words(folded):
                part_word = QueryWord(part, QUERY_PART_WEIGHT)
                tokens = word_tokens(part, self.lang)
                for token in tokens:
                    self._add(part_word, token, 1.0, "part")
                self._synonyms(part_word, tokens, SAME_LANGUAGE)
                if part_word.alternatives:
                    parsed.words.append(part_word)
        for start, end, group in self.thesaurus.phrase_groups(sequence):
            phrase = QueryWord(" ".join(f for _l, f, _o in kept[start:end]), 1.0)
            for token in self.thesaurus.targets.get(group, ()):
                self._add(phrase, token, OTHER_LANGUAGE, "synonym")
            if phrase.alternatives:
                parsed.words.append(phrase)
        return parsed

    def _word(self, folded: str, own: tuple[str, ...], typing: bool, corrections: dict[str, str]) -> QueryWord:
        """One question word: its tokens, their synonyms, the words it begins (``typing``), and
        for a word the index does not know, the nearest words it does (a typo)."""
        word = QueryWord(folded, 1.0)
        for token in own:
            self._add(word, token, 1.0, "word")
        known = bool(word.alternatives)
        self._synonyms(word, own, SAME_LANGUAGE, foreign=not known)
        if typing and len(folded) >= 2:
            for completion in self._completions(folded):
                for token in word_tokens(completion, self.lang):
                    self._add(word, token, PREFIX_WEIGHT, "prefix", completion)
        for token in own:
            for compound in self.compounds_with(token):
                for compound_token in word_tokens(compound, self.lang):
                    self._add(word, compound_token, PART_WEIGHT, "compound", compound)
        if word.alternatives or len(folded) < MIN_FUZZY or folded.isdigit() or self.decompounder.part_words(folded):
            return word
        for index_word, distance in self._corrections(folded):
            weight = FUZZY_WEIGHT * (1.0 - 0.1 * (distance - 1))
            tokens = word_tokens(index_word, self.lang)
            for token in tokens:
                self._add(word, token, weight, "fuzzy", index_word)
            self._synonyms(word, tokens, weight * SAME_LANGUAGE)
            corrections.setdefault(folded, index_word)
        return word

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
        """The best ``limit`` documents for a question, best first."""
        parsed = self.parse(text, partial)
        query = parsed.words
        if prefer_game is None:
            prefer_game = parsed.game
        n = len(self.documents)
        scores = np.zeros(n, dtype=np.float32)
        matched = np.zeros(n, dtype=np.float32)
        total_weight = sum(word.weight for word in query) or 1.0
        for word in query:
            best = np.zeros(n, dtype=np.float32)
            for alternative in word.alternatives:
                ids, values = self.postings[alternative.token]
                contribution = values * np.float32(word.weight * alternative.weight * self.idf[alternative.token])
                best[ids] = np.maximum(best[ids], contribution)  # ids are unique per token
            scores += best
            matched += (best > 0) * np.float32(word.weight)
        mask = scores > 0
        if games is not None:
            codes = [self.game_codes[g] for g in games if g in self.game_codes]
            mask &= np.isin(self.doc_games, codes)
        if kinds is not None:
            wanted = set(kinds)
            if wanted == {"faq"}:
                mask &= self.doc_kinds
            elif wanted == {"clause"}:
                mask &= ~self.doc_kinds
        scores *= COVERAGE_FLOOR + (1.0 - COVERAGE_FLOOR) * matched / np.float32(total_weight)
        if prefer_game in self.game_codes:
            scores[self.doc_games == self.game_codes[prefer_game]] *= PREFERRED_GAME_BOOST
        preferred = set(prefer_clauses)
        if preferred:
            for anchor in preferred:
                index = self.doc_refs.get(("clause", anchor))
                if index is not None:
                    scores[index] *= PREFERRED_CLAUSE_BOOST
            citing = sorted({i for anchor in preferred for i in self.citing.get(anchor, ())})
            if citing:
                scores[citing] *= PREFERRED_CITING_BOOST
        candidates = np.flatnonzero(mask)
        total = int(candidates.size)
        if total > limit:
            top = candidates[np.argpartition(-scores[candidates], limit - 1)[:limit]]
        else:
            top = candidates
        ranked = sorted(top.tolist(), key=lambda i: (-float(scores[i]), self.documents[i].kind != "faq", self.documents[i].order))
        hits = [Hit(self.documents[i], float(scores[i])) for i in ranked]
        return Result(hits, parsed, total)

    # -- showing ----------------------------------------------------------------------------

    def _compound_of(self, folded: str, tokens: frozenset[str]) -> bool:
        """Whether a word is a compound that begins or ends with one of ``tokens``."""
        stemmed = stem(folded, self.lang)
        return any(
            len(t) >= MIN_COMPOUND_PART and len(stemmed) >= len(t) + MIN_PART and (stemmed.startswith(t) or stemmed.endswith(t))
            for t in tokens
        )

    def marks(self, text: str, tokens: frozenset[str]) -> list[tuple[int, int]]:
        """Spans of ``text`` whose words (or their compound parts) have one of ``tokens``."""
        spans = []
        for start, end, folded in word_spans(text):
            if is_stopword(folded, self.lang):
                continue
            found = set(word_tokens(text[start:end].lower(), self.lang))
            if not found & tokens:
                for part in self.decompounder.part_words(folded):
                    found.update(word_tokens(part, self.lang))
            if found & tokens or (self.decompounder.enabled and self._compound_of(folded, tokens)):
                spans.append((start, end))
        return spans
