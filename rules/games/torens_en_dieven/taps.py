"""Moving by tapping the board (:mod:`rules.core.tapping`) in Torens & Dieven.

Targets the board carries (``view.py``): ``sq:X,Y`` (a tile, or an open square next to the grid),
``tower:X,Y`` (a tower, or an empty tower site) and ``guard:X,Y`` (the guard on the tower on X,Y).
Off the board: ``draw:<kind>`` (the tile drawn, a chance outcome) and ``pass`` (no guard).

Every legal action can be tapped, one tap per action except the choice of towers when the supply
is short:

- phase draw: the tile drawn, as a button per kind left ("Een landtegel met diefsymbool 5 (kans 2
  op 40)"); plays ``draw:<kind>``;
- phase place: an open square next to the grid; plays ``place:X,Y``;
- phase guard: a tower whose reach covers the tile just placed (plays ``guard:X,Y``), or the button
  "Geen wachter zetten" (plays ``pass``);
- phase grow (td-voorraad-beperkt): the towers without a guard below 5 pieces, one at a time, in
  any order; the tap that completes as many towers as the supply has pieces plays
  ``grow:X,Y;X,Y`` (the squares in the engine's row-by-row order).
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Engine
from rules.core.tapping import PickError, Tap, TapOptions

from . import rules
from .labels import colour, draw_label, join, parse_square, square
from .state import DRAW, GROW, GUARD, PLACE, STACK_KINDS, State, in_reach
from .words import WORDS


def _row_major(at: tuple[int, int]) -> tuple[int, int]:
    return at[1], at[0]


def tap(engine: Engine[Any], state: Any, pick: tuple[str, ...], *, lang: str | None = None) -> TapOptions:
    st: State = state
    pick = tuple(pick)
    if st.phase == GROW:
        return _grow(st, pick, lang)
    if pick:
        raise PickError("every tap plays at once in this phase")
    if st.phase == DRAW:
        odds = [(o.action, o.probability) for o in rules.draw_odds(st)]
        counts = _draw_counts(st)
        total = sum(counts.values())
        return TapOptions(tuple(
            Tap(action, draw_label(action[5:], counts.get(action[5:], 0), total, lang), action) for action, _p in odds))
    if st.phase == PLACE:
        towers = [t for t in st.towers if t.pieces]
        taps = []
        for x, y in st.frontier:
            key = "place.reach" if any(in_reach(t, (x, y)) for t in towers) else "place"
            action = f"place:{x},{y}"
            taps.append(Tap(f"sq:{x},{y}", WORDS.text("tap", key, lang, at=square((x, y))), action))
        return TapOptions(tuple(taps))
    if st.phase == GUARD:
        taps = []
        for action in rules.guard_options(st):
            at = action[6:]
            tower = st.tower_at(parse_square(at) or (0, 0))
            if tower is None:
                continue
            if tower.guard:
                label = WORDS.text("tap", "guard.displace", lang, at=square(tower.at), pieces=tower.pieces,
                                 owner=colour(tower.guard, lang))
            else:
                label = WORDS.text("tap", "guard", lang, at=square(tower.at), pieces=tower.pieces)
            taps.append(Tap(f"tower:{at}", label, action))
        taps.append(Tap("pass", WORDS.word("label", "pass", lang), "pass"))
        return TapOptions(tuple(taps))
    return TapOptions()


def _draw_counts(st: State) -> dict[str, int]:
    source = rules.draw_source(st)
    if source == "tower":
        return {"tower": st.tower_stack}
    if source == "river":
        return dict(zip(("river", "rivertower"), st.river_stack, strict=True))
    return dict(zip(STACK_KINDS, st.stack, strict=True))


def _grow(st: State, pick: tuple[str, ...], lang: str | None) -> TapOptions:
    """td-voorraad-beperkt: tap the towers that get a piece, one at a time."""
    eligible = {t.at: t for t in rules.growing(st)}
    chosen: list[tuple[int, int]] = []
    for target in pick:
        kind, _, rest = target.partition(":")
        at = parse_square(rest) if kind == "tower" else None
        if at is None or at not in eligible or at in chosen:
            raise PickError(f"'{target[:40]}' cannot be chosen here")
        chosen.append(at)
    if len(chosen) >= st.supply:
        raise PickError("as many towers as the supply has pieces are chosen already")
    last = len(chosen) + 1 == st.supply
    taps = []
    for at in sorted(eligible, key=_row_major):
        if at in chosen:
            continue
        plays = None
        if last:
            squares = sorted([*chosen, at], key=_row_major)
            plays = "grow:" + ";".join(f"{x},{y}" for x, y in squares)
        label = WORDS.text("tap", "grow", lang, at=square(at), pieces=eligible[at].pieces)
        taps.append(Tap(f"tower:{at[0]},{at[1]}", label, plays))
    status = WORDS.text("tap", "grow.status", lang, player=colour(st.player, lang), left=st.supply - len(chosen),
                      towers=len(eligible), supply=st.supply)
    if chosen:
        status += " " + WORDS.text("tap", "grow.chosen", lang, towers=join([square(a) for a in chosen], lang))
    return TapOptions(tuple(taps), None, status, pick)
