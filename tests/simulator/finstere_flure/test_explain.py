"""Why a target is not offered (issue 24): ``view.explain`` answers a tap on a square, a figure or
the monster that the current pick cannot continue with, citing the clause: the engine's own refusal
of the step or move the tap would stand for, else a reason of its own. Every answer is a sentence
in nl, de and en."""

from __future__ import annotations

from rules.core.setup import validate_setup
from rules.core.tapping import tap_options
from rules.games.finstere_flure import ENGINE, GAME
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION, sketch

from .support import rulebook_clauses

VIEW = GAME.view


def state(**kw):
    kw.setdefault("monster", (10, 0))
    return ENGINE.state_from_position(sketch(**kw))


def why(s, pick, target):
    offered = {t.target for t in tap_options(GAME, s, pick, "en").taps}
    assert target not in offered, f"{target} is offered after {pick}"
    error = VIEW.explain(ENGINE, s, pick, target, lang="en")
    assert error is not None and error.clause in rulebook_clauses(), error
    return error


def sentences(error) -> dict[str, str]:
    out = {lang: ENGINE.reason(error, lang) for lang in ("nl", "de", "en")}
    assert len(set(out.values())) == 3, out
    for text in out.values():
        assert "move:" not in text and "{" not in text
    return out


def test_the_square_through_the_outer_wall_is_the_engines_refusal_ff_orthogonaal():
    s = state(figures={"red2": ((0, 5), 5)})
    error = why(s, ("fig:red2",), "sq:15,5")  # the square opposite, where the monster would come out
    assert (error.clause, error.key) == ("ff-orthogonaal", "refuse.wall")
    assert "buitenmuur" in sentences(error)["nl"]


def test_a_square_that_is_no_neighbour_ff_orthogonaal():
    s = state(figures={"red2": ((5, 5), 5)})
    error = why(s, ("fig:red2",), "sq:6,6")  # diagonal
    assert (error.clause, error.key) == ("ff-orthogonaal", "why.not-adjacent")
    text = sentences(error)
    assert "schuin" in text["nl"] and "schräg" in text["de"] and "diagonally" in text["en"]


def test_a_step_too_many_ff_stappen_waarde_and_a_square_where_the_move_cannot_end_ff_vrij_eindveld():
    s = state(figures={"red1": ((5, 5), 1), "yellow1": (6, 5)})
    error = why(s, ("fig:red1", "sq:5,4"), "sq:5,3")
    assert (error.clause, error.key) == ("ff-stappen-waarde", "refuse.too-far")
    error = why(s, ("fig:red1",), "sq:6,5")  # one step, onto another figure: it could not end there
    assert error.clause == "ff-vrij-eindveld"
    sentences(error)


def test_the_monster_cannot_be_stepped_on_ff_niet_over_monster():
    s = state(monster=(6, 5), figures={"red4": ((5, 5), 4)})
    error = why(s, ("fig:red4",), "monster")
    assert (error.clause, error.key) == ("ff-niet-over-monster", "refuse.monster")
    error = why(s, (), "monster")  # before any figure: the players never move the monster
    assert (error.clause, error.key) == ("ff-ronde", "why.monster-not-moved")
    sentences(error)


def test_another_players_figure_ff_beurtvolgorde_and_a_square_first_ff_een_figuur_per_beurt():
    s = state(figures={"red2": ((5, 5), 5), "yellow2": ((3, 3), 5)})
    error = why(s, (), "fig:yellow2")
    assert (error.clause, error.key) == ("ff-beurtvolgorde", "refuse.not-your-turn")
    assert why(s, (), "sq:3,3").clause == "ff-beurtvolgorde"  # the square of that figure: the same answer
    error = why(s, (), "sq:8,8")
    assert (error.clause, error.key) == ("ff-een-figuur-per-beurt", "why.figure-first")
    assert "Rood" in sentences(error)["nl"]
    error = why(s, ("fig:red2",), "fig:yellow2")
    assert (error.clause, error.key) == ("ff-een-figuur-per-beurt", "why.one-figure")


def test_the_slide_goes_on_ff_bloedplas_glijden():
    s = state(figures={"red2": ((3, 8), 2)}, blood=[(4, 8), (5, 8), (6, 8), (7, 8)])
    error = why(s, ("fig:red2", "sq:4,8"), "sq:4,7")
    assert (error.clause, error.key) == ("ff-bloedplas-glijden", "why.sliding")
    assert "(5, 8)" in sentences(error)["en"]


def test_a_stone_against_the_wall_ff_steen_schuiven():
    s = state(figures={"red2": ((5, 1), 2)}, stones=[(5, 0)])
    error = why(s, ("fig:red2",), "sq:5,0")
    assert (error.clause, error.key) == ("ff-steen-schuiven", "refuse.stone-wall")


def test_the_monsters_turn_and_the_card_ff_ronde_ff_monster_kaart_trekken():
    s = ENGINE.state_from_position(WORKED_EXAMPLE_POSITION)
    error = why(s, (), "sq:3,3")
    assert (error.clause, error.key) == ("ff-ronde", "why.monster-turn")
    sentences(error)
    s = ENGINE.state_from_position(sketch(phase="card", discard=()))
    error = why(s, (), "sq:3,3")
    assert (error.clause, error.key) == ("ff-monster-kaart-trekken", "why.card")
    sentences(error)


def test_dmaufbau_the_free_zone_ff_dmaufbau_vrije_zone():
    s = ENGINE.initial_state(validate_setup(ENGINE, {"players": 2, "dmaufbau": True}))
    error = why(s, (), "sq:0,0")
    assert (error.clause, error.key) == ("ff-dmaufbau-vrije-zone", "refuse.place.free-zone")
    error = why(s, ("sq:7,5",), "sq:8,5")
    assert (error.clause, error.key) == ("ff-dmaufbau-plaatsen", "why.setup-kind")
    sentences(error)
