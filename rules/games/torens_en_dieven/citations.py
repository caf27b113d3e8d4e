"""What the verdicts of Torens & Dieven cite (issue 41): for every kind of refusal (its message key,
the engine's and the "why not?" answers' alike) the clauses whose text or interpretation note
forbids what it refuses, and the verdicts that rest on the site's own reading of an open rule (the
clause whose interpretation note holds that reading). A refusal cites one of its kind's sources
(tests/simulator/test_refusal_sources.py checks every refusal met in scenarios and random play).
"""

from __future__ import annotations

from collections.abc import Mapping

_DRAW = frozenset({"td-landtegel-leggen", "td-torentegel-trekken", "td-rivier-schudden", "td-geen-torentegels"})

SOURCES: Mapping[str, frozenset[str]] = {
    "core.not-text": frozenset({"td-drie-acties"}),
    # the game is over: the final scoring, where every ending leads (the result cites it too)
    "refuse.over": frozenset({"td-eindtelling-wachters"}),
    # a square that is no "x,y": the clause of the action it was written for
    "refuse.square": frozenset({"td-voorraad-beperkt", "td-landtegel-leggen", "td-wachter-zetten"}),
    # drawing: what the stack being drawn from holds
    "refuse.draw": frozenset({"td-landtegels-schudden", "td-torentegel-trekken", "td-rivier-schudden", "td-geen-torentegels"}),
    "refuse.draw-unknown": _DRAW,
    "refuse.draw-tower": frozenset({"td-torentegel-trekken"}),
    "refuse.draw-first": _DRAW,
    "refuse.drawn-already": frozenset({"td-drie-acties"}),
    # the towers that grow when the supply is short
    "refuse.grow-first": frozenset({"td-voorraad-beperkt"}),
    "refuse.grow-twice": frozenset({"td-voorraad-beperkt"}),
    "refuse.grow-count": frozenset({"td-voorraad-beperkt"}),
    "refuse.no-tower": frozenset({"td-torens-groeien", "td-wachter-zetten"}),
    "refuse.empty-site": frozenset({"td-toren-beginnen"}),
    "refuse.grow-guarded": frozenset({"td-torens-groeien"}),
    "refuse.grow-full": frozenset({"td-maximum-vijf"}),
    # placing the tile
    "refuse.place-first": frozenset({"td-drie-acties"}),
    "refuse.occupied": frozenset({"td-landtegel-leggen"}),
    "refuse.not-touching": frozenset({"td-landtegel-leggen"}),
    # placing a guard, and a guard tried once the turn is over
    "refuse.guard-or-pass": frozenset({"td-drie-acties"}),
    "refuse.out-of-reach": frozenset({"td-torenbereik"}),
    "refuse.out-of-reach.diagonal": frozenset({"td-bereik-hoogte"}),
    "refuse.no-follower": frozenset({"td-wachter-zetten"}),
    "refuse.guard-skipped.no-reach": frozenset({"td-torenbereik"}),
    "refuse.guard-skipped.no-meeple": frozenset({"td-wachter-zetten"}),
    "refuse.turn-over": frozenset({"td-drie-acties"}),
    # "why not?" (explain.py)
    "why.draw-first": _DRAW,
    "why.grow-first": frozenset({"td-voorraad-beperkt"}),
    "why.place-first": frozenset({"td-drie-acties"}),
    "why.guard-on-tower": frozenset({"td-wachter-zetten", "td-wachter-verdrijven"}),
}

READINGS: Mapping[str, str] = {
    # one tower piece on every tower site placed; an empty site when the supply is out
    "tower.start": "td-toren-beginnen",
    "tower.no-piece": "td-toren-beginnen",
    "refuse.empty-site": "td-toren-beginnen",
    # a short supply: the player to move chooses, and every piece left is given
    "grow.short": "td-voorraad-beperkt",
    "refuse.grow-count": "td-voorraad-beperkt",
    # reach in the four straight directions only
    "refuse.out-of-reach.diagonal": "td-bereik-hoogte",
    # the replacement draw with both stacks empty ends the game
    "replacement.none": "td-geen-torentegels",
    # the mini-board's winner: the most points of this expansion; a tie shares the victory
    "result.win": "td-eindtelling-wachters",
    "result.shared": "td-eindtelling-wachters",
}
