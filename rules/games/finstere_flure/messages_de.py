"""The German catalogue of Finstere Flure: every sentence of ``messages_nl`` (the source) in German,
with the same placeholders and the terms of ``rulebooks/content/finstere-flure/glossary.toml``
(Steinblock, Blutlache, Startvorrat, Startfeld, Zielfeld, Außenmauer, Monsterkarte, Kapitel).

The formatters (``name``, ``colour``, ``from``, ``to`` ...) are built by ``message_formats.formats``.
"""

from __future__ import annotations

from collections.abc import Mapping

_STEPS = "{steps} {steps:plural/Schritt/Schritte}"
_DISTANCE = "{distance} {distance:plural/Feld/Feldern}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Anzahl der Spieler",
    "setup.dmaufbau": "Die Spieler legen Steinblöcke und Blutlachen selbst (dmaufbau)",
    "result.win": "{winner:colour} gewinnt mit {saved} geretteten Figuren.",
    "result.tiebreak": (
        "{winner:colour} gewinnt mit {saved} geretteten Figuren; {others:colours} {others:count/hat/haben} ebenso "
        "viele gerettet, aber {winner:colour} hatte diese Zahl zuerst erreicht."
    ),
    "result.draw": "Niemand hat eine Figur gerettet: unentschieden.",
    # -- refusals: whose turn, which phase ---------------------------------------------------------
    "core.not-text": "Eine Aktion ist ein Text.",
    "core.not-an-action": "'{action}' ist keine Aktion dieses Spiels.",
    "refuse.game-over": "Das Spiel ist vorbei.",
    "refuse.setup-first": "Zuerst bauen die Spieler reihum den Spielplan auf: Noch liegen nicht alle Steinblöcke und Blutlachen.",
    "refuse.players-first": "Zuerst bewegen die Spieler ihre Figuren; danach läuft das Monster.",
    "refuse.move-syntax": "Erwartet wird move:<Figur>:<Weg>, zum Beispiel move:red1:EUL.",
    "refuse.unknown-figure": "Unbekannte Figur {figure!r}.",
    "refuse.saved": "{figure:name} ist schon gerettet und spielt nicht mehr mit.",
    "refuse.out": "{figure:name} wurde in Kapitel 2 gefangen und ist endgültig verloren.",
    "refuse.moved": "{figure:name} ist in dieser Runde schon gezogen.",
    "refuse.first-round": "{player:colour} hat in der ersten Runde schon zwei Figuren bewegt.",
    "refuse.not-your-turn": "{player:colour} ist am Zug, nicht {owner:colour}.",
    "refuse.card-expected": "Die Spieler sind mit dieser Runde fertig: Jetzt wird eine Monsterkarte aufgedeckt, und das Monster läuft.",
    "refuse.card-unknown": "Unbekannte Monsterkarte {card!r}.",
    "refuse.card-gone": "Karte {card} liegt nicht mehr im Stapel.",
    "refuse.first-card": "Die erste Monsterkarte des Spiels ist nie X oder XX.",
    "refuse.monster-only": "Das Monster läuft jetzt seine Schritte; die Spieler sind erst in der nächsten Runde wieder am Zug.",
    # -- refusals: a figure's path -----------------------------------------------------------------
    "refuse.too-far": (
        "{figure:name} zeigt {showing} und darf höchstens {showing} {showing:plural/Schritt/Schritte} gehen, "
        "nicht {steps}."
    ),
    "refuse.bad-letter": "Unbekannter Schritt {letter!r}: Erlaubt sind U, D, L, R (gerade, nie schräg), E und O.",
    "refuse.after-exit": "{figure:name} ist schon hinausgegangen; die übrigen Punkte verfallen.",
    "refuse.end-occupied": "Der Zug darf nicht auf {square:sq} enden: Dort steht {other:name}.",
    "refuse.enter-on-board": (
        "{figure:name} steht schon auf dem Spielplan; nur eine Figur aus dem Startvorrat betritt mit E den Spielplan."
    ),
    "refuse.enter-monster": "Das Monster steht auf dem Startfeld; die Figur kann den Spielplan nicht betreten.",
    "refuse.enter-first": (
        "{figure:name} steht im Startvorrat; der erste Schritt muss E sein (auf das Startfeld)."
    ),
    "refuse.exit-elsewhere": (
        "{figure:name} steht nicht auf dem Zielfeld (0, 0); nur von dort kann sie hinausgehen."
    ),
    "refuse.wall": "Von {square:sq} kann man nicht {direction:dir} gehen: Dort ist die Außenmauer.",
    "refuse.wall.exit": (
        "Von {square:sq} kann man nicht {direction:dir} gehen: Dort ist die Außenmauer. "
        "Hinaus geht es nur vom Zielfeld aus mit O."
    ),
    "refuse.monster": "Auf {square:sq} steht das Monster; dorthin oder darüber hinweg kann keine Figur gehen.",
    "refuse.stone-wall": (
        "Der Steinblock auf {square:sq} liegt an der Außenmauer und kann nicht geschoben werden."
    ),
    "refuse.stone-blocked": "Der Steinblock auf {square:sq} kann nicht geschoben werden: {beyond:sq} ist nicht frei.",
    "refuse.blood-wall": "{figure:name} kann nicht über die Blutlache rutschen: Hinter der Lache ist die Außenmauer.",
    "refuse.slide-stone": "{figure:name} kann nicht über die Blutlache rutschen: Auf {square:sq} liegt ein Steinblock.",
    "refuse.slide-monster": "{figure:name} kann nicht über die Blutlache rutschen: Auf {square:sq} steht das Monster.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Erwartet wird place:stone:X,Y, place:pool4:X,Y,h|v oder place:pool2:X,Y.",
    "refuse.place-unknown": "'{action}' nennt kein Objekt und Feld zum Platzieren (einen Steinblock, die schmale oder die quadratische Blutlache).",
    "refuse.place.none-left.stone": "Alle 11 Steinblöcke liegen schon auf dem Spielplan.",
    "refuse.place.none-left.pool4": "Die schmale Blutlache liegt schon auf dem Spielplan.",
    "refuse.place.none-left.pool2": "Die quadratische Blutlache liegt schon auf dem Spielplan.",
    "refuse.place.off-board": "Feld {square:sq} liegt nicht auf dem Spielplan.",
    "refuse.place.occupied": "Auf Feld {square:sq} liegt schon ein Objekt.",
    "refuse.place.free-zone": "Feld {square:sq} liegt höchstens 3 Schritte vom Start- oder Zielfeld entfernt.",
    "refuse.place.near-start": (
        "Feld {square:sq} der Blutlache liegt nur {distance} Schritte vom Eingang entfernt; es müssen mindestens 8 sein."
    ),
    "refuse.place.edge": "Feld {square:sq} grenzt an die Außenmauer; eine Blutlache darf den Rand nicht berühren.",
    "refuse.place.touching": (
        "Feld {square:sq} grenzt an die andere Blutlache; die Blutlachen dürfen sich nicht berühren."
    ),
    # -- dmaufbau -------------------------------------------------------------------------------------
    "place.stone": "{player:colour} legt einen Steinblock auf {at:sq}.",
    "place.pool4": "{player:colour} legt die schmale Blutlache {orientation:orientation} ab {at:sq}.",
    "place.pool2": "{player:colour} legt die quadratische Blutlache ab {at:sq}.",
    "place.done": "Alle Objekte liegen auf dem Spielplan; das Spiel beginnt.",
    # -- a player's move ----------------------------------------------------------------------------
    "move.stay": "{figure:name} bleibt {from:at} stehen (0 Schritte); auch das zählt als ihr Zug.",
    "move.walk": "{figure:name} geht " + _STEPS + " (von {showing} möglichen) {from:from} {to:to}.",
    "move.enter": "{figure:name} tritt aus dem Startvorrat auf das Startfeld.",
    "move.jump.start": "{figure:name} springt über {over:name} auf das Startfeld.",
    "move.jump": "{figure:name} springt über {over:name}.",
    "move.push": "{figure:name} schiebt den Steinblock von {from:sq} nach {to:sq}.",
    "move.stone-slides": "Der Steinblock rutscht über die Blutlache nach {to:sq}.",
    "move.slide": "{figure:name} rutscht über die Blutlache von {from:sq} nach {to:sq}.",
    "move.slide.pass": "Auf {square:sq} steht {over:name}: {figure:name} landet dort wie beim Springen.",
    "move.saved": "{figure:name} geht durch den Ausgang hinaus und ist gerettet.",
    "move.saved.lapsed-one": (
        "{figure:name} geht durch den Ausgang hinaus und ist gerettet. Der übrige Punkt verfällt."
    ),
    "move.saved.lapsed": (
        "{figure:name} geht durch den Ausgang hinaus und ist gerettet. Die übrigen {lapsed} Punkte verfallen."
    ),
    "move.flip": "{figure:name} wird umgedreht und zeigt jetzt {showing}.",
    "stone.removed": "Der Steinblock gerät auf das {square:special} und wird vom Spielplan genommen.",
    # -- rounds, chapters, endings ------------------------------------------------------------------
    "turn.next": "{player:colour} ist am Zug.",
    "turn.skipped": "{player:colour} hat in dieser Runde keine Figur mehr, die noch ziehen muss, und wird übersprungen.",
    "round.start": "Runde {round} beginnt; {player:colour} ist am Zug.",
    "round.monster": "Die Spieler sind mit dieser Runde fertig; jetzt ist das Monster am Zug.",
    "end.rung": (
        "{player:colour} hat {saved} Figuren gerettet: Das Spielende ist eingeläutet; "
        "diese Runde wird noch zu Ende gespielt."
    ),
    "end.championship": (
        "Die laufende Runde ist zu Ende gespielt; nach der Meisterschaftsregel ist das Spiel jetzt vorbei."
    ),
    "end.board-empty": (
        "In Kapitel 2 steht keine Figur mehr auf dem Spielplan oder im Startvorrat: Das Spiel ist vorbei."
    ),
    "end.cards": (
        "Das Monster ist in Kapitel 2 sieben Karten gelaufen, ohne dass das Ende eingeläutet wurde: "
        "Das Spiel ist vorbei."
    ),
    "chapter.1.end": "Die siebte Monsterkarte ist gelaufen: Kapitel 1 ist vorbei; die achte Karte entfällt.",
    "chapter.2.start": (
        "Alle acht Monsterkarten werden neu gemischt; Kapitel 2 beginnt. Monster und Figuren bleiben stehen."
    ),
    # -- monster cards ------------------------------------------------------------------------------
    "card.first": "Dies ist die erste Monsterkarte des Spiels; sie ist nie X oder XX.",
    "card.drawn": "Monsterkarte {card} wird aufgedeckt.",
    "card.hits": (
        "Das Monster läuft, bis es {hits:plural/eine Figur/zwei Figuren} gefangen hat, höchstens {max_steps} Schritte."
    ),
    "card.steps": "Das Monster macht genau {card} Schritte.",
    # -- the monster ----------------------------------------------------------------------------------
    "monster.look.none": "Das Monster schaut sich um und sieht keine Figur.",
    "monster.look.confused": (
        "Das Monster sieht {figures:names} gleich weit entfernt ({distance} {distance:plural/Feld/Felder}) "
        "und ist verwirrt: Es dreht sich nicht und schaut weiter {facing:dir}."
    ),
    "monster.look.ahead": (
        "Das Monster sieht {target:name} geradeaus in " + _DISTANCE + " Entfernung und läuft darauf zu ({facing:dir})."
    ),
    "monster.look.ahead.final": (
        "Das Monster sieht {target:name} geradeaus in " + _DISTANCE + " Entfernung und schaut weiter in diese "
        "Richtung ({facing:dir})."
    ),
    "monster.look.turn": (
        "Das Monster sieht {target:name} {side:side} in " + _DISTANCE + " Entfernung und dreht sich {facing:dir}."
    ),
    "monster.step": "Schritt {step}: Das Monster geht {facing:dir} auf {to:sq}.",
    "monster.wall": (
        "Schritt {step}: Das Monster geht auf {from:sq} durch die Außenmauer und kommt auf der anderen Seite auf "
        "{to:sq} wieder herein, weiter {facing:dir} schauend."
    ),
    "monster.slide": "Das Monster rutscht über die Blutlache nach {to:sq} und schaut sich unterwegs nicht um.",
    "monster.catch": "Das Monster fängt {figure:name} auf {square:sq}.",
    "monster.crush": "{figure:name} wird auf {square:sq} an der Außenmauer zerquetscht und gilt als gefangen.",
    "monster.caught.chapter-1": "{figure:name} kommt zurück in den Startvorrat.",
    "monster.caught.chapter-2": "{figure:name} ist in Kapitel 2 endgültig verloren.",
    "monster.push": "Das Monster schiebt den Steinblock auf {first:sq} {direction:dir}.",
    "monster.push.row": (
        "Das Monster schiebt den Steinblock auf {first:sq} und die Reihe dahinter "
        "({behind} {behind:plural/Objekt/Objekte}) {direction:dir}."
    ),
    "monster.crumble": "Der Steinblock auf {square:sq} wird an der Außenmauer zermalmt.",
    "monster.stone-slides": "Der Steinblock rutscht über die Blutlache von {from:sq} nach {to:sq}.",
    "monster.figure-slides": "{figure:name} rutscht über die Blutlache von {from:sq} nach {to:sq}.",
    "monster.figure-stays": "{figure:name} bleibt auf der Blutlache auf {square:sq} liegen.",
    "monster.hits.done": "Das Monster hat genug Figuren gefangen ({caught}) und hält an.",
    "monster.hits.max": "Das Monster hat {max_steps} Schritte gemacht und hält an.",
    "monster.steps.done": "Das Monster hat alle {card} Schritte gemacht.",
    "monster.final-look": "Nach dem letzten Schritt schaut sich das Monster noch ein letztes Mal um.",
    # -- why a target cannot be tapped (view.explain) -------------------------------------------------
    "why.card": "Jetzt wird eine Monsterkarte aufgedeckt; danach läuft das Monster.",
    "why.monster-turn": "Jetzt läuft das Monster: tippe das Monster für seinen nächsten Schritt an. Die Spieler sind erst in der nächsten Runde wieder an der Reihe.",
    "why.monster-not-moved": "Die Spieler bewegen das Monster nie: es läuft in jeder Runde nach den Spielern.",
    "why.figure-first": "{colour:colour} ist an der Reihe: tippe zuerst eine eigene Figur an, die in dieser Runde noch laufen muss; dann leuchten die Felder ihres Weges auf.",
    "why.sliding": "{figure:name} rutscht weiter über das Blut: tippe zuerst {sq:sq} an.",
    "why.enter-first": "{figure:name} steht im Startvorrat: der erste Schritt geht auf das Startfeld (15, 10).",
    "why.not-adjacent": "Ein Schritt geht auf ein Nachbarfeld, gerade und nie schräg: {figure:name} steht auf {sq:sq}.",
    "why.cannot-end": "Über {sq:sq} kann der Zug von {figure:name} auf keinem freien Feld mehr enden.",
    "why.one-figure": "Eine Figur pro Zug: {figure:name} läuft schon; brich ab, um eine andere zu wählen.",
    "why.setup-first": "Zuerst wird der Spielplan aufgebaut: {colour:colour} legt jetzt etwas hin.",
    "why.setup-kind": "Wähle zuerst unter dem Spielplan, was auf {sq:sq} kommt.",
    # -- what a good player would do (players.py) ---------------------------------------------------
    "advice.saved": "{figure:name} geht durch den Ausgang hinaus und ist gerettet: sicher vor dem Monster.",
    "advice.closer": "{figure:name} hat danach noch {steps} Schritte bis hinaus.",
    "advice.next": "Danach zeigt {figure:name} {showing}: so weit kommt sie in ihrem nächsten Zug.",
    "advice.safe": "Mit keiner Karte im Stapel fängt das Monster jetzt eine eigene Figur.",
    "advice.risk": "Die Chance, dass das Monster in seinem nächsten Zug eine eigene Figur fängt, liegt bei etwa {percent}%.",
    "advice.lure": "Das Monster fängt voraussichtlich {count} Figuren der anderen.",
    "advice.place": "Beim Aufbau wählt der Computer einen Platz, den die Regeln erlauben; weiter rechnet er hier nicht.",
}


