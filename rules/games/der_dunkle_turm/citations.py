"""What the verdicts of Der dunkle Turm cite (issue 41): for every kind of refusal (its message key,
the engine's and the "why not?" answers' alike) the clauses whose text or interpretation note
forbids what it refuses, and the verdicts that rest on the site's own reading of an open rule (the
clause whose interpretation note holds that reading; the rule board leaves much open, and the site's
choices are its notes). A refusal cites one of its kind's sources (tests/simulator/
test_refusal_sources.py checks every refusal met in scenarios and random play).
"""

from __future__ import annotations

from collections.abc import Mapping


def _(*clauses: str) -> frozenset[str]:
    return frozenset(clauses)


# The clauses of what a team chooses now (refusals.waiting) and of the cards a companion is chosen for.
_TASKS = _("dt-schrittkarte", "dt-aus-dem-exil", "dt-niemand-im-exil", "dt-donnerblitz", "dt-schutzzauber",
           "dt-eule-alle-gefangen")
_WAITING = _TASKS | _("dt-ablauf-teamzug", "dt-schwebefeld-sofort", "dt-erste-runde-verloren")
_DICE = _("dt-knochentier-kampf", "dt-feldereignis", "dt-wuerfelduell")
_FLOAT = _("dt-schwebefeld-sofort", "dt-schwebefeld-spaeter")

SOURCES: Mapping[str, frozenset[str]] = {
    "core.not-text": _("dt-ablauf-teamzug"),
    "refuse.over": _("dt-spielende"),
    # the choice after a lost first duel round, where there is none
    "refuse.choice.none": _("dt-erste-runde-verloren"),
    "refuse.choice.made": _("dt-erste-runde-verloren"),
    "refuse.choice.won": _("dt-zauberer-zweimal"),
    "refuse.choice.caught": _("dt-schutzzauber-duell"),
    # chance first, and outcomes it cannot have
    "why.lot": _("dt-aufbau"),
    "why.chance.card": _("dt-ablauf-teamzug"),
    "why.chance.fight": _("dt-knochentier-kampf"),
    "why.chance.event": _("dt-feldereignis"),
    "why.chance.duel": _("dt-wuerfelduell"),
    "refuse.chance.start": _("dt-aufbau"),
    "refuse.chance.card": _("dt-ablauf-teamzug"),
    "refuse.chance.no-card": _("dt-ablauf-teamzug"),
    "refuse.chance.d12": _DICE,
    "refuse.not-chance": _WAITING,
    # the tower, the beasts and the owl
    "why.tower": _("dt-turmattacke"),
    "why.beast-attack": _("dt-knochentier-turmattacke"),
    "why.owl": _("dt-eule-attacke"),
    "refuse.auto.tower": _("dt-turmattacke"),
    "refuse.auto.beast": _("dt-knochentier-turmattacke"),
    "refuse.auto.owl": _("dt-eule-attacke"),
    # floating fields
    "refuse.float.no-field": _FLOAT,
    "refuse.float.no-rift": _FLOAT,
    "why.float.covered": _FLOAT,
    "why.float.none": _("dt-schwebefeld-spaeter"),
    "why.float.when": _("dt-schwebefeld-spaeter"),
    # what the team chooses now
    "refuse.wait.draw": _("dt-ablauf-teamzug"),
    "refuse.wait.step": _("dt-schrittkarte"),
    "refuse.wait.exile": _("dt-aus-dem-exil"),
    "refuse.wait.advance": _("dt-niemand-im-exil"),
    "refuse.wait.bolt": _("dt-donnerblitz"),
    "refuse.wait.spell": _("dt-schutzzauber"),
    "refuse.wait.rescue": _("dt-eule-alle-gefangen"),
    "refuse.wait.float": _("dt-schwebefeld-sofort"),
    "refuse.wait.choice": _("dt-erste-runde-verloren"),
    # a companion that cannot be chosen for the card being carried out
    "refuse.no-companion": _TASKS,
    "refuse.rescue": _("dt-eule-alle-gefangen"),
    "why.bolt.own": _("dt-donnerblitz"),
    "why.bolt.lying": _("dt-donnerblitz"),
    "why.bolt.off-path": _("dt-donnerblitz"),
    "why.spell.not-own": _("dt-schutzzauber"),
    "why.spell.out": _("dt-schutzzauber"),
    "why.spell.has": _("dt-schutzzauber"),
    "why.exile.not-exiled": _("dt-aus-dem-exil"),
    "why.exile.own-first": _("dt-aus-dem-exil"),
    "why.advance.not-own": _("dt-niemand-im-exil"),
    "why.step.not-own": _("dt-schrittkarte"),
    "why.lying": _("dt-neben-dem-feld"),
    "why.not-free": _("dt-freie-gefaehrten"),
    # "why not?" only (explain.py)
    "why.over": _("dt-spielende"),
    "why.one-companion": _TASKS | _("dt-ablauf-teamzug"),
    "why.float.lying": _("dt-schwebefeld-landen"),
    "why.beast": _("dt-knochentier-wecken"),
    "why.step.ends": _("dt-freie-felder", "dt-schrittkarte"),
    "why.step.occupied": _("dt-freie-felder"),
    "why.advance.ends": _("dt-niemand-im-exil"),
    "why.to-camp": _("dt-aus-dem-exil", "dt-eule-alle-gefangen"),
    "why.draw-first": _("dt-ablauf-teamzug"),
    "why.step.pick": _("dt-schrittkarte"),
    "why.exile.pick": _("dt-aus-dem-exil"),
    "why.advance.pick": _("dt-niemand-im-exil"),
    "why.bolt.pick": _("dt-donnerblitz"),
    "why.spell.pick": _("dt-schutzzauber"),
    "why.rescue": _("dt-eule-alle-gefangen"),
    "why.float-now": _("dt-schwebefeld-sofort"),
    "why.choice": _("dt-erste-runde-verloren"),
}

READINGS: Mapping[str, str] = {
    # the duel
    "duel.wand": "dt-zauberstab",  # the wand wins the duel round, not the game
    "wizard.defeated": "dt-zauberer-verkohlt",  # one win suffices while he is charred
    "duel.spell": "dt-schutzzauber-duell",
    "refuse.choice.caught": "dt-schutzzauber-duell",
    # an ending with no team left
    "tower.wins": "dt-spielende",
    "result.none": "dt-spielende",
    "turn.skipped": "dt-zerplatzen",
    # the tower attack
    "rift.swallows": "dt-riss-oeffnen",
    "rift.renewed": "dt-riss-oeffnen",
    "rift.sealed": "dt-schutzsiegel",
    "fall.saved": "dt-fallen",
    "owl.attack": "dt-eule-attacke",
    "owl.rescue.comes": "dt-eule-alle-gefangen",
    "beast.attacks": "dt-knochentier-turmattacke",  # the figure nearest to its lair
    "beast.awake": "dt-knochentier-wecken",  # an awake beast attacks again
    # magic places
    "place.silent": "dt-ein-feldereignis",
    "event.forward": "dt-feldereignis",
    "event.back": "dt-feldereignis",
    "event.exile": "dt-feldereignis",
    "event.bonus": "dt-feldereignis",
    "deck.reshuffled": "dt-neu-mischen",
}
