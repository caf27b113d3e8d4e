"""Why a target on the board of Torens & Dieven cannot be tapped now (``VIEW.explain``), citing the
clause: the engine's own refusal of the action the tap would stand for wherever there is one.

- a tile drawn first (chance): nothing on the board is tapped until the tile is drawn
  (td-landtegel-leggen; from the tower stack td-torentegel-trekken, the river td-rivier-schudden,
  a land tile instead of a tower tile td-geen-torentegels); a tower or guard tapped right after a
  turn says why that turn's guard step went as it did (no tower in reach, td-torenbereik; no meeple,
  td-wachter-zetten; the turn is over, td-drie-acties);
- choosing the towers that grow (td-voorraad-beperkt): a tower with a guard, 5 pieces high or an
  empty site is the engine's refusal of ``grow:`` with it (td-torens-groeien, td-maximum-vijf); a
  square is answered with the choice to make first;
- placing the tile: a square with a tile is the engine's refusal of ``place:X,Y``
  (td-landtegel-leggen); a tower or a guard waits until the tile lies (td-drie-acties);
- placing a guard: a square or a tower is the engine's refusal of ``guard:X,Y`` (no tower there,
  td-wachter-zetten; out of reach, td-torenbereik); the tile of a tower that may take a guard, or
  the guard a new one would displace, is answered with its tower (the guard goes on the tower
  itself, td-wachter-zetten, td-wachter-verdrijven).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, RuleError
from rules.core.tapping import refusal

from . import rules
from .labels import parse_square
from .state import DRAW, GROW, GUARD, OVER, PLACE, State


def explain(
    engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None
) -> RuleError | None:
    """Why ``target`` (``sq:X,Y``, ``tower:X,Y``, ``guard:X,Y``) cannot be tapped after ``pick``."""
    st: State = state
    kind, _, rest = target.partition(":")
    at = parse_square(rest)
    if at is None or kind not in ("sq", "tower", "guard"):
        return None
    x, y = at
    if st.phase == OVER:
        return refusal(engine, st, "pass")
    if st.phase == DRAW:
        late = rules.late_guard(st) if kind in ("tower", "guard") else None  # the turn just over: its guard step
        return late or RuleError(rules.draw_clause(st), "why.draw-first", source=rules.draw_source(st))
    if st.phase == GROW:
        if kind == "sq":
            error = refusal(engine, st, f"place:{x},{y}")
            clause = error.clause if error is not None else "td-voorraad-beperkt"
            return RuleError(clause, "why.grow-first", supply=st.supply)
        chosen = [part[len("tower:"):] for part in pick if part.startswith("tower:")]
        return refusal(engine, st, "grow:" + ";".join([*chosen, f"{x},{y}"]))
    if st.phase == PLACE:
        if kind == "sq":
            return refusal(engine, st, f"place:{x},{y}")
        error = refusal(engine, st, f"guard:{x},{y}")
        return RuleError(error.clause, "why.place-first", kind=st.drawn) if error is not None else None
    if st.phase == GUARD:
        error = refusal(engine, st, f"guard:{x},{y}")
        if error is None:  # the tile of a tower that may take a guard, or the guard a new one displaces
            clause = "td-wachter-verdrijven" if kind == "guard" else "td-wachter-zetten"
            return RuleError(clause, "why.guard-on-tower", at=[x, y])
        return error
    return None


__all__ = ["explain"]
