"""What the verdicts of De Betoverde Torens cite (issue 41): for every kind of refusal (its message
key, the engine's and the "why not?" answers' alike) the clauses whose text or interpretation note
forbids what it refuses, and the verdicts that rest on the site's own reading of an open rule (the
clause whose interpretation note holds that reading). A refusal cites one of its kind's sources
(tests/simulator/test_refusal_sources.py checks every refusal met in scenarios and random play).
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import SPELL_CLAUSE

_SPELLS = frozenset(SPELL_CLAUSE.values())  # each spell's own clause: what it does and what it costs
_DRAWING = frozenset({"bt-hand-aanvullen", "bt-startkaarten"})
_DIE = frozenset({"bt-dobbelsteen-gooien", "bt-dobbelsteen-herwerpen"})
_OPEN_SPELLS = frozenset({"bt-materiaal-klaarleggen", "bt-solo-opstelling", "bt-solo-met-flesjes", "bt-meester-spreuken"})


def _(*clauses: str) -> frozenset[str]:
    return frozenset(clauses)


SOURCES: Mapping[str, frozenset[str]] = {
    "core.not-text": _("bt-twee-acties"),
    # the end: everyone inside with no one done, the solo score, or the last round played out
    "refuse.over": _("bt-einde-spel", "bt-solo-score", "bt-laatste-ronde"),
    # chance: what it does first, and outcomes it cannot have now
    "refuse.chance.spells": _("bt-solo-met-flesjes", "bt-meester-spreuken"),
    "refuse.chance.roll": _DIE,
    "refuse.chance.draw": _DRAWING,
    "refuse.draw-now": _("bt-hand-aanvullen"),
    "refuse.roll-now": _("bt-dobbelsteen-gooien"),
    "refuse.spells-now": _OPEN_SPELLS,
    # the turn: two card plays, the pass option, the end
    "refuse.unknown": _("bt-twee-acties", "bt-kaarten-wisselen"),
    "refuse.end-early": _("bt-twee-acties"),
    "refuse.not-in-hand": _("bt-twee-acties", "bt-teams-kaart-vragen"),
    "refuse.no-actions-left": _("bt-twee-acties", "bt-solo-beurt"),
    "refuse.no-card": _("bt-twee-acties") | _DRAWING,
    "refuse.roll-first": _("bt-dobbelsteen-gooien", "bt-keuze-eerst-gooien"),
    "refuse.choose-move": _("bt-vast-getal", "bt-keuze-eerst-zeggen"),
    "refuse.no-reroll": _("bt-dobbelsteen-herwerpen"),
    "refuse.no-roll": _DIE,
    "refuse.choose-now": _("bt-dobbelsteen-gooien"),
    "refuse.must-move": _("bt-kaart-zonder-effect"),
    "refuse.card-kind": _("bt-toren-kiezen", "bt-eigen-tovenaar"),
    "refuse.pass-late": _("bt-kaarten-wisselen"),
    "refuse.pass-tower-now": _("bt-kaarten-wisselen"),
    "refuse.pass-tower-late": _("bt-kaarten-wisselen"),
    # moving wizards and towers (by card or spell)
    "refuse.no-wizard": _("bt-eigen-tovenaar"),
    "refuse.six": _("bt-maximaal-zes-tovenaars"),
    "refuse.solo-last": _("bt-solo-met-flesjes"),
    "refuse.no-tower": _("bt-toren-kiezen", "bt-spreuk-torens-wisselen", "bt-spreuk-bevrijden"),
    "refuse.raven-space": _("bt-niet-op-raventoren"),
    # spells
    "refuse.no-spell": _("bt-spreuk-per-beurt"),
    "refuse.spell-now": _("bt-spreuk-per-beurt"),
    "refuse.spell-closed": _OPEN_SPELLS,
    "refuse.spell-twice": _("bt-spreuk-per-beurt"),
    "refuse.solo-spell-time": _("bt-solo-met-flesjes"),
    "refuse.lift": _("bt-spreuk-meeliften"),
    "refuse.spell-cost": _SPELLS,
    "refuse.spell-cost.mate": _("bt-teams-doorspelen"),
    "refuse.spell-cost.spent": _("bt-flesjes-uit-spel"),
    "refuse.lift-where": _("bt-spreuk-meeliften"),
    "refuse.swap-same": _("bt-spreuk-torens-wisselen"),
    "refuse.free-full": _("bt-spreuk-bevrijden"),
    "refuse.direction": _("bt-spreuk-raventoren"),
    "refuse.bad-number": _SPELLS,
    # master wizards: the asking round
    "refuse.offer-now": _("bt-meester-volgorde"),
    "refuse.spell-offer": _("bt-meester-volgorde"),
    "refuse.decline-now": _("bt-meester-volgorde"),
    # teams: asking for a card
    "refuse.no-team": _("bt-teams-kaart-vragen"),
    "refuse.asked": _("bt-teams-kaart-vragen"),
    "refuse.ask-now": _("bt-teams-kaart-vragen"),
    "refuse.give-now": _("bt-teams-kaart-vragen"),
    "refuse.return-now": _("bt-teams-kaart-vragen"),
    "refuse.exchange-now": _("bt-teams-kaart-vragen"),
    # "why not?" (explain.py)
    "why.spells-first": _("bt-solo-met-flesjes", "bt-meester-spreuken"),
    "why.deal-first": _("bt-startkaarten"),
    "why.roll-first": _DIE,
    "why.draw-first": _("bt-hand-aanvullen"),
    "why.ask": _("bt-teams-kaart-vragen"),
    "why.return": _("bt-teams-kaart-vragen"),
    "why.flask": _("bt-fles-vullen"),
    "why.into-raven": _("bt-tovenaar-in-raventoren"),
    "why.no-card": _("bt-eigen-tovenaar", "bt-toren-kiezen"),
    "why.spell-swap": _("bt-spreuk-torens-wisselen"),
    "why.spell-free": _("bt-spreuk-bevrijden"),
    "why.spell-raven": _("bt-spreuk-raventoren"),
    "why.raven": _("bt-toren-kiezen"),
    "why.one-piece": _("bt-twee-acties"),
    "why.spell-not": _SPELLS,
    "why.not-yours": _("bt-eigen-tovenaar"),
    "why.prisoner": _("bt-eigen-tovenaar"),
    "why.card-ends": _("bt-vast-getal"),
    "why.spell-ends": _SPELLS,
    "why.roll-ends": _("bt-dobbelsteen-gooien"),
    "why.pass-ends": _("bt-kaarten-wisselen"),
    "why.not-there": _("bt-vast-getal"),
    "why.card-piece-first": _("bt-twee-acties"),
    "why.spell-piece-first": _SPELLS,
    "why.choose-first": _("bt-dobbelsteen-gooien"),
    "why.pass-tower-first": _("bt-kaarten-wisselen"),
    "why.offer-first": _("bt-meester-volgorde"),
    "why.pick-first": _("bt-twee-acties"),
}

READINGS: Mapping[str, str] = {
    # everyone inside and no one done: over at once, the most filled flasks win (N15)
    "end.stalled": "bt-einde-spel",
    "result.stalled": "bt-einde-spel",
    "result.team": "bt-teams-einde",
    # the rule over the reader's answer: a tower with a raven shield is a free place too
    "raven.moves": "bt-raventoren-verplaatsen",
    "raven.moves-back": "bt-raventoren-verplaatsen",
    "raven.stays": "bt-raventoren-verplaatsen",
    "flask.fill": "bt-fles-vullen",  # "mag": the simulator always fills the flask
    "deck.reshuffled": "bt-hand-aanvullen",
    "refuse.must-move": "bt-kaart-zonder-effect",
    "refuse.pass-late": "bt-kaarten-wisselen",
    "refuse.spell-now": "bt-spreuk-per-beurt",
    "refuse.swap-same": "bt-spreuk-torens-wisselen",
    "spell.swapped": "bt-spreuk-torens-wisselen",
    "refuse.free-full": "bt-spreuk-bevrijden",
    "refuse.lift": "bt-spreuk-meeliften",
    "refuse.lift-where": "bt-spreuk-meeliften",
    "refuse.solo-last": "bt-solo-met-flesjes",
    # teams: full flasks open the teammate's flasks, all wizards inside the teammate's wizards, and
    # spells are paid only with one's own flasks
    "team.mate-wizard": "bt-teams-doorspelen",
    "team.mate-flask": "bt-teams-doorspelen",
    "refuse.spell-cost.mate": "bt-teams-doorspelen",
    "refuse.ask-now": "bt-teams-kaart-vragen",
    # Master wizards: who can pay for or use no open spell is passed over in the asking
    "spell.skipped": "bt-meester-volgorde",
    "spell.skipped.all": "bt-meester-volgorde",
}
