"""Message catalogues: the sentences of events, refusals, results and labels, per language.

An engine never writes a sentence; it emits a message *key* and its *data* (``Event``,
``RuleError``, ``Result``). A game's :class:`Messages` holds one :class:`Catalogue` per language;
the rulebook's language is the source and must have every key, other languages fall back to it
key by key. Templates are ``str.format`` strings whose format specs name a formatter::

    "{figure:name} loopt {steps} {steps:plural/stap/stappen} naar {to:sq}."

``plural/one/many`` and ``join/sep`` are built in; a catalogue adds its own (``name``, ``sq``...),
each ``(value, args) -> str``. The rendered sentence starts with a capital letter.

Every other player-facing word of a game (the board's texts, the labels of actions, the hints of
tapping, the editor's texts and refusals...) is in the same ``messages_<lang>.py`` files, as
``WORDS``: one table per *namespace* (``board``, ``label``, ``tap``, ``editor``, ``refusal``...), read
through :class:`Words` (``MESSAGES.words``). A word is a plain ``str.format`` template, used as
written (no capital added) and never borrowed silently from another language: every language has
every key, and a deliberate borrowing is written out in the borrowing language's table.

The catalogues are found by convention: a game package has one ``messages_<lang>.py`` for each of
the site's languages (:data:`rules.core.languages.LANGUAGES`), each with ``MESSAGES`` (key ->
sentence) and ``WORDS`` (namespace -> key -> word); :meth:`Messages.for_package` and
:meth:`Words.for_package` read them, so a game names no language but its rulebook's.
"""

from __future__ import annotations

import importlib
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from .languages import LANGUAGES

Formatter = Callable[[Any, tuple[str, ...]], str]


def _plural(value: Any, args: tuple[str, ...]) -> str:
    if len(args) != 2:
        raise ValueError("plural needs two forms: plural/one/many")
    return args[0] if value == 1 else args[1]


def _join(value: Any, args: tuple[str, ...]) -> str:
    return (args[0] if args else ", ").join(str(v) for v in value)


BUILT_IN: dict[str, Formatter] = {"plural": _plural, "join": _join}


@dataclass(frozen=True)
class Catalogue:
    language: str
    messages: Mapping[str, str]
    formats: Mapping[str, Formatter] = field(default_factory=dict)

    def formatter(self, name: str) -> Formatter:
        if name in self.formats:
            return self.formats[name]
        if name in BUILT_IN:
            return BUILT_IN[name]
        raise KeyError(f"unknown format '{name}' in the {self.language} catalogue")


class _Fill(string.Formatter):
    def __init__(self, catalogue: Catalogue):
        self.catalogue = catalogue

    def format_field(self, value: Any, format_spec: str) -> str:
        if not format_spec:
            return str(value)
        name, *args = format_spec.split("/")
        return self.catalogue.formatter(name)(value, tuple(args))


# A template's pieces, parsed once per process: (literal text, field name or None, format name,
# format arguments, conversion). Only templates whose fields are plain names with a static format
# spec, if any, are compiled (all of the catalogues'); any other (None) is filled by
# string.Formatter as before. The tests check both give the same sentences.
_Part = tuple[str, str | None, str, tuple[str, ...], Callable[[Any], str] | None]
_CONVERSIONS: dict[str | None, Callable[[Any], str] | None] = {None: None, "r": repr, "s": str, "a": ascii}
_COMPILED: dict[str, tuple[_Part, ...] | None] = {}
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _compiled(template: str) -> tuple[_Part, ...] | None:
    try:
        return _COMPILED[template]
    except KeyError:
        compiled = _parse(template)
    if len(_COMPILED) < 10_000:  # the catalogues' templates; a bound all the same
        _COMPILED[template] = compiled
    return compiled


def _parse(template: str) -> tuple[_Part, ...] | None:
    try:
        pieces = list(string.Formatter().parse(template))
    except ValueError:  # malformed: string.Formatter raises its own error when it is rendered
        return None
    parts: list[_Part] = []
    for literal, name, spec, conversion in pieces:
        if name is None:
            parts.append((literal, None, "", (), None))
        elif conversion in _CONVERSIONS and _PLAIN_NAME.fullmatch(name) and "{" not in (spec or ""):
            format_name, *args = (spec or "").split("/")
            parts.append((literal, name, format_name, tuple(args), _CONVERSIONS[conversion]))
        else:
            return None
    return tuple(parts)


def _fill(parts: tuple[_Part, ...], catalogue: Catalogue, data: Mapping[str, Any]) -> str:
    """What ``_Fill(catalogue).vformat(template, (), data)`` returns for a compiled template."""
    out = []
    for literal, name, format_name, args, conversion in parts:
        out.append(literal)
        if name is not None:
            value = data[name] if conversion is None else conversion(data[name])
            out.append(catalogue.formatter(format_name)(value, args) if format_name else str(value))
    return "".join(out)


def catalogue_modules(name: str, source: str) -> dict[str, ModuleType]:
    """The modules ``<package>.messages_<lang>`` of every site language, the source's first;
    ``name`` is the game package or (a module's ``__name__``) a module in it."""
    package = name if hasattr(importlib.import_module(name), "__path__") else name.rpartition(".")[0]
    if source not in LANGUAGES:
        raise ValueError(f"{package}: the rulebook's language {source!r} is not a site language {LANGUAGES}")
    order = (source, *(lang for lang in LANGUAGES if lang != source))
    return {lang: importlib.import_module(f"{package}.messages_{lang}") for lang in order}


