"""The drawing of the board (view.board_view): tap targets, coordinates, the wall letters, the trail of
the monster's whole turn, catches, the card in play, start pools, figures with identity and face
value, and colours that stay apart for colour-blind players."""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from rules.games.finstere_flure import ENGINE
from rules.games.finstere_flure.board import EDGE_SQUARES, SQUARES, mirror, walls
from rules.games.finstere_flure.examples import WORKED_EXAMPLE_POSITION, sketch
from rules.games.finstere_flure.state import COLOURS, front_values
from rules.games.finstere_flure.view import board_view
from tests.colour_vision import SIMULATIONS, ciede2000, lab, linear, simulate

from .support import rulebook_clauses

ROOT = Path(__file__).resolve().parents[3]
CSS = (ROOT / "rules/games/finstere_flure/static/board.css").read_text()
SITE_CSS = (ROOT / "static/css/simulator.css").read_text()
MONSTER_AWAY = (10, 0)


def state(**kw):
    kw.setdefault("monster", MONSTER_AWAY)
    return ENGINE.state_from_position(sketch(**kw))


def attrs(shape):
    return dict(shape.attrs)


def texts(bv, css):
    return [(s.text, float(attrs(s)["x"]), float(attrs(s)["y"])) for s in bv.shapes if s.kind == "text" and css in s.css.split()]


def square_rects(bv):
    """Board square -> its rect shape, read from the drawing (x, y of the rect, not the target)."""
    out = {}
    for s in bv.shapes:
        if s.kind == "rect" and s.css.split()[0] == "sq":
            a = attrs(s)
            out[(float(a["x"]), float(a["y"]))] = s
    return out


def origin(bv):
    """Where square (0, 0) is drawn."""
    exit_rect = next(s for s in bv.shapes if "sq-exit" in s.css.split())
    return float(attrs(exit_rect)["x"]), float(attrs(exit_rect)["y"])


def square_at(bv, x, y):
    ox, oy = origin(bv)
    return math.floor(x - ox), math.floor(y - oy)


# -- tap targets -------------------------------------------------------------------------------------


def test_every_square_figure_and_the_monster_carry_the_agreed_target_ids():
    st = state(figures={"red1": ((5, 5), 6), "yellow2": (7, 7), "yellow3": "pool"})
    bv = board_view(ENGINE, st)
    targets = [s.target for s in bv.shapes if s.target]
    assert len(targets) == len(set(targets))
    squares = {t for t in targets if t.startswith("sq:")}
    assert squares == {f"sq:{x},{y}" for x, y in SQUARES}
    assert {t for t in targets if not t.startswith("sq:")} == {"fig:red1", "fig:yellow2", "monster"}
    # The square target sits on the square drawn there.
    ox, oy = origin(bv)
    for (x, y), rect in square_rects(bv).items():
        assert rect.target == f"sq:{round(x - ox)},{round(y - oy)}"
    # Every target has an accessible name.
    assert all(s.title for s in bv.shapes if s.target)


def test_a_figure_shows_its_face_value_and_its_identity_so_board_and_text_agree():
    st = state(figures={"red1": ((5, 5), 6), "yellow1": ((7, 7), 1)})  # the review's "red 1 showing 6"
    bv = board_view(ENGINE, st)
    by_figure = {}
    current = None
    for s in bv.shapes:
        if s.kind == "g-start" and s.target.startswith("fig:"):
            current = by_figure.setdefault(s.target, [])  # the group carries the figure's target
        elif s.kind == "g-end":
            current = None
        elif current is not None:
            assert not s.target  # one link per figure: nothing inside the group has its own
            current.append(s)
    assert set(by_figure) == {"fig:red1", "fig:yellow1"}
    red = by_figure["fig:red1"]
    assert sorted(s.text for s in red if s.kind == "text") == ["6", "R1"]
    circle = next(s for s in red if s.kind == "circle")
    assert "Rood 1" in circle.title and "toont 6" in circle.title and "(5, 5)" in circle.title
    assert sorted(s.text for s in by_figure["fig:yellow1"] if s.kind == "text") == ["1", "Ge1"]
    english = board_view(ENGINE, st, lang="en")
    assert "Y1" in [s.text for s in english.shapes if s.kind == "text"]


