"""The German catalogue of Finstere Flure: every sentence of ``messages_nl`` (the source) in German,
with the same placeholders and the terms of ``rulebooks/content/finstere-flure/glossary.toml``
(Steinblock, Blutlache, Startvorrat, Startfeld, Zielfeld, Außenmauer, Monsterkarte, Kapitel).

The formatters (``name``, ``colour``, ``from``, ``to`` ...) are built by ``message_formats.formats``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("de")

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
    "refuse.game-over": "Das Spiel ist vorbei.",
    "refuse.setup-first": "Zuerst bauen die Spieler reihum den Spielplan auf (place:...).",
    "refuse.players-first": "Zuerst bewegen die Spieler ihre Figuren; danach läuft das Monster.",
    "refuse.move-syntax": "Erwartet wird move:<Figur>:<Weg>, zum Beispiel move:red1:EUL.",
    "refuse.unknown-figure": "Unbekannte Figur {figure!r}.",
    "refuse.saved": "{figure:name} ist schon gerettet und spielt nicht mehr mit.",
    "refuse.out": "{figure:name} wurde in Kapitel 2 gefangen und ist endgültig verloren.",
    "refuse.moved": "{figure:name} ist in dieser Runde schon gezogen.",
    "refuse.first-round": "{player:colour} hat in der ersten Runde schon zwei Figuren bewegt.",
    "refuse.not-your-turn": "{player:colour} ist am Zug, nicht {owner:colour}.",
    "refuse.card-expected": "Jetzt wird eine Monsterkarte aufgedeckt (card:...).",
    "refuse.card-unknown": "Unbekannte Monsterkarte {card!r}.",
    "refuse.card-gone": "Karte {card} liegt nicht mehr im Stapel.",
    "refuse.first-card": "Die erste Monsterkarte des Spiels ist nie X oder XX.",
    "refuse.monster-only": "Das Monster ist am Zug; die einzige Aktion ist 'monster' (ein Schritt).",
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
    "refuse.blood-wall": "Die Blutlache liegt an der Außenmauer.",
    "refuse.slide-stone": "{figure:name} kann nicht über die Blutlache rutschen: Auf {square:sq} liegt ein Steinblock.",
    "refuse.slide-monster": "{figure:name} kann nicht über die Blutlache rutschen: Auf {square:sq} steht das Monster.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Erwartet wird place:stone:X,Y, place:pool4:X,Y,h|v oder place:pool2:X,Y.",
    "refuse.place-unknown": "Unbekannte Platzierung {action!r}.",
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
}
