"""The position editor of De Betoverde Torens (:mod:`rules.core.editor`).

Every wizard is on the ring or in the Raventoren, so the editor counts the Raventoren's wizards
itself: a wizard put on the board comes out of the Raventoren, a wizard taken off goes into it.
The blank board is therefore the nine towers on their start spaces (bt-opbouw) and every wizard in
the Raventoren; the player puts on the board the wizards that stand there at the table.

Targets (the board's shapes, ``view.py``): ``sp:<n>`` the ground of space n, ``tw:<t>`` tower t,
``wiz:<colour>:s<n>`` / ``wiz:<colour>:t<t>`` a wizard on that level, ``raven`` the Raventoren,
``fl:<colour>:<i>`` a player's i-th flask.

Tools:

- ``move``: tap a wizard, a tower (it takes everything above it along, as in bt-toren-uit-stapel)
  or the Raventoren; the tool becomes ``drop:wiz:<colour>:<level>``, ``drop:tw:<t>`` or
  ``drop:raven``; tap the new place (a space's ground, a tower, a wizard's level; the Raventoren
  for a wizard going in). A tower goes on top of the stack of the space tapped.
- ``wiz:<colour>``: a wizard of that colour out of the Raventoren onto the level tapped (a space's
  ground, a tower, the level of a wizard tapped).
- ``raven``: the Raventoren onto the space tapped (on top of its stack).
- ``empty``: the wizard tapped (or every wizard of the level tapped) goes into the Raventoren.
- ``flask:filled``, ``flask:empty``, ``flask:spent``: the flask tapped.

Fields: whose turn, cards played this turn, the point in the turn (playing cards, the tower step
after swapping cards; with teams the card exchange; with the master wizards whom a spell is offered,
before or after the action), spell already cast (not with the master wizards or simple solo), the
dice card in play with its roll and rerolls left, the end rung, card already asked (teams), wizards
per player, the open spells (master wizards, solo with flasks), and every card of every hand (three
slots each; the deck is what is left, taking back from the discard pile when needed).

The editor's own refusals (reason in nl/de/en, the clause cited): more than 6 wizards on a level
(bt-maximaal-zes-tovenaars), a tower onto the Raventoren's space (bt-niet-op-raventoren), a visible
wizard on the Raventoren's space (bt-tovenaar-landen), the Raventoren onto wizards, onto the ground
of a space without raven emblem or onto a tower without raven shield (bt-raventoren-verplaatsen), a
colour's wizards all on the board already (bt-tovenaars-en-flesjes), more cards than there are
(bt-verplaatsingskaarten), a dice card with more rerolls than it has dice (bt-dobbelsteen-herwerpen)
or without an action left (bt-twee-acties), the tower step after swapping once a card was played
(bt-kaarten-wisselen), the end rung while nobody meets both conditions (bt-einde-spel). The engine's
``state_from_position`` judges everything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core.editor import EditError, Field, FormEditor, PaletteItem, SeatField, numbers
from rules.core.engine import Engine
from rules.core.inputs import is_digits

from . import position as positions
from .cards import BY_CODE, CODES, FULL_DECK, INDEX, SPELLS
from .flow import limit, qualifies
from .labels import cap, card, colour, spell_name, wizard_of
from .moves import MAX_WIZARDS
from .state import RAVEN_SPACES, RING, SHIELDS, TABLE, Flasks, Pending, Space, State, evolve, find_tower
from .view import flask_states
from .words import WORDS

Level = tuple[str, int]  # ("s", n): the ground of space n; ("t", t): on tower t

FLASK_STATES = ("filled", "empty", "spent")
DICE = tuple(c for c in CODES if BY_CODE[c].dice)


# The clause each refusal cites.
CLAUSES = {
    "six": "bt-maximaal-zes-tovenaars",
    "tower-raven": "bt-niet-op-raventoren",
    "wizard-raven": "bt-tovenaar-landen",
    "raven-wizards": "bt-raventoren-verplaatsen",
    "raven-ground": "bt-raventoren-verplaatsen",
    "raven-shield": "bt-raventoren-verplaatsen",
    "none-left": "bt-tovenaars-en-flesjes",
    "into-raven": "bt-tovenaar-in-raventoren",
    "cards": "bt-verplaatsingskaarten",
    "rerolls": "bt-dobbelsteen-herwerpen",
    "no-action": "bt-twee-acties",
    "die-phase": "bt-dobbelsteen-gooien",
    "pass-late": "bt-kaarten-wisselen",
    "ending": "bt-einde-spel",
    "each-low": "bt-tovenaars-en-flesjes",
}


class Refusal(EditError):
    """An edit refused by the editor's own rules; ``key`` names the rule, ``clause`` cites it."""

    def __init__(self, key: str, lang: str | None, **data: Any):
        self.key = key
        self.clause = CLAUSES.get(key, "")
        super().__init__(WORDS.text("editor", key, lang, clause=self.clause, **data))


