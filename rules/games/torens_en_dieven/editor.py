"""The position editor of Torens & Dieven (:mod:`rules.core.editor`).

Targets are the board's (``view.py``): ``sq:X,Y`` (a tile or an open square next to the grid),
``tower:X,Y`` (a tower or an empty tower site; for tiles and towers it means the tile it stands on)
and ``guard:X,Y`` (the guard on that tower).

Palette
-------
- Tiles: ``tile:land``, ``tile:thief2`` .. ``tile:thief7``, ``tile:tower``, and with De Rivier
  ``tile:river`` and ``tile:rivertower``. On an open square next to the grid: a new tile, taken
  from its stack (a stack that is out of that kind: the tile is added only while the game has
  that many tiles, ``LIMITS``). On a tile: the tile changes kind (the old one goes back to its
  stack). A tower site gets a tower of 1 piece (td-toren-beginnen; 0 pieces when the supply is
  empty); a tile that loses its site loses its tower (the pieces go back to the supply, the
  guard to its owner).
- Tower heights: ``height:1`` .. ``height:5``, ``height:+1``, ``height:-1`` on a tower site.
- Guards: ``guard:<colour>`` for each player, on a tower (another guard there goes back to its
  owner's supply; the guard comes out of the player's supply of followers).
- ``empty``: on a guard, the guard goes back to its owner; on a tile, the tile (with its tower and
  guard) goes back to its stack. The start tile stays; the tiles must stay connected.
- ``move``: tap a tile (with its tower) or a guard, then where it goes (``drop:sq:X,Y`` /
  ``drop:guard:X,Y`` is the tool in between).

Fields: whose turn, the phase, the drawn tile (phases grow and place; it comes out of its stack),
the tile placed this turn (phase guard), whether a tower tile replaces a stolen tile (phase draw),
the stolen tile's value, the tiles left in each stack, the scores and each player's followers in
the supply. The supply of tower pieces is not a field: it is always 20 minus the pieces on
towers.

Refusals are in the reader's language (the catalogues' ``refusal`` words); the engine's
``state_from_position`` judges every result (:func:`rules.core.editor.apply_edit`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.editor import EditError, Field, FormEditor, PaletteItem, SeatField, numbers
from rules.core.engine import Engine

from .labels import colour, parse_square, square, tile_name
from .position import LIMITS
from .rules import growing, guard_options
from .state import (
    DRAW,
    FOLLOWERS,
    GRID_LIMIT,
    GROW,
    GUARD,
    LAND,
    MAX_HEIGHT,
    OVER,
    PIECES,
    PLACE,
    RIVER,
    RIVER_KINDS,
    RIVER_TILES,
    RIVER_TOWER,
    SITE_KINDS,
    SOURCE,
    STACK_KINDS,
    START,
    THIEF_KINDS,
    THIEF_VALUES,
    TOWER,
    TOWER_TILES,
    Square,
    State,
    Tower,
    evolve,
    thief_value,
)
from .words import WORDS

MAX_SCORE_CHOICE = 200  # scores offered in the form (and the current score, when higher)

PHASE_ORDER = (DRAW, GROW, PLACE, GUARD, OVER)
TILE_TOOLS = (LAND, *THIEF_KINDS, TOWER)
HEIGHT_TOOLS = ("1", "2", "3", "4", "5", "+1", "-1")
TARGET_KINDS = ("sq", "tower", "guard")


def refuse(key: str, lang: str | None, **data: Any) -> EditError:
    return EditError(WORDS.text("refusal", key, lang, **data))


def word(key: str, lang: str | None, **data: Any) -> str:
    return WORDS.text("editor", key, lang, **data)


def has_river(st: State) -> bool:
    kinds = {k for _x, _y, k in st.tiles}
    return bool(kinds & {SOURCE, RIVER, RIVER_TOWER}) or sum(st.river_stack) > 0 or st.drawn in RIVER_KINDS


def _neighbours(square: Square) -> tuple[Square, ...]:
    x, y = square
    return (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)


def connected_order(tiles: list[tuple[int, int, str]]) -> tuple[tuple[int, int, str], ...] | None:
    """``tiles`` reordered so that every tile touches one before it (the engine's rule for positions),
    keeping the given order where it can; None when the tiles do not hang together."""
    if not tiles:
        return None
    out = [tiles[0]]
    seen = {tiles[0][:2]}
    rest = tiles[1:]
    while rest:
        for i, tile in enumerate(rest):
            if any(n in seen for n in _neighbours(tile[:2])):
                out.append(tile)
                seen.add(tile[:2])
                del rest[i]
                break
        else:
            return None
    return tuple(out)


# -- tiles in and out of the stacks ---------------------------------------------------------------------


def _stack_of(st: State, kind: str) -> int:
    """The tiles of ``kind`` left in its stack (0 for a kind without one: the start tile)."""
    if kind in STACK_KINDS:
        return st.stack[STACK_KINDS.index(kind)]
    if kind in RIVER_KINDS:
        return st.river_stack[RIVER_KINDS.index(kind)]
    return st.tower_stack if kind == TOWER else 0


def _with_stack(st: State, kind: str, n: int) -> State:
    if kind in STACK_KINDS:
        return evolve(st, stack=tuple(n if k == kind else c for k, c in zip(STACK_KINDS, st.stack, strict=True)))
    if kind in RIVER_KINDS:
        counts = zip(RIVER_KINDS, st.river_stack, strict=True)
        return evolve(st, river_stack=tuple(n if k == kind else c for k, c in counts))
    return evolve(st, tower_stack=n) if kind == TOWER else st


def _used(st: State, kind: str) -> int:
    """Tiles of ``kind`` on the table, in hand, stolen and in the stacks (the engine counts these)."""
    n = sum(1 for _x, _y, k in st.tiles if k == kind) + (st.drawn == kind)
    return n + (kind == f"thief{st.stolen}") + _stack_of(st, kind)


def take(st: State, kind: str, lang: str | None) -> State:
    """A tile of ``kind`` comes out of its stack (onto the table or into the hand); when the stack
    is out of that kind, only while the game has that many tiles."""
    if _stack_of(st, kind) > 0:
        return _with_stack(st, kind, _stack_of(st, kind) - 1)
    limit = LIMITS.get(kind, 0)
    if _used(st, kind) >= limit:
        raise refuse("all-in-use", lang, n=limit, kind=tile_name(kind, lang))
    return st


def give(st: State, kind: str) -> State:
    """A tile of ``kind`` goes back to its stack (the start tile has none). When the game is over the
    stacks are empty for good: the tile goes back in the box."""
    if st.phase == OVER or kind not in (*STACK_KINDS, *RIVER_KINDS, TOWER):
        return st
    return _with_stack(st, kind, _stack_of(st, kind) + 1)


def with_towers(st: State, towers: tuple[Tower, ...], lang: str | None) -> State:
    """New towers; the supply follows (td-voorraad-torendelen: 20 pieces in all)."""
    on = sum(t.pieces for t in towers)
    if on > PIECES:
        raise refuse("too-many", lang, n=on)
    supply = PIECES - on
    for t in towers:
        if t.pieces == 0 and supply > 0:
            raise refuse("empty-site", lang, at=square(t.at), n=supply)
    return evolve(st, towers=towers, supply=supply)


def _guard_off(st: State, tower: Tower) -> State:
    if not tower.guard:
        return st
    followers = list(st.followers)
    followers[st.seat_index(tower.guard)] += 1
    return evolve(st, followers=tuple(followers))


# -- the checks of a whole position, in the reader's language ------------------------------------------


def check_phase(st: State, lang: str | None) -> None:
    """The turn state still fits the board (what the engine would refuse, with a reason in ``lang``)."""
    if st.drawn and st.phase not in (GROW, PLACE):
        raise refuse("drawn-phase", lang)
    if st.phase == DRAW:
        _check_draw(st, lang)
    elif st.phase in (GROW, PLACE):
        _check_in_hand(st, lang)
    elif st.phase == GUARD:
        kind = next((k for x, y, k in st.tiles if (x, y) == st.placed), None)
        if kind in (START, SOURCE):
            raise refuse("guard-start", lang)
        if not guard_options(st):
            raise refuse("guard-reach", lang, player=colour(st.player, lang))
    elif st.phase == OVER and sum(st.stack) + sum(st.river_stack) > 0:
        raise refuse("over-tiles", lang)


def _check_draw(st: State, lang: str | None) -> None:
    if st.replacement and not st.stolen:
        raise refuse("replacement-stolen", lang)
    if st.replacement and st.tower_stack == 0 and sum(st.stack) == 0:
        raise refuse("replacement-none", lang)
    if not st.replacement and sum(st.stack) + sum(st.river_stack) == 0:
        raise refuse("draw-empty", lang)


def _check_in_hand(st: State, lang: str | None) -> None:
    """Phases grow and place: a tile in hand that fits the phase."""
    if not st.drawn:
        raise refuse("drawn-needed", lang)
    if st.phase == GROW and not thief_value(st.drawn):
        raise refuse("grow-thief", lang)
    if st.phase == GROW and not 0 < st.supply < len(growing(st)):
        raise refuse("grow-short", lang, supply=st.supply, towers=len(growing(st)))
    if st.phase == PLACE and thief_value(st.drawn) and st.guards():
        raise refuse("thief-guards", lang)


# -- the editor -------------------------------------------------------------------------------------------


def _target(target: str, lang: str | None) -> tuple[str, Square]:
    kind, _, rest = target.partition(":")
    at = parse_square(rest)
    if kind not in TARGET_KINDS or at is None or max(abs(at[0]), abs(at[1])) > GRID_LIMIT:
        raise refuse("target", lang)
    return kind, at


# -- the form ------------------------------------------------------------------------------------------


def _yes_no(st: State, lang: str) -> tuple[tuple[str, str], ...]:
    return ("no", word("no", lang)), ("yes", word("yes", lang))


def _drawn_choices(st: State, lang: str) -> tuple[tuple[str, str], ...]:
    drawable = (*STACK_KINDS, TOWER, *(RIVER_KINDS if has_river(st) else ()))
    return ("", word("none", lang)), *((k, tile_name(k, lang)) for k in drawable)


def _placed_choices(st: State, lang: str) -> tuple[tuple[str, str], ...]:
    placed = tuple((f"{x},{y}", square((x, y))) for x, y, k in st.tiles if k not in (START, SOURCE))
    return ("", word("last", lang)), *placed


def _set_stolen(st: State, value: str, lang: str) -> State:
    """The stolen tile was drawn from the stack; the one it replaces goes back in the box
    (td-gestolen-tegel-vervangen)."""
    st = evolve(st, stolen=0)
    return evolve(take(st, f"thief{value}", lang), stolen=int(value)) if value else st


def _stack_field(name: str, kind: str) -> Field[State]:
    """The tiles of ``kind`` left in its stack: at most what the game has of them."""

    def label(st: State, lang: str) -> str:
        return word("f.tower_stack", lang) if kind == TOWER else word("f.stack", lang, kind=tile_name(kind, lang))

    def choices(st: State, lang: str) -> tuple[tuple[str, str], ...]:
        n = _stack_of(st, kind)
        return numbers(0, max(LIMITS[kind] - (_used(st, kind) - n), n))

    return Field(name, label, choices, get=lambda st: _stack_of(st, kind),
                 set=lambda st, v, lang: _with_stack(st, kind, int(v)),
                 shown=(lambda st: has_river(st)) if kind in RIVER_KINDS else None)


def _seat_count(name: str, st: State, i: int, value: str) -> State:
    counts = list(getattr(st, name))
    counts[i] = int(value)
    return evolve(st, **{name: tuple(counts)})


FORM: tuple[Field[State] | SeatField[State], ...] = (
    Field("turn", "f.turn", lambda st, lang: ((p, colour(p, lang)) for p in st.players), get=lambda st: st.player,
          set=lambda st, v, lang: evolve(st, turn=st.seat_index(v))),
    # the phase with what belongs to it (the tile in hand, the tile placed, a replacement): settle()
    Field("phase", "f.phase", lambda st, lang: ((p, word(f"p.{p}", lang)) for p in PHASE_ORDER), get=lambda st: st.phase),
    Field("drawn", "f.drawn", _drawn_choices, get=lambda st: st.drawn),
    Field("placed", "f.placed", _placed_choices, get=lambda st: f"{st.placed[0]},{st.placed[1]}" if st.placed else ""),
    Field("replacement", "f.replacement", _yes_no, get=lambda st: "yes" if st.replacement else "no"),
    Field("stolen", "f.stolen", lambda st, lang: (("", word("none", lang)), *((str(v), word("value", lang, n=v))
                                                                        for v in THIEF_VALUES)),
          get=lambda st: str(st.stolen) if st.stolen else "", set=_set_stolen),
    _stack_field("tower_stack", TOWER),
    *(_stack_field(f"stack_{k}", k) for k in STACK_KINDS),
    *(_stack_field(f"river_stack_{k}", k) for k in RIVER_KINDS),
    SeatField("score_{seat}", "f.score", lambda st, i, lang: numbers(0, max(MAX_SCORE_CHOICE, st.scores[i])),
              get=lambda st, i: st.scores[i], set=lambda st, i, v, lang: _seat_count("scores", st, i, v)),
    SeatField("followers_{seat}", "f.followers",
              lambda st, i, lang: numbers(0, FOLLOWERS - sum(1 for t in st.towers if t.guard == st.players[i])),
              get=lambda st, i: st.followers[i], set=lambda st, i, v, lang: _seat_count("followers", st, i, v)),
)


class TorensEnDievenEditor(FormEditor[State, tuple[str, Square]]):
    """``GAME.editor``: see the module docstring."""

    form = FORM

    def text(self, key: str, lang: str, **data: Any) -> str:
        return word(key, lang, **data)

    def seats(self, st: State) -> tuple[str, ...]:
        return st.players

    def seat_name(self, seat: str, lang: str) -> str:
        return colour(seat, lang)

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """The start of a game with the same players and options: the start tile (the river's source
        with De Rivier) and full stacks (as many plain land tiles as the position's game has)."""
        st = self.decode(engine, position)
        river = has_river(st)
        land = _used(st, LAND)
        blank = State(
            players=st.players, phase=DRAW, turn=0, tiles=((0, 0, SOURCE if river else START),), towers=(),
            supply=PIECES, followers=(FOLLOWERS,) * len(st.players), scores=(0,) * len(st.players), stolen=0,
            stack=(land, *THIEF_VALUES.values()), tower_stack=TOWER_TILES,
            river_stack=(RIVER_TILES - 1, 1) if river else (0, 0),
        )
        return engine.position_of(blank)

    def tools(self, st: State, lang: str) -> list[PaletteItem]:
        tiles, towers, guards, tools = (word(k, lang) for k in ("tiles", "towers", "guards", "tools"))
        items = []
        kinds = TILE_TOOLS + (RIVER_KINDS if has_river(st) else ())
        for kind in kinds:
            value = thief_value(kind)
            css = "td-k-thief" if value else f"td-k-{kind}"
            glyph = str(value) if value else {LAND: "L", TOWER: "T", RIVER: "~", RIVER_TOWER: "~T"}[kind]
            items.append(PaletteItem(f"tile:{kind}", tile_name(kind, lang), css, glyph, tiles))
        for h in HEIGHT_TOOLS:
            label = word("up" if h == "+1" else "down" if h == "-1" else "height", lang, n=h)
            items.append(PaletteItem(f"height:{h}", label, "td-height", h.replace("-", "\u2212"), towers))
        letters = {"red": "R", "green": "G", "blue": "B", "yellow": "Y", "black": "Z"}
        for p in st.players:
            items.append(PaletteItem(f"guard:{p}", word("guard", lang, player=colour(p, lang)), f"td-guard-{p}",
                                     letters[p], guards))
        items.append(PaletteItem("empty", word("empty", lang), "", "\u00d7", tools))
        items.append(PaletteItem("move", word("move", lang), "", "\u2194", tools))
        return items

    def held_item(self, st: State, tool: str, lang: str) -> PaletteItem | None:
        try:
            kind, at = _target(tool[5:], lang)
        except EditError:
            return None
        key = "drop.guard" if kind == "guard" else "drop.sq"
        return PaletteItem(tool, word(key, lang, at=square(at)), "", "\u2194", word("tools", lang))

    def settle(
        self, engine: Engine[Any], st: State, values: Mapping[str, str], changed: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        """The phase with what belongs to it: the tile in hand (out of its stack), the tile placed this
        turn, the replacement of a stolen tile."""
        phase, drawn = values["phase"], values["drawn"]
        if phase not in (GROW, PLACE):
            if "drawn" in changed and drawn:
                raise refuse("drawn-phase", lang)
            drawn = ""
        if drawn != st.drawn:
            st = give(st, st.drawn) if st.drawn else st
            st = take(evolve(st, drawn=""), drawn, lang) if drawn else st
        placed: Square | None = None
        if phase == GUARD:
            placed = parse_square(changed["placed"]) if changed.get("placed") else st.placed
            if placed is None:
                placed = st.tiles[-1][:2]
        replacement = values["replacement"] == "yes"
        st = evolve(st, phase=phase, drawn=drawn, placed=placed, replacement=replacement and phase == DRAW)
        check_phase(st, lang)
        return engine.position_of(st)

    # -- tapping the board ---------------------------------------------------------------------------------

    def target(self, st: State, target: str, lang: str) -> tuple[str, Square]:
        return _target(target, lang)

    def put(self, st: State, tool: str, at: tuple[str, Square], lang: str) -> State:
        if tool.startswith("tile:"):
            return self._tile(st, at[1], tool[5:], lang)
        if tool.startswith("height:") and tool[7:] in HEIGHT_TOOLS:
            return self._height(st, at[1], tool[7:], lang)
        if tool.startswith("guard:") and tool[6:] in st.players:
            return self._guard(st, at[1], tool[6:], lang)
        raise refuse("tool", lang)

    def after_tap(self, engine: Engine[Any], st: State, lang: str) -> dict[str, Any]:
        check_phase(st, lang)
        return engine.position_of(st)

    def _tile(self, st: State, at: Square, kind: str, lang: str) -> State:
        if kind not in TILE_TOOLS + RIVER_KINDS:
            raise refuse("tool", lang)
        if kind in RIVER_KINDS and not has_river(st):
            raise refuse("no-river", lang)
        old = next((k for x, y, k in st.tiles if (x, y) == at), None)
        if old == kind:
            return st
        if old in (START, SOURCE):
            raise refuse("start-kind", lang)
        if old is None:
            if at not in st.free:
                raise refuse("not-touching", lang, at=square(at))
            st = take(st, kind, lang)
            tiles = (*st.tiles, (at[0], at[1], kind))
        else:
            st = take(give(st, old), kind, lang)
            tiles = tuple((x, y, kind) if (x, y) == at else (x, y, k) for x, y, k in st.tiles)
        st = evolve(st, tiles=tiles)
        towers = st.towers
        tower = st.tower_at(at)
        if tower is not None and kind not in SITE_KINDS:
            st = _guard_off(st, tower)
            towers = tuple(t for t in towers if t.at != at)
        elif tower is None and kind in SITE_KINDS:
            towers = (*towers, Tower(at, 1 if st.supply > 0 else 0))
        return with_towers(st, towers, lang)

    def _height(self, st: State, at: Square, how: str, lang: str) -> State:
        tower = st.tower_at(at)
        if tower is None:
            raise refuse("not-site", lang)
        pieces = tower.pieces + int(how) if how[0] in "+-" else int(how)
        if pieces > MAX_HEIGHT:
            raise refuse("too-high", lang)
        if pieces < 1:
            raise refuse("too-low", lang)
        towers = tuple(Tower(t.at, pieces, t.guard) if t.at == at else t for t in st.towers)
        return with_towers(st, towers, lang)

    def _guard(self, st: State, at: Square, player: str, lang: str) -> State:
        tower = st.tower_at(at)
        if tower is None:
            raise refuse("guard-not-tower", lang)
        if tower.pieces < 1:
            raise refuse("guard-empty-site", lang, at=square(at))
        if tower.guard == player:
            return st
        st = _guard_off(st, tower)
        me = st.seat_index(player)
        if st.followers[me] < 1:
            raise refuse("no-follower", lang, player=colour(player, lang))
        followers = list(st.followers)
        followers[me] -= 1
        towers = tuple(Tower(t.at, t.pieces, player) if t.at == at else t for t in st.towers)
        return evolve(st, towers=towers, followers=tuple(followers))

    def empty(self, st: State, target: tuple[str, Square], lang: str) -> State:
        kind, at = target
        tower = st.tower_at(at)
        if kind == "guard":
            if tower is None or not tower.guard:
                raise refuse("no-guard", lang, at=square(at))
            st = _guard_off(st, tower)
            return evolve(st, towers=tuple(Tower(t.at, t.pieces) if t.at == at else t for t in st.towers))
        old = next((k for x, y, k in st.tiles if (x, y) == at), None)
        if old is None:
            raise refuse("nothing", lang)
        if old in (START, SOURCE):
            raise refuse("start-stays", lang)
        if st.phase == GUARD and st.placed == at:
            raise refuse("placed-tile", lang)
        tiles = connected_order([t for t in st.tiles if t[:2] != at])
        if tiles is None:
            raise refuse("disconnect", lang)
        st = give(evolve(st, tiles=tiles), old)
        if tower is not None:
            st = _guard_off(st, tower)
            st = with_towers(st, tuple(t for t in st.towers if t.at != at), lang)
        return st

    def pick_up(self, st: State, target: tuple[str, Square], lang: str) -> str:
        kind, at = target
        if kind == "guard":
            tower = st.tower_at(at)
            if tower is None or not tower.guard:
                raise refuse("no-guard", lang, at=square(at))
            return f"guard:{at[0]},{at[1]}"
        if at not in st.occupied:
            raise refuse("nothing", lang)
        return f"sq:{at[0]},{at[1]}"

    def drop(self, st: State, held: str, target: tuple[str, Square], lang: str) -> State:
        (kind, source), at = _target(held, lang), target[1]
        if source == at:
            return st
        if kind == "guard":
            tower = st.tower_at(source)
            if tower is None or not tower.guard:
                raise refuse("no-guard", lang, at=square(source))
            player = tower.guard
            st = _guard_off(st, tower)
            st = evolve(st, towers=tuple(Tower(t.at, t.pieces) if t.at == source else t for t in st.towers))
            return self._guard(st, at, player, lang)
        old = next((k for x, y, k in st.tiles if (x, y) == source), None)
        if old is None:
            raise refuse("nothing", lang)
        if at in st.occupied:
            raise refuse("occupied", lang, at=square(at))
        rest = [t for t in st.tiles if t[:2] != source]
        if not any(n in {t[:2] for t in rest} for n in _neighbours(at)) and rest:
            raise refuse("not-touching", lang, at=square(at))
        tiles = connected_order([*rest, (at[0], at[1], old)])
        if tiles is None:
            raise refuse("disconnect", lang)
        towers = tuple(Tower(at, t.pieces, t.guard) if t.at == source else t for t in st.towers)
        placed = at if st.placed == source else st.placed
        return evolve(st, tiles=tiles, towers=towers, placed=placed)


EDITOR = TorensEnDievenEditor()
