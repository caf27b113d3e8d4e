"""A game's glossary: its terms in Dutch, German and English (``content/<game>/glossary.toml``).

Every translation of the game's texts (the engine's sentences and board texts, the translated clauses, FAQ entries and scenario texts) renders a term with one of the forms listed for its language, the first
being the one to write (the published edition's word where there is one). The file::

    # Finstere Flure: ...
    [[term]]
    id = "monster"
    nl = ["monster", "monsters"]
    de = ["Monster"]
    en = ["monster", "monsters"]
    note = "Fearsome Floors (English edition) and Finstere Flure (German original) say monster."
    say_nl = ["beest"]             # optional: words players use for the term (search synonyms)

The ``say_<lang>`` lists are not forms to write: translations are not checked against them. The
site search treats a term's forms and its ``say`` words in one language as synonyms, so a player
who types "duwen" also finds the rules that say "schuiven".

:func:`inconsistencies` compares a source text with its translation: a term whose source form
appears in the source and none of whose forms appear in the translation is rendered
inconsistently. Forms match as case-insensitive parts of words ("toren" in "Raventoren"), so
inflected and compound words need no list of their own when they contain a listed form; in the
source a form must start or end a word, so "ronde" in "eronder" is not the term. No Django.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.languages import LANGUAGES as LANGUAGES  # re-exported: the glossary's languages

FILE_NAME = "glossary.toml"
ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Term:
    id: str
    forms: dict[str, tuple[str, ...]]
    note: str = ""
    say: dict[str, tuple[str, ...]] = field(default_factory=dict)  # players' words, per language

    def synonyms(self, lang: str) -> tuple[str, ...]:
        """The forms and the players' words of ``lang``: what the search treats as one term."""
        return self.forms.get(lang, ()) + self.say.get(lang, ())

    def word(self, lang: str) -> str:
        """The form to write in ``lang``."""
        return self.forms[lang][0]

    def appears_in(self, text: str, lang: str) -> bool:
        folded = text.casefold()
        return any(form.casefold() in folded for form in self.forms[lang])

    def used_in(self, text: str, lang: str) -> bool:
        """Whether a source text uses the term: a form that starts a word or ends one (so
        "toren" in "Raventoren", but not "ronde" in "eronder" nor "weg" in "Bewegung")."""
        folded = text.casefold()
        return any(_word_part(form.casefold()).search(folded) for form in self.forms[lang])


@functools.lru_cache(maxsize=1024)
def _word_part(form: str) -> re.Pattern[str]:
    word = re.escape(form)
    return re.compile(rf"(?<!\w){word}|{word}(?!\w)")


class GlossaryError(ValueError):
    """A glossary file that cannot be used: ``path`` and ``detail`` (which names the term)."""

    def __init__(self, path: Path, detail: str):
        super().__init__(f"{path}: {detail}")
        self.path, self.detail = path, detail


def read_glossary(path: Path) -> list[Term]:
    """The terms of one glossary file; raises :class:`GlossaryError` naming the file and term."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise GlossaryError(path, str(exc)) from None
    unknown = set(data) - {"term"}
    if unknown:
        raise GlossaryError(path, f"unknown top-level key(s) {sorted(unknown)}; only [[term]] tables")
    terms: list[Term] = []
    seen: set[str] = set()
    for number, raw in enumerate(data.get("term", []), start=1):
        where = f"term {number} ({raw.get('id', '?')})"
        term_id = raw.get("id")
        if not isinstance(term_id, str) or not ID.match(term_id):
            raise GlossaryError(path, f"{where}: id must be lowercase words joined by hyphens")
        if term_id in seen:
            raise GlossaryError(path, f"{where}: id '{term_id}' is used twice")
        seen.add(term_id)
        extra = set(raw) - {"id", "note", *LANGUAGES, *(f"say_{lang}" for lang in LANGUAGES)}
        if extra:
            raise GlossaryError(path, f"{where}: unknown key(s) {sorted(extra)}")
        forms, say = _words(path, where, raw)
        note = raw.get("note", "")
        if not isinstance(note, str):
            raise GlossaryError(path, f"{where}: note must be text")
        terms.append(Term(term_id, forms, note, say))
    return terms


def _words(
    path: Path, where: str, raw: dict[str, Any]
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """A term's written forms per language (the one to write first) and the words players say for it."""
    forms: dict[str, tuple[str, ...]] = {}
    for lang in LANGUAGES:
        value = raw.get(lang)
        if not isinstance(value, list) or not value or not all(isinstance(f, str) and f.strip() for f in value):
            raise GlossaryError(path, f"{where}: '{lang}' must be a non-empty list of forms, the one to write first")
        forms[lang] = tuple(f.strip() for f in value)
    say: dict[str, tuple[str, ...]] = {}
    for lang in LANGUAGES:
        value = raw.get(f"say_{lang}", [])
        if not isinstance(value, list) or not all(isinstance(f, str) and f.strip() for f in value):
            raise GlossaryError(path, f"{where}: 'say_{lang}' must be a list of words players use")
        if value:
            say[lang] = tuple(f.strip() for f in value)
    return forms, say


def glossary_path(content_dir: Path, game: str) -> Path:
    return content_dir / game / FILE_NAME


# Not text: placeholders ({figure:name}), attribute lists ({#id .rule}) and references ([[id]]).
PLACEHOLDER = re.compile(r"\{[^{}]*\}|\[\[[^\[\]]*\]\]")


def inconsistencies(terms: list[Term], source_lang: str, source: str, target_lang: str, target: str) -> list[Term]:
    """The terms the source text uses that its translation does not render with a listed form.
    Placeholders (``{figure:name}`` in a message template, ``{#id .rule}`` in Markdown) are not
    text: they are left out of both."""
    source, target = PLACEHOLDER.sub(" ", source), PLACEHOLDER.sub(" ", target)
    return [t for t in terms if t.used_in(source, source_lang) and not t.appears_in(target, target_lang)]
