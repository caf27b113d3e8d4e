"""The Dutch catalogue of Finstere Flure: every sentence of events, refusals and results, and the
setup labels (the rulebook is Dutch, so this is the source catalogue; see ``messages.py``).

Templates are ``str.format`` strings over the event's ``data``; a format spec names a formatter
(``name``, ``colour``, ``sq``, ``place``, ``at`` ...) built by ``message_formats.formats``.

The first letter of a rendered sentence is capitalised by :class:`rules.core.messages.Messages`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("nl")

_STEPS = "{steps} {steps:plural/stap/stappen}"
_DISTANCE = "{distance} {distance:plural/veld/velden}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Aantal spelers",
    "setup.dmaufbau": "De spelers leggen zelf de steenblokken en bloedplassen (dmaufbau)",
    "result.win": "{winner:colour} wint met {saved} geredde figuren.",
    "result.tiebreak": (
        "{winner:colour} wint met {saved} geredde figuren; {others:colours} redde er evenveel, "
        "maar {winner:colour} bereikte dat aantal het eerst."
    ),
    "result.draw": "Niemand heeft een figuur gered: gelijkspel.",
    # -- refusals: whose turn, which phase ---------------------------------------------------------
    "core.not-text": "Een actie is een tekst.",
    "refuse.game-over": "Het spel is afgelopen.",
    "refuse.setup-first": "Eerst bouwen de spelers om beurten het bord op (place:...).",
    "refuse.players-first": "Eerst verplaatsen de spelers hun figuren; daarna loopt het monster.",
    "refuse.move-syntax": "Verwacht move:<figuur>:<pad>, bijvoorbeeld move:red1:EUL.",
    "refuse.unknown-figure": "Onbekende figuur {figure!r}.",
    "refuse.saved": "{figure:name} is al gered en doet niet meer mee.",
    "refuse.out": "{figure:name} is in hoofdstuk 2 gepakt en voorgoed verloren.",
    "refuse.moved": "{figure:name} heeft deze ronde al gelopen.",
    "refuse.first-round": "{player:colour} heeft in de eerste ronde al twee figuren verplaatst.",
    "refuse.not-your-turn": "{player:colour} is aan de beurt, niet {owner:colour}.",
    "refuse.card-expected": "Nu wordt er een monsterkaart omgedraaid (card:...).",
    "refuse.card-unknown": "Onbekende monsterkaart {card!r}.",
    "refuse.card-gone": "Kaart {card} ligt niet meer in de stapel.",
    "refuse.first-card": "De eerste monsterkaart van het spel is nooit X of XX.",
    "refuse.monster-only": "Het monster is aan de beurt; de enige actie is 'monster' (één stap).",
    # -- refusals: a figure's path -----------------------------------------------------------------
    "refuse.too-far": (
        "{figure:name} toont {showing} en mag hoogstens {showing} {showing:plural/stap/stappen} lopen, "
        "niet {steps}."
    ),
    "refuse.bad-letter": "Onbekende stap {letter!r}: gebruik U, D, L, R (recht, nooit schuin), E en O.",
    "refuse.after-exit": "{figure:name} is al naar buiten gestapt; de overige punten vervallen.",
    "refuse.end-occupied": "De beurt mag niet eindigen op {square:sq}: daar staat {other:name}.",
    "refuse.enter-on-board": (
        "{figure:name} staat al op het bord; alleen een figuur uit de startvoorraad stapt met E het bord op."
    ),
    "refuse.enter-monster": "Het monster staat op het startveld; de figuur kan het bord niet op.",
    "refuse.enter-first": "{figure:name} staat in de startvoorraad; de eerste stap moet E zijn (het startveld op).",
    "refuse.exit-elsewhere": "{figure:name} staat niet op het doelveld (0, 0); alleen van daar kan ze naar buiten.",
    "refuse.wall": "Van {square:sq} kan niet {direction:dir} gestapt worden: daar is de buitenmuur.",
    "refuse.wall.exit": (
        "Van {square:sq} kan niet {direction:dir} gestapt worden: daar is de buitenmuur. "
        "Naar buiten gaan kan alleen vanaf het doelveld met O."
    ),
    "refuse.monster": "Op {square:sq} staat het monster; daar kan een figuur niet heen of overheen.",
    "refuse.stone-wall": "Het steenblok op {square:sq} ligt tegen de buitenmuur en kan niet geschoven worden.",
    "refuse.stone-blocked": "Het steenblok op {square:sq} kan niet geschoven worden: {beyond:sq} is niet leeg.",
    "refuse.blood-wall": "De bloedplas ligt tegen de buitenmuur.",
    "refuse.slide-stone": "{figure:name} kan niet over de bloedplas glijden: op {square:sq} ligt een steenblok.",
    "refuse.slide-monster": "{figure:name} kan niet over de bloedplas glijden: op {square:sq} staat het monster.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Verwacht place:stone:X,Y, place:pool4:X,Y,h|v of place:pool2:X,Y.",
    "refuse.place-unknown": "Onbekende plaatsing {action!r}.",
    "refuse.place.none-left.stone": "Alle 11 steenblokken liggen al op het bord.",
    "refuse.place.none-left.pool4": "De smalle bloedplas ligt al op het bord.",
    "refuse.place.none-left.pool2": "De vierkante bloedplas ligt al op het bord.",
    "refuse.place.off-board": "Veld {square:sq} ligt niet op het bord.",
    "refuse.place.occupied": "Op veld {square:sq} ligt al een object.",
    "refuse.place.free-zone": "Veld {square:sq} ligt binnen 3 stappen van het start- of doelveld.",
    "refuse.place.near-start": (
        "Veld {square:sq} van de bloedplas ligt maar {distance} stappen van de ingang; dat moeten er minstens 8 zijn."
    ),
    "refuse.place.edge": "Veld {square:sq} grenst aan de buitenmuur; een bloedplas mag de rand niet raken.",
    "refuse.place.touching": "Veld {square:sq} grenst aan de andere bloedplas; de plassen mogen elkaar niet raken.",
    # -- dmaufbau -------------------------------------------------------------------------------------
    "place.stone": "{player:colour} legt een steenblok op {at:sq}.",
    "place.pool4": "{player:colour} legt de smalle bloedplas {orientation:orientation} vanaf {at:sq}.",
    "place.pool2": "{player:colour} legt de vierkante bloedplas vanaf {at:sq}.",
    "place.done": "Alle objecten liggen op het bord; het spel begint.",
    # -- a player's move ----------------------------------------------------------------------------
    "move.stay": "{figure:name} blijft {from:at} staan (0 stappen); ook dat telt als haar beurt.",
    "move.walk": "{figure:name} loopt " + _STEPS + " (van de {showing}) van {from:place} naar {to:place}.",
    "move.enter": "{figure:name} stapt vanuit de startvoorraad op het startveld.",
    "move.jump.start": "{figure:name} springt over {over:name} op het startveld.",
    "move.jump": "{figure:name} springt over {over:name}.",
    "move.push": "{figure:name} schuift het steenblok van {from:sq} naar {to:sq}.",
    "move.stone-slides": "Het steenblok glijdt over de bloedplas naar {to:sq}.",
    "move.slide": "{figure:name} glijdt over de bloedplas van {from:sq} naar {to:sq}.",
    "move.slide.pass": "Op {square:sq} staat {over:name}: {figure:name} komt daar terecht zoals bij springen.",
    "move.saved": "{figure:name} stapt door de uitgang naar buiten en is gered.",
    "move.saved.lapsed-one": "{figure:name} stapt door de uitgang naar buiten en is gered. Het overige punt vervalt.",
    "move.saved.lapsed": (
        "{figure:name} stapt door de uitgang naar buiten en is gered. De overige {lapsed} punten vervallen."
    ),
    "move.flip": "{figure:name} wordt omgedraaid en toont nu {showing}.",
    "stone.removed": "Het steenblok komt op het {square:special} en wordt van het bord verwijderd.",
    # -- rounds, chapters, endings ------------------------------------------------------------------
    "turn.next": "{player:colour} is aan de beurt.",
    "round.start": "Ronde {round} begint; {player:colour} is aan de beurt.",
    "round.monster": "De spelers zijn klaar met deze ronde; nu is het monster aan de beurt.",
    "end.rung": (
        "{player:colour} heeft {saved} figuren gered: het einde van het spel is ingeluid; "
        "deze ronde wordt nog uitgespeeld."
    ),
    "end.championship": "De lopende ronde is uitgespeeld; volgens de kampioenschapsregel is het spel nu afgelopen.",
    "end.board-empty": (
        "In hoofdstuk 2 staat er geen figuur meer op het bord of in de startvoorraad: het spel is afgelopen."
    ),
    "end.cards": (
        "Het monster heeft in hoofdstuk 2 zeven kaarten gelopen zonder dat het einde is ingeluid: "
        "het spel is afgelopen."
    ),
    "chapter.1.end": "De zevende monsterkaart is gelopen: hoofdstuk 1 is voorbij; de achtste kaart vervalt.",
    "chapter.2.start": (
        "Alle acht monsterkaarten worden opnieuw geschud; hoofdstuk 2 begint. Monster en figuren blijven staan."
    ),
    # -- monster cards ------------------------------------------------------------------------------
    "card.first": "Dit is de eerste monsterkaart van het spel; die is nooit X of XX.",
    "card.drawn": "Monsterkaart {card} wordt omgedraaid.",
    "card.hits": (
        "Het monster loopt tot het {hits:plural/één figuur/twee figuren} gepakt heeft, hoogstens {max_steps} stappen."
    ),
    "card.steps": "Het monster zet precies {card} stappen.",
    # -- the monster ----------------------------------------------------------------------------------
    "monster.look.none": "Het monster kijkt rond en ziet geen figuur.",
    "monster.look.confused": (
        "Het monster ziet {figures:names} even ver weg (" + _DISTANCE + ") en is verward: "
        "het draait niet en blijft {facing:dir} kijken."
    ),
    "monster.look.ahead": "Het monster ziet {target:name} recht vooruit op " + _DISTANCE + " en loopt erop af ({facing:dir}).",
    "monster.look.ahead.final": (
        "Het monster ziet {target:name} recht vooruit op " + _DISTANCE + " en blijft die kant op kijken ({facing:dir})."
    ),
    "monster.look.turn": "Het monster ziet {target:name} {side:side} op " + _DISTANCE + " en draait zich {facing:dir}.",
    "monster.step": "Stap {step}: het monster stapt {facing:dir} naar {to:sq}.",
    "monster.wall": (
        "Stap {step}: het monster loopt op {from:sq} door de buitenmuur en komt aan de overkant op {to:sq} "
        "weer binnen, nog steeds {facing:dir} kijkend."
    ),
    "monster.slide": "Het monster glijdt over de bloedplas naar {to:sq} en kijkt onderweg niet rond.",
    "monster.catch": "Het monster pakt {figure:name} op {square:sq}.",
    "monster.crush": "{figure:name} wordt op {square:sq} tegen de buitenmuur verpletterd en telt als gepakt.",
    "monster.caught.chapter-1": "{figure:name} gaat terug naar de startvoorraad.",
    "monster.caught.chapter-2": "{figure:name} is in hoofdstuk 2 voorgoed verloren.",
    "monster.push": "Het monster schuift het steenblok op {first:sq} {direction:dir}.",
    "monster.push.row": (
        "Het monster schuift het steenblok op {first:sq} en de rij erachter ({behind} {behind:plural/object/objecten}) {direction:dir}."
    ),
    "monster.crumble": "Het steenblok op {square:sq} wordt tegen de buitenmuur verpulverd.",
    "monster.stone-slides": "Het steenblok glijdt over de bloedplas van {from:sq} naar {to:sq}.",
    "monster.figure-slides": "{figure:name} glijdt over de bloedplas van {from:sq} naar {to:sq}.",
    "monster.figure-stays": "{figure:name} blijft op de bloedplas op {square:sq} liggen.",
    "monster.hits.done": "Het monster heeft genoeg figuren gepakt ({caught}) en stopt.",
    "monster.hits.max": "Het monster heeft {max_steps} stappen gezet en stopt.",
    "monster.steps.done": "Het monster heeft alle {card} stappen gezet.",
    "monster.final-look": "Na de laatste stap kijkt het monster nog één keer rond.",
    # -- why a target cannot be tapped (view.explain) -------------------------------------------------
    "why.card": "Nu wordt er een monsterkaart omgedraaid; daarna loopt het monster.",
    "why.monster-turn": "Het monster loopt nu: tik het monster aan voor zijn volgende stap. De spelers zijn pas in de volgende ronde weer aan de beurt.",
    "why.monster-not-moved": "De spelers verplaatsen het monster nooit: het loopt elke ronde na de spelers.",
    "why.figure-first": "{colour:colour} is aan de beurt: tik eerst een eigen figuur aan die deze ronde nog moet lopen; daarna lichten de velden van haar weg op.",
    "why.sliding": "{figure:name} glijdt verder over het bloed: tik eerst {sq:sq} aan.",
    "why.enter-first": "{figure:name} staat in de startvoorraad: de eerste stap gaat naar het startveld (15, 10).",
    "why.not-adjacent": "Een stap gaat naar een buurveld, recht en nooit schuin: {figure:name} staat op {sq:sq}.",
    "why.cannot-end": "Via {sq:sq} kan de zet van {figure:name} niet meer op een vrij veld eindigen.",
    "why.one-figure": "Eén figuur per beurt: {figure:name} loopt al; annuleer om een andere te kiezen.",
    "why.setup-first": "Eerst wordt het bord opgebouwd: {colour:colour} legt nu iets neer.",
    "why.setup-kind": "Kies eerst onder het bord wat er op {sq:sq} komt.",
}
