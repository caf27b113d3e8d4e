"""The transitions of Torens & Dieven: drawing a tile (chance), the thief symbol (towers grow,
guards score or the thieves steal the tile), placing the tile (a tower site starts a tower), placing
a guard (reach, displacing), the end of a turn and the final scoring. Every event and every refusal
cites its clause."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from rules.core.engine import Event, Outcome, RuleError
from rules.core.inputs import whole_number

from .state import (
    DRAW,
    GROW,
    GUARD,
    MAX_HEIGHT,
    OVER,
    PLACE,
    RIVER_KINDS,
    SITE_KINDS,
    SOURCE,
    STACK_KINDS,
    START,
    TILE_KINDS,
    TOWER,
    Square,
    State,
    Tower,
    evolve,
    gaps_between,
    in_reach,
    thief_value,
    with_tile,
)


def sq(square: Square) -> list[int]:
    return [square[0], square[1]]


def parse_square(text: str, clause: str) -> Square:
    parts = text.split(",")
    if len(parts) != 2:
        raise RuleError(clause, "refuse.square", text=text[:40])
    x, y = whole_number(parts[0]), whole_number(parts[1])
    if x is None or y is None:
        raise RuleError(clause, "refuse.square", text=text[:40])
    return x, y


# -- drawing ------------------------------------------------------------------------------------------


def draw_source(state: State) -> str:
    """Where the next tile comes from: "tower" (after a theft, td-torentegel-trekken), "river"
    (De Rivier first, td-rivier-schudden) or "land"."""
    if state.replacement and state.tower_stack > 0:
        return "tower"
    if not state.replacement and sum(state.river_stack) > 0:
        return "river"
    return "land"


def draw_odds(state: State) -> list[Outcome]:
    if state.phase != DRAW:
        return []
    source = draw_source(state)
    if source == "tower":
        return [Outcome("draw:tower", 1.0)]
    kinds, counts = (RIVER_KINDS, state.river_stack) if source == "river" else (STACK_KINDS, state.stack)
    total = sum(counts)
    return [Outcome(f"draw:{k}", n / total) for k, n in zip(kinds, counts, strict=True) if n]


# The clause that makes a tile come from each source (td-landtegel-leggen: a turn starts by drawing a
# land tile; td-torentegel-trekken: a tower tile after a theft; td-rivier-schudden: the river first).
DRAW_CLAUSES = {"tower": "td-torentegel-trekken", "river": "td-rivier-schudden", "land": "td-landtegel-leggen"}


def draw_clause(state: State) -> str:
    """The clause of the tile to be drawn now (a land tile instead of a tower tile: td-geen-torentegels)."""
    source = draw_source(state)
    return "td-geen-torentegels" if source == "land" and state.replacement else DRAW_CLAUSES[source]


def not_drawn_yet(state: State, action: str) -> RuleError:
    """An action of a player while a tile is to be drawn. A guard (or "no guard") right after a turn
    is about that turn's guard step: why it went by (:func:`late_guard`); anything else waits for the
    tile to be drawn."""
    if action == "pass" or action.startswith("guard:"):
        late = late_guard(state)
        if late is not None:
            return late
    return RuleError(draw_clause(state), "refuse.draw-first", source=draw_source(state), player=state.player)


def draw_refusal(state: State, kind: str) -> RuleError:
    """A tile the stack being drawn from does not hold (any more)."""
    source = draw_source(state)
    if kind not in TILE_KINDS:
        return RuleError(draw_clause(state), "refuse.draw-unknown", kind=kind[:20], source=source)
    if kind == TOWER and source != "tower":
        # td-torentegel-trekken's note: tower tiles are drawn only in the place of a stolen tile
        return RuleError("td-torentegel-trekken", "refuse.draw-tower", source=source)
    clause = draw_clause(state) if source != "land" or state.replacement else "td-landtegels-schudden"
    return RuleError(clause, "refuse.draw", kind=kind, source=source)


def apply_draw(state: State, action: str) -> tuple[State, list[Event]]:
    if not action.startswith("draw:"):
        raise not_drawn_yet(state, action)
    kind = action[5:]
    source = draw_source(state)
    # The outcomes of draw_odds, without building them again (the driver has just sampled them).
    if source == "tower":
        drawable = kind == TOWER
    elif source == "river":
        drawable = kind in RIVER_KINDS and state.river_stack[RIVER_KINDS.index(kind)] > 0
    else:
        drawable = kind in STACK_KINDS and state.stack[STACK_KINDS.index(kind)] > 0
    if not drawable:
        raise draw_refusal(state, kind)
    events: list[Event] = []
    if source == "tower":
        state = evolve(state, tower_stack=state.tower_stack - 1, replacement=False)
        events.append(Event("td-torentegel-trekken", "draw.tower", {"player": state.player, "left": state.tower_stack}))
    elif source == "river":
        counts = list(state.river_stack)
        counts[RIVER_KINDS.index(kind)] -= 1
        state = evolve(state, river_stack=tuple(counts))
        events.append(Event("td-rivier-schudden", "draw.river", {"player": state.player, "kind": kind}))
    else:
        counts = list(state.stack)
        counts[STACK_KINDS.index(kind)] -= 1
        clause = "td-geen-torentegels" if state.replacement else "td-landtegel-leggen"
        key = "draw.replacement" if state.replacement else "draw.land"
        state = evolve(state, stack=tuple(counts), replacement=False)
        events.append(Event(clause, key, {"player": state.player, "kind": kind, "value": thief_value(kind)}))
    state = evolve(state, drawn=kind)
    if not thief_value(kind):
        return evolve(state, phase=PLACE), events
    events.append(Event("td-diefsymbool-afhandelen", "thief.symbol", {"player": state.player, "value": thief_value(kind)}))
    return grow_towers(state, events)


# -- the thief symbol ---------------------------------------------------------------------------------


def growing(state: State) -> list[Tower]:
    """td-torens-groeien, td-maximum-vijf: the towers without a guard below 5 pieces."""
    return [t for t in state.towers if t.pieces >= 1 and not t.guard and t.pieces < MAX_HEIGHT]


def grow_towers(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Step I of the thief symbol: one piece onto every tower without a guard (when the supply
    allows; otherwise the active player chooses, phase GROW)."""
    eligible = growing(state)
    full = [sq(t.at) for t in state.towers if t.pieces >= MAX_HEIGHT and not t.guard]
    guarded = [sq(t.at) for t in state.towers if t.guard]
    if guarded:
        events.append(Event("td-torens-groeien", "grow.guarded", {"towers": guarded}))
    if full:
        events.append(Event("td-maximum-vijf", "grow.full", {"towers": full}))
    if eligible and state.supply == 0:
        events.append(Event("td-voorraad-op", "grow.empty", {"towers": [sq(t.at) for t in eligible]}))
        return resolve_thieves(state, events)
    if len(eligible) > state.supply:
        events.append(Event("td-voorraad-beperkt", "grow.short", {
            "player": state.player, "supply": state.supply, "towers": len(eligible)}))
        return evolve(state, phase=GROW), events
    return add_pieces(state, [t.at for t in eligible], events, "td-torens-groeien")