def t(key: str, lang: str | None, **data: Any) -> str:
    return WORDS.text("editor", key, lang, **data)


# -- reading and writing ---------------------------------------------------------------------------


def write(st: State) -> dict[str, Any]:
    return positions.write(st)


def on_ring(st: State) -> dict[str, int]:
    counts = dict.fromkeys(st.players, 0)
    for space in st.spaces:
        for level in (space.ground, *(w for _t, w in space.towers)):
            for c in level:
                counts[c] = counts.get(c, 0) + 1
    return counts


def with_inside(st: State) -> State:
    """Every wizard that is not on the ring is in the Raventoren."""
    counts = on_ring(st)
    raven = tuple(sorted((c, st.wizards_each - counts[c]) for c in st.players if st.wizards_each > counts[c]))
    return evolve(st, raven=raven)


# -- levels ----------------------------------------------------------------------------------------


def _int(text: str, low: int, high: int) -> int | None:
    return int(text) if is_digits(text, 2) and low <= int(text) <= high else None


def parse_level(text: str) -> Level | None:
    kind, number = text[:1], text[1:]
    if kind == "s":
        n = _int(number, 1, RING)
    elif kind == "t":
        n = _int(number, 1, 9)
    else:
        return None
    return (kind, n) if n is not None else None


def parse_target(st: State, target: str) -> tuple[str, Level | None, str]:
    """(kind, level, colour) of a board target: kind is space, tower, wizard, raven, flask or ''."""
    parts = target.split(":")
    if parts[0] == "sp" and len(parts) == 2 and (n := _int(parts[1], 1, RING)) is not None:
        return "space", ("s", n), ""
    if parts[0] == "tw" and len(parts) == 2 and (n := _int(parts[1], 1, 9)) is not None:
        return "tower", ("t", n), ""
    if parts[0] == "wiz" and len(parts) == 3 and parts[1] in st.players:
        level = parse_level(parts[2])
        if level is not None:
            return "wizard", level, parts[1]
    if target == "raven":
        return "raven", None, ""
    if parts[0] == "fl" and len(parts) == 3 and parts[1] in st.players:
        return "flask", None, parts[1]
    return "", None, ""


def space_of(st: State, level: Level) -> int:
    return level[1] if level[0] == "s" else find_tower(st, level[1])[0]


def wizards_at(st: State, level: Level) -> tuple[str, ...]:
    if level[0] == "s":
        return st.space(level[1]).ground
    n, i = find_tower(st, level[1])
    return st.space(n).towers[i][1]


def is_top(st: State, level: Level) -> bool:
    space = st.space(space_of(st, level))
    if level[0] == "s":
        return not space.towers
    return space.towers[-1][0] == level[1]


def set_level(st: State, level: Level, wizards: tuple[str, ...]) -> State:
    wizards = tuple(sorted(wizards))
    n = space_of(st, level)
    space = st.space(n)
    if level[0] == "s":
        new = Space(wizards, space.towers)
    else:
        towers = tuple((tid, wizards if tid == level[1] else w) for tid, w in space.towers)
        new = Space(space.ground, towers)
    spaces = list(st.spaces)
    spaces[n - 1] = new
    return evolve(st, spaces=tuple(spaces))


def add_wizard(st: State, level: Level, c: str, lang: str | None, from_raven: bool = True) -> State:
    here = wizards_at(st, level)
    if is_top(st, level) and space_of(st, level) == st.raven_at:
        raise Refusal("wizard-raven", lang)
    if len(here) >= MAX_WIZARDS:
        raise Refusal("six", lang, max=MAX_WIZARDS)
    if from_raven and on_ring(st)[c] >= st.wizards_each:
        raise Refusal("none-left", lang, k=st.wizards_each, who=colour(c, lang))
    return set_level(st, level, (*here, c))


