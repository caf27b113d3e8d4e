"""Why a target is not offered (issue 24): ``VIEW.explain`` answers a tap on a tile, an open space,
a tower or a guard that the current phase cannot take, citing the clause: the engine's own refusal
of ``place:``, ``guard:`` or ``grow:`` wherever the tap stands for one. Every answer is a sentence in
nl, de and en."""

from __future__ import annotations

from rules.core.tapping import tap_options
from rules.games.torens_en_dieven import ENGINE, GAME

from .support import position, rulebook_clauses

VIEW = GAME.view


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
        assert "place:" not in text and "guard:" not in text and "{" not in text
    return out


def test_a_tile_already_lies_there_td_landtegel_leggen():
    s = position(phase="place", drawn="land")  # tiles on (0,0) (1,0) (2,0), a tower of 1 on (2, 0)
    error = why(s, (), "sq:1,0")
    assert (error.clause, error.key) == ("td-landtegel-leggen", "refuse.occupied")
    assert "(1, 0)" in sentences(error)["nl"]


def test_a_tower_before_the_tile_is_placed_td_drie_acties():
    s = position(phase="place", drawn="land")
    error = why(s, (), "tower:2,0")
    assert (error.clause, error.key) == ("td-drie-acties", "why.place-first")
    text = sentences(error)
    assert "landtegel" in text["nl"] and "Landschaftskarte" in text["de"] and "land tile" in text["en"]


def test_a_guard_only_on_a_tower_within_reach_td_torenbereik_td_wachter_zetten():
    s = position(
        phase="guard",
        placed=[1, 0],
        tiles=[[0, 0, "start"], [1, 0], [2, 0, "tower"], [3, 0], [4, 0, "tower"]],
        towers=[{"at": [2, 0], "pieces": 1}, {"at": [4, 0], "pieces": 1}],
    )
    error = why(s, (), "tower:4,0")  # 3 spaces from (1, 0), 1 high
    assert (error.clause, error.key) == ("td-torenbereik", "refuse.out-of-reach")
    sentences(error)
    error = why(s, (), "sq:0,0")  # a tile without a tower
    assert (error.clause, error.key) == ("td-wachter-zetten", "refuse.no-tower")
    error = why(s, (), "sq:2,0")  # the tile of the tower in reach: the guard goes on the tower itself
    assert (error.clause, error.key) == ("td-wachter-zetten", "why.guard-on-tower")
    sentences(error)


def test_the_towers_that_grow_when_the_supply_is_short():
    tiles = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [0, 1], [0, 2, "tower"], [3, 0], [3, 1, "tower"],
             [1, 1], [1, 2, "tower"], [-1, 0, "rivertower"], [0, -1, "tower"]]
    towers = [{"at": [2, 0], "pieces": 5}, {"at": [0, 2], "pieces": 3}, {"at": [3, 1], "pieces": 1},
              {"at": [1, 2], "pieces": 2}, {"at": [-1, 0], "pieces": 4, "guard": "red"}, {"at": [0, -1], "pieces": 2}]
    s = ENGINE.state_from_position({
        "players": ["red", "green"], "phase": "grow", "drawn": "thief3", "tiles": tiles, "towers": towers,
        "stack": {"land": 5}, "river_stack": {}})
    assert s.supply == 3
    error = why(s, (), "tower:2,0")
    assert (error.clause, error.key) == ("td-maximum-vijf", "refuse.grow-full")
    error = why(s, (), "guard:-1,0")
    assert (error.clause, error.key) == ("td-torens-groeien", "refuse.grow-guarded")
    error = why(s, ("tower:3,1",), "tower:3,1")  # chosen already
    assert (error.clause, error.key) == ("td-voorraad-beperkt", "refuse.grow-twice")
    error = why(s, (), "sq:1,1")
    assert (error.clause, error.key) == ("td-voorraad-beperkt", "why.grow-first")
    assert "3" in sentences(error)["de"]


def test_nothing_on_the_board_before_the_tile_is_drawn():
    error = why(position(), (), "sq:1,0")
    assert (error.clause, error.key) == ("td-landtegel-leggen", "why.draw-first")
    text = sentences(error)
    assert "stapel landtegels" in text["nl"] and "stack of land tiles" in text["en"]
    s = position(replacement=True, stolen=3)  # the thieves stole the tile: a tower tile follows
    assert why(s, (), "tower:2,0").clause == "td-torentegel-trekken"
