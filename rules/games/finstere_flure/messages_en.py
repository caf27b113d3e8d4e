"""The English catalogue of Finstere Flure (Fearsome Floors): every sentence of ``messages_nl`` (the
source) in English, with the same placeholders and the terms of
``rulebooks/content/finstere-flure/glossary.toml`` (stone block, blood pool, start pool, start
square, exit square, outer wall, monster card, chapter).

The formatters (``name``, ``colour``, ``from``, ``to`` ...) are built by ``message_formats.formats``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core.messages import Formatter

from .message_formats import formats

FORMATS: Mapping[str, Formatter] = formats("en")

_STEPS = "{steps} {steps:plural/step/steps}"
_DISTANCE = "{distance} {distance:plural/square/squares}"

MESSAGES: Mapping[str, str] = {
    # -- setup and results -----------------------------------------------------------------------
    "setup.players": "Number of players",
    "setup.dmaufbau": "Players place the stones and blood pools (dmaufbau)",
    "result.win": "{winner:colour} wins with {saved} saved figures.",
    "result.tiebreak": (
        "{winner:colour} wins with {saved} saved figures; {others:colours} saved as many, "
        "but {winner:colour} reached that number first."
    ),
    "result.draw": "Nobody saved a figure: the game is a draw.",
    # -- refusals: whose turn, which phase ---------------------------------------------------------
    "core.not-text": "An action is a text.",
    "refuse.game-over": "The game is over.",
    "refuse.setup-first": "First the players take turns to set up the board (place:...).",
    "refuse.players-first": "First the players move their figures; then the monster walks.",
    "refuse.move-syntax": "Expected move:<figure>:<path>, for example move:red1:EUL.",
    "refuse.unknown-figure": "Unknown figure {figure!r}.",
    "refuse.saved": "{figure:name} is already saved and no longer takes part.",
    "refuse.out": "{figure:name} was caught in chapter 2 and is lost for good.",
    "refuse.moved": "{figure:name} has already moved this round.",
    "refuse.first-round": "{player:colour} has already moved two figures in the first round.",
    "refuse.not-your-turn": "It is {player:possessive} turn, not {owner:possessive}.",
    "refuse.card-expected": "Now a monster card is turned over (card:...).",
    "refuse.card-unknown": "Unknown monster card {card!r}.",
    "refuse.card-gone": "Card {card} is no longer in the deck.",
    "refuse.first-card": "The first monster card of the game is never X or XX.",
    "refuse.monster-only": "It is the monster's turn; the only action is 'monster' (one step).",
    # -- refusals: a figure's path -----------------------------------------------------------------
    "refuse.too-far": (
        "{figure:name} shows {showing} and may walk at most {showing} {showing:plural/step/steps}, "
        "not {steps}."
    ),
    "refuse.bad-letter": "Unknown step {letter!r}: use U, D, L, R (straight, never diagonally), E and O.",
    "refuse.after-exit": "{figure:name} has already stepped out; the remaining points are lost.",
    "refuse.end-occupied": "The turn may not end on {square:sq}: {other:name} stands there.",
    "refuse.enter-on-board": (
        "{figure:name} is already on the board; only a figure from the start pool enters the board with E."
    ),
    "refuse.enter-monster": "The monster stands on the start square; the figure cannot enter the board.",
    "refuse.enter-first": "{figure:name} is in the start pool; its first step must be E (onto the start square).",
    "refuse.exit-elsewhere": "{figure:name} is not on the exit square (0, 0); only from there can it go out.",
    "refuse.wall": "Stepping {direction:dir} from {square:sq} is impossible: the outer wall is there.",
    "refuse.wall.exit": (
        "Stepping {direction:dir} from {square:sq} is impossible: the outer wall is there. "
        "Going out is only possible from the exit square, with O."
    ),
    "refuse.monster": "The monster stands on {square:sq}; a figure can neither move there nor past it.",
    "refuse.stone-wall": "The stone block on {square:sq} lies against the outer wall and cannot be pushed.",
    "refuse.stone-blocked": "The stone block on {square:sq} cannot be pushed: {beyond:sq} is not empty.",
    "refuse.blood-wall": "The blood pool lies against the outer wall.",
    "refuse.slide-stone": "{figure:name} cannot slide over the blood pool: a stone block lies on {square:sq}.",
    "refuse.slide-monster": "{figure:name} cannot slide over the blood pool: the monster stands on {square:sq}.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Expected place:stone:X,Y, place:pool4:X,Y,h|v or place:pool2:X,Y.",
    "refuse.place-unknown": "Unknown placement {action!r}.",
    "refuse.place.none-left.stone": "All 11 stone blocks are already on the board.",
    "refuse.place.none-left.pool4": "The narrow blood pool is already on the board.",
    "refuse.place.none-left.pool2": "The square blood pool is already on the board.",
    "refuse.place.off-board": "Square {square:sq} is not on the board.",
    "refuse.place.occupied": "Square {square:sq} already holds an object.",
    "refuse.place.free-zone": "Square {square:sq} lies within 3 steps of the start or exit square.",
    "refuse.place.near-start": (
        "Square {square:sq} of the blood pool is only {distance} steps from the entrance; it must be at least 8."
    ),
    "refuse.place.edge": "Square {square:sq} borders the outer wall; a blood pool may not touch the edge.",
    "refuse.place.touching": "Square {square:sq} borders the other blood pool; the blood pools may not touch.",
    # -- dmaufbau -------------------------------------------------------------------------------------
    "place.stone": "{player:colour} places a stone block on {at:sq}.",
    "place.pool4": "{player:colour} places the narrow blood pool {orientation:orientation}, starting at {at:sq}.",
    "place.pool2": "{player:colour} places the square blood pool, starting at {at:sq}.",
    "place.done": "All objects are on the board; the game begins.",
    # -- a player's move ----------------------------------------------------------------------------
    "move.stay": "{figure:name} stays {from:at} (0 steps); that too counts as its turn.",
    "move.walk": "{figure:name} walks " + _STEPS + " (of {showing}) {from:from} {to:to}.",
    "move.enter": "{figure:name} steps from the start pool onto the start square.",
    "move.jump.start": "{figure:name} jumps over {over:name} onto the start square.",
    "move.jump": "{figure:name} jumps over {over:name}.",
    "move.push": "{figure:name} pushes the stone block from {from:sq} to {to:sq}.",
    "move.stone-slides": "The stone block slides over the blood pool to {to:sq}.",
    "move.slide": "{figure:name} slides over the blood pool from {from:sq} to {to:sq}.",
    "move.slide.pass": "{over:name} stands on {square:sq}: {figure:name} lands there as when jumping.",
    "move.saved": "{figure:name} steps out through the exit and is saved.",
    "move.saved.lapsed-one": "{figure:name} steps out through the exit and is saved. The remaining point is lost.",
    "move.saved.lapsed": (
        "{figure:name} steps out through the exit and is saved. The remaining {lapsed} points are lost."
    ),
    "move.flip": "{figure:name} is flipped and now shows {showing}.",
    "stone.removed": "The stone block reaches the {square:special} and is removed from the board.",
    # -- rounds, chapters, endings ------------------------------------------------------------------
    "turn.next": "It is {player:possessive} turn.",
    "round.start": "Round {round} begins; it is {player:possessive} turn.",
    "round.monster": "The players have finished this round; now it is the monster's turn.",
    "end.rung": (
        "{player:colour} has saved {saved} figures: the end of the game is triggered; "
        "this round is still played to the end."
    ),
    "end.championship": "The current round has been played to the end; under the championship rule the game is now over.",
    "end.board-empty": "In chapter 2 no figure is left on the board or in the start pool: the game is over.",
    "end.cards": (
        "The monster has walked seven cards in chapter 2 without the end being triggered: the game is over."
    ),
    "chapter.1.end": "The seventh monster card has been walked: chapter 1 is over; the eighth card is not used.",
    "chapter.2.start": (
        "All eight monster cards are shuffled again; chapter 2 begins. The monster and the figures stay where they are."
    ),
    # -- monster cards ------------------------------------------------------------------------------
    "card.first": "This is the first monster card of the game; it is never X or XX.",
    "card.drawn": "Monster card {card} is turned over.",
    "card.hits": (
        "The monster walks until it has caught {hits:plural/one figure/two figures}, at most {max_steps} steps."
    ),
    "card.steps": "The monster takes exactly {card} steps.",
    # -- the monster ----------------------------------------------------------------------------------
    "monster.look.none": "The monster looks around and sees no figure.",
    "monster.look.confused": (
        "The monster sees {figures:names} equally far away (" + _DISTANCE + ") and is confused: "
        "it does not turn and keeps looking {facing:dir}."
    ),
    "monster.look.ahead": (
        "The monster sees {target:name} straight ahead, " + _DISTANCE + " away, and walks towards it ({facing:dir})."
    ),
    "monster.look.ahead.final": (
        "The monster sees {target:name} straight ahead, " + _DISTANCE + " away, and keeps looking that way "
        "({facing:dir})."
    ),
    "monster.look.turn": "The monster sees {target:name} {side:side}, " + _DISTANCE + " away, and turns to face {facing:dir}.",
    "monster.step": "Step {step}: the monster steps {facing:dir} to {to:sq}.",
    "monster.wall": (
        "Step {step}: the monster walks through the outer wall at {from:sq} and comes back in on the opposite side "
        "at {to:sq}, still looking {facing:dir}."
    ),
    "monster.slide": "The monster slides over the blood pool to {to:sq} and does not look around on the way.",
    "monster.catch": "The monster catches {figure:name} on {square:sq}.",
    "monster.crush": "{figure:name} is crushed against the outer wall on {square:sq} and counts as caught.",
    "monster.caught.chapter-1": "{figure:name} goes back to the start pool.",
    "monster.caught.chapter-2": "{figure:name} is lost for good in chapter 2.",
    "monster.push": "The monster pushes the stone block on {first:sq} {direction:way}.",
    "monster.push.row": (
        "The monster pushes the stone block on {first:sq} and the row behind it "
        "({behind} {behind:plural/object/objects}) {direction:way}."
    ),
    "monster.crumble": "The stone block on {square:sq} is crumbled to dust against the outer wall.",
    "monster.stone-slides": "The stone block slides over the blood pool from {from:sq} to {to:sq}.",
    "monster.figure-slides": "{figure:name} slides over the blood pool from {from:sq} to {to:sq}.",
    "monster.figure-stays": "{figure:name} stays lying on the blood pool on {square:sq}.",
    "monster.hits.done": "The monster has caught enough figures ({caught}) and stops.",
    "monster.hits.max": "The monster has taken {max_steps} steps and stops.",
    "monster.steps.done": "The monster has taken all {card} steps.",
    "monster.final-look": "After the last step the monster looks around once more.",
    # -- why a target cannot be tapped (view.explain) -------------------------------------------------
    "why.card": "Now a monster card is turned over; then the monster walks.",
    "why.monster-turn": "The monster walks now: tap the monster for its next step. The players take their turns again in the next round.",
    "why.monster-not-moved": "The players never move the monster: it walks after the players in every round.",
    "why.figure-first": "It is {colour:possessive} turn: first tap one of their figures that still has to move this round; then the squares of its path light up.",
    "why.sliding": "{figure:name} slides on over the blood: tap {sq:sq} first.",
    "why.enter-first": "{figure:name} is in the start pool: its first step goes onto the start square (15, 10).",
    "why.not-adjacent": "A step goes to a neighbouring square, straight and never diagonally: {figure:name} stands on {sq:sq}.",
    "why.cannot-end": "Through {sq:sq} the move of {figure:name} can no longer end on a free square.",
    "why.one-figure": "One figure per turn: {figure:name} is already moving; cancel to choose another.",
    "why.setup-first": "First the board is set up: {colour:colour} places something now.",
    "why.setup-kind": "First choose below the board what goes on {sq:sq}.",
}
