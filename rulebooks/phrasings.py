"""A game's "players also say" file (``content/<game>/phrasings.toml``): for a clause or a curated
FAQ entry, the ways players put the question it answers, in each language. The search reads them
with the clause or entry, weighted above its body text. The file::

    # Finstere Flure: how players ask it.
    [clause.ff-monster-schuift-steen]
    nl = ["monster duwt steen", "monster duwt een blok weg"]
    de = ["Monster schiebt Stein"]
    en = ["monster pushes a stone"]

    [faq.monster-duwt-steen-tegen-de-muur]
    nl = ["steen en figuur tegen de muur"]

Keys are ``clause.<clause id>`` (a clause of this game) and ``faq.<slug>`` (a file
``faq/<slug>.md`` of this game). Editors add more in the admin. No Django.

A phrasing is plain words, at most :data:`MAX_CHARS` (200) characters: :func:`phrasing_problem`
refuses markup (HTML tags, Markdown emphasis, links or code, character references) and links
(web and e-mail addresses), in the files, in the admin and when an editor approves the words a
visitor typed. The search and the offline index show phrasings as text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .glossary import LANGUAGES

FILE_NAME = "phrasings.toml"
MAX_CHARS = 200  # faq.models.PHRASING_MAX
KINDS = ("clause", "faq")
REF = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# Markup: tags, Markdown's brackets, emphasis and code, table bars, escapes, character references.
MARKUP = re.compile(r"[<>\[\]{}*`|\\]|__|&#?\w+;")
# Links: a scheme, "www.", an e-mail address, or a host name with a common top-level domain.
LINK = re.compile(
    r"[a-z][a-z0-9+.-]*:/|www\.|\S@\S|\b[\w-]+\.(?:com|net|org|info|biz|io|co|me|ly|app|dev|gg|xyz|ru|cn|eu|uk|nl|de|be|at|ch|fr)\b",
    re.IGNORECASE,
)


def phrasing_problem(text: str) -> str | None:
    """Why ``text`` cannot be a phrasing: "markup", "link" or "length"; None when it can."""
    text = " ".join(text.split())
    if len(text) > MAX_CHARS:
        return "length"
    if MARKUP.search(text):
        return "markup"
    if LINK.search(text):
        return "link"
    return None


@dataclass(frozen=True)
class PhrasingSource:
    kind: str  # "clause" or "faq"
    ref: str  # clause id or FAQ slug
    language: str
    text: str


class PhrasingsError(ValueError):
    def __init__(self, path: Path, detail: str):
        super().__init__(f"{path}: {detail}")
        self.path, self.detail = path, detail


def read_phrasings(path: Path) -> list[PhrasingSource]:
    """Every phrasing of one file (none when the file does not exist); raises
    :class:`PhrasingsError` naming the table and language that is wrong."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise PhrasingsError(path, str(exc)) from None
    found: list[PhrasingSource] = []
    unknown = set(data) - set(KINDS)
    if unknown:
        raise PhrasingsError(path, f"unknown table(s) {sorted(unknown)}: use [clause.<id>] or [faq.<slug>]")
    for kind in KINDS:
        tables = data.get(kind, {})
        for ref, languages in tables.items():
            where = f"[{kind}.{ref}]"
            if not REF.match(ref) or not isinstance(languages, dict):
                raise PhrasingsError(path, f"{where}: must be a table named by a lowercase id")
            extra = set(languages) - set(LANGUAGES)
            if extra:
                raise PhrasingsError(path, f"{where}: unknown language(s) {sorted(extra)}; use {', '.join(LANGUAGES)}")
            for lang, texts in languages.items():
                found += (PhrasingSource(kind, ref, lang, text) for text in _texts(path, f"{where} {lang}", texts))
    return found


def _texts(path: Path, where: str, texts: object) -> list[str]:
    """One language's phrasings of a table, their spaces folded: plain words, short enough, none twice."""
    if not isinstance(texts, list) or not all(isinstance(t, str) and t.strip() for t in texts):
        raise PhrasingsError(path, f"{where}: must be a list of phrasings")
    seen: set[str] = set()
    folded = []
    for text in texts:
        text = " ".join(text.split())
        problem = phrasing_problem(text)
        if problem == "length":
            raise PhrasingsError(path, f"{where}: “{text[:40]}…” is longer than {MAX_CHARS} characters")
        if problem is not None:
            raise PhrasingsError(path, f"{where}: “{text[:40]}” carries {problem}: plain words only")
        if text.casefold() in seen:
            raise PhrasingsError(path, f"{where}: “{text}” is listed twice")
        seen.add(text.casefold())
        folded.append(text)
    return folded
