"""Moving by tapping the board (view.tap), as the online manual describes (ff-online-zet-invoeren,
ff-online-afbreken-ok): the figure, then its path square by square (every square of a blood slide
too), "OK" ends the move.

What is tappable: every legal action. Moves: any legal path (not only the shortest paths
``legal_actions`` lists), so the tap walk reaches a superset of the listed moves, each accepted by
the engine and each leading to a position some listed move leads to. Cards, the monster's step and
dmaufbau placements: exactly the legal actions. No legal action is list-only.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import RuleError
from rules.core.setup import validate_setup
from rules.core.tapping import TARGET_RE, PickError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION, sketch
from rules.games.finstere_flure.view import tap

from .support import rulebook_clauses

MONSTER_AWAY = (10, 0)


def state(**kw):
    kw.setdefault("monster", MONSTER_AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def walk_all(st, lang="nl"):
    """Every tap sequence from the empty pick: the actions reached (confirm or a tap that plays)
    and the number of picks visited."""
    reached: set[str] = set()
    visited = 0
    stack: list[tuple[str, ...]] = [()]
    while stack:
        pick = stack.pop()
        options = tap(ENGINE, st, pick, lang=lang)
        visited += 1
        assert options.chosen == pick
        if options.confirm:
            reached.add(options.confirm)
        for t in options.taps:
            assert TARGET_RE.match(t.target), t.target
            assert t.label
            if t.plays:
                reached.add(t.plays)
            else:
                stack.append(pick + (t.target,))
    return reached, visited


@cache
def random_play_states() -> tuple:
    """States of random games (2-7 players, with and without dmaufbau), every few actions."""
    out = []
    for seed, (players, dm) in enumerate([(2, False), (3, True), (4, False), (5, False), (6, True), (7, False)]):
        rng = random.Random(100 + seed)
        st = ENGINE.initial_state(validate_setup(ENGINE, {"players": players, "dmaufbau": dm}))
        run = play(ENGINE, st, random_bots(ENGINE, st), rng)
        states = [st]
        for action in run.actions:
            st, _ = ENGINE.apply(st, action)
            states.append(st)
        out += states[:: max(1, len(states) // 25)]
    return tuple(out)


def test_random_play_reaches_every_phase():
    phases = {ENGINE.position_of(s)["phase"] for s in random_play_states()}
    assert phases >= {"setup", "players", "card", "monster"}


@pytest.mark.parametrize("index", range(0, 150, 3))
def test_the_tap_walk_reaches_every_legal_action_and_only_legal_ones(index):
    states = random_play_states()
    st = states[index % len(states)]
    legal = ENGINE.legal_actions(st)
    reached, _visited = walk_all(st)
    assert set(legal) <= reached
    phase = ENGINE.position_of(st)["phase"]
    if phase != "players":
        assert reached == set(legal)
        return
    # Other paths than the listed ones: each is accepted and ends where a listed move ends.
    results = {_result(st, a) for a in legal}
    for action in reached - set(legal):
        assert _result(st, action) in results, action


def _result(st, action):
    new, _events = ENGINE.apply(st, action)  # raises RuleError for an illegal action
    pos = ENGINE.position_of(new)
    return repr((pos["figures"], pos["stones"], pos["saved"]))


def test_a_finished_game_offers_nothing_and_refuses_any_pick():
    st = ENGINE.state_from_position(
        sketch(phase="over", ending="ff-einde-kaarten-op", chapter=2, discard=("5", "7", "7", "8", "8", "10", "X"))
    )
    options = tap(ENGINE, st, ())
    assert options.taps == () and options.confirm is None
    with pytest.raises(PickError):
        tap(ENGINE, st, ("monster",))


# -- a player's move ------------------------------------------------------------------------------


def test_first_the_figures_of_the_player_to_move_are_offered_ff_beurtvolgorde():
    assert "ff-beurtvolgorde" in rulebook_clauses()
    st = state(figures={"red1": (5, 5), "red2": "saved", "yellow1": (6, 6)}, saved=["red2"])
    options = tap(ENGINE, st, ())
    assert [t.target for t in options.taps] == ["fig:red1", "fig:red3", "fig:red4"]
    assert all(t.plays is None for t in options.taps) and options.confirm is None
    assert options.status == "Rood is aan de beurt: tik een figuur aan"


def test_a_figure_that_moved_this_round_is_not_offered_ff_eens_per_ronde():
    assert "ff-eens-per-ronde" in rulebook_clauses()
    st = state(figures={"red1": {"at": [5, 5], "showing": 6, "moved": True},
                        "yellow1": {"at": [6, 6], "showing": 6, "moved": True}},
               turn={"turns_taken": {"red": 1, "yellow": 1}})
    targets = [t.target for t in tap(ENGINE, st, ()).taps]
    assert "fig:red1" not in targets and targets == ["fig:red2", "fig:red3", "fig:red4"]
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red1",))


def test_a_figure_then_ok_is_the_zero_step_move_ff_eens_per_ronde():
    st = state(figures={"red3": ((5, 5), 3)})
    options = tap(ENGINE, st, ("fig:red3",))
    assert options.confirm == "move:red3:"
    assert options.status == "Rood 3: 0 van 3 stappen gezet; OK beëindigt de zet"
    assert sorted(t.target for t in options.taps) == ["sq:4,5", "sq:5,4", "sq:5,6", "sq:6,5"]
    pool = tap(ENGINE, st, ("fig:red1",), lang="en")
    assert pool.confirm == "move:red1:" and [t.target for t in pool.taps] == ["sq:15,10"]


def test_the_path_is_tapped_square_by_square_and_ok_plays_it_ff_stappen_waarde():
    assert "ff-stappen-waarde" in rulebook_clauses()
    st = state(figures={"red4": ((5, 5), 4)})
    options = tap(ENGINE, st, ("fig:red4", "sq:5,4", "sq:5,3"))
    assert options.confirm == "move:red4:UU"
    assert options.status == "Rood 4: 2 van 4 stappen gezet; OK beëindigt de zet"
    assert tap(ENGINE, st, ("fig:red4", "sq:5,4", "sq:5,3"), lang="de").status.startswith(
        "Rot 4: 2 von 4 Schritten gesetzt")
    assert tap(ENGINE, st, ("fig:red4", "sq:5,4", "sq:5,3"), lang="en").status.startswith("Red 4: 2 of 4 steps taken")
    done = tap(ENGINE, st, ("fig:red4", "sq:5,4", "sq:5,3", "sq:4,3", "sq:4,4"))
    assert done.taps == () and done.confirm == "move:red4:UULD"  # 4 steps: nothing more
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red4", "sq:5,4", "sq:5,3", "sq:4,3", "sq:4,4", "sq:4,5"))


def test_any_path_may_be_walked_not_only_the_shortest_ff_stappen_waarde():
    st = state(figures={"red4": ((5, 5), 4)})
    options = tap(ENGINE, st, ("fig:red4", "sq:6,5", "sq:5,5"))  # there and back again: 2 steps
    assert options.confirm == "move:red4:RL"
    assert "move:red4:RL" not in ENGINE.legal_actions(st)  # the list has the 0-step move instead
    new, _ = ENGINE.apply(st, "move:red4:RL")
    assert ENGINE.position_of(new)["figures"]["red4"]["at"] == [5, 5]


def test_only_straight_neighbours_are_offered_ff_orthogonaal():
    assert "ff-orthogonaal" in rulebook_clauses()
    st = state(figures={"red4": ((5, 5), 4)})
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red4", "sq:6,6"))  # diagonal
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red4", "sq:5,3"))  # two squares at once
    wall = tap(ENGINE, state(figures={"red4": ((0, 5), 4)}), ("fig:red4",))
    assert sorted(t.target for t in wall.taps) == ["sq:0,4", "sq:0,6", "sq:1,5"]


def test_the_monsters_square_is_never_offered_ff_niet_over_monster():
    assert "ff-niet-over-monster" in rulebook_clauses()
    st = state(monster=(6, 5), figures={"red4": ((5, 5), 4)})
    assert "sq:6,5" not in [t.target for t in tap(ENGINE, st, ("fig:red4",)).taps]


def test_a_figure_may_jump_but_not_end_on_another_ff_vrij_eindveld():
    assert {"ff-over-figuren-springen", "ff-vrij-eindveld"} <= rulebook_clauses()
    st = state(figures={"red2": ((5, 5), 2), "yellow1": (6, 5)})
    on_other = tap(ENGINE, st, ("fig:red2", "sq:6,5"))
    assert on_other.confirm is None and on_other.status.endswith("hier kan de zet niet eindigen")
    assert {t.target for t in on_other.taps} == {"sq:7,5", "sq:6,4", "sq:6,6", "sq:5,5"}
    # With one step left, a square with another figure is not offered at all.
    one = state(figures={"red1": ((5, 5), 1), "yellow1": (6, 5)})
    assert "sq:6,5" not in [t.target for t in tap(ENGINE, one, ("fig:red1",)).taps]


def test_entering_is_a_tap_on_the_start_square_ff_bord_betreden():
    assert "ff-bord-betreden" in rulebook_clauses()
    st = state()
    options = tap(ENGINE, st, ("fig:red2",))
    assert [(t.target, t.label) for t in options.taps] == [("sq:15,10", "Stap 1: het bord op, naar (15, 10)")]
    entered = tap(ENGINE, st, ("fig:red2", "sq:15,10"))
    assert entered.confirm == "move:red2:E"
    assert sorted(t.target for t in entered.taps) == ["sq:14,10", "sq:15,9"]
    blocked = state(monster=(15, 10))
    assert tap(ENGINE, blocked, ("fig:red2",)).taps == ()  # the monster stands on the start square


def test_leaving_is_the_off_board_target_exit_from_the_exit_square_ff_uitgang_verlaten():
    assert "ff-uitgang-verlaten" in rulebook_clauses()
    st = state(figures={"red3": ((1, 0), 3)})
    at_exit = tap(ENGINE, st, ("fig:red3", "sq:0,0"))
    exit_tap = at_exit.tap("exit")
    assert exit_tap is not None and exit_tap.plays is None
    assert exit_tap.label == "Stap 2: door de uitgang naar buiten"
    out = tap(ENGINE, st, ("fig:red3", "sq:0,0", "exit"))
    assert out.confirm == "move:red3:LO" and out.taps == ()
    assert out.status == "Rood 3 gaat door de uitgang naar buiten: druk op OK"
    assert "exit" not in [t.target for t in tap(ENGINE, st, ("fig:red3",)).taps]  # not from (1, 0)
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red3", "sq:0,0", "exit", "sq:0,0"))


def test_every_square_of_a_blood_slide_is_tapped_one_by_one_ff_bloedplas_glijden():
    assert {"ff-bloedplas-glijden", "ff-online-zet-invoeren"} <= rulebook_clauses()
    st = state(figures={"red2": ((3, 8), 2)}, blood=[(4, 8), (5, 8), (6, 8), (7, 8)])
    first = tap(ENGINE, st, ("fig:red2", "sq:4,8"))
    assert [t.target for t in first.taps] == ["sq:5,8"]  # the only square the figure can go on to
    assert first.confirm is None and "glijdt verder: tik (5, 8) aan" in first.status
    with pytest.raises(PickError):
        tap(ENGINE, st, ("fig:red2", "sq:4,8", "sq:6,8"))  # skipping a square of the slide
    mid = tap(ENGINE, st, ("fig:red2", "sq:4,8", "sq:5,8", "sq:6,8", "sq:7,8"))
    assert [t.target for t in mid.taps] == ["sq:8,8"]
    end = tap(ENGINE, st, ("fig:red2", "sq:4,8", "sq:5,8", "sq:6,8", "sq:7,8", "sq:8,8"))
    assert end.confirm == "move:red2:R"  # one step: the slide is free
    assert end.status.startswith("Rood 2: 1 van 2 stappen gezet")
    assert {t.target for t in end.taps} == {"sq:9,8", "sq:8,7", "sq:8,9", "sq:7,8"}  # back onto the pool too


def test_a_blocked_slide_is_not_offered_ff_bloedplas_geblokkeerd():
    assert "ff-bloedplas-geblokkeerd" in rulebook_clauses()
    st = state(figures={"red2": ((3, 8), 2)}, blood=[(4, 8), (5, 8), (6, 8), (7, 8)], stones=[(8, 8)])
    assert "sq:4,8" not in [t.target for t in tap(ENGINE, st, ("fig:red2",)).taps]


def test_stepping_onto_a_stone_pushes_it_and_its_tap_says_so_ff_steen_schuiven():
    assert "ff-steen-schuiven" in rulebook_clauses()
    st = state(figures={"red2": ((5, 5), 2)}, stones=[(5, 4)])
    push = tap(ENGINE, st, ("fig:red2",)).tap("sq:5,4")
    assert push is not None and push.label == "Stap 1 naar (5, 4), schuift het steenblok"
    assert tap(ENGINE, st, ("fig:red2", "sq:5,4")).confirm == "move:red2:U"
    against_wall = state(figures={"red2": ((5, 1), 2)}, stones=[(5, 0)])
    assert "sq:5,0" not in [t.target for t in tap(ENGINE, against_wall, ("fig:red2",)).taps]


def test_malformed_picks_raise_pick_error():
    st = state(figures={"red4": ((5, 5), 4), "yellow1": (7, 7)})
    for pick in [("sq:5,5",), ("fig:yellow1",), ("fig:nobody",), ("monster",), ("card:10",),
                 ("fig:red4", "fig:red4"), ("fig:red4", "sq:99,99"), ("fig:red4", "exit"), ("fig:red4", "obj:stone")]:
        with pytest.raises(PickError):
            tap(ENGINE, st, pick)


# -- cards, the monster, dmaufbau ------------------------------------------------------------------


def test_the_monster_cards_are_off_board_taps_that_play_at_once_ff_monster_kaart_trekken():
    assert {"ff-monster-kaart-trekken", "ff-eerste-kaart"} <= rulebook_clauses()
    st = ENGINE.state_from_position(sketch(phase="card", discard=()))
    options = tap(ENGINE, st, (), lang="en")
    assert {(t.target, t.plays) for t in options.taps} == {
        ("card:5", "card:5"), ("card:7", "card:7"), ("card:8", "card:8"), ("card:10", "card:10")}  # never X first
    assert options.tap("card:10").label == "Monster card 10 (10 steps)"
    with pytest.raises(PickError):
        tap(ENGINE, st, ("card:X",))


def test_the_monsters_step_is_a_tap_on_the_monster_ff_monster_kijkt():
    assert "ff-monster-kijkt" in rulebook_clauses()
    st = ENGINE.state_from_position(WORKED_EXAMPLE_POSITION)
    options = tap(ENGINE, st, ())
    assert [(t.target, t.plays, t.label) for t in options.taps] == [("monster", "monster", "Het monster zet een stap")]
    assert options.status == (
        "Het monster loopt (kaart 10: 0 van 10 stappen gezet, nog 10): tik het monster aan voor zijn volgende stap"
    )
    with pytest.raises(PickError):
        tap(ENGINE, st, ("monster", "monster"))


def test_placements_are_taps_on_squares_and_a_choice_of_object_ff_dmaufbau_plaatsen():
    assert {"ff-dmaufbau-plaatsen", "ff-dmaufbau-vrije-zone"} <= rulebook_clauses()
    st = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2, "dmaufbau": True}))
    options = tap(ENGINE, st, ())
    targets = {t.target for t in options.taps}
    assert "sq:0,0" not in targets and "sq:15,10" not in targets  # the free zone (ff-dmaufbau-vrije-zone)
    assert all(t.plays is None for t in options.taps)  # with pools left: choose what goes there
    assert options.tap("sq:7,5").label == "Iets leggen op (7, 5)"
    kinds = tap(ENGINE, st, ("sq:7,5",), lang="en")
    assert {(t.target, t.plays) for t in kinds.taps} == {
        ("obj:stone", "place:stone:7,5"), ("obj:pool2", "place:pool2:7,5"),
        ("obj:pool4-h", "place:pool4:7,5,h"), ("obj:pool4-v", "place:pool4:7,5,v")}
    assert kinds.tap("obj:pool4-v").label == "Blood pool 1×4 vertical on (7, 5) to (7, 8)"
    assert kinds.status == "Choose what goes on (7, 5)"
    with pytest.raises(PickError):
        tap(ENGINE, st, ("sq:0,0",))


def test_with_only_stones_left_a_square_tap_places_a_stone():
    pos = sketch(phase="setup", discard=(), blood=[(4, 8), (5, 8), (6, 8), (7, 8), (8, 2), (9, 2), (8, 3), (9, 3)])
    pos["turn"] = None
    pos["placement"] = {"stones": 11, "pool4": 0, "pool2": 0}
    st = ENGINE.state_from_position(pos)
    options = tap(ENGINE, st, ())
    stone = options.tap("sq:7,5")
    assert stone is not None and stone.plays == "place:stone:7,5" and stone.label == "Steenblok op (7, 5)"
    assert "sq:4,8" not in {t.target for t in options.taps}  # blood lies there already


def test_every_tapped_action_is_accepted_by_the_engine():
    for st in random_play_states()[::4]:
        reached, _ = walk_all(st)
        for action in reached:
            try:
                ENGINE.apply(st, action)
            except RuleError as exc:  # pragma: no cover - the assertion below names it
                pytest.fail(f"{action} refused: {exc.reason}")
