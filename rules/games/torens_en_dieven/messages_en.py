"""The English catalogue of Torens & Dieven (Towers & Thieves): every key of the Dutch source
catalogue (``messages_nl.py``), with the same placeholders, in the glossary's terms
(``rulebooks/content/torens-en-dieven/glossary.toml``).

The formatters (``colour``, ``kind``, ``towers``...) are built by :func:`.message_formats.formats`.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("en")

_PTS = "{points} {points:plural/point/points}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Number of players",
    "setup.river": "With the river mini-expansion (recommended)",
    "setup.land": "Ordinary land tiles without a thief symbol (the base game has 71)",
    "result.win": "{winners:colours} wins with {score} points from this expansion.",
    "result.shared": "{winners:colours} share the victory with {score} points each from this expansion.",
    # -- drawing ---------------------------------------------------------------------------------
    "draw.land": "{player:colour} draws {kind:kind}.",
    "draw.river": "{player:colour} draws {kind:kind} from the river stack.",
    "draw.tower": "{player:colour} draws the top tower tile ({left} {left:plural/remains/remain} in the stack).",
    "draw.replacement": "There are no tower tiles left: {player:colour} draws {kind:kind} instead.",
    # -- the thief symbol ------------------------------------------------------------------------
    "thief.symbol": "A thief symbol of value {value}: first the towers grow, then the guards score or the thieves steal the tile.",
    "grow": "The towers without a guard grow: {towers:towers}. {supply} {supply:plural/tower piece remains/tower pieces remain} in the supply.",
    "grow.guarded": "Towers with a guard do not grow: {towers:squares}.",
    "grow.full": "Already 5 tower pieces high, so nothing is added: {towers:squares}.",
    "grow.short": "Only {supply} {supply:plural/tower piece is/tower pieces are} left for {towers} towers without a guard: {player:colour} chooses which towers get one, at most one per tower.",
    "grow.empty": "The supply of tower pieces is used up: the towers grow no more ({towers:squares} get nothing).",
    "supply.empty": "With that, the supply of tower pieces is used up.",
    "guards.spot": "{guards} {guards:plural/guard is/guards are} on the towers: they spot the thieves and are rewarded.",
    "score.thief": "{player:colour} scores " + _PTS + " for {guards} {guards:plural/guard/guards} × {value}.",
    "score.bonus": "{player:colour} also scores " + _PTS + " for {guards} {guards:plural/guard/guards} × {value} (the stolen tile).",
    "stolen.boxed": "The stolen tile (value {value}) goes back into the box.",
    "guards.home": "All guards leave the towers, each going back to its owner's supply.",
    "theft.no-towers": "There is no tower yet, so there is no guard either.",
    "theft": "No tower has a guard: the thieves steal {player:colour}'s tile. It goes face up next to the scoreboard (value {value}).",
    "stolen.replaced": "A stolen tile (value {old}) was already there: it goes into the box and the new one (value {new}) takes its place.",
    "theft.no-scoring": "The thieves went unnoticed: this time there is no scoring and no points for the guards.",
    "replacement.land": "The stack of tower tiles is used up: a land tile is drawn instead.",
    "replacement.none": "The stack of tower tiles is used up and no land tile is left: there is nothing to place.",
    # -- placing -----------------------------------------------------------------------------------
    "place": "{player:colour} places {kind:kind} on {at:sq}.",
    "place.thief": "{player:colour} places the tile with thief symbol {value} on {at:sq}; the symbol has no further effect.",
    "tower.start": "The tower site on {at:sq} gets 1 tower piece from the supply: a tower 1 high. {supply} {supply:plural/remains/remain} in the supply.",
    "tower.no-piece": "The supply of tower pieces is used up: the tower site on {at:sq} stays empty.",
    # -- guards ------------------------------------------------------------------------------------
    "reach.own": "The tile on {placed:sq} is the tower's own tile: it is always within reach.",
    "reach.height": "The tower on {at:sq} is {pieces} high and reaches {pieces} {pieces:plural/space/spaces}; the tile on {placed:sq} lies {distance} {distance:plural/space/spaces} away in a straight line: within reach.",
    "reach.gaps": "The tower on {at:sq} is {pieces} high; the tile on {placed:sq} lies {distance} {distance:plural/space/spaces} away, with {gaps} {gaps:plural/gap/gaps} in between (gaps simply count): within reach.",
    "guard": "{player:colour} places a guard on the tower on {at:sq} ({pieces} high) instead of a meeple on the tile.",
    "guard.displace": "{owner:colour}'s guard already stood on that tower: it first goes back to {owner:colour}'s supply.",
    "guard.displace-points": "{owner:colour} scores " + _PTS + " at once for the displaced guard.",
    "pass": "{player:colour} places no guard.",
    "turn.next": "It is {player:colour}'s turn.",
    # -- the end -------------------------------------------------------------------------------------
    "end": "There is no tile left to draw: the game is over and the final scoring follows.",
    "final.guards": "{player:colour} scores " + _PTS + " for {guards} {guards:plural/guard/guards} on a tower × 5.",
    "final.stolen": "{player:colour} scores another " + _PTS + " for {guards} {guards:plural/guard/guards} × {value} (the stolen tile).",
    # -- refusals ----------------------------------------------------------------------------------
    "core.not-text": "An action is a text.",
    "refuse.over": "The game is over.",
    "refuse.square": "Expected a space x,y, not {text!r}.",
    "refuse.draw": "A tile is now drawn {source:source}; there is no {kind!r} there (any more).",
    "refuse.drawn-already": "This turn's tile has already been drawn.",
    "refuse.grow-first": "First choose which towers get one of the {supply} remaining tower pieces (grow:x,y;x,y).",
    "refuse.grow-twice": "Each tower gets at most one tower piece.",
    "refuse.grow-count": "There {supply:plural/is/are} {supply} {supply:plural/tower piece/tower pieces} in the supply: choose {supply} {supply:plural/tower/towers}, not {chosen}.",
    "refuse.no-tower": "There is no tower on {at:sq}.",
    "refuse.grow-guarded": "The tower on {at:sq} has a guard and does not grow.",
    "refuse.grow-full": "The tower on {at:sq} is already 5 tower pieces high.",
    "refuse.place-first": "First place the tile you drew ({kind:kind}) (place:x,y).",
    "refuse.occupied": "There is already a tile on {at:sq}.",
    "refuse.not-touching": "A tile must touch the playing area; {at:sq} touches no tile.",
    "refuse.guard-or-pass": "Place a guard on a tower (guard:x,y) or place none (pass).",
    "refuse.out-of-reach": "The tile on {placed:sq} is not within reach of the tower on {at:sq} ({pieces} high).",
    "refuse.no-follower": "{player:colour} has no meeple left in their supply.",
    # -- why a target cannot be tapped (explain.py) -------------------------------------------------
    "why.draw-first": "First a tile is drawn {source:source}; only then do you tap the playing area.",
    "why.grow-first": "First choose which towers get one of the {supply} remaining tower pieces: tap those towers.",
    "why.place-first": "First place the tile you drew ({kind:kind}) on an empty space next to the playing area; then you may place a guard.",
    "why.guard-on-tower": "A guard goes on the tower itself: tap the tower on {at:sq}.",
}
