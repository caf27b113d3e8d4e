"""Message catalogues: the sentences of events, refusals, results and labels, per language.

An engine never writes a sentence; it emits a message *key* and its *data* (``Event``,
``RuleError``, ``Result``). A game's :class:`Messages` holds one :class:`Catalogue` per language;
the rulebook's language is the source and must have every key, other languages fall back to it
key by key. Templates are ``str.format`` strings whose format specs name a formatter::

    "{figure:name} loopt {steps} {steps:plural/stap/stappen} naar {to:sq}."

``plural/one/many`` and ``join/sep`` are built in; a catalogue adds its own (``name``, ``sq``...),
each ``(value, args) -> str``. The rendered sentence starts with a capital letter.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

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


class Messages:
    """All catalogues of one game; ``source`` is the rulebook's language."""

    def __init__(self, source: Catalogue, *translations: Catalogue):
        self.source = source
        self.catalogues: dict[str, Catalogue] = {source.language: source}
        for catalogue in translations:
            self.catalogues[catalogue.language] = catalogue

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
        text = _Fill(catalogue).vformat(template, (), dict(data or {}))
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
