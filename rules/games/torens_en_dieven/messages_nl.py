"""The Dutch catalogue of Torens & Dieven: every sentence of events, refusals and results, and the
setup labels (the rulebook is Dutch, so this is the source catalogue; see ``messages.py``).

The formatters (``colour``, ``kind``, ``towers``...) are built by :func:`.message_formats.formats`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("nl")

_PTS = "{points} {points:plural/punt/punten}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Aantal spelers",
    "setup.river": "Met de mini-uitbreiding De Rivier (aanbevolen)",
    "setup.land": "Gewone landtegels zonder diefsymbool (het basisspel heeft er 71)",
    "result.win": "{winners:colours} wint met {score} punten uit deze uitbreiding.",
    "result.shared": "{winners:colours} delen de overwinning met elk {score} punten uit deze uitbreiding.",
    # -- drawing ---------------------------------------------------------------------------------
    "draw.land": "{player:colour} trekt {kind:kind}.",
    "draw.river": "{player:colour} trekt {kind:kind} van de rivierstapel.",
    "draw.tower": "{player:colour} trekt de bovenste torentegel ({left} {left:plural/blijft/blijven} er op de stapel).",
    "draw.replacement": "Er zijn geen torentegels meer: {player:colour} trekt in plaats daarvan {kind:kind}.",
    # -- the thief symbol ------------------------------------------------------------------------
    "thief.symbol": "Een diefsymbool met waarde {value}: eerst groeien de torens, daarna scoren de wachters of stelen de dieven de tegel.",
    "grow": "De torens zonder wachter groeien: {towers:towers}. In de voorraad {supply:plural/blijft/blijven} {supply} {supply:plural/torendeel/torendelen}.",
    "grow.guarded": "Torens met een wachter groeien niet: {towers:squares}.",
    "grow.full": "Al 5 torendelen hoog, dus niets erbij: {towers:squares}.",
    "grow.short": "Er {supply:plural/ligt/liggen} nog maar {supply} {supply:plural/torendeel/torendelen} voor {towers} torens zonder wachter: {player:colour} kiest welke torens er een krijgen, hoogstens één per toren.",
    "grow.empty": "De voorraad torendelen is op: de torens groeien niet meer ({towers:squares} krijgen niets).",
    "supply.empty": "Daarmee is de voorraad torendelen op.",
    "guards.spot": "Er {guards:plural/staat/staan} {guards} {guards:plural/wachter/wachters} op de torens: zij zien de dieven en worden beloond.",
    "score.thief": "{player:colour} krijgt voor {guards} {guards:plural/wachter/wachters} × {value} = " + _PTS + ".",
    "score.bonus": "{player:colour} krijgt daarbovenop voor {guards} {guards:plural/wachter/wachters} × {value} (de gestolen tegel) = " + _PTS + ".",
    "stolen.boxed": "De gestolen tegel (waarde {value}) gaat terug in de doos.",
    "guards.home": "Alle wachters gaan van de torens terug naar de voorraad van hun eigenaar.",
    "theft.no-towers": "Er staat nog geen enkele toren, dus ook geen wachter.",
    "theft": "Op geen enkele toren staat een wachter: de dieven stelen de tegel van {player:colour}. Hij gaat open naast het scorebord (waarde {value}).",
    "stolen.replaced": "Daar lag al een gestolen tegel (waarde {old}): die gaat in de doos, de nieuwe (waarde {new}) neemt zijn plaats in.",
    "theft.no-scoring": "De dieven zijn niet opgemerkt: er is deze keer geen puntentelling voor wachters.",
    "replacement.land": "De stapel torentegels is op: in plaats daarvan wordt een landtegel getrokken.",
    "replacement.none": "De stapel torentegels is op en er ligt geen landtegel meer: er valt niets aan te leggen.",
    # -- placing -----------------------------------------------------------------------------------
    "place": "{player:colour} legt {kind:kind} aan op {at:sq}.",
    "place.thief": "{player:colour} legt de tegel met diefsymbool {value} aan op {at:sq}; het symbool doet verder niets meer.",
    "tower.start": "Op de torenbouwplaats op {at:sq} komt 1 torendeel uit de voorraad: een toren van 1 hoog. In de voorraad {supply:plural/blijft/blijven} {supply}.",
    "tower.no-piece": "De voorraad torendelen is op: de torenbouwplaats op {at:sq} blijft leeg.",
    # -- guards ------------------------------------------------------------------------------------
    "reach.own": "De tegel op {placed:sq} is de tegel van de toren zelf: die ligt altijd binnen bereik.",
    "reach.height": "De toren op {at:sq} is {pieces} hoog en reikt {pieces} {pieces:plural/plek/plekken} ver; de tegel op {placed:sq} ligt {distance} {distance:plural/plek/plekken} verder in rechte lijn: binnen bereik.",
    "reach.gaps": "De toren op {at:sq} is {pieces} hoog; de tegel op {placed:sq} ligt {distance} {distance:plural/plek/plekken} verder, met {gaps} {gaps:plural/gat/gaten} ertussen, {gaps:plural/dat gewoon meetelt/die gewoon meetellen}: binnen bereik.",
    "guard": "{player:colour} zet een wachter op de toren op {at:sq} ({pieces} hoog) in plaats van een meeple op de tegel.",
    "guard.displace": "Op die toren stond al een wachter van {owner:colour}: die gaat eerst terug naar de voorraad van {owner:colour}.",
    "guard.displace-points": "{owner:colour} krijgt meteen " + _PTS + " voor de verdreven wachter.",
    "pass": "{player:colour} zet geen wachter.",
    "turn.next": "{player:colour} is aan de beurt.",
    # -- the end -------------------------------------------------------------------------------------
    "end": "Er ligt geen tegel meer om te trekken: het spel is uit en de eindtelling volgt.",
    "final.guards": "{player:colour} krijgt voor {guards} {guards:plural/wachter/wachters} op een toren × 5 = " + _PTS + ".",
    "final.stolen": "{player:colour} krijgt voor {guards} {guards:plural/wachter/wachters} × {value} (de gestolen tegel) nog eens " + _PTS + ".",
    # -- refusals ----------------------------------------------------------------------------------
    "core.not-text": "Een actie is een tekst.",
    "refuse.over": "Het spel is afgelopen.",
    "refuse.square": "Verwacht een plek x,y, niet {text!r}.",
    "refuse.draw": "Nu wordt er een tegel getrokken {source:source}; daar ligt geen {kind!r} (meer).",
    "refuse.drawn-already": "De tegel van deze beurt is al getrokken.",
    "refuse.grow-first": "Eerst kies je welke torens een van de {supply} resterende torendelen krijgen (grow:x,y;x,y).",
    "refuse.grow-twice": "Elke toren krijgt hoogstens één torendeel.",
    "refuse.grow-count": "Er {supply:plural/ligt/liggen} {supply} {supply:plural/torendeel/torendelen} in de voorraad: kies {supply} {supply:plural/toren/torens}, niet {chosen}.",
    "refuse.no-tower": "Op {at:sq} staat geen toren.",
    "refuse.grow-guarded": "De toren op {at:sq} heeft een wachter en groeit niet.",
    "refuse.grow-full": "De toren op {at:sq} is al 5 torendelen hoog.",
    "refuse.place-first": "Eerst leg je de getrokken tegel ({kind:kind}) aan (place:x,y).",
    "refuse.occupied": "Op {at:sq} ligt al een tegel.",
    "refuse.not-touching": "Een tegel moet aan het speelveld grenzen; {at:sq} raakt geen enkele tegel.",
    "refuse.guard-or-pass": "Zet een wachter op een toren (guard:x,y) of zet er geen (pass).",
    "refuse.out-of-reach": "De tegel op {placed:sq} ligt niet binnen het bereik van de toren op {at:sq} ({pieces} hoog).",
    "refuse.no-follower": "{player:colour} heeft geen meeple meer in zijn voorraad.",
    # -- why a target cannot be tapped (explain.py) -------------------------------------------------
    "why.draw-first": "Eerst wordt er een tegel getrokken {source:source}; pas daarna tik je op het speelveld.",
    "why.grow-first": "Eerst kies je welke torens een van de {supply} resterende torendelen krijgen: tik die torens aan.",
    "why.place-first": "Eerst leg je de getrokken tegel ({kind:kind}) aan op een lege plek naast het speelveld; daarna mag je een wachter zetten.",
    "why.guard-on-tower": "Een wachter komt op de toren zelf: tik de toren op {at:sq} aan.",
}
