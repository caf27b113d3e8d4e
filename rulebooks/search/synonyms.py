"""Synonyms for the search, from the games' glossaries: a term's forms in Dutch, German and English
(the published editions' words) and the words players use for it ("duwen" for "schuiven",
"beginnen" for "startspeler"; the glossary's ``say_<lang>`` lists).

A question word that is one of a group's forms in the reader's language also searches the
group's other forms in that language. A word the reader's texts do not know at all is looked up in
the other languages too (with each language's own stemmer), so a German word typed on the English
pages ("Steinblock") finds the English term ("stone block"). Forms of several words ("eerste
speler", "magic potion") are matched as a whole in the question, and searched as phrases: the
pairs of their neighbouring words (``pair_targets``), never word by word, so "bottle" (a players'
word for a potion, like "magic potion") does not find "magic places".

No Django: :class:`SynonymGroup` is built from :class:`rulebooks.glossary.Term` by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.languages import LANGUAGES

from .analysis import content_words, word_tokens


@dataclass(frozen=True)
class SynonymGroup:
    """One term: its forms per language (the glossary's forms, then the players' words)."""

    id: str
    forms: Mapping[str, tuple[str, ...]]


@dataclass
class Thesaurus:
    """The synonym groups as the search of one language uses them."""

    lang: str
    groups: list[SynonymGroup]
    # token -> groups in which a one-word form of the reader's language has that token
    by_token: dict[str, set[int]] = field(default_factory=dict)
    # "<lang>:<token>" -> groups, for one-word forms of the other languages (for unknown words),
    # each form's tokens made with its own language's stemmer
    foreign_by_token: dict[str, set[int]] = field(default_factory=dict)
    # multi-word forms of the reader's language: (token sets of its words, group)
    phrases: list[tuple[tuple[frozenset[str], ...], int]] = field(default_factory=list)
    # group -> the tokens of its one-word forms in the reader's language
    targets: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # group -> its several-word forms in the reader's language, as pairs of neighbouring tokens
    pair_targets: dict[int, tuple[str, ...]] = field(default_factory=dict)
    # phrases by the tokens of their first word (made on first use)
    _by_first: dict[str, list[tuple[tuple[frozenset[str], ...], int]]] | None = None

    @classmethod
    def build(cls, lang: str, groups: Iterable[SynonymGroup]) -> Thesaurus:
        thesaurus = cls(lang, list(groups))
        for number, group in enumerate(thesaurus.groups):
            targets: list[str] = []
            pairs: list[str] = []
            for other in LANGUAGES:
                for form in group.forms.get(other, ()):
                    form_words = content_words(form, other)
                    if not form_words:
                        continue
                    if other != lang:
                        if len(form_words) == 1:
                            for token in word_tokens(form_words[0], other):
                                thesaurus.foreign_by_token.setdefault(f"{other}:{token}", set()).add(number)
                        continue
                    tokens = [word_tokens(w, lang) for w in form_words]
                    if len(form_words) == 1:
                        targets.extend(t for t in tokens[0] if t not in targets)
                        for token in tokens[0]:
                            thesaurus.by_token.setdefault(token, set()).add(number)
                        continue
                    thesaurus.phrases.append((tuple(frozenset(t) for t in tokens), number))
                    for first, second in zip(tokens, tokens[1:], strict=False):
                        pairs.extend(f"{a}+{b}" for a in first for b in second if f"{a}+{b}" not in pairs)
            thesaurus.targets[number] = tuple(targets)
            thesaurus.pair_targets[number] = tuple(pairs)
        return thesaurus

    def game_of(self, group: int) -> str:
        """The game whose glossary a group comes from ("" for the table's everyday words)."""
        scope, _sep, _term = self.groups[group].id.partition(":")
        return "" if scope == "everyday" else scope

    def groups_of(self, tokens: Iterable[str]) -> set[int]:
        found: set[int] = set()
        for token in tokens:
            found |= self.by_token.get(token, set())
        return found

    def foreign_groups_of(self, lang: str, tokens: Iterable[str]) -> set[int]:
        """Groups with a one-word form in ``lang`` (not the reader's) having one of ``tokens``
        (made with ``lang``'s stemmer)."""
        found: set[int] = set()
        for token in tokens:
            found |= self.foreign_by_token.get(f"{lang}:{token}", set())
        return found

    def phrase_groups(self, word_tokens_seq: list[frozenset[str]]) -> list[tuple[int, int, int]]:
        """(start, end, group) for every multi-word form that occurs in a sequence of words."""
        if self._by_first is None:
            by_first: dict[str, list[tuple[tuple[frozenset[str], ...], int]]] = {}
            for tokens, number in self.phrases:
                for token in tokens[0]:
                    by_first.setdefault(token, []).append((tokens, number))
            self._by_first = by_first
        found = []
        for start, first in enumerate(word_tokens_seq):
            candidates = {id(c): c for token in first for c in self._by_first.get(token, ())}
            for tokens, number in candidates.values():
                size = len(tokens)
                if start + size <= len(word_tokens_seq) and all(
                    tokens[i] & word_tokens_seq[start + i] for i in range(1, size)
                ):
                    found.append((start, start + size, number))
        return sorted(set(found))
