"""The fast move generators give exactly what the rules' own step functions allow.

``moves.enumerate_moves`` / ``moves.legal_moves`` search on integers and bit sets (issue 13, engine
speed); ``reference_moves`` below is the search they replaced, step by step through
``moves._take_step`` (the function that also applies a move). ``placement.legal_placements`` filters
precomputed spots; ``reference_placements`` asks ``placement.check`` about every candidate action.
Both are compared on every state of seeded random games, with and without dmaufbau layouts.
"""

import functools
import random
from collections import deque

from rules.core.bots import play, random_bots
from rules.core.engine import RuleError
from rules.core.replay import replay
from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE, moves, placement
from rules.games.finstere_flure.board import EXIT, SQUARES, pool2_squares, pool4_squares
from rules.games.finstere_flure.state import OUT, PLAYERS, POOL, SAVED, SETUP

SEEDS = range(100, 106)  # 6, 7, 2, 3, 4 and 5 players


def reference_moves(state, fig):
    """One canonical (shortest, then by letter order E U D L R O) path per distinct (end, stones)."""
    ctx = moves.board_context(state, fig)
    start = (fig.at, state.stones)
    seen = {start: ""}
    results = {start: ""}
    frontier = deque([start])
    while frontier:
        key = frontier.popleft()
        path = seen[key]
        if len(path) >= fig.showing:
            continue
        pos, stones = key
        if pos == SAVED:
            continue
        for letter in "E" if pos == POOL else "UDLRO":
            if letter == "O" and pos != EXIT:
                continue
            try:
                new_pos, new_stones = moves._take_step(ctx, pos, stones, letter, None)
            except RuleError:
                continue
            new_key = (new_pos, new_stones)
            if new_key in seen:
                continue
            seen[new_key] = path + letter
            frontier.append(new_key)
            if new_pos == SAVED or new_pos not in ctx.others:
                results.setdefault(new_key, path + letter)
    return [f"move:{fig.id}:{p}" for p in results.values()]


def reference_placements(state):
    pl = state.placement
    candidates = sorted(SQUARES, key=lambda s: (s[1], s[0]))
    spots = []
    if pl.stones:
        spots += [(f"place:stone:{x},{y}", "stone", ((x, y),)) for x, y in candidates]
    if pl.pool4:
        spots += [(f"place:pool4:{x},{y},{o}", "pool4", pool4_squares(x, y, o)) for x, y in candidates for o in "hv"]
    if pl.pool2:
        spots += [(f"place:pool2:{x},{y}", "pool2", pool2_squares(x, y)) for x, y in candidates]
    out = []
    for action, kind, squares in spots:
        try:
            placement.check(state, kind, squares)
        except RuleError:
            continue
        out.append(action)
    return out


@functools.cache
def states():
    """Every state of seeded random games: 2 to 7 players, half of them with dmaufbau."""
    found = []
    for seed in SEEDS:
        rng = random.Random(seed)
        setup = validate_setup(ENGINE, {"players": 2 + seed % 6, "dmaufbau": seed % 2 == 0})
        start = ENGINE.initial_state(setup)
        game = play(ENGINE, start, random_bots(ENGINE, start), rng)
        found.append(start)
        found += [transition.after for transition in replay(ENGINE, start, game.actions)]
    return tuple(found)


def test_every_figure_has_the_moves_the_step_rules_allow():
    pushes = slides = 0
    for state in states():
        if state.phase != PLAYERS:
            continue
        figures = [f for f in state.figures if f.in_play]
        for fig in figures:
            expected = reference_moves(state, fig)
            assert moves.enumerate_moves(state, fig) == expected, (ENGINE.position_of(state), fig.id)
            for action in expected:
                walk = moves.simulate(state, fig, action.split(":")[2])
                pushes += walk.stones != state.stones
                slides += any(sq in state.blood for sq in walk.trail)
        # all figures at once (the pool figures share one search)
        assert moves.legal_moves(state, figures) == [a for f in figures for a in reference_moves(state, f)]
    assert pushes > 100 and slides > 100  # the sample exercises pushing stones and sliding over blood


def test_legal_actions_of_the_players_are_the_moves_of_the_figures_due():
    for state in states():
        if state.phase == PLAYERS:
            mover = state.player_to_move()
            due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
            assert ENGINE.legal_actions(state) == [a for f in due for a in reference_moves(state, f)]


def test_placements_are_the_ones_the_placement_check_allows():
    checked = 0
    for state in states():
        if state.phase == SETUP:
            assert placement.legal_placements(state) == reference_placements(state)
            checked += 1
    assert checked == 3 * 13  # three dmaufbau games, 11 stones and 2 blood pools each


def test_a_saved_or_caught_figure_only_stays():
    state = next(s for s in states() if s.phase == PLAYERS)
    fig = state.figures[0]
    for at in (SAVED, OUT):
        gone = type(fig)(fig.id, fig.owner, fig.front, fig.showing, at)
        assert moves.enumerate_moves(state, gone) == reference_moves(state, gone) == [f"move:{fig.id}:"]
