"""Rounds, turn order, chapters, cards and the endings (clause id in each test name)."""

import pytest

from rules.core.engine import Result, RuleError
from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.examples import sketch

from .support import by_key, new_game

AWAY = (10, 0)


def load(**kw):
    kw.setdefault("monster", AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def clauses(events):
    return [e.clause for e in events]


def refused(st, action):
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, action)
    return info.value


def zero_steps(st):
    """Let the player to move make a 0-step move with their first due figure."""
    actor = ENGINE.current_actor(st)
    fig = next(f for f in st.figures if f.owner == actor and f.in_play and not f.moved)
    return ENGINE.apply(st, f"move:{fig.id}:")


# -- ff-ronde ------------------------------------------------------------------------------------------


def test_ff_ronde_players_then_card_then_monster_then_next_round():
    st = load(figures={"red1": (5, 5), "yellow1": (6, 6)})
    seen = []
    while st.phase == "players":
        seen.append(ENGINE.current_actor(st))
        st, events = zero_steps(st)
    assert seen == ["red", "yellow"] * 4
    assert st.phase == "card" and "ff-ronde" in clauses(events)
    st, _ = ENGINE.apply(st, "card:8")
    assert st.phase == "monster"
    for _ in range(8):
        st, events = ENGINE.apply(st, "monster")
    assert st.phase == "players" and st.round == 4 and "ff-ronde" in clauses(events)
    assert not any(f.moved for f in st.figures)
    assert ENGINE.current_actor(st) == "red"


# -- ff-beurtvolgorde ----------------------------------------------------------------------------------


def test_ff_beurtvolgorde_round_robin_skipping_players_without_figures_due():
    st = load(players=("red", "yellow", "green"),
              figures={"red2": "saved", "red3": "saved", "green1": "saved", "green2": "saved"},
              saved=["red2", "green1", "red3", "green2"])
    order = []
    while st.phase == "players":
        order.append(ENGINE.current_actor(st))
        st, _ = zero_steps(st)
    assert order == ["red", "yellow", "green", "red", "yellow", "green", "yellow", "yellow"]


def test_ff_beurtvolgorde_refuses_the_wrong_player():
    st = load()
    assert refused(st, "move:yellow1:").clause == "ff-beurtvolgorde"
    st, events = ENGINE.apply(st, "move:red1:")
    assert clauses(events)[-1] == "ff-beurtvolgorde" and ENGINE.current_actor(st) == "yellow"


def test_ff_beurtvolgorde_every_round_starts_with_the_start_player():
    st = load(phase="monster", discard=("5", "7"), monster=(10, 0), facing="L")
    for _ in range(7):
        st, _ = ENGINE.apply(st, "monster")
    assert st.phase == "players" and ENGINE.current_actor(st) == "red"


# -- ff-eens-per-ronde ----------------------------------------------------------------------------------


def test_ff_eens_per_ronde_each_figure_once_and_every_figure_in_play():
    st = load(figures={"red1": (5, 5)})
    st, _ = ENGINE.apply(st, "move:red1:U")
    st, _ = ENGINE.apply(st, "move:yellow1:")
    assert refused(st, "move:red1:U").clause == "ff-eens-per-ronde"
    moved = 2
    while st.phase == "players":
        st, _ = zero_steps(st)
        moved += 1
    assert moved == 8  # all eight figures (board and pool) had a turn


def test_ff_eens_per_ronde_zero_steps_is_always_possible():
    st = load(monster=(15, 10), figures={"red1": ((5, 5), 1), "yellow1": (5, 4), "yellow2": (5, 6),
                                         "yellow3": (4, 5), "yellow4": (6, 5)})
    assert "move:red1:" in ENGINE.legal_actions(st)


# -- ff-eerste-ronde ------------------------------------------------------------------------------------


