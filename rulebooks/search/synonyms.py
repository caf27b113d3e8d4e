"""Synonyms for the search, from the games' glossaries: a term's forms in Dutch, German and English
(the published editions' words) and the words players use for it ("duwen" for "schuiven",
"beginnen" for "startspeler"; the glossary's ``say_<lang>`` lists).

A question word that is one of a group's forms in the reader's language also searches the
group's other forms in that language. A word the reader's texts do not know at all is looked up in
the other languages too, so a German word typed on the English pages ("Steinblock") finds the
English term ("stone block"). Forms of several words ("eerste speler") are matched as a whole in
the question, and searched word by word.

No Django: :class:`SynonymGroup` is built from :class:`rulebooks.glossary.Term` by the caller.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules.core.languages import LANGUAGES

from .analysis import content_words, word_tokens

SAME_LANGUAGE = 0.8  # weight of a synonym in the reader's language
OTHER_LANGUAGE = 0.7  # weight of the reader's form of a term typed in another language


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
    # token -> groups, for one-word forms of the other languages (used for unknown words)
    foreign_by_token: dict[str, set[int]] = field(default_factory=dict)
    # multi-word forms of the reader's language: (token sets of its words, group)
    phrases: list[tuple[tuple[frozenset[str], ...], int]] = field(default_factory=list)
    # group -> the tokens it searches in the reader's language
    targets: dict[int, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def build(cls, lang: str, groups: Iterable[SynonymGroup]) -> Thesaurus:
        thesaurus = cls(lang, list(groups))
        for number, group in enumerate(thesaurus.groups):
            targets: list[str] = []
            for other in LANGUAGES:
                for form in group.forms.get(other, ()):
                    form_words = content_words(form, other)
                    if not form_words:
                        continue
                    if other == lang:
                        for word in form_words:
                            for token in word_tokens(word, lang):
                                if token not in targets:
                                    targets.append(token)
                        if len(form_words) == 1:
                            for token in word_tokens(form_words[0], lang):
                                thesaurus.by_token.setdefault(token, set()).add(number)
                        else:
                            tokens = tuple(frozenset(word_tokens(w, lang)) for w in form_words)
                            thesaurus.phrases.append((tokens, number))
                    elif len(form_words) == 1:
                        for token in word_tokens(form_words[0], other):
                            thesaurus.foreign_by_token.setdefault(token, set()).add(number)
            thesaurus.targets[number] = tuple(targets)
        return thesaurus

    def groups_of(self, tokens: Iterable[str]) -> set[int]:
        found: set[int] = set()
        for token in tokens:
            found |= self.by_token.get(token, set())
        return found

    def foreign_groups_of(self, tokens: Iterable[str]) -> set[int]:
        found: set[int] = set()
        for token in tokens:
            found |= self.foreign_by_token.get(token, set())
        return found

    def phrase_groups(self, word_tokens_seq: list[frozenset[str]]) -> list[tuple[int, int, int]]:
        """(start, end, group) for every multi-word form that occurs in a sequence of words."""
        found = []
        for tokens, number in self.phrases:
            size = len(tokens)
            for start in range(len(word_tokens_seq) - size + 1):
                if all(tokens[i] & word_tokens_seq[start + i] for i in range(size)):
                    found.append((start, start + size, number))
        return found
