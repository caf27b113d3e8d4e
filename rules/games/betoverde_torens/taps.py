"""Moving by tapping the board (:mod:`rules.core.tapping`) in De Betoverde Torens.

Targets the board carries (``view.py``): ``sp:<n>`` (space 1-16), ``tw:<t>`` (tower 1-9),
``wiz:<colour>:s<n>`` (a wizard on the ground of space n), ``wiz:<colour>:t<t>`` (a wizard on
tower t), ``raven`` (the Raventoren) and ``fl:<colour>:<i>`` (a flask, for the editor only).
Off the board (buttons under it): ``card:<code>`` (a card in the hand), ``spell:<name>`` (an open
spell), ``cw``/``ccw`` (the Raventoren spell's direction), and one id per single-step action:
``roll:<n>``, ``draw:<code>``, ``set:<digits>`` (the open spells drawn: their numbers in
``cards.SPELLS``, from 1), ``none``, ``reroll``, ``pass``, ``keep`` (no tower step after
swapping cards), ``end``, ``ask``, ``give:<code>``, ``give:none``, ``return:<code>``, ``decline``.

The order is the player's: **card, then piece, then destination**. Tapping a card in the hand
lights up the wizards and towers it can move; tapping one lights up the one space where it ends
(or the Raventoren); tapping that plays the card ("OK" plays it too). A dice card plays at once when
tapped (the roll is chance); after the roll the pieces the roll can move light up, then their
destination. Spells go the same way: the spell, then the piece (or the two towers to swap, or the
direction), then the destination.

A player who looks at the board first may also start with the piece: every wizard and tower that
some card or spell can move lights up; tapping one lights up its destinations; tapping a
destination plays the move, or, when several cards or spells lead there, offers those as buttons.

Chance (the die, the card drawn with its odds, the open spells drawn) is a row of buttons in plain
words. Every
legal action can be tapped; none is list-only.
"""

from __future__ import annotations

from typing import Any

from rules.core.engine import Engine
from rules.core.tapping import PickError, Tap, TapOptions

from .cards import BY_CODE, INDEX, SPELLS
from .flow import legal_actions
from .labels import action_label, cap, card, cost, spell_name, tower_extra, wizard_of
from .state import State, find_tower, ring
from .words import WORDS

Path = tuple[str, ...]


def wizard_target(st: State, colour: str, n: int) -> str:
    """The target of a visible wizard of ``colour`` on space ``n`` (on the ground or the top tower)."""
    sp = st.space(n)
    return f"wiz:{colour}:t{sp.towers[-1][0]}" if sp.towers else f"wiz:{colour}:s{n}"


def spell_set_target(action: str) -> str:
    names = action.split(":", 1)[1].split("+")
    return "set:" + "".join(str(SPELLS.index(n) + 1) for n in names)


class _Paths:
    def __init__(self) -> None:
        self.paths: list[tuple[Path, str]] = []
        self.confirms: dict[Path, str] = {}
        self.by_piece: dict[tuple[str, str], list[tuple[str, str]]] = {}

    def move(self, means: str, piece: str, dest: str, action: str, piece_first: bool = True) -> None:
        if means:
            self.paths.append(((means, piece, dest), action))
            self.confirms[(means, piece)] = action
        else:
            self.paths.append(((piece, dest), action))
            self.confirms[(piece,)] = action
        if piece_first and means:
            self.by_piece.setdefault((piece, dest), []).append((means, action))

    def finish(self) -> None:
        for (piece, dest), options in self.by_piece.items():
            if len(options) == 1:
                self.paths.append(((piece, dest), options[0][1]))
            else:
                for means, action in options:
                    self.paths.append(((piece, dest, means), action))


def _wizard(st: State, colour: str, n: int, steps: int) -> tuple[str, str]:
    to = ring(n + steps)
    return wizard_target(st, colour, n), "raven" if to == st.raven_at else f"sp:{to}"


def _tower(st: State, t: int, steps: int) -> tuple[str, str]:
    frm, _ = find_tower(st, t)
    return f"tw:{t}", f"sp:{ring(frm + steps)}"


def paths_of(st: State, legal: list[str]) -> _Paths:
    out = _Paths()
    for action in legal:
        parts = action.split(":")
        head = parts[0]
        if head == "play":
            means = f"card:{parts[1]}"
            if len(parts) <= 3:  # a dice card (rolls first) or a card with which nothing can move
                out.paths.append(((means,), action))
                continue
            c = BY_CODE[parts[1]]
            if parts[2] == "wizard":
                piece, dest = _wizard(st, st.mover_colour(st.turn), int(parts[3]), c.wizard_steps)
            else:
                piece, dest = _tower(st, int(parts[3]), c.tower_steps)
            out.move(means, piece, dest, action)
        elif head == "move":
            assert st.pending is not None
            if parts[1] == "wizard":
                piece, dest = _wizard(st, st.mover_colour(st.turn), int(parts[2]), st.pending.roll)
            else:
                piece, dest = _tower(st, int(parts[2]), st.pending.roll)
            out.move("", piece, dest, action)
        elif head == "pass-tower":
            if parts[1] == "none":
                out.paths.append((("keep",), action))
            else:
                piece, dest = _tower(st, int(parts[1]), 1)
                out.move("", piece, dest, action)
        elif head == "spell":
            _spell(st, out, parts, action)
        elif head == "spells":
            out.paths.append(((spell_set_target(action),), action))
        else:  # roll:<n>, draw:<code>, give:..., return:..., pass, end, ask, decline, none, reroll
            out.paths.append(((action,), action))
    out.finish()
    return out


