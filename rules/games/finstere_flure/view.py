"""SVG view-model of Finstere Flure: the board, moving by tapping, and the labels of actions.

The board (:func:`board_view`) works from the JSON position and the events of the step(s) shown:

- square ``(x, y)`` is drawn at ``(x + OFFSET, y + OFFSET)``; coordinates (the captions' notation,
  x 0..15, y 0..10) stand on all four edges, outside the wall letters;
- the outer wall is one thick path; every square along it carries a letter just outside its wall,
  and a square and the square the monster re-enters on when it walks through that wall
  (``board.mirror``: (x, y) -> (15 - x, 10 - y)) carry the same letter (21 pairs, A..U);
- the trail of every step found in ``events``: a figure's move (class ``trail``) and each monster
  step (class ``trail trail-monster``, numbered, with dashed stubs to and from the wall where it
  walks through it); a mark where a figure was caught or crushed;
- the monster card in play (value, steps done of the card, hits) in the cut-away top-right corner,
  or the face-down deck with the number of cards left;
- figures: the circle shows the face value, a tag the identity ("R1": colour letter and front
  value, so colour is never the only cue); blood squares carry hatch lines (a texture);
- tap targets: ``sq:X,Y`` on every square, ``fig:<id>`` on every figure on the board (its group:
  circle, value and tag are one link), ``monster`` on the monster. Figures in the start pool are
  not drawn: the legend lists them, and moving by tapping offers them as off-board taps.

The events passed in decide which trails are drawn: the presenter passes the step's own events, so
the whole monster turn needs the events of every step since the card was turned over (the
position's ``monster_turn.steps`` says how many; the engine keeps no trail in the state).

Every text of the board (titles, description, status, legend, the figures' tags), the action labels,
groups and tap labels follows the reader's language (nl, de, en; ``BOARD`` and ``WORDS``), with the
terms of the game's glossary (``rulebooks/content/finstere-flure/glossary.toml``); without a
language they are Dutch, the rulebook's language.

Moving by tapping (:func:`tap`, ``rules.core.tapping``), as the game's online manual describes
(``ff-online-zet-invoeren``, ``ff-online-afbreken-ok``): tap the figure (``fig:<id>``; a figure in
the start pool is an off-board tap), then every square it occupies, one by one: the squares of a
step, and every square of a blood slide (while the figure slides, the next slide square is the only
target); entering from the pool is a tap on the start square (15, 10); leaving is the off-board
target ``exit``, offered when the figure stands on the exit square (0, 0). "OK" (``confirm``) plays
the move; a square is offered only when the path extended by it can still end in a legal move
(any legal path, not only the shortest ones ``legal_actions`` lists). A monster card is an
off-board tap per outcome (``card:<value>``), the monster's step a tap on the monster; dmaufbau
placements a tap on a square (a pool's top-left square) and, while blood pools are left to place,
an off-board choice of what goes there (``obj:stone``, ``obj:pool2``, ``obj:pool4-h``, ``obj:pool4-v``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from rules.core.engine import Engine, EngineError, Event, RuleError
from rules.core.tapping import PickError, Tap, TapOptions, taps_from_paths
from rules.core.view import BoardView, LegendRow, Shape

from . import moves
from .board import (
    DIRECTIONS,
    EDGE_SQUARES,
    EXIT,
    HEIGHT,
    START,
    WIDTH,
    Square,
    is_neighbour,
    mirror,
    on_board,
    pool2_squares,
    pool4_squares,
    step,
    walls,
)
from .state import CARD, HIT_CARDS, MAX_HIT_STEPS, MONSTER, OVER, PLAYERS, POOL, SAVED, SETUP, Figure, State

# -- words -----------------------------------------------------------------------------------------

LANGS = ("nl", "de", "en")

COLOUR_NAMES: dict[str, dict[str, str]] = {
    "nl": {"red": "Rood", "yellow": "Geel", "green": "Groen", "blue": "Blauw", "purple": "Paars",
           "white": "Wit", "orange": "Oranje"},
    "de": {"red": "Rot", "yellow": "Gelb", "green": "Grün", "blue": "Blau", "purple": "Lila",
           "white": "Weiß", "orange": "Orange"},
    "en": {"red": "Red", "yellow": "Yellow", "green": "Green", "blue": "Blue", "purple": "Purple",
           "white": "White", "orange": "Orange"},
}
# The colour's letter on the figures ("R1"): unique within each language.
COLOUR_LETTERS: dict[str, dict[str, str]] = {
    "nl": {"red": "R", "yellow": "Ge", "green": "Gr", "blue": "B", "purple": "P", "white": "W", "orange": "O"},
    "de": {"red": "R", "yellow": "Ge", "green": "Gr", "blue": "B", "purple": "L", "white": "W", "orange": "O"},
    "en": {"red": "R", "yellow": "Y", "green": "G", "blue": "B", "purple": "P", "white": "W", "orange": "O"},
}
DIRECTION_WORDS: dict[str, dict[str, str]] = {
    "nl": {"U": "omhoog", "D": "omlaag", "L": "naar links", "R": "naar rechts"},
    "de": {"U": "nach oben", "D": "nach unten", "L": "nach links", "R": "nach rechts"},
    "en": {"U": "up", "D": "down", "L": "left", "R": "right"},
}

WORDS: dict[str, dict[str, str]] = {
    "nl": {
        "enter": "het bord op",
        "exit": "door de uitgang naar buiten",
        "unknown": "onbekende stap",
        "to": "tot {sq}",
        "push": "schuift een steenblok",
        "slide": "glijdt over bloed",
        "jump": "springt over een figuur",
        "stay": "{name} blijft staan op {sq} (0 stappen)",
        "stay-pool": "{name} blijft in de startvoorraad (0 stappen)",
        "stay-any": "{name} blijft staan (0 stappen)",
        "card": "Monsterkaart {card} ({card} stappen)",
        "card-hits-1": "Monsterkaart {card} (1 treffer)",
        "card-hits-2": "Monsterkaart {card} (2 treffers)",
        "monster": "Het monster zet een stap",
        "stone": "Steenblok op {sq}",
        "pool2": "Bloedplas 2×2 op {a} tot {b}",
        "pool4-h": "Bloedplas 1×4 liggend op {a} tot {b}",
        "pool4-v": "Bloedplas 1×4 staand op {a} tot {b}",
        "group-card": "Monsterkaart",
        "group-place": "Opbouw",
        "group-figure": "{name} (toont {value})",
        "tap-figure": "{name} op {sq} (toont {value})",
        "tap-figure-pool": "{name} uit de startvoorraad (toont {value})",
        "tap-step": "Stap {n} naar {sq}",
        "tap-enter": "Stap 1: het bord op, naar {sq}",
        "tap-exit": "Stap {n}: door de uitgang naar buiten",
        "tap-slide": "Glijdt naar {sq}",
        "tap-push": ", schuift het steenblok",
        "tap-jump": ", over {other}",
        "tap-blood": ", op bloed (glijdt door)",
        "tap-place": "Iets leggen op {sq}",
        "status-pick": "{colour} is aan de beurt: tik een figuur aan",
        "status-steps": "{name}: {n} van {m} stappen gezet",
        "status-steps-1": "{name}: {n} van 1 stap gezet",
        "status-sliding": "glijdt verder: tik {sq} aan",
        "status-no-end": "hier kan de zet niet eindigen",
        "status-out": "{name} gaat door de uitgang naar buiten: druk op OK",
        "status-ok": "OK beëindigt de zet",
        "status-card": "Er wordt een monsterkaart omgedraaid: kies de kaart",
        "status-monster": "Het monster loopt ({progress}): tik het monster aan voor zijn volgende stap",
        "progress-steps": "kaart {card}: {steps} van {card} stappen gezet, nog {left}",
        "progress-hits": "kaart {card}: {steps} stappen gezet, {caught} van {hits} gepakt, hoogstens nog {left} stappen",
        "status-place": "{colour} legt iets neer: tik een veld aan (nog {left})",
        "status-place-kind": "Kies wat er op {sq} komt",
        "status-over": "Het spel is afgelopen",
    },
    "de": {
        "enter": "aufs Spielfeld",
        "exit": "durch den Ausgang hinaus",
        "unknown": "unbekannter Schritt",
        "to": "bis {sq}",
        "push": "schiebt einen Steinblock",
        "slide": "rutscht über Blut",
        "jump": "springt über eine Figur",
        "stay": "{name} bleibt auf {sq} stehen (0 Schritte)",
        "stay-pool": "{name} bleibt im Startvorrat (0 Schritte)",
        "stay-any": "{name} bleibt stehen (0 Schritte)",
        "card": "Monsterkarte {card} ({card} Schritte)",
        "card-hits-1": "Monsterkarte {card} (1 Treffer)",
        "card-hits-2": "Monsterkarte {card} (2 Treffer)",
        "monster": "Das Monster macht einen Schritt",
        "stone": "Steinblock auf {sq}",
        "pool2": "Blutlache 2×2 auf {a} bis {b}",
        "pool4-h": "Blutlache 1×4 waagerecht auf {a} bis {b}",
        "pool4-v": "Blutlache 1×4 senkrecht auf {a} bis {b}",
        "group-card": "Monsterkarte",
        "group-place": "Aufbau",
        "group-figure": "{name} (zeigt {value})",
        "tap-figure": "{name} auf {sq} (zeigt {value})",
        "tap-figure-pool": "{name} aus dem Startvorrat (zeigt {value})",
        "tap-step": "Schritt {n} nach {sq}",
        "tap-enter": "Schritt 1: aufs Spielfeld, nach {sq}",
        "tap-exit": "Schritt {n}: durch den Ausgang hinaus",
        "tap-slide": "Rutscht nach {sq}",
        "tap-push": ", schiebt den Steinblock",
        "tap-jump": ", über {other}",
        "tap-blood": ", auf Blut (rutscht weiter)",
        "tap-place": "Etwas auf {sq} legen",
        "status-pick": "{colour} ist am Zug: tippe eine Figur an",
        "status-steps": "{name}: {n} von {m} Schritten gesetzt",
        "status-steps-1": "{name}: {n} von 1 Schritt gesetzt",
        "status-sliding": "rutscht weiter: tippe {sq} an",
        "status-no-end": "hier kann der Zug nicht enden",
        "status-out": "{name} geht durch den Ausgang hinaus: OK drücken",
        "status-ok": "OK beendet den Zug",
        "status-card": "Eine Monsterkarte wird aufgedeckt: wähle die Karte",
        "status-monster": "Das Monster läuft ({progress}): tippe das Monster an für seinen nächsten Schritt",
        "progress-steps": "Karte {card}: {steps} von {card} Schritten gesetzt, noch {left}",
        "progress-hits": "Karte {card}: {steps} Schritte gesetzt, {caught} von {hits} gefangen, höchstens noch {left} Schritte",
        "status-place": "{colour} legt etwas hin: tippe ein Feld an (noch {left})",
        "status-place-kind": "Wähle, was auf {sq} kommt",
        "status-over": "Das Spiel ist vorbei",
    },
    "en": {
        "enter": "onto the board",
        "exit": "out through the exit",
        "unknown": "unknown step",
        "to": "to {sq}",
        "push": "pushes a stone",
        "slide": "slides over blood",
        "jump": "jumps over a figure",
        "stay": "{name} stays on {sq} (0 steps)",
        "stay-pool": "{name} stays in the start pool (0 steps)",
        "stay-any": "{name} stays (0 steps)",
        "card": "Monster card {card} ({card} steps)",
        "card-hits-1": "Monster card {card} (1 hit)",
        "card-hits-2": "Monster card {card} (2 hits)",
        "monster": "The monster takes a step",
        "stone": "Stone on {sq}",
        "pool2": "Blood pool 2×2 on {a} to {b}",
        "pool4-h": "Blood pool 1×4 horizontal on {a} to {b}",
        "pool4-v": "Blood pool 1×4 vertical on {a} to {b}",
        "group-card": "Monster card",
        "group-place": "Setup",
        "group-figure": "{name} (showing {value})",
        "tap-figure": "{name} on {sq} (showing {value})",
        "tap-figure-pool": "{name} from the start pool (showing {value})",
        "tap-step": "Step {n} to {sq}",
        "tap-enter": "Step 1: onto the board at {sq}",
        "tap-exit": "Step {n}: out through the exit",
        "tap-slide": "Slides to {sq}",
        "tap-push": ", pushes the stone",
        "tap-jump": ", over {other}",
        "tap-blood": ", onto blood (slides on)",
        "tap-place": "Place something on {sq}",
        "status-pick": "{colour} to move: tap a figure",
        "status-steps": "{name}: {n} of {m} steps taken",
        "status-steps-1": "{name}: {n} of 1 step taken",
        "status-sliding": "keeps sliding: tap {sq}",
        "status-no-end": "the move cannot end here",
        "status-out": "{name} goes out through the exit: press OK",
        "status-ok": "OK ends the move",
        "status-card": "A monster card is turned over: choose the card",
        "status-monster": "The monster walks ({progress}): tap the monster for its next step",
        "progress-steps": "card {card}: {steps} of {card} steps taken, {left} left",
        "progress-hits": "card {card}: {steps} steps taken, {caught} of {hits} caught, at most {left} steps left",
        "status-place": "{colour} places an object: tap a square ({left} left)",
        "status-place-kind": "Choose what goes on {sq}",
        "status-over": "The game is over",
    },
}

# The words of the board drawing itself (title, description, status, legend, shape titles), per
# language; the Dutch ones are the rulebook's, the others follow the game's glossary
# (rulebooks/content/finstere-flure/glossary.toml).
BOARD: dict[str, dict[str, str]] = {
    "nl": {
        "label": "Speelbord Finstere Flure, hoofdstuk {chapter}, ronde {round}",
        "square": "Veld ({x}, {y})",
        "square-blood": "Bloedplas ({x}, {y})",
        "square-start": "Startveld (15, 10)",
        "square-exit": "Doelveld, de uitgang (0, 0)",
        "mark-exit": "uit",
        "mark-start": "in",
        "exit-arrow": "De uitgang: vanaf het doelveld (0, 0) naar buiten",
        "wall": "De buitenmuur",
        "coordinates": (
            "Coördinaten (x, y): x van 0 (links) tot 15 (rechts), y van 0 (boven) tot 10 (onder). Langs de "
            "buitenmuur staan letters; wie bij een letter door de muur loopt, komt bij dezelfde letter aan de "
            "overkant binnen."
        ),
        "stone": "Steenblok ({x}, {y})",
        "stones": "Steenblokken op {squares}.",
        "blood": "Bloedplassen op {squares}.",
        "monster": "Het monster staat op ({x}, {y}) en kijkt {facing}.",
        "monster-step": "Het monster, stap {n}",
        "monster-wall": "{title}: door de buitenmuur bij letter {letter}",
        "last-move": "De laatste zet",
        "caught": "Hier is {name} gepakt op {sq}.",
        "crushed": "Hier is {name} verpletterd op {sq}.",
        "figure": "{name} ({tag}) op ({x}, {y}), toont {showing}{moved}.",
        "figure-moved": " (al verplaatst deze ronde)",
        "figure-pool": "{name} ({tag}) in de startvoorraad, toont {showing}.",
        "pool": "startvoorraad",
        "pool-empty": "startvoorraad leeg",
        "saved": "{n} gered",
        "out": ", {n} uit",
        "legend-card": "Monsterkaart",
        "legend-cards": "Monsterkaarten",
        "progress-hits": "Monsterkaart {card}: {steps} {steps_word} gezet, {caught} van {hits} gepakt",
        "progress-hits-left": ", hoogstens nog {left} stappen",
        "progress-steps": "Monsterkaart {card}: {steps} van {total} stappen gezet, nog {left}",
        "step": "stap",
        "steps": "stappen",
        "card-done": "; de beurt van het monster is voorbij.",
        "card-note": "stap {n}",
        "deck": "Nog {n} monsterkaart in de stapel",
        "deck-many": "Nog {n} monsterkaarten in de stapel",
        "deck-played": "; omgedraaid: {cards}.",
        "deck-note": "stapel",
        "status-players": "{colour} is aan de beurt (hoofdstuk {chapter}, ronde {round}).",
        "status-monster": "Het monster loopt. {progress}; {caught} gepakt.",
        "figure-1": "1 figuur",
        "figures": "{n} figuren",
        "status-over": "Het spel is afgelopen. Winnaar: {winners}.",
        "nobody": "niemand",
        "phase-setup": "Opbouw: de spelers leggen steenblokken en bloedplassen.",
        "phase-card": "De spelers zijn klaar: er wordt een monsterkaart omgedraaid.",
        "phase-monster": "Het monster loopt.",
        "phase-over": "Het spel is afgelopen.",
    },
    "de": {
        "label": "Spielplan Finstere Flure, Kapitel {chapter}, Runde {round}",
        "square": "Feld ({x}, {y})",
        "square-blood": "Blutlache ({x}, {y})",
        "square-start": "Startfeld (15, 10)",
        "square-exit": "Zielfeld, der Ausgang (0, 0)",
        "mark-exit": "aus",
        "mark-start": "ein",
        "exit-arrow": "Der Ausgang: vom Zielfeld (0, 0) hinaus",
        "wall": "Die Außenmauer",
        "coordinates": (
            "Koordinaten (x, y): x von 0 (links) bis 15 (rechts), y von 0 (oben) bis 10 (unten). Entlang der "
            "Außenmauer stehen Buchstaben; wer bei einem Buchstaben durch die Mauer geht, kommt beim selben "
            "Buchstaben auf der anderen Seite wieder herein."
        ),
        "stone": "Steinblock ({x}, {y})",
        "stones": "Steinblöcke auf {squares}.",
        "blood": "Blutlachen auf {squares}.",
        "monster": "Das Monster steht auf ({x}, {y}) und schaut {facing}.",
        "monster-step": "Das Monster, Schritt {n}",
        "monster-wall": "{title}: durch die Außenmauer bei Buchstabe {letter}",
        "last-move": "Der letzte Zug",
        "caught": "Hier wurde {name} auf {sq} gefangen.",
        "crushed": "Hier wurde {name} auf {sq} zerquetscht.",
        "figure": "{name} ({tag}) auf ({x}, {y}), zeigt {showing}{moved}.",
        "figure-moved": " (in dieser Runde schon gezogen)",
        "figure-pool": "{name} ({tag}) im Startvorrat, zeigt {showing}.",
        "pool": "Startvorrat",
        "pool-empty": "Startvorrat leer",
        "saved": "{n} gerettet",
        "out": ", {n} aus dem Spiel",
        "legend-card": "Monsterkarte",
        "legend-cards": "Monsterkarten",
        "progress-hits": "Monsterkarte {card}: {steps} {steps_word} gemacht, {caught} von {hits} gefangen",
        "progress-hits-left": ", höchstens noch {left} Schritte",
        "progress-steps": "Monsterkarte {card}: {steps} von {total} Schritten gemacht, noch {left}",
        "step": "Schritt",
        "steps": "Schritte",
        "card-done": "; der Zug des Monsters ist vorbei.",
        "card-note": "Schritt {n}",
        "deck": "Noch {n} Monsterkarte im Stapel",
        "deck-many": "Noch {n} Monsterkarten im Stapel",
        "deck-played": "; aufgedeckt: {cards}.",
        "deck-note": "Stapel",
        "status-players": "{colour} ist am Zug (Kapitel {chapter}, Runde {round}).",
        "status-monster": "Das Monster läuft. {progress}; {caught} gefangen.",
        "figure-1": "1 Figur",
        "figures": "{n} Figuren",
        "status-over": "Das Spiel ist vorbei. Gewinner: {winners}.",
        "nobody": "niemand",
        "phase-setup": "Aufbau: die Spieler legen Steinblöcke und Blutlachen.",
        "phase-card": "Die Spieler sind fertig: eine Monsterkarte wird aufgedeckt.",
        "phase-monster": "Das Monster läuft.",
        "phase-over": "Das Spiel ist vorbei.",
    },
    "en": {
        "label": "Finstere Flure board, chapter {chapter}, round {round}",
        "square": "Square ({x}, {y})",
        "square-blood": "Blood pool ({x}, {y})",
        "square-start": "Start square (15, 10)",
        "square-exit": "Exit square, the way out (0, 0)",
        "mark-exit": "out",
        "mark-start": "in",
        "exit-arrow": "The exit: out from the exit square (0, 0)",
        "wall": "The outer wall",
        "coordinates": (
            "Coordinates (x, y): x from 0 (left) to 15 (right), y from 0 (top) to 10 (bottom). Letters stand "
            "along the outer wall; whoever walks through the wall at a letter comes back in at the same letter "
            "on the opposite side."
        ),
        "stone": "Stone block ({x}, {y})",
        "stones": "Stone blocks on {squares}.",
        "blood": "Blood pools on {squares}.",
        "monster": "The monster stands on ({x}, {y}) and looks {facing}.",
        "monster-step": "The monster, step {n}",
        "monster-wall": "{title}: through the outer wall at letter {letter}",
        "last-move": "The last move",
        "caught": "Here {name} was caught on {sq}.",
        "crushed": "Here {name} was crushed on {sq}.",
        "figure": "{name} ({tag}) on ({x}, {y}), showing {showing}{moved}.",
        "figure-moved": " (already moved this round)",
        "figure-pool": "{name} ({tag}) in the start pool, showing {showing}.",
        "pool": "start pool",
        "pool-empty": "start pool empty",
        "saved": "{n} saved",
        "out": ", {n} out",
        "legend-card": "Monster card",
        "legend-cards": "Monster cards",
        "progress-hits": "Monster card {card}: {steps} {steps_word} taken, {caught} of {hits} caught",
        "progress-hits-left": ", at most {left} steps left",
        "progress-steps": "Monster card {card}: {steps} of {total} steps taken, {left} left",
        "step": "step",
        "steps": "steps",
        "card-done": "; the monster's turn is over.",
        "card-note": "step {n}",
        "deck": "{n} monster card left in the deck",
        "deck-many": "{n} monster cards left in the deck",
        "deck-played": "; turned over: {cards}.",
        "deck-note": "deck",
        "status-players": "It is {colour}'s turn (chapter {chapter}, round {round}).",
        "status-monster": "The monster walks. {progress}; {caught} caught.",
        "figure-1": "1 figure",
        "figures": "{n} figures",
        "status-over": "The game is over. Winner: {winners}.",
        "nobody": "nobody",
        "phase-setup": "Setup: the players place stone blocks and blood pools.",
        "phase-card": "The players are done: a monster card is turned over.",
        "phase-monster": "The monster walks.",
        "phase-over": "The game is over.",
    },
}


def language(lang: str | None) -> str:
    """The label language: nl, de or en (None and anything else: nl, the rulebook's language)."""
    code = (lang or "nl").split("-")[0].lower()
    return code if code in LANGS else "nl"


def _w(lang: str, key: str, **data: Any) -> str:
    return WORDS[lang][key].format(**data)


def _b(lang: str, key: str, **data: Any) -> str:
    """A text of the board drawing in ``lang`` (nl, de, en)."""
    return BOARD[lang][key].format(**data)


def split_id(fid: str) -> tuple[str, str]:
    colour = fid.rstrip("0123456789")
    return colour, fid[len(colour):]


def colour_name(colour: str, lang: str | None = None) -> str:
    return COLOUR_NAMES[language(lang)].get(colour, colour)


def figure_name(fid: str, lang: str | None = None) -> str:
    """``red4`` -> "Rood 4" / "Rot 4" / "Red 4" (the figure's identity: colour and front value)."""
    colour, number = split_id(fid)
    return f"{colour_name(colour, lang)} {number}"


def figure_tag(fid: str, lang: str | None = None) -> str:
    """The identity tag drawn on a figure: ``red1`` -> "R1" (``yellow1`` -> "Ge1" in Dutch)."""
    colour, number = split_id(fid)
    return f"{COLOUR_LETTERS[language(lang)].get(colour, colour[:1].upper())}{number}"


def sq_text(square: Sequence[int]) -> str:
    """A square in the captions' notation: ``(x, y)``."""
    return f"({square[0]}, {square[1]})"


def sq_target(square: Sequence[int]) -> str:
    return f"sq:{square[0]},{square[1]}"


# -- board geometry of the drawing -------------------------------------------------------------------

OFFSET = 0.3  # square (x, y) is drawn at (x + OFFSET, y + OFFSET)
BAND = 1.15  # room outside the wall: the wall letters, then the coordinates
LETTER_GAP = 0.8  # a wall letter's centre lies this far from its square's centre, past the wall
CORNER_GAP = 0.65  # ... along the diagonal for a square with two walls
COORD_GAP = 0.82  # coordinates: this far outside the board's bounding box


def _wall_letters() -> dict[Square, str]:
    """One letter per square along the outer wall; a square and its mirror share it.

    Lettered clockwise from the exit (0, 0) along the top row, down the top-right staircase and the
    right column to the start square (15, 10), which is the exit's mirror; the other half of the
    wall gets the letters of the mirrored squares."""
    half: list[Square] = [(x, 0) for x in range(WIDTH) if on_board((x, 0))]
    x, y = half[-1]
    while (x, y) != START:  # down the staircase and the right column, square by square along the wall
        below, right = (x, y + 1), (x + 1, y + 1)
        x, y = right if on_board(right) and right in EDGE_SQUARES else below
        half.append((x, y))
    letters: dict[Square, str] = {}
    n = 0
    for sq in half:
        if sq in letters:
            continue
        letters[sq] = letters[mirror(sq)] = chr(ord("A") + n)
        n += 1
    return letters


WALL_LETTERS: dict[Square, str] = _wall_letters()
assert set(WALL_LETTERS) == EDGE_SQUARES, "every square along the wall carries a letter"


def _xy(square: Sequence[int]) -> tuple[float, float]:
    return square[0] + OFFSET, square[1] + OFFSET


def _centre(square: Sequence[int]) -> tuple[float, float]:
    return square[0] + OFFSET + 0.5, square[1] + OFFSET + 0.5


def _pts(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _r(value: float) -> float:
    return round(value, 3)


def letter_position(square: Square) -> tuple[float, float]:
    """Where the wall letter of ``square`` is drawn: outside its wall (diagonally at a corner)."""
    cx, cy = _centre(square)
    sides = walls(square)
    gap = LETTER_GAP if len(sides) == 1 else CORNER_GAP
    dx = sum(DIRECTIONS[d][0] for d in sides)
    dy = sum(DIRECTIONS[d][1] for d in sides)
    return _r(cx + gap * dx), _r(cy + gap * dy)


def _wall_path() -> str:
    parts = []
    for sq in sorted(EDGE_SQUARES):
        x, y = _xy(sq)
        for d in walls(sq):
            if d == "U":
                a, b = (x, y), (x + 1, y)
            elif d == "D":
                a, b = (x, y + 1), (x + 1, y + 1)
            elif d == "L":
                a, b = (x, y), (x, y + 1)
            else:
                a, b = (x + 1, y), (x + 1, y + 1)
            parts.append(f"M{_r(a[0]):g} {_r(a[1]):g}L{_r(b[0]):g} {_r(b[1]):g}")
    return "".join(parts)


WALL_PATH = _wall_path()


def _hatch(squares: Iterable[Square]) -> str:
    """Diagonal hatch lines over the given squares (one path; lines continue across neighbours)."""
    parts = []
    for sq in sorted(squares):
        x, y = _xy(sq)
        for t in (0.5, 1.0, 1.5):
            if t <= 1:
                a, b = (x, y + t), (x + t, y)
            else:
                a, b = (x + t - 1, y + 1), (x + 1, y + t - 1)
            parts.append(f"M{_r(a[0]):g} {_r(a[1]):g}L{_r(b[0]):g} {_r(b[1]):g}")
    return "".join(parts)


# -- the board ----------------------------------------------------------------------------------------


def _split(raw: Iterable[Sequence[int]]) -> list[list[Square]]:
    segments: list[list[Square]] = []
    current: list[Square] = []
    for x, y in raw:
        sq = (int(x), int(y))
        if current and sq == current[-1]:
            continue
        if current and not is_neighbour(current[-1], sq):
            segments.append(current)
            current = []
        current.append(sq)
    if current:
        segments.append(current)
    return segments


MONSTER_STEP_KEYS = ("monster.step", "monster.wall")
CATCH_KEYS = ("monster.catch", "monster.crush")


def _trail_shapes(events: Sequence[Event], code: str = "nl") -> list[Shape]:
    """The figure's move and every monster step among ``events``, numbered, wraps shown as stubs."""
    shapes: list[Shape] = []
    for event in events:
        raw = event.data.get("trail")
        if not raw:
            continue
        if event.key in MONSTER_STEP_KEYS:
            number = event.data.get("step", "")
            title = _b(code, "monster-step", n=number)
            segments = _split(raw)
            for seg in segments:
                if len(seg) > 1:
                    points = _pts(_centre(sq) for sq in seg)
                    shapes.append(Shape.make("polyline", css="trail trail-monster", title=title, points=points))
            if event.key == "monster.wall" and len(segments) > 1:
                d = DIRECTIONS[str(event.data.get("facing", "R"))]
                out_sq, in_sq = segments[0][-1], segments[1][0]
                ox, oy = _centre(out_sq)
                ix, iy = _centre(in_sq)
                wall_title = _b(code, "monster-wall", title=title, letter=WALL_LETTERS.get(out_sq, ""))
                for (ax, ay), (bx, by) in (
                    ((ox, oy), (ox + 0.62 * d[0], oy + 0.62 * d[1])),
                    ((ix - 0.62 * d[0], iy - 0.62 * d[1]), (ix, iy)),
                ):
                    shapes.append(
                        Shape.make("line", css="trail trail-monster trail-wrap", title=wall_title,
                                   x1=_r(ax), y1=_r(ay), x2=_r(bx), y2=_r(by))
                    )
            end = (int(raw[-1][0]), int(raw[-1][1]))
            ex, ey = _xy(end)
            shapes.append(
                Shape.make("text", css="trail-num", text=str(number), x=_r(ex + 0.93), y=_r(ey + 0.93),
                           text_anchor="end")
            )
        else:
            for seg in _split(raw):
                if len(seg) > 1:
                    shapes.append(Shape.make("polyline", css="trail", title=_b(code, "last-move"),
                                             points=_pts(_centre(sq) for sq in seg)))
    return shapes


def _catch_shapes(events: Sequence[Event], code: str = "nl") -> tuple[list[Shape], list[str]]:
    shapes: list[Shape] = []
    lines: list[str] = []
    for event in events:
        if event.key not in CATCH_KEYS:
            continue
        square = event.data.get("square")
        fid = str(event.data.get("figure", ""))
        if not square:
            continue
        x, y = _xy(square)
        # Dutch writes the colour in lower case inside a sentence ("Hier is rood 1 gepakt").
        name = figure_name(fid, code).lower() if code == "nl" else figure_name(fid, code)
        text = _b(code, "crushed" if event.key == "monster.crush" else "caught", name=name, sq=sq_text(square))
        d = f"M{_r(x + 0.18):g} {_r(y + 0.18):g}L{_r(x + 0.82):g} {_r(y + 0.82):g}M{_r(x + 0.82):g} {_r(y + 0.18):g}L{_r(x + 0.18):g} {_r(y + 0.82):g}"
        shapes.append(Shape.make("path", css="catch-mark", title=text, d=d))
        lines.append(text)
    return shapes, lines


def _monster_turn(pos: Mapping[str, Any], previous_pos: Mapping[str, Any] | None, events: Sequence[Event]) -> dict[str, Any] | None:
    """The card being walked (card, steps, caught), also right after its last step (then from the
    previous position and this step's events)."""
    mt = pos.get("monster_turn")
    if mt:
        return dict(mt)
    if previous_pos and previous_pos.get("monster_turn"):
        before = previous_pos["monster_turn"]
        steps = [e for e in events if e.key in MONSTER_STEP_KEYS]
        if steps:
            caught = sum(1 for e in events if e.key in CATCH_KEYS)
            return {"card": before["card"], "steps": int(before["steps"]) + 1,
                    "caught": int(before.get("caught", 0)) + caught, "done": True}
    return None


def card_progress(mt: Mapping[str, Any], lang: str | None = None) -> str:
    """"Monsterkaart 10: 3 van 10 stappen gezet, nog 7" (the board's texts, in ``lang``)."""
    code = language(lang)
    card, steps, caught = str(mt["card"]), int(mt["steps"]), int(mt.get("caught", 0))
    if card in HIT_CARDS:
        hits = HIT_CARDS[card]
        steps_word = _b(code, "step" if steps == 1 else "steps")
        text = _b(code, "progress-hits", card=card, steps=steps, steps_word=steps_word, caught=caught, hits=hits)
        if not mt.get("done"):
            text += _b(code, "progress-hits-left", left=MAX_HIT_STEPS - steps)
        return text
    total = int(card)
    return _b(code, "progress-steps", card=card, steps=steps, total=total, left=total - steps)


def _card_shapes(pos: Mapping[str, Any], mt: Mapping[str, Any] | None, code: str = "nl") -> tuple[list[Shape], str]:
    """The card in play (or the face-down deck) in the cut-away top-right corner."""
    x0, y0, w, h = 13.55 + OFFSET, -0.05 + OFFSET, 2.45, 1.5
    shapes: list[Shape] = []
    if mt is not None:
        card = str(mt["card"])
        text = card_progress(mt, code) + ("." if not mt.get("done") else _b(code, "card-done"))
        shapes.append(Shape.make("rect", css="ff-card", title=text, x=_r(x0), y=_r(y0), width=w, height=h, rx=0.15))
        shapes.append(Shape.make("text", css="ff-card-value", text=card, x=_r(x0 + 0.62), y=_r(y0 + 1.0),
                                 text_anchor="middle"))
        if card in HIT_CARDS:
            hits, caught = HIT_CARDS[card], int(mt.get("caught", 0))
            for i in range(hits):
                css = "ff-card-hit ff-card-hit--done" if i < caught else "ff-card-hit"
                shapes.append(Shape.make("rect", css=css, x=_r(x0 + 1.5 + 0.45 * i), y=_r(y0 + 0.22),
                                         width=0.34, height=0.34, rx=0.05))
            shapes.append(Shape.make("text", css="ff-card-note", text=_b(code, "card-note", n=mt["steps"]),
                                     x=_r(x0 + 1.2), y=_r(y0 + 1.2)))
        else:
            shapes.append(Shape.make("text", css="ff-card-steps", text=f"{mt['steps']}/{card}",
                                     x=_r(x0 + 1.25), y=_r(y0 + 0.95)))
        return shapes, text
    deck = list(pos.get("deck", []))
    played = list(pos.get("discard", []))
    text = _b(code, "deck" if len(deck) == 1 else "deck-many", n=len(deck))
    text += _b(code, "deck-played", cards=", ".join(played)) if played else "."
    shapes.append(Shape.make("rect", css="ff-card ff-card--back", title=text, x=_r(x0), y=_r(y0), width=w, height=h,
                             rx=0.15))
    shapes.append(Shape.make("text", css="ff-card-value", text=str(len(deck)), x=_r(x0 + 0.62), y=_r(y0 + 1.0),
                             text_anchor="middle"))
    shapes.append(Shape.make("text", css="ff-card-note", text=_b(code, "deck-note"), x=_r(x0 + 1.2), y=_r(y0 + 0.95)))
    return shapes, text


def board_view(
    engine: Engine[Any],
    state: Any,
    *,
    previous: Any | None = None,
    events: Sequence[Event] = (),
    seat: str | None = None,
    lang: str | None = None,
) -> BoardView:
    """The board at ``state``. ``events``: the step(s) shown; every trail in them is drawn (pass the
    events of every step of the monster's turn so far to see its whole walk). Every text follows
    ``lang`` (nl, de, en; None: nl, the rulebook's language)."""
    code = language(lang)
    pos = engine.observation(state, seat) if seat else engine.position_of(state)
    previous_pos = engine.position_of(previous) if previous is not None else None
    shapes: list[Shape] = []
    blood = {(int(s[0]), int(s[1])) for s in pos.get("blood", [])}
    stones = [(int(s[0]), int(s[1])) for s in pos.get("stones", [])]
    description: list[str] = []

    # Squares: every one is a tap target.
    for y in range(HEIGHT):
        for x in range(WIDTH):
            if not on_board((x, y)):
                continue
            css = "sq"
            title = _b(code, "square", x=x, y=y)
            if (x, y) in blood:
                css += " sq-blood"
                title = _b(code, "square-blood", x=x, y=y)
            if (x, y) == START:
                css += " sq-start"
                title = _b(code, "square-start")
            elif (x, y) == EXIT:
                css += " sq-exit"
                title = _b(code, "square-exit")
            px, py = _xy((x, y))
            shapes.append(
                Shape.make("rect", css=css, title=title, target=sq_target((x, y)), x=px, y=py, width=1, height=1)
            )
    if blood:
        shapes.append(Shape.make("path", css="blood-hatch", d=_hatch(blood)))
    shapes.append(Shape.make("text", css="label", text=_b(code, "mark-exit"), x=OFFSET + 0.5, y=OFFSET + 0.62, text_anchor="middle"))
    shapes.append(Shape.make("text", css="label", text=_b(code, "mark-start"), x=OFFSET + 15.5, y=OFFSET + 10.62, text_anchor="middle"))
    # The way out: an arrow through the wall beside the exit square.
    ex, ey = _xy(EXIT)
    shapes.append(
        Shape.make("polygon", css="exit-arrow", title=_b(code, "exit-arrow"),
                   points=_pts(((ex - 0.06, ey + 0.25), (ex - 0.06, ey + 0.75), (ex - 0.5, ey + 0.5))))
    )

    # The outer wall, its letters and the coordinates.
    shapes.append(Shape.make("path", css="wall", title=_b(code, "wall"), d=WALL_PATH))
    for sq, letter in sorted(WALL_LETTERS.items()):
        lx, ly = letter_position(sq)
        shapes.append(Shape.make("text", css="wall-letter", text=letter, x=lx, y=ly, text_anchor="middle",
                                 dominant_baseline="central"))
    for x in range(WIDTH):
        cx = _r(x + OFFSET + 0.5)
        for cy in (_r(OFFSET - COORD_GAP), _r(OFFSET + HEIGHT + COORD_GAP)):
            shapes.append(Shape.make("text", css="coord", text=str(x), x=cx, y=cy, text_anchor="middle",
                                     dominant_baseline="central"))
    for y in range(HEIGHT):
        cy = _r(y + OFFSET + 0.5)
        for cx in (_r(OFFSET - COORD_GAP), _r(OFFSET + WIDTH + COORD_GAP)):
            shapes.append(Shape.make("text", css="coord", text=str(y), x=cx, y=cy, text_anchor="middle",
                                     dominant_baseline="central"))
    description.append(_b(code, "coordinates"))

    shapes += _trail_shapes(events, code)

    for square in stones:
        px, py = _xy(square)
        shapes.append(
            Shape.make("rect", css="stone", title=_b(code, "stone", x=square[0], y=square[1]),
                       x=_r(px + 0.12), y=_r(py + 0.12), width=0.76, height=0.76, rx=0.12)
        )
    if stones:
        description.append(_b(code, "stones", squares=", ".join(f"({x}, {y})" for x, y in stones)))
    if blood:
        description.append(_b(code, "blood", squares=", ".join(f"({x}, {y})" for x, y in sorted(blood))))

    catch_shapes, catch_lines = _catch_shapes(events, code)
    shapes += catch_shapes
    description += catch_lines

    monster = pos["monster"]
    mx, my = _xy(monster["at"])
    facing = monster["facing"]
    tip = {"U": (0.5, 0.1), "D": (0.5, 0.9), "L": (0.1, 0.5), "R": (0.9, 0.5)}[facing]
    base = {
        "U": ((0.15, 0.85), (0.85, 0.85)),
        "D": ((0.15, 0.15), (0.85, 0.15)),
        "L": ((0.85, 0.15), (0.85, 0.85)),
        "R": ((0.15, 0.15), (0.15, 0.85)),
    }[facing]
    points = _pts((_r(mx + px), _r(my + py)) for px, py in (tip, *base))
    monster_text = _b(code, "monster", x=monster["at"][0], y=monster["at"][1], facing=DIRECTION_WORDS[code][facing])
    # When the monster is to act, tapping it plays its next step.
    step_action = "monster" if engine.current_actor(state) == "monster" else ""
    # The group carries the target: a tap anywhere on the monster's square is a tap on the monster.
    shapes.append(Shape.make("g-start", css="monster-group", title=monster_text, action=step_action, target="monster"))
    shapes.append(Shape.make("rect", css="hit", x=mx, y=my, width=1, height=1))
    shapes.append(Shape.make("polygon", css="monster", title=monster_text, points=points))
    shapes.append(
        Shape.make("circle", css="monster-eye", cx=_r(mx + (tip[0] + 0.5) / 2), cy=_r(my + (tip[1] + 0.5) / 2), r=0.09)
    )
    shapes.append(Shape.make("g-end"))
    description.append(monster_text)

    pools: dict[str, list[tuple[str, int]]] = {p: [] for p in pos["players"]}
    saved_count: dict[str, int] = {p: 0 for p in pos["players"]}
    out_count: dict[str, int] = {p: 0 for p in pos["players"]}
    for fid, fig in pos["figures"].items():
        colour, _number = split_id(fid)
        if fig == "saved":
            saved_count[colour] += 1
            continue
        if fig == "out":
            out_count[colour] += 1
            continue
        at, showing = fig["at"], fig["showing"]
        if at == "pool":
            pools[colour].append((fid, showing))
            continue
        fx, fy = _xy(at)
        moved = _b(code, "figure-moved") if fig.get("moved") else ""
        tag = figure_tag(fid, code)
        text = _b(code, "figure", name=figure_name(fid, code), tag=tag, x=at[0], y=at[1], showing=showing, moved=moved)
        css_moved = " fig--moved" if fig.get("moved") else ""
        # The group carries the target: the whole figure (circle, value, tag) is one link.
        shapes.append(Shape.make("g-start", css=f"fig-{colour}{css_moved}", target=f"fig:{fid}", title=text))
        shapes.append(Shape.make("rect", css="hit", x=fx, y=fy, width=1, height=1))  # the whole square is the figure's
        shapes.append(
            Shape.make("circle", css=f"fig fig-{colour}", title=text, seat=colour, cx=_r(fx + 0.56), cy=_r(fy + 0.58),
                       r=0.38)
        )
        shapes.append(Shape.make("text", css="fig-label", text=str(showing), x=_r(fx + 0.56), y=_r(fy + 0.59),
                                 text_anchor="middle", dominant_baseline="central"))
        shapes.append(Shape.make("text", css="fig-tag", text=tag, seat=colour, x=_r(fx + 0.04), y=_r(fy + 0.3)))
        shapes.append(Shape.make("g-end"))
        description.append(text)

    mt = _monster_turn(pos, previous_pos, events)
    card_shapes, card_text = _card_shapes(pos, mt, code)
    shapes += card_shapes
    description.append(card_text)

    # Beside the board (as HTML, so the board itself can use the whole width on a phone):
    # each player's start pool (identity and face value) and saved figures.
    legend: list[LegendRow] = []
    for player in pos["players"]:
        letter = COLOUR_LETTERS[code].get(player, "")
        chips = [f"{figure_tag(fid, code)} · {showing}" for fid, showing in pools[player]]
        for fid, showing in pools[player]:
            description.append(_b(code, "figure-pool", name=figure_name(fid, code), tag=figure_tag(fid, code),
                                  showing=showing))
        pool_note = _b(code, "pool" if pools[player] else "pool-empty")
        summary = _b(code, "saved", n=saved_count[player]) + (
            _b(code, "out", n=out_count[player]) if out_count[player] else "")
        legend.append(LegendRow(f"fig-{player} ff-pool", f"{COLOUR_NAMES[code][player]} ({letter})", tuple(chips),
                                f"{pool_note}; {summary}", seat=player))
        description.append(f"{COLOUR_NAMES[code][player]}: {summary}.")
    legend.append(LegendRow("", _b(code, "legend-card" if mt else "legend-cards"), (), card_text))

    return BoardView(
        width=_r(WIDTH + 2 * BAND),
        height=_r(HEIGHT + 2 * BAND),
        min_x=_r(OFFSET - BAND),
        min_y=_r(OFFSET - BAND),
        cell=1.0,  # a square
        legend=legend,
        shapes=shapes,
        label=_b(code, "label", chapter=pos.get("chapter", 1), round=pos.get("round", 1)),
        description=description,
        status=status_line(engine, state, pos, mt, code),
    )


def status_line(
    engine: Engine[Any], state: Any, pos: dict[str, Any], mt: Mapping[str, Any] | None = None, lang: str | None = None
) -> str:
    code = language(lang)
    phase = pos.get("phase")
    if phase == "players":
        actor = engine.current_actor(state)
        return _b(code, "status-players", colour=colour_name(actor, code), chapter=pos.get("chapter"),
                  round=pos.get("round"))
    if phase == "monster" and pos.get("monster_turn"):
        turn = pos["monster_turn"]
        caught = _b(code, "figure-1") if turn["caught"] == 1 else _b(code, "figures", n=turn["caught"])
        return _b(code, "status-monster", progress=card_progress(turn, code), caught=caught)
    if phase == "over":
        result = engine.result(state)
        winners = ", ".join(colour_name(w, code) for w in (result.winners if result else ())) or _b(code, "nobody")
        return _b(code, "status-over", winners=winners)
    key = f"phase-{phase}"
    return _b(code, key) if key in BOARD[code] else ""


# -- labels -------------------------------------------------------------------------------------------


def describe_path(path: str, lang: str | None = None) -> str:
    """A path in words: ``EULL`` -> "het bord op, 1 omhoog, 2 naar links"."""
    code = language(lang)
    parts: list[str] = []
    i = 0
    while i < len(path):
        letter = path[i]
        j = i
        while j < len(path) and path[j] == letter:
            j += 1
        if letter in DIRECTIONS:
            parts.append(f"{j - i} {DIRECTION_WORDS[code][letter]}")
        else:
            word = {"E": "enter", "O": "exit"}.get(letter, "unknown")
            parts += [WORDS[code][word]] * (j - i)
        i = j
    return ", ".join(parts)


def _move_label(state: Any, fid: str, path: str, code: str) -> str:
    name = figure_name(fid, code)
    fig: Figure | None = None
    if isinstance(state, State):
        try:
            fig = state.figure(fid)
        except KeyError:
            fig = None
    if not path:
        if fig is not None and fig.at == POOL:
            return _w(code, "stay-pool", name=name)
        if fig is not None and isinstance(fig.at, tuple):
            return _w(code, "stay", name=name, sq=sq_text(fig.at))
        return _w(code, "stay-any", name=name)
    text = f"{name}: {describe_path(path, code)}"
    if fig is None:
        return text
    events: list[Event] = []
    try:
        walk = moves.simulate(state, fig, path, events)
    except EngineError:
        return text
    if isinstance(walk.end, tuple):
        text += ", " + _w(code, "to", sq=sq_text(walk.end))
    keys = {e.key for e in events}
    notes = [
        WORDS[code][word]
        for word, found in (
            ("push", "move.push" in keys),
            ("jump", bool(keys & {"move.jump", "move.jump.start"})),
            ("slide", "move.slide" in keys),
        )
        if found
    ]
    return "; ".join([text, *notes])


def _place_label(rest: str, code: str) -> str:
    what, _, where = rest.partition(":")
    args = where.split(",")
    try:
        x, y = int(args[0]), int(args[1])
    except (ValueError, IndexError):
        return f"{WORDS[code]['group-place']}: {what}"
    if what == "stone" and len(args) == 2:
        return _w(code, "stone", sq=sq_text((x, y)))
    if what == "pool2" and len(args) == 2:
        squares = pool2_squares(x, y)
        return _w(code, "pool2", a=sq_text(squares[0]), b=sq_text(squares[-1]))
    if what == "pool4" and len(args) == 3 and args[2] in ("h", "v"):
        squares = pool4_squares(x, y, args[2])
        return _w(code, f"pool4-{args[2]}", a=sq_text(squares[0]), b=sq_text(squares[-1]))
    return f"{WORDS[code]['group-place']}: {what}"


def action_label(
    engine: Engine[Any], state: Any, action: str, *, after: Any | None = None, lang: str | None = None
) -> str:
    """A short label of an action at ``state`` in plain words in ``lang``: "Rood 4: 2 omhoog, 1 naar
    links, tot (12, 7)", "Monsterkaart 10 (10 stappen)", "Steenblok op (3, 4)"."""
    code = language(lang)
    kind, _, rest = action.partition(":")
    if kind == "card":
        if rest in HIT_CARDS:
            return _w(code, f"card-hits-{HIT_CARDS[rest]}", card=rest)
        return _w(code, "card", card=rest)
    if kind == "monster" and not rest:
        return WORDS[code]["monster"]
    if kind == "place":
        return _place_label(rest, code)
    if kind == "move":
        fid, _, path = rest.partition(":")
        return _move_label(state, fid, path, code)
    return action


def action_group(engine: Engine[Any], state: Any, action: str, *, lang: str | None = None) -> str:
    """Moves are listed under the figure they move (with its face value); cards and placements together."""
    code = language(lang)
    kind, _, rest = action.partition(":")
    if kind == "move":
        fid = rest.partition(":")[0]
        name = figure_name(fid, code)
        if isinstance(state, State):
            try:
                return _w(code, "group-figure", name=name, value=state.figure(fid).showing)
            except KeyError:
                pass
        return name
    if kind == "card":
        return WORDS[code]["group-card"]
    if kind == "place":
        return WORDS[code]["group-place"]
    return ""


# -- moving by tapping --------------------------------------------------------------------------------

EXIT_TARGET = "exit"
MONSTER_TARGET = "monster"
OBJ_TARGETS = {"stone": "obj:stone", "pool2": "obj:pool2", "pool4:h": "obj:pool4-h", "pool4:v": "obj:pool4-v"}

Where = Square | str
Stones = frozenset[Square]


class _Walker:
    """One figure's walk, step by step, with the engine's own step function (``moves``)."""

    def __init__(self, state: State, fig: Figure):
        self.state = state
        self.fig = fig
        self.ctx = moves.board_context(state, fig)
        self._memo: dict[tuple[Where, Stones, int], bool] = {}

    def step(self, pos: Where, stones: Stones, letter: str) -> tuple[Where, Stones, list[Square]] | None:
        """The step ``letter`` from ``pos``: (new position, stones, squares occupied) or None if refused."""
        if pos == SAVED or (letter == "O" and pos != EXIT) or (letter == "E") != (pos == POOL):
            return None
        trail: list[Square] = []
        try:
            new_pos, new_stones = moves._take_step(self.ctx, pos, stones, letter, None, trail)
        except EngineError:
            return None
        return new_pos, new_stones, trail

    def candidates(self, pos: Where) -> str:
        if pos == POOL:
            return "E"
        if pos == SAVED:
            return ""
        return "UDLRO" if pos == EXIT else "UDLR"

    def can_end(self, pos: Where) -> bool:
        """Whether a walk of at least one step may end here (ff-vrij-eindveld)."""
        return pos == SAVED or (isinstance(pos, tuple) and pos not in self.ctx.others)

    def can_finish(self, pos: Where, stones: Stones, left: int) -> bool:
        """Whether some continuation of at most ``left`` steps ends the walk legally."""
        if self.can_end(pos):
            return True
        if left <= 0:
            return False
        key = (pos, stones, left)
        if key not in self._memo:
            self._memo[key] = False
            self._memo[key] = any(
                self.can_finish(out[0], out[1], left - 1)
                for letter in self.candidates(pos)
                if (out := self.step(pos, stones, letter)) is not None
            )
        return self._memo[key]


def _target_of(letter: str, trail: Sequence[Square]) -> str:
    return EXIT_TARGET if letter == "O" else sq_target(trail[0])


class _Picked(NamedTuple):
    """A figure's walk as far as the pick goes."""

    walker: _Walker
    fig: Figure
    pos: Where
    stones: Stones
    letters: str
    pending: list[Square]  # squares of a slide still to be tapped


def _walk_pick(state: State, pick: tuple[str, ...]) -> _Picked:
    """Follow a pick (a figure, then its squares); raises PickError where the board offered no such tap."""
    mover = state.player_to_move()
    due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
    first = pick[0]
    fig = next((f for f in due if f"fig:{f.id}" == first), None)
    if fig is None:
        raise PickError(f"{first!r} is not a figure that can move now")
    walker = _Walker(state, fig)
    pos: Where = fig.at
    stones: Stones = state.stones
    letters = ""
    pending: list[Square] = []
    for target in pick[1:]:
        if pending:
            if target != sq_target(pending[0]):
                raise PickError(f"the figure slides on to {sq_text(pending[0])}, not {target!r}")
            pending.pop(0)
            continue
        if len(letters) >= fig.showing:
            raise PickError(f"{fig.id} shows {fig.showing} and has no steps left")
        for letter in walker.candidates(pos):
            out = walker.step(pos, stones, letter)
            if out is not None and _target_of(letter, out[2]) == target:
                if not walker.can_finish(out[0], out[1], fig.showing - len(letters) - 1):
                    raise PickError(f"no legal move of {fig.id} goes on through {target!r}")
                pos, stones, trail = out
                pending = list(trail[1:])
                letters += letter
                break
        else:
            raise PickError(f"{target!r} cannot be the next step of {fig.id}")
    return _Picked(walker, fig, pos, stones, letters, pending)


def _move_options(state: State, pick: tuple[str, ...], code: str) -> TapOptions:
    mover = state.player_to_move()
    due = [f for f in state.figures if f.owner == mover and f.in_play and not f.moved]
    if not pick:
        fig_taps = []
        for f in due:
            if isinstance(f.at, tuple):
                label = _w(code, "tap-figure", name=figure_name(f.id, code), sq=sq_text(f.at), value=f.showing)
            else:
                label = _w(code, "tap-figure-pool", name=figure_name(f.id, code), value=f.showing)
            fig_taps.append(Tap(f"fig:{f.id}", label))
        return TapOptions(tuple(fig_taps), None, _w(code, "status-pick", colour=colour_name(mover or "", code)), ())
    walker, fig, pos, stones, letters, pending = _walk_pick(state, pick)

    name = figure_name(fig.id, code)
    n, m = len(letters), fig.showing
    status = _w(code, "status-steps-1" if m == 1 else "status-steps", name=name, n=n, m=m)
    if pending:
        sq = pending[0]
        label = _w(code, "tap-slide", sq=sq_text(sq))
        return TapOptions((Tap(sq_target(sq), label),), None, f"{status}; {_w(code, 'status-sliding', sq=sq_text(sq))}", pick)
    taps: list[Tap] = []
    if n < m:
        for letter in walker.candidates(pos):
            out = walker.step(pos, stones, letter)
            if out is None or not walker.can_finish(out[0], out[1], m - n - 1):
                continue
            taps.append(Tap(_target_of(letter, out[2]), _step_label(walker, pos, stones, letter, out[2], n + 1, code)))
    confirm = None
    if not letters or walker.can_end(pos):
        confirm = f"move:{fig.id}:{letters}"
    if pos == SAVED:
        status = _w(code, "status-out", name=name)
    elif confirm is None:
        status += "; " + WORDS[code]["status-no-end"]
    else:
        status += "; " + WORDS[code]["status-ok"]
    return TapOptions(tuple(taps), confirm, status, pick)


def _step_label(walker: _Walker, pos: Where, stones: Stones, letter: str, trail: Sequence[Square], n: int, code: str) -> str:
    if letter == "O":
        return _w(code, "tap-exit", n=n)
    square = trail[0]
    if letter == "E":
        text = _w(code, "tap-enter", sq=sq_text(square))
    else:
        text = _w(code, "tap-step", n=n, sq=sq_text(square))
    if square in stones and letter != "E":
        text += WORDS[code]["tap-push"]
    other = walker.ctx.others.get(square)
    if other is not None:
        text += _w(code, "tap-jump", other=figure_name(other, code))
    if square in walker.ctx.blood:
        text += WORDS[code]["tap-blood"]
    return text


def _place_path(action: str, stones_only: bool) -> tuple[str, ...]:
    _place, what, where = action.split(":")
    args = where.split(",")
    square = sq_target((int(args[0]), int(args[1])))
    if stones_only:
        return (square,)
    key = what if what != "pool4" else f"pool4:{args[2]}"
    return square, OBJ_TARGETS[key]


def _setup_options(engine: Engine[Any], state: State, pick: tuple[str, ...], code: str) -> TapOptions:
    pl = state.placement
    assert pl is not None
    stones_only = not pl.pool2 and not pl.pool4
    legal = engine.legal_actions(state)

    def label_of(target: str, action: str | None) -> str:
        if action is not None:
            return action_label(engine, state, action, lang=code)
        x, y = target[3:].split(",")
        return _w(code, "tap-place", sq=f"({x}, {y})")

    options = taps_from_paths(legal, lambda a: _place_path(a, stones_only), pick, label_of)
    placer = state.placer() or ""
    if pick:
        x, y = pick[0][3:].split(",")
        status = _w(code, "status-place-kind", sq=f"({x}, {y})")
    else:
        status = _w(code, "status-place", colour=colour_name(placer, code), left=pl.remaining)
    return TapOptions(options.taps, options.confirm, status, pick)


def monster_progress(mt: Any, code: str) -> str:
    if mt.card in HIT_CARDS:
        return _w(code, "progress-hits", card=mt.card, steps=mt.steps, caught=mt.caught, hits=HIT_CARDS[mt.card],
                  left=MAX_HIT_STEPS - mt.steps)
    return _w(code, "progress-steps", card=mt.card, steps=mt.steps, left=int(mt.card) - mt.steps)


def tap(engine: Engine[Any], state: Any, pick: Sequence[str], *, lang: str | None = None) -> TapOptions:
    """What may be tapped next after ``pick`` (see the module docstring); raises PickError for a
    pick the board would never have offered."""
    code = language(lang)
    pick = tuple(pick)
    if not isinstance(state, State):
        raise PickError("not a Finstere Flure state")
    if state.phase == PLAYERS and state.player_to_move() is not None:
        return _move_options(state, pick, code)
    if state.phase == SETUP and state.placement is not None:
        return _setup_options(engine, state, pick, code)
    if state.phase == CARD:
        legal = engine.legal_actions(state)
        options = taps_from_paths(legal, lambda a: (a,), pick,
                                  lambda _t, a: action_label(engine, state, a or "", lang=code))
        return TapOptions(options.taps, options.confirm, WORDS[code]["status-card"], pick)
    if state.phase == MONSTER and state.monster_turn is not None:
        options = taps_from_paths(["monster"], lambda a: ("monster",), pick,
                                  lambda _t, a: action_label(engine, state, "monster", lang=code))
        status = _w(code, "status-monster", progress=monster_progress(state.monster_turn, code))
        return TapOptions(options.taps, options.confirm, status, pick)
    if pick:
        raise PickError("nothing can be tapped now")
    return TapOptions((), None, WORDS[code]["status-over"] if state.phase == OVER else "", ())


def explain(engine: Engine[Any], state: Any, pick: Sequence[str], target: str, *, lang: str | None = None) -> RuleError | None:
    """Why ``target`` is not offered after ``pick``, citing the clause: the engine's own refusal of
    the move the tap would stand for (a step through the outer wall to the square opposite, onto
    the monster, a stone that cannot be pushed, a step too many, another player's figure, a figure
    that has moved this round, a placement in the free zone). Where no single move applies, a reason
    of its own: a square tapped before a figure (ff-een-figuur-per-beurt; the figure on it is
    answered for), the monster (ff-ronde), a square that is no neighbour (ff-orthogonaal), one from
    which the move could not end (ff-vrij-eindveld), the slide to finish (ff-bloedplas-glijden), the
    start square first (ff-bord-betreden), another figure once one walks (ff-een-figuur-per-beurt),
    the monster card or the monster's walk (ff-monster-kaart-trekken, ff-ronde), the board's setup
    (ff-dmaufbau-plaatsen)."""
    pick = tuple(pick)
    if not isinstance(state, State):
        return None
    if state.phase == OVER:
        return _refusal(engine, state, MONSTER_TARGET)
    if state.phase == CARD:
        return RuleError("ff-monster-kaart-trekken", "why.card")
    if state.phase == MONSTER:
        return RuleError("ff-ronde", "why.monster-turn")
    if state.phase == SETUP:
        return _explain_setup(engine, state, pick, target)
    mover = state.player_to_move()
    if state.phase != PLAYERS or mover is None:
        return None
    if not pick:
        if target == MONSTER_TARGET:
            return RuleError("ff-ronde", "why.monster-not-moved")
        square = parse_target_square(target) if target.startswith("sq:") else None
        fig = next((f for f in state.figures if f"fig:{f.id}" == target or (square and f.at == square)), None)
        if fig is not None:
            refusal = _refusal(engine, state, f"move:{fig.id}:")  # a turn of 0 steps: the figure's own refusal
            if refusal is not None:
                return refusal
        return RuleError("ff-een-figuur-per-beurt", "why.figure-first", colour=mover)
    try:
        walker, fig, pos, _stones, letters, pending = _walk_pick(state, pick)
    except PickError:
        return None
    if target.startswith("fig:"):
        return RuleError("ff-een-figuur-per-beurt", "why.one-figure", figure=fig.id)
    if target == MONSTER_TARGET:
        target = sq_target(state.monster)
    square = parse_target_square(target) if target.startswith("sq:") else None
    if square is None:
        return None
    if pending:
        return RuleError("ff-bloedplas-glijden", "why.sliding", figure=fig.id, sq=list(pending[0]))
    if len(letters) >= fig.showing:
        return _refusal(engine, state, f"move:{fig.id}:{letters}{'UDLR'[0]}")
    if pos == POOL:
        return RuleError("ff-bord-betreden", "why.enter-first", figure=fig.id)
    if not isinstance(pos, tuple):
        return _refusal(engine, state, f"move:{fig.id}:{letters}U")
    neighbour = False
    for letter in "UDLR":
        ahead = step(pos, letter)
        through_wall = not on_board(ahead) and square == mirror(pos)
        if ahead == square or through_wall:
            neighbour = True
            refusal = _refusal(engine, state, f"move:{fig.id}:{letters}{letter}")
            if refusal is not None:
                return refusal
    if neighbour:  # a step the engine takes, from where the move could not end on a free square
        return RuleError("ff-vrij-eindveld", "why.cannot-end", figure=fig.id, sq=list(square))
    return RuleError("ff-orthogonaal", "why.not-adjacent", figure=fig.id, sq=list(pos))


def _explain_setup(engine: Engine[Any], state: State, pick: tuple[str, ...], target: str) -> RuleError | None:
    """dmaufbau: a square is the engine's refusal of each object still to place there (the stone's
    first); a figure or the monster waits for the board to be set up; once a square is chosen, the
    object for it is chosen below the board."""
    pl = state.placement
    placer = state.placer() or ""
    if pl is None:
        return None
    square = parse_target_square(target) if target.startswith("sq:") else None
    if pick:
        chosen = parse_target_square(pick[0]) or (0, 0)
        return RuleError("ff-dmaufbau-plaatsen", "why.setup-kind", sq=list(chosen))
    if square is None:
        return RuleError("ff-dmaufbau-plaatsen", "why.setup-first", colour=placer)
    x, y = square
    kinds = [f"place:stone:{x},{y}"] if pl.stones else []
    kinds += [f"place:pool2:{x},{y}"] if pl.pool2 else []
    kinds += [f"place:pool4:{x},{y},h", f"place:pool4:{x},{y},v"] if pl.pool4 else []
    refusals = [_refusal(engine, state, action) for action in kinds]
    if not refusals or any(r is None for r in refusals):
        return None
    return refusals[0]


def _refusal(engine: Engine[Any], state: Any, action: str) -> RuleError | None:
    try:
        engine.apply(state, action)
    except RuleError as exc:
        return exc
    return None


def parse_target_square(target: str) -> Square | None:
    x, _, y = target[3:].partition(",")
    if not (x.isdigit() and y.isdigit()):
        return None
    return int(x), int(y)


class FinstereFlureView:
    """The view-model object the registry hands to the pages (``GAME.view``)."""

    board_view = staticmethod(board_view)
    action_label = staticmethod(action_label)
    action_group = staticmethod(action_group)
    tap = staticmethod(tap)
    explain = staticmethod(explain)


VIEW = FinstereFlureView()

__all__ = [
    "VIEW",
    "WALL_LETTERS",
    "FinstereFlureView",
    "action_group",
    "action_label",
    "board_view",
    "colour_name",
    "figure_name",
    "figure_tag",
    "language",
    "tap",
    "explain",
]