# -- coordinates and the wall ----------------------------------------------------------------------------


def test_coordinates_stand_on_all_four_edges_in_the_captions_notation_ff_speelbord():
    """Columns above and below the board; every row's number inside its square on the left wall
    and on the right wall (where the row reaches that wall): the board has no room at its sides,
    so that its 16 columns fill a 390 px phone a thumb wide each (issue 34)."""
    assert "ff-speelbord" in rulebook_clauses()
    bv = board_view(ENGINE, state())
    ox, oy = origin(bv)
    coords = texts(bv, "coord")
    top = sorted((int(t), x) for t, x, y in coords if y < oy)
    bottom = sorted((int(t), x) for t, x, y in coords if y > oy + 11)
    assert top == bottom == [(i, ox + i + 0.5) for i in range(16)]
    inside = [(int(t), square_at(bv, x, y)) for t, x, y in coords if oy < y < oy + 11]
    left = sorted(t for t, sq in inside if sq[0] == 0)
    right = sorted(t for t, sq in inside if sq[0] == 15)
    assert all(sq[1] == t for t, sq in inside), "a row's number stands in a square of another row"
    assert left == [y for y in range(11) if (0, y) in SQUARES]
    assert right == [y for y in range(11) if (15, y) in SQUARES]
    assert set(left) | set(right) == set(range(11))
    assert bv.min_x >= ox - 0.2 and bv.min_x + bv.width <= ox + 16 + 0.2, "room at the sides of the board"


def letters_by_square(bv):
    """The wall letters as drawn, each assigned to the board square whose centre is nearest."""
    ox, oy = origin(bv)
    out = {}
    for letter, x, y in texts(bv, "wall-letter"):
        on_the_side_wall = abs(x - ox) < 1e-6 or abs(x - ox - 16) < 1e-6
        assert on_the_side_wall or square_at(bv, x, y) not in SQUARES  # outside the wall, or on it
        nearest = min(SQUARES, key=lambda sq: math.dist((ox + sq[0] + 0.5, oy + sq[1] + 0.5), (x, y)))
        assert math.dist((ox + nearest[0] + 0.5, oy + nearest[1] + 0.5), (x, y)) < 1.0
        assert nearest not in out
        out[nearest] = letter
    return out


def test_every_square_along_the_wall_has_a_letter_shared_with_its_mirror_square_ff_muurletters():
    assert "ff-muurletters" in rulebook_clauses()
    letters = letters_by_square(board_view(ENGINE, state()))
    assert set(letters) == EDGE_SQUARES
    for sq, letter in letters.items():
        assert letters[mirror(sq)] == letter
    assert len(set(letters.values())) == len(EDGE_SQUARES) // 2  # one letter per pair, no other repeats


@pytest.mark.parametrize("square", sorted(EDGE_SQUARES)[::3])
def test_the_monster_walking_through_the_wall_comes_back_at_the_same_letter_ff_monster_door_muur(square):
    assert "ff-monster-door-muur" in rulebook_clauses()
    letters = letters_by_square(board_view(ENGINE, state()))
    for facing in walls(square):
        if square in ((0, 0), (15, 10)):
            continue  # no figure may stand there... the monster may, but the start square needs no test
        st = ENGINE.state_from_position(sketch(phase="monster", monster=square, facing=facing, discard=("5",)))
        new, events = ENGINE.apply(st, "monster")
        step = next(e for e in events if e.key == "monster.wall")
        arrived = tuple(step.data["to"])
        assert letters[arrived] == letters[square]


