"""Issue 24: "a target that is not offered can be asked about: tapping a square or piece with no
legal action there says why, citing the clause". For every registered game (the registry, so a new
game is covered without editing this file; tests/toygames registers a toy game like a real one):
along seeded games of random players in each of its setups (the defaults, every option on with the
fewest and the most seats), at states spread over each game, after the empty pick and after one and
two taps, every board target that is not offered gets an explanation from the view-model's
``explain``: a RuleError citing a clause of that game's rulebook (the toy game's rulebook lives in
its package), rendered as a sentence in nl, de and en, and never an exception."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import RuleError
from rules.core.registry import Capability, GameSpec, all_games, get_game
from rules.core.setup import validate_setup
from rules.core.tapping import tap_options
from tests.rulebook_ids import clause_ids, rulebook_path

GAMES = [spec.slug for spec in all_games()]
LANGS = ("nl", "de", "en")
SEEDS = (1, 2)
STATES_PER_GAME = 24  # states kept per seeded game, spread over the game


def rulebook_of(spec: GameSpec) -> Path | None:
    """The game's rulebook: the site's content, else one in the game's package (the toy game)."""
    for path in (rulebook_path(spec.slug), spec.package_dir / "rulebook.md"):
        if path.exists():
            return path
    return None


def setups(engine: Any) -> list[dict[str, Any]]:
    """The default setup, and every option switched on with the fewest and with the most of each
    number (seats): the variants a game has, whatever its options are called."""
    out = [validate_setup(engine, {})]
    for end in ("min", "max"):
        raw: dict[str, Any] = {}
        for option in engine.setup_options():
            if option.kind == "bool":
                raw[option.name] = True
            elif option.kind == "int" and getattr(option, end) is not None:
                raw[option.name] = getattr(option, end)
        setup = validate_setup(engine, raw)
        if setup not in out:
            out.append(setup)
    return out


@cache
def states(slug: str) -> tuple[Any, ...]:
    """States along seeded games of random players in each setup (up to the end, thinned out)."""
    engine = get_game(slug).engine
    out: list[Any] = []
    for seed, setup in enumerate(setups(engine) * len(SEEDS)):
        state = engine.initial_state(setup)
        run = play(engine, state, random_bots(engine, state), random.Random(seed), max_actions=600)
        seen = [state]
        for action in run.actions:
            state = engine.apply(state, action)[0]
            seen.append(state)
        step = max(1, len(seen) // STATES_PER_GAME)
        out += seen[::step] + [seen[-1]]
    return tuple(out)


def board_targets(spec: GameSpec, state: Any) -> list[str]:
    board = spec.view.board_view(spec.engine, state, lang="en")
    return sorted({sh.target for sh in board.shapes if sh.target})


def offered(spec: GameSpec, state: Any, pick: tuple[str, ...]) -> tuple[set[str], list[str]]:
    """The targets the board offers after ``pick`` (taps, and at the empty pick the shapes that play
    a legal action themselves), and the taps that go on (not playing at once)."""
    options = tap_options(spec, state, pick, "en")
    if options is None:
        return set(), []
    found = {t.target for t in options.taps}
    if not pick and not spec.engine.is_over(state):
        legal = set(spec.engine.legal_actions(state))
        found |= {sh.target for sh in spec.view.board_view(spec.engine, state, lang="en").shapes if sh.action in legal}
    return found, [t.target for t in options.taps if t.plays is None]


def picks(spec: GameSpec, state: Any, rng: random.Random) -> list[tuple[str, ...]]:
    """The empty pick, and one and two taps deep along taps the board offers."""
    out: list[tuple[str, ...]] = [()]
    pick: tuple[str, ...] = ()
    for _ in range(2):
        _found, going_on = offered(spec, state, pick)
        if not going_on:
            break
        pick = (*pick, rng.choice(going_on))
        out.append(pick)
    return out


def test_every_registered_game_explains_its_targets():
    assert "toy-game" in GAMES  # the tests' toy game is registered like a real one
    for slug in GAMES:
        spec = get_game(slug)
        assert spec.can(Capability.EXPLAIN) and spec.explain is not None, f"{slug}: declares no explain"


@pytest.mark.parametrize("slug", GAMES)
def test_every_target_not_offered_is_explained_citing_a_clause_of_the_rulebook(slug):
    spec = get_game(slug)
    engine = spec.engine
    path = rulebook_of(spec)
    clauses = clause_ids(path) if path is not None else None
    rng = random.Random(slug)
    asked = 0
    for index, state in enumerate(states(slug)):
        for pick in picks(spec, state, rng):
            shown, _ = offered(spec, state, pick)
            for target in board_targets(spec, state):
                if target in shown or target in pick:
                    continue
                lang = LANGS[asked % 3]
                asked += 1
                error = spec.view.explain(engine, state, pick, target, lang=lang)
                where = f"{slug} state {index} pick {pick} target {target}"
                assert isinstance(error, RuleError), f"{where}: no reason ({error!r})"
                assert error.clause, f"{where}: no clause"
                if clauses is not None:
                    assert error.clause in clauses, f"{where}: {error.clause} is not in {path}"
                for each in LANGS:
                    text = engine.reason(error, each)
                    assert text and "{" not in text, f"{where}: {each} {text!r}"
    assert asked > 50, f"{slug}: only {asked} targets asked about"
