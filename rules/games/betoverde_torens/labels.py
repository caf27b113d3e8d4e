"""Plain words for the pages in the reader's language (nl, de, en; ``None`` is the rulebook's Dutch):
colours, cards, spells, the labels and groups of the actions, and the words of tapping
(:mod:`.taps`) and of the position editor (:mod:`.editor`).

Engine codes (``play:w3:wizard:5``, ``x5-1``, ``wizard-fwd``) never reach a label of a legal action.
The words are the catalogues' (:mod:`.messages_nl`, :mod:`.messages_de`, :mod:`.messages_en`:
their ``WORDS``, read through :mod:`.words`), whose sentences' formatters name cards and spells with
the functions here (:func:`.names.formats`). The terms follow ``rulebooks/content/betoverde-torens/glossary.toml``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, RuleError

from .cards import BY_CODE, SPELL_COST, SPELLS
from .moves import free_wizard, relocate_raven
from .state import State, find_tower, ring
from .words import WORDS


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def colour(c: str, lang: str | None) -> str:
    return WORDS.table("colour", lang).get(c, c)


def wizard_of(c: str, lang: str | None) -> str:
    return WORDS.table("wizard", lang).get(c, c)


def card(code: str, lang: str | None) -> str:
    """A card's name in words, lower case in nl/en ("tovenaarkaart 3", "wizard card with 2 dice")."""
    c = BY_CODE.get(code)
    if c is None:
        return code
    kind = WORDS.text("label", "card.either" if c.wizard and c.tower else "card.wizard" if c.wizard else "card.tower", lang)
    if c.dice:
        dice = WORDS.text("label", "die.one" if c.dice == 1 else "die.many", lang)
        return WORDS.text("label", "card.dice", lang, kind=kind, n=c.dice, n_dice=dice)
    if c.wizard and c.tower and c.wizard_steps != c.tower_steps:
        return WORDS.text("label", "card.two", lang, kind=kind, t=c.tower_steps, w=c.wizard_steps)
    return WORDS.text("label", "card.number", lang, kind=kind, n=c.wizard_steps or c.tower_steps)


def spell_name(name: str, lang: str | None) -> str:
    return WORDS.table("spell", lang).get(name, name)


def cost(name: str, lang: str | None) -> str:
    n = SPELL_COST.get(name, 0)
    return WORDS.text("label", "flasks.one" if n == 1 else "flasks.many", lang, n=n)


def join(items: Sequence[str], lang: str | None) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + WORDS.text("label", "and", lang) + items[-1]


# -- pieces and moves ------------------------------------------------------------------------------


def tower_extra(state: State, tower: int, lang: str | None, carried_raven: bool = True) -> str:
    """ " (met 1 toren erop en 2 tovenaars)": what goes along when ``tower`` moves."""
    n, index = find_tower(state, tower)
    part = state.space(n).towers[index:]
    items = []
    above = len(part) - 1
    if above:
        items.append(WORDS.text("label", "with.towers.one" if above == 1 else "with.towers.many", lang, k=above))
    riders = sum(len(w) for _t, w in part)
    if riders:
        items.append(WORDS.text("label", "with.wizards.one" if riders == 1 else "with.wizards.many", lang, k=riders))
    if carried_raven and state.raven_at == n:
        items.append(WORDS.text("label", "with.raven", lang))
    return WORDS.text("label", "with", lang, items=join(items, lang)) if items else ""


def wizard_move(state: State, colour_: str, frm: int, steps: int, lang: str | None) -> str:
    to = ring(frm + steps)
    who = wizard_of(colour_, lang)
    if to == state.raven_at:
        return WORDS.text("label", "wizard.raven", lang, who=who, frm=frm)
    return WORDS.text("label", "wizard.move", lang, who=who, frm=frm, to=to)


def tower_move(state: State, tower: int, steps: int, lang: str | None) -> str:
    frm, _ = find_tower(state, tower)
    return WORDS.text("label", "tower.move", lang, t=tower, frm=frm, to=ring(frm + steps), extra=tower_extra(state, tower, lang))


def _choice(state: State, code: str, kind: str, arg: str, roll: int, colour_: str, lang: str | None) -> str:
    c = BY_CODE[code]
    number = int(arg)
    if kind == "wizard":
        return wizard_move(state, colour_, number, roll or c.wizard_steps, lang)
    if kind == "tower":
        return tower_move(state, number, roll or c.tower_steps, lang)
    raise ValueError(kind)


def _raven(state: State, arg: str, lang: str | None) -> str:
    direction = WORDS.text("label", arg, lang)
    after, events = relocate_raven(state, 1 if arg == "cw" else -1, "bt-spreuk-raventoren")
    if after.raven_at == state.raven_at:
        return WORDS.text("label", "raven.stays", lang, dir=direction)
    tower = int(events[0].data.get("tower", 0))
    if tower:
        return WORDS.text("label", "raven.onto", lang, dir=direction, to=after.raven_at, tower=tower)
    return WORDS.text("label", "raven.to", lang, dir=direction, to=after.raven_at)


