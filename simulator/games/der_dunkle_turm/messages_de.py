"""The German catalogue of Der dunkle Turm (the rulebook's language: every key).

Formatters: ``name`` (companion id -> ``Rot 1``), ``team`` (``red`` -> ``Rot``), ``an`` (a place ->
``auf Feld 7``, ``auf Seitenfeld 6b``, ``im Lager``, ``am Turm``, ``im Exil``), ``feld`` (``7`` ->
``Feld 7``, ``6b`` -> ``Seitenfeld 6b``), ``karte`` (a card kind -> ``Schritte 2``, ``Turmattacke
(Riss auf Feld 13)`` ...), ``tier`` (a lair -> ``das Knochentier von Feld 12``), ``felder`` (fields
joined with ``und``), built by :func:`.message_formats.formats` from the board's words (:mod:`.words`).
"""

from __future__ import annotations

from .message_formats import formats

FORMATS = formats("de")

MESSAGES: dict[str, str] = {
    # setup and flow
    "setup.teams": "Anzahl der Teams",
    "start.team": "Das Los bestimmt das Startteam: Team {team:team} beginnt.",
    "deck.reshuffled": "Der Stapel ist leer: Die Ablage wird gemischt und bildet den neuen Stapel.",
    "card.step": "Team {team:team} zieht „{card:karte}“.",
    "card.attack": "Team {team:team} zieht eine {card:karte}.",
    "card.exile": "Team {team:team} zieht „Aus dem Exil“.",
    "card.bolt": "Team {team:team} zieht einen Donnerblitz.",
    "card.spell": "Team {team:team} zieht einen Schutzzauber.",
    "card.float": "Team {team:team} zieht ein Schwebefeld.",
    # walking
    "step.move": "{companion:name} zieht {steps} {steps:plural/Schritt/Schritte} vor und steht jetzt {to:an}.",
    "step.lapses": "Team {team:team} hat keinen freien Gefährten: Die Schrittkarte verfällt.",
    "extra.side": "Die Brücken sind angehoben: Auch diese Bewegung von {companion:name} führt über die Seitenfelder.",
    "enter": "{companion:name} betritt den Weg aus dem Lager; sein erster Schritt führt auf {field:feld}.",
    "skip": "Besetzte Felder zählen nicht: {companion:name} überspringt {fields:felder}.",
    "bridge.field": "Die Zugbrücken sind abgesenkt und gewöhnliche Felder: Für {companion:name} zählt {fields:felder} als Schritt.",
    "rift.pass": "{companion:name} überquert den offenen Riss auf {fields:felder}: Das schadet nicht, ein Riss zählt als freies Feld.",
    "tower.reach": "{companion:name} erreicht den Turm; übrige Schritte verfallen.",
    "duel.challenge": "{companion:name} fordert sofort den Zauberer zum Würfelduell auf der Turmkrone.",
    "rift.fall": "{companion:name} landet auf dem offenen Riss auf {field:feld} und stürzt ins Exil.",
    # the tower attack
    "tower.attack": "Der Turm wehrt sich: Die Attacke zielt auf {field:feld}.",
    "bridges.up": "Die Zugbrücken heben sich; die sechs Seitenfelder erscheinen.",
    "bridges.down": "Die Zugbrücken senken sich; die Seitenfelder verpuffen.",
    "bridge.fall": "{companion:name} stürzt mit der Brücke {field} in die Lava und kommt verkohlt ins Lager zurück.",
    "side.fall": "{companion:name} stürzt von {field:feld} ab und kommt unversehrt ins Lager zurück.",
    "side.fall.lava": "{companion:name} stürzt von {field:feld} über der Lava ab und kommt verkohlt ins Lager zurück.",
    "fall.saved": "Der Schutzzauber bewahrt {companion:name} vor dem Sturz: Er steht jetzt {to:an}.",
    "rift.open": "Auf {field:feld} öffnet sich ein Riss.",
    "rift.renewed": "Auf {field:feld} ist schon ein Riss offen: Er beginnt seine Dauer von neuem.",
    "rift.sealed": "Drei Risse sind offen: Das Schutzsiegel blockt den Riss auf {field:feld}.",
    "rift.swallows": "Der Riss öffnet sich unter {companion:name}: Er stürzt ins Exil.",
    "spell.rift": "Der Schutzzauber bewahrt {companion:name}: Er bleibt über dem Riss auf {field:feld} stehen.",
    "float.carries": "Das Schwebefeld auf {field:feld} trägt {companion:name} weiter.",
    "rift.closes": "Der Riss auf {field:feld} schließt sich.",
    # beasts
    "beast.wakes": "{lair:tier} erwacht und greift {companion:name} an.",
    "beast.awake": "{lair:tier} ist wach und greift {companion:name} an.",
    "beast.attacks": "Bei der Turmattacke geht {lair:tier} auf {companion:name} los.",
    "beast.nobody": "{lair:tier} findet niemanden in seiner Reichweite.",
    "beast.sleeps": "Nach drei ruhigen Tischrunden schläft {lair:tier} wieder ein.",
    "fight.spell": "Der Schutzzauber bewahrt {companion:name} vor {lair:tier}; es wird nicht gekämpft.",
    "fight.won": "{companion:name} würfelt {roll} und besiegt das Knochentier: Er erhält einen Schild.",
    "fight.lost": "{companion:name} würfelt {roll} und verliert: Er liegt neben {field:feld}.",
    "fight.lost.magic": "{companion:name} würfelt {roll} und verliert: Er liegt neben {field:feld}, das Feldereignis entfällt.",
    "lying.returns": "{companion:name} steht neben seinem Feld auf und kehrt ins Lager zurück.",
    "shield.fades": "Der Schild von {companion:name} verblasst.",
    # magic places
    "place.event": "{companion:name} landet auf dem magischen Ort {field:feld}: ein Feldereignis.",
    "place.silent": "{companion:name} landet auf {field:feld}, aber in diesem Teamzug gab es schon ein Feldereignis: Der Ort bleibt still.",
    "event.forward": "Feldereignis vorwärts: {companion:name} zieht drei Felder vor und steht jetzt {to:an}.",
    "event.back": "Feldereignis rückwärts: {companion:name} zieht drei Felder zurück und steht jetzt {to:an}.",
    "event.exile": "Der Würfel zeigt {roll}: Feldereignis Exil, {companion:name} kommt ins Exil.",
    "event.bonus": "Der Würfel zeigt {roll}, ein Bonuszauber: Das Team zieht sofort eine weitere Karte.",
    # exile and the owl
    "exile.free": "{companion:name} wird aus dem Exil befreit und kommt ins Lager.",
    "exile.advance": "Niemand ist im Exil: {companion:name} zieht einen Schritt vor und steht jetzt {to:an}.",
    "exile.lapses": "Niemand ist im Exil und Team {team:team} hat keinen freien Gefährten: Die Karte bleibt ohne Wirkung.",
    "owl.attack": "Jede zweite Attacke: Die Eule hilft Team {team:team} wie eine „Aus dem Exil“-Karte.",
    "owl.rescue.comes": "Alle Gefährten von Team {team:team} sind gefangen: Die Eule hilft sofort.",
    "owl.rescue": "Die Eule befreit {companion:name} aus dem Exil ins Lager.",
    # thunderbolt
    "bolt.hit": "Der Donnerblitz trifft {companion:name}.",
    "bolt.back": "{companion:name} wird drei Felder zurückgeworfen und steht jetzt {to:an}.",
    "bolt.second": "Der zweite Treffer: {companion:name} kommt gleich ins Lager.",
    "bolt.shield": "Der Schild von {companion:name} wehrt den Donnerblitz ab und verblasst.",
    "bolt.spell": "Der Schutzzauber von {companion:name} fängt den Donnerblitz ab.",
    "bolt.lapses": "Es gibt kein Ziel für den Donnerblitz: Die Karte bleibt ohne Wirkung.",
    "mark.expires": "Die Markierung des Donnerblitzes auf {companion:name} verfällt.",
    # protection spell
    "spell.given": "{companion:name} erhält den Schutzzauber.",
    "spell.lapses": "Jeder Gefährte trägt schon einen Schutzzauber: Die Karte verfällt.",
    # floating field
    "float.now": "Team {team:team} legt das Schwebefeld sofort über den Riss auf {field:feld} und zieht noch eine Karte.",
    "float.later": "Team {team:team} legt ein Schwebefeld aus seiner Sammlung über den Riss auf {field:feld}.",
    "float.draw-first": "Team {team:team} legt jetzt kein Schwebefeld aus seiner Sammlung und zieht zuerst eine Karte.",
    "float.keep": "Team {team:team} behält das Schwebefeld in seiner Sammlung; der Teamzug endet.",
    "float.kept.no-rift": "Kein Riss ohne Schwebefeld ist offen: Die Karte kommt in die Sammlung von Team {team:team}, der Teamzug endet.",
    "float.vanish": "Das Schwebefeld auf {field:feld} verschwindet.",
    "float.vanish.fall": "Das Schwebefeld auf {field:feld} verschwindet: {companion:name} fällt in den offenen Riss und ins Exil.",
    "float.vanish.stand": "Das Schwebefeld auf {field:feld} verschwindet; der Riss ist zu, {companion:name} bleibt auf dem Feld stehen.",
    # charred
    "cooled": "{companion:name} ist abgekühlt und nicht mehr verkohlt.",
    # duel
    "duel.roll": "Duellrunde {round}: {companion:name} würfelt {roll}.",
    "duel.wand": "Duellrunde {round}: {companion:name} würfelt den Zauberstab und gewinnt die Duellrunde sofort.",
    "duel.tie": "Der Zauberer würfelt ebenfalls {roll}: Gleichstand, beide würfeln neu.",
    "duel.won": "Der Zauberer würfelt {roll} gegen {mine}: {companion:name} gewinnt die Duellrunde.",
    "duel.lost": "Der Zauberer würfelt {roll} gegen {mine}: {companion:name} verliert die Duellrunde.",
    "wizard.charred": "Der Blitz trifft den Zauberer: Er ist verkohlt.",
    "wizard.charred.time": "Er bleibt für den Rest dieser Tischrunde und {rounds} weitere vollständige Tischrunden verkohlt.",
    "wizard.cooled": "Der Zauberer ist abgekühlt und muss wieder zweimal besiegt werden.",
    "wizard.defeated": "Der verkohlte Zauberer ist endgültig besiegt: {companion:name} gewinnt für Team {team:team}.",
    "duel.second": "{companion:name} spielt sofort die zweite Duellrunde.",
    "duel.spell": "Der Schutzzauber fängt den Blitz des Zauberers ab: {companion:name} bleibt unversehrt.",
    "duel.charred": "Der Blitz des Zauberers trifft {companion:name}: Er ist verkohlt.",
    "duel.fight-on": "{companion:name} kämpft verkohlt weiter: die zweite Duellrunde.",
    "duel.retreat": "{companion:name} zieht sich vom Turm vier Felder zurück und steht jetzt {to:an}.",
    "duel.burst": "{companion:name} verliert verkohlt noch einmal und zerplatzt.",
    "team.out": "Alle Gefährten von Team {team:team} sind zerplatzt: Das Team scheidet aus.",
    "tower.wins": "Alle Teams sind ausgeschieden: Der Turm hat sich erfolgreich gewehrt.",
    # results
    "result.win": "Team {team:team} hat den Zauberer endgültig besiegt und gewinnt.",
    "result.none": "Niemand gewinnt: Der Turm hat sich erfolgreich gewehrt.",
    # refusals
    "core.not-text": "Eine Aktion ist ein Text.",
    "refuse.over": "Das Spiel ist vorbei: {action} ist nicht mehr möglich.",
    "refuse.float": "Ein Schwebefeld liegt nur über einem offenen Riss ohne Schwebefeld, vor dem Ziehen oder vor dem Laufen: {action} geht hier nicht.",
    "refuse.no-float": "Das Team hat kein Schwebefeld in seiner Sammlung und keines gezogen: {action} geht nicht.",
    "refuse.not-free": "Nur ein freier Gefährte des eigenen Teams darf ziehen: {action} geht nicht.",
    "refuse.no-step": "Gezogen wird nur mit einer Schrittkarte: {action} geht jetzt nicht.",
    "refuse.bolt": "Der Donnerblitz trifft nur einen gegnerischen Gefährten auf einem Feld des Weges, und nur wenn einer gezogen wurde: {action} geht nicht.",
    "refuse.exile": "„Aus dem Exil“ befreit bevorzugt einen eigenen Gefährten, sonst einen fremden; ist niemand im Exil, zieht ein eigener freier Gefährte einen Schritt: {action} geht nicht.",
    "refuse.spell": "Den Schutzzauber bekommt ein eigener, nicht ausgeschiedener Gefährte ohne Schutzzauber, wenn einer gezogen wurde: {action} geht nicht.",
    "refuse.chance": "„{action}“ ist an dieser Stelle kein möglicher Ausgang des Zufalls.",
    "refuse.choice": "Die Wahl „weiterkämpfen oder zurückziehen“ gibt es nur nach einer ungeschützt verlorenen ersten Duellrunde: {action} geht nicht.",
    "refuse.rescue": "Die Eule befreit nur einen Gefährten eines Teams, dessen Gefährten alle im Exil sind: {action} geht nicht.",
    "refuse.action": "„{action}“ ist jetzt keine erlaubte Aktion.",
}
