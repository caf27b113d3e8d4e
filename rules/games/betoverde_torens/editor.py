"""The position editor of De Betoverde Torens (:mod:`rules.core.editor`).

Every wizard is on the ring or in the Raventoren, so the editor counts the Raventoren's wizards
itself: a wizard put on the board comes out of the Raventoren, a wizard taken off goes into it.
The blank board is therefore the nine towers on their start spaces (bt-opbouw) and every wizard in
the Raventoren; the player puts on the board the wizards that stand there at the table.

Targets (the board's shapes, ``view.py``): ``sp:<n>`` the ground of space n, ``tw:<t>`` tower t,
``wiz:<colour>:s<n>`` / ``wiz:<colour>:t<t>`` a wizard on that level, ``raven`` the Raventoren,
``fl:<colour>:<i>`` a player's i-th flask.

Tools (``TOOLBOX``, each declared with what a tap does): ``move`` (a wizard, a tower with everything
above it as in bt-toren-uit-stapel, or the Raventoren; ``drop:wiz:<colour>:<level>``, ``drop:tw:<t>``,
``drop:raven`` in between), ``wiz:<colour>`` (a wizard out of the Raventoren onto the level
tapped), ``raven`` (the Raventoren on top of the stack tapped), ``empty`` (the wizard, or every
wizard of the level, into the Raventoren), ``flask:filled`` / ``flask:empty`` / ``flask:spent``.

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

from rules.core.editor import YES_NO, EditError, Field, FormEditor, PaletteItem, SeatField, Tool, numbers
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
Tap = tuple[str, Level | None, str, str]  # a target read: (kind, level, colour, the target)

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


def set_flask(st: State, at: Tap, new: str, lang: str) -> State:
    """The flask tapped (``fl:<colour>:<i>``) becomes filled, empty or spent."""
    kind, _level, c, target = at
    i = st.players.index(c) if kind == "flask" else 0
    f = st.flasks[i]
    states = flask_states(f.filled, f.empty, f.spent)
    k = _int(target.split(":")[2], 1, len(states)) if kind == "flask" else None
    if k is None:
        raise Refusal("not-here", lang)
    counts = {"filled": f.filled, "empty": f.empty, "spent": f.spent}
    counts[states[k - 1]] -= 1
    counts[new] += 1
    flasks = list(st.flasks)
    flasks[i] = Flasks(counts["empty"], counts["filled"], counts["spent"])
    return evolve(st, flasks=tuple(flasks))


def check_end(st: State, lang: str | None) -> None:
    if st.ending and st.phase != "over" and not any(qualifies(st, i) for i in range(len(st.players))):
        raise Refusal("ending", lang)


# -- the form ----------------------------------------------------------------------------------------


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

    return Field(f"spell_{name}", lambda st, lang: t("f.spell", lang, name=spell_name(name, lang)), YES_NO,
                 get=lambda st: name in st.spells, set=set_spell, shown=lambda st: st.master or st.variant == "solo-flasks")


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
    Field("spell_used", "f.spell_used", YES_NO, get=lambda st: st.spell_used,
          set=lambda st, v, lang: evolve(st, spell_used=v == "yes"), shown=lambda st: st.variant != "solo" and not st.master),
    Field("die", "f.die", lambda st, lang: (("none", t("f.die.none", lang)), *((c, cap(card(c, lang))) for c in DICE)),
          get=lambda st: st.pending.card if st.pending else "none"),
    Field("roll", "f.roll", lambda st, lang: (("0", t("f.roll.none", lang)), *((str(k), str(k)) for k in range(1, 7))),
          get=lambda st: st.pending.roll if st.pending else 0),
    Field("rerolls", "f.rerolls", lambda st, lang: ((str(k), t("f.rerolls.value", lang, k=k)) for k in range(3)),
          get=lambda st: st.pending.rolls_left if st.pending else 0),
    Field("ending", "f.ending", YES_NO, get=lambda st: st.ending, set=lambda st, v, lang: evolve(st, ending=v == "yes")),
    Field("asked", "f.asked", YES_NO, get=lambda st: st.asked, set=lambda st, v, lang: evolve(st, asked=v == "yes"),
          shown=lambda st: bool(st.teams)),
    Field("wizards_each", "f.wizards_each", _each_choices, get=lambda st: st.wizards_each, set=_set_each),
    *(_spell_field(name) for name in SPELLS),
    # a player's filled flasks with one control (reviews-ux N5); the flasks spent on spells stay
    SeatField("filled_{seat}", "f.filled", lambda st, i, lang: numbers(0, st.flasks[i].filled + st.flasks[i].empty),
              get=lambda st, i: st.flasks[i].filled, set=_set_filled, shown=lambda st, i: st.flasks[i].total > 0),
    *(_hand_field(slot) for slot in range(1, 5)),
)


# -- the palette: what each tool does at a target ---------------------------------------------------------


def _on_level(at: Tap, lang: str) -> Level:
    """The level tapped (a space's ground, a tower, a wizard's level)."""
    if at[1] is None:
        raise Refusal("not-here", lang)
    return at[1]


def _put_wizard(st: State, c: str, at: Tap, lang: str) -> State:
    if at[0] == "raven":
        raise Refusal("into-raven", lang)
    return add_wizard(st, _on_level(at, lang), c, lang)


def _wizard_tool(c: str) -> Tool[State, Tap]:
    def label(st: State, lang: str) -> str:
        return t("wiz", lang, Who=cap(wizard_of(c, lang)), k=st.wizards_each - on_ring(st)[c])

    return Tool(f"wiz:{c}", label, lambda st, at, lang: _put_wizard(st, c, at, lang), f"bt-{c}", group="g.wizards")


TOOLBOX: tuple[Tool[State, Tap], ...] = (
    Tool("move", "move", glyph="↔", group="g.move"),
    Tool("raven", "raven", lambda st, at, lang: place_raven(st, space_of(st, _on_level(at, lang)), lang),
         "bt-raven-chip", "R", "g.move"),
    Tool("empty", "empty", glyph="×", group="g.move"),
)
def _flask_tool(new: str, glyph: str) -> Tool[State, Tap]:
    return Tool(f"flask:{new}", f"flask:{new}", lambda st, at, lang: set_flask(st, at, new, lang), glyph=glyph,
                group="g.flasks", shown=lambda st: any(f.total for f in st.flasks))


FLASK_TOOLS = tuple(_flask_tool(new, glyph) for new, glyph in zip(FLASK_STATES, ("●", "○", "×"), strict=True))


class BetoverdeTorensEditor(FormEditor[State, Tap]):
    form = FORM
    seat_word = "who"
    words = WORDS
    refusal_table = "editor"
    unknown_tool = "unknown-tool"

    def refuse(self, key: str, lang: str, **data: Any) -> EditError:
        return Refusal(key, lang, **data)

    def encode(self, engine: Engine[Any], st: State) -> dict[str, Any]:
        return positions.write(st)

    def seats(self, st: State) -> tuple[str, ...]:
        return st.players

    def seat_name(self, seat: str, lang: str) -> str:
        return colour(seat, lang)

    def declared_tools(self, st: State) -> tuple[Tool[State, Tap], ...]:
        return (*TOOLBOX, *(_wizard_tool(c) for c in st.players), *FLASK_TOOLS)

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        st = self.decode(engine, position)
        spaces = [Space() for _ in range(RING)]
        for tower in range(1, 10):  # bt-opbouw: towers 1-9 on spaces 2-10
            spaces[tower] = Space((), ((tower, ()),))
        flasks = positions.flasks_each(st.variant, len(st.players))
        blank = State(
            players=st.players, variant=st.variant, wizards_each=st.wizards_each, spaces=tuple(spaces), raven_at=1,
            raven=(), flasks=tuple(Flasks(flasks, 0, 0) for _ in st.players), spells=st.spells,
            hands=tuple(() for _ in st.players), deck=FULL_DECK, discard=tuple(0 for _ in FULL_DECK), teams=st.teams,
            master=st.master,
        )
        return positions.write(with_inside(blank))

    def held_item(self, st: State, tool: str, lang: str) -> PaletteItem | None:
        kind, level, c = parse_target(st, tool[5:])
        if kind == "wizard" and level is not None:
            what = t("drop.wizard", lang, who=wizard_of(c, lang), n=space_of(st, level))
        elif kind in ("tower", "raven"):
            what = t(f"drop.{kind}", lang, t=level[1] if level else 0)
        else:
            return None
        return PaletteItem(tool, t("drop", lang, what=what), glyph="↓", group=t("g.move", lang))

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
        """Put down what "move" picked up (a wizard, a tower with everything above it, the Raventoren)."""
        kind, origin, c = parse_target(st, held)
        if kind == "wizard" and origin is not None:
            if at[0] == "raven":
                return remove_wizard(st, origin, c, lang)
            level = _on_level(at, lang)
            return st if level == origin else add_wizard(remove_wizard(st, origin, c, lang), level, c, lang, False)
        if kind == "tower" and origin is not None:
            if at[0] == "raven":
                raise Refusal("tower-raven", lang)
            return move_tower(st, origin[1], space_of(st, _on_level(at, lang)), lang)
        if kind == "raven":
            return place_raven(st, space_of(st, _on_level(at, lang)), lang)
        raise Refusal("unknown-tool", lang)

    def empty(self, st: State, at: Tap, lang: str) -> State:
        kind, level, c, _target = at
        if kind == "raven":
            raise Refusal("out-of-raven", lang)
        level = _on_level(at, lang)
        return remove_wizard(st, level, c, lang) if kind == "wizard" else set_level(st, level, ())

    def after_tap(self, engine: Engine[Any], st: State, lang: str) -> dict[str, Any]:
        st = with_inside(st)
        check_end(st, lang)
        return positions.write(st)


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
