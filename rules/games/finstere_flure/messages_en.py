"""The English catalogue of Finstere Flure (Fearsome Floors): every sentence of ``messages_nl`` (the
source) in English, with the same placeholders and the terms of
``rulebooks/content/finstere-flure/glossary.toml`` (stone block, blood pool, start pool, start
square, exit square, outer wall, monster card, chapter).

The formatters (``name``, ``colour``, ``from``, ``to`` ...) are built by ``message_formats.formats``.
"""

from __future__ import annotations

from collections.abc import Mapping

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
    "core.not-an-action": "'{action}' is not an action of this game.",
    "refuse.game-over": "The game is over.",
    "refuse.setup-first": "First the players take turns to set up the board: not every stone block and blood pool is placed yet.",
    "refuse.players-first": "First the players move their figures; then the monster walks.",
    "refuse.move-syntax": "Expected move:<figure>:<path>, for example move:red1:EUL.",
    "refuse.unknown-figure": "Unknown figure {figure!r}.",
    "refuse.saved": "{figure:name} is already saved and no longer takes part.",
    "refuse.out": "{figure:name} was caught in chapter 2 and is lost for good.",
    "refuse.moved": "{figure:name} has already moved this round.",
    "refuse.first-round": "{player:colour} has already moved two figures in the first round.",
    "refuse.not-your-turn": "It is {player:possessive} turn, not {owner:possessive}.",
    "refuse.card-expected": "The players are done with this round: now a monster card is turned over and the monster walks.",
    "refuse.card-unknown": "Unknown monster card {card!r}.",
    "refuse.card-gone": "Card {card} is no longer in the deck.",
    "refuse.first-card": "The first monster card of the game is never X or XX.",
    "refuse.monster-only": "The monster is walking its steps now; it is the players' turn again only in the next round.",
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
    "refuse.blood-wall": "{figure:name} cannot slide over the blood pool: the outer wall is beyond it.",
    "refuse.slide-stone": "{figure:name} cannot slide over the blood pool: a stone block lies on {square:sq}.",
    "refuse.slide-monster": "{figure:name} cannot slide over the blood pool: the monster stands on {square:sq}.",
    # -- refusals: dmaufbau --------------------------------------------------------------------------
    "refuse.place-syntax": "Expected place:stone:X,Y, place:pool4:X,Y,h|v or place:pool2:X,Y.",
    "refuse.place-unknown": "'{action}' names no object and square to place (a stone block, the narrow or the square blood pool).",
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
    "turn.skipped": "{player:colour} has no figure left to move this round and is skipped.",
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
    # -- what a good player would do (players.py) ---------------------------------------------------
    "advice.saved": "{figure:name} steps out through the exit and is saved: safe from the monster.",
    "advice.closer": "{figure:name} then has {steps} steps left to get out.",
    "advice.next": "Then {figure:name} shows {showing}: that is how far she gets on her next turn.",
    "advice.safe": "No card left in the deck makes the monster catch a figure of your own now.",
    "advice.risk": "The chance that the monster catches a figure of your own on its next turn is about {percent}%.",
    "advice.lure": "The monster is expected to catch {count} figures of the others.",
    "advice.place": "For the setup the computer chooses a place the rules allow; it does not calculate further here.",
}


