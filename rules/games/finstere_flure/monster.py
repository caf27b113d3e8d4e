"""The monster: looking, turning, stepping, pushing, crushing, catching, sliding and walking through
the wall (clauses ``ff-monster-kijkt`` ... ``ff-monster-glijdt``).

One call of :func:`monster_step` is exactly one step of the monster: the look (and turn) before it,
the step itself with everything it causes, and after the last step of the turn the final look.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from typing import Any

from rules.core.engine import Event

from .board import LEFT_OF, RAYS, RIGHT_OF, Square, mirror, on_board, step
from .physics import slide, stone_removed
from .state import HIT_CARDS, MAX_HIT_STEPS, OUT, POOL, Figure, MonsterTurn, State

Seen = tuple[str, str, int, str]  # (side, direction, distance, figure id)


def _sq(square: Square) -> list[int]:
    return [square[0], square[1]]


def look(monster: Square, facing: str, stones: Set[Square], fig_at: Mapping[Square, str]) -> list[Seen]:
    """What the monster sees (ff-monster-zicht): (side, direction, distance, figure id) per direction.

    It looks ahead, left and right (never back) along straight lines that stop at the first stone, the
    outer wall or the first figure. Blood, the start and the exit square do not block the view.
    """
    seen = []
    for side, d in (("ahead", facing), ("left", LEFT_OF[facing]), ("right", RIGHT_OF[facing])):
        for dist, sq in enumerate(RAYS[d][monster], 1):
            if sq in stones:
                break
            if sq in fig_at:
                seen.append((side, d, dist, fig_at[sq]))
                break
    return seen


def decide(facing: str, seen: list[Seen], final: bool = False) -> tuple[str, Event]:
    """Turn toward the nearest figure seen (ff-monster-draait); on a tie keep going (ff-monster-verward)."""
    if not seen:
        return facing, Event("ff-monster-kijkt", "monster.look.none", {"seen": [], "facing": facing})
    data_seen = [{"figure": fid, "direction": d, "distance": dist} for _, d, dist, fid in seen]
    nearest = min(dist for _, _, dist, _ in seen)
    closest = [s for s in seen if s[2] == nearest]
    if len(closest) > 1:
        data: dict[str, Any] = {
            "seen": data_seen,
            "facing": facing,
            "confused": True,
            "figures": [s[3] for s in closest],
            "distance": nearest,
        }
        return facing, Event("ff-monster-verward", "monster.look.confused", data)
    side, d, dist, fid = closest[0]
    if side == "ahead":
        key = "monster.look.ahead.final" if final else "monster.look.ahead"
    else:
        key = "monster.look.turn"
    data = {"seen": data_seen, "facing": d, "target": fid, "side": side, "distance": dist}
    return d, Event("ff-monster-draait", key, data)


class _Work:
    """Mutable scratch copy of the parts of the state a monster step changes."""

    def __init__(self, state: State, events: list[Event]):
        self.state = state
        self.stones = set(state.stones)
        self.figs: dict[str, Figure] = {}  # the figures moved or caught, by id
        self.fig_at = dict(state.figure_squares)
        self.monster = state.monster
        self.caught: list[str] = []
        self.events = events  # appended to

    def figure(self, fid: str) -> Figure:
        """Figure ``fid`` as it is now."""
        fig = self.figs.get(fid)
        return self.state.figure(fid) if fig is None else fig

    def figures(self) -> tuple[Figure, ...]:
        """All figures as they are now, in the state's order."""
        if not self.figs:
            return self.state.figures
        return tuple(self.figs.get(f.id, f) for f in self.state.figures)

    def occupied(self, sq: Square) -> bool:
        return sq in self.stones or sq in self.fig_at or sq == self.monster

    def move_figure(self, fid: str, dest: Square) -> None:
        fig = self.figure(fid)
        assert isinstance(fig.at, tuple)
        del self.fig_at[fig.at]
        self.fig_at[dest] = fid
        self.figs[fid] = fig.evolve(at=dest)

    # -- figures ---------------------------------------------------------------------------------

    def catch(self, fid: str, crushed: bool) -> None:
        fig = self.figure(fid)
        sq = fig.at
        assert isinstance(sq, tuple)
        del self.fig_at[sq]
        data = {"figure": fid, "square": _sq(sq)}
        if crushed:
            self.events.append(Event("ff-monster-verplettert", "monster.crush", data, decisive=True))
        else:
            self.events.append(Event("ff-monster-pakt", "monster.catch", data, decisive=True))
        if self.state.chapter == 1:
            self.figs[fid] = fig.evolve(at=POOL, moved=False)
            self.events.append(Event("ff-gepakt-hoofdstuk-1", "monster.caught.chapter-1", {"figure": fid}))
        else:
            self.figs[fid] = fig.evolve(at=OUT, showing=fig.front, moved=False)
            self.events.append(Event("ff-gepakt-hoofdstuk-2", "monster.caught.chapter-2", {"figure": fid}))
        self.caught.append(fid)

    # -- pushing ---------------------------------------------------------------------------------

    def _slide_object(self, sq: Square, d: str) -> None:
        """An object pushed onto blood slides on (ff-steen-op-bloedplas, ff-monster-schuift-steen)."""
        is_stone = sq in self.stones
        pos = slide(sq, d, self.state.blood, self.occupied)
        if pos != sq:
            if is_stone:
                self.stones.discard(sq)
                self.stones.add(pos)
                self.events.append(
                    Event("ff-steen-op-bloedplas", "monster.stone-slides", {"from": _sq(sq), "to": _sq(pos)}, decisive=True)
                )
            else:
                fid = self.fig_at[sq]
                self.move_figure(fid, pos)
                self.events.append(
                    Event(
                        "ff-monster-schuift-steen",
                        "monster.figure-slides",
                        {"figure": fid, "from": _sq(sq), "to": _sq(pos)},
                    )
                )
        elif sq in self.state.blood and not is_stone:
            self.events.append(
                Event("ff-monster-schuift-steen", "monster.figure-stays", {"figure": self.fig_at[sq], "square": _sq(sq)})
            )
        if is_stone and stone_removed(pos):
            self.stones.discard(pos)
            self.events.append(Event("ff-steen-op-start-of-doel", "stone.removed", {"square": _sq(pos)}, decisive=True))

    def push_row(self, first: Square, d: str) -> None:
        """The monster steps onto a stone: the unbroken row behind it moves one square (ff-monster-schuift-steen)."""
        row = []
        sq = first
        while on_board(sq) and (sq in self.stones or sq in self.fig_at):
            row.append(sq)
            sq = step(sq, d)
        behind = len(row) - 1
        key = "monster.push.row" if behind else "monster.push"
        data = {"row": [_sq(s) for s in row], "direction": d, "first": _sq(first), "behind": behind}
        self.events.append(Event("ff-monster-schuift-steen", key, data))
        if not on_board(sq):  # the last object of the row would have to go through the wall
            last = row.pop()
            if last in self.stones:
                self.stones.discard(last)
                self.events.append(Event("ff-steen-verpulvert", "monster.crumble", {"square": _sq(last)}, decisive=True))
            else:
                self.catch(self.fig_at[last], crushed=True)
        for sq in reversed(row):  # front first, each one square on
            dest = step(sq, d)
            if sq in self.stones:
                self.stones.discard(sq)
                self.stones.add(dest)
            else:
                self.move_figure(self.fig_at[sq], dest)
        for sq in reversed(row):  # then blood and the start/exit squares, front first
            dest = step(sq, d)
            if dest in self.state.blood or (dest in self.stones and stone_removed(dest)):
                self._slide_object(dest, d)

    # -- the monster moves -------------------------------------------------------------------------

    def enter(self, sq: Square, d: str) -> None:
        """The monster arrives on ``sq`` moving in direction ``d``."""
        self.monster = sq
        if sq in self.stones:
            self.push_row(sq, d)
        elif sq in self.fig_at:
            self.catch(self.fig_at[sq], crushed=False)


