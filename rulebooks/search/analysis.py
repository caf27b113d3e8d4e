"""How the search reads a word: folded, lemmatised, stemmed, split into the words of a compound.

The same steps run when a text is indexed and when a question is searched, so "duwt", "duwen" and
"geduwd" meet, as do "Steinblöcke" and "steinblock":

- *folding* (:func:`rulebooks.textsearch.fold`): lowercase, accents off, ß -> ss;
- *tokens* of a word (:func:`word_tokens`): the Snowball stem (PyStemmer) of the word and, where
  simplemma's dictionary knows the word's lemma, the stem of the lemma too ("duwt" -> "duw" through
  "duwen"; "ran" -> "run"); a lemma that is a stop word is not used ("eerste" is not "één");
- *compounds* (:class:`Decompounder`): a Dutch or German word that is made of words the rulebooks
  use ("steenblok" = "steen" + "blok", "Zugbrücke" = "zug" + "brücke", "monsterkaart" = "monster" +
  "kaart"), with the linking letters of each language ("-s-", "-en-", "-er-"), is also indexed by
  its parts, at a lower weight, so "blok" finds "steenblokken" and "stenen blok" finds "steenblok";
- *separable verbs* (:func:`separated_verbs`): a German or Dutch verb whose particle stands at the
  end of its clause ("das Knochentier schläft wieder ein", "het monster kijkt nog eens rond") also
  stands for the whole verb ("einschlafen", "rondkijken"), in the texts and in the questions.

No Django here: the index (:mod:`rulebooks.search.index`) and its tests use this directly.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterable, Iterator

import simplemma
import Stemmer

from rulebooks.textsearch import fold, fold_with_map

from .stopwords import is_stopword

STEMMERS = {"nl": "dutch", "de": "german", "en": "english"}
WORD = re.compile(r"[a-z0-9]+")

# Compounds: a word of at least MIN_COMPOUND letters splits into parts of at least MIN_PART
# letters; a head may end in one of the language's linking letters ("steen|en|blok" is not needed,
# but "spelers|bord" -> "speler" + "bord", "Spieler|s|..."). Heads that are only prefixes are not
# words of their own ("ver|plaatsen", "be|wegen", "ent|fernen").
COMPOUND_LANGUAGES = ("nl", "de")
MIN_COMPOUND = 6
MIN_PART = 3
LINKS = {"nl": ("en", "s", "e"), "de": ("es", "en", "er", "s", "n", "e")}
NOT_HEADS = frozenset(
    {"ver", "ont", "her", "mis", "zer", "ent", "emp", "miss", "ge", "be", "er", "un", "aan", "uit", "ein", "aus"}
)

# Particles that split off a verb and go to the end of the clause ("schläft ... ein"); a particle
# joins a verb of its clause only where the joined word is a verb simplemma knows.
SEPARABLE_PARTICLES = {
    "de": frozenset(
        """ab an auf aus bei dabei davon durch ein fest fort her herab heran herauf heraus herein herum
        herunter hin hinauf hinaus hinein hinunter hoch los mit nach nieder um vor voran voraus vorbei
        weg weiter wieder zu zurück zusammen""".split()
    ),
    "nl": frozenset(
        """aan achter achteruit af bij binnen dicht door in langs mee na neer om omhoog omlaag omver op
        open over rond terug toe uit vast voor vooruit weg""".split()
    ),
}
CLAUSE_BREAK = re.compile(r"[.,;:!?()\[\]\n]")
CLAUSE_END = re.compile(r"(\w+)\W*?(?:[.,;:!?()\[\]\n]|$)")  # the last word of each clause

_local = threading.local()


def _stemmer(lang: str) -> Stemmer.Stemmer:
    """PyStemmer's stemmers are not thread-safe: one per thread and language."""
    stemmers = getattr(_local, "stemmers", None)
    if stemmers is None:
        stemmers = _local.stemmers = {}
    stemmer = stemmers.get(lang)
    if stemmer is None:
        stemmer = stemmers[lang] = Stemmer.Stemmer(STEMMERS.get(lang, "english"))
    return stemmer


@functools.lru_cache(maxsize=200_000)
def stem(word: str, lang: str) -> str:
    """The Snowball stem of a folded word (digits are their own stem)."""
    if word.isdigit():
        return word
    stemmed: str = _stemmer(lang).stemWord(word)  # PyStemmer has no type information
    return stemmed


