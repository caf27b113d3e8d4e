"""The engine's shortcuts (issue 13, engine speed) give exactly what the plain ways give.

- ``State.evolve``/``Figure.evolve`` against ``dataclasses.replace``;
- the derived facts a state carries over from the state before it (``State.after_move``,
  ``State.with_monster``) against the same facts counted afresh;
- ``State.figure_index``/``figures_of`` (which rely on the figures being in id order) against a plain
  scan, also for figures in another order;
- the plain-step shortcut of ``moves.simulate`` against a walk through ``moves._take_step`` alone;
- the quiet monster step of ``monster.monster_step`` (no stone, no figure on its way) against
  entering every square with ``monster._Work``.

All on every state of seeded random games (2 to 7 players, with and without dmaufbau).
"""

import dataclasses
import functools
import random

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import Event, RuleError
from rules.core.replay import replay
from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE, moves
from rules.games.finstere_flure.board import mirror, on_board, step
from rules.games.finstere_flure.monster import _Work, decide, look, monster_step, slide_path
from rules.games.finstere_flure.state import (
    HIT_CARDS,
    MAX_HIT_STEPS,
    MONSTER,
    PLAYERS,
    SAVED,
    Figure,
    MonsterTurn,
    State,
)

SEEDS = range(200, 208)


@functools.cache
def games() -> tuple[tuple[State, ...], ...]:
    """The states of seeded random games, each game in order (states as the transitions built them)."""
    found = []
    for seed in SEEDS:
        rng = random.Random(seed)
        setup = validate_setup(ENGINE, {"players": 2 + seed % 6, "dmaufbau": seed % 3 == 0})
        start = ENGINE.initial_state(setup)
        game = play(ENGINE, start, random_bots(ENGINE, start), rng)
        found.append((start, *(transition.after for transition in replay(ENGINE, start, game.actions))))
    return tuple(found)


def all_states() -> list[State]:
    return [state for game in games() for state in game]


def facts(state: State) -> dict[str, object]:
    """Every derived fact of a state, through its public methods."""
    out: dict[str, object] = {
        "player_to_move": state.player_to_move(),
        "end_rung": state.end_rung(),
        "figures_in_play": state.figures_in_play(),
        "figure_squares": dict(state.figure_squares),
        "figures_at": state.figures_at(),
    }
    for player in state.players:
        out[f"saved:{player}"] = state.saved_count(player)
        out[f"figures_of:{player}"] = state.figures_of(player)
        if state.turns is not None:
            out[f"pending:{player}"] = state.pending(player)
    for f in state.figures:
        out[f"figure:{f.id}"] = state.figure(f.id)
    return out


def afresh(state: State) -> State:
    """The same state without any derived fact computed yet."""
    return dataclasses.replace(state)


def test_the_games_cover_every_phase():
    assert {s.phase for s in all_states()} == {"setup", PLAYERS, "card", MONSTER, "over"}


def test_evolve_is_replace():
    fields = [f.name for f in dataclasses.fields(State)]
    for game in games():
        for before, after in zip(game, game[1:], strict=False):
            facts(before)  # every derived fact computed: evolve must not hand on a stale one
            for name in fields:
                value = getattr(after, name)
                evolved = before.evolve(**{name: value})
                replaced = dataclasses.replace(before, **{name: value})
                assert evolved == replaced
                assert facts(evolved) == facts(replaced), name
            assert before.evolve() == before
    fig = all_states()[0].figures[0]
    for change in ({"at": (3, 4)}, {"showing": 7 - fig.showing}, {"moved": True}, {"at": SAVED, "moved": False}):
        assert fig.evolve(**change) == dataclasses.replace(fig, **change)
        assert vars(fig.evolve(**change)) == vars(dataclasses.replace(fig, **change))


def test_every_state_carries_the_facts_it_would_count_afresh():
    carried = 0
    for state in all_states():
        expected = facts(afresh(state))
        carried += "figure_squares" in vars(state)
        assert facts(state) == expected, ENGINE.position_of(state)
    assert carried > 1000  # the transitions hand most facts on


def test_after_move_is_evolve_with_the_turn_counted():
    checked = 0
    for game in games():
        for state in game:
            if state.phase != PLAYERS or state.player_to_move() is None:
                continue
            mover = state.player_to_move()
            fig = next(f for f in state.figures_of(mover) if f.in_play and not f.moved)
            for moved, saved in (
                (fig.evolve(at=SAVED, showing=fig.front, moved=False), state.saved + (fig.id,)),
                (fig.evolve(showing=7 - fig.showing, moved=True), state.saved),
            ):
                new = state.after_move(fig, moved, state.stones, saved)
                turns = list(state.turns)
                turns[state.players.index(mover)] += 1
                figures = tuple(moved if f.id == fig.id else f for f in state.figures)
                expected = dataclasses.replace(state, figures=figures, saved=saved, turns=tuple(turns))
                assert new == expected
                assert facts(new) == facts(afresh(expected))
                checked += 1
    assert checked > 500


def test_figure_lookups_do_not_depend_on_the_order_of_the_figures():
    for state in all_states()[::7]:
        shuffled = dataclasses.replace(state, figures=tuple(reversed(state.figures)))
        for s in (state, shuffled):
            for f in s.figures:
                assert s.figure(f.id) is f
                assert s.figures[s.figure_index(f.id)] is f
            for player in s.players:
                assert s.figures_of(player) == tuple(f for f in s.figures if f.owner == player)
            with pytest.raises(KeyError):
                s.figure("black9")
        assert facts(shuffled)["figure_squares"] == facts(state)["figure_squares"]