def test_the_wall_is_drawn_along_every_outer_side():
    bv = board_view(ENGINE, state())
    wall = next(s for s in bv.shapes if s.css == "wall")
    segments = re.findall(r"M([\d.-]+) ([\d.-]+)L([\d.-]+) ([\d.-]+)", attrs(wall)["d"])
    assert len(segments) == sum(len(walls(sq)) for sq in EDGE_SQUARES) == 54


def test_everything_drawn_lies_inside_the_view_box():
    bv = board_view(ENGINE, state(figures={"red1": (15, 4)}))
    for s in bv.shapes:
        a = attrs(s)
        if "x" in a and "y" in a:
            x, y = float(a["x"]), float(a["y"])
            # The sides have next to no room (16 columns fill a phone), so no margin there.
            assert bv.min_x <= x <= bv.min_x + bv.width, s
            assert bv.min_y + 0.2 <= y <= bv.min_y + bv.height - 0.1, s


# -- the monster's turn ------------------------------------------------------------------------------


def worked_turn(steps):
    """The rulebook's worked monster turn (ff-monster-voorbeeld): the state after ``steps`` steps,
    the state before the last one, and the events of all steps."""
    st = ENGINE.state_from_position(WORKED_EXAMPLE_POSITION)
    before, events = st, []
    for _ in range(steps):
        before = st
        st, step_events = ENGINE.apply(st, "monster")
        events += step_events
    return st, before, events


def test_the_trail_of_the_whole_monster_turn_is_drawn_and_numbered_ff_monster_voorbeeld():
    assert "ff-monster-voorbeeld" in rulebook_clauses()
    st, before, events = worked_turn(10)
    bv = board_view(ENGINE, st, previous=before, events=events)
    ox, oy = origin(bv)
    numbers = texts(bv, "trail-num")
    assert sorted(int(t) for t, _x, _y in numbers) == list(range(1, 11))
    # Each number sits on the square its step ended on.
    ends = {e.data["step"]: tuple(e.data["trail"][-1]) for e in events if e.key in ("monster.step", "monster.wall")}
    for t, x, y in numbers:
        assert square_at(bv, x - 0.01, y - 0.01) == ends[int(t)]
    # The walk's squares are all on the monster's trail: from (4, 1) down, right over the pool to
    # (10, 2), on to (13, 2), through the wall, (2, 8) to (7, 8).
    drawn = set()
    for s in bv.shapes:
        if s.kind == "polyline" and "trail-monster" in s.css.split():
            for px, py in (map(float, p.split(",")) for p in attrs(s)["points"].split()):
                drawn.add(square_at(bv, px, py))
    assert drawn == {(4, 1), (4, 2), *((x, 2) for x in range(5, 14)), *((x, 8) for x in range(2, 8))}
    # Through the wall: dashed stubs at (13, 2) and at (2, 8), the two squares with one letter.
    stubs = [s for s in bv.shapes if "trail-wrap" in s.css.split()]
    assert len(stubs) == 2
    letters = letters_by_square(bv)
    assert letters[(13, 2)] == letters[(2, 8)]
    assert all(f"letter {letters[(13, 2)]}" in s.title for s in stubs)


def test_a_mark_shows_where_a_figure_was_caught_ff_monster_pakt():
    assert "ff-monster-pakt" in rulebook_clauses()
    st, before, events = worked_turn(3)  # step 3 slides over the pool and catches yellow 1 on (10, 2)
    bv = board_view(ENGINE, st, previous=before, events=events)
    marks = [s for s in bv.shapes if s.css == "catch-mark"]
    assert len(marks) == 1 and "geel 1" in marks[0].title and "(10, 2)" in marks[0].title
    first = re.match(r"M([\d.]+) ([\d.]+)", attrs(marks[0])["d"])
    assert square_at(bv, float(first.group(1)), float(first.group(2))) == (10, 2)
    assert any("gepakt" in line for line in bv.description)
    assert not [s for s in board_view(ENGINE, st).shapes if s.css == "catch-mark"]  # no events, no mark