def _spell(st: State, out: _Paths, parts: list[str], action: str) -> None:
    name = parts[1]
    means = f"spell:{name}"
    caster = st.offer if st.master else st.turn
    if name in ("wizard-fwd", "wizard-back"):
        piece, dest = _wizard(st, st.mover_colour(caster), int(parts[2]), 1 if name == "wizard-fwd" else -1)
        out.move(means, piece, dest, action)
    elif name in ("tower-fwd", "tower-back"):
        piece, dest = _tower(st, int(parts[2]), 2 if name == "tower-fwd" else -2)
        out.move(means, piece, dest, action)
    elif name == "swap":
        a, b = parts[2].split(",")
        out.paths.append(((means, f"tw:{a}", f"tw:{b}"), action))
        out.paths.append(((means, f"tw:{b}", f"tw:{a}"), action))
    elif name == "raven":
        out.paths.append(((means, parts[2]), action))
    elif name == "free":
        out.paths.append(((means, f"tw:{parts[2]}"), action))
    else:  # lift
        out.paths.append(((means,), action))


def describe(st: State, target: str, lang: str | None) -> str:
    """A target that does not play an action by itself, in words."""
    kind, _, rest = target.partition(":")
    if kind == "card" and rest in BY_CODE:
        return cap(card(rest, lang))
    if kind == "spell" and rest in SPELLS:
        return WORDS.text("label", "spell", lang, name=spell_name(rest, lang), cost=cost(rest, lang))
    if kind == "wiz":
        colour, _, where = rest.partition(":")
        if where.startswith("t"):
            t = int(where[1:])
            return WORDS.text("label", "piece.wizard.tower", lang, Who=cap(wizard_of(colour, lang)), t=t, n=find_tower(st, t)[0])
        return WORDS.text("label", "piece.wizard", lang, Who=cap(wizard_of(colour, lang)), n=int(where[1:]))
    if kind == "tw":
        t = int(rest)
        return WORDS.text("label", "piece.tower", lang, t=t, n=find_tower(st, t)[0], extra=tower_extra(st, t, lang))
    if kind == "sp":
        return WORDS.text("label", "dest", lang, to=int(rest))
    if target == "raven":
        return WORDS.text("label", "dest.raven", lang)
    if target in ("cw", "ccw"):
        return cap(WORDS.text("label", target, lang))
    return target


def _status(st: State, pick: Path, taps: list[Tap], lang: str | None) -> str:
    if pick:
        return " → ".join(describe(st, t, lang) for t in pick)
    if st.phase == "choose" and st.pending is not None:
        return WORDS.text("label", "status.choose", lang, roll=st.pending.roll, card=card(st.pending.card, lang))
    if st.phase == "pass-tower":
        return WORDS.text("label", "status.pass-tower", lang)
    if st.phase == "play" and any(t.target.startswith(("wiz:", "tw:")) for t in taps):
        return WORDS.text("label", "status.play", lang)
    return ""


def _draw_label(st: State, action: str, label: str, lang: str | None) -> str:
    """A card drawn, with its odds: how many of the cards it is drawn from are of that kind."""
    pile = st.deck if sum(st.deck) else st.discard
    return WORDS.text("label", "odds", lang, label=label, k=pile[INDEX[action[5:]]], n=sum(pile))


def tap(engine: Engine[Any], state: Any, pick: tuple[str, ...], *, lang: str | None = None) -> TapOptions:
    st: State = state
    pick = tuple(pick)
    legal = legal_actions(st)
    if not legal:
        if pick:
            raise PickError("the game is over")
        return TapOptions()
    found = paths_of(st, legal)
    n = len(pick)
    nexts: dict[str, list[tuple[str, bool]]] = {}
    confirm = found.confirms.get(pick) if n else None
    for path, action in found.paths:
        if path[:n] != pick:
            continue
        if len(path) > n:
            nexts.setdefault(path[n], []).append((action, len(path) == n + 1))
        elif n and confirm is None:
            confirm = action  # a whole action (its last tap plays it at once; the page never keeps this pick)
    if n and not nexts and confirm is None:
        raise PickError("this cannot be tapped here")
    taps = []
    for target, entries in nexts.items():
        plays = entries[0][0] if len(entries) == 1 and entries[0][1] else None
        label = action_label(engine, st, plays, lang=lang) if plays else describe(st, target, lang)
        if plays and plays.startswith("draw:"):
            label = _draw_label(st, plays, label, lang)
        taps.append(Tap(target, label, plays))
    return TapOptions(tuple(taps), confirm, _status(st, pick, taps, lang), pick)