# The words outside the sentences, by namespace (read through ``MESSAGES.words``).
WORDS: Mapping[str, Mapping[str, str]] = {
    # A player's colour as a name (the board and the position editor).
    "colour": {
        "red": "Red",
        "yellow": "Yellow",
        "green": "Green",
        "blue": "Blue",
        "purple": "Purple",
        "white": "White",
        "orange": "Orange",
    },
    # The colour's letter on the figures ("R1"): unique within each language.
    "colour_letter": {
        "red": "R",
        "yellow": "Y",
        "green": "G",
        "blue": "B",
        "purple": "P",
        "white": "W",
        "orange": "O",
    },
    # A direction (the monster's heading, the steps of a figure).
    "direction": {
        "U": "up",
        "D": "down",
        "L": "left",
        "R": "right",
    },
    # The labels and groups of the legal actions, the taps and the status line of tapping.
    "label": {
        "enter": "onto the board",
        "exit": "out through the exit",
        "unknown": "unknown step",
        "to": "to {sq}",
        "push": "pushes a stone",
        "slide": "slides over blood",
        "jump": "jumps over a figure",
        "stay": "{name} stays on {sq} (0 steps)",
        "stay-pool": "{name} stays in the start pool (0 steps)",
        "stay-any": "{name} stays (0 steps)",
        "card": "Monster card {card} ({card} steps)",
        "card-hits-1": "Monster card {card} (1 hit)",
        "card-hits-2": "Monster card {card} (2 hits)",
        "monster": "The monster takes a step",
        "stone": "Stone on {sq}",
        "pool2": "Blood pool 2×2 on {a} to {b}",
        "pool4-h": "Blood pool 1×4 horizontal on {a} to {b}",
        "pool4-v": "Blood pool 1×4 vertical on {a} to {b}",
        "group-card": "Monster card",
        "group-place": "Setup",
        "group-figure": "{name} (showing {value})",
        "tap-figure": "{name} on {sq} (showing {value})",
        "tap-figure-pool": "{name} from the start pool (showing {value})",
        "tap-step": "Step {n} to {sq}",
        "tap-enter": "Step 1: onto the board at {sq}",
        "tap-exit": "Step {n}: out through the exit",
        "tap-slide": "Slides to {sq}",
        "tap-push": ", pushes the stone",
        "tap-jump": ", over {other}",
        "tap-blood": ", onto blood (slides on)",
        "tap-place": "Place something on {sq}",
        "status-pick": "{colour} to move: tap a figure",
        "status-steps": "{name}: {n} of {m} steps taken",
        "status-steps-1": "{name}: {n} of 1 step taken",
        "status-sliding": "keeps sliding: tap {sq}",
        "status-no-end": "the move cannot end here",
        "status-out": "{name} goes out through the exit: press OK",
        "status-ok": "OK ends the move",
        "status-card": "A monster card is turned over: choose the card",
        "status-monster": "The monster walks ({progress}): tap the monster for its next step",
        "progress-steps": "card {card}: {steps} of {card} steps taken, {left} left",
        "progress-hits": "card {card}: {steps} steps taken, {caught} of {hits} caught, at most {left} steps left",
        "status-place": "{colour} places an object: tap a square ({left} left)",
        "status-place-kind": "Choose what goes on {sq}",
        "status-over": "The game is over",
    },
    # The words of the board drawing itself (title, description, status, legend, shape titles).
    "board": {
        "label": "Finstere Flure board, chapter {chapter}, round {round}",
        "square": "Square ({x}, {y})",
        "square-blood": "Blood pool ({x}, {y})",
        "square-start": "Start square (15, 10)",
        "square-exit": "Exit square, the way out (0, 0)",
        "mark-exit": "out",
        "mark-start": "in",
        "exit-arrow": "The exit: out from the exit square (0, 0)",
        "wall": "The outer wall",
        "coordinates": "Coordinates (x, y): x from 0 (left) to 15 (right), y from 0 (top) to 10 (bottom). Letters stand along the outer wall; whoever walks through the wall at a letter comes back in at the same letter on the opposite side.",
        "stone": "Stone block ({x}, {y})",
        "stones": "Stone blocks on {squares}.",
        "blood": "Blood pools on {squares}.",
        "monster": "The monster stands on ({x}, {y}) and looks {facing}.",
        "monster-step": "The monster, step {n}",
        "monster-wall": "{title}: through the outer wall at letter {letter}",
        "last-move": "The last move",
        "caught": "Here {name} was caught on {sq}.",
        "crushed": "Here {name} was crushed on {sq}.",
        "figure": "{name} ({tag}) on ({x}, {y}), showing {showing}{moved}.",
        "figure-moved": " (already moved this round)",
        "figure-pool": "{name} ({tag}) in the start pool, showing {showing}.",
        "pool": "start pool",
        "pool-empty": "start pool empty",
        "saved": "{n} saved",
        "out": ", {n} out",
        "legend-card": "Monster card",
        "legend-cards": "Monster cards",
        "progress-hits": "Monster card {card}: {steps} {steps_word} taken, {caught} of {hits} caught",
        "progress-hits-left": ", at most {left} steps left",
        "progress-steps": "Monster card {card}: {steps} of {total} steps taken, {left} left",
        "step": "step",
        "steps": "steps",
        "card-done": "; the monster's turn is over.",
        "card-note": "step {n}",
        "deck": "{n} monster card left in the deck",
        "deck-many": "{n} monster cards left in the deck",
        "deck-played": "; turned over: {cards}.",
        "deck-note": "deck",
        "status-players": "It is {colour}'s turn (chapter {chapter}, round {round}).",
        "status-monster": "The monster walks. {progress}; {caught} caught.",
        "figure-1": "1 figure",
        "figures": "{n} figures",
        "status-over": "The game is over. Winner: {winners}.",
        "nobody": "nobody",
        "phase-setup": "Setup: the players place stone blocks and blood pools.",
        "phase-card": "The players are done: a monster card is turned over.",
        "phase-monster": "The monster walks.",
        "phase-over": "The game is over.",
    },
    # The position editor: the phases of a position.
    "phase": {
        "players": "The players move",
        "card": "A monster card is turned over",
        "monster": "The monster walks",
        "setup": "Building the board (dmaufbau)",
        "over": "The game is over",
    },
    # The position editor: how a game ended.
    "ending": {
        "ff-einde-kampioenschap": "End rung, round finished",
        "ff-einde-bord-leeg": "No figure left in play (chapter 2)",
        "ff-einde-kaarten-op": "Monster cards used up (chapter 2)",
    },
    # The position editor: where a figure off the board is.
    "off_board": {
        "pool": "start pool, showing {v}",
        "saved": "saved",
        "out": "out of the game",
    },
    # The position editor: palette, fields, held pieces and refusals.
    "editor": {
        "group.tools": "Tools",
        "group.objects": "Stone and blood",
        "group.monster": "Monster",
        "group.figures": "{colour}'s figures",
        "tool.move": "Move: tap a piece, then its new square",
        "tool.empty": "Empty: a figure back to the start pool, a stone or pool removed",
        "tool.moved": "Already moved this round (on/off)",
        "tool.saved": "Saved (out through the exit)",
        "tool.out": "Out of the game (caught in chapter 2)",
        "tool.stone": "Stone block",
        "tool.pool4h": "Blood pool 1 × 4, lying (tap its left square)",
        "tool.pool4v": "Blood pool 1 × 4, standing (tap its top square)",
        "tool.pool2": "Blood pool 2 × 2 (tap its top-left square)",
        "tool.monster": "Monster facing {heading}",
        "tool.figure.front": "{name} showing {value} (coloured side)",
        "tool.figure.back": "{name} showing {value} (black side)",
        "held": "Holding {what}: tap its new square.",
        "held.pool": "Holding {what}: tap its new top-left square.",
        "what.stone": "the stone block on {sq}",
        "what.monster": "the monster",
        "what.pool4": "the 1 × 4 blood pool",
        "what.pool2": "the 2 × 2 blood pool",
        "field.phase": "Phase",
        "field.chapter": "Chapter",
        "chapter": "Chapter {n}",
        "field.round": "Round",
        "roundname": "Round {n}",
        "roundname.chapter2": "Round {n} (round {r} of chapter 2)",
        "field.card": "Card {i} turned over this chapter",
        "field.card.play": "Monster card in play (card {i} of this chapter)",
        "cardname.steps": "{card} steps",
        "cardname.X": "X (one hit)",
        "cardname.XX": "XX (two hits)",
        "field.steps": "Steps the monster has already taken",
        "field.caught": "Figures the monster caught this turn so far",
        "field.turn": "Whose turn",
        "field.ending": "How the game ended",
        "bad-target": "That is not a square or piece of this board.",
        "bad-tool": "There is no such tool here.",
        "occupied": "{what_cap} is already on {sq}: two things cannot share a square.",
        "occ.stone": "a stone block",
        "occ.monster": "the monster",
        "stone-special": "A stone block cannot lie on the start or exit square: it is taken off at once there.",
        "stone-count": "There are only 11 stone blocks.",
        "pool-off": "The blood pool does not fit here: {sq} is not on the board.",
        "pool-wall": "A blood pool never touches the outer wall, and {sq} is next to it.",
        "pool-touch": "The two blood pools may not touch or overlap.",
        "pool-second": "There is only one {what}; remove or move the other one first.",
        "pool-name.pool4": "1 × 4 blood pool",
        "pool-name.pool2": "2 × 2 blood pool",
        "pool-monster": "The monster stands on {sq}, and the monster never stands on blood.",
        "monster-blood": "The monster never stands on blood: it always slides on past the pool.",
        "monster-stays": "The monster is always on the board; move it, or tap it with a monster facing a direction to turn it.",
        "nothing-here": "There is nothing on {sq} to move.",
        "tap-square": "Tap a square of the board.",
        "no-figure": "Tap a figure.",
        "held-gone": "The piece you were holding is no longer there; choose again.",
        "out-chapter-1": "No figure is lost in chapter 1: a caught figure goes back to the start pool.",
        "moved-phase": "Whether a figure has moved only counts while the players are moving.",
        "not-in-play": "{name} is no longer in play.",
        "first-round": "In the first round each player moves only two figures.",
        "no-mover": "Then nobody has a figure left to move this round; choose the phase: a monster card is turned over.",
        "end-rung": "A player has saved all figures but one: the end has been rung, so the players are moving or the game is over.",
        "chapter-2-empty": "In chapter 2 the game is over as soon as no figure is left on the board or in the start pool.",
        "setup-figures": "While the board is being built, every figure waits in the start pool, coloured side up.",
        "setup-start": "The board is built before the first round of chapter 1, before any figure is saved.",
        "setup-done": "Every stone block and both blood pools are placed: the game would have started.",
        "card-count": "There are only {n} card(s) {card} (the cards are 5, 7, 7, 8, 8, 10, X, XX).",
        "seven-cards": "After seven cards turned over the chapter is over; the eighth card is never played.",
        "first-card": "The first monster card of the game is never X or XX.",
        "steps-limit": "With card {card} the monster can have taken at most {n} steps so far.",
        "caught-limit": "With card {card} the monster stops as soon as it has caught {n} figure(s).",
        "turn-impossible": "{player} cannot be the one to move: it is whoever still has a figure to move and has taken the fewest turns this round. Mark the figures that have moved first.",
        "not-over": "The game is not over: nobody has saved all figures but one, and in chapter 2 there are still figures and cards.",
        "ending-mismatch": "The game cannot have ended that way in this position.",
    },
    # The formatters' words (message_formats.formats): a colour as a player's name in the sentences
    # (lower case in Dutch), where the monster sees a square, and the small words around squares.
    "colour_name": {
        "red": "Red",
        "yellow": "Yellow",
        "green": "Green",
        "blue": "Blue",
        "purple": "Purple",
        "white": "White",
        "orange": "Orange",
    },
    "side": {
        "ahead": "straight ahead",
        "left": "to its left",
        "right": "to its right",
    },
    # Only the English and German sentences say where with {from}/{to}, only the English ones use {way}; the other words are for sentences that name them. "colours.last" joins the last two colours of a list.
    "sentence": {
        "and": " and ",
        "colours.last": " and ",
        "at.pool": "in the start pool",
        "at.square": "on",
        "special.start": "start square",
        "special.exit": "exit square",
        "orientation.h": "horizontally",
        "orientation.v": "vertically",
        "place.pool": "the start pool",
        "place.saved": "outside",
        "from.pool": "from the start pool",
        "from.square": "from",
        "to.saved": "out through the exit",
        "to.pool": "to the start pool",
        "to.square": "to",
        "way.U": "upwards",
        "way.D": "downwards",
        "way.L": "to the left",
        "way.R": "to the right",
    },
}
