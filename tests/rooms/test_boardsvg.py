"""The board SVG the rooms send (simulator.markup's writer, without htmx attributes: the room's
script sends its links over the socket) is exactly what the simulator's board template draws."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from simulator.core.registry import all_games, get_game
from simulator.core.setup import validate_setup
from simulator.markup import board_svg
from simulator.playing import link_shapes


@pytest.mark.parametrize("slug", [spec.slug for spec in all_games()])
def test_same_markup_as_the_board_template(slug):
    spec = get_game(slug)
    engine = spec.engine
    state = engine.initial_state(validate_setup(engine, {}))
    board = spec.view.board_view(engine, state, lang="en")
    legal = set(engine.legal_actions(state))
    # Every other target a link (with a state), so links, groups and plain shapes all occur.
    shapes = link_shapes(
        board.shapes,
        lambda sh: (f"/x?pick={sh.target}&v=1", f"tap “{sh.target}”", "tap-next")
        if sh.target and hash(sh.target) % 2
        else ((f"/x?play={sh.action}", "play", "") if sh.action in legal else (None, "", "")),
    )
    interactive = any(b.href for b in shapes)
    context = {"board": board, "board_shapes": shapes, "board_interactive": interactive, "game": {"language": "nl"}}
    with translation.override("en"):  # the board's texts, and so its lang, are the reader's
        expected = render_to_string("simulator/_board_svg.html", context)
    assert str(board_svg(board, shapes, interactive, "en")).strip() == expected.strip()
    assert 'lang="en"' in expected or not (board.legend or board.description)
