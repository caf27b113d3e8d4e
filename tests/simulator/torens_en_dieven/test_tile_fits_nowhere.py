"""td-tegel-past-nergens: a drawn tile that fits nowhere goes into the box at a real table; on the
site's mini-board, which has no edges (td-landtegel-leggen), the case cannot arise: every empty space
adjacent to the playing area takes the drawn tile, whatever its kind, and there always is one. The
thief symbol is resolved before the tile is placed (td-diefsymbool-afhandelen). Each test quotes the
rulebook's sentence it checks."""

from __future__ import annotations

import random

import pytest

from rules.core.chance import sample
from rules.core.engine import RuleError
from rules.games.torens_en_dieven import ENGINE

from .support import new_game, play, pos, position

# Eight tiles in a ring around the gap (1, 1); a guarded tower of 2 on (2, 0).
RING = [[0, 0, "start"], [1, 0], [2, 0, "tower"], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1]]


def neighbours_of_the_grid(state) -> set[str]:
    tiles = {(x, y) for x, y, _k in state.tiles}
    around = {(x + dx, y + dy) for x, y in tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    return {f"place:{x},{y}" for x, y in around - tiles}


@pytest.mark.parametrize("kind", ["land", "thief4", "tower", "river", "rivertower"])
def test_td_tegel_past_nergens_the_enclosed_gap_takes_every_kind_of_tile(kind):
    """td-tegel-past-nergens: "Op het minibord van deze site komt dit niet voor: daar past elke tegel op
    elke lege plek naast het speelveld." Even the gap closed in on all four sides takes the tile."""
    s = position(phase="place", drawn=kind, tiles=RING, towers=[{"at": [2, 0], "pieces": 2}], stack={"land": 5})
    assert "place:1,1" in ENGINE.legal_actions(s)
    after, _events = play(s, "place:1,1")
    assert [1, 1, kind] in pos(after)["tiles"]


def test_td_tegel_past_nergens_every_empty_space_next_to_the_grid_is_offered():
    """td-landtegel-leggen: "elke lege plek die aan het speelveld grenst, geldt op het minibord als
    toegestaan" — and nothing else: a space not touching the grid is refused."""
    s = position(phase="place", drawn="land", tiles=RING, towers=[{"at": [2, 0], "pieces": 2}], stack={"land": 5})
    assert set(ENGINE.legal_actions(s)) == neighbours_of_the_grid(s)
    assert len(ENGINE.legal_actions(s)) == 13  # the gap and the twelve spaces around the ring
    with pytest.raises(RuleError) as refused:
        ENGINE.apply(s, "place:5,5")
    assert refused.value.clause == "td-landtegel-leggen"


def test_td_tegel_past_nergens_random_games_always_have_a_place_for_the_drawn_tile():
    """td-tegel-past-nergens: on the mini-board there always is an empty space next to the playing
    area, so a drawn tile never has to go into the box: in random games every placing step offers
    exactly the empty spaces around the grid, never none."""
    rng = random.Random(26)
    placing_steps = 0
    for players in (2, 3, 5):
        state = new_game(players=players, river=players != 3)
        while not ENGINE.is_over(state):
            if pos(state)["phase"] == "place":
                placing_steps += 1
                legal = ENGINE.legal_actions(state)
                assert legal and set(legal) == neighbours_of_the_grid(state)
            action = sample(ENGINE, state, rng) if ENGINE.chance_outcomes(state) else rng.choice(ENGINE.legal_actions(state))
            state, _ = ENGINE.apply(state, action)
    assert placing_steps > 150


def test_td_diefsymbool_afhandelen_the_symbol_is_resolved_before_the_tile_is_placed():
    """td-diefsymbool-afhandelen: "Trek je ... een tegel met een diefsymbool, dan handel je dat symbool
    af voordat je de tegel aanlegt" — so by the time it shows whether the tile fits
    (td-tegel-past-nergens), the guards have scored and gone home."""
    s = position(tiles=RING, towers=[{"at": [2, 0], "pieces": 2, "guard": "green"}], stack={"land": 5, "thief3": 1})
    s, events = play(s, "draw:thief3")
    assert pos(s)["phase"] == "place" and pos(s)["drawn"] == "thief3"
    assert pos(s)["scores"]["green"] == 3 and pos(s)["towers"][0]["guard"] is None
    keys = [e.key for e in events]
    assert keys.index("score.thief") < keys.index("guards.home")
    s, events = play(s, "place:1,1")
    assert [e.clause for e in events][0] == "td-diefsymbool-tegel-aanleggen"
    assert pos(s)["scores"]["green"] == 3  # placing the tile does not score the symbol again