def test_the_card_in_play_shows_steps_done_and_left_ff_monster_getalkaart():
    assert "ff-monster-getalkaart" in rulebook_clauses()
    st, before, events = worked_turn(3)
    bv = board_view(ENGINE, st, previous=before, events=events[-5:])
    assert [t for t, _x, _y in texts(bv, "ff-card-value")] == ["10"]
    assert [t for t, _x, _y in texts(bv, "ff-card-steps")] == ["3/10"]
    card = next(s for s in bv.shapes if s.css == "ff-card")
    assert card.title == "Monsterkaart 10: 3 van 10 stappen gezet, nog 7."
    assert "3 van 10 stappen gezet, nog 7" in bv.status
    assert any(row.note.startswith("Monsterkaart 10: 3 van 10") for row in bv.legend)
    # After the last step the card shows it is done (the state has moved on to the next round).
    done, before_last, last_events = worked_turn(10)
    bv = board_view(ENGINE, done, previous=before_last, events=last_events)
    assert [t for t, _x, _y in texts(bv, "ff-card-steps")] == ["10/10"]


def test_a_hit_card_shows_its_hits_ff_monster_treffers():
    assert "ff-monster-treffers" in rulebook_clauses()
    st = ENGINE.state_from_position(
        sketch(phase="monster", discard=("5", "XX"), monster_turn={"card": "XX", "steps": 4, "caught": 1}))
    bv = board_view(ENGINE, st)
    hits = [s.css for s in bv.shapes if s.css.startswith("ff-card-hit")]
    assert sorted(hits) == ["ff-card-hit", "ff-card-hit ff-card-hit--done"]
    assert [t for t, _x, _y in texts(bv, "ff-card-note")] == ["stap 4"]


def test_outside_the_monster_turn_the_deck_shows_the_cards_left():
    bv = board_view(ENGINE, state(discard=("5", "7", "10")))
    back = next(s for s in bv.shapes if "ff-card--back" in s.css.split())
    assert [t for t, _x, _y in texts(bv, "ff-card-value")] == ["5"]  # 8 - 3
    assert "10" in back.title


def test_the_figures_move_is_drawn_with_its_slide_ff_bloedplas_glijden():
    st = state(figures={"red2": ((3, 8), 2)}, blood=[(4, 8), (5, 8), (6, 8), (7, 8)])
    new, events = ENGINE.apply(st, "move:red2:R")
    bv = board_view(ENGINE, new, previous=st, events=events)
    trail = next(s for s in bv.shapes if s.css == "trail")
    points = [tuple(map(float, p.split(","))) for p in attrs(trail)["points"].split()]
    assert [square_at(bv, x, y) for x, y in points] == [(x, 8) for x in range(3, 9)]


# -- start pools, blood, colours -----------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("chapter", [1, 2])
def test_every_player_count_and_chapter_has_labelled_start_pools(players, chapter):
    colours = COLOURS[:players]
    values = front_values(players)
    figures = {f"{colours[0]}{values[0]}": (5, 5)}
    if chapter == 2:
        figures[f"{colours[1]}{values[0]}"] = "out"
    st = state(players=colours, chapter=chapter, discard=("5",), figures=figures)
    bv = board_view(ENGINE, st)
    rows = {row.label: row for row in bv.legend}
    names = ["Rood (R)", "Geel (Ge)", "Groen (Gr)", "Blauw (B)", "Paars (P)", "Wit (W)", "Oranje (O)"][:players]
    assert [row.label for row in bv.legend][:players] == names
    first = rows[names[0]]
    assert first.chips == tuple(f"R{v} · {v}" for v in values[1:])  # red 1 is on the board
    assert f"fig-{colours[0]}" in first.css.split()
    if chapter == 2:
        assert "1 uit" in rows[names[1]].note
    shown = {s.target for s in bv.shapes if s.target.startswith("fig:")}
    assert shown == {f"fig:{colours[0]}{values[0]}"}
    assert bv.label.endswith(f"hoofdstuk {chapter}, ronde {st.round}")