def test_ff_eerste_ronde_two_turns_each_then_the_monster():
    st = new_game(3)
    order = []
    while st.phase == "players":
        order.append(ENGINE.current_actor(st))
        st, _ = ENGINE.apply(st, ENGINE.legal_actions(st)[-1])
    assert order == ["red", "yellow", "green"] * 2
    assert st.phase == "card"
    pos = ENGINE.position_of(st)
    moved = [f for f in pos["figures"].values() if f["at"] != "pool"]
    waiting = [f for f in pos["figures"].values() if f["at"] == "pool"]
    assert len(moved) == 6 and len(waiting) == 6
    assert all(f["showing"] in (1, 2, 3, 4) for f in waiting)  # not turned over
    assert all(f["showing"] in (6, 5, 4, 3) for f in moved)


def test_ff_eerste_ronde_no_third_figure():
    st = new_game(2)
    st, _ = ENGINE.apply(st, "move:red1:E")
    st, _ = ENGINE.apply(st, "move:yellow1:")
    st, _ = ENGINE.apply(st, "move:red2:")
    assert refused(st, "move:red3:").clause == "ff-eerste-ronde"
    st, _ = ENGINE.apply(st, "move:yellow2:")
    assert st.phase == "card"


# -- ff-eerste-kaart -----------------------------------------------------------------------------------


def test_ff_eerste_kaart_never_x_or_xx():
    st = load(phase="card", discard=())
    outcomes = {o.action: o.probability for o in ENGINE.chance_outcomes(st)}
    assert outcomes == pytest.approx({"card:5": 1 / 6, "card:7": 2 / 6, "card:8": 2 / 6, "card:10": 1 / 6})
    assert refused(st, "card:X").clause == "ff-eerste-kaart"
    assert refused(st, "card:XX").clause == "ff-eerste-kaart"
    _, events = ENGINE.apply(st, "card:7")
    assert "ff-eerste-kaart" in clauses(events)


# -- chapters -------------------------------------------------------------------------------------------


def test_ff_hoofdstuk_1_einde_after_the_seventh_card_is_walked():
    st = load(phase="card", discard=("5", "7", "7", "8", "8", "10"), monster=(2, 5), figures={"yellow1": (3, 5)})
    st, _ = ENGINE.apply(st, "card:X")
    assert st.phase == "monster" and st.chapter == 1
    st, events = ENGINE.apply(st, "monster")
    assert "ff-hoofdstuk-1-einde" in clauses(events) and "ff-hoofdstuk-2" in clauses(events)
    pos = ENGINE.position_of(st)
    assert pos["chapter"] == 2 and pos["round"] == 8 and pos["phase"] == "players"
    assert pos["deck"] == ["5", "7", "7", "8", "8", "10", "X", "XX"] and pos["discard"] == []


def test_ff_hoofdstuk_2_everything_stays_and_no_first_round_rule():
    st = load(phase="card", discard=("7", "7", "8", "8", "10", "X"), monster=(2, 5), facing="R",
              figures={"red1": (9, 9), "yellow1": (13, 8)})
    st, _ = ENGINE.apply(st, "card:5")
    for _ in range(5):
        st, _ = ENGINE.apply(st, "monster")
    assert st.chapter == 2 and st.monster == (7, 5) and st.facing == "R"
    assert st.figure("red1").at == (9, 9) and st.figure("yellow1").at == (13, 8)
    turns = 0
    while st.phase == "players":
        st, _ = zero_steps(st)
        turns += 1
    assert turns == 8  # every figure, not two per player
    assert {o.action for o in ENGINE.chance_outcomes(st)} >= {"card:X", "card:XX"}  # not the game's first card


def test_ff_gepakt_hoofdstuk_1_back_to_the_pool_keeping_its_side_and_may_enter_again():
    st = load(phase="monster", discard=("5",), monster=(2, 5), figures={"yellow1": ((3, 5), 6)})
    st, events = ENGINE.apply(st, "monster")
    assert "ff-gepakt-hoofdstuk-1" in clauses(events)
    assert ENGINE.position_of(st)["figures"]["yellow1"] == {"at": "pool", "showing": 6, "moved": False}
    for _ in range(4):
        st, _ = ENGINE.apply(st, "monster")
    st, _ = ENGINE.apply(st, "move:red1:")
    assert "move:yellow1:EU" in ENGINE.legal_actions(st)


