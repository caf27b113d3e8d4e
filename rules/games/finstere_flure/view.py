"""SVG view-model of Finstere Flure: the board, moving by tapping, and the labels of actions.

The board (:func:`board_view`) works from the JSON position and the events of the step(s) shown:

- square ``(x, y)`` is drawn at ``(x + OFFSET, y + OFFSET)``; coordinates (the captions' notation,
  x 0..15, y 0..10): columns above and below the board, outside the wall letters; rows inside the
  squares along the left and right walls (the board has next to no room at its sides, so that its
  16 columns fill a 390 px phone a thumb wide each);
- the outer wall is one thick path; every square along it carries a letter just outside its wall
  (on the left and right walls: on the wall itself),
  and a square and the square the monster re-enters on when it walks through that wall
  (``board.mirror``: (x, y) -> (15 - x, 10 - y)) carry the same letter (21 pairs, A..U);
- the trail of every step found in ``events``: a figure's move (class ``trail``) and each monster
  step (class ``trail trail-monster``, numbered, with dashed stubs to and from the wall where it
  walks through it); a mark where a figure was caught or crushed;
- the monster card in play (value, steps done of the card, hits) in the cut-away top-right corner,
  or the face-down deck with the number of cards left;
- figures: the circle shows the face value, a tag the identity ("R1": colour letter and front
  value, so colour is never the only cue); blood squares carry hatch lines (a texture);
- tap targets: ``sq:X,Y`` on every square, ``fig:<id>`` on every figure on the board (its group:
  circle, value and tag are one link), ``monster`` on the monster. Figures in the start pool are
  not drawn: the legend lists them, and moving by tapping offers them as off-board taps.

The events passed in decide which trails are drawn: the presenter passes the step's own events, so
the whole monster turn needs the events of every step since the card was turned over (the
position's ``monster_turn.steps`` says how many; the engine keeps no trail in the state).

Every text of the board (titles, description, status, legend, the figures' tags), the action labels,
groups and tap labels follows the reader's language (nl, de, en; the catalogues' ``board`` and ``label`` words), with the
terms of the game's glossary (``rulebooks/content/finstere-flure/glossary.toml``); without a
language they are Dutch, the rulebook's language.

Moving by tapping (:func:`tap`, ``rules.core.tapping``), as the game's online manual describes
(``ff-online-zet-invoeren``, ``ff-online-afbreken-ok``): tap the figure (``fig:<id>``; a figure in
the start pool is an off-board tap), then every square it occupies, one by one: the squares of a
step, and every square of a blood slide (while the figure slides, the next slide square is the only
target); entering from the pool is a tap on the start square (15, 10); leaving is the off-board
target ``exit``, offered when the figure stands on the exit square (0, 0). "OK" (``confirm``) plays
the move; a square is offered only when the path extended by it can still end in a legal move
(any legal path, not only the shortest ones ``legal_actions`` lists). A monster card is an
off-board tap per outcome (``card:<value>``), the monster's step a tap on the monster; dmaufbau
placements a tap on a square (a pool's top-left square) and, while blood pools are left to place,
an off-board choice of what goes there (``obj:stone``, ``obj:pool2``, ``obj:pool4-h``, ``obj:pool4-v``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from rules.core.engine import Engine, EngineError, Event, RuleError
from rules.core.tapping import PickError, Tap, TapOptions, taps_from_paths
from rules.core.tapping import refusal as _refusal  # the one "would the engine accept this?"
from rules.core.view import BoardView, LegendRow, Shape

from . import moves
from .board import (
    DIRECTIONS,
    EDGE_SQUARES,
    EXIT,
    HEIGHT,
    START,
    WIDTH,
    Square,
    is_neighbour,
    mirror,
    on_board,
    pool2_squares,
    pool4_squares,
    step,
    walls,
)
from .state import CARD, HIT_CARDS, MAX_HIT_STEPS, MONSTER, OVER, PLAYERS, POOL, SAVED, SETUP, Figure, State
from .words import WORDS

# -- words -----------------------------------------------------------------------------------------

def language(lang: str | None) -> str:
    """The label language: nl, de or en, a region ignored (``de-AT``); None and anything else: nl,
    the rulebook's language."""
    return WORDS.language((lang or WORDS.source).split("-")[0].lower())


def split_id(fid: str) -> tuple[str, str]:
    colour = fid.rstrip("0123456789")
    return colour, fid[len(colour):]


def colour_name(colour: str, lang: str | None = None) -> str:
    return WORDS.table("colour", language(lang)).get(colour, colour)


def figure_name(fid: str, lang: str | None = None) -> str:
    """``red4`` -> "Rood 4" / "Rot 4" / "Red 4" (the figure's identity: colour and front value)."""
    colour, number = split_id(fid)
    return f"{colour_name(colour, lang)} {number}"


def figure_tag(fid: str, lang: str | None = None) -> str:
    """The identity tag drawn on a figure: ``red1`` -> "R1" (``yellow1`` -> "Ge1" in Dutch)."""
    colour, number = split_id(fid)
    return f"{WORDS.table('colour_letter', language(lang)).get(colour, colour[:1].upper())}{number}"


def sq_text(square: Sequence[int]) -> str:
    """A square in the captions' notation: ``(x, y)``."""
    return f"({square[0]}, {square[1]})"


def sq_target(square: Sequence[int]) -> str:
    return f"sq:{square[0]},{square[1]}"


# -- board geometry of the drawing -------------------------------------------------------------------

OFFSET = 0.3  # square (x, y) is drawn at (x + OFFSET, y + OFFSET)
BAND = 1.15  # room above and below the wall: the wall letters, then the coordinates
# Room left and right of the wall: next to none, so that the 16 columns fill a 390 px phone at a
# thumb's width each (24 px); the side walls' letters sit on the wall, their rows' numbers inside.
SIDE = 0.11
LETTER_GAP = 0.8  # a wall letter's centre lies this far from its square's centre, past the wall
CORNER_GAP = 0.65  # ... along the diagonal for a square with two walls
COORD_GAP = 0.82  # coordinates: this far outside the board's bounding box