def remove_wizard(st: State, level: Level, c: str, lang: str | None) -> State:
    here = list(wizards_at(st, level))
    if c not in here:
        raise Refusal("gone", lang)
    here.remove(c)
    return set_level(st, level, tuple(here))


def move_tower(st: State, tower: int, to: int, lang: str | None) -> State:
    """Tower ``tower`` with everything above it (and the Raventoren on top) onto the stack of ``to``."""
    frm, index = find_tower(st, tower)
    if to == frm:
        return st
    if to == st.raven_at:
        raise Refusal("tower-raven", lang)
    origin, dest = st.space(frm), st.space(to)
    part = origin.towers[index:]
    spaces = list(st.spaces)
    spaces[frm - 1] = Space(origin.ground, origin.towers[:index])
    spaces[to - 1] = Space(dest.ground, dest.towers + part)
    return evolve(st, spaces=tuple(spaces), raven_at=to if st.raven_at == frm else st.raven_at)


def place_raven(st: State, to: int, lang: str | None) -> State:
    if to == st.raven_at:
        return st
    space = st.space(to)
    if space.top:
        raise Refusal("raven-wizards", lang)
    if not space.towers and to not in RAVEN_SPACES:
        raise Refusal("raven-ground", lang)
    if space.towers and space.towers[-1][0] not in SHIELDS:
        raise Refusal("raven-shield", lang)
    return evolve(st, raven_at=to)


def set_flask(st: State, c: str, index_text: str, new: str) -> State | None:
    i = st.players.index(c)
    f = st.flasks[i]
    states = flask_states(f.filled, f.empty, f.spent)
    k = _int(index_text, 1, len(states))
    if k is None:
        return None
    counts = {"filled": f.filled, "empty": f.empty, "spent": f.spent}
    counts[states[k - 1]] -= 1
    counts[new] += 1
    flasks = list(st.flasks)
    flasks[i] = Flasks(counts["empty"], counts["filled"], counts["spent"])
    return evolve(st, flasks=tuple(flasks))


def check_end(st: State, lang: str | None) -> None:
    if st.ending and st.phase != "over" and not any(qualifies(st, i) for i in range(len(st.players))):
        raise Refusal("ending", lang)


# -- the editor ------------------------------------------------------------------------------------


# -- the form ----------------------------------------------------------------------------------------

Tap = tuple[str, Level | None, str, str]  # a target read: (kind, level, colour, the target)


def _yes_no(st: State, lang: str) -> tuple[tuple[str, str], ...]:
    return ("no", t("no", lang)), ("yes", t("yes", lang))


def _flag(value: bool) -> str:
    return "yes" if value else "no"


def _set_each(st: State, value: str, lang: str) -> State:
    counts = on_ring(st)
    for c in st.players:
        if counts[c] > int(value):
            raise Refusal("each-low", lang, who=colour(c, lang), k=counts[c])
    return evolve(st, wizards_each=int(value))


def _each_choices(st: State, lang: str) -> tuple[tuple[str, str], ...]:
    rules = TABLE[len(st.players)][0]
    top = 18 // len(st.players)
    return tuple((str(k), t("f.wizards_each.rules", lang, k=k) if k == rules else str(k)) for k in range(1, top + 1))


def _spell_field(name: str) -> Field[State]:
    """An open spell (master wizards, solo with flasks)."""

    def set_spell(st: State, value: str, lang: str) -> State:
        wanted = (set(st.spells) - {name}) | ({name} if value == "yes" else set())
        return evolve(st, spells=tuple(s for s in SPELLS if s in wanted))

    return Field(f"spell_{name}", lambda st, lang: t("f.spell", lang, name=spell_name(name, lang)), _yes_no,
                 get=lambda st: _flag(name in st.spells), set=set_spell,
                 shown=lambda st: st.master or st.variant == "solo-flasks")


def _set_filled(st: State, i: int, value: str, lang: str) -> State:
    """A player's filled flasks as the field says (0 up to those not spent); the rest empty."""
    f = st.flasks[i]
    flasks = list(st.flasks)
    flasks[i] = Flasks(f.filled + f.empty - int(value), int(value), f.spent)
    return evolve(st, flasks=tuple(flasks))


def _hand_field(slot: int) -> SeatField[State]:
    """The card in a slot of each hand (three slots, four while cards are exchanged); the deck is what
    is left (settle)."""
    return SeatField(f"hand_{{seat}}_{slot}", "f.hand",
                     lambda st, i, lang: (("-", t("f.hand.none", lang)), *((c, cap(card(c, lang))) for c in CODES)),
                     get=lambda st, i: st.hands[i][slot - 1] if slot <= len(st.hands[i]) else "-",
                     shown=lambda st, i: slot <= max(3, len(st.hands[i])), data={"i": slot})


