"""The content rules a game must meet beyond well-formed files (issue 38, D7), checked by
``checkrules`` (through ``rulebooks.loader.read_content``) so a content author hears of them before
the tests do; each problem names the file, and the line where one is known:

- a glossary of at least :data:`MIN_GLOSSARY_TERMS` terms (``glossary.toml``);
- the players' words for the search (``phrasings.toml``);
- complete catalogues: every sentence of the rulebook's language in every site language
  (``rules/games/<pkg>/messages_<lang>.py``), with the same placeholders and in the glossary's
  terms; every word (``WORDS``) in every language. The words' placeholders and glossary terms are
  checked by ``tests/simulator/test_catalogue_translations.py``, which keeps its list of known gaps.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

from rules.core.languages import LANGUAGES
from rules.core.messages import Messages
from rules.core.registry import GameSpec, get_game

from .contentset import ContentSet, GameContent, _rel
from .glossary import FILE_NAME as GLOSSARY_FILE
from .glossary import Term, inconsistencies
from .parsing import Problem
from .phrasings import FILE_NAME as PHRASINGS_FILE

MIN_GLOSSARY_TERMS = 8

_KEY_LINE = re.compile(r'^\s*"([^"]+)"\s*:')


def content_rules(content: ContentSet, root: Path) -> list[Problem]:
    """Every game's glossary, phrasings and (for a game with a rules engine) catalogues."""
    problems: list[Problem] = []
    for game in content.games.values():
        problems += game_file_problems(game, root)
        spec = get_game(game.slug)
        if spec is not None:
            problems += catalogue_problems(spec, game.glossary, root)
    return problems


def game_file_problems(game: GameContent, root: Path) -> list[Problem]:
    """A glossary of at least eight terms and a ``phrasings.toml``."""
    problems = []
    glossary = game.folder / GLOSSARY_FILE
    if glossary.exists() and len(game.glossary) < MIN_GLOSSARY_TERMS:
        problems.append(Problem(_rel(glossary, root), 1, (
            f"the glossary has {len(game.glossary)} term(s); a game needs at least {MIN_GLOSSARY_TERMS}: "
            "the words its rulebook, catalogues and scenarios must render the same way in nl, de and en")))
    phrasings = game.folder / PHRASINGS_FILE
    if not phrasings.exists():
        problems.append(Problem(_rel(phrasings, root), 0, (
            "phrasings.toml is missing: the players' own words for the game's rules, for the search "
            "(docs/CONTENT.md)")))
    return problems


def catalogue_problems(spec: GameSpec, terms: list[Term], root: Path) -> list[Problem]:
    """The game's sentences and words in every site language (module docstring)."""
    messages = spec.engine.messages
    problems = [Problem(_rel(spec.package_dir, root), 0, found) for found in messages.problems()]
    problems += [Problem(_rel(spec.package_dir, root), 0, f"WORDS {found}") for found in messages.words.problems()]
    for lang in LANGUAGES:
        path = catalogue_file(spec, lang)
        shown = _rel(path, root)
        if lang not in messages.catalogues:
            problems.append(Problem(shown, 0, f"no {lang} catalogue: every site language has every sentence"))
            continue
        lines = key_lines(path)
        for key, problem in translation_problems(messages, lang, terms):
            problems.append(Problem(shown, lines.get(key, 0), problem))
    return problems


def translation_problems(messages: Messages, lang: str, terms: list[Term]) -> list[tuple[str, str]]:
    """(key, problem) for each sentence of the source that ``lang`` lacks, fills other placeholders
    in, or renders a glossary term of otherwise."""
    source, catalogue = messages.source, messages.catalogues[lang].messages
    problems = []
    for key, template in source.messages.items():
        if key not in catalogue:
            problems.append((key, f"'{key}' is missing (in the {source.language} source)"))
        elif _fields(catalogue[key]) != _fields(template):
            problems.append((key, (f"'{key}' fills {sorted(_fields(catalogue[key]))}, the {source.language} "
                                   f"source {sorted(_fields(template))}")))
        elif lang != source.language:
            for term in inconsistencies(terms, source.language, template, lang, catalogue[key]):
                problems.append((key, f"'{key}': the glossary term '{term.id}' reads {' / '.join(term.forms[lang])}"))
    return problems


def catalogue_file(spec: GameSpec, lang: str) -> Path:
    """Where a game's ``lang`` catalogue is written (by convention ``messages_<lang>.py``)."""
    path = spec.package_dir / f"messages_{lang}.py"
    return path if path.exists() else spec.package_dir / "__init__.py"


def key_lines(path: Path) -> dict[str, int]:
    """The line of each ``"key":`` in a catalogue file (the first, for a key written twice)."""
    lines: dict[str, int] = {}
    if path.exists():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = _KEY_LINE.match(line)
            if match:
                lines.setdefault(match.group(1), number)
    return lines


def _fields(template: str) -> set[str]:
    try:
        return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name}
    except ValueError:
        return {"(does not parse)"}