def _wall_letters() -> dict[Square, str]:
    """One letter per square along the outer wall; a square and its mirror share it.

    Lettered clockwise from the exit (0, 0) along the top row, down the top-right staircase and the
    right column to the start square (15, 10), which is the exit's mirror; the other half of the
    wall gets the letters of the mirrored squares."""
    half: list[Square] = [(x, 0) for x in range(WIDTH) if on_board((x, 0))]
    x, y = half[-1]
    while (x, y) != START:  # down the staircase and the right column, square by square along the wall
        below, right = (x, y + 1), (x + 1, y + 1)
        x, y = right if on_board(right) and right in EDGE_SQUARES else below
        half.append((x, y))
    letters: dict[Square, str] = {}
    n = 0
    for sq in half:
        if sq in letters:
            continue
        letters[sq] = letters[mirror(sq)] = chr(ord("A") + n)
        n += 1
    return letters


WALL_LETTERS: dict[Square, str] = _wall_letters()
assert set(WALL_LETTERS) == EDGE_SQUARES, "every square along the wall carries a letter"


def _xy(square: Sequence[int]) -> tuple[float, float]:
    return square[0] + OFFSET, square[1] + OFFSET


def _centre(square: Sequence[int]) -> tuple[float, float]:
    return square[0] + OFFSET + 0.5, square[1] + OFFSET + 0.5


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _r(value: float) -> float:
    return round(value, 3)


def on_side_wall(square: Square) -> bool:
    """Whether ``square`` lies along the board's left or right edge (x 0 or 15, a wall there)."""
    sides = walls(square)
    return ("L" in sides and square[0] == 0) or ("R" in sides and square[0] == WIDTH - 1)


def letter_position(square: Square) -> tuple[float, float]:
    """Where the wall letter of ``square`` is drawn: outside its wall (diagonally at a corner); on the
    left and right edges, where the board has no room outside, on the wall itself (a corner's above
    or below it)."""
    cx, cy = _centre(square)
    sides = walls(square)
    if on_side_wall(square):
        vertical = [d for d in sides if d in ("U", "D")]
        if vertical:
            return _r(cx), _r(cy + LETTER_GAP * DIRECTIONS[vertical[0]][1])
        return _r(OFFSET if square[0] == 0 else OFFSET + WIDTH), _r(cy)
    gap = LETTER_GAP if len(sides) == 1 else CORNER_GAP
    dx = sum(DIRECTIONS[d][0] for d in sides)
    dy = sum(DIRECTIONS[d][1] for d in sides)
    return _r(cx + gap * dx), _r(cy + gap * dy)


def _wall_path() -> str:
    parts = []
    for sq in sorted(EDGE_SQUARES):
        x, y = _xy(sq)
        for d in walls(sq):
            if d == "U":
                a, b = (x, y), (x + 1, y)
            elif d == "D":
                a, b = (x, y + 1), (x + 1, y + 1)
            elif d == "L":
                a, b = (x, y), (x, y + 1)
            else:
                a, b = (x + 1, y), (x + 1, y + 1)
            parts.append(f"M{_r(a[0]):g} {_r(a[1]):g}L{_r(b[0]):g} {_r(b[1]):g}")
    return "".join(parts)


WALL_PATH = _wall_path()


def _hatch(squares: Iterable[Square]) -> str:
    """Diagonal hatch lines over the given squares (one path; lines continue across neighbours)."""
    parts = []
    for sq in sorted(squares):
        x, y = _xy(sq)
        for t in (0.5, 1.0, 1.5):
            if t <= 1:
                a, b = (x, y + t), (x + t, y)
            else:
                a, b = (x + t - 1, y + 1), (x + 1, y + t - 1)
            parts.append(f"M{_r(a[0]):g} {_r(a[1]):g}L{_r(b[0]):g} {_r(b[1]):g}")
    return "".join(parts)


# -- the board ----------------------------------------------------------------------------------------


def _split(raw: Iterable[Sequence[int]]) -> list[list[Square]]:
    segments: list[list[Square]] = []
    current: list[Square] = []
    for x, y in raw:
        sq = (int(x), int(y))
        if current and sq == current[-1]:
            continue
        if current and not is_neighbour(current[-1], sq):
            segments.append(current)
            current = []
        current.append(sq)
    if current:
        segments.append(current)
    return segments


MONSTER_STEP_KEYS = ("monster.step", "monster.wall")
CATCH_KEYS = ("monster.catch", "monster.crush")


def _trail_shapes(events: Sequence[Event], code: str = "nl") -> list[Shape]:
    """The figure's move and every monster step among ``events``, numbered, wraps shown as stubs."""
    shapes: list[Shape] = []
    for event in events:
        raw = event.data.get("trail")
        if not raw:
            continue
        if event.key in MONSTER_STEP_KEYS:
            number = event.data.get("step", "")
            title = WORDS.text("board", "monster-step", code, n=number)
            segments = _split(raw)
            for seg in segments:
                if len(seg) > 1:
                    points = _pts(_centre(sq) for sq in seg)
                    shapes.append(Shape.make("polyline", css="trail trail-monster", title=title, points=points))
            if event.key == "monster.wall" and len(segments) > 1:
                d = DIRECTIONS[str(event.data.get("facing", "R"))]
                out_sq, in_sq = segments[0][-1], segments[1][0]
                ox, oy = _centre(out_sq)
                ix, iy = _centre(in_sq)
                wall_title = WORDS.text("board", "monster-wall", code, title=title, letter=WALL_LETTERS.get(out_sq, ""))
                for (ax, ay), (bx, by) in (
                    ((ox, oy), (ox + 0.62 * d[0], oy + 0.62 * d[1])),
                    ((ix - 0.62 * d[0], iy - 0.62 * d[1]), (ix, iy)),
                ):
                    shapes.append(
                        Shape.make("line", css="trail trail-monster trail-wrap", title=wall_title,
                                   x1=_r(ax), y1=_r(ay), x2=_r(bx), y2=_r(by))
                    )
            end = (int(raw[-1][0]), int(raw[-1][1]))
            ex, ey = _xy(end)
            shapes.append(
                Shape.make("text", css="trail-num", text=str(number), x=_r(ex + 0.93), y=_r(ey + 0.93),
                           text_anchor="end")
            )
        else:
            for seg in _split(raw):
                if len(seg) > 1:
                    shapes.append(Shape.make("polyline", css="trail", title=WORDS.text("board", "last-move", code),
                                             points=_pts(_centre(sq) for sq in seg)))
    return shapes


