"""How a question is read: its words, each with the alternatives it may stand for.

A word's alternatives, in the order they are looked for:

1. its own tokens (lemma and stem, :func:`.analysis.word_tokens`), and the whole verb where its
   particle stands at the end of the clause ("schläft ... ein" -> "einschlafen");
2. the glossary's synonyms in the reader's language; a phrase among them is searched as a phrase
   (neighbouring words), never word by word ("magic potion" does not find "magic places");
3. a word the reader's texts do not know is looked up in every other language of the site: in the
   clauses' and rulings' own texts there ("raventoren" on the English pages finds the clauses whose
   Dutch text says it) and in the glossary's forms there;
4. the word being typed also stands for the words it begins; a compound's parts and the compounds
   a word begins or ends count at a lower weight;
5. only a word still unknown then is a typo: the nearest words of the index stand for it.

Words of a glossary phrase in the question ("raven tower") count mostly as the phrase, and two
neighbouring words of the question also count as a pair where a text has them side by side. Stop
words and question filler are left out (:mod:`.stopwords`). Every weight is :mod:`.weights`'.
No Django.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rapidfuzz import process
from rapidfuzz.distance import OSA

from rules.core.languages import LANGUAGES

from .analysis import foreign_tokens, is_word, separated_verbs, word_spans, word_tokens
from .stopwords import is_stopword
from .typos import slip_cost

if TYPE_CHECKING:
    from .index import Index

MAX_WORDS = 12  # question words searched (after stop words)
MIN_FUZZY = 4  # shorter words are not corrected
LONG_WORD = 10  # words this long may be two edits from the word meant
MAX_CACHED_WORDS = 50_000


@dataclass
class Alternative:
    token: str
    weight: float
    why: str  # "word", "part", "synonym", "foreign", "fuzzy", "prefix", "compound", "phrase", "pair"
    word: str = ""  # the index word it came from (fuzzy, prefix, compound)
    game: str = ""  # a game's glossary term: it stands for the word in that game's texts only


@dataclass
class QueryWord:
    text: str  # the folded word (or words) of the question
    weight: float
    alternatives: list[Alternative] = field(default_factory=list)
    counts: bool = True  # part of what the question asks (pairs and compound parts only add evidence)
    correction: str = ""  # the index word a misspelt word was read as
    novel: bool = False  # a real word of the language that no text of the site uses (only guessed at)


@dataclass
class Parsed:
    words: list[QueryWord] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)  # stop words left out
    corrections: dict[str, str] = field(default_factory=dict)  # misspelt word -> the index word used
    game: str | None = None  # the game the question names ("wandering towers ...")
    named: list[str] = field(default_factory=list)  # the words that named it


@dataclass(frozen=True)
class Kept:
    """A word of the question that is searched."""

    folded: str
    original: str  # lowercase, accents kept (the lemmatiser wants them)
    typing: bool  # the word still being typed
    joined: str = ""  # the whole verb, where its particle stands apart


def _add(index: Index, word: QueryWord, token: str, weight: float, why: str, source: str = "", game: str = "") -> None:
    if not index.known(token) or weight <= 0:
        return
    for alternative in word.alternatives:
        if alternative.token == token and alternative.game in ("", game):
            alternative.weight = max(alternative.weight, weight)
            return
    word.alternatives.append(Alternative(token, weight, why, source, game))


def _group_targets(index: Index, word: QueryWord, groups: set[int], weight: float) -> None:
    """The forms of synonym groups; a game's glossary term counts in that game's texts only (the
    index discounts it elsewhere: "piece" is a meeple in Carcassonne, not in Der dunkle Turm)."""
    thesaurus = index.thesaurus
    for group in sorted(groups):
        game = thesaurus.game_of(group)
        for token in thesaurus.targets.get(group, ()):
            _add(index, word, token, weight, "synonym", game=game)
        for token in thesaurus.pair_targets.get(group, ()):
            _add(index, word, token, weight, "phrase", game=game)


def _foreign(index: Index, word: QueryWord, original: str) -> None:
    """A word the reader's texts do not know, looked up in the site's other languages: in the
    documents' texts there and in the glossary's forms there."""
    weights = index.weights
    for other in LANGUAGES:
        if other == index.lang:
            continue
        for token in foreign_tokens(original, other):
            _add(index, word, f"{other}:{token}", weights.cross_language, "foreign")
        tokens = word_tokens(original, other)
        _group_targets(index, word, index.thesaurus.foreign_groups_of(other, tokens), weights.other_language)


def _corrections(index: Index, folded: str) -> list[tuple[str, float]]:
    """Index words within one edit (two for words of ten letters or more) of a misspelt word, with
    the cost of the slip (:func:`.typos.slip_cost`): likeliest slip first, then most frequent."""
    limit = 1 if len(folded) < LONG_WORD else 2
    candidates: list[str] = []
    for size in range(len(folded) - limit, len(folded) + limit + 1):
        candidates.extend(index.by_length.get(size, ()))
    found = process.extract(folded, candidates, scorer=OSA.distance, score_cutoff=limit, limit=12)
    costed = [(word, slip_cost(folded, word) if distance == 1 else float(distance)) for word, distance, _index in found]
    costed.sort(key=lambda item: (item[1], -index.word_df.get(item[0], 0)))
    return costed[:3]


def _fuzzy(index: Index, word: QueryWord, original: str) -> None:
    """The nearest words of the index for a misspelt word, the likeliest slip counting most. A
    real word of the reader's language (simplemma knows it: "wiegt", "cheating") is less likely a
    typo of a rules word."""
    weights = index.weights
    trust = weights.fuzzy * (weights.real_word if is_word(original, index.lang) else 1.0)
    corrections = _corrections(index, word.text)
    for index_word, cost in corrections:
        weight = trust * max(0.3, 1.0 - 0.4 * (cost - corrections[0][1]))
        tokens = word_tokens(index_word, index.lang)
        for token in tokens:
            _add(index, word, token, weight, "fuzzy", index_word)
        _group_targets(index, word, index.thesaurus.groups_of(tokens), weight * weights.synonym)
        word.correction = word.correction or index_word


def lookup(index: Index, kept: Kept) -> QueryWord:
    """One question word and its alternatives (see the module docstring), cached per index."""
    key = (kept.original, kept.joined, kept.typing)
    cached = index.word_cache.get(key)
    if cached is None:
        cached = _lookup(index, kept)
        if len(index.word_cache) >= MAX_CACHED_WORDS:
            index.word_cache.clear()
        index.word_cache[key] = cached
    return replace(cached, alternatives=[replace(a) for a in cached.alternatives])


def _lookup(index: Index, kept: Kept) -> QueryWord:
    weights, lang, folded = index.weights, index.lang, kept.folded
    word = QueryWord(folded, 1.0)
    own = word_tokens(kept.original, lang) if not is_stopword(folded, lang) else ()
    own = (*own, *(word_tokens(kept.joined, lang) if kept.joined else ()))
    for token in own:
        _add(index, word, token, 1.0, "word")
    known = bool(word.alternatives)
    _group_targets(index, word, index.thesaurus.groups_of(own), weights.synonym)
    if not known:
        _foreign(index, word, kept.original)
    if kept.typing and len(folded) >= 2 and not known:
        _completions(index, word, folded)
    for token in own:
        for compound in index.compounds_with(token):
            for compound_token in word_tokens(compound, lang):
                _add(index, word, compound_token, weights.compound, "compound", compound)
    if not word.alternatives:
        _compound_parts(index, word, folded)
    if word.alternatives or folded.isdigit():
        return word
    # Still unknown: a real word of the language ("joker", "Kloster", "farmers") is something the
    # rulebooks never speak of; any other word is a typo, read as the nearest words of the index.
    word.novel = is_word(kept.original, lang) or is_word(folded, lang)
    if len(folded) >= MIN_FUZZY:
        _fuzzy(index, word, kept.original)
    return word


def _completions(index: Index, word: QueryWord, folded: str) -> None:
    """A word still being typed: the index's words it is the start of."""
    for completion in index.completions(folded):
        for token in word_tokens(completion, index.lang):
            _add(index, word, token, index.weights.prefix, "prefix", completion)


