"""The position editor of Finstere Flure (``GAME.editor``; the protocol is in ``rules/core/editor.py``).

Targets are the ids the board's shapes carry: ``sq:X,Y`` for every square, ``fig:<figure id>`` for
every figure (on the board, in the start pool, saved or out) and ``monster``. A tap on a piece acts
on the square it stands on, except where the tool is about the figure itself (turning it over, the
"moved" mark, saved, out).

Palette (tool ids)
------------------
- ``stone``; ``pool4h`` / ``pool4v``: the 1 x 4 blood pool lying / standing (tap its left / top
  end); ``pool2``: the 2 x 2 pool (tap its top-left square).
- ``fig:<fid>:<value>``: that figure on the tapped square showing that value (its front value or 7
  minus it); tapped on the figure itself it turns it over in place, also in the start pool.
- ``monster:U`` ``monster:D`` ``monster:L`` ``monster:R``: the monster on the tapped square with that
  heading; tapped on the monster it turns it.
- ``empty``: a figure goes back to the start pool (a saved or out figure too, keeping its side up),
  a stone is removed, a blood square removes its whole pool; the monster cannot be removed.
- ``move``: tap a piece to pick it up; the tool becomes ``drop:fig:<fid>``, ``drop:stone:X,Y``,
  ``drop:monster`` or ``drop:pool:X,Y`` (a pool by its top-left square). Tap its new square (for a
  pool: the new top-left square) and the tool is ``move`` again; tapping its own place puts it down.
- ``moved`` (phase players): tap a figure to mark it as moved this round, or to take the mark off.
- ``saved``: the figure is saved (it joins the end of the order of saving, ff-einde-gelijke-stand);
  ``out`` (chapter 2): the figure is out of the game.

Fields
------
``phase``; ``chapter``; ``round`` (the round within the chapter, 1-7; the label gives the round of
the whole game); ``card1`` .. ``cardN``: the cards turned over this chapter, in order (N follows the
round: the cards of the rounds before, plus in phase monster the card in play, which is the last
one); in phase monster ``steps`` (steps already taken) and, for X/XX, ``caught``; in phase players
``turn`` (whose turn); in phase over ``ending``. Only fields whose value differs from the current
one are applied (a form sends them all), in that order.

The editor's own rules refuse the common impossible arrangements with a reason in the reader's
language (nl, de, en); the engine's ``state_from_position`` then judges every result, and its
refusals about the turn state (no figure left to move, the end rung outside the players' part, ...)
are translated too. Anything else it refuses comes back as the reader's own English sentence.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.core.editor import EditError, EditField, EditResult, PaletteItem, judged
from rules.core.engine import Engine, PositionError
from rules.core.inputs import is_digits

from .board import EXIT, START, Square, components, is_edge, on_board, pool2_squares, pool4_squares, pool_shape
from .position import FORMAT
from .state import (
    CARD_KINDS,
    CARDS_PER_CHAPTER,
    FULL_DECK,
    HIT_CARDS,
    MAX_HIT_STEPS,
    State,
    figure_ids,
    front_values,
    split_figure_id,
)

LANGS = ("nl", "de", "en")
DEFAULT_LANG = "nl"  # the rulebook's language

COLOUR = {
    "nl": {"red": "Rood", "yellow": "Geel", "green": "Groen", "blue": "Blauw", "purple": "Paars", "white": "Wit",
           "orange": "Oranje"},
    "de": {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau", "purple": "Lila", "white": "Weiß",
           "orange": "Orange"},
    "en": {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue", "purple": "Purple", "white": "White",
           "orange": "Orange"},
}  # fmt: skip
HEADING = {
    "nl": {"U": "omhoog", "D": "omlaag", "L": "naar links", "R": "naar rechts"},
    "de": {"U": "nach oben", "D": "nach unten", "L": "nach links", "R": "nach rechts"},
    "en": {"U": "up", "D": "down", "L": "left", "R": "right"},
}
PHASE_LABEL = {
    "players": {"nl": "De spelers zijn aan de beurt", "de": "Die Spieler ziehen", "en": "The players move"},
    "card": {"nl": "Een monsterkaart wordt omgedraaid", "de": "Eine Monsterkarte wird aufgedeckt",
             "en": "A monster card is turned over"},
    "monster": {"nl": "Het monster loopt", "de": "Das Monster läuft", "en": "The monster walks"},
    "setup": {"nl": "Het bord opbouwen (dmaufbau)", "de": "Spielplan aufbauen (dmaufbau)",
              "en": "Building the board (dmaufbau)"},
    "over": {"nl": "Het spel is afgelopen", "de": "Das Spiel ist vorbei", "en": "The game is over"},
}  # fmt: skip
PHASE_ORDER = ("players", "card", "monster", "setup", "over")
ENDING_LABEL = {
    "ff-einde-kampioenschap": {"nl": "Einde ingeluid, ronde afgemaakt", "de": "Ende eingeläutet, Runde zu Ende gespielt",
                               "en": "End rung, round finished"},
    "ff-einde-bord-leeg": {"nl": "Geen figuur meer in het spel (hoofdstuk 2)", "de": "Keine Figur mehr im Spiel (Kapitel 2)",
                           "en": "No figure left in play (chapter 2)"},
    "ff-einde-kaarten-op": {"nl": "Monsterkaarten op (hoofdstuk 2)", "de": "Monsterkarten aufgebraucht (Kapitel 2)",
                            "en": "Monster cards used up (chapter 2)"},
}  # fmt: skip

# Every sentence of the editor, per language: str.format templates.
TEXT: dict[str, dict[str, str]] = {
    # -- palette ------------------------------------------------------------------------------------
    "group.tools": {"nl": "Gereedschap", "de": "Werkzeuge", "en": "Tools"},
    "group.objects": {"nl": "Steen en bloed", "de": "Stein und Blut", "en": "Stone and blood"},
    "group.monster": {"nl": "Monster", "de": "Monster", "en": "Monster"},
    "group.figures": {"nl": "Figuren van {colour}", "de": "Figuren von {colour}", "en": "{colour}'s figures"},
    "tool.move": {
        "nl": "Verplaatsen: tik op een stuk, dan op het nieuwe veld",
        "de": "Versetzen: tippe ein Teil an, dann das neue Feld",
        "en": "Move: tap a piece, then its new square",
    },
    "tool.empty": {
        "nl": "Leegmaken: figuur terug naar de startvoorraad, steen of plas weg",
        "de": "Leeren: Figur zurück in den Startvorrat, Stein oder Lache weg",
        "en": "Empty: a figure back to the start pool, a stone or pool removed",
    },
    "tool.moved": {
        "nl": "Deze ronde al gelopen (aan/uit)",
        "de": "In dieser Runde schon gezogen (an/aus)",
        "en": "Already moved this round (on/off)",
    },
    "tool.saved": {"nl": "Gered (naar buiten)", "de": "Gerettet (hinaus)", "en": "Saved (out through the exit)"},
    "tool.out": {
        "nl": "Uit het spel (gepakt in hoofdstuk 2)",
        "de": "Aus dem Spiel (in Kapitel 2 gefangen)",
        "en": "Out of the game (caught in chapter 2)",
    },
    "tool.stone": {"nl": "Steenblok", "de": "Steinblock", "en": "Stone block"},
    "tool.pool4h": {
        "nl": "Bloedplas 1 × 4, liggend (tik op het linkerveld)",
        "de": "Blutlache 1 × 4, waagrecht (tippe das linke Feld an)",
        "en": "Blood pool 1 × 4, lying (tap its left square)",
    },
    "tool.pool4v": {
        "nl": "Bloedplas 1 × 4, staand (tik op het bovenste veld)",
        "de": "Blutlache 1 × 4, senkrecht (tippe das oberste Feld an)",
        "en": "Blood pool 1 × 4, standing (tap its top square)",
    },
    "tool.pool2": {
        "nl": "Bloedplas 2 × 2 (tik op het veld linksboven)",
        "de": "Blutlache 2 × 2 (tippe das Feld links oben an)",
        "en": "Blood pool 2 × 2 (tap its top-left square)",
    },
    "tool.monster": {
        "nl": "Monster, kijkt {heading}",
        "de": "Monster, schaut {heading}",
        "en": "Monster facing {heading}",
    },
    "tool.figure.front": {
        "nl": "{name}, toont {value} (gekleurde kant)",
        "de": "{name}, zeigt {value} (farbige Seite)",
        "en": "{name} showing {value} (coloured side)",
    },
    "tool.figure.back": {
        "nl": "{name}, toont {value} (zwarte kant)",
        "de": "{name}, zeigt {value} (schwarze Seite)",
        "en": "{name} showing {value} (black side)",
    },
    "held": {
        "nl": "Vastgehouden: {what}. Tik op het nieuwe veld.",
        "de": "In der Hand: {what}. Tippe das neue Feld an.",
        "en": "Holding {what}: tap its new square.",
    },
    "held.pool": {
        "nl": "Vastgehouden: {what}. Tik op het nieuwe veld linksboven.",
        "de": "In der Hand: {what}. Tippe das neue Feld links oben an.",
        "en": "Holding {what}: tap its new top-left square.",
    },
    "what.stone": {"nl": "het steenblok op {sq}", "de": "der Steinblock auf {sq}", "en": "the stone block on {sq}"},
    "what.monster": {"nl": "het monster", "de": "das Monster", "en": "the monster"},
    "what.pool4": {"nl": "de bloedplas van 1 × 4", "de": "die Blutlache 1 × 4", "en": "the 1 × 4 blood pool"},
    "what.pool2": {"nl": "de bloedplas van 2 × 2", "de": "die Blutlache 2 × 2", "en": "the 2 × 2 blood pool"},
    # -- fields -------------------------------------------------------------------------------------
    "field.phase": {"nl": "Fase", "de": "Phase", "en": "Phase"},
    "field.chapter": {"nl": "Hoofdstuk", "de": "Kapitel", "en": "Chapter"},
    "chapter": {"nl": "Hoofdstuk {n}", "de": "Kapitel {n}", "en": "Chapter {n}"},
    "field.round": {"nl": "Ronde", "de": "Runde", "en": "Round"},
    "roundname": {"nl": "Ronde {n}", "de": "Runde {n}", "en": "Round {n}"},
    "roundname.chapter2": {
        "nl": "Ronde {n} (ronde {r} van hoofdstuk 2)",
        "de": "Runde {n} (Runde {r} von Kapitel 2)",
        "en": "Round {n} (round {r} of chapter 2)",
    },
    "field.card": {
        "nl": "Omgedraaide kaart {i} van dit hoofdstuk",
        "de": "Aufgedeckte Karte {i} dieses Kapitels",
        "en": "Card {i} turned over this chapter",
    },
    "field.card.play": {
        "nl": "Monsterkaart in het spel (kaart {i} van dit hoofdstuk)",
        "de": "Monsterkarte im Spiel (Karte {i} dieses Kapitels)",
        "en": "Monster card in play (card {i} of this chapter)",
    },
    "cardname.steps": {"nl": "{card} stappen", "de": "{card} Schritte", "en": "{card} steps"},
    "cardname.X": {"nl": "X (één treffer)", "de": "X (ein Treffer)", "en": "X (one hit)"},
    "cardname.XX": {"nl": "XX (twee treffers)", "de": "XX (zwei Treffer)", "en": "XX (two hits)"},
    "field.steps": {
        "nl": "Stappen die het monster al gezet heeft",
        "de": "Schritte, die das Monster schon gemacht hat",
        "en": "Steps the monster has already taken",
    },
    "field.caught": {
        "nl": "Figuren die het monster deze beurt al pakte",
        "de": "Figuren, die das Monster in diesem Zug schon fing",
        "en": "Figures the monster caught this turn so far",
    },
    "field.turn": {"nl": "Aan de beurt", "de": "Am Zug", "en": "Whose turn"},
    "field.ending": {"nl": "Hoe het spel eindigde", "de": "Wie das Spiel endete", "en": "How the game ended"},
    # -- refusals -----------------------------------------------------------------------------------
    "bad-target": {
        "nl": "Dat is geen veld of stuk van dit bord.",
        "de": "Das ist kein Feld und kein Teil dieses Spielplans.",
        "en": "That is not a square or piece of this board.",
    },
    "bad-tool": {
        "nl": "Dat gereedschap bestaat hier niet.",
        "de": "Dieses Werkzeug gibt es hier nicht.",
        "en": "There is no such tool here.",
    },
    "occupied": {
        "nl": "Op {sq} staat al {what}: twee dingen kunnen niet op één veld staan.",
        "de": "Auf {sq} steht schon {what}: zwei Dinge können nicht auf einem Feld stehen.",
        "en": "{what_cap} is already on {sq}: two things cannot share a square.",
    },
    "occ.stone": {"nl": "een steenblok", "de": "ein Steinblock", "en": "a stone block"},
    "occ.monster": {"nl": "het monster", "de": "das Monster", "en": "the monster"},
    "stone-special": {
        "nl": "Een steenblok kan niet op het startveld of het doelveld liggen: daar wordt het meteen weggenomen.",
        "de": "Ein Steinblock kann nicht auf dem Start- oder Zielfeld liegen: dort wird er sofort entfernt.",
        "en": "A stone block cannot lie on the start or exit square: it is taken off at once there.",
    },
    "stone-count": {
        "nl": "Er zijn maar 11 steenblokken.",
        "de": "Es gibt nur 11 Steinblöcke.",
        "en": "There are only 11 stone blocks.",
    },
    "pool-off": {
        "nl": "De bloedplas past hier niet: {sq} ligt niet op het bord.",
        "de": "Die Blutlache passt hier nicht: {sq} liegt nicht auf dem Spielplan.",
        "en": "The blood pool does not fit here: {sq} is not on the board.",
    },
    "pool-wall": {
        "nl": "Een bloedplas raakt nooit de buitenmuur, en {sq} ligt aan de muur.",
        "de": "Eine Blutlache berührt nie die Außenmauer, und {sq} liegt an der Mauer.",
        "en": "A blood pool never touches the outer wall, and {sq} is next to it.",
    },
    "pool-touch": {
        "nl": "De twee bloedplassen mogen elkaar niet raken of overlappen.",
        "de": "Die beiden Blutlachen dürfen sich nicht berühren oder überlappen.",
        "en": "The two blood pools may not touch or overlap.",
    },
    "pool-second": {
        "nl": "Er is maar één {what}; haal de andere eerst weg of verplaats die.",
        "de": "Es gibt nur eine {what}; nimm die andere erst weg oder versetze sie.",
        "en": "There is only one {what}; remove or move the other one first.",
    },
    "pool-name.pool4": {"nl": "bloedplas van 1 × 4", "de": "Blutlache 1 × 4", "en": "1 × 4 blood pool"},
    "pool-name.pool2": {"nl": "bloedplas van 2 × 2", "de": "Blutlache 2 × 2", "en": "2 × 2 blood pool"},
    "pool-monster": {
        "nl": "Het monster staat op {sq}, en het monster staat nooit op bloed.",
        "de": "Das Monster steht auf {sq}, und das Monster steht nie auf Blut.",
        "en": "The monster stands on {sq}, and the monster never stands on blood.",
    },
    "monster-blood": {
        "nl": "Het monster staat nooit op bloed: het glijdt altijd door tot voorbij de plas.",
        "de": "Das Monster steht nie auf Blut: es rutscht immer bis hinter die Lache.",
        "en": "The monster never stands on blood: it always slides on past the pool.",
    },
    "monster-stays": {
        "nl": "Het monster staat altijd op het bord; verplaats het, of tik er met een monster "
        "met een kijkrichting op om het te draaien.",
        "de": "Das Monster steht immer auf dem Spielplan; versetze es, oder tippe es mit einem Monster "
        "mit Blickrichtung an, um es zu drehen.",
        "en": "The monster is always on the board; move it, or tap it with a monster facing a direction to turn it.",
    },
    "nothing-here": {
        "nl": "Op {sq} staat niets om te verplaatsen.",
        "de": "Auf {sq} steht nichts zum Versetzen.",
        "en": "There is nothing on {sq} to move.",
    },
    "tap-square": {
        "nl": "Tik op een veld van het bord.",
        "de": "Tippe ein Feld des Spielplans an.",
        "en": "Tap a square of the board.",
    },
    "no-figure": {"nl": "Tik op een figuur.", "de": "Tippe eine Figur an.", "en": "Tap a figure."},
    "held-gone": {
        "nl": "Het stuk dat je vasthield, is er niet meer; kies opnieuw.",
        "de": "Das Teil in deiner Hand ist nicht mehr da; wähle neu.",
        "en": "The piece you were holding is no longer there; choose again.",
    },
    "out-chapter-1": {
        "nl": "In hoofdstuk 1 gaat geen figuur verloren: een gepakte figuur gaat terug naar de startvoorraad.",
        "de": "In Kapitel 1 geht keine Figur verloren: eine gefangene Figur kommt zurück in den Startvorrat.",
        "en": "No figure is lost in chapter 1: a caught figure goes back to the start pool.",
    },
    "moved-phase": {
        "nl": "Of een figuur al gelopen heeft, telt alleen terwijl de spelers aan de beurt zijn.",
        "de": "Ob eine Figur schon gezogen hat, zählt nur, während die Spieler ziehen.",
        "en": "Whether a figure has moved only counts while the players are moving.",
    },
    "not-in-play": {
        "nl": "{name} is niet meer in het spel.",
        "de": "{name} ist nicht mehr im Spiel.",
        "en": "{name} is no longer in play.",
    },
    "first-round": {
        "nl": "In de eerste ronde verplaatst elke speler maar twee figuren.",
        "de": "In der ersten Runde zieht jeder Spieler nur zwei Figuren.",
        "en": "In the first round each player moves only two figures.",
    },
    "no-mover": {
        "nl": "Dan moet niemand deze ronde nog een figuur laten lopen; kies dan als fase: "
        "een monsterkaart wordt omgedraaid.",
        "de": "Dann muss in dieser Runde niemand mehr eine Figur ziehen; wähle dann als Phase: "
        "eine Monsterkarte wird aufgedeckt.",
        "en": "Then nobody has a figure left to move this round; choose the phase: a monster card is turned over.",
    },
    "end-rung": {
        "nl": "Een speler heeft al zijn figuren op één na gered: het einde is ingeluid, dus zijn de "
        "spelers aan de beurt of is het spel afgelopen.",
        "de": "Ein Spieler hat alle Figuren bis auf eine gerettet: das Ende ist eingeläutet, also ziehen "
        "die Spieler oder das Spiel ist vorbei.",
        "en": "A player has saved all figures but one: the end has been rung, so the players are "
        "moving or the game is over.",
    },
    "chapter-2-empty": {
        "nl": "In hoofdstuk 2 is het spel afgelopen zodra er geen figuur meer op het bord of in de startvoorraad is.",
        "de": "In Kapitel 2 ist das Spiel vorbei, sobald keine Figur mehr auf dem Spielplan oder im Startvorrat ist.",
        "en": "In chapter 2 the game is over as soon as no figure is left on the board or in the start pool.",
    },
    "setup-figures": {
        "nl": "Zolang het bord wordt opgebouwd, wachten alle figuren met de gekleurde kant boven in de startvoorraad.",
        "de": "Solange der Spielplan aufgebaut wird, warten alle Figuren mit der farbigen Seite nach oben "
        "im Startvorrat.",
        "en": "While the board is being built, every figure waits in the start pool, coloured side up.",
    },
    "setup-start": {
        "nl": "Het bord wordt opgebouwd voor de eerste ronde van hoofdstuk 1, voordat er een figuur gered is.",
        "de": "Der Spielplan wird vor der ersten Runde von Kapitel 1 aufgebaut, bevor eine Figur gerettet ist.",
        "en": "The board is built before the first round of chapter 1, before any figure is saved.",
    },
    "setup-done": {
        "nl": "Alle steenblokken en beide bloedplassen liggen al: het spel zou dan al begonnen zijn.",
        "de": "Alle Steinblöcke und beide Blutlachen liegen schon: das Spiel hätte dann schon begonnen.",
        "en": "Every stone block and both blood pools are placed: the game would have started.",
    },
    "card-count": {
        "nl": "Er zijn maar {n} kaart(en) {card} (de kaarten zijn 5, 7, 7, 8, 8, 10, X, XX).",
        "de": "Es gibt nur {n} Karte(n) {card} (die Karten sind 5, 7, 7, 8, 8, 10, X, XX).",
        "en": "There are only {n} card(s) {card} (the cards are 5, 7, 7, 8, 8, 10, X, XX).",
    },
    "seven-cards": {
        "nl": "Na zeven omgedraaide kaarten is het hoofdstuk voorbij; de achtste kaart wordt niet gespeeld.",
        "de": "Nach sieben aufgedeckten Karten ist das Kapitel vorbei; die achte Karte wird nicht gespielt.",
        "en": "After seven cards turned over the chapter is over; the eighth card is never played.",
    },
    "first-card": {
        "nl": "De eerste monsterkaart van het spel is nooit X of XX.",
        "de": "Die erste Monsterkarte des Spiels ist nie X oder XX.",
        "en": "The first monster card of the game is never X or XX.",
    },
    "steps-limit": {
        "nl": "Met kaart {card} kan het monster hoogstens {n} stappen al gezet hebben.",
        "de": "Mit Karte {card} kann das Monster höchstens {n} Schritte schon gemacht haben.",
        "en": "With card {card} the monster can have taken at most {n} steps so far.",
    },
    "caught-limit": {
        "nl": "Met kaart {card} stopt het monster zodra het {n} figuur/figuren gepakt heeft.",
        "de": "Mit Karte {card} hält das Monster an, sobald es {n} Figur(en) gefangen hat.",
        "en": "With card {card} the monster stops as soon as it has caught {n} figure(s).",
    },
    "turn-impossible": {
        "nl": "{player} kan nu niet aan de beurt zijn: aan de beurt is, van wie nog een figuur moet "
        "laten lopen, wie deze ronde de minste beurten deed. Markeer eerst welke figuren al "
        "gelopen hebben.",
        "de": "{player} kann jetzt nicht am Zug sein: am Zug ist, wer noch eine Figur ziehen muss und "
        "in dieser Runde die wenigsten Züge gemacht hat. Markiere erst, welche Figuren schon "
        "gezogen haben.",
        "en": "{player} cannot be the one to move: it is whoever still has a figure to move and has "
        "taken the fewest turns this round. Mark the figures that have moved first.",
    },
    "not-over": {
        "nl": "Het spel is nog niet afgelopen: niemand heeft al zijn figuren op één na gered, en in "
        "hoofdstuk 2 zijn er nog figuren en kaarten.",
        "de": "Das Spiel ist noch nicht vorbei: niemand hat alle Figuren bis auf eine gerettet, und in "
        "Kapitel 2 gibt es noch Figuren und Karten.",
        "en": "The game is not over: nobody has saved all figures but one, and in chapter 2 there are "
        "still figures and cards.",
    },
    "ending-mismatch": {
        "nl": "Zo kan het spel in deze stand niet geëindigd zijn.",
        "de": "So kann das Spiel in dieser Stellung nicht geendet haben.",
        "en": "The game cannot have ended that way in this position.",
    },
}

Board = dict[str, Any]  # a working copy of a canonical position


def lang_of(lang: str | None) -> str:
    return lang if lang in LANGS else DEFAULT_LANG


def text(key: str, lang: str | None, **data: Any) -> str:
    return TEXT[key][lang_of(lang)].format(**data)


def sq_text(square: Square) -> str:
    return f"({square[0]}, {square[1]})"


def figure_label(fid: str, lang: str | None) -> str:
    colour, front = split_figure_id(fid)
    return f"{COLOUR[lang_of(lang)].get(colour, colour)} {front}"


def card_label(card: str, lang: str | None) -> str:
    return text(f"cardname.{card}", lang) if card in HIT_CARDS else text("cardname.steps", lang, card=card)


# -- reading targets and tools ------------------------------------------------------------------------


def parse_square(raw: str) -> Square | None:
    parts = raw.split(",")
    if len(parts) != 2 or not all(is_digits(p, 2) for p in parts):
        return None
    sq = (int(parts[0]), int(parts[1]))
    return sq if on_board(sq) else None


def _sq_of(value: Any) -> Square:
    return (int(value[0]), int(value[1]))


class _Work:
    """A working copy of a canonical position, read by the position format (``position.FORMAT``:
    squares as tuples) and written back through it, with the small queries the tools need."""

    def __init__(self, pos: Mapping[str, Any]):
        try:
            self.pos: Board = FORMAT.decode(copy.deepcopy(dict(pos)))
        except PositionError as exc:
            raise EditError(exc.reason, exc.field, engine=True) from None
        pos = self.pos
        self.players: list[str] = list(pos["players"])
        self.stones: list[Square] = list(pos["stones"])
        self.blood: set[Square] = set(pos["blood"])
        self.monster: Square = pos["monster"]["at"]
        self.facing: str = pos["monster"]["facing"]
        self.figs: dict[str, Any] = {fid: raw if isinstance(raw, str) else dict(raw) for fid, raw in pos["figures"].items()}
        self.saved: list[str] = list(pos["saved"])
        turn = pos["turn"] or {}
        taken = turn.get("turns_taken") or {}
        self.extra = {p: max(0, int(taken.get(p, 0)) - self.moved_count(p)) for p in self.players}

    # -- queries -------------------------------------------------------------------------------------

    def figure_at(self, sq: Square) -> str | None:
        for fid, f in self.figs.items():
            if isinstance(f, dict) and f["at"] != "pool" and _sq_of(f["at"]) == sq:
                return fid
        return None

    def where(self, fid: str) -> Square | str:
        f = self.figs[fid]
        if isinstance(f, str):
            return f
        return "pool" if f["at"] == "pool" else _sq_of(f["at"])

    def moved_count(self, player: str) -> int:
        return sum(1 for fid, f in self.figs.items() if isinstance(f, dict) and f["moved"]
                   and split_figure_id(fid)[0] == player)  # fmt: skip

    def pool_of(self, sq: Square) -> frozenset[Square] | None:
        for group in components(self.blood):
            if sq in group:
                return group
        return None

    def occupant(self, sq: Square, lang: str | None) -> str | None:
        """What stands on ``sq`` (a figure, a stone, the monster), named for a refusal."""
        fid = self.figure_at(sq)
        if fid is not None:
            return figure_label(fid, lang)
        if sq in self.stones:
            return text("occ.stone", lang)
        if sq == self.monster:
            return text("occ.monster", lang)
        return None

    def refuse_occupied(self, sq: Square, lang: str | None, *, ignore: Square | None = None) -> None:
        if sq == ignore:
            return
        what = self.occupant(sq, lang)
        if what is not None:
            raise EditError(text("occupied", lang, sq=sq_text(sq), what=what, what_cap=what[:1].upper() + what[1:]))

    # -- changes -------------------------------------------------------------------------------------

    def set_figure(self, fid: str, at: Square | str, showing: int | None = None, moved: bool | None = None) -> None:
        old = self.figs[fid]
        front = split_figure_id(fid)[1]
        if isinstance(old, str):
            old = {"at": "pool", "showing": front, "moved": False}
        if fid in self.saved and at != "saved":
            self.saved.remove(fid)
        if at in ("saved", "out"):
            self.figs[fid] = at
            if at == "saved" and fid not in self.saved:
                self.saved.append(fid)
            return
        self.figs[fid] = {
            "at": at if at == "pool" else list(at),
            "showing": old["showing"] if showing is None else showing,
            "moved": old["moved"] if moved is None else moved,
        }

    def position(self) -> Board:
        pos = dict(self.pos)
        pos["stones"] = [list(s) for s in self.stones]
        pos["blood"] = [list(s) for s in sorted(self.blood)]
        pos["monster"] = {"at": list(self.monster), "facing": self.facing}
        pos["figures"] = dict(self.figs)
        pos["saved"] = list(self.saved)
        pos.pop("deck", None)  # derived: the eight cards minus the discard
        if pos["phase"] == "players":
            taken = {}
            for p in self.players:
                saved_here = sum(1 for fid in self.saved if split_figure_id(fid)[0] == p)
                taken[p] = self.moved_count(p) + min(self.extra.get(p, 0), saved_here)
            pos["turn"] = {"turns_taken": taken}
        if pos["phase"] == "setup":
            pos["placement"] = None  # derived from the objects on the board
        if pos["phase"] != "over":
            pos.pop("round", None)  # derived from chapter, discard and phase
        return FORMAT.encode(pos)


def canonical(engine: Engine[Any], position: Mapping[str, Any]) -> Board:
    return judged(engine, position)


def check(engine: Engine[Any], pos: Mapping[str, Any], lang: str | None) -> Board:
    """The engine's judgement of an edited position, its refusals about the turn state in ``lang``."""
    try:
        return engine.position_of(engine.state_from_position(dict(pos)))
    except PositionError as exc:
        key = _translated(exc)
        if key is None:
            raise EditError(exc.reason, exc.field, engine=True) from None
        raise EditError(text(key, lang), exc.field) from None