def _catch_shapes(events: Sequence[Event], code: str = "nl") -> tuple[list[Shape], list[str]]:
    shapes: list[Shape] = []
    lines: list[str] = []
    for event in events:
        if event.key not in CATCH_KEYS:
            continue
        square = event.data.get("square")
        fid = str(event.data.get("figure", ""))
        if not square:
            continue
        x, y = _xy(square)
        # Dutch writes the colour in lower case inside a sentence ("Hier is rood 1 gepakt").
        name = figure_name(fid, code).lower() if code == "nl" else figure_name(fid, code)
        text = WORDS.text("board", "crushed" if event.key == "monster.crush" else "caught", code, name=name, sq=sq_text(square))
        d = f"M{_r(x + 0.18):g} {_r(y + 0.18):g}L{_r(x + 0.82):g} {_r(y + 0.82):g}M{_r(x + 0.82):g} {_r(y + 0.18):g}L{_r(x + 0.18):g} {_r(y + 0.82):g}"
        shapes.append(Shape.make("path", css="catch-mark", title=text, d=d))
        lines.append(text)
    return shapes, lines


def _monster_turn(pos: Mapping[str, Any], previous_pos: Mapping[str, Any] | None, events: Sequence[Event]) -> dict[str, Any] | None:
    """The card being walked (card, steps, caught), also right after its last step (then from the
    previous position and this step's events)."""
    mt = pos.get("monster_turn")
    if mt:
        return dict(mt)
    if previous_pos and previous_pos.get("monster_turn"):
        before = previous_pos["monster_turn"]
        steps = [e for e in events if e.key in MONSTER_STEP_KEYS]
        if steps:
            caught = sum(1 for e in events if e.key in CATCH_KEYS)
            return {"card": before["card"], "steps": int(before["steps"]) + 1,
                    "caught": int(before.get("caught", 0)) + caught, "done": True}
    return None


def card_progress(mt: Mapping[str, Any], lang: str | None = None) -> str:
    """"Monsterkaart 10: 3 van 10 stappen gezet, nog 7" (the board's texts, in ``lang``)."""
    code = language(lang)
    card, steps, caught = str(mt["card"]), int(mt["steps"]), int(mt.get("caught", 0))
    if card in HIT_CARDS:
        hits = HIT_CARDS[card]
        steps_word = WORDS.text("board", "step" if steps == 1 else "steps", code)
        text = WORDS.text("board", "progress-hits", code, card=card, steps=steps, steps_word=steps_word, caught=caught, hits=hits)
        if not mt.get("done"):
            text += WORDS.text("board", "progress-hits-left", code, left=MAX_HIT_STEPS - steps)
        return text
    total = int(card)
    return WORDS.text("board", "progress-steps", code, card=card, steps=steps, total=total, left=total - steps)


def _card_shapes(pos: Mapping[str, Any], mt: Mapping[str, Any] | None, code: str = "nl") -> tuple[list[Shape], str]:
    """The card in play (or the face-down deck) in the cut-away top-right corner."""
    x0, y0, w, h = 13.55 + OFFSET, -0.05 + OFFSET, 2.45, 1.5
    shapes: list[Shape] = []
    if mt is not None:
        card = str(mt["card"])
        text = card_progress(mt, code) + ("." if not mt.get("done") else WORDS.text("board", "card-done", code))
        shapes.append(Shape.make("rect", css="ff-card", title=text, x=_r(x0), y=_r(y0), width=w, height=h, rx=0.15))
        shapes.append(Shape.make("text", css="ff-card-value", text=card, x=_r(x0 + 0.62), y=_r(y0 + 1.0),
                                 text_anchor="middle"))
        if card in HIT_CARDS:
            hits, caught = HIT_CARDS[card], int(mt.get("caught", 0))
            for i in range(hits):
                css = "ff-card-hit ff-card-hit--done" if i < caught else "ff-card-hit"
                shapes.append(Shape.make("rect", css=css, x=_r(x0 + 1.5 + 0.45 * i), y=_r(y0 + 0.22),
                                         width=0.34, height=0.34, rx=0.05))
            shapes.append(Shape.make("text", css="ff-card-note", text=WORDS.text("board", "card-note", code, n=mt["steps"]),
                                     x=_r(x0 + 1.2), y=_r(y0 + 1.2)))
        else:
            shapes.append(Shape.make("text", css="ff-card-steps", text=f"{mt['steps']}/{card}",
                                     x=_r(x0 + 1.25), y=_r(y0 + 0.95)))
        return shapes, text
    deck = list(pos.get("deck", []))
    played = list(pos.get("discard", []))
    text = WORDS.text("board", "deck" if len(deck) == 1 else "deck-many", code, n=len(deck))
    text += WORDS.text("board", "deck-played", code, cards=", ".join(played)) if played else "."
    shapes.append(Shape.make("rect", css="ff-card ff-card--back", title=text, x=_r(x0), y=_r(y0), width=w, height=h,
                             rx=0.15))
    shapes.append(Shape.make("text", css="ff-card-value", text=str(len(deck)), x=_r(x0 + 0.62), y=_r(y0 + 1.0),
                             text_anchor="middle"))
    shapes.append(Shape.make("text", css="ff-card-note", text=WORDS.text("board", "deck-note", code), x=_r(x0 + 1.2), y=_r(y0 + 0.95)))
    return shapes, text


def board_view(
    engine: Engine[Any],
    state: Any,
    *,
    previous: Any | None = None,
    events: Sequence[Event] = (),
    seat: str | None = None,
    lang: str | None = None,
) -> BoardView:
    """The board at ``state``. ``events``: the step(s) shown; every trail in them is drawn (pass the
    events of every step of the monster's turn so far to see its whole walk). Every text follows
    ``lang`` (nl, de, en; None: nl, the rulebook's language)."""
    code = language(lang)
    pos = engine.observation(state, seat) if seat else engine.position_of(state)
    previous_pos = engine.position_of(previous) if previous is not None else None
    blood = {(int(s[0]), int(s[1])) for s in pos.get("blood", [])}
    stones = [(int(s[0]), int(s[1])) for s in pos.get("stones", [])]

    shapes = _square_shapes(blood, code) + _wall_shapes()
    description = [WORDS.word("board", "coordinates", code)]
    shapes += _trail_shapes(events, code)
    shapes += _stone_shapes(stones, code)
    if stones:
        description.append(WORDS.text("board", "stones", code, squares=", ".join(f"({x}, {y})" for x, y in stones)))
    if blood:
        description.append(WORDS.text("board", "blood", code, squares=", ".join(f"({x}, {y})" for x, y in sorted(blood))))
    catch_shapes, catch_lines = _catch_shapes(events, code)
    shapes += catch_shapes
    description += catch_lines
    monster_shapes, monster_text = _monster_shapes(engine, state, pos, code)
    shapes += monster_shapes
    description.append(monster_text)
    figure_shapes, figure_texts = _figure_shapes(pos, code)
    shapes += figure_shapes
    description += figure_texts
    mt = _monster_turn(pos, previous_pos, events)
    card_shapes, card_text = _card_shapes(pos, mt, code)
    shapes += card_shapes
    description.append(card_text)
    legend, player_texts = _legend(pos, mt, card_text, code)
    description += player_texts
    return BoardView(
        width=_r(WIDTH + 2 * SIDE),
        height=_r(HEIGHT + 2 * BAND),
        min_x=_r(OFFSET - SIDE),
        min_y=_r(OFFSET - BAND),
        cell=1.0,  # a square
        legend=legend,
        shapes=shapes,
        label=WORDS.text("board", "label", code, chapter=pos.get("chapter", 1), round=pos.get("round", 1)),
        description=description,
        status=status_line(engine, state, pos, mt, code),
    )