# The words outside the sentences, by namespace (read through ``MESSAGES.words``).
WORDS: Mapping[str, Mapping[str, str]] = {
    # A player's colour as a name (the board and the position editor).
    "colour": {
        "red": "Rot",
        "yellow": "Gelb",
        "green": "Grün",
        "blue": "Blau",
        "purple": "Lila",
        "white": "Weiß",
        "orange": "Orange",
    },
    # The colour's letter on the figures ("R1"): unique within each language.
    "colour_letter": {
        "red": "R",
        "yellow": "Ge",
        "green": "Gr",
        "blue": "B",
        "purple": "L",
        "white": "W",
        "orange": "O",
    },
    # A direction (the monster's heading, the steps of a figure).
    "direction": {
        "U": "nach oben",
        "D": "nach unten",
        "L": "nach links",
        "R": "nach rechts",
    },
    # The labels and groups of the legal actions, the taps and the status line of tapping.
    "label": {
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
    # The words of the board drawing itself (title, description, status, legend, shape titles).
    "board": {
        "label": "Spielplan Finstere Flure, Kapitel {chapter}, Runde {round}",
        "square": "Feld ({x}, {y})",
        "square-blood": "Blutlache ({x}, {y})",
        "square-start": "Startfeld (15, 10)",
        "square-exit": "Zielfeld, der Ausgang (0, 0)",
        "mark-exit": "aus",
        "mark-start": "ein",
        "exit-arrow": "Der Ausgang: vom Zielfeld (0, 0) hinaus",
        "wall": "Die Außenmauer",
        "coordinates": "Koordinaten (x, y): x von 0 (links) bis 15 (rechts), y von 0 (oben) bis 10 (unten). Entlang der Außenmauer stehen Buchstaben; wer bei einem Buchstaben durch die Mauer geht, kommt beim selben Buchstaben auf der anderen Seite wieder herein.",
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
    # The position editor: the phases of a position.
    "phase": {
        "players": "Die Spieler ziehen",
        "card": "Eine Monsterkarte wird aufgedeckt",
        "monster": "Das Monster läuft",
        "setup": "Spielplan aufbauen (dmaufbau)",
        "over": "Das Spiel ist vorbei",
    },
    # The position editor: how a game ended.
    "ending": {
        "ff-einde-kampioenschap": "Ende eingeläutet, Runde zu Ende gespielt",
        "ff-einde-bord-leeg": "Keine Figur mehr im Spiel (Kapitel 2)",
        "ff-einde-kaarten-op": "Monsterkarten aufgebraucht (Kapitel 2)",
    },
    # The position editor: where a figure off the board is.
    "off_board": {
        "pool": "Startvorrat, zeigt {v}",
        "saved": "gerettet",
        "out": "aus dem Spiel",
    },
    # The position editor: palette, fields, held pieces and refusals.
    "editor": {
        "group.tools": "Werkzeuge",
        "group.objects": "Stein und Blut",
        "group.monster": "Monster",
        "group.figures": "Figuren von {colour}",
        "tool.move": "Versetzen: tippe ein Teil an, dann das neue Feld",
        "tool.empty": "Leeren: Figur zurück in den Startvorrat, Stein oder Lache weg",
        "tool.moved": "In dieser Runde schon gezogen (an/aus)",
        "tool.saved": "Gerettet (hinaus)",
        "tool.out": "Aus dem Spiel (in Kapitel 2 gefangen)",
        "tool.stone": "Steinblock",
        "tool.pool4h": "Blutlache 1 × 4, waagrecht (tippe das linke Feld an)",
        "tool.pool4v": "Blutlache 1 × 4, senkrecht (tippe das oberste Feld an)",
        "tool.pool2": "Blutlache 2 × 2 (tippe das Feld links oben an)",
        "tool.monster": "Monster, schaut {heading}",
        "tool.figure.front": "{name}, zeigt {value} (farbige Seite)",
        "tool.figure.back": "{name}, zeigt {value} (schwarze Seite)",
        "held": "In der Hand: {what}. Tippe das neue Feld an.",
        "held.pool": "In der Hand: {what}. Tippe das neue Feld links oben an.",
        "what.stone": "der Steinblock auf {sq}",
        "what.monster": "das Monster",
        "what.pool4": "die Blutlache 1 × 4",
        "what.pool2": "die Blutlache 2 × 2",
        "field.phase": "Phase",
        "field.chapter": "Kapitel",
        "chapter": "Kapitel {n}",
        "field.round": "Runde",
        "roundname": "Runde {n}",
        "roundname.chapter2": "Runde {n} (Runde {r} von Kapitel 2)",
        "field.card": "Aufgedeckte Karte {i} dieses Kapitels",
        "field.card.play": "Monsterkarte im Spiel (Karte {i} dieses Kapitels)",
        "cardname.steps": "{card} Schritte",
        "cardname.X": "X (ein Treffer)",
        "cardname.XX": "XX (zwei Treffer)",
        "field.steps": "Schritte, die das Monster schon gemacht hat",
        "field.caught": "Figuren, die das Monster in diesem Zug schon fing",
        "field.turn": "Am Zug",
        "field.ending": "Wie das Spiel endete",
        "bad-target": "Das ist kein Feld und kein Teil dieses Spielplans.",
        "bad-tool": "Dieses Werkzeug gibt es hier nicht.",
        "occupied": "Auf {sq} steht schon {what}: zwei Dinge können nicht auf einem Feld stehen.",
        "occ.stone": "ein Steinblock",
        "occ.monster": "das Monster",
        "stone-special": "Ein Steinblock kann nicht auf dem Start- oder Zielfeld liegen: dort wird er sofort entfernt.",
        "stone-count": "Es gibt nur 11 Steinblöcke.",
        "pool-off": "Die Blutlache passt hier nicht: {sq} liegt nicht auf dem Spielplan.",
        "pool-wall": "Eine Blutlache berührt nie die Außenmauer, und {sq} liegt an der Mauer.",
        "pool-touch": "Die beiden Blutlachen dürfen sich nicht berühren oder überlappen.",
        "pool-second": "Es gibt nur eine {what}; nimm die andere erst weg oder versetze sie.",
        "pool-name.pool4": "Blutlache 1 × 4",
        "pool-name.pool2": "Blutlache 2 × 2",
        "pool-monster": "Das Monster steht auf {sq}, und das Monster steht nie auf Blut.",
        "monster-blood": "Das Monster steht nie auf Blut: es rutscht immer bis hinter die Lache.",
        "monster-stays": "Das Monster steht immer auf dem Spielplan; versetze es, oder tippe es mit einem Monster mit Blickrichtung an, um es zu drehen.",
        "nothing-here": "Auf {sq} steht nichts zum Versetzen.",
        "tap-square": "Tippe ein Feld des Spielplans an.",
        "no-figure": "Tippe eine Figur an.",
        "held-gone": "Das Teil in deiner Hand ist nicht mehr da; wähle neu.",
        "out-chapter-1": "In Kapitel 1 geht keine Figur verloren: eine gefangene Figur kommt zurück in den Startvorrat.",
        "moved-phase": "Ob eine Figur schon gezogen hat, zählt nur, während die Spieler ziehen.",
        "not-in-play": "{name} ist nicht mehr im Spiel.",
        "first-round": "In der ersten Runde zieht jeder Spieler nur zwei Figuren.",
        "no-mover": "Dann muss in dieser Runde niemand mehr eine Figur ziehen; wähle dann als Phase: eine Monsterkarte wird aufgedeckt.",
        "end-rung": "Ein Spieler hat alle Figuren bis auf eine gerettet: das Ende ist eingeläutet, also ziehen die Spieler oder das Spiel ist vorbei.",
        "chapter-2-empty": "In Kapitel 2 ist das Spiel vorbei, sobald keine Figur mehr auf dem Spielplan oder im Startvorrat ist.",
        "setup-figures": "Solange der Spielplan aufgebaut wird, warten alle Figuren mit der farbigen Seite nach oben im Startvorrat.",
        "setup-start": "Der Spielplan wird vor der ersten Runde von Kapitel 1 aufgebaut, bevor eine Figur gerettet ist.",
        "setup-done": "Alle Steinblöcke und beide Blutlachen liegen schon: das Spiel hätte dann schon begonnen.",
        "card-count": "Es gibt nur {n} Karte(n) {card} (die Karten sind 5, 7, 7, 8, 8, 10, X, XX).",
        "seven-cards": "Nach sieben aufgedeckten Karten ist das Kapitel vorbei; die achte Karte wird nicht gespielt.",
        "first-card": "Die erste Monsterkarte des Spiels ist nie X oder XX.",
        "steps-limit": "Mit Karte {card} kann das Monster höchstens {n} Schritte schon gemacht haben.",
        "caught-limit": "Mit Karte {card} hält das Monster an, sobald es {n} Figur(en) gefangen hat.",
        "turn-impossible": "{player} kann jetzt nicht am Zug sein: am Zug ist, wer noch eine Figur ziehen muss und in dieser Runde die wenigsten Züge gemacht hat. Markiere erst, welche Figuren schon gezogen haben.",
        "not-over": "Das Spiel ist noch nicht vorbei: niemand hat alle Figuren bis auf eine gerettet, und in Kapitel 2 gibt es noch Figuren und Karten.",
        "ending-mismatch": "So kann das Spiel in dieser Stellung nicht geendet haben.",
    },
    # The formatters' words (message_formats.formats): a colour as a player's name in the sentences
    # (lower case in Dutch), where the monster sees a square, and the small words around squares.
    "colour_name": {
        "red": "Rot",
        "yellow": "Gelb",
        "green": "Grün",
        "blue": "Blau",
        "purple": "Lila",
        "white": "Weiß",
        "orange": "Orange",
    },
    "side": {
        "ahead": "geradeaus",
        "left": "links von sich",
        "right": "rechts von sich",
    },
    # Only the English and German sentences say where with {from}/{to}; the place and way words are for sentences that name them. "colours.last" joins the last two colours of a list.
    "sentence": {
        "and": " und ",
        "colours.last": " und ",
        "at.pool": "im Startvorrat",
        "at.square": "auf",
        "special.start": "Startfeld",
        "special.exit": "Zielfeld",
        "orientation.h": "waagerecht",
        "orientation.v": "senkrecht",
        "place.pool": "der Startvorrat",
        "place.saved": "draußen",
        "from.pool": "aus dem Startvorrat",
        "from.square": "von",
        "to.saved": "durch den Ausgang hinaus",
        "to.pool": "in den Startvorrat",
        "to.square": "nach",
        "way.U": "nach oben",
        "way.D": "nach unten",
        "way.L": "nach links",
        "way.R": "nach rechts",
    },
}
