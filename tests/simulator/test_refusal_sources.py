"""Issue 41: every refusal cites the rule that forbids the move. Each game declares, for every kind of
refusal (its message key, the engine's and the "why not?" answers' alike), the clauses whose text or
interpretation note is its source (``Engine.refusal_sources``, the game's ``citations.py``), and the
verdicts that rest on the site's own reading of an open rule (``Engine.readings``).

For every registered game (the registry: the tests' toy game is covered without a line here), every
refusal met in the game's scenarios and at a few hundred positions of seeded random play (random
well-formed actions, legal or not, and "why not?" on board targets) cites a clause that exists, is a
rule clause of that game's rulebook, and is one of the sources its kind declares. A static reading of
the game package finds every ``RuleError(clause, key)`` written with literal words, so a refusal no
random game reaches is held to its declaration too.
"""

from __future__ import annotations

import ast
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rulebooks.parsing import parse_file
from rules.core.bots import play, random_bots
from rules.core.engine import NotAnAction, RuleError
from rules.core.registry import GameSpec, all_games, get_game
from rules.core.scenario_files import scenario_ids
from rules.core.scenarios import load_scenario, replay
from tests.rulebook_ids import rulebook_path
from tests.simulator.test_explain_every_game import picks, setups

GAMES = [spec.slug for spec in all_games()]
SEEDS = (1, 2)
PLAYED_STATES = 120  # states kept from random play per game (spread over its games)
SCENARIO_STATES = 120  # states kept from the scenarios per game (spread over them)
TRIES = 5  # random actions tried per state
TARGETS = 3  # board targets asked "why not?" per state


def rulebook_of(spec: GameSpec) -> Path:
    """The game's rulebook: the site's content, else the one in its package (the toy game)."""
    path = rulebook_path(spec.slug)
    return path if path.exists() else spec.package_dir / "rulebook.md"