def about(engine: Engine[Any], state: Any, event: Event) -> str:
    """The board target an event is about: the figure it moved (when it is still on the board), else
    the square it happened on (where a stone crumbled, slid or was removed); "" for none."""
    figures = engine.position_of(state)["figures"]
    fid = str(event.data.get("figure", ""))
    fig = figures.get(fid)
    if isinstance(fig, dict) and isinstance(fig.get("at"), list):
        return f"fig:{fid}"
    for key in ("square", "to"):
        square = event.data.get(key)
        if isinstance(square, (list, tuple)) and len(square) == 2 and on_board((int(square[0]), int(square[1]))):
            return sq_target(square)
    return ""


def _square_shapes(blood: set[tuple[int, int]], code: str) -> list[Shape]:
    """Every square (each a tap target; blood pools hatched, start and exit marked) and the way out."""
    shapes: list[Shape] = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if not on_board((x, y)):
                continue
            css = "sq"
            title = WORDS.text("board", "square", code, x=x, y=y)
            if (x, y) in blood:
                css += " sq-blood"
                title = WORDS.text("board", "square-blood", code, x=x, y=y)
            if (x, y) == START:
                css += " sq-start"
                title = WORDS.text("board", "square-start", code)
            elif (x, y) == EXIT:
                css += " sq-exit"
                title = WORDS.text("board", "square-exit", code)
            px, py = _xy((x, y))
            shapes.append(
                Shape.make("rect", css=css, title=title, target=sq_target((x, y)), x=px, y=py, width=1, height=1)
            )
    if blood:
        shapes.append(Shape.make("path", css="blood-hatch", d=_hatch(blood)))
    shapes.append(Shape.make("text", css="label", text=WORDS.word("board", "mark-exit", code), x=OFFSET + 0.5,
                             y=OFFSET + 0.62, text_anchor="middle"))
    shapes.append(Shape.make("text", css="label", text=WORDS.word("board", "mark-start", code), x=OFFSET + 15.5,
                             y=OFFSET + 10.62, text_anchor="middle"))
    # The way out: an arrow through the wall beside the exit square.
    ex, ey = _xy(EXIT)
    shapes.append(
        Shape.make("polygon", css="exit-arrow", title=WORDS.word("board", "exit-arrow", code),
                   points=_pts(((ex + 0.16, ey + 0.32), (ex + 0.16, ey + 0.68), (_r(ex - 0.1), ey + 0.5))))
    )
    shapes.append(Shape.make("path", css="wall", title=WORDS.word("board", "wall", code), d=WALL_PATH))
    return shapes


def _wall_shapes() -> list[Shape]:
    """The outer wall's letters and the coordinates around the board: columns above and below it,
    rows inside the squares along the left and right walls (in a corner away from the figure's tag
    and the monster's step number)."""
    shapes: list[Shape] = []
    for sq, letter in sorted(WALL_LETTERS.items()):
        lx, ly = letter_position(sq)
        css = "wall-letter wall-letter--on" if on_side_wall(sq) and not set(walls(sq)) & {"U", "D"} else "wall-letter"
        shapes.append(Shape.make("text", css=css, text=letter, x=lx, y=ly, text_anchor="middle",
                                 dominant_baseline="central"))
    for x in range(WIDTH):
        cx = _r(x + OFFSET + 0.5)
        for cy in (_r(OFFSET - COORD_GAP), _r(OFFSET + HEIGHT + COORD_GAP)):
            shapes.append(Shape.make("text", css="coord", text=str(x), x=cx, y=cy, text_anchor="middle",
                                     dominant_baseline="central"))
    for y in range(HEIGHT):
        if on_board((0, y)):  # lower left of the square on the left wall
            shapes.append(Shape.make("text", css="coord coord--in", text=str(y), x=_r(OFFSET + 0.08), y=_r(y + OFFSET + 0.9)))
        if on_board((WIDTH - 1, y)):  # upper right of the square on the right wall
            shapes.append(Shape.make("text", css="coord coord--in", text=str(y), x=_r(OFFSET + WIDTH - 0.08),
                                     y=_r(y + OFFSET + 0.32), text_anchor="end"))
    return shapes


def _stone_shapes(stones: list[tuple[int, int]], code: str) -> list[Shape]:
    shapes: list[Shape] = []
    for square in stones:
        px, py = _xy(square)
        shapes.append(
            Shape.make("rect", css="stone", title=WORDS.text("board", "stone", code, x=square[0], y=square[1]),
                       x=_r(px + 0.12), y=_r(py + 0.12), width=0.76, height=0.76, rx=0.12)
        )
    return shapes


def _monster_shapes(engine: Engine[Any], state: Any, pos: Mapping[str, Any], code: str) -> tuple[list[Shape], str]:
    """The monster, a triangle pointing where it faces (a link when it is to act), and its sentence."""
    monster = pos["monster"]
    mx, my = _xy(monster["at"])
    facing = monster["facing"]
    tip = {"U": (0.5, 0.1), "D": (0.5, 0.9), "L": (0.1, 0.5), "R": (0.9, 0.5)}[facing]
    base = {
        "U": ((0.15, 0.85), (0.85, 0.85)),
        "D": ((0.15, 0.15), (0.85, 0.15)),
        "L": ((0.85, 0.15), (0.85, 0.85)),
        "R": ((0.15, 0.15), (0.15, 0.85)),
    }[facing]
    points = _pts((_r(mx + px), _r(my + py)) for px, py in (tip, *base))
    monster_text = WORDS.text("board", "monster", code, x=monster["at"][0], y=monster["at"][1],
                              facing=WORDS.word("direction", facing, code))
    # When the monster is to act, tapping it plays its next step.
    step_action = "monster" if engine.current_actor(state) == "monster" else ""
    # The group carries the target: a tap anywhere on the monster's square is a tap on the monster.
    shapes = [
        Shape.make("g-start", css="monster-group", title=monster_text, action=step_action, target="monster"),
        Shape.make("rect", css="hit", x=mx, y=my, width=1, height=1),
        Shape.make("polygon", css="monster", title=monster_text, points=points),
        Shape.make("circle", css="monster-eye", cx=_r(mx + (tip[0] + 0.5) / 2), cy=_r(my + (tip[1] + 0.5) / 2), r=0.09),
        Shape.make("g-end"),
    ]
    return shapes, monster_text


