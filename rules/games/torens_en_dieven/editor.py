"""The position editor of Torens & Dieven (:mod:`rules.core.editor`).

Targets are the board's (``view.py``): ``sq:X,Y`` (a tile or an open square next to the grid),
``tower:X,Y`` (a tower or an empty tower site; for tiles and towers it means the tile it stands on)
and ``guard:X,Y`` (the guard on that tower).

Palette (``TOOLBOX``: each tool declared with what a tap does): tiles ``tile:<kind>`` (with De
Rivier the river's too), tower heights ``height:1`` .. ``height:5``, ``height:+1``/``-1``, a guard of
each player ``guard:<colour>``, ``empty`` and ``move`` (``drop:sq:X,Y`` / ``drop:guard:X,Y`` in
between). Tiles come out of and go back to their stacks (``take``, ``give``); guards out of and back
to their owner's supply of followers.

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

from rules.core.editor import YES_NO, EditError, Field, FormEditor, PaletteItem, SeatField, Tool, numbers
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


# -- the form ------------------------------------------------------------------------------------------


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
    Field("replacement", "f.replacement", YES_NO, get=lambda st: st.replacement),
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


# -- the palette: what each tool does at a target ---------------------------------------------------------

Target = tuple[str, Square]  # ("sq" / "tower" / "guard", the square)


def _target(target: str, lang: str | None) -> Target:
    kind, _, rest = target.partition(":")
    at = parse_square(rest)
    if kind not in TARGET_KINDS or at is None or max(abs(at[0]), abs(at[1])) > GRID_LIMIT:
        raise refuse("target", lang)
    return kind, at


def _tile(st: State, at: Square, kind: str, lang: str) -> State:
    """A new tile from its stack on an open square next to the grid, or a tile changing kind (the old
    one back to its stack); its tower site gets or loses a tower (td-toren-beginnen)."""
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
    st = evolve(st if kind in SITE_KINDS else _unguard(st, at), tiles=tiles)
    towers = tuple(t for t in st.towers if t.at != at or kind in SITE_KINDS)
    if kind in SITE_KINDS and st.tower_at(at) is None:
        towers = (*towers, Tower(at, 1 if st.supply > 0 else 0))
    return with_towers(st, towers, lang)


def _height(st: State, at: Square, how: str, lang: str) -> State:
    tower = st.tower_at(at)
    if tower is None:
        raise refuse("not-site", lang)
    pieces = tower.pieces + int(how) if how[0] in "+-" else int(how)
    if pieces > MAX_HEIGHT:
        raise refuse("too-high", lang)
    if pieces < 1:
        raise refuse("too-low", lang)
    return with_towers(st, tuple(Tower(t.at, pieces, t.guard) if t.at == at else t for t in st.towers), lang)


def _guard(st: State, at: Square, player: str, lang: str) -> State:
    """The guard of ``player`` out of the supply onto the tower (another guard there goes back)."""
    tower = st.tower_at(at)
    if tower is None:
        raise refuse("guard-not-tower", lang)
    if tower.pieces < 1:
        raise refuse("guard-empty-site", lang, at=square(at))
    if tower.guard == player:
        return st
    st = _unguard(st, at)
    me = st.seat_index(player)
    if st.followers[me] < 1:
        raise refuse("no-follower", lang, player=colour(player, lang))
    followers = tuple(n - (i == me) for i, n in enumerate(st.followers))
    towers = tuple(Tower(t.at, t.pieces, player) if t.at == at else t for t in st.towers)
    return evolve(st, towers=towers, followers=followers)


def _guarded(st: State, at: Square, lang: str) -> Tower:
    tower = st.tower_at(at)
    if tower is None or not tower.guard:
        raise refuse("no-guard", lang, at=square(at))
    return tower


def _unguard(st: State, at: Square) -> State:
    """The guard on the tower at ``at`` (if any) back to its owner's supply."""
    tower = st.tower_at(at)
    if tower is None or not tower.guard:
        return st
    followers = tuple(n + (i == st.seat_index(tower.guard)) for i, n in enumerate(st.followers))
    return evolve(st, followers=followers, towers=tuple(Tower(t.at, t.pieces) if t.at == at else t for t in st.towers))


