"""The position editor of Finstere Flure (``GAME.editor``; the protocol is in ``rules/core/editor.py``).

Targets are the ids the board's shapes carry: ``sq:X,Y`` for every square, ``fig:<figure id>`` for
every figure (on the board, in the start pool, saved or out) and ``monster``. A tap on a piece acts
on the square it stands on, except where the tool is about the figure itself (turning it over, the
"moved" mark, saved, out).

Palette (``TOOLBOX`` and each figure's two sides, declared with what a tap does): ``stone``, the
blood pools ``pool4h`` / ``pool4v`` / ``pool2`` (tapped at their top-left square), ``fig:<fid>:<value>``
(the figure showing that side; on itself in the start pool it turns over), ``monster:<heading>``,
``moved`` (phase players), ``saved`` (ff-einde-gelijke-stand: the end of the order of saving),
``out`` (chapter 2), ``empty`` (a figure to the start pool, a stone or a whole pool away; the monster
stays) and ``move`` (``drop:fig:<fid>``, ``drop:stone:X,Y``, ``drop:monster``, ``drop:pool:X,Y`` in
between; tapping its own place puts it down).

Fields
------
``phase``; ``chapter``; ``round`` (the round within the chapter, 1-7; the label gives the round of
the whole game); ``card1`` .. ``cardN``: the cards turned over this chapter, in order (N follows the
round: the cards of the rounds before, plus in phase monster the card in play, which is the last
one); in phase monster ``steps`` (steps already taken) and, for X/XX, ``caught``; in phase players
``turn`` (whose turn); in phase over ``ending``. Only fields whose value differs from the current
one are applied (a form sends them all), in that order.

The editor's own rules refuse the common impossible arrangements with a reason in the reader's
language (nl, de, en); the engine's ``state_from_position`` then judges every result, and its
refusals about the turn state (no figure left to move, the end rung outside the players' part, ...)
are translated too. Anything else it refuses comes back as the reader's own English sentence.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from rules.core.editor import EditError, Field, FormEditor, PaletteItem, Tool, judged, numbers, read_format
from rules.core.engine import Engine, PositionError
from rules.core.inputs import is_digits

from .board import EXIT, START, Square, components, is_edge, on_board, pool2_squares, pool4_squares, pool_shape
from .position import FORMAT
from .state import (
    CARD_KINDS,
    CARDS_PER_CHAPTER,
    FULL_DECK,
    HIT_CARDS,
    MAX_HIT_STEPS,
    State,
    figure_ids,
    front_values,
    split_figure_id,
)
from .words import WORDS

PHASE_ORDER = ("players", "card", "monster", "setup", "over")
ENDING_ORDER = ("ff-einde-kampioenschap", "ff-einde-bord-leeg", "ff-einde-kaarten-op")  # how a game can end

Board = dict[str, Any]  # a working copy of a canonical position
Tap = tuple[str | None, Square | None]  # a target read: (the figure tapped, the square tapped)


def text(key: str, lang: str | None, **data: Any) -> str:
    return WORDS.text("editor", key, lang, **data)


def sq_text(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def figure_label(fid: str, lang: str | None) -> str:
    colour, front = split_figure_id(fid)
    return f"{WORDS.table('colour', lang).get(colour, colour)} {front}"


def card_label(card: str, lang: str | None) -> str:
    return text(f"cardname.{card}", lang) if card in HIT_CARDS else text("cardname.steps", lang, card=card)


# -- reading targets and tools ------------------------------------------------------------------------


def parse_square(raw: str) -> Square | None:
    parts = raw.split(",")
    if len(parts) != 2 or not all(is_digits(p, 2) for p in parts):
        return None
    sq = (int(parts[0]), int(parts[1]))
    return sq if on_board(sq) else None


def _sq_of(value: Any) -> Square:
    return (int(value[0]), int(value[1]))


class _Work:
    """A working copy of a canonical position, read by the position format (``position.FORMAT``:
    squares as tuples) and written back through it, with the small queries the tools need."""

    def __init__(self, pos: Mapping[str, Any]):
        self.canon = pos  # the position as given (canonical)
        self.pos: Board = read_format(FORMAT, pos)
        pos = self.pos
        self.players: list[str] = list(pos["players"])
        self.stones: list[Square] = list(pos["stones"])
        self.blood: set[Square] = set(pos["blood"])
        self.monster: Square = pos["monster"]["at"]
        self.facing: str = pos["monster"]["facing"]
        self.figs: dict[str, Any] = {fid: raw if isinstance(raw, str) else dict(raw) for fid, raw in pos["figures"].items()}
        self.saved: list[str] = list(pos["saved"])
        turn = pos["turn"] or {}
        taken = turn.get("turns_taken") or {}
        self.extra = {p: max(0, int(taken.get(p, 0)) - self.moved_count(p)) for p in self.players}

    # -- queries -------------------------------------------------------------------------------------

    def figure_at(self, sq: Square) -> str | None:
        for fid, f in self.figs.items():
            if isinstance(f, dict) and f["at"] != "pool" and _sq_of(f["at"]) == sq:
                return fid
        return None

    def where(self, fid: str) -> Square | str:
        f = self.figs[fid]
        if isinstance(f, str):
            return f
        return "pool" if f["at"] == "pool" else _sq_of(f["at"])

    def moved_count(self, player: str) -> int:
        return sum(1 for fid, f in self.figs.items() if isinstance(f, dict) and f["moved"]
                   and split_figure_id(fid)[0] == player)  # fmt: skip

    def pool_of(self, sq: Square) -> frozenset[Square] | None:
        for group in components(self.blood):
            if sq in group:
                return group
        return None

    def occupant(self, sq: Square, lang: str | None) -> str | None:
        """What stands on ``sq`` (a figure, a stone, the monster), named for a refusal."""
        fid = self.figure_at(sq)
        if fid is not None:
            return figure_label(fid, lang)
        if sq in self.stones:
            return text("occ.stone", lang)
        if sq == self.monster:
            return text("occ.monster", lang)
        return None

    def refuse_occupied(self, sq: Square, lang: str | None) -> None:
        what = self.occupant(sq, lang)
        if what is not None:
            raise EditError(text("occupied", lang, sq=sq_text(sq), what=what, what_cap=what[:1].upper() + what[1:]))

    # -- changes -------------------------------------------------------------------------------------

    def set_figure(self, fid: str, at: Square | str, showing: int | None = None, moved: bool | None = None) -> None:
        old = self.figs[fid]
        front = split_figure_id(fid)[1]
        if isinstance(old, str):
            old = {"at": "pool", "showing": front, "moved": False}
        if fid in self.saved and at != "saved":
            self.saved.remove(fid)
        if at in ("saved", "out"):
            self.figs[fid] = at
            if at == "saved" and fid not in self.saved:
                self.saved.append(fid)
            return
        self.figs[fid] = {
            "at": at if at == "pool" else list(at),
            "showing": old["showing"] if showing is None else showing,
            "moved": old["moved"] if moved is None else moved,
        }

    def position(self) -> Board:
        pos = dict(self.pos)
        pos["stones"] = [list(s) for s in self.stones]
        pos["blood"] = [list(s) for s in sorted(self.blood)]
        pos["monster"] = {"at": list(self.monster), "facing": self.facing}
        pos["figures"] = dict(self.figs)
        pos["saved"] = list(self.saved)
        pos.pop("deck", None)  # derived: the eight cards minus the discard
        if pos["phase"] == "players":
            taken = {}
            for p in self.players:
                saved_here = sum(1 for fid in self.saved if split_figure_id(fid)[0] == p)
                taken[p] = self.moved_count(p) + min(self.extra.get(p, 0), saved_here)
            pos["turn"] = {"turns_taken": taken}
        if pos["phase"] == "setup":
            pos["placement"] = None  # derived from the objects on the board
        if pos["phase"] != "over":
            pos.pop("round", None)  # derived from chapter, discard and phase
        return FORMAT.encode(pos)


# The engine's refusals about the turn state, in the reader's words (FormEditor.judge).
ENGINE_REFUSALS = (
    ("turn", "no figure is left", "no-mover"),
    ("saved", "end has been rung", "end-rung"),
    ("figures", "chapter 2", "chapter-2-empty"),
    ("turn.turns_taken", "first round", "first-round"),
    ("figures", "board is built", "setup-figures"),
    ("phase", "board is built", "setup-start"),
    ("placement", "nothing left", "setup-done"),
    ("figures", "no figure is lost in chapter 1", "out-chapter-1"),
    ("ending", "needs", "ending-mismatch"),
    ("discard.0", "first card", "first-card"),
    ("discard", "chapter is over", "seven-cards"),
    ("discard", "at most", "seven-cards"),
)


# -- the form: every field is applied by settle() (phase, chapter, round and cards go together) ------------


def _round_label(chapter: int, r: int, lang: str) -> str:
    if chapter == 1:
        return text("roundname", lang, n=r)
    return text("roundname.chapter2", lang, n=CARDS_PER_CHAPTER + r, r=r)


def _round(pos: Mapping[str, Any]) -> int:
    """The round within the chapter."""
    return int(pos["round"]) - (0 if pos["chapter"] == 1 else CARDS_PER_CHAPTER)


def _round_choices(w: _Work, lang: str) -> list[tuple[str, str]]:
    pos = w.canon
    top = 1 if pos["phase"] == "setup" else CARDS_PER_CHAPTER + (1 if pos["phase"] == "over" else 0)
    shown = sorted({*range(1, top + 1), _round(pos)})
    return [(str(r), _round_label(pos["chapter"], r, lang)) for r in shown]


def _card_field(i: int) -> Field[_Work]:
    """The i-th card turned over this chapter (in phase monster the last one is the card in play)."""

    def label(w: _Work, lang: str) -> str:
        playing = w.canon["phase"] == "monster" and i == len(w.canon["discard"])
        return text("field.card.play" if playing else "field.card", lang, i=i)

    def choices(w: _Work, lang: str) -> list[tuple[str, str]]:
        first = i == 1 and w.canon["chapter"] == 1  # never X or XX first in chapter 1
        return [(c, card_label(c, lang)) for c in CARD_KINDS if not (first and c in HIT_CARDS)]

    return Field(f"card{i}", label, choices, get=lambda w: w.canon["discard"][i - 1],
                 shown=lambda w: i <= len(w.canon["discard"]))


def _step_limit(w: _Work) -> int:
    card = w.canon["monster_turn"]["card"]
    return MAX_HIT_STEPS if card in HIT_CARDS else int(card)


def _in(phase: str) -> Callable[[_Work], bool]:
    return lambda w: w.canon["phase"] == phase


FORM: tuple[Field[_Work], ...] = (
    Field("phase", "field.phase", lambda w, lang: ((p, WORDS.word("phase", p, lang)) for p in PHASE_ORDER),
          get=lambda w: w.canon["phase"]),
    Field("chapter", "field.chapter", lambda w, lang: ((str(n), text("chapter", lang, n=n)) for n in (1, 2)),
          get=lambda w: w.canon["chapter"]),
    Field("round", "field.round", _round_choices, get=lambda w: _round(w.canon)),
    *(_card_field(i) for i in range(1, len(FULL_DECK) + 1)),
    Field("steps", "field.steps", lambda w, lang: numbers(0, _step_limit(w) - 1),
          get=lambda w: w.canon["monster_turn"]["steps"], shown=_in("monster")),
    Field("caught", "field.caught", lambda w, lang: numbers(0, HIT_CARDS[w.canon["monster_turn"]["card"]] - 1),
          get=lambda w: w.canon["monster_turn"]["caught"],
          shown=lambda w: w.canon["phase"] == "monster" and w.canon["monster_turn"]["card"] in HIT_CARDS),
    Field("turn", "field.turn", lambda w, lang: ((p, WORDS.word("colour", p, lang)) for p in w.canon["players"]),
          get=lambda w: (w.canon.get("turn") or {}).get("player") or "", shown=_in("players")),
    Field("ending", "field.ending", lambda w, lang: ((e, WORDS.word("ending", e, lang)) for e in ENDING_ORDER),
          get=lambda w: w.canon["ending"], shown=_in("over")),
)


# -- the palette: what each tool does at a target ------------------------------------------------------


def _target(w: _Work, target: str, lang: str) -> Tap:
    """(the figure tapped, the square tapped): a figure off the board has no square."""
    kind, _, rest = target.partition(":")
    if kind == "sq":
        sq = parse_square(rest)
        if sq is None:
            raise EditError(text("bad-target", lang))
        return w.figure_at(sq), sq
    if kind == "fig" and rest in w.figs:
        at = w.where(rest)
        return rest, at if isinstance(at, tuple) else None
    if target == "monster":
        return None, w.monster
    raise EditError(text("bad-target", lang))


def _square(sq: Square | None, lang: str) -> Square:
    if sq is None:
        raise EditError(text("tap-square", lang))
    return sq


def _figure_tapped(fid: str | None, lang: str) -> str:
    if fid is None:
        raise EditError(text("no-figure", lang))
    return fid


def _stone(w: _Work, at: Tap, lang: str) -> None:
    sq = _square(at[1], lang)
    if sq in w.stones:
        return
    w.refuse_occupied(sq, lang)
    if sq in (START, EXIT):
        raise EditError(text("stone-special", lang))
    if len(w.stones) >= 11:
        raise EditError(text("stone-count", lang))
    w.stones.append(sq)


def _pool(w: _Work, kind: str, sq: Square, lang: str, *, moving: frozenset[Square] = frozenset()) -> None:
    """A blood pool (``pool4h``, ``pool4v``, ``pool2``) from its top-left square: one of each shape,
    inside the walls, not under the monster, not touching another pool."""
    squares = pool2_squares(*sq) if kind == "pool2" else pool4_squares(sq[0], sq[1], "h" if kind == "pool4h" else "v")
    shape = "pool2" if kind == "pool2" else "pool4"
    rest = w.blood - moving
    if any(pool_shape(group) == shape for group in components(rest)):
        raise EditError(text("pool-second", lang, what=text(f"pool-name.{shape}", lang)))
    for key, bad in (("pool-off", lambda s: not on_board(s)), ("pool-wall", is_edge), ("pool-monster", w.monster.__eq__)):
        for s in squares:
            if bad(s):
                raise EditError(text(key, lang, sq=sq_text(s)))
    near = {(x + dx, y + dy) for x, y in squares for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
    if near & rest:
        raise EditError(text("pool-touch", lang))
    w.blood = rest | set(squares)


def _monster(w: _Work, sq: Square, facing: str, lang: str) -> None:
    if sq != w.monster:
        w.refuse_occupied(sq, lang)
        if sq in w.blood:
            raise EditError(text("monster-blood", lang))
        w.monster = sq
    w.facing = facing


def _figure(w: _Work, placing: str, value: int, at: Tap, lang: str) -> None:
    """The figure on the square tapped showing ``value``; tapped on itself in the start pool, turned over."""
    fid, sq = at
    if fid == placing and w.where(placing) == "pool":
        w.set_figure(placing, "pool", showing=value)
        return
    square = _square(sq, lang)
    if w.figure_at(square) != placing:
        w.refuse_occupied(square, lang)
    w.set_figure(placing, square, showing=value)


def _moved(w: _Work, at: Tap, lang: str) -> None:
    """The "moved" mark of the figure tapped, on or off (phase players)."""
    fid = _figure_tapped(at[0], lang)
    if w.pos["phase"] != "players":
        raise EditError(text("moved-phase", lang))
    f = w.figs[fid]
    if isinstance(f, str):
        raise EditError(text("not-in-play", lang, name=figure_label(fid, lang)))
    player = split_figure_id(fid)[0]
    if not f["moved"] and w.pos["chapter"] == 1 and w.pos["round"] == 1 and w.moved_count(player) >= 2:
        raise EditError(text("first-round", lang))
    f["moved"] = not f["moved"]


def _out(w: _Work, at: Tap, lang: str) -> None:
    fid = _figure_tapped(at[0], lang)
    if w.pos["chapter"] == 1:
        raise EditError(text("out-chapter-1", lang))
    w.set_figure(fid, "out")


def _pool_tool(kind: str, glyph: str) -> Tool[_Work, Tap]:
    return Tool(kind, f"tool.{kind}", lambda w, at, lang: _pool(w, kind, _square(at[1], lang), lang), "sq-blood", glyph,
                "group.objects")


def _monster_tool(heading: str, glyph: str) -> Tool[_Work, Tap]:
    return Tool(f"monster:{heading}", lambda w, lang: text("tool.monster", lang, heading=WORDS.word("direction", heading, lang)),
                lambda w, at, lang: _monster(w, _square(at[1], lang), heading, lang), "monster", glyph, "group.monster")


def _figure_tool(fid: str, value: int) -> Tool[_Work, Tap]:
    colour, front = split_figure_id(fid)
    side = "front" if value == front else "back"
    return Tool(f"fig:{fid}:{value}", lambda w, lang: text(f"tool.figure.{side}", lang, name=figure_label(fid, lang), value=value),
                lambda w, at, lang: _figure(w, fid, value, at, lang), f"fig-{colour}" + (" fig-back" if side == "back" else ""),
                str(value), lambda lang: text("group.figures", lang, colour=WORDS.word("colour", colour, lang)))


TOOLBOX: tuple[Tool[_Work, Tap], ...] = (
    Tool("move", "tool.move", css="tool", glyph="↔", group="group.tools"),
    Tool("empty", "tool.empty", css="tool", glyph="∅", group="group.tools"),
    Tool("moved", "tool.moved", _moved, "tool", "✓", "group.tools", shown=lambda w: w.canon["phase"] == "players"),
    Tool("saved", "tool.saved", lambda w, at, lang: w.set_figure(_figure_tapped(at[0], lang), "saved"), "tool", "↖",
         "group.tools"),
    Tool("out", "tool.out", _out, "tool", "✕", "group.tools", shown=lambda w: w.canon["chapter"] == 2),
    Tool("stone", "tool.stone", _stone, "stone", "■", "group.objects"),
    *(_pool_tool(kind, glyph) for kind, glyph in (("pool4h", "1×4"), ("pool4v", "4×1"), ("pool2", "2×2"))),
    *(_monster_tool(d, glyph) for d, glyph in (("U", "▲"), ("D", "▼"), ("L", "◀"), ("R", "▶"))),
)


# -- the editor --------------------------------------------------------------------------------------


class FinstereFlureEditor(FormEditor[_Work, Tap]):
    """The position editor (``rules.core.editor.Editor``)."""

    form = FORM
    words = WORDS
    refusal_table = "editor"
    unknown_tool = "bad-tool"
    engine_refusals = ENGINE_REFUSALS

    # -- blank ---------------------------------------------------------------------------------------

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """The same players, every figure in the start pool coloured side up, no stones or blood, the
        monster on its start square (ff-monster-beginpositie), the first round's players' part."""
        players = judged(engine, position)["players"]
        return judged(engine, {
            "game": "finstere-flure",
            "players": players,
            "phase": "players",
            "chapter": 1,
            "monster": {"at": list(EXIT), "facing": "R"},
            "stones": [],
            "blood": [],
            "figures": {fid: "pool" for fid in figure_ids(tuple(players))},
        })  # fmt: skip

    def off_board(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        """Figures not drawn on the board (start pool, saved, out) as tap targets under it: tapped with
        a tool they turn over, get marked, or are picked up like any figure."""
        where = WORDS.table("off_board", lang)
        out = []
        for fid, fig in judged(engine, position)["figures"].items():
            if isinstance(fig, dict) and fig.get("at") != "pool":
                continue
            state = "pool" if isinstance(fig, dict) or fig == "pool" else str(fig)
            showing = fig.get("showing", "") if isinstance(fig, dict) else ""
            out.append((f"fig:{fid}", f"{figure_label(fid, lang)} ({where[state].format(v=showing)})"))
        return out

    def held_target(self, held: str) -> str | None:
        """The board target of the piece a "move" picked up (the page marks it)."""
        kind, _, rest = held.partition(":")
        if kind == "fig":
            return f"fig:{rest}"
        if kind == "monster":
            return "monster"
        if kind in ("stone", "pool"):
            return f"sq:{rest}"
        return None

    def declared_tools(self, w: _Work) -> tuple[Tool[_Work, Tap], ...]:
        players = tuple(w.canon["players"])
        figures = (f"{colour}{front}" for colour in players for front in front_values(len(players)))
        return (*TOOLBOX, *(_figure_tool(fid, v) for fid in figures for v in (split_figure_id(fid)[1], 7 - split_figure_id(fid)[1])))

    def held_item(self, w: _Work, tool: str, lang: str) -> PaletteItem | None:
        kind, _, rest = tool[len("drop:") :].partition(":")
        sq = parse_square(rest)
        if kind == "fig" and rest in w.figs:
            held = text("held", lang, what=figure_label(rest, lang))
        elif kind == "monster" and not rest:
            held = text("held", lang, what=text("what.monster", lang))
        elif kind == "stone" and sq is not None:
            held = text("held", lang, what=text("what.stone", lang, sq=sq_text(sq)))
        elif kind == "pool" and sq is not None and (group := w.pool_of(sq)) and (shape := pool_shape(group)):
            held = text("held.pool", lang, what=text(f"what.{shape}", lang))
        else:
            return None
        return PaletteItem(tool, held, css="tool tool-held", glyph="✋", group=text("group.tools", lang))

    # -- place ---------------------------------------------------------------------------------------

    def decode(self, engine: Engine[Any], position: Mapping[str, Any]) -> _Work:
        return _Work(judged(engine, position))

    def encode(self, engine: Engine[Any], w: _Work) -> dict[str, Any]:
        return dict(w.canon)

    def target(self, w: _Work, target: str, lang: str) -> Tap:
        return _target(w, target, lang)

    def after_tap(self, engine: Engine[Any], w: _Work, lang: str) -> dict[str, Any]:
        return self.judge(engine, w.position(), lang)

    def empty(self, w: _Work, at: Tap, lang: str) -> _Work:
        fid, sq = at
        if fid is not None:
            w.set_figure(fid, "pool")
            return w
        assert sq is not None  # a target without a figure is a square
        if sq == w.monster:
            raise EditError(text("monster-stays", lang))
        if sq in w.stones:
            w.stones.remove(sq)
            return w
        group = w.pool_of(sq)
        if group is not None:
            w.blood -= group
        return w

    # -- move: pick up and drop ----------------------------------------------------------------------

    def pick_up(self, w: _Work, at: Tap, lang: str) -> str:
        fid, sq = at
        if fid is not None:
            return f"fig:{fid}"
        assert sq is not None
        if sq == w.monster:
            return "monster"
        if sq in w.stones:
            return f"stone:{sq[0]},{sq[1]}"
        group = w.pool_of(sq)
        if group is not None:
            x, y = min(group, key=lambda s: (s[1], s[0]))
            return f"pool:{x},{y}"
        raise EditError(text("nothing-here", lang, sq=sq_text(sq)))

    def drop(self, w: _Work, held: str, at: Tap, lang: str) -> _Work:
        (kind, _, rest), (fid, sq) = held.partition(":"), at
        if kind == "fig":
            if rest not in w.figs:
                raise EditError(text("held-gone", lang))
            if fid == rest:
                return w  # put down where it is
            square = _square(sq, lang)
            w.refuse_occupied(square, lang)
            off = w.where(rest) in ("saved", "out")
            w.set_figure(rest, square, showing=split_figure_id(rest)[1] if off else None, moved=False if off else None)
        elif kind == "monster" and not rest:
            _monster(w, _square(sq, lang), w.facing, lang)
        elif kind == "stone" and (origin := parse_square(rest)) is not None:
            if origin not in w.stones:
                raise EditError(text("held-gone", lang))
            square = _square(sq, lang)
            if square != origin:
                w.refuse_occupied(square, lang)
                if square in (START, EXIT):
                    raise EditError(text("stone-special", lang))
                w.stones[w.stones.index(origin)] = square
        elif kind == "pool" and (origin := parse_square(rest)) is not None:
            self._drop_pool(w, origin, _square(sq, lang), lang)
        else:
            raise EditError(text("bad-tool", lang))
        return w

    def _drop_pool(self, w: _Work, origin: Square, square: Square, lang: str) -> None:
        group = w.pool_of(origin)
        shape = pool_shape(group) if group else None
        if group is None or shape is None:
            raise EditError(text("held-gone", lang))
        if square != min(group, key=lambda s: (s[1], s[0])):
            kind = "pool2" if shape == "pool2" else "pool4h" if len({y for _x, y in group}) == 1 else "pool4v"
            _pool(w, kind, square, lang, moving=group)

    # -- fields --------------------------------------------------------------------------------------

    def settle(
        self, engine: Engine[Any], w: _Work, values: Mapping[str, str], changed: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        """Only the fields whose value differs are applied (a form sends them all), in the form's order."""
        pos = w.canon
        new: Board = w.position()
        phase, chapter, r = pos["phase"], pos["chapter"], _round(pos)
        discard = list(pos["discard"])
        if "chapter" in changed:
            chapter = int(changed["chapter"])
            if chapter == 1 and any(f == "out" for f in w.figs.values()):
                raise EditError(text("out-chapter-1", lang))
        if "phase" in changed:
            phase = changed["phase"]
            if phase == "setup":
                chapter, r = 1, 1
        if "round" in changed:
            r = int(changed["round"])
        if {"chapter", "phase", "round"} & changed.keys():
            discard = self._discard_for(discard, phase, chapter, r, "round" in changed or phase != "over")
        for i in range(1, len(discard) + 1):
            discard[i - 1] = changed.get(f"card{i}", discard[i - 1])
        self._check_cards(discard, chapter, lang)
        new.update(phase=phase, chapter=chapter, discard=discard, round=(0 if chapter == 1 else CARDS_PER_CHAPTER) + r)
        if phase != "over":
            new.pop("round")
        return self.judge(engine, self._turn_state(engine, w, new, changed, lang), lang)

    def _turn_state(self, engine: Engine[Any], w: _Work, new: Board, changed: Mapping[str, str], lang: str) -> Board:
        """The part of the turn state that belongs to the new phase (whose turn, the monster's turn,
        the ending); figures keep the "moved" mark only in the players' part."""
        pos, phase = w.canon, new["phase"]
        for key in ("turn", "monster_turn", "placement", "ending"):
            new[key] = None
        figures = new["figures"]
        if phase != "players":
            for fid, f in figures.items():
                if isinstance(f, dict) and f["moved"]:
                    figures[fid] = {**f, "moved": False}
        if phase == "players":
            new["turn"] = w.position()["turn"] if pos["phase"] == "players" else {}
            if "turn" in changed:
                new["turn"] = self._turn_for(engine, new, changed["turn"], lang)
        elif phase == "monster":
            new["monster_turn"] = self._monster_turn(pos, new["discard"], changed, lang)
        elif phase == "over":
            new["ending"] = changed.get("ending") or pos.get("ending") or self._ending_for(engine, new, lang)
        return new

    @staticmethod
    def _discard_for(discard: list[str], phase: str, chapter: int, r: int, by_round: bool) -> list[str]:
        """The cards turned over this chapter in round ``r`` of ``phase``: cut, or filled up in the order of
        the deck (never X or XX first in chapter 1)."""
        if not by_round:
            return discard
        if phase == "setup":
            return []
        want = r if phase == "monster" else r - 1
        out = discard[:want]
        while len(out) < want:
            left = Counter(FULL_DECK) - Counter(out)
            for c in FULL_DECK:
                if left[c] and not (not out and chapter == 1 and c in HIT_CARDS):
                    out.append(c)
                    break
        return out

    @staticmethod
    def _check_cards(discard: list[str], chapter: int, lang: str | None) -> None:
        counts, full = Counter(discard), Counter(FULL_DECK)
        for card in CARD_KINDS:
            if counts[card] > full[card]:
                raise EditError(text("card-count", lang, n=full[card], card=card), "discard")
        if chapter == 1 and discard and discard[0] in HIT_CARDS:
            raise EditError(text("first-card", lang), "discard")

    @staticmethod
    def _monster_turn(
        pos: Mapping[str, Any], discard: list[str], changed: Mapping[str, str], lang: str | None
    ) -> Board:
        card = discard[-1]
        mt = pos.get("monster_turn") or {"steps": 0, "caught": 0}
        limit = MAX_HIT_STEPS if card in HIT_CARDS else int(card)
        steps = int(changed.get("steps", mt["steps"]))
        if steps >= limit:
            if "steps" in changed:
                raise EditError(text("steps-limit", lang, card=card, n=limit - 1), "monster_turn.steps")
            steps = limit - 1
        caught = int(changed.get("caught", mt["caught"]))
        if card in HIT_CARDS and caught >= HIT_CARDS[card]:
            if "caught" in changed:
                raise EditError(text("caught-limit", lang, card=card, n=HIT_CARDS[card]), "monster_turn.caught")
            caught = 0
        return {"card": card, "steps": steps, "caught": caught}

    @staticmethod
    def _turn_for(engine: Engine[Any], pos: Board, player: str, lang: str | None) -> Board:
        """Turns taken this round such that ``player`` is to move: each player took as many turns as
        figures marked moved, plus up to one per figure saved (a turn that saved a figure leaves no
        mark); the fewest extra turns win."""
        try:
            state: State = engine.state_from_position(dict(pos, turn={}))
        except PositionError:
            raise EditError(text("turn-impossible", lang, player=WORDS.table("colour", lang).get(player, player))) from None
        ranges = []
        for p in state.players:
            moved = sum(1 for f in state.figures if f.owner == p and f.moved)
            top = min(moved + state.saved_count(p), state.figures_per_player, 2 if state.first_round else 99)
            ranges.append(range(moved, max(moved, top) + 1))
        best: tuple[int, ...] | None = None
        for combo in itertools.product(*ranges):
            if replace(state, turns=tuple(combo)).player_to_move() == player:
                if best is None or sum(combo) < sum(best):
                    best = tuple(combo)
        if best is None:
            raise EditError(text("turn-impossible", lang, player=WORDS.table("colour", lang).get(player, player)), "turn")
        return {"turns_taken": dict(zip(state.players, best, strict=True))}

    @staticmethod
    def _ending_for(engine: Engine[Any], pos: Board, lang: str | None) -> str:
        for ending in ENDING_ORDER:
            try:
                engine.state_from_position(dict(pos, ending=ending))
            except PositionError:
                continue
            return ending
        raise EditError(text("not-over", lang), "phase")


EDITOR = FinstereFlureEditor()