def _figure_shapes(pos: Mapping[str, Any], code: str) -> tuple[list[Shape], list[str]]:
    """Every figure on the board (one link: circle, face value, tag) and their sentences."""
    shapes: list[Shape] = []
    description: list[str] = []
    for fid, fig in pos["figures"].items():
        colour, _number = split_id(fid)
        if fig in ("saved", "out") or fig["at"] == "pool":
            continue
        at, showing = fig["at"], fig["showing"]
        fx, fy = _xy(at)
        moved = WORDS.word("board", "figure-moved", code) if fig.get("moved") else ""
        tag = figure_tag(fid, code)
        text = WORDS.text("board", "figure", code, name=figure_name(fid, code), tag=tag, x=at[0], y=at[1],
                          showing=showing, moved=moved)
        css_moved = " fig--moved" if fig.get("moved") else ""
        # The group carries the target: the whole figure (circle, value, tag) is one link.
        shapes.append(Shape.make("g-start", css=f"fig-{colour}{css_moved}", target=f"fig:{fid}", title=text))
        shapes.append(Shape.make("rect", css="hit", x=fx, y=fy, width=1, height=1))  # the whole square is the figure's
        # The tag 12 px high on a 390 px phone (the board's 16 columns a thumb wide each), the circle
        # with the face value below it to the right.
        shapes.append(
            Shape.make("circle", css=f"fig fig-{colour}", title=text, seat=colour, cx=_r(fx + 0.62), cy=_r(fy + 0.64),
                       r=0.33)
        )
        shapes.append(Shape.make("text", css="fig-label", text=str(showing), x=_r(fx + 0.62), y=_r(fy + 0.65),
                                 text_anchor="middle", dominant_baseline="central"))
        shapes.append(Shape.make("text", css="fig-tag", text=tag, seat=colour, x=_r(fx + 0.04), y=_r(fy + 0.42)))
        shapes.append(Shape.make("g-end"))
        description.append(text)
    return shapes, description


def _legend(
    pos: Mapping[str, Any], mt: Mapping[str, Any] | None, card_text: str, code: str
) -> tuple[list[LegendRow], list[str]]:
    """Beside the board (as HTML, so the board itself can use the whole width on a phone): each
    player's start pool (identity and face value) and saved figures, then the monster cards; and
    the sentences of the pools and players."""
    pools: dict[str, list[tuple[str, int]]] = {p: [] for p in pos["players"]}
    saved_count: dict[str, int] = {p: 0 for p in pos["players"]}
    out_count: dict[str, int] = {p: 0 for p in pos["players"]}
    for fid, fig in pos["figures"].items():
        colour, _number = split_id(fid)
        if fig == "saved":
            saved_count[colour] += 1
        elif fig == "out":
            out_count[colour] += 1
        elif fig["at"] == "pool":
            pools[colour].append((fid, fig["showing"]))
    legend: list[LegendRow] = []
    description: list[str] = []
    for player in pos["players"]:
        letter = WORDS.table("colour_letter", code).get(player, "")
        chips = [f"{figure_tag(fid, code)} · {showing}" for fid, showing in pools[player]]
        for fid, showing in pools[player]:
            description.append(WORDS.text("board", "figure-pool", code, name=figure_name(fid, code),
                                          tag=figure_tag(fid, code), showing=showing))
        pool_note = WORDS.word("board", "pool" if pools[player] else "pool-empty", code)
        summary = WORDS.text("board", "saved", code, n=saved_count[player]) + (
            WORDS.text("board", "out", code, n=out_count[player]) if out_count[player] else "")
        name = WORDS.word("colour", player, code)
        legend.append(LegendRow(f"fig-{player} ff-pool", f"{name} ({letter})", tuple(chips),
                                f"{pool_note}; {summary}", seat=player))
        description.append(f"{name}: {summary}.")
    legend.append(LegendRow("", WORDS.word("board", "legend-card" if mt else "legend-cards", code), (), card_text))
    return legend, description


def status_line(
    engine: Engine[Any], state: Any, pos: dict[str, Any], mt: Mapping[str, Any] | None = None, lang: str | None = None
) -> str:
    code = language(lang)
    phase = pos.get("phase")
    if phase == "players":
        actor = engine.current_actor(state)
        return WORDS.text("board", "status-players", code, colour=colour_name(actor, code), chapter=pos.get("chapter"),
                  round=pos.get("round"))
    if phase == "monster" and pos.get("monster_turn"):
        turn = pos["monster_turn"]
        caught = WORDS.text("board", "figure-1", code) if turn["caught"] == 1 else WORDS.text("board", "figures", code, n=turn["caught"])
        return WORDS.text("board", "status-monster", code, progress=card_progress(turn, code), caught=caught)
    if phase == "over":
        result = engine.result(state)
        winners = ", ".join(colour_name(w, code) for w in (result.winners if result else ())) or WORDS.text("board", "nobody", code)
        return WORDS.text("board", "status-over", code, winners=winners)
    key = f"phase-{phase}"
    return WORDS.text("board", key, code) if key in WORDS.table("board", code) else ""


# -- labels -------------------------------------------------------------------------------------------


def describe_path(path: str, lang: str | None = None) -> str:
    """A path in words: ``EULL`` -> "het bord op, 1 omhoog, 2 naar links"."""
    code = language(lang)
    parts: list[str] = []
    i = 0
    while i < len(path):
        letter = path[i]
        j = i
        while j < len(path) and path[j] == letter:
            j += 1
        if letter in DIRECTIONS:
            parts.append(f"{j - i} {WORDS.word('direction', letter, code)}")
        else:
            word = {"E": "enter", "O": "exit"}.get(letter, "unknown")
            parts += [WORDS.word("label", word, code)] * (j - i)
        i = j
    return ", ".join(parts)