WordTables = Mapping[str, Mapping[str, str]]
"""One language's words: namespace -> key -> text."""


class Words:
    """A game's words outside its sentences, by namespace, one table set per language; ``source``
    is the rulebook's language (the language of ``None`` and of languages the game does not have)."""

    def __init__(self, source: str, tables: Mapping[str, WordTables]):
        if source not in tables:
            raise ValueError(f"the words of the source language '{source}' are missing")
        self.source = source
        self.tables = dict(tables)

    @classmethod
    def for_package(cls, name: str, *, source: str) -> Words:
        """The ``WORDS`` of ``<package>.messages_<lang>`` for every site language (module docstring);
        ``name`` is the game package or a module in it (``__name__``)."""
        return cls(source, {lang: module.WORDS for lang, module in catalogue_modules(name, source).items()})

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.tables)

    def language(self, lang: str | None) -> str:
        """The reader's language if the game has it, else the rulebook's."""
        return lang if lang is not None and lang in self.tables else self.source

    def namespaces(self) -> frozenset[str]:
        return frozenset(self.tables[self.source])

    def table(self, namespace: str, lang: str | None) -> Mapping[str, str]:
        """Every word of ``namespace`` in ``lang`` (key -> text)."""
        return self.tables[self.language(lang)][namespace]

    def word(self, namespace: str, key: str, lang: str | None) -> str:
        """The text of ``namespace``/``key`` in ``lang``, as written."""
        return self.table(namespace, lang)[key]

    def text(self, namespace: str, key: str, lang: str | None, **data: Any) -> str:
        """The text of ``namespace``/``key`` in ``lang`` with its ``{placeholders}`` filled from ``data``."""
        return self.word(namespace, key, lang).format(**data)

    def problems(self) -> list[str]:
        """Namespaces and keys a language lacks or has beyond the source, templates that do not parse."""
        out = []
        source = self.tables[self.source]
        for lang, tables in self.tables.items():
            for namespace in sorted(set(source) | set(tables)):
                have, want = tables.get(namespace, {}), source.get(namespace, {})
                out += [f"{lang}: {namespace}.{key} is missing" for key in sorted(set(want) - set(have))]
                out += [f"{lang}: {namespace}.{key} is not in the source" for key in sorted(set(have) - set(want))]
                for key, template in have.items():
                    try:
                        list(string.Formatter().parse(template))
                    except ValueError as exc:
                        out.append(f"{lang}: {namespace}.{key}: {exc}")
        return out


class Messages:
    """All catalogues of one game; ``source`` is the rulebook's language; ``words`` the game's
    words outside its sentences."""

    def __init__(self, source: Catalogue, *translations: Catalogue, words: Words | None = None):
        self.source = source
        self.catalogues: dict[str, Catalogue] = {source.language: source}
        for catalogue in translations:
            self.catalogues[catalogue.language] = catalogue
        self.words = words if words is not None else Words(source.language, {source.language: {}})

    @classmethod
    def for_package(
        cls,
        name: str,
        *,
        source: str,
        formats: Callable[[str], Mapping[str, Formatter]] | None = None,
        words: Words | None = None,
    ) -> Messages:
        """The ``MESSAGES`` of ``<package>.messages_<lang>`` for every site language (module
        docstring; ``name`` is the game package or a module in it), with ``formats(lang)``'s
        formatters; ``words`` defaults to the same files' ``WORDS``."""
        modules = catalogue_modules(name, source)
        catalogues = [Catalogue(lang, m.MESSAGES, formats(lang) if formats else {}) for lang, m in modules.items()]
        if words is None:
            words = Words(source, {lang: module.WORDS for lang, module in modules.items()})
        return cls(*catalogues, words=words)

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.catalogues)

    def keys(self) -> frozenset[str]:
        return frozenset(self.source.messages)

    def has(self, key: str) -> bool:
        return key in self.source.messages

    def render(self, key: str, data: Mapping[str, Any] | None = None, lang: str | None = None) -> str:
        """The sentence of ``key`` in ``lang`` (falling back to the source language)."""
        catalogue = self.catalogues.get(lang or self.source.language, self.source)
        if key not in catalogue.messages:
            catalogue = self.source
        template = catalogue.messages.get(key)
        if template is None:
            raise KeyError(f"message '{key}' is missing from the {self.source.language} catalogue")
        parts = _compiled(template)
        if parts is None:
            text = _Fill(catalogue).vformat(template, (), dict(data or {}))
        else:
            text = _fill(parts, catalogue, data or {})
        return text[:1].upper() + text[1:]

    def problems(self) -> list[str]:
        """Templates that do not parse, unknown formats, keys a translation has but the source lacks."""
        out = []
        for lang, catalogue in self.catalogues.items():
            for key, template in catalogue.messages.items():
                if lang != self.source.language and key not in self.source.messages:
                    out.append(f"{lang}: '{key}' is not in the source catalogue")
                try:
                    for _text, fieldname, spec, _conv in string.Formatter().parse(template):
                        if fieldname is not None and spec:
                            catalogue.formatter(spec.split("/")[0])
                except (ValueError, KeyError) as exc:
                    out.append(f"{lang}: '{key}': {exc}")
        return out
