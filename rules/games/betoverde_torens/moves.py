"""Moving wizards and towers, the Raventoren moving on, filling flasks, and the spells. Each
function returns the new state and the events (citing clauses) or raises RuleError."""

from __future__ import annotations

from rules.core.engine import Event, RuleError

from .state import (
    RAVEN_SPACES,
    RING,
    SHIELDS,
    Flasks,
    Space,
    State,
    add_wizard,
    evolve,
    find_tower,
    remove_wizard,
    ring,
)

MAX_WIZARDS = 6  # bt-maximaal-zes-tovenaars


def _set_space(spaces: tuple[Space, ...], number: int, space: Space) -> tuple[Space, ...]:
    out = list(spaces)
    out[number - 1] = space
    return tuple(out)


def _trail(start: int, steps: int) -> list[int]:
    d = 1 if steps > 0 else -1
    return [ring(start + d * k) for k in range(abs(steps) + 1)]


def wizard_target_problem(state: State, colour: str, frm: int, steps: int) -> RuleError | None:
    """Why this wizard move is not allowed, or None."""
    if colour not in state.space(frm).top or frm == state.raven_at:
        return RuleError("bt-eigen-tovenaar", "refuse.no-wizard", colour=colour, space=frm)
    to = ring(frm + steps)
    if to == state.raven_at:
        if state.variant == "solo-flasks" and state.inside(colour) == state.wizards_each - 1:
            if state.flasks_of(colour).empty > 0:
                return RuleError("bt-solo-met-flesjes", "refuse.solo-last")
        return None
    if len(state.space(to).top) >= MAX_WIZARDS:
        return RuleError("bt-maximaal-zes-tovenaars", "refuse.six", space=to)
    return None


def move_wizard(
    state: State, colour: str, frm: int, steps: int, clause: str = "bt-tovenaar-landen"
) -> tuple[State, list[Event], bool]:
    """Move a visible wizard ``steps`` spaces (negative: counter-clockwise). Returns whether it went
    into the Raventoren."""
    problem = wizard_target_problem(state, colour, frm, steps)
    if problem is not None:
        raise problem
    to = ring(frm + steps)
    origin = state.space(frm)
    spaces = _set_space(state.spaces, frm, origin.with_top(remove_wizard(origin.top, colour)))
    data = {"colour": colour, "from": frm, "to": to, "steps": abs(steps), "trail": _trail(frm, steps)}
    if to == state.raven_at:
        inside = dict(state.raven)
        inside[colour] = inside.get(colour, 0) + 1
        state = evolve(state, spaces=spaces, raven=tuple(sorted(inside.items())))
        events = [Event("bt-tovenaar-in-raventoren", "wizard.raven", data)]
        state, more = relocate_raven(state, 1, "bt-raventoren-verplaatsen")
        return state, events + more, True
    dest = state.space(to)
    spaces = _set_space(spaces, to, dest.with_top(add_wizard(dest.top, colour)))
    where = dest.towers[-1][0] if dest.towers else 0
    return evolve(state, spaces=spaces), [Event(clause, "wizard.lands", {**data, "tower": where})], False


def mate_wizard(state: State, seat: int, colour: str) -> list[Event]:
    """bt-teams-doorspelen: the event that says seat ``seat`` moves its teammate's wizard (all of
    its own are inside), or nothing when ``colour`` is its own."""
    own = state.players[seat]
    if colour == own:
        return []
    return [Event("bt-teams-doorspelen", "team.mate-wizard", {"colour": own, "mate": colour})]


def free_spot(state: State, number: int) -> int:
    """0 when the space is no place for the Raventoren, else 1 (empty raven space) or 2 (a tower
    with a raven shield on top and no wizard on it) (bt-raventoren-verplaatsen)."""
    space = state.space(number)
    if space.towers:
        return 2 if space.towers[-1][0] in SHIELDS and not space.top else 0
    return 1 if number in RAVEN_SPACES and not space.ground else 0


def relocate_raven(state: State, direction: int, clause: str) -> tuple[State, list[Event]]:
    """The Raventoren moves to the first free place in ``direction`` (+1 clockwise), or stays."""
    for k in range(1, RING):
        number = ring(state.raven_at + direction * k)
        kind = free_spot(state, number)
        if kind:
            tower = state.space(number).towers[-1][0] if kind == 2 else 0
            data = {"from": state.raven_at, "to": number, "tower": tower}
            key = "raven.moves" if direction > 0 else "raven.moves-back"
            return evolve(state, raven_at=number), [Event(clause, key, data)]
    return state, [Event(clause, "raven.stays", {"at": state.raven_at})]