def slide_path(square: Square, facing: str, blood: Set[Square]) -> list[Square]:
    """The squares the monster passes after arriving on ``square``: over blood it slides straight on
    to the first square beyond the pool (ff-monster-glijdt); nothing stops it (it pushes and catches)."""
    path = []
    while square in blood:
        square = step(square, facing)
        path.append(square)
    return path


def _meets_nothing(state: State, target: Square, slid: list[Square]) -> bool:
    """Whether no stone and no figure lies on the square the monster steps onto nor on those it slides to."""
    stones, figures = state.stones, state.figure_squares
    if target in stones or target in figures:
        return False
    return not slid or not any(sq in stones or sq in figures for sq in slid)


def _step_onto(state: State, number: int, facing: str, events: list[Event]) -> tuple[Square, list[Square]]:
    """Where step ``number`` leads: the square ahead, or through the wall the mirrored one
    (ff-monster-door-muur), and the pools of blood it slides over from there; tells the step."""
    origin = state.monster
    target = step(origin, facing)
    through_wall = not on_board(target)
    if through_wall:
        target = mirror(origin)
    slid = slide_path(target, facing, state.blood)
    data = {
        "step": number,
        "from": [origin[0], origin[1]],
        "to": [target[0], target[1]],
        "facing": facing,
        "trail": [[origin[0], origin[1]], [target[0], target[1]]] + [[x, y] for x, y in slid],
    }
    if through_wall:
        events.append(Event("ff-monster-door-muur", "monster.wall", data))
    else:
        events.append(Event("ff-monster-kijkt", "monster.step", data))
    return target, slid


