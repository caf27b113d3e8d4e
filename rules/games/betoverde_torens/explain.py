"""Why a target on the board of De Betoverde Torens cannot be tapped now (``VIEW.explain``), citing
the clause.

The taps (:mod:`.taps`) go card (or spell), then piece, then the space where it ends; or piece
first, then the space. For a target that is not offered, every move the tap could stand for is
tried on the engine (each card in the hand and each open spell that could move this piece, or
move the chosen piece onto this space) and the engine's refusal is reported, the most telling one
first: a rule about that very place (6 wizards there, bt-maximaal-zes-tovenaars; Ravenskeep's
space, bt-niet-op-raventoren; the solo game's last wizard, bt-solo-met-flesjes), then the turn's
(no card left to play, bt-twee-acties), then a die to roll first (bt-dobbelsteen-gooien), a card
that moves the other kind of piece (bt-toren-kiezen, bt-eigen-tovenaar), a spell that costs more
potions than are filled (the spell's own clause, where its cost stands; in teams, when the teammate's
flasks would pay it, bt-teams-doorspelen).

Where no single move applies the answer is a reason of its own, still citing the clause: another
player's wizard or a trapped one (bt-eigen-tovenaar), Ravenskeep (bt-toren-kiezen), a potion
(bt-fles-vullen), a space where the chosen piece does not end (it moves exactly the card's
number of steps, bt-vast-getal), a space tapped before the piece (the piece on it is answered
for, else what to tap first), chance first (bt-startkaarten, bt-dobbelsteen-gooien,
bt-hand-aanvullen, the open spells), a teammate's card (bt-teams-kaart-vragen).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rules.core.engine import Engine, RuleError
from rules.core.tapping import refusal

from .cards import BY_CODE, SPELL_CLAUSE
from .flow import chance_first, is_chance, spell_window, visible_spaces
from .state import State, find_tower, ring

# The engine's refusals, the most telling first (lower is better).
RANK = {
    "refuse.six": 0,
    "refuse.raven-space": 0,
    "refuse.solo-last": 0,
    "refuse.swap-same": 0,
    "refuse.free-full": 0,
    "refuse.no-wizard": 0,
    "refuse.no-actions-left": 1,
    "refuse.roll-first": 2,
    "refuse.card-kind": 3,
    "refuse.spell-cost": 4,
    "refuse.spell-cost.mate": 4,
    "refuse.spell-cost.spent": 4,
}
STEPS = {"wizard-fwd": 1, "wizard-back": -1, "tower-fwd": 2, "tower-back": -2}


class Move(NamedTuple):
    """A move a tap could stand for: how (``card:<code>``, ``spell:<name>``, "" for a roll or the
    tower step after swapping cards), the piece, where it ends (a target; None: not known before a
    roll) and the action the engine is asked about."""

    means: str
    piece: str
    dest: str | None
    action: str
    piece_first: bool = True  # may also be tapped piece first (the taps of cards and moving spells)


def explain(
    engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None
) -> RuleError | None:
    """Why ``target`` cannot be tapped after ``pick`` (see the module docstring)."""
    st: State = state
    pick = tuple(pick)
    if st.phase == "over":
        return refusal(engine, st, "end")
    if is_chance(st):
        return chance_first(st)
    if st.phase in ("ask", "return"):
        mate = st.mate(st.turn)
        data = {"colour": st.active, "mate": st.players[mate] if mate is not None else st.active}
        return RuleError("bt-teams-kaart-vragen", f"why.{st.phase}", **data)
    if target.startswith("fl:"):
        return RuleError("bt-fles-vullen", "why.flask")
    if not target.startswith(("sp:", "tw:", "wiz:")) and target != "raven":
        return None
    return _on_board(engine, st, pick, target)


def _caster(st: State) -> int:
    return st.offer if st.phase == "offer" else st.turn


def _space_of(st: State, target: str) -> int:
    """The space a destination target stands for (``raven``: Ravenskeep's space)."""
    return st.raven_at if target == "raven" else int(target[3:])


def _dest(st: State, frm: int, steps: int, wizard: bool) -> str:
    to = ring(frm + steps)
    return "raven" if wizard and to == st.raven_at else f"sp:{to}"


def _wizards(st: State, colour: str) -> list[tuple[int, str]]:
    out = []
    for n in visible_spaces(st, colour):
        space = st.space(n)
        out.append((n, f"wiz:{colour}:t{space.towers[-1][0]}" if space.towers else f"wiz:{colour}:s{n}"))
    return out


def _moves(st: State) -> list[Move]:
    """Every move of the phase the board could stand for, legal or not."""
    out: list[Move] = []
    colour = st.mover_colour(_caster(st))
    wizards = _wizards(st, colour)
    towers = [(t, find_tower(st, t)[0]) for t in range(1, 10)]
    if st.phase == "play":
        for code in sorted(set(st.hands[st.turn])):
            card = BY_CODE[code]
            means = f"card:{code}"
            for n, piece in wizards:
                dest = _dest(st, n, card.wizard_steps, True) if card.wizard and not card.dice else None
                out.append(Move(means, piece, dest, f"play:{code}:wizard:{n}"))
            for t, frm in towers:
                dest = _dest(st, frm, card.tower_steps, False) if card.tower and not card.dice else None
                out.append(Move(means, f"tw:{t}", dest, f"play:{code}:tower:{t}"))
        if spell_window(st):
            out += _spell_moves(st, wizards, towers)
    elif st.phase == "offer":
        out += _spell_moves(st, wizards, towers)
    elif st.phase == "choose" and st.pending is not None:
        roll = st.pending.roll
        out += [Move("", piece, _dest(st, n, roll, True), f"move:wizard:{n}") for n, piece in wizards]
        out += [Move("", f"tw:{t}", _dest(st, frm, roll, False), f"move:tower:{t}") for t, frm in towers]
    elif st.phase == "pass-tower":
        out += [Move("", f"tw:{t}", _dest(st, frm, 1, False), f"pass-tower:{t}") for t, frm in towers]
    return out


def _spell_moves(st: State, wizards: list[tuple[int, str]], towers: list[tuple[int, int]]) -> list[Move]:
    out: list[Move] = []
    for name in st.spells:
        means = f"spell:{name}"
        if name in ("wizard-fwd", "wizard-back"):
            out += [Move(means, piece, _dest(st, n, STEPS[name], True), f"spell:{name}:{n}") for n, piece in wizards]
        elif name in ("tower-fwd", "tower-back"):
            out += [Move(means, f"tw:{t}", _dest(st, frm, STEPS[name], False), f"spell:{name}:{t}") for t, frm in towers]
        elif name == "free":
            out += [Move(means, f"tw:{t}", None, f"spell:free:{t}", False) for t, _frm in towers]
        elif name == "swap":
            out += [
                Move(means, f"tw:{a}", f"tw:{b}", f"spell:swap:{min(a, b)},{max(a, b)}", False)
                for a, _fa in towers
                for b, _fb in towers
                if a != b
            ]
    return out


def _paths(move: Move) -> list[tuple[str, ...]]:
    tail = (move.dest,) if move.dest is not None else ()
    paths = []
    if move.means:
        paths.append((move.means, move.piece, *tail))
    if move.piece_first or not move.means:
        paths.append((move.piece, *tail))
    return paths


def _same_place(st: State, a: str, b: str) -> bool:
    """Two destination targets for the same place (``raven`` is the space Ravenskeep stands on)."""
    if a == b:
        return True
    places = ("sp:", "raven")
    return a.startswith(places) and b.startswith(places) and _space_of(st, a) == _space_of(st, b)


def _matches(st: State, pick: tuple[str, ...], target: str) -> list[Move]:
    n = len(pick)
    out = []
    for move in _moves(st):
        for path in _paths(move):
            if len(path) > n and path[:n] == pick and _same_place(st, path[n], target):
                out.append(move)
                break
    return out


def _on_board(engine: Engine[Any], st: State, pick: tuple[str, ...], target: str) -> RuleError | None:
    matches = _matches(st, pick, target)
    if matches:
        errors = []
        for move in matches:
            error = refusal(engine, st, move.action)
            if error is None:
                if move.dest == "raven" and target != "raven":  # the space of Ravenskeep, where it goes in
                    return RuleError("bt-tovenaar-in-raventoren", "why.into-raven")
                return None  # a move the engine plays: the board offers it
            errors.append(error)
        best = min(errors, key=lambda e: RANK.get(e.key, 5))
        if best.key == "refuse.card-kind" and not pick and st.phase == "play":  # every card in the hand
            return _no_card(target)
        return best
    return _reason(engine, st, pick, target)


def _no_card(target: str) -> RuleError:
    """No card in the hand moves this kind of piece: a wizard card moves a wizard, a tower card a tower."""
    kind = _kind(target)
    return RuleError("bt-eigen-tovenaar" if kind == "wizard" else "bt-toren-kiezen", "why.no-card", kind=kind)


def _kind(target: str) -> str:
    return "wizard" if target.startswith("wiz:") else "tower"


def _reason(engine: Engine[Any], st: State, pick: tuple[str, ...], target: str) -> RuleError | None:
    """The reason of its own where no single move applies."""
    means = pick[0] if pick and pick[0].startswith(("card:", "spell:")) else ""
    spell = means[6:] if means.startswith("spell:") else ""
    if spell in ("swap", "free", "raven"):
        return RuleError(SPELL_CLAUSE[spell], f"why.spell-{spell}", spell=spell)
    if target.startswith("wiz:"):
        error = _wizard_reason(st, target)
        if error is not None:
            return error
    if target == "raven" and not _piece_of(pick):
        return RuleError("bt-toren-kiezen", "why.raven")
    piece = _piece_of(pick)
    if target.startswith(("sp:", "raven")):
        return _space_reason(engine, st, pick, piece, means, target)
    if piece:  # another piece, once one is chosen
        return RuleError("bt-twee-acties", "why.one-piece")
    if spell:
        return RuleError(SPELL_CLAUSE[spell], "why.spell-not", spell=spell, kind=_kind(target))
    if st.phase == "pass-tower":  # a wizard: only a tower moves now
        return refusal(engine, st, f"move:wizard:{_wizard_space(st, target)}")
    if st.phase == "play":
        return _no_card(target)
    return _what_first(st, means)


def _space_reason(
    engine: Engine[Any], st: State, pick: tuple[str, ...], piece: str, means: str, target: str
) -> RuleError | None:
    """A space (or the raven tower) tapped: the chosen piece ends elsewhere; with nothing chosen, why the
    piece on it cannot move, or what to choose first."""
    if piece:
        return _ends_elsewhere(st, pick, piece, target)
    if not means:
        on_it = _piece_on(st, _space_of(st, target))
        if on_it is not None:
            answer = explain(engine, st, pick, on_it)
            if answer is not None:
                return answer
    return _what_first(st, means)


def _wizard_reason(st: State, target: str) -> RuleError | None:
    _wiz, colour, level = target.split(":")
    mover = st.mover_colour(_caster(st))
    if colour != mover:
        return RuleError("bt-eigen-tovenaar", "why.not-yours", owner=colour, colour=mover)
    above = _tower_above(st, level)
    if above:
        return RuleError("bt-eigen-tovenaar", "why.prisoner", tower=above)
    return None


def _tower_above(st: State, level: str) -> int:
    """The tower right above the wizards of ``level`` (``s<n>``, ``t<t>``), 0 when they are on top."""
    if level.startswith("s"):
        towers = st.space(int(level[1:])).towers
        return towers[0][0] if towers else 0
    number, index = find_tower(st, int(level[1:]))
    towers = st.space(number).towers
    return towers[index + 1][0] if index + 1 < len(towers) else 0


def _wizard_space(st: State, target: str) -> int:
    level = target.split(":")[2]
    return int(level[1:]) if level.startswith("s") else find_tower(st, int(level[1:]))[0]


def _piece_of(pick: tuple[str, ...]) -> str:
    """The piece chosen in ``pick`` ("" for none)."""
    return next((t for t in pick if t.startswith(("wiz:", "tw:"))), "")


def _piece_on(st: State, n: int) -> str | None:
    """The piece a tap on space ``n`` is most likely about: the mover's wizard there, else the top tower."""
    colour = st.mover_colour(_caster(st))
    space = st.space(n)
    if colour in space.top and n != st.raven_at:
        return f"wiz:{colour}:t{space.towers[-1][0]}" if space.towers else f"wiz:{colour}:s{n}"
    if space.towers:
        return f"tw:{space.towers[-1][0]}"
    return None


def _ends_elsewhere(st: State, pick: tuple[str, ...], piece: str, target: str) -> RuleError:
    """A space where the chosen piece does not end."""
    space = _space_of(st, target)
    kind = _kind(piece)
    means = pick[0] if pick[0] != piece else ""
    frm = _wizard_space(st, piece) if kind == "wizard" else find_tower(st, int(piece[3:]))[0]
    if means.startswith("card:"):
        code = means[5:]
        card = BY_CODE[code]
        steps = card.wizard_steps if kind == "wizard" else card.tower_steps
        return RuleError("bt-vast-getal", "why.card-ends", card=code, kind=kind, steps=steps, to=ring(frm + steps), space=space)
    if means.startswith("spell:"):
        name = means[6:]
        to = ring(frm + STEPS.get(name, 0))
        return RuleError(SPELL_CLAUSE[name], "why.spell-ends", spell=name, kind=kind, to=to, space=space)
    if st.phase == "choose" and st.pending is not None:
        roll = st.pending.roll
        return RuleError("bt-dobbelsteen-gooien", "why.roll-ends", roll=roll, kind=kind, to=ring(frm + roll), space=space)
    if st.phase == "pass-tower":
        return RuleError("bt-kaarten-wisselen", "why.pass-ends", to=ring(frm + 1), space=space)
    return RuleError("bt-vast-getal", "why.not-there", kind=kind, space=space)


def _what_first(st: State, means: str) -> RuleError:
    """What is tapped before a space: the piece (after a card or spell), else a card or a piece."""
    if means.startswith("card:"):
        return RuleError("bt-twee-acties", "why.card-piece-first", card=means[5:])
    if means.startswith("spell:"):
        name = means[6:]
        return RuleError(SPELL_CLAUSE[name], "why.spell-piece-first", spell=name)
    if st.phase == "choose" and st.pending is not None:
        return RuleError("bt-dobbelsteen-gooien", "why.choose-first", roll=st.pending.roll)
    if st.phase == "pass-tower":
        return RuleError("bt-kaarten-wisselen", "why.pass-tower-first")
    if st.phase == "offer":
        return RuleError("bt-meester-volgorde", "why.offer-first", colour=st.players[st.offer])
    return RuleError("bt-twee-acties", "why.pick-first")


__all__ = ["explain"]
