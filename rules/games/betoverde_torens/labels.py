"""Plain words for the pages in the reader's language (nl, de, en; ``None`` is the rulebook's Dutch):
colours, cards, spells, the labels and groups of the actions, and the words of tapping
(:mod:`.taps`) and of the position editor (:mod:`.editor`).

Engine codes (``play:w3:wizard:5``, ``x5-1``, ``wizard-fwd``) never reach a label of a legal action.
The event sentences are the engine's catalogues (:mod:`.messages_nl`, :mod:`.messages_de`,
:mod:`.messages_en`), whose German and English formatters name cards, colours and spells with the
functions here (:func:`.names.formats`). The terms follow ``rulebooks/content/betoverde-torens/glossary.toml``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.engine import Engine, RuleError

from .cards import BY_CODE, SPELL_COST, SPELLS
from .moves import free_wizard, relocate_raven
from .names import SPELL_NL
from .state import State, find_tower, ring

LANGS = ("nl", "de", "en")


def lang_of(lang: str | None) -> str:
    """The language of a label: the reader's, or the rulebook's Dutch for ``None`` and unknown ones."""
    return lang if lang in LANGS else "nl"


# A player's colour as a name ("Rood trekt ...").
COLOURS: dict[str, dict[str, str]] = {
    "nl": {"red": "Rood", "blue": "Blauw", "yellow": "Geel", "green": "Groen", "purple": "Paars", "white": "Wit"},
    "de": {"red": "Rot", "blue": "Blau", "yellow": "Gelb", "green": "Grün", "purple": "Lila", "white": "Weiß"},
    "en": {"red": "Red", "blue": "Blue", "yellow": "Yellow", "green": "Green", "purple": "Purple", "white": "White"},
}

# A wizard of a colour ("rode tovenaar", "roter Magier", "red wizard").
WIZARD: dict[str, dict[str, str]] = {
    "nl": {
        c: f"{a} tovenaar"
        for c, a in zip(COLOURS["en"], ("rode", "blauwe", "gele", "groene", "paarse", "witte"), strict=True)
    },
    "de": {
        c: f"{a} Magier"
        for c, a in zip(COLOURS["en"], ("roter", "blauer", "gelber", "grüner", "lila", "weißer"), strict=True)
    },
    "en": {
        c: f"{a} wizard"
        for c, a in zip(COLOURS["en"], ("red", "blue", "yellow", "green", "purple", "white"), strict=True)
    },
}

SPELL_NAMES: dict[str, dict[str, str]] = {
    "nl": SPELL_NL,  # the message catalogue's names
    "de": {
        "wizard-fwd": "Versetze einen Magier (vorwärts)",
        "wizard-back": "Versetze einen Magier (rückwärts)",
        "tower-fwd": "Versetze einen Turm (vorwärts)",
        "tower-back": "Versetze einen Turm (rückwärts)",
        "swap": "Tausche zwei Türme",
        "raven": "Versetze die Rabenburg",
        "lift": "Mitnehmen",
        "free": "Befreie einen Magier",
    },
    "en": {
        "wizard-fwd": "Move a Wizard (forward)",
        "wizard-back": "Move a Wizard (backward)",
        "tower-fwd": "Move a Tower (forward)",
        "tower-back": "Move a Tower (backward)",
        "swap": "Swap Two Towers",
        "raven": "Move Ravenskeep",
        "lift": "Hitch a Ride",
        "free": "Free a Wizard",
    },
}

T: dict[str, dict[str, str]] = {
    "nl": {
        "card.wizard": "tovenaarkaart",
        "card.tower": "torenkaart",
        "card.either": "tovenaar-of-torenkaart",
        "card.dice": "{kind} met {n} {n_dice}",
        "die.one": "dobbelsteen",
        "die.many": "dobbelstenen",
        "card.two": "{kind} {t}/{w} (toren {t}, tovenaar {w})",
        "card.number": "{kind} {n}",
        "flasks.one": "{n} flesje",
        "flasks.many": "{n} flesjes",
        "wizard.move": "{who} van veld {frm} naar veld {to}",
        "wizard.raven": "{who} van veld {frm} de Raventoren in",
        "tower.move": "toren {t} van veld {frm} naar veld {to}{extra}",
        "with": " (met {items})",
        "with.towers.one": "{k} toren erop",
        "with.towers.many": "{k} torens erop",
        "with.wizards.one": "{k} tovenaar",
        "with.wizards.many": "{k} tovenaars",
        "with.raven": "de Raventoren",
        "and": " en ",
        "play.dice": "{card}: gooien",
        "play.none": "{card}: niets te verplaatsen",
        "play.move": "{card}: {what}",
        "move": "Worp {roll}: {what}",
        "none": "Worp {roll}: niets te verplaatsen",
        "reroll": "Opnieuw gooien (de {roll} vervalt)",
        "roll": "De dobbelsteen toont {n}",
        "draw": "{who} trekt een {card}",
        "spells": "Open spreuken: {names}",
        "pass": "Kaarten wisselen: hand afleggen en drie nieuwe kaarten trekken",
        "pass-tower": "Na het wisselen: {what}",
        "pass-tower.none": "Na het wisselen geen toren verplaatsen",
        "end": "Beurt beëindigen",
        "ask": "Teamgenoot om een kaart vragen",
        "give": "{card} aan de teamgenoot geven",
        "give.none": "Geen kaart geven",
        "return": "{card} teruggeven",
        "decline": "Geen spreuk uitspreken",
        "spell": "Spreuk {name} ({cost})",
        "spell.what": "Spreuk {name} ({cost}): {what}",
        "swap": "toren {a} (veld {sa}) en toren {b} (veld {sb}) wisselen",
        "cw": "met de klok mee",
        "ccw": "tegen de klok in",
        "raven.to": "{dir}, naar veld {to}",
        "raven.onto": "{dir}, naar toren {tower} op veld {to}",
        "raven.stays": "{dir}: er is geen vrije plek, hij blijft staan",
        "lift": "{who} van veld {frm} mee naar veld {to}",
        "lift.raven": "{who} van veld {frm} mee de Raventoren in",
        "free": "toren {t} op veld {n} optillen: een {who} eronder komt vrij",
        "free.none": "toren {t} op veld {n} optillen (er zit geen {who} onder)",
        "unknown": "Onbekende actie ({code})",
        # tapping
        "piece.wizard": "{Who} op veld {n}",
        "piece.wizard.tower": "{Who} op toren {t} (veld {n})",
        "piece.tower": "Toren {t} op veld {n}{extra}",
        "dest": "Naar veld {to}",
        "dest.raven": "De Raventoren in",
        "status.choose": "Geworpen: {roll} met de {card}. Kies wat je verplaatst.",
        "status.pass-tower": "Je mag een toren 1 stap verplaatsen.",
        "status.play": "Kies een kaart uit je hand, of tik eerst een tovenaar of toren aan.",
        "odds": "{label} ({k} van de {n} kaarten)",
        # groups
        "group.roll-move": "Verplaatsen met de worp",
        "group.spell": "Toverspreuken",
        "group.draw": "Kaart trekken",
        "group.roll": "Dobbelsteen",
        "group.spells": "Spreuken openleggen",
        "group.pass": "Kaarten wisselen",
        "group.pass-tower": "Toren 1 stap",
        "group.team": "Teamgenoot",
        "group.turn": "Beurt",
    },
    "de": {
        "card.wizard": "Magierkarte",
        "card.tower": "Turmkarte",
        "card.either": "Magier-oder-Turm-Karte",
        "card.dice": "{kind} mit {n} {n_dice}",
        "die.one": "Würfel",
        "die.many": "Würfeln",
        "card.two": "{kind} {t}/{w} (Turm {t}, Magier {w})",
        "card.number": "{kind} {n}",
        "flasks.one": "{n} Zaubertrankflasche",
        "flasks.many": "{n} Zaubertrankflaschen",
        "wizard.move": "{who} von Feld {frm} auf Feld {to}",
        "wizard.raven": "{who} von Feld {frm} in die Rabenburg",
        "tower.move": "Turm {t} von Feld {frm} auf Feld {to}{extra}",
        "with": " (mit {items})",
        "with.towers.one": "{k} Turm darauf",
        "with.towers.many": "{k} Türmen darauf",
        "with.wizards.one": "{k} Magier",
        "with.wizards.many": "{k} Magiern",
        "with.raven": "der Rabenburg",
        "and": " und ",
        "play.dice": "{card}: würfeln",
        "play.none": "{card}: nichts zu versetzen",
        "play.move": "{card}: {what}",
        "move": "Wurf {roll}: {what}",
        "none": "Wurf {roll}: nichts zu versetzen",
        "reroll": "Noch einmal würfeln (die {roll} verfällt)",
        "roll": "Der Würfel zeigt {n}",
        "draw": "{who} zieht eine {card}",
        "spells": "Offene Zaubersprüche: {names}",
        "pass": "Karten tauschen: alle Handkarten ablegen und drei neue ziehen",
        "pass-tower": "Nach dem Tauschen: {what}",
        "pass-tower.none": "Nach dem Tauschen keinen Turm versetzen",
        "end": "Zug beenden",
        "ask": "Den Teampartner um eine Karte bitten",
        "give": "{card} dem Teampartner geben",
        "give.none": "Keine Karte geben",
        "return": "{card} zurückgeben",
        "decline": "Keinen Zauberspruch sprechen",
        "spell": "Zauberspruch {name} ({cost})",
        "spell.what": "Zauberspruch {name} ({cost}): {what}",
        "swap": "Turm {a} (Feld {sa}) und Turm {b} (Feld {sb}) tauschen",
        "cw": "im Uhrzeigersinn",
        "ccw": "gegen den Uhrzeigersinn",
        "raven.to": "{dir}, auf Feld {to}",
        "raven.onto": "{dir}, auf Turm {tower} auf Feld {to}",
        "raven.stays": "{dir}: kein freier Platz, sie bleibt stehen",
        "lift": "{who} von Feld {frm} mit auf Feld {to}",
        "lift.raven": "{who} von Feld {frm} mit in die Rabenburg",
        "free": "Turm {t} auf Feld {n} anheben: ein {who} darunter kommt frei",
        "free.none": "Turm {t} auf Feld {n} anheben (darunter ist kein {who})",
        "unknown": "Unbekannte Aktion ({code})",
        "piece.wizard": "{Who} auf Feld {n}",
        "piece.wizard.tower": "{Who} auf Turm {t} (Feld {n})",
        "piece.tower": "Turm {t} auf Feld {n}{extra}",
        "dest": "Auf Feld {to}",
        "dest.raven": "In die Rabenburg",
        "status.choose": "Gewürfelt: {roll} mit der {card}. Wähle, was du versetzt.",
        "status.pass-tower": "Du darfst einen Turm 1 Schritt versetzen.",
        "status.play": "Wähle eine Karte aus deiner Hand oder tippe zuerst einen Magier oder Turm an.",
        "odds": "{label} ({k} von {n} Karten)",
        "group.roll-move": "Mit dem Wurf versetzen",
        "group.spell": "Zaubersprüche",
        "group.draw": "Karte ziehen",
        "group.roll": "Würfel",
        "group.spells": "Zaubersprüche aufdecken",
        "group.pass": "Karten tauschen",
        "group.pass-tower": "Turm 1 Schritt",
        "group.team": "Teampartner",
        "group.turn": "Zug",
    },
    "en": {
        "card.wizard": "wizard card",
        "card.tower": "tower card",
        "card.either": "wizard-or-tower card",
        "card.dice": "{kind} with {n} {n_dice}",
        "die.one": "die",
        "die.many": "dice",
        "card.two": "{kind} {t}/{w} (tower {t}, wizard {w})",
        "card.number": "{kind} {n}",
        "flasks.one": "{n} potion",
        "flasks.many": "{n} potions",
        "wizard.move": "{who} from space {frm} to space {to}",
        "wizard.raven": "{who} from space {frm} into Ravenskeep",
        "tower.move": "tower {t} from space {frm} to space {to}{extra}",
        "with": " (with {items})",
        "with.towers.one": "{k} tower on top",
        "with.towers.many": "{k} towers on top",
        "with.wizards.one": "{k} wizard",
        "with.wizards.many": "{k} wizards",
        "with.raven": "Ravenskeep",
        "and": " and ",
        "play.dice": "{card}: roll the die",
        "play.none": "{card}: nothing can be moved",
        "play.move": "{card}: {what}",
        "move": "Roll {roll}: {what}",
        "none": "Roll {roll}: nothing can be moved",
        "reroll": "Roll again (the {roll} is lost)",
        "roll": "The die shows {n}",
        "draw": "{who} draws a {card}",
        "spells": "Open spells: {names}",
        "pass": "Swap cards: discard your hand and draw three new cards",
        "pass-tower": "After swapping: {what}",
        "pass-tower.none": "After swapping, move no tower",
        "end": "End the turn",
        "ask": "Ask your teammate for a card",
        "give": "Give the {card} to your teammate",
        "give.none": "Give no card",
        "return": "Give back the {card}",
        "decline": "Cast no spell",
        "spell": "Spell {name} ({cost})",
        "spell.what": "Spell {name} ({cost}): {what}",
        "swap": "swap tower {a} (space {sa}) and tower {b} (space {sb})",
        "cw": "clockwise",
        "ccw": "counter-clockwise",
        "raven.to": "{dir}, to space {to}",
        "raven.onto": "{dir}, onto tower {tower} on space {to}",
        "raven.stays": "{dir}: no free place, it stays",
        "lift": "{who} from space {frm} along to space {to}",
        "lift.raven": "{who} from space {frm} along into Ravenskeep",
        "free": "lift tower {t} on space {n}: a {who} under it is freed",
        "free.none": "lift tower {t} on space {n} (no {who} under it)",
        "unknown": "Unknown action ({code})",
        "piece.wizard": "{Who} on space {n}",
        "piece.wizard.tower": "{Who} on tower {t} (space {n})",
        "piece.tower": "Tower {t} on space {n}{extra}",
        "dest": "To space {to}",
        "dest.raven": "Into Ravenskeep",
        "status.choose": "Rolled {roll} with the {card}. Choose what to move.",
        "status.pass-tower": "You may move a tower 1 step.",
        "status.play": "Choose a card from your hand, or tap a wizard or tower first.",
        "odds": "{label} ({k} of the {n} cards)",
        "group.roll-move": "Move with the roll",
        "group.spell": "Spells",
        "group.draw": "Draw a card",
        "group.roll": "Die",
        "group.spells": "Open spells",
        "group.pass": "Swap cards",
        "group.pass-tower": "Tower 1 step",
        "group.team": "Teammate",
        "group.turn": "Turn",
    },
}


def text(key: str, lang: str | None, **data: Any) -> str:
    return T[lang_of(lang)][key].format(**data)


def cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def colour(c: str, lang: str | None) -> str:
    return COLOURS[lang_of(lang)].get(c, c)


def wizard_of(c: str, lang: str | None) -> str:
    return WIZARD[lang_of(lang)].get(c, c)


def card(code: str, lang: str | None) -> str:
    """A card's name in words, lower case in nl/en ("tovenaarkaart 3", "wizard card with 2 dice")."""
    c = BY_CODE.get(code)
    if c is None:
        return code
    kind = text("card.either" if c.wizard and c.tower else "card.wizard" if c.wizard else "card.tower", lang)
    if c.dice:
        dice = text("die.one" if c.dice == 1 else "die.many", lang)
        return text("card.dice", lang, kind=kind, n=c.dice, n_dice=dice)
    if c.wizard and c.tower and c.wizard_steps != c.tower_steps:
        return text("card.two", lang, kind=kind, t=c.tower_steps, w=c.wizard_steps)
    return text("card.number", lang, kind=kind, n=c.wizard_steps or c.tower_steps)