def _move_label(state: Any, fid: str, path: str, code: str) -> str:
    name = figure_name(fid, code)
    fig: Figure | None = None
    if isinstance(state, State):
        try:
            fig = state.figure(fid)
        except KeyError:
            fig = None
    if not path:
        if fig is not None and fig.at == POOL:
            return WORDS.text("label", "stay-pool", code, name=name)
        if fig is not None and isinstance(fig.at, tuple):
            return WORDS.text("label", "stay", code, name=name, sq=sq_text(fig.at))
        return WORDS.text("label", "stay-any", code, name=name)
    text = f"{name}: {describe_path(path, code)}"
    if fig is None:
        return text
    events: list[Event] = []
    try:
        walk = moves.simulate(state, fig, path, events)
    except EngineError:
        return text
    if isinstance(walk.end, tuple):
        text += ", " + WORDS.text("label", "to", code, sq=sq_text(walk.end))
    keys = {e.key for e in events}
    notes = [
        WORDS.word("label", word, code)
        for word, found in (
            ("push", "move.push" in keys),
            ("jump", bool(keys & {"move.jump", "move.jump.start"})),
            ("slide", "move.slide" in keys),
        )
        if found
    ]
    return "; ".join([text, *notes])


def _place_label(rest: str, code: str) -> str:
    what, _, where = rest.partition(":")
    args = where.split(",")
    try:
        x, y = int(args[0]), int(args[1])
    except (ValueError, IndexError):
        return f"{WORDS.word('label', 'group-place', code)}: {what}"
    if what == "stone" and len(args) == 2:
        return WORDS.text("label", "stone", code, sq=sq_text((x, y)))
    if what == "pool2" and len(args) == 2:
        squares = pool2_squares(x, y)
        return WORDS.text("label", "pool2", code, a=sq_text(squares[0]), b=sq_text(squares[-1]))
    if what == "pool4" and len(args) == 3 and args[2] in ("h", "v"):
        squares = pool4_squares(x, y, args[2])
        return WORDS.text("label", f"pool4-{args[2]}", code, a=sq_text(squares[0]), b=sq_text(squares[-1]))
    return f"{WORDS.word('label', 'group-place', code)}: {what}"


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    """A short label of an action at ``state`` in plain words in ``lang``: "Rood 4: 2 omhoog, 1 naar
    links, tot (12, 7)", "Monsterkaart 10 (10 stappen)", "Steenblok op (3, 4)"."""
    code = language(lang)
    kind, _, rest = action.partition(":")
    if kind == "card":
        if rest in HIT_CARDS:
            return WORDS.text("label", f"card-hits-{HIT_CARDS[rest]}", code, card=rest)
        return WORDS.text("label", "card", code, card=rest)
    if kind == "monster" and not rest:
        return WORDS.word("label", "monster", code)
    if kind == "place":
        return _place_label(rest, code)
    if kind == "move":
        fid, _, path = rest.partition(":")
        return _move_label(state, fid, path, code)
    return action


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    """Moves are listed under the figure they move (with its face value); cards and placements together."""
    code = language(lang)
    kind, _, rest = action.partition(":")
    if kind == "move":
        fid = rest.partition(":")[0]
        name = figure_name(fid, code)
        if isinstance(state, State):
            try:
                return WORDS.text("label", "group-figure", code, name=name, value=state.figure(fid).showing)
            except KeyError:
                pass
        return name
    if kind == "card":
        return WORDS.word("label", "group-card", code)
    if kind == "place":
        return WORDS.word("label", "group-place", code)
    return ""


# -- moving by tapping --------------------------------------------------------------------------------

EXIT_TARGET = "exit"
MONSTER_TARGET = "monster"
OBJ_TARGETS = {"stone": "obj:stone", "pool2": "obj:pool2", "pool4:h": "obj:pool4-h", "pool4:v": "obj:pool4-v"}

Where = Square | str
Stones = frozenset[Square]


class _Walker:
    """One figure's walk, step by step, with the engine's own step function (``moves``)."""

    def __init__(self, state: State, fig: Figure):
        self.state = state
        self.fig = fig
        self.ctx = moves.board_context(state, fig)
        self._memo: dict[tuple[Where, Stones, int], bool] = {}

    def step(self, pos: Where, stones: Stones, letter: str) -> tuple[Where, Stones, list[Square]] | None:
        """The step ``letter`` from ``pos``: (new position, stones, squares occupied) or None if refused."""
        if pos == SAVED or (letter == "O" and pos != EXIT) or (letter == "E") != (pos == POOL):
            return None
        trail: list[Square] = []
        try:
            new_pos, new_stones = moves._take_step(self.ctx, pos, stones, letter, None, trail)
        except EngineError:
            return None
        return new_pos, new_stones, trail

    def candidates(self, pos: Where) -> str:
        if pos == POOL:
            return "E"
        if pos == SAVED:
            return ""
        return "UDLRO" if pos == EXIT else "UDLR"

    def can_end(self, pos: Where) -> bool:
        """Whether a walk of at least one step may end here (ff-vrij-eindveld)."""
        return pos == SAVED or (isinstance(pos, tuple) and pos not in self.ctx.others)

    def can_finish(self, pos: Where, stones: Stones, left: int) -> bool:
        """Whether some continuation of at most ``left`` steps ends the walk legally."""
        if self.can_end(pos):
            return True
        if left <= 0:
            return False
        key = (pos, stones, left)
        if key not in self._memo:
            self._memo[key] = False
            self._memo[key] = any(
                self.can_finish(out[0], out[1], left - 1)
                for letter in self.candidates(pos)
                if (out := self.step(pos, stones, letter)) is not None
            )
        return self._memo[key]


def _target_of(letter: str, trail: Sequence[Square]) -> str:
    return EXIT_TARGET if letter == "O" else sq_target(trail[0])


class _Picked(NamedTuple):
    """A figure's walk as far as the pick goes."""

    walker: _Walker
    fig: Figure
    pos: Where
    stones: Stones
    letters: str
    pending: list[Square]  # squares of a slide still to be tapped