@functools.lru_cache(maxsize=200_000)
def lemma(word: str, lang: str) -> str:
    """simplemma's lemma of a lowercase word, folded ("op_sluiten" -> "opsluiten"); "" when it
    knows none or only a stop word ("eerste" -> "één" is not used)."""
    if lang not in STEMMERS or word.isdigit():
        return ""
    found = fold(simplemma.lemmatize(word, lang=lang)).replace(" ", "")
    if not found or found == fold(word) or len(found) < MIN_PART or not found.isalnum() or is_stopword(found, lang):
        return ""
    return found


# Numbers written as words, cardinal and ordinal, stand for their digits too ("tweede hoofdstuk"
# finds "hoofdstuk 2", "zwei" finds "Kapitel 2", "3 figures" finds "three figures"). Not "een",
# "ein", "one": they are articles as often as numbers.
_NUMBERS = {
    "nl": """twee:2 drie:3 vier:4 vijf:5 zes:6 zeven:7 acht:8 negen:9 tien:10 elf:11 twaalf:12 twintig:20
        eerste:1 tweede:2 derde:3 vierde:4 vijfde:5 zesde:6 zevende:7 achtste:8 negende:9 tiende:10""",
    "de": """eins:1 zwei:2 zwo:2 drei:3 vier:4 funf:5 sechs:6 sieben:7 acht:8 neun:9 zehn:10 elf:11 zwolf:12
        zwanzig:20 erste:1 erster:1 ersten:1 erstes:1 zweite:2 zweiter:2 zweiten:2 zweites:2 dritte:3
        dritter:3 dritten:3 vierte:4 vierten:4 funfte:5 funften:5 sechste:6 siebte:7 achte:8""",
    "en": """two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11 twelve:12 twenty:20
        first:1 second:2 third:3 fourth:4 fifth:5 sixth:6 seventh:7 eighth:8 ninth:9 tenth:10""",
}
NUMBER_WORDS = {lang: dict(pair.split(":") for pair in table.split()) for lang, table in _NUMBERS.items()}
ORDINAL = re.compile(r"(\d{1,2})(?:e|de|ste|st|nd|rd|th)")  # "2e", "2de", "2nd", "3rd"


def number(folded: str, lang: str) -> str:
    """The digits a folded word stands for ("tweede" -> "2", "3rd" -> "3"), or ""."""
    found = NUMBER_WORDS.get(lang, {}).get(folded, "")
    if not found and folded[:1].isdigit():
        match = ORDINAL.fullmatch(folded)
        found = match.group(1) if match else ""
    return found


@functools.lru_cache(maxsize=200_000)
def word_tokens(word: str, lang: str) -> tuple[str, ...]:
    """The tokens of one lowercase word: the stem of its folded form, the stem of its lemma when
    that differs, and the digits of a number written as a word. Both the index and the question
    use these."""
    folded = fold(word).replace(" ", "")
    tokens = [stem(folded, lang)]
    found = lemma(word, lang)
    if found and stem(found, lang) not in tokens:
        tokens.append(stem(found, lang))
    digits = number(folded, lang)
    if digits and digits not in tokens:
        tokens.append(digits)
    return tuple(tokens)


@functools.lru_cache(maxsize=100_000)
def joined_verb(particle: str, word: str, lang: str) -> str:
    """The verb a particle at the end of a clause makes with ``word`` ("ein" + "schläft" ->
    "einschlafen"), folded; "" when that is no verb simplemma knows."""
    found = simplemma.lemmatize(word, lang=lang)
    if not found or not found.isalpha() or not found.endswith("n") or len(found) < 4:
        return ""  # infinitives end in -en, -ern, -eln (both languages)
    joined = f"{particle}{found}"
    if not simplemma.is_known(joined, lang=lang):
        return ""
    return fold(joined).replace(" ", "")


def separated_verbs(text: str, lang: str, spans: list[tuple[int, int, str]] | None = None) -> dict[int, str]:
    """For the words of ``text`` (numbered as :func:`word_spans` yields them, or ``spans``): the
    whole verb a word stands for when its particle stands apart at the end of the clause ("Wann
    schläft das Knochentier ein?" -> {1: "einschlafen"})."""
    particles = SEPARABLE_PARTICLES.get(lang)
    if not particles or not any(m.group(1).lower() in particles for m in CLAUSE_END.finditer(text)):
        return {}
    found: dict[int, str] = {}
    clause: list[tuple[int, str]] = []  # (number, lowercase word) of the clause so far
    last_end = 0
    spans = list(word_spans(text)) if spans is None else spans
    for number, (start, end, _folded) in enumerate(spans + [(len(text), len(text), "")]):
        if CLAUSE_BREAK.search(text, last_end, start) or number == len(spans):
            if len(clause) >= 2 and clause[-1][1] in particles:
                particle = clause[-1][1]
                for position, word in clause[:-1]:
                    joined = joined_verb(particle, word, lang)
                    if joined:
                        found[position] = joined
            clause = []
        if number < len(spans):
            clause.append((number, text[start:end].lower()))
        last_end = end
    return found