def spell_name(name: str, lang: str | None) -> str:
    return SPELL_NAMES[lang_of(lang)].get(name, name)


def cost(name: str, lang: str | None) -> str:
    n = SPELL_COST.get(name, 0)
    return text("flasks.one" if n == 1 else "flasks.many", lang, n=n)


def join(items: Sequence[str], lang: str | None) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + text("and", lang) + items[-1]


# -- pieces and moves ------------------------------------------------------------------------------


def tower_extra(state: State, tower: int, lang: str | None, carried_raven: bool = True) -> str:
    """ " (met 1 toren erop en 2 tovenaars)": what goes along when ``tower`` moves."""
    n, index = find_tower(state, tower)
    part = state.space(n).towers[index:]
    items = []
    above = len(part) - 1
    if above:
        items.append(text("with.towers.one" if above == 1 else "with.towers.many", lang, k=above))
    riders = sum(len(w) for _t, w in part)
    if riders:
        items.append(text("with.wizards.one" if riders == 1 else "with.wizards.many", lang, k=riders))
    if carried_raven and state.raven_at == n:
        items.append(text("with.raven", lang))
    return text("with", lang, items=join(items, lang)) if items else ""


def wizard_move(state: State, colour_: str, frm: int, steps: int, lang: str | None) -> str:
    to = ring(frm + steps)
    who = wizard_of(colour_, lang)
    if to == state.raven_at:
        return text("wizard.raven", lang, who=who, frm=frm)
    return text("wizard.move", lang, who=who, frm=frm, to=to)


