"""Plain words of Der dunkle Turm in the site's languages (nl, de, en) for the board's texts (titles,
description, status, legend), the labels of actions, taps and the position editor. German is the
rulebook's language (``lang=None``); an unknown language falls back to it. The engine's event
sentences live in ``messages_de`` / ``messages_nl`` / ``messages_en``; these are short names and
phrases. Every term follows the game's glossary (rulebooks/content/der-dunkle-turm/glossary.toml).
"""

from __future__ import annotations

from .board import SIDE_FIELDS

LANGS = ("nl", "de", "en")

TEAM = {
    "de": {"red": "Rot", "blue": "Blau", "green": "Grün", "yellow": "Gelb"},
    "nl": {"red": "Rood", "blue": "Blauw", "green": "Groen", "yellow": "Geel"},
    "en": {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow"},
}
FIELD = {"de": "Feld {f}", "nl": "veld {f}", "en": "field {f}"}
SIDE = {"de": "Seitenfeld {f}", "nl": "zijveld {f}", "en": "side field {f}"}
PLACE = {
    "de": {"camp": "Lager", "tower": "Turm", "exile": "Exil", "out": "zerplatzt"},
    "nl": {"camp": "kamp", "tower": "toren", "exile": "exil", "out": "uiteengespat"},
    "en": {"camp": "camp", "tower": "tower", "exile": "exile", "out": "burst"},
}
# a place after "bis" / "naar" / "to" (where a move ends)
DEST = {
    "de": {"camp": "ins Lager", "tower": "zum Turm", "exile": "ins Exil"},
    "nl": {"camp": "het kamp", "tower": "de toren", "exile": "het exil"},
    "en": {"camp": "the camp", "tower": "the tower", "exile": "the exile"},
}
CARD = {
    "de": {"step": "Schritte {n}", "attack": "Turmattacke (Riss auf Feld {n})", "exile": "Aus dem Exil",
           "bolt": "Donnerblitz", "spell": "Schutzzauber", "float": "Schwebefeld"},
    "nl": {"step": "Stappen {n}", "attack": "Torenaanval (scheur op veld {n})", "exile": "Uit het exil",
           "bolt": "Donderbliksem", "spell": "Beschermspreuk", "float": "Zweefveld"},
    "en": {"step": "Steps {n}", "attack": "Tower attack (rift on field {n})", "exile": "Out of exile",
           "bolt": "Thunderbolt", "spell": "Protection spell", "float": "Floating field"},
}

# Where a companion is, in the board's description and the sentences' ``{to:...}``: "im Lager", "auf Feld 7".
AT = {
    "de": {"camp": "im Lager", "exile": "im Exil", "out": "ausgeschieden", "tower": "am Turm", "field": "auf {f}"},
    "nl": {"camp": "in het kamp", "exile": "in het exil", "out": "uitgeschakeld", "tower": "bij de toren",
           "field": "op {f}"},
    "en": {"camp": "in the camp", "exile": "in exile", "out": "out of the game", "tower": "at the tower",
           "field": "on {f}"},
}
# Counted words of the board (one, many). German keeps the plural for 1, as the board always wrote it.
ROUNDS = {"de": ("Tischrunden", "Tischrunden"), "nl": ("tafelronde", "tafelrondes"), "en": ("table round", "table rounds")}
TURNS = {"de": ("Teamzüge", "Teamzüge"), "nl": ("beurt", "beurten"), "en": ("team turn", "team turns")}

# The board's own texts: the SVG title and description, titles (tooltips) and tags of its shapes, the
# status line and the legend. {field} a field in words, {team} a team, {n} a number, {rounds}/{turns}
# the counted word that goes with {n}.
BOARD = {
    "de": {
        "label": "Der dunkle Turm: der Weg vom Lager zum Turm",
        "lava": "Lavastrom",
        "box.camp": "Lager", "box.exile": "Exil", "box.out": "Ausgeschieden (zerplatzt)", "box.tower": "Turm",
        "tag.camp": "Lager", "tag.exile": "Exil", "tag.out": "Zerplatzt", "tag.tower": "Turm",
        "tower.charred": "Turm: Zauberer verkohlt ({n} {rounds})", "tower.unhurt": "Turm: Zauberer unversehrt",
        "bridge.up": "{field} (Zugbrücke, angehoben)",
        "rift": "Riss auf {field}, noch {n} {rounds}",
        "float": "Schwebefeld von Team {team}, noch {n} {turns}",
        "beast": "Knochentier von Feld {lair} ({state})", "awake": "wach", "asleep": "schläft",
        "lying": "liegt neben dem Feld", "charred": "verkohlt", "spell": "mit Schutzzauber", "shield": "mit Schild",
        "marked": "vom Donnerblitz markiert",
        "d.round": "Tischrunde {round}; die Zugbrücken sind {bridges}.", "up": "angehoben", "down": "abgesenkt",
        "d.companion": "{title}: {where}.",
        "d.rift": "Riss auf {field}: noch {n} {rounds}.",
        "d.float": "Schwebefeld auf {field} (Team {team}): noch {n} {turns}.",
        "d.beast.awake": "Knochentier von Feld {lair}: wach, {n} ruhige {rounds}.",
        "d.beast.asleep": "Knochentier von Feld {lair}: schläft.",
        "d.wizard.charred": "Der Zauberer ist verkohlt (noch {n} {rounds}).",
        "d.wizard.unhurt": "Der Zauberer ist unversehrt.",
        "turn": "Team {team} ist am Zug.",
        "s.tower": "Der Turm wehrt sich.", "s.beast": "Ein Knochentier greift an.", "s.owl": "Die Eule kommt.",
        "s.chance": "Der Zufall ist dran: eine Karte wird gezogen oder gewürfelt.",
        "l.team": "Team {team}", "l.camp": "Lager", "l.exile": "Exil", "l.out": "ausgeschieden",
        "l.floats": "Schwebefelder in der Sammlung: {n}", "l.deck": "Stapel",
        "l.discard": "Ablage: {discard}; Turmattacken: {attacks}",
    },
    "nl": {
        "label": "Der dunkle Turm: het pad van het kamp naar de toren",
        "lava": "Lavastroom",
        "box.camp": "Kamp", "box.exile": "Exil", "box.out": "Uitgeschakeld (uiteengespat)", "box.tower": "Toren",
        "tag.camp": "Kamp", "tag.exile": "Exil", "tag.out": "Uiteengespat", "tag.tower": "Toren",
        "tower.charred": "Toren: tovenaar verkoold ({n} {rounds})", "tower.unhurt": "Toren: tovenaar ongedeerd",
        "bridge.up": "{field} (ophaalbrug, opgehaald)",
        "rift": "Scheur op {field}, nog {n} {rounds}",
        "float": "Zweefveld van team {team}, nog {n} {turns}",
        "beast": "Botbeest van veld {lair} ({state})", "awake": "wakker", "asleep": "slaapt",
        "lying": "ligt naast het veld", "charred": "verkoold", "spell": "met beschermspreuk", "shield": "met schild",
        "marked": "gemarkeerd door de donderbliksem",
        "d.round": "Tafelronde {round}; de ophaalbruggen zijn {bridges}.", "up": "opgehaald", "down": "neergelaten",
        "d.companion": "{title}: {where}.",
        "d.rift": "Scheur op {field}: nog {n} {rounds}.",
        "d.float": "Zweefveld op {field} (team {team}): nog {n} {turns}.",
        "d.beast.awake": "Botbeest van veld {lair}: wakker, {n} rustige {rounds}.",
        "d.beast.asleep": "Botbeest van veld {lair}: slaapt.",
        "d.wizard.charred": "De tovenaar is verkoold (nog {n} {rounds}).",
        "d.wizard.unhurt": "De tovenaar is ongedeerd.",
        "turn": "Team {team} is aan de beurt.",
        "s.tower": "De toren verweert zich.", "s.beast": "Een botbeest valt aan.", "s.owl": "De uil komt.",
        "s.chance": "Het toeval is aan zet: er wordt een kaart getrokken of met de dobbelsteen gegooid.",
        "l.team": "Team {team}", "l.camp": "Kamp", "l.exile": "Exil", "l.out": "uitgeschakeld",
        "l.floats": "Zweefvelden in de verzameling: {n}", "l.deck": "Stapel",
        "l.discard": "Aflegstapel: {discard}; torenaanvallen: {attacks}",
    },
    "en": {
        "label": "Der dunkle Turm: the path from the camp to the tower",
        "lava": "Lava stream",
        "box.camp": "Camp", "box.exile": "Exile", "box.out": "Out of the game (burst)", "box.tower": "Tower",
        "tag.camp": "Camp", "tag.exile": "Exile", "tag.out": "Burst", "tag.tower": "Tower",
        "tower.charred": "Tower: wizard charred ({n} {rounds})", "tower.unhurt": "Tower: wizard unhurt",
        "bridge.up": "{field} (drawbridge, raised)",
        "rift": "Rift on {field}, {n} more {rounds}",
        "float": "Floating field of team {team}, {n} more {turns}",
        "beast": "Bone beast of field {lair} ({state})", "awake": "awake", "asleep": "asleep",
        "lying": "lying beside the field", "charred": "charred", "spell": "with a protection spell",
        "shield": "with a shield", "marked": "marked by the thunderbolt",
        "d.round": "Table round {round}; the drawbridges are {bridges}.", "up": "raised", "down": "lowered",
        "d.companion": "{title}: {where}.",
        "d.rift": "Rift on {field}: {n} more {rounds}.",
        "d.float": "Floating field on {field} (team {team}): {n} more {turns}.",
        "d.beast.awake": "Bone beast of field {lair}: awake, {n} quiet {rounds}.",
        "d.beast.asleep": "Bone beast of field {lair}: asleep.",
        "d.wizard.charred": "The wizard is charred ({n} more {rounds}).",
        "d.wizard.unhurt": "The wizard is unhurt.",
        "turn": "It is team {team}'s turn.",
        "s.tower": "The tower strikes back.", "s.beast": "A bone beast attacks.", "s.owl": "The owl comes to help.",
        "s.chance": "Chance decides: a card is drawn or the die is rolled.",
        "l.team": "Team {team}", "l.camp": "Camp", "l.exile": "Exile", "l.out": "out of the game",
        "l.floats": "Floating fields in the collection: {n}", "l.deck": "Deck",
        "l.discard": "Discard pile: {discard}; tower attacks: {attacks}",
    },
}

# Action labels. {comp} a companion ("Rot 1"), {team} a team, {field}/{dest} a place in words.
ACTION = {
    "de": {
        "start": "Das Los: Team {team} beginnt",
        "card": "Karte: {card}",
        "draw": "Karte ziehen",
        "float": "Schwebefeld über den Riss auf {field} legen",
        "keep": "Schwebefeld in die Sammlung legen (der Teamzug endet)",
        "move": "{comp}: {n} {steps} bis {dest}",
        "steps1": "Schritt", "steps": "Schritte",
        "free": "{comp} aus dem Exil befreien (ins Lager)",
        "advance": "{comp}: 1 Schritt bis {dest} (niemand ist im Exil)",
        "move.off": "{comp}: {n} {steps} (steht nicht auf dem Weg: {place})",
        "bolt": "Donnerblitz auf {comp}",
        "spell": "Schutzzauber für {comp}",
        "fight-on": "{comp} kämpft verkohlt weiter (zweite Duellrunde)",
        "retreat": "{comp} zieht sich vier Felder vom Turm zurück",
        "rescue": "Die Eule befreit {comp} aus dem Exil (ins Lager)",
        "tower": "Der Turm wehrt sich: Turmattacke auf {field}",
        "beast": "Das Knochentier von Feld {lair} greift {comp} an",
        "beast.nobody": "Das Knochentier von Feld {lair} findet niemanden in seiner Reichweite",
        "owl": "Die Eule hilft Team {team}",
        "die": "Würfel {n}", "wand": "Zauberstab (12)",
        "fight.won": "{die}: {comp} besiegt das Knochentier und erhält einen Schild",
        "fight.lost": "{die}: {comp} verliert gegen das Knochentier und liegt neben dem Feld",
        "event.forward": "{die}: Feldereignis für {comp}, drei Felder vorwärts",
        "event.back": "{die}: Feldereignis für {comp}, drei Felder rückwärts",
        "event.exile": "{die}: Feldereignis für {comp}, ins Exil",
        "event.bonus": "{die}: Feldereignis für {comp}, Bonuszauber (noch eine Karte)",
        "duel.wand": "Zauberstab: {comp} gewinnt die Duellrunde sofort",
        "duel.roll": "{die}: {comp} würfelt in der {round}. Duellrunde",
        "wizard.won": "{die}: Der Zauberer würfelt gegen {mine}, {comp} gewinnt die Duellrunde",
        "wizard.lost": "{die}: Der Zauberer würfelt gegen {mine}, {comp} verliert die Duellrunde",
        "wizard.tie": "{die}: Der Zauberer würfelt ebenfalls {mine}, Gleichstand",
        # what happens to the target of a thunderbolt
        "bolt.back": " (drei Felder zurück bis {dest})",
        "bolt.camp": " (zweiter Treffer: ins Lager)",
        "bolt.shield": " (der Schild fängt ihn ab)",
        "bolt.spell": " (der Schutzzauber fängt ihn ab)",
        "rift": " (offener Riss: ins Exil)",
        "magic": " (magischer Ort)",
        "retreat.to": " bis {dest}",
        "pick": "{comp}: Tippe auf das Ziel.",
        "pick.rift": "Tippe auf einen Riss, um ein Schwebefeld zu legen.",
    },
    "nl": {
        "start": "Het lot: team {team} begint",
        "card": "Kaart: {card}",
        "draw": "Kaart trekken",
        "float": "Zweefveld over de scheur op {field} leggen",
        "keep": "Zweefveld in de verzameling leggen (de beurt eindigt)",
        "move": "{comp}: {n} {steps} naar {dest}",
        "steps1": "stap", "steps": "stappen",
        "free": "{comp} uit het exil bevrijden (naar het kamp)",
        "advance": "{comp}: 1 stap naar {dest} (niemand zit in het exil)",
        "move.off": "{comp}: {n} {steps} (staat niet op het pad: {place})",
        "bolt": "Donderbliksem op {comp}",
        "spell": "Beschermspreuk voor {comp}",
        "fight-on": "{comp} vecht verkoold door (tweede duelronde)",
        "retreat": "{comp} trekt zich vier velden terug van de toren",
        "rescue": "De uil bevrijdt {comp} uit het exil (naar het kamp)",
        "tower": "De toren verweert zich: torenaanval op {field}",
        "beast": "Het botbeest van veld {lair} valt {comp} aan",
        "beast.nobody": "Het botbeest van veld {lair} vindt niemand binnen bereik",
        "owl": "De uil helpt team {team}",
        "die": "Dobbelsteen {n}", "wand": "Toverstaf (12)",
        "fight.won": "{die}: {comp} verslaat het botbeest en krijgt een schild",
        "fight.lost": "{die}: {comp} verliest van het botbeest en ligt naast het veld",
        "event.forward": "{die}: veldgebeurtenis voor {comp}, drie velden vooruit",
        "event.back": "{die}: veldgebeurtenis voor {comp}, drie velden achteruit",
        "event.exile": "{die}: veldgebeurtenis voor {comp}, naar het exil",
        "event.bonus": "{die}: veldgebeurtenis voor {comp}, bonusspreuk (nog een kaart)",
        "duel.wand": "Toverstaf: {comp} wint de duelronde meteen",
        "duel.roll": "{die}: {comp} gooit in duelronde {round}",
        "wizard.won": "{die}: de tovenaar gooit tegen {mine}, {comp} wint de duelronde",
        "wizard.lost": "{die}: de tovenaar gooit tegen {mine}, {comp} verliest de duelronde",
        "wizard.tie": "{die}: de tovenaar gooit ook {mine}, gelijkspel",
        "bolt.back": " (drie velden terug naar {dest})",
        "bolt.camp": " (tweede treffer: naar het kamp)",
        "bolt.shield": " (het schild vangt hem op)",
        "bolt.spell": " (de beschermspreuk vangt hem op)",
        "rift": " (open scheur: naar het exil)",
        "magic": " (magische plek)",
        "retreat.to": " naar {dest}",
        "pick": "{comp}: tik op het doel.",
        "pick.rift": "Tik op een scheur om er een zweefveld over te leggen.",
    },
    "en": {
        "start": "The lot: team {team} starts",
        "card": "Card: {card}",
        "draw": "Draw a card",
        "float": "Lay a floating field over the rift on {field}",
        "keep": "Keep the floating field in the collection (the turn ends)",
        "move": "{comp}: {n} {steps} to {dest}",
        "steps1": "step", "steps": "steps",
        "free": "Free {comp} from the exile (to the camp)",
        "advance": "{comp}: 1 step to {dest} (nobody is in the exile)",
        "move.off": "{comp}: {n} {steps} (not on the path: {place})",
        "bolt": "Thunderbolt at {comp}",
        "spell": "Protection spell for {comp}",
        "fight-on": "{comp} fights on charred (second duel round)",
        "retreat": "{comp} retreats four fields from the tower",
        "rescue": "The owl frees {comp} from the exile (to the camp)",
        "tower": "The tower strikes back: tower attack on {field}",
        "beast": "The bone beast of field {lair} attacks {comp}",
        "beast.nobody": "The bone beast of field {lair} finds nobody within reach",
        "owl": "The owl helps team {team}",
        "die": "Die {n}", "wand": "Wand (12)",
        "fight.won": "{die}: {comp} beats the bone beast and gets a shield",
        "fight.lost": "{die}: {comp} loses to the bone beast and lies beside the field",
        "event.forward": "{die}: field event for {comp}, three fields forward",
        "event.back": "{die}: field event for {comp}, three fields back",
        "event.exile": "{die}: field event for {comp}, into the exile",
        "event.bonus": "{die}: field event for {comp}, bonus spell (another card)",
        "duel.wand": "Wand: {comp} wins the duel round at once",
        "duel.roll": "{die}: {comp} rolls in duel round {round}",
        "wizard.won": "{die}: the wizard rolls against {mine}, {comp} wins the duel round",
        "wizard.lost": "{die}: the wizard rolls against {mine}, {comp} loses the duel round",
        "wizard.tie": "{die}: the wizard rolls {mine} too, a tie",
        "bolt.back": " (three fields back to {dest})",
        "bolt.camp": " (second hit: to the camp)",
        "bolt.shield": " (the shield stops it)",
        "bolt.spell": " (the protection spell stops it)",
        "rift": " (open rift: into the exile)",
        "magic": " (magic place)",
        "retreat.to": " to {dest}",
        "pick": "{comp}: tap where it goes.",
        "pick.rift": "Tap a rift to lay a floating field over it.",
    },
}
GROUP = {
    "de": {"start": "Das Los", "card": "Karte", "d12": "Würfel", "draw": "Teamzug", "float": "Schwebefeld",
           "keep": "Schwebefeld", "move": "Gefährte ziehen", "bolt": "Donnerblitz", "free": "Aus dem Exil",
           "advance": "Aus dem Exil", "spell": "Schutzzauber", "fight-on": "Duell", "retreat": "Duell",
           "rescue": "Eule", "owl": "Eule", "tower": "Der Turm wehrt sich", "beast": "Der Turm wehrt sich"},
    "nl": {"start": "Het lot", "card": "Kaart", "d12": "Dobbelsteen", "draw": "Beurt", "float": "Zweefveld",
           "keep": "Zweefveld", "move": "Metgezel verzetten", "bolt": "Donderbliksem", "free": "Uit het exil",
           "advance": "Uit het exil", "spell": "Beschermspreuk", "fight-on": "Duel", "retreat": "Duel",
           "rescue": "Uil", "owl": "Uil", "tower": "De toren verweert zich", "beast": "De toren verweert zich"},
    "en": {"start": "The lot", "card": "Card", "d12": "Die", "draw": "Turn", "float": "Floating field",
           "keep": "Floating field", "move": "Move a companion", "bolt": "Thunderbolt", "free": "Out of exile",
           "advance": "Out of exile", "spell": "Protection spell", "fight-on": "Duel", "retreat": "Duel",
           "rescue": "Owl", "owl": "Owl", "tower": "The tower strikes back", "beast": "The tower strikes back"},
}


def lang_of(lang: str | None) -> str:
    return lang if lang in LANGS else "de"


def team(t: str, lang: str | None) -> str:
    return TEAM[lang_of(lang)].get(t, t)


# A team's letter on its companions (the colour's initial in each language).
TEAM_LETTER: dict[str, dict[str, str]] = {
    "de": {"red": "R", "blue": "B", "green": "Gr", "yellow": "Ge"},
    "nl": {"red": "R", "blue": "B", "green": "Gr", "yellow": "Ge"},
    "en": {"red": "R", "blue": "B", "green": "G", "yellow": "Y"},
}


def team_letter(t: str, lang: str | None) -> str:
    return TEAM_LETTER[lang_of(lang)].get(t, t[:1].upper())


def companion(cid: str, lang: str | None) -> str:
    name = cid.rstrip("0123456789")
    return f"{team(name, lang)} {cid[len(name):]}"


def field(f: str, lang: str | None) -> str:
    lg = lang_of(lang)
    if f in PLACE[lg]:
        return PLACE[lg][f]
    return (SIDE if f in SIDE_FIELDS else FIELD)[lg].format(f=f)


def dest(where: str, lang: str | None) -> str:
    """Where a move ends, after "bis" / "naar" / "to": a field, ``zum Turm``, ``the camp``."""
    return DEST[lang_of(lang)].get(where) or field(where, lang)


def card(kind: str, lang: str | None) -> str:
    words = CARD[lang_of(lang)]
    if kind.startswith("step"):
        return words["step"].format(n=kind[4:])
    if kind.startswith("attack"):
        return words["attack"].format(n=kind[6:])
    return words.get(kind, kind)


def action(key: str, lang: str | None) -> str:
    return ACTION[lang_of(lang)][key]


def group(verb: str, lang: str | None) -> str:
    return GROUP[lang_of(lang)].get(verb, "")


def at(where: str, lang: str | None) -> str:
    """Where a companion is: ``im Lager``, ``auf Feld 7``, ``on side field 6b``, ``in exile``."""
    table = AT[lang_of(lang)]
    return table.get(where) or table["field"].format(f=field(where, lang))


def board(key: str, lang: str | None, **data: object) -> str:
    """A text of the board (:data:`BOARD`) in ``lang``, filled with ``data``."""
    return BOARD[lang_of(lang)][key].format(**data)


def rounds(n: int, lang: str | None) -> str:
    """The word for ``n`` table rounds (``Tischrunden``, ``tafelronde``, ``table rounds``)."""
    return ROUNDS[lang_of(lang)][0 if n == 1 else 1]


def turns(n: int, lang: str | None) -> str:
    """The word for ``n`` team turns (``Teamzüge``, ``beurten``, ``team turn``)."""
    return TURNS[lang_of(lang)][0 if n == 1 else 1]


def cap(text: str) -> str:
    """``text`` with a capital first letter (a title that starts with a field: ``Veld 7``)."""
    return text[:1].upper() + text[1:]