def fill_flask(state: State, player: int) -> tuple[State, list[Event]]:
    """The mover may fill one empty flask (bt-fles-vullen); always taken by the site."""
    flasks = state.flasks[player]
    mate = state.mate(player)
    events: list[Event] = []
    if flasks.empty == 0 and mate is not None and state.flasks[mate].empty > 0:
        # bt-teams-doorspelen: with all of his own flasks filled, the mover fills his teammate's
        events.append(
            Event("bt-teams-doorspelen", "team.mate-flask", {"colour": state.players[player], "mate": state.players[mate]})
        )
        player, flasks = mate, state.flasks[mate]
    colour = state.players[player]
    if flasks.total == 0:
        return state, []
    if flasks.empty == 0:
        return state, [Event("bt-fles-vullen", "flask.none", {"colour": colour})]
    new = Flasks(flasks.empty - 1, flasks.filled + 1, flasks.spent)
    all_flasks = list(state.flasks)
    all_flasks[player] = new
    event = Event(
        "bt-fles-vullen", "flask.fill", {"colour": colour, "filled": new.filled + new.spent, "total": new.total}
    )
    return evolve(state, flasks=tuple(all_flasks)), [*events, event]


def tower_target_problem(state: State, tower: int, steps: int) -> RuleError | None:
    if not 1 <= tower <= 9:
        return RuleError("bt-toren-kiezen", "refuse.no-tower", tower=tower)
    frm, _ = find_tower(state, tower)
    to = ring(frm + steps)
    if to == state.raven_at and frm != state.raven_at:
        return RuleError("bt-niet-op-raventoren", "refuse.raven-space", tower=tower, space=to)
    return None


def move_tower(
    state: State, tower: int, steps: int, mover: int, clause: str = "bt-toren-landen"
) -> tuple[State, list[Event]]:
    """Move a tower with everything on it ``steps`` spaces; the mover fills a flask when it
    imprisons wizards."""
    problem = tower_target_problem(state, tower, steps)
    if problem is not None:
        raise problem
    frm, index = find_tower(state, tower)
    to = ring(frm + steps)
    origin = state.space(frm)
    part = origin.towers[index:]
    rest = Space(origin.ground, origin.towers[:index])
    carried = state.raven_at == frm
    dest = state.space(to)
    prisoners = dest.top
    spaces = _set_space(state.spaces, frm, rest)
    spaces = _set_space(spaces, to, Space(dest.ground, dest.towers + part))
    data = {
        "tower": tower,
        "count": len(part),
        "from": frm,
        "to": to,
        "steps": abs(steps),
        "onto": dest.towers[-1][0] if dest.towers else 0,
        "trail": _trail(frm, steps),
    }
    events = [Event(clause, "tower.lands", data)]
    if index < len(origin.towers) - 1:
        events.append(Event("bt-toren-uit-stapel", "tower.part", {"tower": tower, "count": len(part)}))
    riders = tuple(sorted(w for _tid, ws in part for w in ws))
    if riders:
        events.append(Event("bt-tovenaars-reizen-mee", "tower.riders", {"wizards": list(riders), "count": len(riders)}))
    if carried:
        events.append(Event("bt-raventoren-reist-mee", "tower.raven", {"to": to}))
    state = evolve(state, spaces=spaces, raven_at=to if carried else state.raven_at)
    if rest.top:
        events.append(Event("bt-tovenaars-bevrijd", "tower.freed", {"wizards": list(rest.top), "space": frm}, decisive=True))
    if prisoners:
        events.append(Event("bt-toren-over-tovenaar", "tower.imprisons", {"wizards": list(prisoners), "space": to}, decisive=True))
        state, more = fill_flask(state, mover)
        events += more
    return state, events