def _translated(exc: PositionError) -> str | None:
    field, reason = exc.field, exc.reason
    if field == "turn" and "no figure is left" in reason:
        return "no-mover"
    if field == "saved" and "end has been rung" in reason:
        return "end-rung"
    if field == "figures" and "chapter 2" in reason:
        return "chapter-2-empty"
    if field.startswith("turn.turns_taken") and "first round" in reason:
        return "first-round"
    if field.startswith("figures.") and "board is built" in reason:
        return "setup-figures"
    if field == "phase" and "board is built" in reason:
        return "setup-start"
    if field == "placement" and "nothing left" in reason:
        return "setup-done"
    if field.startswith("figures.") and "no figure is lost in chapter 1" in reason:
        return "out-chapter-1"
    if field == "ending" and "needs" in reason:
        return "ending-mismatch"
    if field.startswith("discard.0") and "first card" in reason:
        return "first-card"
    if field == "discard" and ("chapter is over" in reason or "at most" in reason):
        return "seven-cards"
    return None


# -- the editor --------------------------------------------------------------------------------------


class FinstereFlureEditor:
    """The position editor (``rules.core.editor.Editor``)."""

    # -- blank ---------------------------------------------------------------------------------------

    def blank(self, engine: Engine[Any], position: Mapping[str, Any]) -> dict[str, Any]:
        """The same players, every figure in the start pool coloured side up, no stones or blood, the
        monster on its start square (ff-monster-beginpositie), the first round's players' part."""
        players = canonical(engine, position)["players"]
        return canonical(engine, {
            "game": "finstere-flure",
            "players": players,
            "phase": "players",
            "chapter": 1,
            "monster": {"at": list(EXIT), "facing": "R"},
            "stones": [],
            "blood": [],
            "figures": {fid: "pool" for fid in figure_ids(tuple(players))},
        })  # fmt: skip

    # -- figures off the board -------------------------------------------------------------------------

    def off_board(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
        """Figures not drawn on the board (start pool, saved, out) as tap targets under it: tapped with
        a tool they turn over, get marked, or are picked up like any figure."""
        where = {
            "nl": {"pool": "startvoorraad, toont {v}", "saved": "gered", "out": "uit het spel"},
            "de": {"pool": "Startvorrat, zeigt {v}", "saved": "gerettet", "out": "aus dem Spiel"},
            "en": {"pool": "start pool, showing {v}", "saved": "saved", "out": "out of the game"},
        }[lang_of(lang)]
        out = []
        for fid, fig in canonical(engine, position)["figures"].items():
            if isinstance(fig, dict) and fig.get("at") != "pool":
                continue
            state = "pool" if isinstance(fig, dict) or fig == "pool" else str(fig)
            showing = fig.get("showing", "") if isinstance(fig, dict) else ""
            out.append((f"fig:{fid}", f"{figure_label(fid, lang)} ({where[state].format(v=showing)})"))
        return out

    # -- palette -------------------------------------------------------------------------------------

    def held(self, engine: Engine[Any], position: Mapping[str, Any], tool: str) -> str | None:
        """The board target of the piece a "move" picked up (the page marks it)."""
        kind, _, rest = tool.removeprefix("drop:").partition(":") if tool.startswith("drop:") else ("", "", "")
        if kind == "fig":
            return f"fig:{rest}"
        if kind == "monster":
            return "monster"
        if kind in ("stone", "pool"):
            return f"sq:{rest}"
        return None

    def palette(self, engine: Engine[Any], position: Mapping[str, Any], tool: str, lang: str) -> list[PaletteItem]:
        pos = canonical(engine, position)
        tools = text("group.tools", lang)
        items: list[PaletteItem] = []
        if tool.startswith("drop:"):
            held = self._held_label(pos, tool, lang)
            if held is not None:
                items.append(PaletteItem(tool, held, css="tool tool-held", glyph="✋", group=tools))
        items.append(PaletteItem("move", text("tool.move", lang), css="tool", glyph="↔", group=tools))
        items.append(PaletteItem("empty", text("tool.empty", lang), css="tool", glyph="∅", group=tools))
        if pos["phase"] == "players":
            items.append(PaletteItem("moved", text("tool.moved", lang), css="tool", glyph="✓", group=tools))
        items.append(PaletteItem("saved", text("tool.saved", lang), css="tool", glyph="↖", group=tools))
        if pos["chapter"] == 2:
            items.append(PaletteItem("out", text("tool.out", lang), css="tool", glyph="✕", group=tools))
        objects = text("group.objects", lang)
        items.append(PaletteItem("stone", text("tool.stone", lang), css="stone", glyph="■", group=objects))
        for kind, glyph in (("pool4h", "1×4"), ("pool4v", "4×1"), ("pool2", "2×2")):
            items.append(PaletteItem(kind, text(f"tool.{kind}", lang), css="sq-blood", glyph=glyph, group=objects))
        monster = text("group.monster", lang)
        for d, glyph in (("U", "▲"), ("D", "▼"), ("L", "◀"), ("R", "▶")):
            label = text("tool.monster", lang, heading=HEADING[lang_of(lang)][d])
            items.append(PaletteItem(f"monster:{d}", label, css="monster", glyph=glyph, group=monster))
        players = tuple(pos["players"])
        for colour in players:
            group = text("group.figures", lang, colour=COLOUR[lang_of(lang)][colour])
            for front in front_values(len(players)):
                fid = f"{colour}{front}"
                name = figure_label(fid, lang)
                for value, key, css in ((front, "front", ""), (7 - front, "back", " fig-back")):
                    label = text(f"tool.figure.{key}", lang, name=name, value=value)
                    items.append(
                        PaletteItem(
                            f"fig:{fid}:{value}", label, css=f"fig-{colour}{css}", glyph=str(value), group=group
                        )
                    )
        return items

    def _held_label(self, pos: Mapping[str, Any], tool: str, lang: str | None) -> str | None:
        kind, _, rest = tool[len("drop:") :].partition(":")
        if kind == "fig" and rest in pos["figures"]:
            return text("held", lang, what=figure_label(rest, lang))
        if kind == "monster" and not rest:
            return text("held", lang, what=text("what.monster", lang))
        sq = parse_square(rest)
        if kind == "stone" and sq is not None:
            return text("held", lang, what=text("what.stone", lang, sq=sq_text(sq)))
        if kind == "pool" and sq is not None:
            group = _Work(pos).pool_of(sq)
            shape = pool_shape(group) if group else None
            if shape:
                return text("held.pool", lang, what=text(f"what.{shape}", lang))
        return None

    # -- place ---------------------------------------------------------------------------------------

    def place(self, engine: Engine[Any], position: Mapping[str, Any], target: str, tool: str, lang: str) -> EditResult:
        w = _Work(canonical(engine, position))
        fid, sq = self._target(w, target, lang)
        next_tool: str | None = None
        if tool == "move":
            return EditResult(canonical(engine, position), self._pick_up(w, fid, sq, lang))
        if tool.startswith("drop:"):
            self._drop(w, tool, fid, sq, lang)
            next_tool = "move"
        elif tool == "stone":
            self._stone(w, self._square(sq, lang), lang)
        elif tool in ("pool4h", "pool4v", "pool2"):
            self._pool(w, tool, self._square(sq, lang), lang)
        elif tool.startswith("monster:") and tool[-1] in "UDLR" and len(tool) == len("monster:") + 1:
            self._monster(w, self._square(sq, lang), tool[-1], lang)
        elif tool.startswith("fig:"):
            self._figure(w, tool, fid, sq, lang)
        elif tool == "empty":
            self._empty(w, fid, sq, lang)
        elif tool in ("moved", "saved", "out"):
            if fid is None:
                raise EditError(text("no-figure", lang))
            if tool == "moved":
                self._moved(w, fid, lang)
            elif tool == "saved":
                w.set_figure(fid, "saved")
            else:
                self._out(w, fid, lang)
        else:
            raise EditError(text("bad-tool", lang))
        return EditResult(check(engine, w.position(), lang), next_tool)

    @staticmethod
    def _target(w: _Work, target: str, lang: str | None) -> tuple[str | None, Square | None]:
        """(the figure tapped, the square tapped): a figure off the board has no square."""
        kind, _, rest = target.partition(":")
        if kind == "sq":
            sq = parse_square(rest)
            if sq is None:
                raise EditError(text("bad-target", lang))
            return w.figure_at(sq), sq
        if kind == "fig" and rest in w.figs:
            at = w.where(rest)
            return rest, at if isinstance(at, tuple) else None
        if target == "monster":
            return None, w.monster
        raise EditError(text("bad-target", lang))

    @staticmethod
    def _square(sq: Square | None, lang: str | None) -> Square:
        if sq is None:
            raise EditError(text("tap-square", lang))
        return sq

    # -- the tools -------------------------------------------------------------------------------------

    def _stone(self, w: _Work, sq: Square, lang: str | None) -> None:
        if sq in w.stones:
            return
        w.refuse_occupied(sq, lang)
        if sq in (START, EXIT):
            raise EditError(text("stone-special", lang))
        if len(w.stones) >= 11:
            raise EditError(text("stone-count", lang))
        w.stones.append(sq)

    def _pool_squares(self, kind: str, sq: Square) -> tuple[Square, ...]:
        if kind == "pool2":
            return pool2_squares(*sq)
        return pool4_squares(sq[0], sq[1], "h" if kind == "pool4h" else "v")

    def _pool(
        self, w: _Work, kind: str, sq: Square, lang: str | None, *, moving: frozenset[Square] = frozenset()
    ) -> None:
        squares = self._pool_squares(kind, sq)
        shape = "pool2" if kind == "pool2" else "pool4"
        rest = w.blood - moving
        for group in components(rest):
            if pool_shape(group) == shape:
                raise EditError(text("pool-second", lang, what=text(f"pool-name.{shape}", lang)))
        for s in squares:
            if not on_board(s):
                raise EditError(text("pool-off", lang, sq=sq_text(s)))
        for s in squares:
            if is_edge(s):
                raise EditError(text("pool-wall", lang, sq=sq_text(s)))
        for s in squares:
            if s == w.monster:
                raise EditError(text("pool-monster", lang, sq=sq_text(s)))
        near = {(x + dx, y + dy) for x, y in squares for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
        if near & rest:
            raise EditError(text("pool-touch", lang))
        w.blood = rest | set(squares)

    def _monster(self, w: _Work, sq: Square, facing: str, lang: str | None) -> None:
        if sq != w.monster:
            w.refuse_occupied(sq, lang)
            if sq in w.blood:
                raise EditError(text("monster-blood", lang))
            w.monster = sq
        w.facing = facing

    def _figure(self, w: _Work, tool: str, fid: str | None, sq: Square | None, lang: str | None) -> None:
        parts = tool.split(":")
        if len(parts) != 3 or parts[1] not in w.figs or not is_digits(parts[2], 2):
            raise EditError(text("bad-tool", lang))
        placing, value = parts[1], int(parts[2])
        front = split_figure_id(placing)[1]
        if value not in (front, 7 - front):
            raise EditError(text("bad-tool", lang))
        if fid == placing and w.where(placing) == "pool":
            w.set_figure(placing, "pool", showing=value)  # turned over in the start pool
            return
        square = self._square(sq, lang)
        if w.figure_at(square) != placing:
            w.refuse_occupied(square, lang)
        w.set_figure(placing, square, showing=value)

    def _empty(self, w: _Work, fid: str | None, sq: Square | None, lang: str | None) -> None:
        if fid is not None:
            w.set_figure(fid, "pool")
            return
        assert sq is not None  # a target without a figure is a square
        if sq == w.monster:
            raise EditError(text("monster-stays", lang))
        if sq in w.stones:
            w.stones.remove(sq)
            return
        group = w.pool_of(sq)
        if group is not None:
            w.blood -= group

    def _moved(self, w: _Work, fid: str, lang: str | None) -> None:
        if w.pos["phase"] != "players":
            raise EditError(text("moved-phase", lang))
        f = w.figs[fid]
        if isinstance(f, str):
            raise EditError(text("not-in-play", lang, name=figure_label(fid, lang)))
        player = split_figure_id(fid)[0]
        if not f["moved"] and w.pos["chapter"] == 1 and w.pos["round"] == 1 and w.moved_count(player) >= 2:
            raise EditError(text("first-round", lang))
        f["moved"] = not f["moved"]

    def _out(self, w: _Work, fid: str, lang: str | None) -> None:
        if w.pos["chapter"] == 1:
            raise EditError(text("out-chapter-1", lang))
        w.set_figure(fid, "out")

    # -- move: pick up and drop ----------------------------------------------------------------------

    def _pick_up(self, w: _Work, fid: str | None, sq: Square | None, lang: str | None) -> str:
        if fid is not None:
            return f"drop:fig:{fid}"
        assert sq is not None
        if sq == w.monster:
            return "drop:monster"
        if sq in w.stones:
            return f"drop:stone:{sq[0]},{sq[1]}"
        group = w.pool_of(sq)
        if group is not None:
            x, y = min(group, key=lambda s: (s[1], s[0]))
            return f"drop:pool:{x},{y}"
        raise EditError(text("nothing-here", lang, sq=sq_text(sq)))

    def _drop(self, w: _Work, tool: str, fid: str | None, sq: Square | None, lang: str | None) -> None:
        kind, _, rest = tool[len("drop:") :].partition(":")
        if kind == "fig":
            if rest not in w.figs:
                raise EditError(text("held-gone", lang))
            if fid == rest:
                return  # put down where it is
            square = self._square(sq, lang)
            w.refuse_occupied(square, lang)
            at = w.where(rest)
            showing = split_figure_id(rest)[1] if at in ("saved", "out") else None
            w.set_figure(rest, square, showing=showing, moved=False if at in ("saved", "out") else None)
            return
        if kind == "monster" and not rest:
            square = self._square(sq, lang)
            self._monster(w, square, w.facing, lang)
            return
        origin = parse_square(rest)
        if kind == "stone" and origin is not None:
            if origin not in w.stones:
                raise EditError(text("held-gone", lang))
            square = self._square(sq, lang)
            if square == origin:
                return
            w.refuse_occupied(square, lang)
            if square in (START, EXIT):
                raise EditError(text("stone-special", lang))
            w.stones[w.stones.index(origin)] = square
            return
        if kind == "pool" and origin is not None:
            group = w.pool_of(origin)
            shape = pool_shape(group) if group else None
            if group is None or shape is None:
                raise EditError(text("held-gone", lang))
            square = self._square(sq, lang)
            x0, y0 = min(group, key=lambda s: (s[1], s[0]))
            if square == (x0, y0):
                return
            if shape == "pool2":
                pool_kind = "pool2"
            else:
                pool_kind = "pool4h" if len({y for _x, y in group}) == 1 else "pool4v"
            self._pool(w, pool_kind, square, lang, moving=group)
            return
        raise EditError(text("bad-tool", lang))

    # -- fields --------------------------------------------------------------------------------------

    def fields(self, engine: Engine[Any], position: Mapping[str, Any], lang: str) -> list[EditField]:
        pos = canonical(engine, position)
        values = self._values(pos)
        phase, chapter = pos["phase"], pos["chapter"]
        out = [
            EditField("phase", text("field.phase", lang),
                      tuple((p, PHASE_LABEL[p][lang_of(lang)]) for p in PHASE_ORDER), values["phase"]),
            EditField("chapter", text("field.chapter", lang),
                      tuple((str(n), text("chapter", lang, n=n)) for n in (1, 2)), values["chapter"]),
        ]  # fmt: skip
        top = 1 if phase == "setup" else CARDS_PER_CHAPTER + (1 if phase == "over" else 0)
        rounds = tuple((str(r), self._round_label(chapter, r, lang)) for r in range(1, top + 1))
        if values["round"] not in {v for v, _l in rounds}:
            rounds += ((values["round"], self._round_label(chapter, int(values["round"]), lang)),)
        out.append(EditField("round", text("field.round", lang), rounds, values["round"]))
        discard = pos["discard"]
        for i, card in enumerate(discard, start=1):
            kinds = [c for c in CARD_KINDS if not (i == 1 and chapter == 1 and c in HIT_CARDS)]
            key = "field.card.play" if phase == "monster" and i == len(discard) else "field.card"
            out.append(
                EditField(f"card{i}", text(key, lang, i=i), tuple((c, card_label(c, lang)) for c in kinds), card)
            )
        if phase == "monster":
            mt = pos["monster_turn"]
            limit = MAX_HIT_STEPS if mt["card"] in HIT_CARDS else int(mt["card"])
            out.append(
                EditField(
                    "steps", text("field.steps", lang), tuple((str(n), str(n)) for n in range(limit)), str(mt["steps"])
                )
            )
            if mt["card"] in HIT_CARDS:
                out.append(
                    EditField(
                        "caught",
                        text("field.caught", lang),
                        tuple((str(n), str(n)) for n in range(HIT_CARDS[mt["card"]])),
                        str(mt["caught"]),
                    )
                )
        if phase == "players":
            out.append(
                EditField(
                    "turn",
                    text("field.turn", lang),
                    tuple((p, COLOUR[lang_of(lang)][p]) for p in pos["players"]),
                    values["turn"],
                )
            )
        if phase == "over":
            out.append(
                EditField(
                    "ending",
                    text("field.ending", lang),
                    tuple((e, ENDING_LABEL[e][lang_of(lang)]) for e in ENDING_LABEL),
                    pos["ending"],
                )
            )
        return out

    @staticmethod
    def _round_label(chapter: int, r: int, lang: str | None) -> str:
        if chapter == 1:
            return text("roundname", lang, n=r)
        return text("roundname.chapter2", lang, n=CARDS_PER_CHAPTER + r, r=r)

    @staticmethod
    def _values(pos: Mapping[str, Any]) -> dict[str, str]:
        offset = 0 if pos["chapter"] == 1 else CARDS_PER_CHAPTER
        values = {
            "phase": pos["phase"],
            "chapter": str(pos["chapter"]),
            "round": str(pos["round"] - offset),
            "turn": (pos.get("turn") or {}).get("player") or "",
            "ending": pos.get("ending") or "",
        }
        for i, card in enumerate(pos["discard"], start=1):
            values[f"card{i}"] = card
        mt = pos.get("monster_turn")
        if mt:
            values["steps"], values["caught"] = str(mt["steps"]), str(mt["caught"])
        return values

    def set_fields(
        self, engine: Engine[Any], position: Mapping[str, Any], values: Mapping[str, str], lang: str
    ) -> dict[str, Any]:
        pos = canonical(engine, position)
        old = self._values(pos)
        changed = {k: v for k, v in values.items() if old.get(k) != v}
        w = _Work(pos)
        new: Board = w.position()
        new["round"] = pos["round"]
        phase, chapter = pos["phase"], pos["chapter"]
        r = pos["round"] - (0 if chapter == 1 else CARDS_PER_CHAPTER)
        discard = list(pos["discard"])
        if "chapter" in changed:
            chapter = int(changed["chapter"])
            if chapter == 1 and any(f == "out" for f in w.figs.values()):
                raise EditError(text("out-chapter-1", lang))
        if "phase" in changed:
            phase = changed["phase"]
            if phase == "setup":
                chapter, r = 1, 1
        if "round" in changed:
            r = int(changed["round"])
        if {"chapter", "phase", "round"} & changed.keys():
            discard = self._discard_for(discard, phase, chapter, r, "round" in changed or phase != "over")
        for i in range(1, len(discard) + 1):
            card = changed.get(f"card{i}")
            if card is not None:
                discard[i - 1] = card
        self._check_cards(discard, chapter, lang)
        new.update(phase=phase, chapter=chapter, discard=discard)
        new["round"] = (0 if chapter == 1 else CARDS_PER_CHAPTER) + r
        if phase != "over":
            new.pop("round")
        for key in ("turn", "monster_turn", "placement", "ending"):
            new[key] = None
        figures = new["figures"]
        if phase != "players":
            for fid, f in figures.items():
                if isinstance(f, dict) and f["moved"]:
                    figures[fid] = {**f, "moved": False}
        if phase == "players":
            new["turn"] = w.position()["turn"] if pos["phase"] == "players" else {}
            if "turn" in changed:
                new["turn"] = self._turn_for(engine, new, changed["turn"], lang)
        elif phase == "monster":
            new["monster_turn"] = self._monster_turn(pos, discard, changed, lang)
        elif phase == "over":
            new["ending"] = changed.get("ending") or pos.get("ending") or self._ending_for(engine, new, lang)
        return check(engine, new, lang)

    @staticmethod
    def _discard_for(discard: list[str], phase: str, chapter: int, r: int, by_round: bool) -> list[str]:
        """The cards turned over this chapter in round ``r`` of ``phase``: cut, or filled up in the order of
        the deck (never X or XX first in chapter 1)."""
        if not by_round:
            return discard
        if phase == "setup":
            return []
        want = r if phase == "monster" else r - 1
        out = discard[:want]
        while len(out) < want:
            left = Counter(FULL_DECK) - Counter(out)
            for c in FULL_DECK:
                if left[c] and not (not out and chapter == 1 and c in HIT_CARDS):
                    out.append(c)
                    break
        return out

    @staticmethod
    def _check_cards(discard: list[str], chapter: int, lang: str | None) -> None:
        counts, full = Counter(discard), Counter(FULL_DECK)
        for card in CARD_KINDS:
            if counts[card] > full[card]:
                raise EditError(text("card-count", lang, n=full[card], card=card), "discard")
        if chapter == 1 and discard and discard[0] in HIT_CARDS:
            raise EditError(text("first-card", lang), "discard")

    @staticmethod
    def _monster_turn(
        pos: Mapping[str, Any], discard: list[str], changed: Mapping[str, str], lang: str | None
    ) -> Board:
        card = discard[-1]
        mt = pos.get("monster_turn") or {"steps": 0, "caught": 0}
        limit = MAX_HIT_STEPS if card in HIT_CARDS else int(card)
        steps = int(changed.get("steps", mt["steps"]))
        if steps >= limit:
            if "steps" in changed:
                raise EditError(text("steps-limit", lang, card=card, n=limit - 1), "monster_turn.steps")
            steps = limit - 1
        caught = int(changed.get("caught", mt["caught"]))
        if card in HIT_CARDS and caught >= HIT_CARDS[card]:
            if "caught" in changed:
                raise EditError(text("caught-limit", lang, card=card, n=HIT_CARDS[card]), "monster_turn.caught")
            caught = 0
        return {"card": card, "steps": steps, "caught": caught}

    @staticmethod
    def _turn_for(engine: Engine[Any], pos: Board, player: str, lang: str | None) -> Board:
        """Turns taken this round such that ``player`` is to move: each player took as many turns as
        figures marked moved, plus up to one per figure saved (a turn that saved a figure leaves no
        mark); the fewest extra turns win."""
        try:
            state: State = engine.state_from_position(dict(pos, turn={}))
        except PositionError:
            raise EditError(text("turn-impossible", lang, player=COLOUR[lang_of(lang)].get(player, player))) from None
        ranges = []
        for p in state.players:
            moved = sum(1 for f in state.figures if f.owner == p and f.moved)
            top = min(moved + state.saved_count(p), state.figures_per_player, 2 if state.first_round else 99)
            ranges.append(range(moved, max(moved, top) + 1))
        best: tuple[int, ...] | None = None
        for combo in itertools.product(*ranges):
            if replace(state, turns=tuple(combo)).player_to_move() == player:
                if best is None or sum(combo) < sum(best):
                    best = tuple(combo)
        if best is None:
            raise EditError(text("turn-impossible", lang, player=COLOUR[lang_of(lang)].get(player, player)), "turn")
        return {"turns_taken": dict(zip(state.players, best, strict=True))}

    @staticmethod
    def _ending_for(engine: Engine[Any], pos: Board, lang: str | None) -> str:
        for ending in ENDING_LABEL:
            try:
                engine.state_from_position(dict(pos, ending=ending))
            except PositionError:
                continue
            return ending
        raise EditError(text("not-over", lang), "phase")


EDITOR = FinstereFlureEditor()
