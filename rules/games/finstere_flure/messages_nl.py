"""The Dutch catalogue of Finstere Flure: every sentence of events, refusals and results, and the
setup labels (the rulebook is Dutch, so this is the source catalogue; see ``messages.py``).

Templates are ``str.format`` strings over the event's ``data``; a format spec names a formatter
(``name``, ``colour``, ``sq``, ``place``, ``at`` ...) built by ``message_formats.formats``.

The first letter of a rendered sentence is capitalised by :class:`rules.core.messages.Messages`.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    "core.not-an-action": "'{action}' is geen actie van dit spel.",
    "refuse.game-over": "Het spel is afgelopen.",
    "refuse.setup-first": "Eerst bouwen de spelers om beurten het bord op: er ligt nog niet elk steenblok en elke bloedplas.",
    "refuse.players-first": "Eerst verplaatsen de spelers hun figuren; daarna loopt het monster.",
    "refuse.move-syntax": "Verwacht move:<figuur>:<pad>, bijvoorbeeld move:red1:EUL.",
    "refuse.unknown-figure": "Onbekende figuur {figure!r}.",
    "refuse.saved": "{figure:name} is al gered en doet niet meer mee.",
    "refuse.out": "{figure:name} is in hoofdstuk 2 gepakt en voorgoed verloren.",
    "refuse.moved": "{figure:name} heeft deze ronde al gelopen.",
    "refuse.first-round": "{player:colour} heeft in de eerste ronde al twee figuren verplaatst.",
    "refuse.not-your-turn": "{player:colour} is aan de beurt, niet {owner:colour}.",
    "refuse.card-expected": "De spelers zijn klaar met deze ronde: nu wordt er een monsterkaart omgedraaid en loopt het monster.",
    "refuse.card-unknown": "Onbekende monsterkaart {card!r}.",
    "refuse.card-gone": "Kaart {card} ligt niet meer in de stapel.",
    "refuse.first-card": "De eerste monsterkaart van het spel is nooit X of XX.",
    "refuse.monster-only": "Het monster loopt nu zijn stappen; de spelers zijn pas in de volgende ronde weer aan de beurt.",
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
    "refuse.blood-wall": "{figure:name} kan niet over de bloedplas glijden: achter de plas ligt de buitenmuur.",
    "refuse.slide-stone": "{figure:name} kan niet over de bloedplas glijden: op {square:sq} ligt een steenblok.",
    "refuse.slide-monster": "{figure:name} kan niet over de bloedplas glijden: op {square:sq} staat het monster.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Verwacht place:stone:X,Y, place:pool4:X,Y,h|v of place:pool2:X,Y.",
    "refuse.place-unknown": "'{action}' noemt geen object en veld om te plaatsen (een steenblok, de smalle of de vierkante bloedplas).",
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
    "turn.skipped": "{player:colour} heeft deze ronde geen figuur meer die nog moet lopen en wordt overgeslagen.",
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
    # -- what a good player would do (players.py) ---------------------------------------------------
    "advice.saved": "{figure:name} stapt door de uitgang naar buiten en is gered: veilig voor het monster.",
    "advice.closer": "{figure:name} heeft daarna nog {steps} stappen tot buiten.",
    "advice.next": "Daarna toont {figure:name} {showing}: zo ver komt ze in haar volgende beurt.",
    "advice.safe": "Met geen enkele kaart op de stapel pakt het monster nu een eigen figuur.",
    "advice.risk": "De kans dat het monster in zijn volgende beurt een eigen figuur pakt, is ongeveer {percent}%.",
    "advice.lure": "Het monster pakt naar verwachting {count} figuren van anderen.",
    "advice.place": "Bij de opbouw kiest de computer een plek die de regels toestaan; verder rekent hij hier niet.",
}


# The words outside the sentences, by namespace (read through ``MESSAGES.words``).
WORDS: Mapping[str, Mapping[str, str]] = {
    # A player's colour as a name (the board and the position editor).
    "colour": {
        "red": "Rood",
        "yellow": "Geel",
        "green": "Groen",
        "blue": "Blauw",
        "purple": "Paars",
        "white": "Wit",
        "orange": "Oranje",
    },
    # The colour's letter on the figures ("R1"): unique within each language.
    "colour_letter": {
        "red": "R",
        "yellow": "Ge",
        "green": "Gr",
        "blue": "B",
        "purple": "P",
        "white": "W",
        "orange": "O",
    },
    # A direction (the monster's heading, the steps of a figure).
    "direction": {
        "U": "omhoog",
        "D": "omlaag",
        "L": "naar links",
        "R": "naar rechts",
    },
    # The labels and groups of the legal actions, the taps and the status line of tapping.
    "label": {
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
    # The words of the board drawing itself (title, description, status, legend, shape titles).
    "board": {
        "label": "Speelbord Finstere Flure, hoofdstuk {chapter}, ronde {round}",
        "square": "Veld ({x}, {y})",
        "square-blood": "Bloedplas ({x}, {y})",
        "square-start": "Startveld (15, 10)",
        "square-exit": "Doelveld, de uitgang (0, 0)",
        "mark-exit": "uit",
        "mark-start": "in",
        "exit-arrow": "De uitgang: vanaf het doelveld (0, 0) naar buiten",
        "wall": "De buitenmuur",
        "coordinates": "Coördinaten (x, y): x van 0 (links) tot 15 (rechts), y van 0 (boven) tot 10 (onder). Langs de buitenmuur staan letters; wie bij een letter door de muur loopt, komt bij dezelfde letter aan de overkant binnen.",
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
    # The position editor: the phases of a position.
    "phase": {
        "players": "De spelers zijn aan de beurt",
        "card": "Een monsterkaart wordt omgedraaid",
        "monster": "Het monster loopt",
        "setup": "Het bord opbouwen (dmaufbau)",
        "over": "Het spel is afgelopen",
    },
    # The position editor: how a game ended.
    "ending": {
        "ff-einde-kampioenschap": "Einde ingeluid, ronde afgemaakt",
        "ff-einde-bord-leeg": "Geen figuur meer in het spel (hoofdstuk 2)",
        "ff-einde-kaarten-op": "Monsterkaarten op (hoofdstuk 2)",
    },
    # The position editor: where a figure off the board is.
    "off_board": {
        "pool": "startvoorraad, toont {v}",
        "saved": "gered",
        "out": "uit het spel",
    },
    # The position editor: palette, fields, held pieces and refusals.
    "editor": {
        "group.tools": "Gereedschap",
        "group.objects": "Steen en bloed",
        "group.monster": "Monster",
        "group.figures": "Figuren van {colour}",
        "tool.move": "Verplaatsen: tik op een stuk, dan op het nieuwe veld",
        "tool.empty": "Leegmaken: figuur terug naar de startvoorraad, steen of plas weg",
        "tool.moved": "Deze ronde al gelopen (aan/uit)",
        "tool.saved": "Gered (naar buiten)",
        "tool.out": "Uit het spel (gepakt in hoofdstuk 2)",
        "tool.stone": "Steenblok",
        "tool.pool4h": "Bloedplas 1 × 4, liggend (tik op het linkerveld)",
        "tool.pool4v": "Bloedplas 1 × 4, staand (tik op het bovenste veld)",
        "tool.pool2": "Bloedplas 2 × 2 (tik op het veld linksboven)",
        "tool.monster": "Monster, kijkt {heading}",
        "tool.figure.front": "{name}, toont {value} (gekleurde kant)",
        "tool.figure.back": "{name}, toont {value} (zwarte kant)",
        "held": "Vastgehouden: {what}. Tik op het nieuwe veld.",
        "held.pool": "Vastgehouden: {what}. Tik op het nieuwe veld linksboven.",
        "what.stone": "het steenblok op {sq}",
        "what.monster": "het monster",
        "what.pool4": "de bloedplas van 1 × 4",
        "what.pool2": "de bloedplas van 2 × 2",
        "field.phase": "Fase",
        "field.chapter": "Hoofdstuk",
        "chapter": "Hoofdstuk {n}",
        "field.round": "Ronde",
        "roundname": "Ronde {n}",
        "roundname.chapter2": "Ronde {n} (ronde {r} van hoofdstuk 2)",
        "field.card": "Omgedraaide kaart {i} van dit hoofdstuk",
        "field.card.play": "Monsterkaart in het spel (kaart {i} van dit hoofdstuk)",
        "cardname.steps": "{card} stappen",
        "cardname.X": "X (één treffer)",
        "cardname.XX": "XX (twee treffers)",
        "field.steps": "Stappen die het monster al gezet heeft",
        "field.caught": "Figuren die het monster deze beurt al pakte",
        "field.turn": "Aan de beurt",
        "field.ending": "Hoe het spel eindigde",
        "bad-target": "Dat is geen veld of stuk van dit bord.",
        "bad-tool": "Dat gereedschap bestaat hier niet.",
        "occupied": "Op {sq} staat al {what}: twee dingen kunnen niet op één veld staan.",
        "occ.stone": "een steenblok",
        "occ.monster": "het monster",
        "stone-special": "Een steenblok kan niet op het startveld of het doelveld liggen: daar wordt het meteen weggenomen.",
        "stone-count": "Er zijn maar 11 steenblokken.",
        "pool-off": "De bloedplas past hier niet: {sq} ligt niet op het bord.",
        "pool-wall": "Een bloedplas raakt nooit de buitenmuur, en {sq} ligt aan de muur.",
        "pool-touch": "De twee bloedplassen mogen elkaar niet raken of overlappen.",
        "pool-second": "Er is maar één {what}; haal de andere eerst weg of verplaats die.",
        "pool-name.pool4": "bloedplas van 1 × 4",
        "pool-name.pool2": "bloedplas van 2 × 2",
        "pool-monster": "Het monster staat op {sq}, en het monster staat nooit op bloed.",
        "monster-blood": "Het monster staat nooit op bloed: het glijdt altijd door tot voorbij de plas.",
        "monster-stays": "Het monster staat altijd op het bord; verplaats het, of tik er met een monster met een kijkrichting op om het te draaien.",
        "nothing-here": "Op {sq} staat niets om te verplaatsen.",
        "tap-square": "Tik op een veld van het bord.",
        "no-figure": "Tik op een figuur.",
        "held-gone": "Het stuk dat je vasthield, is er niet meer; kies opnieuw.",
        "out-chapter-1": "In hoofdstuk 1 gaat geen figuur verloren: een gepakte figuur gaat terug naar de startvoorraad.",
        "moved-phase": "Of een figuur al gelopen heeft, telt alleen terwijl de spelers aan de beurt zijn.",
        "not-in-play": "{name} is niet meer in het spel.",
        "first-round": "In de eerste ronde verplaatst elke speler maar twee figuren.",
        "no-mover": "Dan moet niemand deze ronde nog een figuur laten lopen; kies dan als fase: een monsterkaart wordt omgedraaid.",
        "end-rung": "Een speler heeft al zijn figuren op één na gered: het einde is ingeluid, dus zijn de spelers aan de beurt of is het spel afgelopen.",
        "chapter-2-empty": "In hoofdstuk 2 is het spel afgelopen zodra er geen figuur meer op het bord of in de startvoorraad is.",
        "setup-figures": "Zolang het bord wordt opgebouwd, wachten alle figuren met de gekleurde kant boven in de startvoorraad.",
        "setup-start": "Het bord wordt opgebouwd voor de eerste ronde van hoofdstuk 1, voordat er een figuur gered is.",
        "setup-done": "Alle steenblokken en beide bloedplassen liggen al: het spel zou dan al begonnen zijn.",
        "card-count": "Er zijn maar {n} kaart(en) {card} (de kaarten zijn 5, 7, 7, 8, 8, 10, X, XX).",
        "seven-cards": "Na zeven omgedraaide kaarten is het hoofdstuk voorbij; de achtste kaart wordt niet gespeeld.",
        "first-card": "De eerste monsterkaart van het spel is nooit X of XX.",
        "steps-limit": "Met kaart {card} kan het monster hoogstens {n} stappen al gezet hebben.",
        "caught-limit": "Met kaart {card} stopt het monster zodra het {n} figuur/figuren gepakt heeft.",
        "turn-impossible": "{player} kan nu niet aan de beurt zijn: aan de beurt is, van wie nog een figuur moet laten lopen, wie deze ronde de minste beurten deed. Markeer eerst welke figuren al gelopen hebben.",
        "not-over": "Het spel is nog niet afgelopen: niemand heeft al zijn figuren op één na gered, en in hoofdstuk 2 zijn er nog figuren en kaarten.",
        "ending-mismatch": "Zo kan het spel in deze stand niet geëindigd zijn.",
    },
    # The formatters' words (message_formats.formats): a colour as a player's name in the sentences
    # (lower case in Dutch), where the monster sees a square, and the small words around squares.
    "colour_name": {
        "red": "rood",
        "yellow": "geel",
        "green": "groen",
        "blue": "blauw",
        "purple": "paars",
        "white": "wit",
        "orange": "oranje",
    },
    "side": {
        "ahead": "recht vooruit",
        "left": "links van zich",
        "right": "rechts van zich",
    },
    # Only the Dutch sentences say where with {place}; the from/to/way words are for sentences that name them. "colours.last" joins the last two colours of a list.
    "sentence": {
        "and": " en ",
        "colours.last": ", ",
        "at.pool": "in de startvoorraad",
        "at.square": "op",
        "special.start": "startveld",
        "special.exit": "doelveld",
        "orientation.h": "liggend",
        "orientation.v": "staand",
        "place.pool": "de startvoorraad",
        "place.saved": "buiten",
        "from.pool": "uit de startvoorraad",
        "from.square": "van",
        "to.saved": "door de uitgang naar buiten",
        "to.pool": "naar de startvoorraad",
        "to.square": "naar",
        "way.U": "omhoog",
        "way.D": "omlaag",
        "way.L": "naar links",
        "way.R": "naar rechts",
    },
}