def _card_done(card: str, number: int, caught: int, events: list[Event]) -> bool:
    """Whether the monster's card is used up after step ``number`` with ``caught`` figures caught: a hit
    card when it caught its count or took its last step (ff-monster-treffers), a number card after its
    steps (ff-monster-getalkaart)."""
    if card in HIT_CARDS:
        if caught >= HIT_CARDS[card]:
            events.append(Event("ff-monster-treffers", "monster.hits.done", {"caught": caught}))
            return True
        if number >= MAX_HIT_STEPS:
            events.append(
                Event("ff-monster-treffers", "monster.hits.max", {"caught": caught, "max_steps": MAX_HIT_STEPS})
            )
            return True
        return False
    if number >= int(card):
        events.append(Event("ff-monster-getalkaart", "monster.steps.done", {"steps": number, "card": card}))
        return True
    return False


def monster_step(state: State) -> tuple[State, list[Event], bool]:
    """One step of the monster. Returns (state, events, turn_over).

    The step's event (``ff-monster-kijkt`` or ``ff-monster-door-muur``) carries ``trail``: the
    origin, the square stepped onto (the re-entry square through the wall) and every square slid to.
    """
    mt = state.monster_turn
    assert mt is not None
    number = mt.steps + 1
    figure_squares = state.figure_squares
    events: list[Event] = []
    facing, ev = decide(state.facing, look(state.monster, state.facing, state.stones, figure_squares))
    events.append(ev)
    target, slid = _step_onto(state, number, facing, events)
    slide_event = None
    if slid:
        slide_event = Event("ff-monster-glijdt", "monster.slide", {"step": number, "from": _sq(target), "to": _sq(slid[-1])})
    w: _Work | None = None
    stones: Set[Square]
    fig_at: Mapping[Square, str]
    if _meets_nothing(state, target, slid):
        # A quiet step (most steps): entering squares without stone or figure (``_Work.enter``) pushes
        # and catches nothing, so the stones and figures stay as they are.
        if slide_event:
            events.append(slide_event)
        monster, stones, fig_at, caught_now = slid[-1] if slid else target, state.stones, figure_squares, 0
    else:
        w = _Work(state, events)
        w.enter(target, facing)
        if slide_event:
            events.append(slide_event)
        for sq in slid:
            w.enter(sq, facing)
        monster, stones, fig_at, caught_now = w.monster, w.stones, w.fig_at, len(w.caught)
    caught = mt.caught + caught_now
    over = _card_done(mt.card, number, caught, events)
    if over:
        events.append(Event("ff-monster-eindblik", "monster.final-look", {}))
        facing, ev = decide(facing, look(monster, facing, stones, fig_at), final=True)
        events.append(ev)
    monster_turn = MonsterTurn(mt.card, steps=number, caught=caught)
    if w is None:
        return state.with_monster(monster, facing, monster_turn), events, over
    new = state.evolve(
        monster=monster,
        facing=facing,
        stones=state.stones if w.stones == state.stones else frozenset(w.stones),  # kept when only figures moved
        figures=w.figures(),
        monster_turn=monster_turn,
    )
    return new, events, over