def spell_what(state: State, name: str, arg: str, caster: int, lang: str | None) -> str:
    """What a spell does, in words ("rode tovenaar van veld 5 naar veld 6")."""
    colour_ = state.mover_colour(caster)
    if name in ("wizard-fwd", "wizard-back"):
        return wizard_move(state, colour_, int(arg), 1 if name == "wizard-fwd" else -1, lang)
    if name in ("tower-fwd", "tower-back"):
        return tower_move(state, int(arg), 2 if name == "tower-fwd" else -2, lang)
    if name == "swap":
        a, b = (int(x) for x in arg.split(","))
        return WORDS.text("label", "swap", lang, a=a, b=b, sa=find_tower(state, a)[0], sb=find_tower(state, b)[0])
    if name == "raven":
        return _raven(state, arg, lang)
    if name == "lift":
        frm, to, entered = state.last_move
        who = wizard_of(colour_, lang)
        if entered or to == state.raven_at:
            return WORDS.text("label", "lift.raven", lang, who=who, frm=frm)
        return WORDS.text("label", "lift", lang, who=who, frm=frm, to=to)
    if name == "free":
        t = int(arg)
        n, _ = find_tower(state, t)
        try:
            _after, events, _entered = free_wizard(state, t, colour_)
        except RuleError:
            events = []
        freed = any(e.key != "spell.free-none" for e in events)
        return WORDS.text("label", "free" if freed else "free.none", lang, t=t, n=n, who=wizard_of(colour_, lang))
    raise ValueError(name)


def caster_of(state: State) -> int:
    return state.offer if state.master else state.turn


def drawer_colour(state: State) -> str:
    from .flow import drawer

    who = drawer(state)
    return state.players[who if who is not None else state.turn]


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    try:
        return cap(_label(state, action, lang))
    except (ValueError, KeyError, IndexError, AttributeError, TypeError):
        return WORDS.text("label", "unknown", lang, code=action[:40])


def _label(st: State, action: str, lang: str | None) -> str:
    parts = action.split(":")
    head = parts[0]
    if head == "play":
        return _play_label(st, parts, lang)
    if head == "move" and st.pending is not None:
        p = st.pending
        what = _choice(st, p.card, parts[1], parts[2], p.roll, st.mover_colour(st.turn), lang)
        return WORDS.text("label", "move", lang, roll=p.roll, what=what)
    if action == "none" and st.pending is not None:
        return WORDS.text("label", "none", lang, roll=st.pending.roll)
    if action == "reroll" and st.pending is not None:
        return WORDS.text("label", "reroll", lang, roll=st.pending.roll)
    if head in ("roll", "draw", "spells"):
        return _chance_label(st, parts, lang)
    if head in ("pass-tower", "give", "return"):
        return _exchange_label(st, parts, lang)
    if head == "spell" and parts[1] in SPELLS:
        name = parts[1]
        base = {"name": spell_name(name, lang), "cost": cost(name, lang)}
        caster = caster_of(st)
        if name == "lift":
            return WORDS.text("label", "spell.what", lang, what=spell_what(st, name, "", caster, lang), **base)
        return WORDS.text("label", "spell.what", lang, what=spell_what(st, name, parts[2], caster, lang), **base)
    if action in ("pass", "end", "ask", "decline"):
        return WORDS.text("label", action, lang)
    raise KeyError(action)


def _chance_label(st: State, parts: list[str], lang: str | None) -> str:
    """What chance did: the die rolled, the card drawn and by whom, the spells laid out."""
    head = parts[0]
    if head == "roll" and parts[1] in ("1", "2", "3", "4", "5", "6"):
        return WORDS.text("label", "roll", lang, n=parts[1])
    if head == "draw" and parts[1] in BY_CODE:
        return WORDS.text("label", "draw", lang, who=colour(drawer_colour(st), lang), card=card(parts[1], lang))
    if head == "spells":
        names = parts[1].split("+")
        if not all(n in SPELLS for n in names):
            raise KeyError(parts[1])
        return WORDS.text("label", "spells", lang, names=", ".join(spell_name(n, lang) for n in names))
    raise KeyError(":".join(parts))


def _play_label(st: State, parts: list[str], lang: str | None) -> str:
    """A card played: with dice, without effect, or with the move it makes."""
    name = cap(card(parts[1], lang))
    if parts[1] not in BY_CODE:
        raise KeyError(parts[1])
    if len(parts) == 2:
        return WORDS.text("label", "play.dice", lang, card=name)
    if parts[2] == "none" and len(parts) == 3:
        return WORDS.text("label", "play.none", lang, card=name)
    what = _choice(st, parts[1], parts[2], parts[3], 0, st.mover_colour(st.turn), lang)
    return WORDS.text("label", "play.move", lang, card=name, what=what)


def _exchange_label(st: State, parts: list[str], lang: str | None) -> str:
    """The cards exchanged: the tower moved after passing (bt-kaarten-wisselen), a card given to or
    returned by the teammate."""
    head = parts[0]
    if head == "pass-tower":
        if parts[1] == "none":
            return WORDS.text("label", "pass-tower.none", lang)
        return WORDS.text("label", "pass-tower", lang, what=tower_move(st, int(parts[1]), 1, lang))
    if len(parts) != 2:
        raise KeyError(":".join(parts))
    if parts[1] == "none" and head == "give":
        return WORDS.text("label", "give.none", lang)
    if parts[1] not in BY_CODE:
        raise KeyError(parts[1])
    return WORDS.text("label", head, lang, card=card(parts[1], lang))


GROUPS = {
    "move": "group.roll-move",
    "none": "group.roll-move",
    "reroll": "group.roll-move",
    "spell": "group.spell",
    "decline": "group.spell",
    "draw": "group.draw",
    "roll": "group.roll",
    "spells": "group.spells",
    "pass": "group.pass",
    "pass-tower": "group.pass-tower",
    "ask": "group.team",
    "give": "group.team",
    "return": "group.team",
}


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    parts = action.split(":")
    if parts[0] == "play" and len(parts) > 1 and parts[1] in BY_CODE:
        return cap(card(parts[1], lang))
    return WORDS.text("label", GROUPS.get(parts[0], "group.turn"), lang)
