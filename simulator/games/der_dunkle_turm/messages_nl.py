"""The Dutch catalogue of Der dunkle Turm: every key of the German source (``messages_de``), with the
terms of the game's glossary (rulebooks/content/der-dunkle-turm/glossary.toml).

Formatters (named in Dutch; the placeholders' field names are the source's): ``naam`` (companion id
-> ``Rood 1``), ``team`` (``red`` -> ``Rood``), ``op`` (a place -> ``op veld 7``, ``op zijveld 6b``,
``in het kamp``, ``bij de toren``, ``in het exil``), ``veld`` (``7`` -> ``veld 7``, ``6b`` -> ``zijveld
6b``), ``kaart`` (a card kind -> ``Stappen 2``, ``Torenaanval (scheur op veld 13)`` ...), ``beest`` (a
lair -> ``het botbeest van veld 12``), ``velden`` (fields joined with ``en``). Built by
:func:`.message_formats.formats` from the board's words (:mod:`.words`), so sentences and board agree.
"""

from __future__ import annotations

from .message_formats import formats

FORMATS = formats("nl")

MESSAGES: dict[str, str] = {
    # setup and flow
    "setup.teams": "Aantal teams",
    "start.team": "Het lot bepaalt het startteam: team {team:team} begint.",
    "deck.reshuffled": "De stapel is leeg: de aflegstapel wordt geschud en vormt de nieuwe stapel.",
    "card.step": "Team {team:team} trekt „{card:kaart}”.",
    "card.attack": "Team {team:team} trekt een kaart „{card:kaart}”.",
    "card.exile": "Team {team:team} trekt „Uit het exil”.",
    "card.bolt": "Team {team:team} trekt een donderbliksem.",
    "card.spell": "Team {team:team} trekt een beschermspreuk.",
    "card.float": "Team {team:team} trekt een zweefveld.",
    # walking
    "step.move": "{companion:naam} loopt {steps} {steps:plural/stap/stappen} vooruit en staat nu {to:op}.",
    "step.lapses": "Team {team:team} heeft geen vrije metgezel: de stappenkaart vervalt.",
    "extra.side": "De bruggen zijn opgehaald: ook bij deze verplaatsing volgt {companion:naam} het pad over de zijvelden.",
    "enter": "{companion:naam} betreedt vanuit het kamp het pad; zijn eerste stap gaat naar {field:veld}.",
    "skip": "Bezette velden tellen niet mee: {companion:naam} slaat {fields:velden} over.",
    "bridge.field": "De ophaalbruggen zijn neergelaten en gewone velden: voor {companion:naam} telt {fields:velden} als stap.",
    "rift.pass": "{companion:naam} trekt over de open scheur op {fields:velden} heen: dat kan geen kwaad, een scheur telt als vrij veld.",
    "tower.reach": "{companion:naam} bereikt de toren; overgebleven stappen vervallen.",
    "duel.challenge": "{companion:naam} daagt meteen de tovenaar uit tot een dobbelduel op de torentop.",
    "rift.fall": "{companion:naam} landt op de open scheur op {field:veld} en valt in het exil.",
    # the tower attack
    "tower.attack": "De toren verweert zich: de aanval treft {field:veld}.",
    "bridges.up": "De ophaalbruggen gaan omhoog; de zes zijvelden verschijnen.",
    "bridges.down": "De ophaalbruggen gaan omlaag; de zijvelden lossen op in het niets.",
    "bridge.fall": "{companion:naam} stort met brug {field} in de lava en keert verkoold terug naar het kamp.",
    "side.fall": "{companion:naam} stort neer van {field:veld} en keert ongedeerd terug naar het kamp.",
    "side.fall.lava": "{companion:naam} stort boven de lava neer van {field:veld} en keert verkoold terug naar het kamp.",
    "fall.saved": "De beschermspreuk behoedt {companion:naam} voor de val: hij staat nu {to:op}.",
    "rift.open": "Op {field:veld} gaat een scheur open.",
    "rift.renewed": "Op {field:veld} is al een scheur open: zijn duur begint opnieuw.",
    "rift.sealed": "Er zijn drie scheuren open: het beschermzegel blokkeert de scheur op {field:veld}.",
    "rift.swallows": "De scheur gaat open onder {companion:naam}: hij valt in het exil.",
    "spell.rift": "De beschermspreuk behoedt {companion:naam}: hij blijft boven de scheur op {field:veld} staan.",
    "float.carries": "Het zweefveld op {field:veld} blijft {companion:naam} dragen.",
    "rift.closes": "De scheur op {field:veld} sluit zich.",
    # beasts
    "beast.wakes": "{lair:beest} ontwaakt en valt {companion:naam} aan.",
    "beast.awake": "{lair:beest} is wakker en valt {companion:naam} aan.",
    "beast.attacks": "Bij de torenaanval stort {lair:beest} zich op {companion:naam}.",
    "beast.nobody": "{lair:beest} vindt niemand binnen zijn bereik.",
    "beast.sleeps": "Na drie rustige tafelrondes valt {lair:beest} weer in slaap.",
    "fight.spell": "De beschermspreuk behoedt {companion:naam} voor {lair:beest}; er wordt niet gevochten.",
    "fight.won": "{companion:naam} gooit {roll} en verslaat het botbeest: hij krijgt een schild.",
    "fight.lost": "{companion:naam} gooit {roll} en verliest: hij ligt naast {field:veld}.",
    "fight.lost.magic": "{companion:naam} gooit {roll} en verliest: hij ligt naast {field:veld}, de veldgebeurtenis vervalt.",
    "lying.returns": "{companion:naam} staat naast zijn veld op en keert terug naar het kamp.",
    "shield.fades": "Het schild van {companion:naam} vervaagt.",
    # magic places
    "place.event": "{companion:naam} landt op de magische plek {field:veld}: een veldgebeurtenis.",
    "place.silent": "{companion:naam} landt op {field:veld}, maar in deze beurt was er al een veldgebeurtenis: de plek blijft stil.",
    "event.forward": "Veldgebeurtenis vooruit: {companion:naam} gaat drie velden vooruit en staat nu {to:op}.",
    "event.back": "Veldgebeurtenis achteruit: {companion:naam} gaat drie velden terug en staat nu {to:op}.",
    "event.exile": "De dobbelsteen toont {roll}: veldgebeurtenis exil, {companion:naam} gaat naar het exil.",
    "event.bonus": "De dobbelsteen toont {roll}: een bonusspreuk, het team trekt meteen nog een kaart.",
    # exile and the owl
    "exile.free": "{companion:naam} wordt uit het exil bevrijd en gaat naar het kamp.",
    "exile.advance": "Niemand zit in het exil: {companion:naam} gaat één stap vooruit en staat nu {to:op}.",
    "exile.lapses": "Niemand zit in het exil en team {team:team} heeft geen vrije metgezel: de kaart heeft geen effect.",
    "owl.attack": "Elke tweede aanval: de uil helpt team {team:team} zoals een „Uit het exil”-kaart.",
    "owl.rescue.comes": "Alle metgezellen van team {team:team} zijn gevangen: de uil helpt meteen.",
    "owl.rescue": "De uil bevrijdt {companion:naam} uit het exil en brengt hem naar het kamp.",
    # thunderbolt
    "bolt.hit": "De donderbliksem treft {companion:naam}.",
    "bolt.back": "{companion:naam} wordt drie velden teruggeworpen en staat nu {to:op}.",
    "bolt.second": "De tweede treffer: {companion:naam} gaat meteen naar het kamp.",
    "bolt.shield": "Het schild van {companion:naam} weert de donderbliksem af en vervaagt.",
    "bolt.spell": "De beschermspreuk van {companion:naam} vangt de donderbliksem op.",
    "bolt.lapses": "Er is geen doelwit voor de donderbliksem: de kaart heeft geen effect.",
    "mark.expires": "De markering van de donderbliksem op {companion:naam} vervalt.",
    # protection spell
    "spell.given": "{companion:naam} krijgt de beschermspreuk.",
    "spell.lapses": "Elke metgezel draagt al een beschermspreuk: de kaart vervalt.",
    # floating field
    "float.now": "Team {team:team} legt het zweefveld meteen over de scheur op {field:veld} en trekt nog een kaart.",
    "float.later": "Team {team:team} legt een zweefveld uit zijn verzameling over de scheur op {field:veld}.",
    "float.draw-first": "Team {team:team} legt nu geen zweefveld uit zijn verzameling en trekt eerst een kaart.",
    "float.keep": "Team {team:team} houdt het zweefveld in zijn verzameling; de beurt eindigt.",
    "float.kept.no-rift": "Er is geen open scheur zonder zweefveld: de kaart gaat naar de verzameling van team {team:team}, de beurt eindigt.",
    "float.vanish": "Het zweefveld op {field:veld} verdwijnt.",
    "float.vanish.fall": "Het zweefveld op {field:veld} verdwijnt: {companion:naam} valt in de open scheur en in het exil.",
    "float.vanish.stand": "Het zweefveld op {field:veld} verdwijnt; de scheur is dicht, {companion:naam} blijft op het veld staan.",
    # charred
    "cooled": "{companion:naam} is afgekoeld en niet meer verkoold.",
    # duel
    "duel.roll": "Duelronde {round}: {companion:naam} gooit {roll}.",
    "duel.wand": "Duelronde {round}: {companion:naam} gooit de toverstaf en wint de duelronde meteen.",
    "duel.tie": "De tovenaar gooit ook {roll}: gelijkspel, beiden gooien opnieuw.",
    "duel.won": "De tovenaar gooit {roll} tegen {mine}: {companion:naam} wint de duelronde.",
    "duel.lost": "De tovenaar gooit {roll} tegen {mine}: {companion:naam} verliest de duelronde.",
    "wizard.charred": "De bliksem treft de tovenaar: hij is verkoold.",
    "wizard.charred.time": "Hij blijft de rest van deze tafelronde en nog {rounds} volledige tafelrondes verkoold.",
    "wizard.cooled": "De tovenaar is afgekoeld en moet weer twee keer verslagen worden.",
    "wizard.defeated": "De verkoolde tovenaar is definitief verslagen: {companion:naam} wint voor team {team:team}.",
    "duel.second": "{companion:naam} speelt meteen de tweede duelronde.",
    "duel.spell": "De beschermspreuk vangt de bliksem van de tovenaar op: {companion:naam} blijft ongedeerd.",
    "duel.charred": "De bliksem van de tovenaar treft {companion:naam}: hij is verkoold.",
    "duel.fight-on": "{companion:naam} vecht verkoold door: de tweede duelronde.",
    "duel.retreat": "{companion:naam} trekt zich vier velden terug van de toren en staat nu {to:op}.",
    "duel.burst": "{companion:naam} verliest verkoold nog een keer en spat uiteen.",
    "team.out": "Alle metgezellen van team {team:team} zijn uiteengespat: het team is uitgeschakeld.",
    "tower.wins": "Alle teams zijn uitgeschakeld: de toren heeft zich met succes verweerd.",
    # results
    "result.win": "Team {team:team} heeft de tovenaar definitief verslagen en wint.",
    "result.none": "Niemand wint: de toren heeft zich met succes verweerd.",
    # refusals
    "core.not-text": "Een actie is een tekst.",
    "refuse.over": "Het spel is voorbij: {action} kan niet meer.",
    "refuse.float": "Een zweefveld komt alleen over een open scheur zonder zweefveld, voor het trekken of voor het lopen: {action} kan hier niet.",
    "refuse.no-float": "Het team heeft geen zweefveld in zijn verzameling en er ook geen getrokken: {action} kan niet.",
    "refuse.not-free": "Alleen een vrije metgezel van het eigen team mag lopen: {action} kan niet.",
    "refuse.no-step": "Lopen kan alleen met een stappenkaart: {action} kan nu niet.",
    "refuse.bolt": "De donderbliksem treft alleen een metgezel van een tegenstander op een veld van het pad, en alleen als er een getrokken is: {action} kan niet.",
    "refuse.exile": "„Uit het exil” bevrijdt bij voorkeur een eigen metgezel, anders een van een ander team; zit niemand in het exil, dan loopt een eigen vrije metgezel één stap: {action} kan niet.",
    "refuse.spell": "De beschermspreuk gaat naar een eigen, niet uitgeschakelde metgezel zonder beschermspreuk, als er een getrokken is: {action} kan niet.",
    "refuse.chance": "„{action}” is hier geen mogelijke uitkomst van het toeval.",
    "refuse.choice": "De keuze „doorvechten of terugtrekken” bestaat alleen na een onbeschermd verloren eerste duelronde: {action} kan niet.",
    "refuse.rescue": "De uil bevrijdt alleen een metgezel van een team waarvan alle metgezellen in het exil zitten: {action} kan niet.",
    "refuse.action": "„{action}” is nu geen toegestane actie.",
}