def tower_move(state: State, tower: int, steps: int, lang: str | None) -> str:
    frm, _ = find_tower(state, tower)
    return text("tower.move", lang, t=tower, frm=frm, to=ring(frm + steps), extra=tower_extra(state, tower, lang))


def _choice(state: State, code: str, kind: str, arg: str, roll: int, colour_: str, lang: str | None) -> str:
    c = BY_CODE[code]
    number = int(arg)
    if kind == "wizard":
        return wizard_move(state, colour_, number, roll or c.wizard_steps, lang)
    if kind == "tower":
        return tower_move(state, number, roll or c.tower_steps, lang)
    raise ValueError(kind)


def _raven(state: State, arg: str, lang: str | None) -> str:
    direction = text(arg, lang)
    after, events = relocate_raven(state, 1 if arg == "cw" else -1, "bt-spreuk-raventoren")
    if after.raven_at == state.raven_at:
        return text("raven.stays", lang, dir=direction)
    tower = int(events[0].data.get("tower", 0))
    if tower:
        return text("raven.onto", lang, dir=direction, to=after.raven_at, tower=tower)
    return text("raven.to", lang, dir=direction, to=after.raven_at)


def spell_what(state: State, name: str, arg: str, caster: int, lang: str | None) -> str:
    """What a spell does, in words ("rode tovenaar van veld 5 naar veld 6")."""
    colour_ = state.mover_colour(caster)
    if name in ("wizard-fwd", "wizard-back"):
        return wizard_move(state, colour_, int(arg), 1 if name == "wizard-fwd" else -1, lang)
    if name in ("tower-fwd", "tower-back"):
        return tower_move(state, int(arg), 2 if name == "tower-fwd" else -2, lang)
    if name == "swap":
        a, b = (int(x) for x in arg.split(","))
        return text("swap", lang, a=a, b=b, sa=find_tower(state, a)[0], sb=find_tower(state, b)[0])
    if name == "raven":
        return _raven(state, arg, lang)
    if name == "lift":
        frm, to, entered = state.last_move
        who = wizard_of(colour_, lang)
        if entered or to == state.raven_at:
            return text("lift.raven", lang, who=who, frm=frm)
        return text("lift", lang, who=who, frm=frm, to=to)
    if name == "free":
        t = int(arg)
        n, _ = find_tower(state, t)
        try:
            _after, events, _entered = free_wizard(state, t, colour_)
        except RuleError:
            events = []
        freed = any(e.key != "spell.free-none" for e in events)
        return text("free" if freed else "free.none", lang, t=t, n=n, who=wizard_of(colour_, lang))
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
        return text("unknown", lang, code=action[:40])