FORM: tuple[Field[State] | SeatField[State], ...] = (
    Field("player", "f.player", lambda st, lang: ((c, colour(c, lang)) for c in st.players), get=lambda st: st.active,
          set=lambda st, v, lang: evolve(st, turn=st.players.index(v))),
    Field("actions", "f.actions",
          lambda st, lang: ((str(a), t("f.actions.value", lang, a=a, left=limit(st) - a)) for a in range(limit(st) + 1)),
          get=lambda st: st.actions, set=lambda st, v, lang: evolve(st, actions=int(v))),
    # the point in the turn with the dice card in play: settle()
    Field("phase", "f.phase", lambda st, lang: _phases(st, lang), get=lambda st: _phase_value(st)),
    Field("spell_used", "f.spell_used", _yes_no, get=lambda st: _flag(st.spell_used),
          set=lambda st, v, lang: evolve(st, spell_used=v == "yes"), shown=lambda st: st.variant != "solo" and not st.master),
    Field("die", "f.die", lambda st, lang: (("none", t("f.die.none", lang)), *((c, cap(card(c, lang))) for c in DICE)),
          get=lambda st: st.pending.card if st.pending else "none"),
    Field("roll", "f.roll", lambda st, lang: (("0", t("f.roll.none", lang)), *((str(k), str(k)) for k in range(1, 7))),
          get=lambda st: st.pending.roll if st.pending else 0),
    Field("rerolls", "f.rerolls", lambda st, lang: ((str(k), t("f.rerolls.value", lang, k=k)) for k in range(3)),
          get=lambda st: st.pending.rolls_left if st.pending else 0),
    Field("ending", "f.ending", _yes_no, get=lambda st: _flag(st.ending),
          set=lambda st, v, lang: evolve(st, ending=v == "yes")),
    Field("asked", "f.asked", _yes_no, get=lambda st: _flag(st.asked), set=lambda st, v, lang: evolve(st, asked=v == "yes"),
          shown=lambda st: bool(st.teams)),
    Field("wizards_each", "f.wizards_each", _each_choices, get=lambda st: st.wizards_each, set=_set_each),
    *(_spell_field(name) for name in SPELLS),
    # a player's filled flasks with one control (reviews-ux N5); the flasks spent on spells stay
    SeatField("filled_{seat}", "f.filled", lambda st, i, lang: numbers(0, st.flasks[i].filled + st.flasks[i].empty),
              get=lambda st, i: st.flasks[i].filled, set=_set_filled, shown=lambda st, i: st.flasks[i].total > 0),
    *(_hand_field(slot) for slot in range(1, 5)),
)