def _walk_pick(state: State, pick: tuple[str, ...]) -> _Picked:
    """Follow a pick (a figure, then its squares); raises PickError where the board offered no such tap."""
    mover = state.player_to_move()
    due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
    first = pick[0]
    fig = next((f for f in due if f"fig:{f.id}" == first), None)
    if fig is None:
        raise PickError(f"{first!r} is not a figure that can move now")
    walker = _Walker(state, fig)
    pos: Where = fig.at
    stones: Stones = state.stones
    letters = ""
    pending: list[Square] = []
    for target in pick[1:]:
        if pending:
            if target != sq_target(pending[0]):
                raise PickError(f"the figure slides on to {sq_text(pending[0])}, not {target!r}")
            pending.pop(0)
            continue
        if len(letters) >= fig.showing:
            raise PickError(f"{fig.id} shows {fig.showing} and has no steps left")
        for letter in walker.candidates(pos):
            out = walker.step(pos, stones, letter)
            if out is not None and _target_of(letter, out[2]) == target:
                if not walker.can_finish(out[0], out[1], fig.showing - len(letters) - 1):
                    raise PickError(f"no legal move of {fig.id} goes on through {target!r}")
                pos, stones, trail = out
                pending = list(trail[1:])
                letters += letter
                break
        else:
            raise PickError(f"{target!r} cannot be the next step of {fig.id}")
    return _Picked(walker, fig, pos, stones, letters, pending)


def _move_options(state: State, pick: tuple[str, ...], code: str) -> TapOptions:
    mover = state.player_to_move()
    due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
    if not pick:
        fig_taps = []
        for f in due:
            if isinstance(f.at, tuple):
                label = WORDS.text("label", "tap-figure", code, name=figure_name(f.id, code), sq=sq_text(f.at), value=f.showing)
            else:
                label = WORDS.text("label", "tap-figure-pool", code, name=figure_name(f.id, code), value=f.showing)
            fig_taps.append(Tap(f"fig:{f.id}", label))
        return TapOptions(tuple(fig_taps), None, WORDS.text("label", "status-pick", code, colour=colour_name(mover or "", code)), ())
    walker, fig, pos, stones, letters, pending = _walk_pick(state, pick)

    name = figure_name(fig.id, code)
    n, m = len(letters), fig.showing
    status = WORDS.text("label", "status-steps-1" if m == 1 else "status-steps", code, name=name, n=n, m=m)
    if pending:
        sq = pending[0]
        label = WORDS.text("label", "tap-slide", code, sq=sq_text(sq))
        return TapOptions((Tap(sq_target(sq), label),), None, f"{status}; {WORDS.text('label', 'status-sliding', code, sq=sq_text(sq))}", pick)
    taps: list[Tap] = []
    if n < m:
        for letter in walker.candidates(pos):
            out = walker.step(pos, stones, letter)
            if out is None or not walker.can_finish(out[0], out[1], m - n - 1):
                continue
            taps.append(Tap(_target_of(letter, out[2]), _step_label(walker, pos, stones, letter, out[2], n + 1, code)))
    confirm = None
    if not letters or walker.can_end(pos):
        confirm = f"move:{fig.id}:{letters}"
    if pos == SAVED:
        status = WORDS.text("label", "status-out", code, name=name)
    elif confirm is None:
        status += "; " + WORDS.word("label", "status-no-end", code)
    else:
        status += "; " + WORDS.word("label", "status-ok", code)
    return TapOptions(tuple(taps), confirm, status, pick)


def _step_label(walker: _Walker, pos: Where, stones: Stones, letter: str, trail: Sequence[Square], n: int, code: str) -> str:
    if letter == "O":
        return WORDS.text("label", "tap-exit", code, n=n)
    square = trail[0]
    if letter == "E":
        text = WORDS.text("label", "tap-enter", code, sq=sq_text(square))
    else:
        text = WORDS.text("label", "tap-step", code, n=n, sq=sq_text(square))
    if square in stones and letter != "E":
        text += WORDS.word("label", "tap-push", code)
    other = walker.ctx.others.get(square)
    if other is not None:
        text += WORDS.text("label", "tap-jump", code, other=figure_name(other, code))
    if square in walker.ctx.blood:
        text += WORDS.word("label", "tap-blood", code)
    return text


def _place_path(action: str, stones_only: bool) -> tuple[str, ...]:
    _place, what, where = action.split(":")
    args = where.split(",")
    square = sq_target((int(args[0]), int(args[1])))
    if stones_only:
        return (square,)
    key = what if what != "pool4" else f"pool4:{args[2]}"
    return square, OBJ_TARGETS[key]


def _setup_options(engine: Engine[Any], state: State, pick: tuple[str, ...], code: str) -> TapOptions:
    pl = state.placement
    assert pl is not None
    stones_only = not pl.pool2 and not pl.pool4
    legal = engine.legal_actions(state)

    def label_of(target: str, action: str | None) -> str:
        if action is not None:
            return action_label(engine, state, action, lang=code)
        x, y = target[3:].split(",")
        return WORDS.text("label", "tap-place", code, sq=f"({x}, {y})")

    options = taps_from_paths(legal, lambda a: _place_path(a, stones_only), pick, label_of)
    placer = state.placer() or ""
    if pick:
        x, y = pick[0][3:].split(",")
        status = WORDS.text("label", "status-place-kind", code, sq=f"({x}, {y})")
    else:
        status = WORDS.text("label", "status-place", code, colour=colour_name(placer, code), left=pl.remaining)
    return TapOptions(options.taps, options.confirm, status, pick)


def monster_progress(mt: Any, code: str) -> str:
    if mt.card in HIT_CARDS:
        return WORDS.text("label", "progress-hits", code, card=mt.card, steps=mt.steps, caught=mt.caught, hits=HIT_CARDS[mt.card],
                  left=MAX_HIT_STEPS - mt.steps)
    return WORDS.text("label", "progress-steps", code, card=mt.card, steps=mt.steps, left=int(mt.card) - mt.steps)


def tap(engine: Engine[Any], state: Any, pick: Sequence[str], *, lang: str | None = None) -> TapOptions:
    """What may be tapped next after ``pick`` (see the module docstring); raises PickError for a
    pick the board would never have offered."""
    code = language(lang)
    pick = tuple(pick)
    if not isinstance(state, State):
        raise PickError("not a Finstere Flure state")
    if state.phase == PLAYERS and state.player_to_move() is not None:
        return _move_options(state, pick, code)
    if state.phase == SETUP and state.placement is not None:
        return _setup_options(engine, state, pick, code)
    if state.phase == CARD:
        legal = engine.legal_actions(state)
        options = taps_from_paths(legal, lambda a: (a,), pick,
                                  lambda _t, a: action_label(engine, state, a or "", lang=code))
        return TapOptions(options.taps, options.confirm, WORDS.word("label", "status-card", code), pick)
    if state.phase == MONSTER and state.monster_turn is not None:
        options = taps_from_paths(["monster"], lambda a: ("monster",), pick,
                                  lambda _t, a: action_label(engine, state, "monster", lang=code))
        status = WORDS.text("label", "status-monster", code, progress=monster_progress(state.monster_turn, code))
        return TapOptions(options.taps, options.confirm, status, pick)
    if pick:
        raise PickError("nothing can be tapped now")
    return TapOptions((), None, WORDS.word("label", "status-over", code) if state.phase == OVER else "", ())


