"""Board, material and set-up: ff-standaardopstelling, ff-startvoorraad, ff-monster-beginpositie and the
dmaufbau option (clause id in each test name)."""

import pytest

from rules.core.engine import CHANCE, TERMINAL, PositionError, RuleError
from rules.core.setup import validate_setup
from rules.games.finstere_flure import ENGINE, board

from .support import new_game, rulebook_clauses


def refused(st, action):
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, action)
    return info.value


# -- the board (ff-speelbord, ff-muurletters) -----------------------------------------------------------------


def test_board_has_156_squares_with_stepped_cut_corners():
    assert len(board.SQUARES) == 156
    for x in range(12, 16):
        assert (x, 0) not in board.SQUARES
    assert (11, 0) in board.SQUARES and (12, 1) in board.SQUARES and (13, 2) in board.SQUARES
    assert (14, 3) in board.SQUARES and (15, 3) not in board.SQUARES and (15, 4) in board.SQUARES
    assert (0, 7) not in board.SQUARES and (1, 8) not in board.SQUARES and (2, 9) not in board.SQUARES
    assert (3, 10) not in board.SQUARES and (4, 10) in board.SQUARES
    assert board.EXIT == (0, 0) and board.START == (15, 10)


def test_board_wrap_mapping_always_lands_on_an_edge_square_with_the_wall_behind():
    for sq in board.SQUARES:
        for d in "UDLR":
            if board.step(sq, d) not in board.SQUARES:
                entry = board.mirror(sq)
                assert entry in board.SQUARES
                back = {"U": "D", "D": "U", "L": "R", "R": "L"}[d]
                assert board.step(entry, back) not in board.SQUARES


# -- ff-standaardopstelling / ff-startvoorraad / ff-monster-beginpositie -------------------------------------


def test_ff_standaardopstelling_default_layout():
    pos = ENGINE.position_of(new_game(4))
    assert sorted(map(tuple, pos["stones"])) == sorted(
        [(2, 2), (7, 4), (8, 5), (12, 3), (13, 5), (6, 6), (4, 7), (11, 7), (14, 8), (5, 9), (8, 9)])
    assert sorted(map(tuple, pos["blood"])) == sorted(
        [(4, 8), (5, 8), (6, 8), (7, 8), (8, 2), (9, 2), (8, 3), (9, 3)])
    assert [0, 0] not in pos["stones"] and [15, 10] not in pos["stones"]
    assert pos["phase"] == "players" and pos["round"] == 1 and pos["chapter"] == 1


@pytest.mark.parametrize("n,values", [(2, [1, 2, 3, 4]), (4, [1, 2, 3, 4]), (5, [1, 2, 3]), (7, [1, 2, 3])])
def test_ff_startvoorraad_all_figures_in_the_pool_coloured_side_up(n, values):
    pos = ENGINE.position_of(new_game(n))
    assert pos["players"] == ["red", "yellow", "green", "blue", "purple", "white", "orange"][:n]
    assert len(pos["figures"]) == n * len(values)
    for fid, fig in pos["figures"].items():
        assert int(fid.lstrip("abcdefghijklmnopqrstuvwxyz")) in values
        assert fig["at"] == "pool" and fig["showing"] == int(fid[-1])


def test_ff_monster_beginpositie_on_the_exit_facing_right():
    pos = ENGINE.position_of(new_game(2))
    assert pos["monster"] == {"at": [0, 0], "facing": "R"}


def test_setup_options_are_validated_by_the_core():
    with pytest.raises(PositionError) as info:
        validate_setup(ENGINE, {"players": 8})
    assert info.value.field == "players"
    with pytest.raises(PositionError) as info:
        validate_setup(ENGINE, {"players": 3, "variant": 1})
    assert info.value.field == "variant"
    with pytest.raises(PositionError) as info:  # the seed is a driver option (the log's), not the engine's
        validate_setup(ENGINE, {"players": 3, "seed": 7})
    assert info.value.field == "seed"
    assert validate_setup(ENGINE, {}) == {"players": 4, "dmaufbau": False}
    assert validate_setup(ENGINE, {"players": "3", "dmaufbau": "on"}, from_strings=True) == {
        "players": 3, "dmaufbau": True}
    assert ENGINE.initial_state({"players": 3, "dmaufbau": False}) == new_game(3)


def test_setup_options_cite_clauses_and_have_labels_in_three_languages():
    options = {o.name: o for o in ENGINE.setup_options()}
    assert set(options) == {"players", "dmaufbau"}
    players, dm = options["players"], options["dmaufbau"]
    assert (players.kind, players.default, players.min, players.max) == ("int", 4, 2, 7)
    assert (dm.kind, dm.default) == ("bool", False)
    assert {players.clause, dm.clause} <= rulebook_clauses()
    assert ENGINE.label(players.label) == "Aantal spelers"
    assert ENGINE.label(players.label, "en") == "Number of players"
    assert ENGINE.label(players.label, "de") == "Anzahl der Spieler"
    assert ENGINE.label(dm.label, "en") == "Players place the stones and blood pools (dmaufbau)"
    assert "dmaufbau" in ENGINE.label(dm.label) and "dmaufbau" in ENGINE.label(dm.label, "de")


# -- dmaufbau -------------------------------------------------------------------------------------------------


def dm(players=3):
    return new_game(players, dmaufbau=True)


