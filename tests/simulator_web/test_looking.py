"""The board's own parameters (?pick=, ?zoom=, ?why=) are read and written in one place
(simulator.addressing) for the simulator page, the editor and the rooms: what one surface writes,
every surface reads back the same."""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest

from rules.core.tapping import PickError
from simulator.addressing import Looking, looking, looking_query, parse_zoom


def test_what_is_written_is_read_back():
    written = looking_query(("fig:red1", "sq:3,4"), (1.0, 2.5, 7.25, 9.0), "sq:5,5")
    assert written == "pick=fig%3Ared1%2Fsq%3A3%2C4&zoom=1%2C2.5%2C7.25%2C9&why=sq%3A5%2C5"
    seen = looking(dict(parse_qsl(written)))
    assert seen == Looking(("fig:red1", "sq:3,4"), "1,2.5,7.25,9", "sq:5,5")
    assert parse_zoom(seen.zoom) == (1.0, 2.5, 7.25, 9.0)
    assert looking_query() == "" and looking({}) == Looking()
    assert looking_query(("fig:red1",), why="") == "pick=fig%3Ared1&why="  # the board's script adds the target


@pytest.mark.parametrize("params, field", [({"pick": "a/b c"}, "pick"), ({"why": "<b>"}, "why")])
def test_a_malformed_board_parameter_is_a_bad_pick_naming_it(params, field):
    with pytest.raises(PickError) as caught:
        looking(params)
    assert caught.value.code == "bad-pick" and caught.value.field == field