@functools.lru_cache(maxsize=200_000)
def foreign_tokens(word: str, lang: str) -> tuple[str, ...]:
    """The tokens a lowercase word of another language is looked up by: its folded form and its
    lemma in that language (simplemma's dictionary), never a stem, so a word of the reader's
    language does not meet a foreign word by chance ("beginners" is not German "Beginn")."""
    folded = fold(word).replace(" ", "")
    found = fold(simplemma.lemmatize(word, lang=lang)).replace(" ", "") if lang in STEMMERS and not word.isdigit() else ""
    return (folded, found) if found and found != folded and found.isalnum() else (folded,)


@functools.lru_cache(maxsize=200_000)
def is_word(word: str, lang: str) -> bool:
    """Whether simplemma's dictionary knows a lowercase word in ``lang`` (a real word, not a typo)."""
    return lang in STEMMERS and simplemma.is_known(word, lang=lang)


def words(text: str) -> list[str]:
    """The folded words of a text, in order."""
    return WORD.findall(fold(text))


def word_spans(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, folded word) of every word of ``text``, with positions in ``text``."""
    folded, positions = fold_with_map(text)
    for match in WORD.finditer(folded):
        yield positions[match.start()], positions[match.end() - 1] + 1, match.group(0)


def content_words(text: str, lang: str) -> list[str]:
    """The folded words of a text that are not stop words."""
    return [w for w in words(text) if not is_stopword(w, lang)]


class Decompounder:
    """Splits Dutch and German compounds into words that occur in a vocabulary (the rulebooks'
    own words and the glossary's), so splitting is driven by the game's language: "steenblok" is
    split because "steen" and "blok" are words of the rulebook."""

    def __init__(self, lang: str, vocabulary: Iterable[str]):
        self.lang = lang
        self.enabled = lang in COMPOUND_LANGUAGES
        self.links = LINKS.get(lang, ())
        self.known_words = {w for w in vocabulary if len(w) >= MIN_PART and w not in NOT_HEADS}
        self.known_stems = {stem(w, lang) for w in self.known_words}
        self._cache: dict[str, tuple[str, ...]] = {}

    def _known(self, word: str) -> bool:
        return len(word) >= MIN_PART and word not in NOT_HEADS and (
            word in self.known_words or stem(word, self.lang) in self.known_stems
        )

    def _head(self, head: str) -> str | None:
        """The word a compound's first part stands for ("spelers" -> "speler"), or None."""
        if self._known(head):
            return head
        for link in self.links:
            if head.endswith(link) and self._known(head[: -len(link)]):
                return head[: -len(link)]
        return None

    def split(self, word: str) -> tuple[str, ...]:
        """The parts of a compound (two or more), or () when ``word`` is not one."""
        if not self.enabled or len(word) < MIN_COMPOUND or not word.isalpha():
            return ()
        cached = self._cache.get(word)
        if cached is None:
            cached = self._cache[word] = self._split(word, depth=0)
        return cached

    def _split(self, word: str, depth: int) -> tuple[str, ...]:
        best: tuple[str, ...] = ()
        for cut in range(MIN_PART, len(word) - MIN_PART + 1):
            head = self._head(word[:cut])
            if head is None:
                continue
            tail = word[cut:]
            if len(tail) <= MIN_PART and (is_stopword(tail, self.lang) or tail not in self.known_words):
                continue  # "kaar|ten", "richt|ing": an ending, not a word of the compound
            if self._known(tail):
                parts: tuple[str, ...] = (head, tail)
            elif depth < 2 and len(tail) >= MIN_COMPOUND:
                rest = self._split(tail, depth + 1)
                if not rest:
                    continue
                parts = (head, *rest)
            else:
                continue
            # Fewest parts first, then the longest shortest part ("steen|blok", not "ste|en|blok").
            if not best or (len(parts), -min(map(len, parts))) < (len(best), -min(map(len, best))):
                best = parts
        return best

    def part_words(self, word: str) -> tuple[str, ...]:
        """The parts of a compound that carry meaning (not stop words)."""
        return tuple(p for p in self.split(word) if not is_stopword(p, self.lang))