def test_blood_has_a_texture_of_hatch_lines_inside_its_squares():
    blood = [(4, 8), (5, 8), (6, 8), (7, 8), (8, 2), (9, 2), (8, 3), (9, 3)]
    bv = board_view(ENGINE, state(blood=blood))
    hatch = next(s for s in bv.shapes if s.css == "blood-hatch")
    covered: dict[tuple[int, int], int] = {}
    for x1, y1, x2, y2 in re.findall(r"M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)", attrs(hatch)["d"]):
        mid = square_at(bv, (float(x1) + float(x2)) / 2, (float(y1) + float(y2)) / 2)
        assert mid in blood
        covered[mid] = covered.get(mid, 0) + 1
    assert set(covered) == set(blood) and min(covered.values()) >= 2
    assert not [s for s in board_view(ENGINE, state()).shapes if s.css == "blood-hatch"]


def test_no_engine_codes_in_the_boards_texts():
    st, before, events = worked_turn(7)
    bv = board_view(ENGINE, st, previous=before, events=events)
    words = [s.title for s in bv.shapes] + [s.text for s in bv.shapes] + bv.description + [bv.status]
    words += [row.label + " " + row.note + " ".join(row.chips) for row in bv.legend]
    for text in words:
        assert not re.search(r"\b(red|yellow|green|blue|purple|white|orange)\d|\b(move|card|place):\S", text), text


def test_every_css_class_on_the_board_is_styled():
    st, before, events = worked_turn(7)
    css_classes = set(re.findall(r"\.([a-zA-Z][\w-]*)", CSS + SITE_CSS))
    for bv in (board_view(ENGINE, st, previous=before, events=events),
               board_view(ENGINE, state(figures={c + "1": (i + 2, 5) for i, c in enumerate(COLOURS)},
                                        players=COLOURS, blood=[(4, 8), (5, 8), (6, 8), (7, 8)]))):
        for s in bv.shapes:
            for name in s.css.split():
                assert name in css_classes, name
        for row in bv.legend:
            assert all(name in css_classes for name in row.css.split()), row.css


def _linear(hex_colour):
    return linear(tuple(int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)))


def _simulate(hex_colour, matrix):
    rgb = _linear(hex_colour)
    if matrix is not None:
        rgb = simulate(rgb, matrix)
    return lab(rgb)


def _fills(selector):
    out = {}
    for colour in COLOURS:
        found = re.search(re.escape(selector.format(colour)) + r"\s*\{[^}]*?(?:fill|background):\s*(#[0-9a-fA-F]{6})", CSS)
        assert found, f"no fill for {colour}"
        out[colour] = found.group(1)
    return out


def test_the_ciede2000_helper_matches_a_published_pair():
    # Sharma, Wu & Dalal (2005), test pair 1: 2.0425.
    assert ciede2000((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)


@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_every_pair_of_player_colours_stays_apart_for_colour_blind_players(vision):
    matrix = {"normal": None, **SIMULATIONS}[vision]
    figures = _fills(".board-svg .fig-{}")
    assert _fills(".chip.fig-{}") == figures  # the pools beside the board use the same colours
    labs = {c: _simulate(h, matrix) for c, h in figures.items()}
    for a, b in itertools.combinations(COLOURS, 2):
        assert ciede2000(labs[a], labs[b]) >= 20, (vision, a, b)


def _luminance(hex_colour):
    r, g, b = _linear(hex_colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_the_face_value_is_readable_on_every_figure():
    fills = _fills(".board-svg .fig-{}")
    light_text = set(re.findall(r"\.board-svg \.fig-(\w+) \.fig-label", CSS))
    for colour, fill in fills.items():
        text = "#ffffff" if colour in light_text else "#111111"
        hi, lo = sorted((_luminance(fill), _luminance(text)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, colour


def test_dark_mode_redefines_every_board_colour():
    light, dark = CSS.split("@media (prefers-color-scheme: dark)", 1)
    defined = set(re.findall(r"(--ff-[\w-]+):", light))
    assert defined and defined == set(re.findall(r"(--ff-[\w-]+):", dark))