def test_ff_dmaufbau_plaatsen_players_place_in_turn_from_the_start_player():
    st = dm(3)
    assert st.phase == "setup" and not st.stones and not st.blood
    order = []
    stones = [(7, 6), (9, 6), (11, 6), (12, 6), (13, 6), (14, 6), (5, 1), (6, 1), (7, 1), (8, 1)]
    placements = ["place:stone:5,5", "place:pool4:6,3,h", "place:pool2:3,6"] + [
        f"place:stone:{x},{y}" for x, y in stones
    ]
    for action in placements:
        order.append(ENGINE.current_actor(st))
        st, events = ENGINE.apply(st, action)
    assert order == ["red", "yellow", "green"] * 4 + ["red"]
    assert st.phase == "players" and st.round == 1 and ENGINE.current_actor(st) == "red"
    assert len(st.stones) == 11 and len(st.blood) == 8
    assert events[-1].clause == "ff-ronde"


def test_ff_dmaufbau_plaatsen_objects_on_empty_squares_and_nothing_else_first():
    st = dm(2)
    assert refused(st, "move:red1:E").clause == "ff-dmaufbau-plaatsen"
    st, _ = ENGINE.apply(st, "place:stone:5,5")
    assert refused(st, "place:stone:5,5").clause == "ff-dmaufbau-plaatsen"
    assert refused(st, "place:pool2:4,4").clause == "ff-dmaufbau-plaatsen"
    assert refused(st, "place:stone:0,10").clause == "ff-dmaufbau-plaatsen"
    assert refused(st, "place:rock:3,3").clause == "ff-dmaufbau-plaatsen"


def test_ff_dmaufbau_plaatsen_each_object_once_and_pools_keep_their_shape():
    st = dm(2)
    st, _ = ENGINE.apply(st, "place:pool4:6,3,v")  # standing is allowed
    assert st.blood == frozenset({(6, 3), (6, 4), (6, 5), (6, 6)})
    assert refused(st, "place:pool4:9,3,h").clause == "ff-dmaufbau-plaatsen"


def test_ff_dmaufbau_plaatsen_legal_actions_cover_all_objects():
    actions = ENGINE.legal_actions(dm(2))
    assert any(a.startswith("place:stone:") for a in actions)
    assert any(a.startswith("place:pool4:") and a.endswith(",v") for a in actions)
    assert any(a.startswith("place:pool2:") for a in actions)
    assert "place:stone:12,10" not in actions and "place:stone:11,10" in actions


@pytest.mark.parametrize("square", [(15, 10), (14, 10), (12, 10), (15, 7), (13, 9), (0, 0), (3, 0), (1, 2), (0, 3)])
def test_ff_dmaufbau_vrije_zone_within_three_steps_of_start_or_exit(square):
    err = refused(dm(), f"place:stone:{square[0]},{square[1]}")
    assert err.clause == "ff-dmaufbau-vrije-zone"


@pytest.mark.parametrize("square", [(11, 10), (15, 6), (4, 0), (2, 2)])
def test_ff_dmaufbau_vrije_zone_four_steps_away_is_fine(square):
    st, _ = ENGINE.apply(dm(), f"place:stone:{square[0]},{square[1]}")
    assert square in st.stones


def test_ff_dmaufbau_vrije_zone_applies_to_every_blood_square():
    assert refused(dm(), "place:pool4:1,1,v").clause == "ff-dmaufbau-vrije-zone"


def test_ff_dmaufbau_bloedplassen_at_least_8_steps_from_the_start():
    # (10, 7) is 5 + 3 = 8 steps from (15, 10); (11, 7) only 7
    st, _ = ENGINE.apply(dm(), "place:pool2:9,6")  # squares (9..10, 6..7): all >= 8
    assert (10, 7) in st.blood
    assert refused(dm(), "place:pool2:10,6").clause == "ff-dmaufbau-bloedplassen"


def test_ff_dmaufbau_bloedplassen_not_touching_the_outer_wall():
    assert refused(dm(), "place:pool4:5,0,h").clause == "ff-dmaufbau-bloedplassen"
    assert refused(dm(), "place:pool2:11,1").clause == "ff-dmaufbau-bloedplassen"  # the stair of the cut corner


def test_ff_dmaufbau_bloedplassen_not_touching_the_other_pool_but_corners_may_meet():
    st, _ = ENGINE.apply(dm(), "place:pool2:5,5")
    assert refused(st, "place:pool4:5,4,h").clause == "ff-dmaufbau-bloedplassen"  # side by side
    assert refused(st, "place:pool4:7,5,v").clause == "ff-dmaufbau-bloedplassen"
    st2, _ = ENGINE.apply(st, "place:pool4:7,7,h")  # only the corner (6,6)-(7,7) is shared
    assert (7, 7) in st2.blood


def test_engine_satisfies_the_protocol():
    from rules.core.engine import Engine

    assert isinstance(ENGINE, Engine)
    assert ENGINE.slug == "finstere-flure" and ENGINE.language == "nl"
    info = ENGINE.info
    assert (info.min_seats, info.max_seats, info.information, info.chance) == (2, 7, "perfect", True)
    assert info.automatic_actors == ("monster",)
    assert ENGINE.refusal_clause == "ff-ronde" and ENGINE.refusal_clause in rulebook_clauses()


def test_seats_and_actors():
    st = new_game(3)
    assert ENGINE.seats(st) == ("red", "yellow", "green")
    assert ENGINE.current_actor(st) == "red"
    while st.phase == "players":
        st, _ = ENGINE.apply(st, ENGINE.legal_actions(st)[0])
    assert ENGINE.current_actor(st) == CHANCE
    st, _ = ENGINE.apply(st, "card:5")
    assert ENGINE.current_actor(st) == "monster" and ENGINE.automatic_action(st) == "monster"
    assert TERMINAL == ""


def test_an_action_that_is_not_text_is_refused_citing_ff_ronde():
    err = refused(new_game(2), 5)
    assert err.clause == "ff-ronde" and ENGINE.reason(err) == "Een actie is een tekst."