@cache
def clauses_of(slug: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(every clause id, the ``.rule`` clauses, the clauses with an interpretation note)."""
    book, problems = parse_file(rulebook_of(get_game(slug)))
    assert not problems, problems
    ids = frozenset(c.id for c in book.clauses)
    rules = frozenset(c.id for c in book.clauses if c.kind == "rule")
    noted = frozenset(c.id for c in book.clauses if c.notes)
    return ids, rules, noted


@cache
def positions(slug: str) -> tuple[Any, ...]:
    """States spread over every scenario of the game, and over seeded random games of it."""
    engine = get_game(slug).engine
    out: list[Any] = []
    for scenario_id in sorted(scenario_ids(slug)):
        out += [frame.state for frame in replay(engine, load_scenario(slug, scenario_id), check=False)]
    played: list[Any] = []
    for seed, setup in enumerate(setups(engine) * len(SEEDS)):
        state = engine.initial_state(setup)
        run = play(engine, state, random_bots(engine, state), random.Random(seed), max_actions=400)
        for action in run.actions:
            played.append(state)
            state = engine.apply(state, action)[0]
        played.append(state)
    return tuple(out[:: max(1, len(out) // SCENARIO_STATES)] + played[:: max(1, len(played) // PLAYED_STATES)])


@cache
def scenario_refusals(slug: str) -> tuple[RuleError, ...]:
    """The refusals the game's scenarios show (their ``refused`` steps)."""
    engine = get_game(slug).engine
    out: list[RuleError] = []
    for scenario_id in sorted(scenario_ids(slug)):
        out += [f.refused for f in replay(engine, load_scenario(slug, scenario_id), check=False) if f.refused]
    return tuple(out)


def refusals_at(spec: GameSpec, state: Any, rng: random.Random) -> list[tuple[str, RuleError]]:
    """(what was asked, its refusal) for random actions at ``state`` and "why not?" on board targets."""
    engine = spec.engine
    out: list[tuple[str, RuleError]] = []
    for _ in range(TRIES):
        action = engine.random_action(state, rng)
        try:
            engine.apply(state, action)
        except NotAnAction:
            continue  # no rule is asked: it cites nothing
        except RuleError as exc:
            out.append((action, exc))
    explain = spec.explain
    if explain is not None:
        board = spec.view.board_view(engine, state, lang="en")
        targets = sorted({sh.target for sh in board.shapes if sh.target})
        for pick in picks(spec, state, rng):  # before any tap, and after one or two the board offers
            for target in rng.sample(targets, min(TARGETS, len(targets))):
                error = explain(engine, state, pick, target, lang="en") if target not in pick else None
                if isinstance(error, RuleError):
                    out.append((f"why {target} after {pick}", error))
    return out


def check(spec: GameSpec, asked: str, error: RuleError) -> str | None:
    """What is wrong with the clause ``error`` cites for ``asked`` (None: it cites a declared source)."""
    ids, rules, _noted = clauses_of(spec.slug)
    sources = spec.engine.refusal_sources
    if error.key not in sources:
        return f"{asked!r}: the refusal kind {error.key!r} declares no source clauses"
    if error.clause not in ids:
        return f"{asked!r}: {error.key} cites {error.clause!r}, no clause of {spec.slug}"
    if error.clause not in rules:
        return f"{asked!r}: {error.key} cites {error.clause!r}, not a rule clause of {spec.slug}"
    if error.clause not in sources[error.key]:
        return f"{asked!r}: {error.key} cites {error.clause!r}, not one of its sources {sorted(sources[error.key])}"
    return None


@pytest.mark.parametrize("slug", GAMES)
def test_every_refusal_cites_a_source_its_kind_declares(slug):
    spec = get_game(slug)
    rng = random.Random(slug)
    met: list[tuple[str, RuleError]] = [("scenario", e) for e in scenario_refusals(slug)]
    for state in positions(slug):
        met += refusals_at(spec, state, rng)
    wrong = sorted({problem for asked, error in met if (problem := check(spec, asked, error))})
    assert not wrong, f"{slug}:\n" + "\n".join(wrong[:30])
    kinds = {error.key for _asked, error in met}
    assert len(met) > 50 and len(kinds) >= 3, f"{slug}: only {len(met)} refusals of {len(kinds)} kinds met"


@pytest.mark.parametrize("slug", GAMES)
def test_every_declared_source_is_a_rule_clause_and_every_kind_a_sentence(slug):
    spec = get_game(slug)
    engine = spec.engine
    _ids, rules, _noted = clauses_of(slug)
    assert engine.refusal_sources, f"{slug}: no refusal sources declared (Engine.refusal_sources)"
    for key, clauses in engine.refusal_sources.items():
        assert engine.messages.has(key), f"{slug}: {key} has no sentence in the catalogues"
        assert clauses, f"{slug}: {key} declares no clause"
        assert clauses <= rules, f"{slug}: {key} declares {sorted(clauses - rules)}, not rule clauses"


@pytest.mark.parametrize("slug", GAMES)
def test_every_reading_links_a_clause_with_an_interpretation_note(slug):
    engine = get_game(slug).engine
    _ids, _rules, noted = clauses_of(slug)
    for key, clause in engine.readings.items():
        assert engine.messages.has(key), f"{slug}: the reading {key} has no sentence"
        assert clause in noted, f"{slug}: {key} rests on {clause}, which has no interpretation note"


def literal_refusals(folder: Path) -> list[tuple[str, int, str | None, str]]:
    """Every ``RuleError(clause, key, ...)`` in the package's modules: (file, line, the clause if
    written as a literal, the key or the literal start of an f-string key)."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleError" and len(node.args) >= 2):
                continue
            clause_arg, key_arg = node.args[0], node.args[1]
            clause = clause_arg.value if isinstance(clause_arg, ast.Constant) else None
            if isinstance(key_arg, ast.Constant) and isinstance(key_arg.value, str):
                key = key_arg.value
            elif isinstance(key_arg, ast.JoinedStr) and isinstance(key_arg.values[0], ast.Constant):
                key = str(key_arg.values[0].value) + "*"
            else:
                continue
            out.append((path.name, node.lineno, clause if isinstance(clause, str) else None, key))
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_every_refusal_written_in_the_package_is_declared(slug):
    spec = get_game(slug)
    sources = spec.engine.refusal_sources
    found = literal_refusals(spec.package_dir)
    assert found, f"{slug}: no RuleError found in {spec.package_dir}"
    wrong = []
    for name, line, clause, key in found:
        keys = [k for k in sources if k.startswith(key[:-1])] if key.endswith("*") else [key] if key in sources else []
        if not keys:
            wrong.append(f"{name}:{line}: {key} is not declared")
        elif clause is not None and not any(clause in sources[k] for k in keys):
            wrong.append(f"{name}:{line}: {clause} is not a declared source of {key}")
    assert not wrong, f"{slug}:\n" + "\n".join(wrong)