def _compound_parts(index: Index, word: QueryWord, folded: str) -> None:
    """An unknown compound: its parts, and their synonyms."""
    weights = index.weights
    for part in index.decompounder.part_words(folded):
        tokens = word_tokens(part, index.lang)
        for token in tokens:
            _add(index, word, token, weights.part, "part", part)
        _group_targets(index, word, index.thesaurus.groups_of(tokens), weights.part * weights.synonym)


def _kept_words(index: Index, text: str, partial: bool, parsed: Parsed) -> list[Kept]:
    spans = list(word_spans(text))
    typing = partial and bool(spans) and not text[-1:].isspace() and spans[-1][1] == len(text)
    joined = separated_verbs(text, index.lang, spans)
    kept: list[Kept] = []
    for number, (start, end, folded) in enumerate(spans):
        last = typing and number == len(spans) - 1
        # A stop word is left out even while it is typed ("do" may become "dobbelsteen", but then
        # the next letter says so): the suggestions read a question as the page does.
        if is_stopword(folded, index.lang) and number not in joined:
            parsed.ignored.append(folded)
            continue
        kept.append(Kept(folded, text[start:end].lower(), last, joined.get(number, "")))
    return kept[:MAX_WORDS]


def _parts(index: Index, word: QueryWord) -> QueryWord | None:
    """A known compound's parts, as a word that adds evidence ("steenblok": "blok")."""
    if not any(a.why == "word" for a in word.alternatives):
        return None
    part_word = QueryWord(word.text, index.weights.part, counts=False)
    for part in index.decompounder.part_words(word.text):
        tokens = word_tokens(part, index.lang)
        for token in tokens:
            _add(index, part_word, token, 1.0, "part", part)
        _group_targets(index, part_word, index.thesaurus.groups_of(tokens), index.weights.synonym)
    return part_word if part_word.alternatives else None