def test_ff_gepakt_hoofdstuk_2_lost_for_good():
    st = load(phase="monster", chapter=2, discard=("5",), monster=(2, 5), figures={"yellow1": (3, 5)})
    st, events = ENGINE.apply(st, "monster")
    assert "ff-gepakt-hoofdstuk-2" in clauses(events)
    assert ENGINE.position_of(st)["figures"]["yellow1"] == "out"
    for _ in range(4):
        st, _ = ENGINE.apply(st, "monster")
    st, _ = ENGINE.apply(st, "move:red1:")
    assert refused(st, "move:yellow1:").clause == "ff-gepakt-hoofdstuk-2"
    assert not any(a.startswith("move:yellow1") for a in ENGINE.legal_actions(st))


# -- endings ------------------------------------------------------------------------------------------


def test_ff_einde_ingeluid_third_saved_figure_with_four_figures():
    st = load(monster=(10, 5), figures={"red2": "saved", "red3": "saved", "red1": ((1, 0), 6)},
              saved=["red2", "red3"])
    st, events = ENGINE.apply(st, "move:red1:LO")
    assert "ff-einde-ingeluid" in clauses(events)
    assert st.phase == "players"  # the round is finished first


def test_ff_einde_ingeluid_second_saved_figure_with_three_figures():
    st = load(players=("red", "yellow", "green", "blue", "purple"), monster=(10, 5),
              figures={"red2": "saved", "red1": ((1, 0), 6)}, saved=["red2"])
    _, events = ENGINE.apply(st, "move:red1:LO")
    assert "ff-einde-ingeluid" in clauses(events)


def test_ff_einde_kampioenschap_round_is_finished_then_no_monster():
    st = load(monster=(10, 5), figures={"red2": "saved", "red3": "saved", "red1": ((1, 0), 6)},
              saved=["red2", "red3"])
    st, _ = ENGINE.apply(st, "move:red1:LO")
    order = []
    while st.phase == "players":
        order.append(ENGINE.current_actor(st))
        st, events = zero_steps(st)
    assert order == ["yellow", "red", "yellow", "yellow", "yellow"]
    assert st.phase == "over" and ENGINE.is_over(st) and ENGINE.current_actor(st) == ""
    assert ENGINE.legal_actions(st) == [] and ENGINE.chance_outcomes(st) == []
    res = ENGINE.result(st)
    assert res.winners == ("red",) and res.clause == "ff-einde-kampioenschap"
    assert res.tiebreak is None and res.draw is False and res.scores == {"red": 3, "yellow": 0}
    assert "ff-einde-kampioenschap" in clauses(events)
    assert ENGINE.describe(events[-1]) == ENGINE.describe_result(res) == "Rood wint met 3 geredde figuren."
    assert refused(st, "card:5").clause == "ff-einde-kampioenschap"


def test_ff_einde_gelijke_stand_who_reached_the_number_first():
    st = load(monster=(10, 5),
              figures={"red2": "saved", "red3": "saved", "yellow2": "saved", "yellow3": "saved",
                       "red1": ((1, 0), 6), "yellow1": ((0, 1), 6)},
              saved=["yellow2", "red2", "yellow3", "red3"])
    st, _ = ENGINE.apply(st, "move:red1:LO")
    st, _ = ENGINE.apply(st, "move:yellow1:UO")
    while st.phase == "players":
        st, events = zero_steps(st)
    res = ENGINE.result(st)
    assert isinstance(res, Result)
    assert res.scores == {"red": 3, "yellow": 3}
    assert res.winners == ("red",) and res.tiebreak == "ff-einde-gelijke-stand" and res.draw is False
    assert res.clause == "ff-einde-kampioenschap" and res.key == "result.tiebreak"
    assert res.data["others"] == ["yellow"]
    assert ENGINE.describe_result(res) == (
        "Rood wint met 3 geredde figuren; geel redde er evenveel, maar rood bereikte dat aantal het eerst.")
    # the game's last event states the result, citing the tie-break clause
    last = events[-1]
    assert last.clause == "ff-einde-gelijke-stand" and last.key == "result.tiebreak"
    assert ENGINE.describe(last) == ENGINE.describe_result(res)
    assert res.as_dict(ENGINE.describe_result(res))["tiebreak"] == "ff-einde-gelijke-stand"


