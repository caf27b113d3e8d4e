"""The monster: looking, turning, stepping, pushing, crushing, catching, sliding and walking through
the wall (clauses ``ff-monster-kijkt`` ... ``ff-monster-glijdt``).

One call of :func:`monster_step` is exactly one step of the monster: the look (and turn) before it,
the step itself with everything it causes, and after the last step of the turn the final look.
"""

from __future__ import annotations

from dataclasses import replace

from simulator.core.engine import Event

from .board import DIRECTION_NL, EXIT, LEFT_OF, RIGHT_OF, START, Square, fmt, mirror, on_board, step
from .state import HIT_CARDS, MAX_HIT_STEPS, OUT, POOL, State, figure_name

_SIDE_NL = {"ahead": "recht vooruit", "left": "links van zich", "right": "rechts van zich"}


def look(monster: Square, facing: str, stones, fig_at: dict[Square, str]) -> list[tuple[str, str, int, str]]:
    """What the monster sees (ff-monster-zicht): (side, direction, distance, figure id) per direction.

    It looks ahead, left and right (never back) along straight lines that stop at the first stone, the
    outer wall or the first figure. Blood, the start and the exit square do not block the view.
    """
    seen = []
    for side, d in (("ahead", facing), ("left", LEFT_OF[facing]), ("right", RIGHT_OF[facing])):
        sq = monster
        dist = 0
        while True:
            sq = step(sq, d)
            dist += 1
            if not on_board(sq) or sq in stones:
                break
            if sq in fig_at:
                seen.append((side, d, dist, fig_at[sq]))
                break
    return seen


def _squares(n: int) -> str:
    return "1 veld" if n == 1 else f"{n} velden"


def decide(facing: str, seen, final: bool = False) -> tuple[str, Event]:
    """Turn toward the nearest figure seen (ff-monster-draait); on a tie keep going (ff-monster-verward)."""
    if not seen:
        return facing, Event("ff-monster-kijkt", "Het monster kijkt rond en ziet geen figuur.",
                             {"seen": [], "facing": facing})
    data_seen = [{"figure": fid, "direction": d, "distance": dist} for _, d, dist, fid in seen]
    nearest = min(dist for _, _, dist, _ in seen)
    closest = [s for s in seen if s[2] == nearest]
    if len(closest) > 1:
        names = " en ".join(figure_name(s[3]) for s in closest)
        return facing, Event(
            "ff-monster-verward",
            f"Het monster ziet {names} even ver weg ({_squares(nearest)}) en is verward: "
            f"het draait niet en blijft {DIRECTION_NL[facing]} kijken.",
            {"seen": data_seen, "facing": facing, "confused": True},
        )
    side, d, dist, fid = closest[0]
    if side == "ahead":
        then = "en blijft die kant op kijken" if final else "en loopt erop af"
        text = f"Het monster ziet {figure_name(fid)} recht vooruit op {_squares(dist)} {then} ({DIRECTION_NL[d]})."
    else:
        text = (f"Het monster ziet {figure_name(fid)} {_SIDE_NL[side]} op {_squares(dist)} "
                f"en draait zich {DIRECTION_NL[d]}.")
    return d, Event("ff-monster-draait", text, {"seen": data_seen, "facing": d, "target": fid})