def _label(st: State, action: str, lang: str | None) -> str:
    parts = action.split(":")
    head = parts[0]
    if head == "play":
        name = cap(card(parts[1], lang))
        if parts[1] not in BY_CODE:
            raise KeyError(parts[1])
        if len(parts) == 2:
            return text("play.dice", lang, card=name)
        if parts[2] == "none" and len(parts) == 3:
            return text("play.none", lang, card=name)
        what = _choice(st, parts[1], parts[2], parts[3], 0, st.mover_colour(st.turn), lang)
        return text("play.move", lang, card=name, what=what)
    if head == "move" and st.pending is not None:
        p = st.pending
        what = _choice(st, p.card, parts[1], parts[2], p.roll, st.mover_colour(st.turn), lang)
        return text("move", lang, roll=p.roll, what=what)
    if action == "none" and st.pending is not None:
        return text("none", lang, roll=st.pending.roll)
    if action == "reroll" and st.pending is not None:
        return text("reroll", lang, roll=st.pending.roll)
    if head == "roll" and parts[1] in ("1", "2", "3", "4", "5", "6"):
        return text("roll", lang, n=parts[1])
    if head == "draw" and parts[1] in BY_CODE:
        return text("draw", lang, who=colour(drawer_colour(st), lang), card=card(parts[1], lang))
    if head == "spells":
        names = parts[1].split("+")
        if not all(n in SPELLS for n in names):
            raise KeyError(parts[1])
        return text("spells", lang, names=", ".join(spell_name(n, lang) for n in names))
    if head == "pass-tower":
        if parts[1] == "none":
            return text("pass-tower.none", lang)
        return text("pass-tower", lang, what=tower_move(st, int(parts[1]), 1, lang))
    if head in ("give", "return") and len(parts) == 2:
        if parts[1] == "none" and head == "give":
            return text("give.none", lang)
        if parts[1] not in BY_CODE:
            raise KeyError(parts[1])
        return text(head, lang, card=card(parts[1], lang))
    if head == "spell" and parts[1] in SPELLS:
        name = parts[1]
        base = {"name": spell_name(name, lang), "cost": cost(name, lang)}
        caster = caster_of(st)
        if name == "lift":
            return text("spell.what", lang, what=spell_what(st, name, "", caster, lang), **base)
        return text("spell.what", lang, what=spell_what(st, name, parts[2], caster, lang), **base)
    if action in ("pass", "end", "ask", "decline"):
        return text(action, lang)
    raise KeyError(action)


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
    return text(GROUPS.get(parts[0], "group.turn"), lang)