def _tile_tool(kind: str) -> Tool[State, Target]:
    value = thief_value(kind)
    glyph = str(value) if value else {LAND: "L", TOWER: "T", RIVER: "~", RIVER_TOWER: "~T"}[kind]
    return Tool(f"tile:{kind}", lambda st, lang: tile_name(kind, lang), lambda st, at, lang: _tile(st, at[1], kind, lang),
                "td-k-thief" if value else f"td-k-{kind}", glyph, "tiles",
                shown=(lambda st: has_river(st)) if kind in RIVER_KINDS else None)


def _height_tool(how: str) -> Tool[State, Target]:
    key = "up" if how == "+1" else "down" if how == "-1" else "height"
    return Tool(f"height:{how}", key, lambda st, at, lang: _height(st, at[1], how, lang), "td-height",
                how.replace("-", "\u2212"), "towers", data={"n": how})


def _guard_tool(player: str) -> Tool[State, Target]:
    letter = {"red": "R", "green": "G", "blue": "B", "yellow": "Y", "black": "Z"}[player]
    return Tool(f"guard:{player}", lambda st, lang: word("guard", lang, player=colour(player, lang)),
                lambda st, at, lang: _guard(st, at[1], player, lang), f"td-guard-{player}", letter, "guards")


TOOLBOX = (*(_tile_tool(k) for k in (*TILE_TOOLS, *RIVER_KINDS)), *(_height_tool(h) for h in HEIGHT_TOOLS))
MOVE_EMPTY = (Tool[State, Target]("empty", "empty", glyph="\u00d7", group="tools"),
              Tool[State, Target]("move", "move", glyph="\u2194", group="tools"))


class TorensEnDievenEditor(FormEditor[State, Target]):
    """``GAME.editor``: see the module docstring."""

    form = FORM
    words = WORDS

    def seats(self, st: State) -> tuple[str, ...]:
        return st.players

    def seat_name(self, seat: str, lang: str) -> str:
        return colour(seat, lang)

    def declared_tools(self, st: State) -> tuple[Tool[State, Target], ...]:
        return (*TOOLBOX, *(_guard_tool(p) for p in st.players), *MOVE_EMPTY)

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """The start of a game with the same players and options: the start tile (the river's source
        with De Rivier) and full stacks (as many plain land tiles as the position's game has)."""
        st = self.decode(engine, position)
        river = has_river(st)
        blank = State(
            players=st.players, phase=DRAW, turn=0, tiles=((0, 0, SOURCE if river else START),), towers=(),
            supply=PIECES, followers=(FOLLOWERS,) * len(st.players), scores=(0,) * len(st.players), stolen=0,
            stack=(_used(st, LAND), *THIEF_VALUES.values()), tower_stack=TOWER_TILES,
            river_stack=(RIVER_TILES - 1, 1) if river else (0, 0),
        )
        return engine.position_of(blank)

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
            placed = placed or st.tiles[-1][:2]
        replacement = values["replacement"] == "yes"
        st = evolve(st, phase=phase, drawn=drawn, placed=placed, replacement=replacement and phase == DRAW)
        return self.after_tap(engine, st, lang)

    # -- tapping the board ---------------------------------------------------------------------------------

    def target(self, st: State, target: str, lang: str) -> Target:
        return _target(target, lang)

    def after_tap(self, engine: Engine[Any], st: State, lang: str) -> dict[str, Any]:
        check_phase(st, lang)
        return engine.position_of(st)

    def empty(self, st: State, target: Target, lang: str) -> State:
        """A guard back to its owner; a tile (with its tower and guard) back to its stack: not the
        start tile, not the tile placed this turn, and the rest stays connected."""
        kind, at = target
        if kind == "guard":
            return _unguard(st, _guarded(st, at, lang).at)
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
        st = give(evolve(_unguard(st, at), tiles=tiles), old)
        return with_towers(st, tuple(t for t in st.towers if t.at != at), lang) if st.tower_at(at) else st

    def pick_up(self, st: State, target: Target, lang: str) -> str:
        kind, at = target
        if kind == "guard":
            _guarded(st, at, lang)
            return f"guard:{at[0]},{at[1]}"
        if at not in st.occupied:
            raise refuse("nothing", lang)
        return f"sq:{at[0]},{at[1]}"

    def drop(self, st: State, held: str, target: Target, lang: str) -> State:
        (kind, source), at = _target(held, lang), target[1]
        if source == at:
            return st
        if kind == "guard":
            player = _guarded(st, source, lang).guard
            return _guard(_unguard(st, source), at, player, lang)
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
        return evolve(st, tiles=tiles, towers=towers, placed=at if st.placed == source else st.placed)


EDITOR = TorensEnDievenEditor()