# -- a move: the plain-step shortcut -----------------------------------------------------------------


def reference_simulate(state: State, fig: Figure, path: str, events: list[Event]) -> moves.Walk:
    """``moves.simulate`` with every letter through ``moves._take_step`` (as before the shortcut)."""
    if len(path) > fig.showing:
        raise RuleError("ff-stappen-waarde", "refuse.too-far", figure=fig.id, showing=fig.showing, steps=len(path))
    for letter in path:
        if letter not in moves.PATH_LETTERS:
            raise RuleError("ff-orthogonaal", "refuse.bad-letter", figure=fig.id, letter=letter)
    ctx = moves.board_context(state, fig)
    pos = fig.at
    stones = state.stones
    trail = [pos] if isinstance(pos, tuple) else []
    for letter in path:
        if pos == SAVED:
            raise RuleError("ff-uitgang-verlaten", "refuse.after-exit", figure=fig.id)
        pos, stones = moves._take_step(ctx, pos, stones, letter, events, trail)
    if path and isinstance(pos, tuple) and pos in ctx.others:
        raise RuleError("ff-vrij-eindveld", "refuse.end-occupied", figure=fig.id, square=list(pos), other=ctx.others[pos])
    return moves.Walk(pos, stones, tuple(trail))


def _outcome(walk_of, state, fig, path):
    events: list[Event] = []
    try:
        walk = walk_of(state, fig, path, events)
    except RuleError as exc:
        return ("refused", exc.clause, exc.key, exc.data, [(e.clause, e.key, e.data) for e in events])
    return (walk, [(e.clause, e.key, e.data) for e in events])


def test_simulate_walks_as_take_step_does():
    rng = random.Random(13)
    legal = refused = 0
    for state in all_states():
        if state.phase != PLAYERS:
            continue
        actions = ENGINE.legal_actions(state) + [ENGINE.random_action(state, rng) for _ in range(6)]
        for action in actions:
            parts = action.split(":")
            if len(parts) != 3 or parts[0] != "move":
                continue
            fig = next((f for f in state.figures if f.id == parts[1]), None)
            if fig is None:
                continue
            expected = _outcome(reference_simulate, state, fig, parts[2])
            assert _outcome(moves.simulate, state, fig, parts[2]) == expected, (ENGINE.position_of(state), action)
            legal += expected[0] != "refused"
            refused += expected[0] == "refused"
    assert legal > 10_000 and refused > 500


# -- the monster: the quiet step -------------------------------------------------------------------------


def reference_monster_step(state: State) -> tuple[State, list[Event], bool]:
    """``monster.monster_step`` entering every square with ``_Work`` (as before the quiet shortcut)."""
    mt = state.monster_turn
    events: list[Event] = []
    w = _Work(state, events)
    number = mt.steps + 1
    facing, ev = decide(state.facing, look(state.monster, state.facing, w.stones, w.fig_at))
    events.append(ev)
    origin = state.monster
    target = step(origin, facing)
    through_wall = not on_board(target)
    if through_wall:
        target = mirror(origin)
    slid = slide_path(target, facing, state.blood)
    data = {
        "step": number,
        "from": list(origin),
        "to": list(target),
        "facing": facing,
        "trail": [list(origin), list(target)] + [list(s) for s in slid],
    }
    key = ("ff-monster-door-muur", "monster.wall") if through_wall else ("ff-monster-kijkt", "monster.step")
    events.append(Event(*key, data))
    w.enter(target, facing)
    if slid:
        events.append(Event("ff-monster-glijdt", "monster.slide", {"step": number, "from": list(target), "to": list(slid[-1])}))
        for sq in slid:
            w.enter(sq, facing)
    caught = mt.caught + len(w.caught)
    over = False
    if mt.card in HIT_CARDS:
        if caught >= HIT_CARDS[mt.card]:
            over = True
            events.append(Event("ff-monster-treffers", "monster.hits.done", {"caught": caught}))
        elif number >= MAX_HIT_STEPS:
            over = True
            events.append(Event("ff-monster-treffers", "monster.hits.max", {"caught": caught, "max_steps": MAX_HIT_STEPS}))
    elif number >= int(mt.card):
        over = True
        events.append(Event("ff-monster-getalkaart", "monster.steps.done", {"steps": number, "card": mt.card}))
    if over:
        events.append(Event("ff-monster-eindblik", "monster.final-look", {}))
        facing, ev = decide(facing, look(w.monster, facing, w.stones, w.fig_at), final=True)
        events.append(ev)
    new = dataclasses.replace(
        state,
        monster=w.monster,
        facing=facing,
        stones=frozenset(w.stones),
        figures=w.figures(),
        monster_turn=MonsterTurn(mt.card, steps=number, caught=caught),
    )
    return new, events, over


def test_a_quiet_monster_step_is_entering_every_square():
    quiet = busy = 0
    for state in all_states():
        if state.phase != MONSTER:
            continue
        new, events, over = monster_step(state)
        expected_new, expected_events, expected_over = reference_monster_step(state)
        assert new == expected_new and over == expected_over, ENGINE.position_of(state)
        assert [(e.clause, e.key, e.data) for e in events] == [(e.clause, e.key, e.data) for e in expected_events]
        assert facts(new) == facts(afresh(expected_new))
        if new.stones is state.stones and new.figures is state.figures:
            quiet += 1
        else:
            busy += 1
    assert quiet > 300 and busy > 150, (quiet, busy)