class _Work:
    """Mutable scratch copy of the parts of the state a monster step changes."""

    def __init__(self, state: State):
        self.state = state
        self.stones = set(state.stones)
        self.figs = {f.id: f for f in state.figures}
        self.fig_at = {f.at: f.id for f in state.figures if f.on_board}
        self.monster = state.monster
        self.caught: list[str] = []
        self.events: list[Event] = []

    def occupied(self, sq: Square) -> bool:
        return sq in self.stones or sq in self.fig_at or sq == self.monster

    # -- figures ---------------------------------------------------------------------------------

    def catch(self, fid: str, crushed: bool) -> None:
        fig = self.figs[fid]
        sq = fig.at
        del self.fig_at[sq]
        name = figure_name(fid)
        if crushed:
            self.events.append(Event("ff-monster-verplettert",
                                     f"{name.capitalize()} wordt op {fmt(sq)} tegen de buitenmuur verpletterd "
                                     "en telt als gepakt.", {"figure": fid, "square": list(sq)}))
        else:
            self.events.append(Event("ff-monster-pakt", f"Het monster pakt {name} op {fmt(sq)}.",
                                     {"figure": fid, "square": list(sq)}))
        if self.state.chapter == 1:
            self.figs[fid] = replace(fig, at=POOL, moved=False)
            self.events.append(Event("ff-gepakt-hoofdstuk-1",
                                     f"{name.capitalize()} gaat terug naar de startvoorraad.", {"figure": fid}))
        else:
            self.figs[fid] = replace(fig, at=OUT, showing=fig.front, moved=False)
            self.events.append(Event("ff-gepakt-hoofdstuk-2",
                                     f"{name.capitalize()} is in hoofdstuk 2 voorgoed verloren.", {"figure": fid}))
        self.caught.append(fid)

    # -- pushing ---------------------------------------------------------------------------------

    def _slide_object(self, sq: Square, d: str) -> None:
        """An object pushed onto blood slides on (ff-steen-op-bloedplas, ff-monster-schuift-steen)."""
        is_stone = sq in self.stones
        pos = sq
        while pos in self.state.blood:
            nxt = step(pos, d)
            if not on_board(nxt) or self.occupied(nxt):
                break
            pos = nxt
        if pos != sq:
            if is_stone:
                self.stones.discard(sq)
                self.stones.add(pos)
                self.events.append(Event("ff-steen-op-bloedplas",
                                         f"Het steenblok glijdt over de bloedplas van {fmt(sq)} naar {fmt(pos)}.",
                                         {"from": list(sq), "to": list(pos)}))
            else:
                fid = self.fig_at.pop(sq)
                self.fig_at[pos] = fid
                self.figs[fid] = replace(self.figs[fid], at=pos)
                self.events.append(Event("ff-monster-schuift-steen",
                                         f"{figure_name(fid).capitalize()} glijdt over de bloedplas van {fmt(sq)} "
                                         f"naar {fmt(pos)}.", {"figure": fid, "from": list(sq), "to": list(pos)}))
        elif sq in self.state.blood and not is_stone:
            self.events.append(Event("ff-monster-schuift-steen",
                                     f"{figure_name(self.fig_at[sq]).capitalize()} blijft op de bloedplas "
                                     f"op {fmt(sq)} liggen.", {"figure": self.fig_at[sq], "square": list(sq)}))
        if is_stone and pos in (START, EXIT):
            self.stones.discard(pos)
            where = "startveld" if pos == START else "doelveld"
            self.events.append(Event("ff-steen-op-start-of-doel",
                                     f"Het steenblok komt op het {where} en wordt van het bord verwijderd.",
                                     {"square": list(pos)}))

    def push_row(self, first: Square, d: str) -> None:
        """The monster steps onto a stone: the unbroken row behind it moves one square (ff-monster-schuift-steen)."""
        row = []
        sq = first
        while on_board(sq) and (sq in self.stones or sq in self.fig_at):
            row.append(sq)
            sq = step(sq, d)
        self.events.append(Event(
            "ff-monster-schuift-steen",
            f"Het monster schuift het steenblok op {fmt(first)}"
            + (f" en de rij erachter ({len(row) - 1} objecten)" if len(row) > 1 else "")
            + f" {DIRECTION_NL[d]}.",
            {"row": [list(s) for s in row], "direction": d},
        ))
        if not on_board(sq):  # the last object of the row would have to go through the wall
            last = row.pop()
            if last in self.stones:
                self.stones.discard(last)
                self.events.append(Event("ff-steen-verpulvert",
                                         f"Het steenblok op {fmt(last)} wordt tegen de buitenmuur verpulverd.",
                                         {"square": list(last)}))
            else:
                self.catch(self.fig_at[last], crushed=True)
        for sq in reversed(row):  # front first, each one square on
            dest = step(sq, d)
            if sq in self.stones:
                self.stones.discard(sq)
                self.stones.add(dest)
            else:
                fid = self.fig_at.pop(sq)
                self.fig_at[dest] = fid
                self.figs[fid] = replace(self.figs[fid], at=dest)
        for sq in reversed(row):  # then blood and the start/exit squares, front first
            dest = step(sq, d)
            if dest in self.state.blood or (dest in self.stones and dest in (START, EXIT)):
                self._slide_object(dest, d)

    # -- the monster moves -------------------------------------------------------------------------

    def enter(self, sq: Square, d: str) -> None:
        """The monster arrives on ``sq`` moving in direction ``d``."""
        self.monster = sq
        if sq in self.stones:
            self.push_row(sq, d)
        elif sq in self.fig_at:
            self.catch(self.fig_at[sq], crushed=False)


