"""A scenario's title, intro and captions in the other site languages (no Django).

A scenario file is written in its rulebook's language. Its other languages live beside the
scenarios, one file per language: ``<game package>/scenario_texts/<lang>.toml``, one table per
scenario id with ``title``, ``intro``, ``captions`` (one per step, in order) and optionally
``glossary_exceptions`` (glossary term ids the texts render otherwise on purpose)::

    ["bt-beurtvolgorde"]
    title = "Turn order"
    intro = "..."
    captions = ["...", "..."]

:func:`texts_problems` checks that every scenario has its texts in every language, with exactly
one caption per step and the same numbers written in digits; :func:`scenario_in` gives the
scenario as the reader of a language sees it.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .scenario_files import scenario_paths
from .scenarios import Scenario, ScenarioError, load_scenario

FOLDER = "scenario_texts"
KEYS = {"title", "intro", "captions", "glossary_exceptions"}
_DIGITS = re.compile(r"\d+")
_REFS = re.compile(r"\[\[[^\[\]]*\]\]")


@dataclass(frozen=True)
class ScenarioText:
    title: str
    intro: str
    captions: tuple[str, ...]
    glossary_exceptions: tuple[str, ...] = ()  # terms rendered otherwise on purpose


def texts_path(game: str, lang: str) -> Path | None:
    paths = scenario_paths(game)
    if not paths:
        return None
    return next(iter(paths.values())).parent.parent / FOLDER / f"{lang}.toml"


def load_texts(game: str, lang: str) -> dict[str, ScenarioText]:
    """The texts of one language (empty when the file is missing or unreadable: the scenario then
    shows its own language; ``checkrules`` reports the file)."""
    path = texts_path(game, lang)
    if path is None:
        return {}
    try:
        stat = path.stat()
    except OSError:
        return {}
    try:
        return _read(path, stat.st_mtime_ns, stat.st_size)
    except (ScenarioError, OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}


@lru_cache(maxsize=64)
def _read(path: Path, mtime_ns: int, size: int) -> dict[str, ScenarioText]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    for scenario_id, raw in data.items():
        if not isinstance(raw, dict) or set(raw) - KEYS:
            raise ScenarioError(f"'{scenario_id}' must be a table of {', '.join(sorted(KEYS))}")
        title, intro, captions = raw.get("title"), raw.get("intro", ""), raw.get("captions")
        if not isinstance(title, str) or not title.strip() or not isinstance(intro, str):
            raise ScenarioError(f"'{scenario_id}' needs a 'title' (and 'intro' must be text)")
        if not isinstance(captions, list) or not all(isinstance(c, str) and c.strip() for c in captions):
            raise ScenarioError(f"'{scenario_id}': 'captions' must be a list of texts, one per step")
        allowed = raw.get("glossary_exceptions", [])
        if not isinstance(allowed, list) or not all(isinstance(t, str) for t in allowed):
            raise ScenarioError(f"'{scenario_id}': 'glossary_exceptions' must be a list of term ids")
        out[scenario_id] = ScenarioText(
            title.strip(), intro.strip(), tuple(c.strip() for c in captions), tuple(allowed)
        )
    return out


def scenario_in(scenario: Scenario, lang: str) -> Scenario:
    """``scenario`` with its title, intro and captions in ``lang`` where a translation exists."""
    text = load_texts(scenario.game, lang).get(scenario.id)
    if text is None or len(text.captions) != len(scenario.steps):
        return scenario
    steps = tuple(
        dataclasses.replace(step, caption=caption) for step, caption in zip(scenario.steps, text.captions, strict=True)
    )
    return dataclasses.replace(scenario, title=text.title, intro=text.intro or scenario.intro, steps=steps)


def _numbers(text: str) -> Counter[str]:
    return Counter(_DIGITS.findall(_REFS.sub(" ", text)))


def texts_problems(game: str, lang: str) -> list[tuple[Path, str]]:
    """What is wrong with the ``lang`` texts of a game's scenarios: (file, message) pairs."""
    paths = scenario_paths(game)
    path = texts_path(game, lang)
    if path is None:
        return []
    if not path.exists():
        return [
            (path, f"the {lang} texts of the scenarios are missing: every scenario has its captions in nl, de and en")
        ]
    try:
        stat = path.stat()
        texts = _read(path, stat.st_mtime_ns, stat.st_size)
    except (ScenarioError, OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return [(path, f"cannot read the scenario texts: {exc}")]
    problems = []
    for scenario_id in paths:
        text = texts.get(scenario_id)
        if text is None:
            problems.append((path, f"scenario '{scenario_id}' has no {lang} texts"))
            continue
        try:
            scenario = load_scenario(game, scenario_id)
        except ScenarioError:
            continue  # reported with the scenario itself
        if len(text.captions) != len(scenario.steps):
            problems.append(
                (
                    path,
                    f"scenario '{scenario_id}' has {len(text.captions)} {lang} captions for {len(scenario.steps)} steps",
                )
            )
            continue
        pairs = [("title", scenario.title, text.title), ("intro", scenario.intro, text.intro)]
        pairs += [
            (f"caption {i}", s.caption, c)
            for i, (s, c) in enumerate(zip(scenario.steps, text.captions, strict=True), start=1)
        ]
        for what, source, translated in pairs:
            if _numbers(source) != _numbers(translated):
                problems.append(
                    (
                        path,
                        f"scenario '{scenario_id}' {what}: numbers differ from the source "
                        f"({sorted(_numbers(source).elements())} vs {sorted(_numbers(translated).elements())})",
                    )
                )
    for scenario_id in sorted(set(texts) - set(paths)):
        problems.append((path, f"'{scenario_id}' is not a scenario of this game"))
    return problems
