"""JSON positions of Torens & Dieven: what a player writes by hand to describe a disputed situation
(schema in the package docstring), validated field by field with dotted-path PositionErrors."""

from __future__ import annotations

from typing import Any

from rules.core.engine import PositionError
from rules.core.positions import as_bool, as_int, as_list, as_object, one_of, sub

from .rules import guard_options
from .state import (
    COLOURS,
    DRAW,
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

KEYS = ("game", "version", "players", "phase", "turn", "tiles", "towers", "supply", "followers", "scores",
        "stolen", "stack", "tower_stack", "river_stack", "drawn", "placed", "replacement")
LIMITS: dict[str, int] = {LAND: LAND_TILES, **{f"thief{v}": n for v, n in THIEF_VALUES.items()},
                          TOWER: TOWER_TILES, "river": RIVER_TILES, RIVER_TOWER: 1, START: 1, SOURCE: 1}


def _square(value: Any, field: str) -> Square:
    items = as_list(value, field)
    if len(items) != 2:
        raise PositionError(field, "must be a square [x, y]")
    return (as_int(items[0], sub(field, 0), -GRID_LIMIT, GRID_LIMIT),
            as_int(items[1], sub(field, 1), -GRID_LIMIT, GRID_LIMIT))


def _tile(value: Any, field: str) -> tuple[int, int, str]:
    if isinstance(value, dict):
        obj = as_object(value, field, ("at", "kind"), ("at",))
        x, y = _square(obj["at"], sub(field, "at"))
        kind = one_of(obj.get("kind", "land"), sub(field, "kind"), TILE_KINDS)
        return x, y, kind
    items = as_list(value, field)
    if len(items) not in (2, 3):
        raise PositionError(field, 'must be [x, y] (a plain land tile) or [x, y, "kind"]')
    x, y = _square(items[:2], field)
    kind = one_of(items[2], sub(field, 2), TILE_KINDS) if len(items) == 3 else "land"
    return x, y, kind


def _counts(value: Any, field: str, kinds: tuple[str, ...]) -> tuple[int, ...]:
    obj = as_object(value if value is not None else {}, field, kinds)
    return tuple(as_int(obj.get(k, 0), sub(field, k), 0, LIMITS[k]) for k in kinds)


def _per_player(value: Any, field: str, players: tuple[str, ...], default: list[int], hi: int) -> tuple[int, ...]:
    obj = as_object(value if value is not None else {}, field, players)
    return tuple(as_int(obj.get(p, d), sub(field, p), 0, hi) for p, d in zip(players, default, strict=True))


def state_from_position(position: Any) -> State:
    pos = as_object(position, "", KEYS, ("players", "tiles"))
    if "game" in pos:
        one_of(pos["game"], "game", ("torens-en-dieven",))
    if "version" in pos:
        one_of(pos["version"], "version", (1,))
    raw_players = as_list(pos["players"], "players")
    if not 2 <= len(raw_players) <= len(COLOURS):
        raise PositionError("players", f"must list 2 to {len(COLOURS)} colours")
    players = tuple(one_of(p, sub("players", i), COLOURS) for i, p in enumerate(raw_players))
    if len(set(players)) != len(players):
        raise PositionError("players", "a colour is listed twice")
    phase = one_of(pos.get("phase", DRAW), "phase", PHASES)
    turn = players.index(one_of(pos.get("turn", players[0]), "turn", players))

    tiles: list[tuple[int, int, str]] = []
    seen: set[Square] = set()
    for i, raw in enumerate(as_list(pos["tiles"], "tiles")):
        tile = _tile(raw, sub("tiles", i))
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

    towers: list[Tower] = []
    for i, raw in enumerate(as_list(pos.get("towers", []), "towers")):
        field = sub("towers", i)
        obj = as_object(raw, field, ("at", "pieces", "guard"), ("at", "pieces"))
        at = _square(obj["at"], sub(field, "at"))
        kind = next((k for x, y, k in tiles if (x, y) == at), None)
        if kind not in SITE_KINDS:
            raise PositionError(sub(field, "at"), "a tower stands on a tower tile or the river tile with a tower site")
        if any(t.at == at for t in towers):
            raise PositionError(sub(field, "at"), "two towers on one tile")
        pieces = as_int(obj["pieces"], sub(field, "pieces"), 0, MAX_HEIGHT)
        guard = obj.get("guard") or ""
        if guard:
            one_of(guard, sub(field, "guard"), players)
            if pieces < 1:
                raise PositionError(sub(field, "guard"), "an empty tower site (0 pieces) has no tower to guard")
        towers.append(Tower(at, pieces, guard))
    for i, (x, y, kind) in enumerate(tiles):
        if kind in SITE_KINDS and not any(t.at == (x, y) for t in towers):
            raise PositionError(sub("tiles", i), f"the tower site on ({x}, {y}) needs an entry in towers (pieces 0 when empty)")

    on_towers = sum(t.pieces for t in towers)
    if on_towers > PIECES:
        raise PositionError("towers", f"{on_towers} pieces on towers; there are only {PIECES}")
    supply = PIECES - on_towers
    if "supply" in pos and as_int(pos["supply"], "supply", 0, PIECES) != supply:
        raise PositionError("supply", f"must be {supply}: the 20 pieces minus the {on_towers} on towers")
    for i, tower in enumerate(towers):
        if tower.pieces == 0 and supply > 0:
            # td-toren-beginnen: a site stays empty only when the supply was empty, and pieces never return
            raise PositionError(sub(sub("towers", i), "pieces"),
                                f"a tower site stays empty only when the supply is empty; {supply} pieces are left")

    guards = [sum(1 for t in towers if t.guard == p) for p in players]
    followers = _per_player(pos.get("followers"), "followers", players, [FOLLOWERS - g for g in guards], FOLLOWERS)
    for p, f, g in zip(players, followers, guards, strict=True):
        if f + g > FOLLOWERS:
            raise PositionError(sub("followers", p), f"{f} in the supply and {g} guards: more than {FOLLOWERS} followers")
    scores = _per_player(pos.get("scores"), "scores", players, [0] * len(players), 10_000)
    stolen_raw = pos.get("stolen")
    stolen = 0 if stolen_raw in (None, 0) else one_of(stolen_raw, "stolen", tuple(THIEF_VALUES))
    stack = _counts(pos.get("stack"), "stack", STACK_KINDS)
    river_stack = _counts(pos.get("river_stack"), "river_stack", RIVER_KINDS)

    drawn = ""
    if phase in (GROW, PLACE):
        if "drawn" not in pos:
            raise PositionError("drawn", f"phase {phase} needs the tile in hand")
        drawn = one_of(pos["drawn"], "drawn", (*STACK_KINDS, TOWER, *RIVER_KINDS))
    elif pos.get("drawn") not in (None, ""):
        raise PositionError("drawn", "only in phases grow and place")
    if phase == GROW and not thief_value(drawn):
        raise PositionError("drawn", "phase grow follows a tile with a thief symbol")
    if phase == PLACE and thief_value(drawn):
        for i, tower in enumerate(towers):
            if tower.guard:
                # td-wachters-terug: the guards scored and went home before the thief tile is placed
                raise PositionError(sub(sub("towers", i), "guard"),
                                    "a thief tile in hand: the guards have scored and gone home already")

    tower_default = max(0, TOWER_TILES - kinds.count(TOWER) - (drawn == TOWER))
    tower_stack = as_int(pos.get("tower_stack", tower_default), "tower_stack", 0, TOWER_TILES)
    counted = kinds + ([drawn] if drawn else []) + ([f"thief{stolen}"] if stolen else [])
    for kind, n in (*zip(STACK_KINDS, stack, strict=True), (TOWER, tower_stack), *zip(RIVER_KINDS, river_stack, strict=True)):
        counted += [kind] * n
    for kind, limit in LIMITS.items():
        if counted.count(kind) > limit:
            raise PositionError("tiles", f"{counted.count(kind)} tiles of kind {kind} on the table, in hand, stolen and in the stacks; the game has {limit}")

    placed: Square | None = None
    if phase == GUARD:
        placed = _square(pos["placed"], "placed") if "placed" in pos else (tiles[-1][0], tiles[-1][1])
        if placed not in seen:
            raise PositionError("placed", "must be a tile on the table (the one placed this turn)")
    elif pos.get("placed") is not None:
        raise PositionError("placed", "only in phase guard")
    replacement = as_bool(pos.get("replacement", False), "replacement")
    if replacement and phase != DRAW:
        raise PositionError("replacement", "only in phase draw (a tower tile is drawn after a theft)")
    if replacement and not stolen:
        # td-dieven-stelen-tegel: the replacement follows a theft, and the stolen tile lies beside the score track
        raise PositionError("replacement", "a replacement tile is drawn only after a theft: stolen needs the stolen tile's value")
    if phase == DRAW:
        if replacement and tower_stack == 0 and sum(stack) == 0:
            raise PositionError("replacement", "no tower tile and no land tile left to draw")
        if not replacement and sum(stack) + sum(river_stack) == 0:
            raise PositionError("phase", "no tile left to draw: the game is over (phase over)")
    if phase == OVER and sum(stack) + sum(river_stack) > 0:
        raise PositionError("phase", "the game is over only when the last tile is placed; tiles are left in the stack")
    if phase == GROW:
        eligible = [t for t in towers if t.pieces >= 1 and not t.guard and t.pieces < MAX_HEIGHT]
        if not 0 < supply < len(eligible):
            raise PositionError("phase", "phase grow: the supply is short of the towers without a guard")
    state = State(players=players, phase=phase, turn=turn, tiles=tuple(tiles), towers=tuple(towers), supply=supply,
                  followers=followers, scores=scores, stolen=stolen, stack=stack, tower_stack=tower_stack,
                  river_stack=river_stack, drawn=drawn, placed=placed, replacement=replacement)
    if phase == GUARD:
        if not guard_options(state):
            raise PositionError("phase", "phase guard: no tower in reach of the placed tile, or no follower left")
        if next(k for x, y, k in tiles if (x, y) == placed) in (START, SOURCE):
            raise PositionError("placed", "the start tile was not placed this turn")
    return state


def position_of(state: State) -> dict[str, Any]:
    pos: dict[str, Any] = {
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
    }
    return pos