def grow_choices(state: State) -> list[str]:
    """The legal choices of towers when the supply is short (td-voorraad-beperkt)."""
    eligible = sorted((t.at for t in growing(state)), key=lambda s: (s[1], s[0]))
    return ["grow:" + ";".join(f"{x},{y}" for x, y in combo) for combo in combinations(eligible, state.supply)]


def apply_grow(state: State, action: str) -> tuple[State, list[Event]]:
    if not action.startswith("grow:"):
        raise RuleError("td-voorraad-beperkt", "refuse.grow-first", supply=state.supply)
    chosen = [parse_square(part, "td-voorraad-beperkt") for part in action[5:].split(";")] if action[5:] else []
    if len(set(chosen)) != len(chosen):
        raise RuleError("td-voorraad-beperkt", "refuse.grow-twice")
    for square in chosen:
        tower = state.tower_at(square)
        if tower is None:
            raise RuleError("td-torens-groeien", "refuse.no-tower", at=sq(square))
        if tower.pieces < 1:
            raise RuleError("td-toren-beginnen", "refuse.empty-site", at=sq(square))
        if tower.guard:
            raise RuleError("td-torens-groeien", "refuse.grow-guarded", at=sq(square))
        if tower.pieces >= MAX_HEIGHT:
            raise RuleError("td-maximum-vijf", "refuse.grow-full", at=sq(square))
    if len(chosen) != state.supply:
        raise RuleError("td-voorraad-beperkt", "refuse.grow-count", supply=state.supply, chosen=len(chosen))
    return add_pieces(state, chosen, [], "td-voorraad-beperkt")