def swap_towers(state: State, a: int, b: int) -> tuple[State, list[Event]]:
    """bt-spreuk-torens-wisselen: the parts from towers a and b upwards change places."""
    for tower in (a, b):
        if not 1 <= tower <= 9:
            raise RuleError("bt-spreuk-torens-wisselen", "refuse.no-tower", tower=tower)
    sa, ia = find_tower(state, a)
    sb, ib = find_tower(state, b)
    if sa == sb:
        raise RuleError("bt-spreuk-torens-wisselen", "refuse.swap-same", a=a, b=b)
    space_a, space_b = state.space(sa), state.space(sb)
    new_a = Space(space_a.ground, space_a.towers[:ia] + space_b.towers[ib:])
    new_b = Space(space_b.ground, space_b.towers[:ib] + space_a.towers[ia:])
    raven_at = state.raven_at
    if raven_at == sa:
        raven_at = sb
    elif raven_at == sb:
        raven_at = sa
    spaces = _set_space(_set_space(state.spaces, sa, new_a), sb, new_b)
    event = Event("bt-spreuk-torens-wisselen", "spell.swapped", {"a": a, "b": b, "from": sa, "to": sb})
    return evolve(state, spaces=spaces, raven_at=raven_at), [event]


def free_wizard(state: State, tower: int, colour: str) -> tuple[State, list[Event], bool]:
    """bt-spreuk-bevrijden: lift a tower; one of your wizards directly under it goes on top."""
    if not 1 <= tower <= 9:
        raise RuleError("bt-spreuk-bevrijden", "refuse.no-tower", tower=tower)
    number, index = find_tower(state, tower)
    space = state.space(number)
    below = space.below(index)
    raven_here = state.raven_at == number
    # The six-wizard limit comes first: the clause forbids the spell on such a tower whoever is
    # under it, so it is refused before "nobody of yours under it" could make it a paid dud.
    if not raven_here and len(space.top) >= MAX_WIZARDS:
        raise RuleError("bt-spreuk-bevrijden", "refuse.free-full", tower=tower)
    if colour not in below:
        return state, [Event("bt-spreuk-bevrijden", "spell.free-none", {"tower": tower, "colour": colour})], False
    if raven_here and state.variant == "solo-flasks" and state.inside(colour) == state.wizards_each - 1:
        if state.flasks_of(colour).empty > 0:
            raise RuleError("bt-solo-met-flesjes", "refuse.solo-last")
    space = space.with_below(index, remove_wizard(below, colour))
    data = {"tower": tower, "colour": colour, "space": number}
    if raven_here:
        inside = dict(state.raven)
        inside[colour] = inside.get(colour, 0) + 1
        state = evolve(state, spaces=_set_space(state.spaces, number, space), raven=tuple(sorted(inside.items())))
        events = [Event("bt-spreuk-bevrijden", "spell.free-raven", data, decisive=True)]
        state, more = relocate_raven(state, 1, "bt-raventoren-verplaatsen")
        return state, events + more, True
    space = space.with_top(add_wizard(space.top, colour))
    return (
        evolve(state, spaces=_set_space(state.spaces, number, space)),
        [Event("bt-spreuk-bevrijden", "spell.free", data, decisive=True)],
        False,
    )


def lift_wizard(state: State, colour: str, move: tuple[int, int, bool]) -> tuple[State, list[Event], bool]:
    """bt-spreuk-meeliften: a wizard standing where the active player's wizard started goes along
    to the same end (into the Raventoren if that one went in)."""
    frm, to, entered = move
    if not frm or colour not in state.space(frm).top or frm == state.raven_at:
        raise RuleError("bt-spreuk-meeliften", "refuse.lift-where", colour=colour, space=frm)
    origin = state.space(frm)
    spaces = _set_space(state.spaces, frm, origin.with_top(remove_wizard(origin.top, colour)))
    data = {"colour": colour, "from": frm, "to": to}
    if entered or to == state.raven_at:
        inside = dict(state.raven)
        inside[colour] = inside.get(colour, 0) + 1
        state = evolve(state, spaces=spaces, raven=tuple(sorted(inside.items())))
        state, more = relocate_raven(state, 1, "bt-raventoren-verplaatsen")
        return state, [Event("bt-spreuk-meeliften", "spell.lift-raven", data), *more], True
    dest = state.space(to)
    if len(dest.top) >= MAX_WIZARDS:
        raise RuleError("bt-maximaal-zes-tovenaars", "refuse.six", space=to)
    spaces = _set_space(spaces, to, dest.with_top(add_wizard(dest.top, colour)))
    return evolve(state, spaces=spaces), [Event("bt-spreuk-meeliften", "spell.lift", data)], False