def _phrases(index: Index, kept: list[Kept], found: list[QueryWord], sequence: list[frozenset[str]]) -> list[QueryWord]:
    """Glossary phrases in the question ("raven tower", "eerste speler"): a word of their own,
    and their words count less on their own."""
    phrases: list[QueryWord] = []
    for start, end, group in index.thesaurus.phrase_groups(sequence):
        phrase = QueryWord(" ".join(k.folded for k in kept[start:end]), 1.0)
        _group_targets(index, phrase, {group}, 1.0)
        if phrase.alternatives:
            phrases.append(phrase)
            for member in found[start:end]:
                member.weight = min(member.weight, index.weights.phrase_member)
    return phrases


def _pairs(index: Index, found: list[QueryWord]) -> list[QueryWord]:
    """Two neighbouring words of the question, where a text has them side by side."""
    weight = index.weights.pair
    if weight <= 0:
        return []
    pairs = []
    for first, second in zip(found, found[1:], strict=False):
        pair = QueryWord(f"{first.text} {second.text}", weight, counts=False)
        for a in first.alternatives:
            for b in second.alternatives:
                if a.why == b.why == "word":
                    _add(index, pair, f"{a.token}+{b.token}", 1.0, "pair")
        if pair.alternatives:
            pairs.append(pair)
    return pairs


def _once(kept: list[Kept], sequence: list[frozenset[str]]) -> tuple[list[Kept], list[frozenset[str]]]:
    """A word the question repeats ("onder een toren ... die toren weg") is asked about once, also
    where the repeat is the word still being typed (the suggestions rank as the search page does)."""
    seen: set[frozenset[str]] = set()
    keep = []
    for number, tokens in enumerate(sequence):
        if tokens and tokens in seen:
            continue
        seen.add(tokens)
        keep.append(number)
    return [kept[i] for i in keep], [sequence[i] for i in keep]


def parse(index: Index, text: str, partial: bool = False) -> Parsed:
    """The question's words with their alternatives, the stop words left out, corrections and
    the game it names. ``partial``: the last word is still being typed (it also stands for the
    words it begins)."""
    parsed = Parsed()
    kept = _kept_words(index, text, partial, parsed)
    sequence = [frozenset(word_tokens(k.original, index.lang)) for k in kept]
    named, positions = index.named_game(sequence)
    if named is not None and len(positions) < len(kept):
        parsed.game = named
        parsed.named = [kept[i].folded for i in sorted(positions)]
        kept = [item for i, item in enumerate(kept) if i not in positions]
        sequence = [s for i, s in enumerate(sequence) if i not in positions]
    kept, sequence = _once(kept, sequence)
    found = [lookup(index, k) for k in kept]
    for word in found:
        if word.correction:
            parsed.corrections.setdefault(word.text, word.correction)
    extra = _phrases(index, kept, found, sequence) + _pairs(index, found)
    for word in found:
        part_word = _parts(index, word)
        if part_word is not None:
            extra.append(part_word)
    parsed.words = [w for w in found if w.alternatives or not is_stopword(w.text, index.lang)] + extra
    return parsed