class BetoverdeTorensEditor(FormEditor[State, Tap]):
    form = FORM
    seat_word = "who"

    def encode(self, engine: Engine[Any], st: State) -> dict[str, Any]:
        return write(st)

    def text(self, key: str, lang: str, **data: Any) -> str:
        return t(key, lang, **data)

    def seats(self, st: State) -> tuple[str, ...]:
        return st.players

    def seat_name(self, seat: str, lang: str) -> str:
        return colour(seat, lang)

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        st = self.decode(engine, position)
        spaces = [Space() for _ in range(RING)]
        for tower in range(1, 10):  # bt-opbouw: towers 1-9 on spaces 2-10
            spaces[tower] = Space((), ((tower, ()),))
        flasks = positions.flasks_each(st.variant, len(st.players))
        blank = State(
            players=st.players,
            variant=st.variant,
            wizards_each=st.wizards_each,
            spaces=tuple(spaces),
            raven_at=1,
            raven=(),
            flasks=tuple(Flasks(flasks, 0, 0) for _ in st.players),
            spells=st.spells,
            hands=tuple(() for _ in st.players),
            deck=FULL_DECK,
            discard=tuple(0 for _ in FULL_DECK),
            teams=st.teams,
            master=st.master,
        )
        return write(with_inside(blank))

    def tools(self, st: State, lang: str) -> list[PaletteItem]:
        g_move, g_wiz = t("g.move", lang), t("g.wizards", lang)
        items = [PaletteItem("move", t("move", lang), glyph="↔", group=g_move)]
        items.append(PaletteItem("raven", t("raven", lang), css="bt-raven-chip", glyph="R", group=g_move))
        items.append(PaletteItem("empty", t("empty", lang), glyph="×", group=g_move))
        counts = on_ring(st)
        for c in st.players:
            label = t("wiz", lang, Who=cap(wizard_of(c, lang)), k=st.wizards_each - counts[c])
            items.append(PaletteItem(f"wiz:{c}", label, css=f"bt-{c}", group=g_wiz))
        if any(f.total for f in st.flasks):
            g_fl = t("g.flasks", lang)
            for state, glyph in zip(FLASK_STATES, ("●", "○", "×"), strict=True):
                items.append(PaletteItem(f"flask:{state}", t(f"flask:{state}", lang), glyph=glyph, group=g_fl))
        return items

    def held_item(self, st: State, tool: str, lang: str) -> PaletteItem | None:
        dropping = _drop_label(st, tool, lang)
        return PaletteItem(tool, dropping, glyph="↓", group=t("g.move", lang)) if dropping else None

    def settle(
        self, engine: Engine[Any], st: State, values: Mapping[str, str], changed: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        st = _set_hands(_set_phase(st, values, lang), values, lang)
        return self.after_tap(engine, st, lang)

    # -- tapping the board ---------------------------------------------------------------------------

    def target(self, st: State, target: str, lang: str) -> Tap:
        kind, level, c = parse_target(st, target)
        if not kind:
            raise Refusal("not-here", lang)
        return kind, level, c, target

    def pick_up(self, st: State, at: Tap, lang: str) -> str:
        kind, level, c, _target = at
        if kind == "wizard" and level is not None:
            if c not in wizards_at(st, level):
                raise Refusal("gone", lang)
            return f"wiz:{c}:{level[0]}{level[1]}"
        if kind == "tower" and level is not None:
            return f"tw:{level[1]}"
        if kind == "raven":
            return "raven"
        raise Refusal("pick-piece", lang)

    def drop(self, st: State, held: str, at: Tap, lang: str) -> State:
        return _drop(st, held.split(":"), at[0], at[1], lang)

    def empty(self, st: State, at: Tap, lang: str) -> State:
        kind, level, c, _target = at
        if kind == "raven":
            raise Refusal("out-of-raven", lang)
        if level is None:
            raise Refusal("not-here", lang)
        return remove_wizard(st, level, c, lang) if kind == "wizard" else set_level(st, level, ())

    def put(self, st: State, tool: str, at: Tap, lang: str) -> State:
        kind, level, c, target = at
        name, _, arg = tool.partition(":")
        if tool == "raven" or (name == "wiz" and arg in st.players):
            if kind == "raven" and tool != "raven":
                raise Refusal("into-raven", lang)
            if level is None:
                raise Refusal("not-here", lang)
            return place_raven(st, space_of(st, level), lang) if tool == "raven" else add_wizard(st, level, arg, lang)
        if name == "flask" and arg in FLASK_STATES:
            changed = set_flask(st, c, target.split(":")[2], arg) if kind == "flask" else None
            if changed is None:
                raise Refusal("not-here", lang)
            return changed
        raise Refusal("unknown-tool", lang)

    def after_tap(self, engine: Engine[Any], st: State, lang: str) -> dict[str, Any]:
        st = with_inside(st)
        check_end(st, lang)
        return write(st)


def _drop(st: State, what: list[str], kind: str, level: Level | None, lang: str | None) -> State:
    """Put down what the move tool picked up (``what``: ``wiz, colour, level`` / ``tw, t`` / ``raven``)."""
    if what[:1] == ["wiz"] and len(what) == 3 and what[1] in st.players:
        return _drop_wizard(st, what[1], what[2], kind, level, lang)
    if what[:1] == ["tw"] and len(what) == 2 and (tower := _int(what[1], 1, 9)) is not None:
        if kind == "raven":
            raise Refusal("tower-raven", lang)
        if level is None:
            raise Refusal("not-here", lang)
        return move_tower(st, tower, space_of(st, level), lang)
    if what == ["raven"]:
        if level is None:
            raise Refusal("not-here", lang)
        return place_raven(st, space_of(st, level), lang)
    raise Refusal("unknown-tool", lang)


def _drop_wizard(st: State, c: str, origin_text: str, kind: str, level: Level | None, lang: str | None) -> State:
    origin = parse_level(origin_text)
    if origin is None:
        raise Refusal("unknown-tool", lang)
    if kind == "raven":
        return remove_wizard(st, origin, c, lang)
    if level is None:
        raise Refusal("not-here", lang)
    if level == origin:
        return st
    return add_wizard(remove_wizard(st, origin, c, lang), level, c, lang, from_raven=False)


def _drop_label(st: State, tool: str, lang: str | None) -> str:
    parts = tool.split(":")
    if parts[0] != "drop":
        return ""
    if parts[1:2] == ["wiz"] and len(parts) == 4 and parts[2] in st.players:
        level = parse_level(parts[3])
        if level is None:
            return ""
        what = t("drop.wizard", lang, who=wizard_of(parts[2], lang), n=space_of(st, level))
    elif parts[1:2] == ["tw"] and len(parts) == 3 and (tower := _int(parts[2], 1, 9)) is not None:
        what = t("drop.tower", lang, t=tower)
    elif parts[1:] == ["raven"]:
        what = t("drop.raven", lang)
    else:
        return ""
    return t("drop", lang, what=what)


def _phases(st: State, lang: str | None) -> tuple[tuple[str, str], ...]:
    out = [("play", t("p.play", lang)), ("pass-tower", t("p.pass-tower", lang))]
    if st.teams:
        out += [("ask", t("p.ask", lang)), ("return", t("p.return", lang))]
    if st.master:
        for window in ("before", "after"):
            out += [(f"offer-{window}-{c}", t(f"p.offer-{window}", lang, who=colour(c, lang))) for c in st.players]
    if st.phase in ("draw", "deal", "spells", "over"):
        out.append((st.phase, t(f"p.{st.phase}", lang)))
    return tuple(out)


def _phase_value(st: State) -> str:
    if st.phase in ("roll", "choose"):
        return "play"
    if st.phase == "offer":
        return f"offer-{st.window}-{st.players[st.offer]}"
    return st.phase


def _set_phase(st: State, v: Mapping[str, str], lang: str | None) -> State:
    phase = v["phase"]
    pending = _pending(st, v, lang)
    window, offer = "", 0
    last_move = st.last_move
    if phase == "play":
        phase = ("choose" if pending.roll else "roll") if pending else "play"
    elif phase == "pass-tower" and st.actions:
        raise Refusal("pass-late", lang)
    elif phase.startswith("offer-"):
        _o, window, who = phase.split("-", 2)
        offer = st.players.index(who)
        phase = "offer"
    if not (phase == "offer" and window == "after"):
        last_move = (0, 0, False)
    return evolve(
        st,
        phase=phase,
        pending=pending,
        window=window,
        offer=offer,
        last_move=last_move,
        passing=st.passing and phase == "draw",
    )


def _pending(st: State, v: Mapping[str, str], lang: str | None) -> Pending | None:
    """The dice card in play with its roll and rerolls left (fields die, roll, rerolls)."""
    die = v["die"]
    if die not in BY_CODE:
        return None
    dice = BY_CODE[die].dice
    rerolls = int(v["rerolls"])
    if rerolls > dice - 1:
        raise Refusal("rerolls", lang, card=card(die, lang), k=dice - 1)
    if v["phase"] != "play":
        raise Refusal("die-phase", lang)
    if st.actions >= limit(st):
        raise Refusal("no-action", lang)
    return Pending(die, int(v["roll"]), rerolls)


def _set_hands(st: State, v: Mapping[str, str], lang: str | None) -> State:
    hands = []
    used = [0] * len(CODES)
    for c, hand in zip(st.players, st.hands, strict=True):
        new = []
        for i in range(max(3, len(hand))):
            code = v.get(f"hand_{c}_{i + 1}", "-")
            if code in BY_CODE:
                new.append(code)
                used[INDEX[code]] += 1
        hands.append(tuple(sorted(new, key=INDEX.__getitem__)))
    if st.pending is not None:
        used[INDEX[st.pending.card]] += 1
    deck, discard = list(st.deck), list(st.discard)
    for i, code in enumerate(CODES):
        if used[i] > FULL_DECK[i]:
            raise Refusal("cards", lang, n=FULL_DECK[i], card=card(code, lang))
        discard[i] = min(discard[i], FULL_DECK[i] - used[i])
        deck[i] = FULL_DECK[i] - used[i] - discard[i]
    return evolve(st, hands=tuple(hands), deck=tuple(deck), discard=tuple(discard))


EDITOR = BetoverdeTorensEditor()
