"""The English catalogue of Der dunkle Turm: every key of the German source (``messages_de``), with
the terms of the game's glossary (rulebooks/content/der-dunkle-turm/glossary.toml).

Formatters (named in English; the placeholders' field names are the source's): ``name`` (companion
id -> ``Red 1``), ``team`` (``red`` -> ``Red``), ``at`` (a place -> ``on field 7``, ``on side field
6b``, ``in the camp``, ``at the tower``, ``in exile``), ``field`` (``7`` -> ``field 7``, ``6b`` ->
``side field 6b``), ``card`` (a card kind -> ``Steps 2``, ``Tower attack (rift on field 13)`` ...),
``beast`` (a lair -> ``the bone beast of field 12``), ``fields`` (fields joined with ``and``). Built
by :func:`.message_formats.formats` from the board's words (:mod:`.words`), so sentences and board agree.
"""

from __future__ import annotations

from .message_formats import formats

FORMATS = formats("en")

MESSAGES: dict[str, str] = {
    # setup and flow
    "setup.teams": "Number of teams",
    "start.team": "The lot decides the start team: team {team:team} begins.",
    "deck.reshuffled": "The deck is empty: the discard pile is shuffled and becomes the new deck.",
    "card.step": "Team {team:team} draws “{card:card}”.",
    "card.attack": "Team {team:team} draws a card “{card:card}”.",
    "card.exile": "Team {team:team} draws “Out of exile”.",
    "card.bolt": "Team {team:team} draws a thunderbolt.",
    "card.spell": "Team {team:team} draws a protection spell.",
    "card.float": "Team {team:team} draws a floating field.",
    # walking
    "step.move": "{companion:name} moves {steps} {steps:plural/step/steps} forward and now stands {to:at}.",
    "step.lapses": "Team {team:team} has no free companion: the step card lapses.",
    "extra.side": "The bridges are raised: on this move too, {companion:name} follows the path over the side fields.",
    "enter": "{companion:name} enters the path from the camp; its first step leads to {field:field}.",
    "skip": "Occupied fields do not count: {companion:name} skips {fields:fields}.",
    "bridge.field": "The drawbridges are lowered and ordinary fields: for {companion:name}, {fields:fields} counts as a step.",
    "rift.pass": "{companion:name} passes over the open rift on {fields:fields}: that does no harm, a rift counts as a free field.",
    "tower.reach": "{companion:name} reaches the tower; any steps left over lapse.",
    "duel.challenge": "{companion:name} immediately challenges the wizard to a dice duel on the top of the tower.",
    "rift.fall": "{companion:name} lands on the open rift on {field:field} and falls into exile.",
    # the tower attack
    "tower.attack": "The tower strikes back: the attack targets {field:field}.",
    "bridges.up": "The drawbridges rise; the six side fields appear.",
    "bridges.down": "The drawbridges come down; the side fields vanish into thin air.",
    "bridge.fall": "{companion:name} falls with bridge {field} into the lava and returns charred to the camp.",
    "side.fall": "{companion:name} falls from {field:field} and returns unhurt to the camp.",
    "side.fall.lava": "{companion:name} falls from {field:field} above the lava and returns charred to the camp.",
    "fall.saved": "The protection spell saves {companion:name} from the fall: it now stands {to:at}.",
    "rift.open": "A rift opens on {field:field}.",
    "rift.renewed": "A rift is already open on {field:field}: its time starts over.",
    "rift.sealed": "Three rifts are open: the protection seal blocks the rift on {field:field}.",
    "rift.swallows": "The rift opens under {companion:name}, who falls into exile.",
    "spell.rift": "The protection spell saves {companion:name}: it stays standing above the rift on {field:field}.",
    "float.carries": "The floating field on {field:field} carries {companion:name} on.",
    "rift.closes": "The rift on {field:field} closes.",
    # beasts
    "beast.wakes": "{lair:beast} wakes up and attacks {companion:name}.",
    "beast.awake": "{lair:beast} is awake and attacks {companion:name}.",
    "beast.attacks": "At the tower attack, {lair:beast} goes for {companion:name}.",
    "beast.nobody": "{lair:beast} finds nobody within its reach.",
    "beast.sleeps": "After three quiet table rounds, {lair:beast} falls asleep again.",
    "fight.spell": "The protection spell saves {companion:name} from {lair:beast}; there is no fight.",
    "fight.won": "{companion:name} rolls {roll} and beats the bone beast: it gets a shield.",
    "fight.lost": "{companion:name} rolls {roll} and loses: it lies beside {field:field}.",
    "fight.lost.magic": "{companion:name} rolls {roll} and loses: it lies beside {field:field}, and the field event is lost.",
    "lying.returns": "{companion:name} gets up beside its field and returns to the camp.",
    "shield.fades": "The shield of {companion:name} fades.",
    # magic places
    "place.event": "{companion:name} lands on the magic place {field:field}: a field event.",
    "place.silent": "{companion:name} lands on {field:field}, but there has already been a field event this team turn: the place stays silent.",
    "event.forward": "Field event forward: {companion:name} moves three fields forward and now stands {to:at}.",
    "event.back": "Field event back: {companion:name} moves three fields back and now stands {to:at}.",
    "event.exile": "The die shows {roll}: field event exile, {companion:name} goes into exile.",
    "event.bonus": "The die shows {roll}: a bonus spell, the team draws another card at once.",
    # exile and the owl
    "exile.free": "{companion:name} is freed and comes out of exile into the camp.",
    "exile.advance": "Nobody is in exile: {companion:name} moves one step forward and now stands {to:at}.",
    "exile.lapses": "Nobody is in exile and team {team:team} has no free companion: the card has no effect.",
    "owl.attack": "Every second attack: the owl helps team {team:team} like an “Out of exile” card.",
    "owl.rescue.comes": "All companions of team {team:team} are captured: the owl helps at once.",
    "owl.rescue": "The owl brings {companion:name} out of exile into the camp.",
    # thunderbolt
    "bolt.hit": "The thunderbolt hits {companion:name}.",
    "bolt.back": "{companion:name} is thrown three fields back and now stands {to:at}.",
    "bolt.second": "The second hit: {companion:name} goes straight to the camp.",
    "bolt.shield": "The shield of {companion:name} wards off the thunderbolt and fades.",
    "bolt.spell": "The protection spell of {companion:name} stops the thunderbolt.",
    "bolt.lapses": "There is no target for the thunderbolt: the card has no effect.",
    "mark.expires": "The thunderbolt's mark on {companion:name} expires.",
    # protection spell
    "spell.given": "{companion:name} receives the protection spell.",
    "spell.lapses": "Every companion already carries a protection spell: the card lapses.",
    # floating field
    "float.now": "Team {team:team} lays the floating field over the rift on {field:field} at once and draws another card.",
    "float.later": "Team {team:team} lays a floating field from its collection over the rift on {field:field}.",
    "float.draw-first": "Team {team:team} lays no floating field from its collection now and draws a card first.",
    "float.keep": "Team {team:team} keeps the floating field in its collection; the team turn ends.",
    "float.kept.no-rift": "No rift without a floating field is open: the card goes into the collection of team {team:team}, and the team turn ends.",
    "float.vanish": "The floating field on {field:field} vanishes.",
    "float.vanish.fall": "The floating field on {field:field} vanishes: {companion:name} falls into the open rift and into exile.",
    "float.vanish.stand": "The floating field on {field:field} vanishes; the rift has closed, so {companion:name} stays on the field.",
    # charred
    "cooled": "{companion:name} has cooled down and is no longer charred.",
    # duel
    "duel.roll": "Duel round {round}: {companion:name} rolls {roll}.",
    "duel.wand": "Duel round {round}: {companion:name} rolls the wand and wins the duel round at once.",
    "duel.tie": "The wizard also rolls {roll}: a tie, both roll again.",
    "duel.won": "The wizard rolls {roll} against {mine}: {companion:name} wins the duel round.",
    "duel.lost": "The wizard rolls {roll} against {mine}: {companion:name} loses the duel round.",
    "wizard.charred": "Lightning strikes the wizard: he is charred.",
    "wizard.charred.time": "He stays charred for the rest of this table round and {rounds} more full table rounds.",
    "wizard.cooled": "The wizard has cooled down and must be defeated twice again.",
    "wizard.defeated": "The charred wizard is defeated for good: {companion:name} wins for team {team:team}.",
    "duel.second": "{companion:name} plays the second duel round at once.",
    "duel.spell": "The protection spell stops the wizard's lightning: {companion:name} stays unhurt.",
    "duel.charred": "The wizard's lightning strikes {companion:name}: it is charred.",
    "duel.fight-on": "{companion:name} fights on charred: the second duel round.",
    "duel.retreat": "{companion:name} retreats four fields from the tower and now stands {to:at}.",
    "duel.burst": "{companion:name} loses again while charred and bursts.",
    "team.out": "All companions of team {team:team} have burst: the team is out of the game.",
    "tower.wins": "Every team is out of the game: the tower has defended itself successfully.",
    # results
    "result.win": "Team {team:team} has defeated the wizard for good and wins.",
    "result.none": "Nobody wins: the tower has defended itself successfully.",
    # refusals
    "core.not-text": "An action is a text.",
    "refuse.over": "The game is over: {action} is no longer possible.",
    "refuse.float": "A floating field goes only over an open rift without one, before drawing or before walking: {action} is not possible here.",
    "refuse.no-float": "The team has no floating field in its collection and has drawn none: {action} is not possible.",
    "refuse.not-free": "Only a free companion of the team on turn may move: {action} is not possible.",
    "refuse.no-step": "Companions move only with a step card: {action} is not possible now.",
    "refuse.bolt": "The thunderbolt hits only an opponent's companion on a field of the path, and only when one was drawn: {action} is not possible.",
    "refuse.exile": "“Out of exile” frees one of the team's own companions first, otherwise another team's; if nobody is in exile, one of the team's own free companions moves one step: {action} is not possible.",
    "refuse.spell": "The protection spell goes to one of the team's own companions that is not out of the game and has no protection spell, when one was drawn: {action} is not possible.",
    "refuse.chance": "“{action}” is not a possible outcome of chance here.",
    "refuse.choice": "The choice “fight on or retreat” exists only after a first duel round lost without protection: {action} is not possible.",
    "refuse.rescue": "The owl frees only a companion of a team whose companions are all in exile: {action} is not possible.",
    "refuse.action": "“{action}” is not an allowed action now.",
}