def add_pieces(state: State, squares: list[Square], events: list[Event], clause: str) -> tuple[State, list[Event]]:
    chosen = set(squares)
    towers = tuple(Tower(t.at, t.pieces + 1, t.guard) if t.at in chosen else t for t in state.towers)
    state = evolve(state, towers=towers, supply=state.supply - len(chosen), phase=PLACE)
    if chosen:
        grown = [{"at": sq(t.at), "pieces": t.pieces} for t in towers if t.at in chosen]
        events.append(Event(clause, "grow", {"towers": grown, "supply": state.supply}))
    if state.supply == 0 and chosen:
        events.append(Event("td-voorraad-op", "supply.empty", {}))
    return resolve_thieves(state, events)


def resolve_thieves(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Step II: the guards score (td-wachterstelling) or, with no guard anywhere, the thieves steal
    the tile (td-dieven-stelen-tegel)."""
    value = thief_value(state.drawn)
    guards = state.guards()
    if guards:
        events.append(Event("td-wachterstelling", "guards.spot", {"guards": len(guards)}))
        scores, followers = list(state.scores), list(state.followers)
        for i, player in enumerate(state.players):
            mine = sum(1 for t in guards if t.guard == player)
            if not mine:
                continue
            scores[i] += mine * value
            events.append(Event("td-punten-diefsymbool", "score.thief", {
                "player": player, "guards": mine, "value": value, "points": mine * value}))
            if state.stolen:
                scores[i] += mine * state.stolen
                events.append(Event("td-bonus-gestolen-tegel", "score.bonus", {
                    "player": player, "guards": mine, "value": state.stolen, "points": mine * state.stolen}))
            followers[i] += mine
        if state.stolen:
            events.append(Event("td-gestolen-tegel-doos", "stolen.boxed", {"value": state.stolen}))
        events.append(Event("td-wachters-terug", "guards.home", {"guards": len(guards)}))
        towers = tuple(Tower(t.at, t.pieces) for t in state.towers)
        state = evolve(state, scores=tuple(scores), followers=tuple(followers), towers=towers, stolen=0, phase=PLACE)
        return state, events
    if not any(t.pieces >= 1 for t in state.towers):
        events.append(Event("td-zonder-rivier", "theft.no-towers", {}))
    events.append(Event("td-dieven-stelen-tegel", "theft", {"player": state.player, "value": value}))
    if state.stolen:
        events.append(Event("td-gestolen-tegel-vervangen", "stolen.replaced", {"old": state.stolen, "new": value}))
    events.append(Event("td-dieven-geen-telling", "theft.no-scoring", {}))
    state = evolve(state, stolen=value, drawn="", phase=DRAW, replacement=True)
    if state.tower_stack == 0:
        if sum(state.stack) == 0:
            events.append(Event("td-geen-torentegels", "replacement.none", {"player": state.player}))
            return end_turn(evolve(state, replacement=False), events)
        events.append(Event("td-geen-torentegels", "replacement.land", {"player": state.player}))
    return state, events


# -- placing the tile ---------------------------------------------------------------------------------


def apply_place(state: State, action: str) -> tuple[State, list[Event]]:
    if not action.startswith("place:"):
        raise RuleError("td-drie-acties", "refuse.place-first", kind=state.drawn)
    square = parse_square(action[6:], "td-landtegel-leggen")
    if square in state.occupied:
        raise RuleError("td-landtegel-leggen", "refuse.occupied", at=sq(square))
    x, y = square
    if square not in state.free:
        raise RuleError("td-landtegel-leggen", "refuse.not-touching", at=sq(square))
    kind = state.drawn
    events: list[Event] = []
    if thief_value(kind):
        events.append(Event("td-diefsymbool-tegel-aanleggen", "place.thief", {
            "player": state.player, "at": sq(square), "value": thief_value(kind)}))
    else:
        events.append(Event("td-landtegel-leggen", "place", {"player": state.player, "at": sq(square), "kind": kind}))
    state = with_tile(state, evolve(state, tiles=(*state.tiles, (x, y, kind)), drawn="", placed=square, phase=GUARD), square)
    if kind in SITE_KINDS:
        if state.supply > 0:
            state = evolve(state, towers=(*state.towers, Tower(square, 1)), supply=state.supply - 1)
            events.append(Event("td-toren-beginnen", "tower.start", {"at": sq(square), "supply": state.supply}))
        else:
            state = evolve(state, towers=(*state.towers, Tower(square, 0)))
            events.append(Event("td-toren-beginnen", "tower.no-piece", {"at": sq(square)}))
    if not guard_options(state):
        # The guard step goes by (td-wachter-zetten's note): it says so, with the rule that forbids it.
        clause, why = guard_skip(state, state.turn, square) or ("td-wachter-zetten", "no-meeple")
        events.append(Event(clause, f"guard.skipped.{why}", {"player": state.player, "placed": sq(square)}))
        return end_turn(state, events)
    return state, events


# -- placing a guard ----------------------------------------------------------------------------------


def guard_options(state: State) -> list[str]:
    """td-wachter-zetten, td-torenbereik: the towers whose reach covers the tile just placed."""
    if state.phase != GUARD or state.placed is None or state.followers[state.turn] < 1:
        return []
    return [f"guard:{t.at[0]},{t.at[1]}" for t in state.towers if in_reach(t, state.placed)]


def guard_skip(state: State, seat: int, placed: Square) -> tuple[str, str] | None:
    """Why seat ``seat`` may post no guard after placing the tile on ``placed``: no meeple left in its
    supply (td-wachter-zetten: a guard is a meeple from your supply), or no tower reaching the tile
    (td-torenbereik); None when it may post one."""
    if state.followers[seat] < 1:
        return "td-wachter-zetten", "no-meeple"
    if not any(in_reach(t, placed) for t in state.towers):
        return "td-torenbereik", "no-reach"
    return None


def late_guard(state: State) -> RuleError | None:
    """A guard tried once the turn is over, while the next tile is drawn: why the turn's guard step
    went as it did. The tile placed last is the last of ``tiles`` (None: no tile was placed yet, or
    the player still draws a tower tile after a theft)."""
    if state.replacement or len(state.tiles) < 2 or state.tiles[-1][2] in (START, SOURCE):
        return None
    x, y, _kind = state.tiles[-1]
    placed = (x, y)
    seat = (state.turn - 1) % len(state.players)
    player = state.players[seat]
    data = {"player": player, "next": state.player, "placed": sq(placed)}
    posted = any(t.guard == player and in_reach(t, placed) for t in state.towers)
    skipped = None if posted else guard_skip(state, seat, placed)
    if skipped is None:
        return RuleError("td-drie-acties", "refuse.turn-over", **data)
    clause, why = skipped
    return RuleError(clause, f"refuse.guard-skipped.{why}", **data)


def apply_guard(state: State, action: str) -> tuple[State, list[Event]]:
    if action == "pass":
        return end_turn(state, [Event("td-drie-acties", "pass", {"player": state.player})])
    if not action.startswith("guard:"):
        raise RuleError("td-drie-acties", "refuse.guard-or-pass")
    square = parse_square(action[6:], "td-wachter-zetten")
    tower = state.tower_at(square)
    if tower is None:
        raise RuleError("td-wachter-zetten", "refuse.no-tower", at=sq(square))
    if tower.pieces < 1:
        raise RuleError("td-toren-beginnen", "refuse.empty-site", at=sq(square))
    assert state.placed is not None
    if not in_reach(tower, state.placed):
        (tx, ty), (px, py) = tower.at, state.placed
        if tx != px and ty != py and max(abs(tx - px), abs(ty - py)) <= tower.pieces:
            # near enough but diagonal: td-bereik-hoogte's note (only in a straight line) forbids it
            raise RuleError("td-bereik-hoogte", "refuse.out-of-reach.diagonal", at=sq(square), placed=sq(state.placed))
        raise RuleError("td-torenbereik", "refuse.out-of-reach", at=sq(square), placed=sq(state.placed),
                        pieces=tower.pieces)
    me = state.turn
    if state.followers[me] < 1:
        raise RuleError("td-wachter-zetten", "refuse.no-follower", player=state.player)
    followers, scores = list(state.followers), list(state.scores)
    events = [reach_event(state, tower, state.placed)]
    if tower.guard:
        owner = state.seat_index(tower.guard)
        followers[owner] += 1
        events.append(Event("td-wachter-verdrijven", "guard.displace", {
            "player": state.player, "owner": tower.guard, "at": sq(square)}))
        if owner != me:
            scores[owner] += 2
            events.append(Event("td-verdrijven-punten", "guard.displace-points", {"owner": tower.guard, "points": 2}))
    followers[me] -= 1
    towers = tuple(Tower(t.at, t.pieces, state.player) if t.at == square else t for t in state.towers)
    events.append(Event("td-wachter-zetten", "guard", {"player": state.player, "at": sq(square), "pieces": tower.pieces}))
    state = evolve(state, towers=towers, followers=tuple(followers), scores=tuple(scores))
    return end_turn(state, events)


def reach_event(state: State, tower: Tower, placed: Square) -> Event:
    data: dict[str, Any] = {"at": sq(tower.at), "placed": sq(placed), "pieces": tower.pieces}
    if tower.at == placed:
        return Event("td-bereik-eigen-tegel", "reach.own", data)
    distance = abs(tower.at[0] - placed[0]) + abs(tower.at[1] - placed[1])
    data["distance"] = distance
    gaps = gaps_between(state, tower, placed)
    if gaps:
        return Event("td-bereik-gaten", "reach.gaps", {**data, "gaps": gaps})
    return Event("td-bereik-hoogte", "reach.height", data)


# -- the end of a turn and of the game ------------------------------------------------------------------


def end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state = evolve(state, placed=None, drawn="", replacement=False)
    if sum(state.stack) == 0 and sum(state.river_stack) == 0:
        return final_scoring(state, events)
    turn = (state.turn + 1) % len(state.players)
    events.append(Event("td-drie-acties", "turn.next", {"player": state.players[turn]}))
    return evolve(state, turn=turn, phase=DRAW), events


def final_scoring(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    events.append(Event("td-eindtelling-wachters", "end", {}))
    scores = list(state.scores)
    for i, player in enumerate(state.players):
        mine = sum(1 for t in state.towers if t.guard == player)
        if not mine:
            continue
        scores[i] += 5 * mine
        events.append(Event("td-eindtelling-wachters", "final.guards", {"player": player, "guards": mine, "points": 5 * mine}))
        if state.stolen:
            scores[i] += mine * state.stolen
            events.append(Event("td-eindtelling-gestolen-tegel", "final.stolen", {
                "player": player, "guards": mine, "value": state.stolen, "points": mine * state.stolen}))
    return evolve(state, scores=tuple(scores), phase=OVER), events