def test_ff_einde_gelijke_stand_without_a_tie_no_tiebreak():
    st = load(monster=(10, 5),
              figures={"red2": "saved", "red3": "saved", "yellow2": "saved",
                       "red1": ((1, 0), 6), "yellow1": ((0, 1), 6)},
              saved=["yellow2", "red2", "red3"])
    st, events = ENGINE.apply(st, "move:red1:LO")
    assert by_key(events, "end.rung").data == {"player": "red", "saved": 3}
    st, _ = ENGINE.apply(st, "move:yellow1:UO")
    while st.phase == "players":
        st, _ = zero_steps(st)
    res = ENGINE.result(st)
    assert res.winners == ("red",) and res.scores == {"red": 3, "yellow": 2}
    assert res.tiebreak is None and res.key == "result.win"


def test_ff_einde_gelijke_stand_nobody_saved_is_a_draw():
    st = load(phase="over", chapter=2, ending="ff-einde-kaarten-op", discard=("5", "7", "7", "8", "8", "10", "X"))
    res = ENGINE.result(st)
    assert res.winners == () and res.draw is True and res.clause == "ff-einde-kaarten-op"
    assert res.tiebreak == "ff-einde-gelijke-stand" and res.scores == {"red": 0, "yellow": 0}
    assert ENGINE.describe_result(res) == "Niemand heeft een figuur gered: gelijkspel."


def test_ff_einde_bord_leeg_last_figure_caught_in_chapter_2():
    figures = {"red1": "saved", "red2": "saved", "red3": "out", "red4": "out",
               "yellow2": "saved", "yellow3": "saved", "yellow4": "out", "yellow1": (3, 5)}
    st = load(phase="monster", chapter=2, discard=("10",), monster=(2, 5), figures=figures,
              saved=["red1", "yellow2", "red2", "yellow3"])
    st, events = ENGINE.apply(st, "monster")
    assert st.phase == "over" and "ff-einde-bord-leeg" in clauses(events)
    res = ENGINE.result(st)
    assert res.clause == "ff-einde-bord-leeg" and res.winners == ("red",)


def test_ff_einde_bord_leeg_not_while_figures_wait_in_the_pool():
    figures = {"red1": "saved", "red2": "saved", "red3": "out", "red4": "out",
               "yellow2": "saved", "yellow3": "saved", "yellow4": "pool", "yellow1": (3, 5)}
    st = load(phase="monster", chapter=2, discard=("5",), monster=(2, 5), figures=figures,
              saved=["red1", "yellow2", "red2", "yellow3"])
    for _ in range(5):
        st, _ = ENGINE.apply(st, "monster")
    assert st.phase == "players" and ENGINE.current_actor(st) == "yellow"


def test_ff_einde_kaarten_op_after_seven_cards_in_chapter_2():
    st = load(phase="card", chapter=2, discard=("5", "7", "7", "8", "8", "10"), monster=(2, 5),
              figures={"red1": "saved"}, saved=["red1"])
    st, _ = ENGINE.apply(st, "card:X")
    steps = 0
    while st.phase == "monster":
        st, events = ENGINE.apply(st, "monster")
        steps += 1
    assert steps == 20 and st.phase == "over"
    assert "ff-einde-kaarten-op" in clauses(events)
    assert ENGINE.result(st).winners == ("red",)
