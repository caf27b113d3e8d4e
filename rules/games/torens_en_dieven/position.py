"""JSON positions of Torens & Dieven: what a player writes by hand to describe a disputed situation.
The format is declared in :data:`FORMAT` (its ``reference()`` is served on the API page); the reader
converts its data into the state and checks the rules that tie fields together."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import one_of, sub
from rules.core.schema import Bool, Choice, Counts, Either, Int, ListOf, MapOf, Obj, Tuple, need, only_keys, opt

from .rules import guard_options
from .state import (
    COLOURS,
    DRAW,
    DRAWABLE,
    FOLLOWERS,
    GRID_LIMIT,
    GROW,
    GUARD,
    LAND,
    LAND_TILES,
    MAX_HEIGHT,
    OVER,
    PHASES,
    PIECES,
    PLACE,
    RIVER_KINDS,
    RIVER_TILES,
    RIVER_TOWER,
    SITE_KINDS,
    SOURCE,
    STACK_KINDS,
    START,
    THIEF_VALUES,
    TILE_KINDS,
    TOWER,
    TOWER_TILES,
    Square,
    State,
    Tower,
    thief_value,
)

LIMITS: dict[str, int] = {LAND: LAND_TILES, **{f"thief{v}": n for v, n in THIEF_VALUES.items()},
                          TOWER: TOWER_TILES, "river": RIVER_TILES, RIVER_TOWER: 1, START: 1, SOURCE: 1}

COORD = Int(-GRID_LIMIT, GRID_LIMIT)
SQUARE = Tuple(COORD, COORD, shown="a square [x, y]")
TILE = Either(
    Tuple(COORD, COORD, Choice(TILE_KINDS), shown='[x, y] (a plain land tile) or [x, y, "kind"]', min_length=2),
    Obj({"at": need(SQUARE), "kind": opt(Choice(TILE_KINDS), default=LAND)}),
)
TOWER_ENTRY = Obj({
    "at": need(SQUARE, "a tower tile or the river tile with a tower site"),
    "pieces": need(Int(0, MAX_HEIGHT), "0: an empty tower site"),
    "guard": opt(Choice(("", *COLOURS)), "the player whose follower guards it", default="", null_is_absent=True),
})  # fmt: skip


def _counts(kinds: tuple[str, ...]) -> Counts:
    return Counts({k: LIMITS[k] for k in kinds}, "number of tiles")


PER_PLAYER = "a player's colour"
FORMAT = Obj({
    "game": opt(Choice(("torens-en-dieven",))),
    "version": opt(Choice((1,))),
    "players": need(ListOf(Choice(COLOURS), 2, len(COLOURS), unique="a colour is listed twice", noun="colours"),
                    "in seating order"),
    "phase": opt(Choice(PHASES), default=DRAW),
    "turn": opt(Choice(COLOURS), "the player on turn", default_doc="the first player"),
    "tiles": need(ListOf(TILE), "the tiles on the table, each touching one listed before it; the start tile first"),
    "towers": opt(ListOf(TOWER_ENTRY), "one entry per tower site", default=list),
    "supply": opt(Int(0, PIECES), "tower pieces in the supply", default_doc="the 20 pieces minus those on towers"),
    "followers": opt(MapOf(COLOURS, Int(0, FOLLOWERS), PER_PLAYER), "followers in each supply",
                     default=dict, default_doc="7 minus the player's guards", null_is_absent=True),
    "scores": opt(MapOf(COLOURS, Int(0, 10_000), PER_PLAYER), default=dict, default_doc="0", null_is_absent=True),
    "stolen": opt(Choice((0, *THIEF_VALUES)), "the value of the stolen tile beside the score track",
                  default=0, null_is_absent=True),
    "stack": opt(_counts(STACK_KINDS), "the face-down land stack: tiles per kind", null_is_absent=True,
                 default=lambda: dict.fromkeys(STACK_KINDS, 0)),
    "tower_stack": opt(Int(0, TOWER_TILES), default_doc="the 5 tower tiles minus those on the table and in hand"),
    "river_stack": opt(_counts(RIVER_KINDS), "De Rivier: the river stack", null_is_absent=True,
                       default=lambda: dict.fromkeys(RIVER_KINDS, 0)),
    "drawn": opt(Choice(("", *DRAWABLE)), "the tile in hand (phases grow and place)", null_is_absent=True),
    "placed": opt(SQUARE, "phase guard: the tile placed this turn", null_is_absent=True,
                  default_doc="the last tile listed"),
    "replacement": opt(Bool(), "phase draw: a tower tile is drawn after a theft", default=False),
})  # fmt: skip


def _tile(raw: Any) -> tuple[int, int, str]:
    if isinstance(raw, dict):
        return raw["at"][0], raw["at"][1], raw["kind"]
    return raw[0], raw[1], raw[2] if len(raw) == 3 else LAND


def state_from_position(position: Any) -> State:
    p = FORMAT.decode(position)
    players = tuple(p["players"])
    phase = p["phase"]
    turn = players.index(one_of(p["turn"] or players[0], "turn", players))
    tiles = _tiles(p["tiles"])
    towers = _towers(p["towers"], tiles, players)
    supply = _supply(p, towers)
    guards = [sum(1 for t in towers if t.guard == pl) for pl in players]
    only_keys(p["followers"], "followers", players)
    followers = tuple(p["followers"].get(pl, FOLLOWERS - g) for pl, g in zip(players, guards, strict=True))
    for pl, f, g in zip(players, followers, guards, strict=True):
        if f + g > FOLLOWERS:
            raise PositionError(sub("followers", pl), f"{f} in the supply and {g} guards: more than {FOLLOWERS} followers")
    only_keys(p["scores"], "scores", players)
    scores = tuple(p["scores"].get(pl, 0) for pl in players)
    stolen = p["stolen"]
    stack = tuple(p["stack"][k] for k in STACK_KINDS)
    river_stack = tuple(p["river_stack"][k] for k in RIVER_KINDS)
    drawn = _drawn(p, towers)
    kinds = [k for _x, _y, k in tiles]
    tower_default = max(0, TOWER_TILES - kinds.count(TOWER) - (drawn == TOWER))
    tower_stack = tower_default if p["tower_stack"] is None else p["tower_stack"]
    counted = kinds + ([drawn] if drawn else []) + ([f"thief{stolen}"] if stolen else [])
    for kind, n in (*zip(STACK_KINDS, stack, strict=True), (TOWER, tower_stack), *zip(RIVER_KINDS, river_stack, strict=True)):
        counted += [kind] * n
    for kind, limit in LIMITS.items():
        if counted.count(kind) > limit:
            raise PositionError("tiles", f"{counted.count(kind)} tiles of kind {kind} on the table, in hand, stolen and in the stacks; the game has {limit}")
    placed: Square | None = None
    if phase == GUARD:
        placed = (tiles[-1][0], tiles[-1][1]) if p["placed"] is None else (p["placed"][0], p["placed"][1])
        if placed not in {(x, y) for x, y, _k in tiles}:
            raise PositionError("placed", "must be a tile on the table (the one placed this turn)")
    elif p["placed"] is not None:
        raise PositionError("placed", "only in phase guard")
    state = State(players=players, phase=phase, turn=turn, tiles=tuple(tiles), towers=tuple(towers), supply=supply,
                  followers=followers, scores=scores, stolen=stolen, stack=stack, tower_stack=tower_stack,
                  river_stack=river_stack, drawn=drawn, placed=placed, replacement=p["replacement"])
    _check_phase(state)
    return state


def _tiles(raw_tiles: list[Any]) -> list[tuple[int, int, str]]:
    """The tiles on the table: one per square, each touching one listed before it, one start tile."""
    tiles: list[tuple[int, int, str]] = []
    seen: set[Square] = set()
    for i, raw in enumerate(raw_tiles):
        tile = _tile(raw)
        if tile[:2] in seen:
            raise PositionError(sub("tiles", i), f"two tiles on ({tile[0]}, {tile[1]})")
        if tiles and not any((tile[0] + dx, tile[1] + dy) in seen for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            raise PositionError(sub("tiles", i), "a tile must touch a tile listed before it (the grid is connected)")
        seen.add(tile[:2])
        tiles.append(tile)
    if not tiles:
        raise PositionError("tiles", "the start tile at least must lie on the table")
    kinds = [k for _x, _y, k in tiles]
    if kinds.count(START) + kinds.count(SOURCE) > 1:
        raise PositionError("tiles", "there is only one start tile")
    return tiles


def _towers(raw_towers: list[dict[str, Any]], tiles: list[tuple[int, int, str]], players: tuple[str, ...]) -> list[Tower]:
    """One tower per tower site, on its tile; a guard only on a tower with pieces."""
    towers: list[Tower] = []
    for i, obj in enumerate(raw_towers):
        field = sub("towers", i)
        at = (obj["at"][0], obj["at"][1])
        kind = next((k for x, y, k in tiles if (x, y) == at), None)
        if kind not in SITE_KINDS:
            raise PositionError(sub(field, "at"), "a tower stands on a tower tile or the river tile with a tower site")
        if any(t.at == at for t in towers):
            raise PositionError(sub(field, "at"), "two towers on one tile")
        guard = obj["guard"]
        if guard:
            one_of(guard, sub(field, "guard"), players)
            if obj["pieces"] < 1:
                raise PositionError(sub(field, "guard"), "an empty tower site (0 pieces) has no tower to guard")
        towers.append(Tower(at, obj["pieces"], guard))
    for i, (x, y, kind) in enumerate(tiles):
        if kind in SITE_KINDS and not any(t.at == (x, y) for t in towers):
            raise PositionError(sub("tiles", i), f"the tower site on ({x}, {y}) needs an entry in towers (pieces 0 when empty)")
    return towers


def _supply(p: dict[str, Any], towers: list[Tower]) -> int:
    """The pieces not on towers (td-voorraad-torendelen); a site stays empty only when none is left."""
    on_towers = sum(t.pieces for t in towers)
    if on_towers > PIECES:
        raise PositionError("towers", f"{on_towers} pieces on towers; there are only {PIECES}")
    supply = PIECES - on_towers
    if p["supply"] is not None and p["supply"] != supply:
        raise PositionError("supply", f"must be {supply}: the 20 pieces minus the {on_towers} on towers")
    for i, tower in enumerate(towers):
        if tower.pieces == 0 and supply > 0:
            # td-toren-beginnen: a site stays empty only when the supply was empty, and pieces never return
            raise PositionError(sub(sub("towers", i), "pieces"),
                                f"a tower site stays empty only when the supply is empty; {supply} pieces are left")
    return supply


def _drawn(p: dict[str, Any], towers: list[Tower]) -> str:
    """The tile in hand: exactly in phases grow (a thief tile) and place."""
    phase, drawn = p["phase"], p["drawn"] or ""
    if phase in (GROW, PLACE):
        if not drawn:
            raise PositionError("drawn", f"phase {phase} needs the tile in hand")
    elif drawn:
        raise PositionError("drawn", "only in phases grow and place")
    if phase == GROW and not thief_value(drawn):
        raise PositionError("drawn", "phase grow follows a tile with a thief symbol")
    if phase == PLACE and thief_value(drawn):
        for i, tower in enumerate(towers):
            if tower.guard:
                # td-wachters-terug: the guards scored and went home before the thief tile is placed
                raise PositionError(sub(sub("towers", i), "guard"),
                                    "a thief tile in hand: the guards have scored and gone home already")
    return drawn


def _check_phase(state: State) -> None:
    """The replacement draw, the end and phases grow and guard agree with the stacks and the towers."""
    phase, stolen, replacement = state.phase, state.stolen, state.replacement
    if replacement and phase != DRAW:
        raise PositionError("replacement", "only in phase draw (a tower tile is drawn after a theft)")
    if replacement and not stolen:
        # td-dieven-stelen-tegel: the replacement follows a theft, and the stolen tile lies beside the score track
        raise PositionError("replacement", "a replacement tile is drawn only after a theft: stolen needs the stolen tile's value")
    if phase == DRAW:
        if replacement and state.tower_stack == 0 and sum(state.stack) == 0:
            raise PositionError("replacement", "no tower tile and no land tile left to draw")
        if not replacement and sum(state.stack) + sum(state.river_stack) == 0:
            raise PositionError("phase", "no tile left to draw: the game is over (phase over)")
    if phase == OVER and sum(state.stack) + sum(state.river_stack) > 0:
        raise PositionError("phase", "the game is over only when the last tile is placed; tiles are left in the stack")
    if phase == GROW:
        eligible = [t for t in state.towers if t.pieces >= 1 and not t.guard and t.pieces < MAX_HEIGHT]
        if not 0 < state.supply < len(eligible):
            raise PositionError("phase", "phase grow: the supply is short of the towers without a guard")
    if phase == GUARD:
        if not guard_options(state):
            raise PositionError("phase", "phase guard: no tower in reach of the placed tile, or no follower left")
        if next(k for x, y, k in state.tiles if (x, y) == state.placed) in (START, SOURCE):
            raise PositionError("placed", "the start tile was not placed this turn")


def position_of(state: State) -> dict[str, Any]:
    pos: dict[str, Any] = FORMAT.encode({
        "game": "torens-en-dieven",
        "version": 1,
        "players": list(state.players),
        "phase": state.phase,
        "turn": state.player,
        "tiles": [[x, y, k] for x, y, k in state.tiles],
        "towers": [{"at": [t.at[0], t.at[1]], "pieces": t.pieces, "guard": t.guard or None} for t in state.towers],
        "supply": state.supply,
        "followers": dict(zip(state.players, state.followers, strict=True)),
        "scores": dict(zip(state.players, state.scores, strict=True)),
        "stolen": state.stolen or None,
        "stack": {k: n for k, n in zip(STACK_KINDS, state.stack, strict=True) if n},
        "tower_stack": state.tower_stack,
        "river_stack": {k: n for k, n in zip(RIVER_KINDS, state.river_stack, strict=True) if n},
        "drawn": state.drawn or None,
        "placed": [state.placed[0], state.placed[1]] if state.placed else None,
        "replacement": state.replacement,
    })
    return pos