def monster_step(state: State) -> tuple[State, list[Event], bool]:
    """One step of the monster. Returns (state, events, turn_over)."""
    mt = state.monster_turn
    assert mt is not None
    w = _Work(state)
    number = mt.steps + 1
    facing, ev = decide(state.facing, look(state.monster, state.facing, w.stones, w.fig_at))
    w.events.append(ev)
    origin = state.monster
    target = step(origin, facing)
    if on_board(target):
        w.events.append(Event("ff-monster-kijkt",
                              f"Stap {number}: het monster stapt {DIRECTION_NL[facing]} naar {fmt(target)}.",
                              {"step": number, "from": list(origin), "to": list(target), "facing": facing}))
    else:
        target = mirror(origin)
        w.events.append(Event("ff-monster-door-muur",
                              f"Stap {number}: het monster loopt op {fmt(origin)} door de buitenmuur en komt aan de "
                              f"overkant op {fmt(target)} weer binnen, nog steeds {DIRECTION_NL[facing]} kijkend.",
                              {"step": number, "from": list(origin), "to": list(target), "facing": facing}))
    w.enter(target, facing)
    if w.monster in state.blood:
        end = w.monster
        while end in state.blood:
            end = step(end, facing)
        w.events.append(Event("ff-monster-glijdt",
                              f"Het monster glijdt over de bloedplas naar {fmt(end)} en kijkt onderweg niet rond.",
                              {"step": number, "from": list(w.monster), "to": list(end)}))
        while w.monster in state.blood:
            w.enter(step(w.monster, facing), facing)
    caught = mt.caught + len(w.caught)
    over = False
    if mt.card in HIT_CARDS:
        if caught >= HIT_CARDS[mt.card]:
            over = True
            w.events.append(Event("ff-monster-treffers",
                                  f"Het monster heeft genoeg figuren gepakt ({caught}) en stopt.",
                                  {"caught": caught}))
        elif number >= MAX_HIT_STEPS:
            over = True
            w.events.append(Event("ff-monster-treffers",
                                  f"Het monster heeft {MAX_HIT_STEPS} stappen gezet en stopt.", {"caught": caught}))
    elif number >= int(mt.card):
        over = True
        w.events.append(Event("ff-monster-getalkaart", f"Het monster heeft alle {mt.card} stappen gezet.",
                              {"steps": number}))
    if over:
        w.events.append(Event("ff-monster-eindblik", "Na de laatste stap kijkt het monster nog één keer rond.", {}))
        facing, ev = decide(facing, look(w.monster, facing, w.stones, w.fig_at), final=True)
        w.events.append(ev)
    new = replace(
        state,
        monster=w.monster,
        facing=facing,
        stones=frozenset(w.stones),
        figures=tuple(w.figs[f.id] for f in state.figures),
        monster_turn=replace(mt, steps=number, caught=caught),
    )
    return new, w.events, over
