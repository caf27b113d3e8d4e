"""The German catalogue of Torens & Dieven: every key of the Dutch source catalogue
(``messages_nl.py``), with the same placeholders, in the glossary's terms
(``rulebooks/content/torens-en-dieven/glossary.toml``: Landschaftskarte, Turmteil, Wächter...).

The formatters (``colour``, ``kind``, ``towers``...) are built by :func:`.message_formats.formats`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("de")

_PTS = "{points} {points:plural/Punkt/Punkte}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Anzahl der Spieler",
    "setup.river": "Mit der Mini-Erweiterung Der Fluss (empfohlen)",
    "setup.land": "Gewöhnliche Landschaftskarten ohne Diebessymbol (das Grundspiel hat 71)",
    "result.win": "{winners:colours} gewinnt mit {score} Punkten aus dieser Erweiterung.",
    "result.shared": "{winners:colours} teilen sich den Sieg mit je {score} Punkten aus dieser Erweiterung.",
    # -- drawing ---------------------------------------------------------------------------------
    "draw.land": "{player:colour} zieht {kind:kind}.",
    "draw.river": "{player:colour} zieht {kind:kind} vom Flussstapel.",
    "draw.tower": "{player:colour} zieht die oberste Turmkarte ({left} {left:plural/bleibt/bleiben} auf dem Stapel).",
    "draw.replacement": "Es gibt keine Turmkarten mehr: {player:colour} zieht stattdessen {kind:kind}.",
    # -- the thief symbol ------------------------------------------------------------------------
    "thief.symbol": "Ein Diebessymbol mit dem Wert {value}: Zuerst wachsen die Türme, dann punkten die Wächter oder die Diebe stehlen die Karte.",
    "grow": "Die Türme ohne Wächter wachsen: {towers:towers}. Im Vorrat {supply:plural/bleibt/bleiben} {supply} {supply:plural/Turmteil/Turmteile}.",
    "grow.guarded": "Türme mit einem Wächter wachsen nicht: {towers:squares}.",
    "grow.full": "Schon 5 Turmteile hoch, also kommt nichts dazu: {towers:squares}.",
    "grow.short": "Es {supply:plural/ist/sind} nur noch {supply} {supply:plural/Turmteil/Turmteile} für {towers} Türme ohne Wächter da: {player:colour} wählt, welche Türme eines bekommen, höchstens eines je Turm.",
    "grow.empty": "Der Vorrat an Turmteilen ist aufgebraucht: Die Türme wachsen nicht mehr ({towers:squares} bekommen nichts).",
    "supply.empty": "Damit ist der Vorrat an Turmteilen aufgebraucht.",
    "guards.spot": "Auf den Türmen {guards:plural/steht/stehen} {guards} {guards:plural/Wächter/Wächter}: Sie entdecken die Diebe und werden belohnt.",
    "score.thief": "{player:colour} bekommt für {guards} {guards:plural/Wächter/Wächter} × {value} = " + _PTS + ".",
    "score.bonus": "{player:colour} bekommt zusätzlich für {guards} {guards:plural/Wächter/Wächter} × {value} (die gestohlene Karte) = " + _PTS + ".",
    "stolen.boxed": "Die gestohlene Karte (Wert {value}) kommt zurück in die Schachtel.",
    "guards.home": "Alle Wächter gehen von den Türmen zurück in den Vorrat ihrer Besitzer.",
    "theft.no-towers": "Es steht noch kein einziger Turm, also auch kein Wächter.",
    "theft": "Auf keinem Turm steht ein Wächter: Die Diebe stehlen die Karte von {player:colour}. Sie wird offen neben die Wertungstafel gelegt (Wert {value}).",
    "stolen.replaced": "Dort lag schon eine gestohlene Karte (Wert {old}): Sie kommt in die Schachtel, die neue (Wert {new}) nimmt ihren Platz ein.",
    "theft.no-scoring": "Die Diebe blieben unbemerkt: Diesmal gibt es keine Wertung und keine Punkte für die Wächter.",
    "replacement.land": "Der Stapel der Turmkarten ist aufgebraucht: Stattdessen wird eine Landschaftskarte gezogen.",
    "replacement.none": "Der Stapel der Turmkarten ist aufgebraucht und es gibt keine Landschaftskarte mehr: Es ist nichts anzulegen.",
    # -- placing -----------------------------------------------------------------------------------
    "place": "{player:colour} legt {kind:kind} auf {at:sq} an.",
    "place.thief": "{player:colour} legt die Karte mit Diebessymbol {value} auf {at:sq} an; das Symbol hat keine weitere Wirkung.",
    "tower.start": "Auf den Turmbauplatz auf {at:sq} kommt 1 Turmteil aus dem Vorrat: ein Turm, 1 hoch. Im Vorrat {supply:plural/bleibt/bleiben} {supply}.",
    "tower.no-piece": "Der Vorrat an Turmteilen ist aufgebraucht: Der Turmbauplatz auf {at:sq} bleibt leer.",
    # -- guards ------------------------------------------------------------------------------------
    "reach.own": "Die Karte auf {placed:sq} ist die Karte des Turms selbst: Sie liegt immer in Reichweite.",
    "reach.height": "Der Turm auf {at:sq} ist {pieces} hoch und hat eine Reichweite von {pieces} {pieces:plural/Feld/Feldern}; die Karte auf {placed:sq} liegt {distance} {distance:plural/Feld/Felder} entfernt in gerader Linie: in Reichweite.",
    "reach.gaps": "Der Turm auf {at:sq} ist {pieces} hoch; die Karte auf {placed:sq} liegt {distance} {distance:plural/Feld/Felder} entfernt, mit {gaps} {gaps:plural/Lücke/Lücken} dazwischen (Lücken zählen einfach mit): in Reichweite.",
    "guard": "{player:colour} setzt einen Wächter auf den Turm auf {at:sq} ({pieces} hoch) statt eines Meeples auf die Karte.",
    "guard.displace": "Auf diesem Turm stand schon ein Wächter von {owner:colour}: Er geht zuerst zurück in den Vorrat von {owner:colour}.",
    "guard.displace-points": "{owner:colour} bekommt sofort " + _PTS + " für den vertriebenen Wächter.",
    "pass": "{player:colour} setzt keinen Wächter ein.",
    "turn.next": "{player:colour} ist an der Reihe.",
    # -- the end -------------------------------------------------------------------------------------
    "end": "Es liegt keine Karte mehr zum Ziehen da: Das Spiel ist zu Ende und die Schlusswertung folgt.",
    "final.guards": "{player:colour} bekommt für {guards} {guards:plural/Wächter/Wächter} auf einem Turm × 5 = " + _PTS + ".",
    "final.stolen": "{player:colour} bekommt für {guards} {guards:plural/Wächter/Wächter} × {value} (die gestohlene Karte) noch einmal " + _PTS + ".",
    # -- refusals ----------------------------------------------------------------------------------
    "core.not-text": "Eine Aktion ist ein Text.",
    "refuse.over": "Das Spiel ist zu Ende.",
    "refuse.square": "Erwartet ein Feld x,y, nicht {text!r}.",
    "refuse.draw": "Jetzt wird eine Karte {source:source} gezogen; dort gibt es kein {kind!r} (mehr).",
    "refuse.drawn-already": "Die Karte dieses Zuges ist schon gezogen.",
    "refuse.grow-first": "Wähle zuerst, welche Türme eines der {supply} verbleibenden Turmteile bekommen (grow:x,y;x,y).",
    "refuse.grow-twice": "Jeder Turm bekommt höchstens ein Turmteil.",
    "refuse.grow-count": "Im Vorrat {supply:plural/ist/sind} {supply} {supply:plural/Turmteil/Turmteile}: Wähle {supply} {supply:plural/Turm/Türme}, nicht {chosen}.",
    "refuse.no-tower": "Auf {at:sq} steht kein Turm.",
    "refuse.grow-guarded": "Der Turm auf {at:sq} hat einen Wächter und wächst nicht.",
    "refuse.grow-full": "Der Turm auf {at:sq} ist schon 5 Turmteile hoch.",
    "refuse.place-first": "Lege zuerst die gezogene Karte ({kind:kind}) an (place:x,y).",
    "refuse.occupied": "Auf {at:sq} liegt schon eine Karte.",
    "refuse.not-touching": "Eine Karte muss an die Auslage angrenzen; {at:sq} berührt keine Karte.",
    "refuse.guard-or-pass": "Setze einen Wächter auf einen Turm (guard:x,y) oder keinen (pass).",
    "refuse.out-of-reach": "Die Karte auf {placed:sq} liegt nicht in Reichweite des Turms auf {at:sq} ({pieces} hoch).",
    "refuse.no-follower": "{player:colour} hat keinen Meeple mehr im Vorrat.",
    # -- why a target cannot be tapped (explain.py) -------------------------------------------------
    "why.draw-first": "Zuerst wird eine Karte {source:source} gezogen; erst dann tippst du auf die Auslage.",
    "why.grow-first": "Wähle zuerst, welche Türme eines der {supply} verbleibenden Turmteile bekommen: tippe diese Türme an.",
    "why.place-first": "Lege zuerst die gezogene Karte ({kind:kind}) an ein leeres Feld neben der Auslage an; danach darfst du einen Wächter setzen.",
    "why.guard-on-tower": "Ein Wächter kommt auf den Turm selbst: tippe den Turm auf {at:sq} an.",
}