def explain(engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None) -> RuleError | None:
    """Why ``target`` is not offered after ``pick``, citing the clause: the engine's own refusal of
    the move the tap would stand for (a step through the outer wall to the square opposite, onto
    the monster, a stone that cannot be pushed, a step too many, another player's figure, a figure
    that has moved this round, a placement in the free zone). Where no single move applies, a reason
    of its own: a square tapped before a figure (ff-een-figuur-per-beurt; the figure on it is
    answered for), the monster (ff-ronde), a square that is no neighbour (ff-orthogonaal), one from
    which the move could not end (ff-vrij-eindveld), the slide to finish (ff-bloedplas-glijden), the
    start square first (ff-bord-betreden), another figure once one walks (ff-een-figuur-per-beurt),
    the monster card or the monster's walk (ff-monster-kaart-trekken, ff-ronde), the board's setup
    (ff-dmaufbau-plaatsen)."""
    pick = tuple(pick)
    if not isinstance(state, State):
        return None
    if state.phase == OVER:
        return _refusal(engine, state, MONSTER_TARGET)
    if state.phase == CARD:
        return RuleError("ff-monster-kaart-trekken", "why.card")
    if state.phase == MONSTER:
        return RuleError("ff-ronde", "why.monster-turn")
    if state.phase == SETUP:
        return _explain_setup(engine, state, pick, target)
    mover = state.player_to_move()
    if state.phase != PLAYERS or mover is None:
        return None
    if not pick:
        return _explain_first_tap(engine, state, target, mover)
    return _explain_walk(engine, state, pick, target)


def _explain_first_tap(engine: Engine[Any], state: State, target: str, mover: str) -> RuleError | None:
    """Nothing picked yet: the monster does not move now (ff-ronde); a figure, or the square it stands
    on, that may not move; else a figure first (ff-een-figuur-per-beurt)."""
    if target == MONSTER_TARGET:
        return RuleError("ff-ronde", "why.monster-not-moved")
    square = parse_target_square(target) if target.startswith("sq:") else None
    fig = next((f for f in state.figures if f"fig:{f.id}" == target or (square and f.at == square)), None)
    if fig is not None:
        refusal = _refusal(engine, state, f"move:{fig.id}:")  # a turn of 0 steps: the figure's own refusal
        if refusal is not None:
            return refusal
    return RuleError("ff-een-figuur-per-beurt", "why.figure-first", colour=mover)


def _explain_walk(engine: Engine[Any], state: State, pick: tuple[str, ...], target: str) -> RuleError | None:
    """A figure picked and walking: another figure (ff-een-figuur-per-beurt), the slide to finish
    first, a step too many, the start square first, or a square that is not the next step."""
    try:
        walker, fig, pos, _stones, letters, pending = _walk_pick(state, pick)
    except PickError:
        return None
    if target.startswith("fig:"):
        return RuleError("ff-een-figuur-per-beurt", "why.one-figure", figure=fig.id)
    if target == MONSTER_TARGET:
        target = sq_target(state.monster)
    square = parse_target_square(target) if target.startswith("sq:") else None
    if square is None:
        return None
    if pending:
        return RuleError("ff-bloedplas-glijden", "why.sliding", figure=fig.id, sq=list(pending[0]))
    if len(letters) >= fig.showing:
        return _refusal(engine, state, f"move:{fig.id}:{letters}{'UDLR'[0]}")
    if pos == POOL:
        return RuleError("ff-bord-betreden", "why.enter-first", figure=fig.id)
    if not isinstance(pos, tuple):
        return _refusal(engine, state, f"move:{fig.id}:{letters}U")
    return _explain_step(engine, state, fig, letters, pos, square)


def _explain_step(
    engine: Engine[Any], state: State, fig: Figure, letters: str, pos: Square, square: Square
) -> RuleError | None:
    """``square`` tapped as the walking figure's next step from ``pos``: the engine's refusal of a step
    onto it (through the wall: ff-monster-door-muur's square opposite), else why the move could not end
    there (ff-vrij-eindveld) or that it is no neighbour (ff-orthogonaal)."""
    neighbour = False
    for letter in "UDLR":
        ahead = step(pos, letter)
        through_wall = not on_board(ahead) and square == mirror(pos)
        if ahead == square or through_wall:
            neighbour = True
            refusal = _refusal(engine, state, f"move:{fig.id}:{letters}{letter}")
            if refusal is not None:
                return refusal
    if neighbour:  # a step the engine takes, from where the move could not end on a free square
        return RuleError("ff-vrij-eindveld", "why.cannot-end", figure=fig.id, sq=list(square))
    return RuleError("ff-orthogonaal", "why.not-adjacent", figure=fig.id, sq=list(pos))


def _explain_setup(engine: Engine[Any], state: State, pick: tuple[str, ...], target: str) -> RuleError | None:
    """dmaufbau: a square is the engine's refusal of each object still to place there (the stone's
    first); a figure or the monster waits for the board to be set up; once a square is chosen, the
    object for it is chosen below the board."""
    pl = state.placement
    placer = state.placer() or ""
    if pl is None:
        return None
    square = parse_target_square(target) if target.startswith("sq:") else None
    if pick:
        chosen = parse_target_square(pick[0]) or (0, 0)
        return RuleError("ff-dmaufbau-plaatsen", "why.setup-kind", sq=list(chosen))
    if square is None:
        return RuleError("ff-dmaufbau-plaatsen", "why.setup-first", colour=placer)
    x, y = square
    kinds = [f"place:stone:{x},{y}"] if pl.stones else []
    kinds += [f"place:pool2:{x},{y}"] if pl.pool2 else []
    kinds += [f"place:pool4:{x},{y},h", f"place:pool4:{x},{y},v"] if pl.pool4 else []
    refusals = [_refusal(engine, state, action) for action in kinds]
    if not refusals or any(r is None for r in refusals):
        return None
    return refusals[0]


def parse_target_square(target: str) -> Square | None:
    x, _, y = target[3:].partition(",")
    if not (x.isdigit() and y.isdigit()):
        return None
    return int(x), int(y)


__all__ = [
    "WALL_LETTERS",
    "action_group",
    "action_label",
    "board_view",
    "colour_name",
    "figure_name",
    "figure_tag",
    "language",
    "tap",
    "explain",
]
