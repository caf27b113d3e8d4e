"""The computer players of De Betoverde Torens (``GAME.players``).

They see their seat's view: their own hand, the other hands' sizes and the discard pile, not the
others' cards or the order of the deck. Before each decision they deal the cards they have not seen
at random to the other hands and the deck (determinisation); what they plan for their own turn does
not depend on those cards.

A position is judged by the *work* each player still has to do to win (bt-einde-spel: every wizard
in the Raventoren and every flask filled), counted in card plays:

- a wizard one to five spaces before the Raventoren needs one card (bt-tovenaar-in-raventoren),
  one further away one more for every 3.5 spaces (the cards' mean);
- an imprisoned wizard needs more: a tower has to leave it first (bt-toren-over-tovenaar), one card
  per tower above it;
- an empty flask needs a tower moved onto wizards (bt-fles-vullen).

The **strong** player plays its whole turn in its head (both cards, a die's roll weighed by its
odds and whether to roll again, a spell) and prefers the position where its own work is least and
the nearest rival's largest: imprisoning another player's wizards counts twice, filling its own
flask with it. The **beginner** looks one card ahead, thinks only of its own wizards and flasks
(it happily locks up its own wizards to fill a flask) and in a quarter of its decisions takes one
of the next best moves.

Solo (bt-solo-beurt, bt-solo-score) every game ends in a win, and the fewer cards it needed the
better: the strong player judges a finished game by its cards discarded, and an unfinished one by
the cards already discarded with the work (a pass throws away a whole hand, bt-kaarten-wisselen),
and it looks one turn further: the card it will draw, weighed by the odds of the cards it has not
seen, and its next card play with it. A wizard must land exactly on the Raventoren
(bt-tovenaar-in-raventoren), so it also prefers keeping cards that can bring a wizard in next turn:
a card of the wizard's distance, or a die card with its chance of rolling it.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.bots import Bot, SeatView
from rules.core.engine import Engine, Result
from rules.core.search import SearchBot, Settings
from rules.core.strengths import ComputerPlayers, Reason

from .cards import BY_CODE, CODES, FULL_DECK, INDEX, SPELL_COST
from .state import RING, State

NEAR = 5  # the longest move of a number card
MEAN_STEPS = 3.5  # the mean of a card's number
PER_TOWER = 1.2  # card plays for a tower above a wizard to leave
FLASK = 1.0  # card plays for an empty flask
PENDING = 0.7  # a die card played and not yet moved: the move still to come
HELD = 0.05  # a filled flask still held (bt-meerdere-winnaars breaks ties with them)
RIVAL = 0.8  # the weight of the nearest rival's work
FIT = 0.4  # solo: a card in hand that can bring a wizard into the Raventoren next turn (then halving)


def _walk(distance: int) -> float:
    return 1.0 if distance <= NEAR else 1.0 + (distance - NEAR) / MEAN_STEPS


WALK = tuple(_walk(d or RING) for d in range(RING))  # by the distance to the Raventoren (0: under it)


def wizard_work(state: State, buried_counts: bool = True) -> dict[str, float]:
    """The card plays each colour's wizards still need to enter the Raventoren (module docstring);
    ``buried_counts``: False for a player blind to the towers above its wizards."""
    raven = state.raven_at
    out: dict[str, float] = {}
    for n, space in enumerate(state.spaces, start=1):
        if not space.ground and not space.towers:
            continue
        walk = WALK[(raven - n) % RING]
        top = len(space.towers) + (1 if n == raven else 0)
        for level, wizards in enumerate((space.ground, *(w for _t, w in space.towers))):
            cost = walk + (PER_TOWER * (top - level) if buried_counts else 0.0)
            for colour in wizards:
                out[colour] = out.get(colour, 0.0) + cost
    return out


def work(state: State, i: int, wizards: dict[str, float]) -> float:
    """Seat ``i``'s work to win (with its teammate's in a team game, bt-teams-einde)."""
    mate = state.mate(i)
    total = wizards.get(state.players[i], 0.0) + FLASK * state.flasks[i].empty
    if mate is not None:
        total += wizards.get(state.players[mate], 0.0) + FLASK * state.flasks[mate].empty
    return total


def pending_bonus(state: State, i: int) -> float:
    return PENDING if state.pending is not None and state.turn == i else 0.0


class Model:
    """The strong player's judgement (module docstring)."""

    def state_of(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> State:
        return deal_unseen(engine, view, rng)

    def continues(self, state: State) -> bool:
        return state.phase in ("choose", "pass-tower", "return")

    def averages(self, state: State, seat: str) -> bool:
        return state.phase == "roll" and state.players[state.turn] == seat

    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        me = state.players.index(seat)
        wizards = wizard_work(state)
        mine = work(state, me, wizards) - pending_bonus(state, me)
        mate = state.mate(me)
        rivals = [work(state, i, wizards) for i in range(len(state.players)) if i != me and i != mate]
        held = state.flasks[me].filled
        return -mine + (RIVAL * min(rivals) if rivals else 0.0) + HELD * held

    def final(self, engine: Engine[Any], state: State, seat: str) -> float:
        return 0.0  # a table game is judged by who won alone


class Solo(Model):
    """The strong player's judgement solo: the cards discarded and still needed, and the cards in
    hand that fit (module docstring)."""

    def averages(self, state: State, seat: str) -> bool:
        return state.phase in ("roll", "draw")  # its own dice and its own next card

    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        needed = work(state, 0, wizard_work(state)) - pending_bonus(state, 0)
        return -state.discarded - needed + FIT * hand_fit(state)

    def final(self, engine: Engine[Any], state: State, seat: str) -> float:
        """A solo game always ends in a win: the fewer cards it needed, the better (bt-solo-score)."""
        return -float(state.discarded)


def hit_chances(code: str) -> dict[int, float]:
    """The distances a card can move a wizard exactly, with the chance of it: a number card its
    number, a die card any of 1 to 6 with the chance of rolling it in its rolls
    (bt-dobbelsteen-herwerpen)."""
    card = BY_CODE[code]
    if not card.wizard:
        return {}
    if card.dice:
        chance = 1 - (5 / 6) ** card.dice
        return {d: chance for d in range(1, 7)}
    return {card.wizard_steps: 1.0}


HITS = {code: hit_chances(code) for code in CODES}


def hand_fit(state: State) -> float:
    """How well the solo hand fits the wizards: per card, the best chance that it brings a visible
    wizard exactly into the Raventoren, the best card counting fully, the next half, and so on."""
    raven = state.raven_at
    distances = {(raven - n) % RING for n, space in enumerate(state.spaces, start=1) if space.top and n != raven}
    best = sorted((max((p for d, p in HITS[code].items() if d in distances), default=0.0) for code in state.hands[0]),
                  reverse=True)
    return sum(p * 0.5**i for i, p in enumerate(best))


class OwnWork(Model):
    """The beginner's judgement: its own wizards and flasks only."""

    def value(self, engine: Engine[Any], state: State, seat: str) -> float:
        me = state.players.index(seat)
        mine = wizard_work(state, buried_counts=False).get(seat, 0.0) + FLASK * state.flasks[me].empty
        return -mine + pending_bonus(state, me)


def deal_unseen(engine: Engine[Any], view: SeatView, rng: random.Random) -> State:
    """A state consistent with ``view``: the cards it has not seen dealt at random to the other
    hands, the rest the deck (its order is chance's: the engine draws by the counts)."""
    position = dict(view.observation)
    hands = dict(position["hands"])
    pool = list(FULL_DECK)
    for code, k in dict(position.get("discard") or {}).items():
        pool[INDEX[code]] -= k
    for cards in hands.values():
        if isinstance(cards, list):
            for code in cards:
                pool[INDEX[code]] -= 1
    card = dict(position.get("turn") or {}).get("card")
    if card:
        pool[INDEX[card["card"]]] -= 1
    unseen = [code for code, k in zip(CODES, pool, strict=True) for _ in range(max(k, 0))]
    rng.shuffle(unseen)
    for colour, cards in hands.items():
        if isinstance(cards, int):
            hands[colour], unseen = unseen[:cards], unseen[cards:]
    position["hands"] = hands
    position.pop("deck", None)  # the reader counts the deck: everything not in a hand or discarded
    state: State = engine.state_from_position(position)
    return state


STRONG = Settings(widths=(0, 5, 2), chance=2, nodes=2000)
# solo: the six best card plays by the position they leave, each with the next card drawn (its
# eight likeliest kinds) and every next card play
STRONG_SOLO = Settings(widths=(6, 0), chance=1, outcomes=8, nodes=2000)
BEGINNER = Settings(widths=(), chance=0, nodes=400, slips=0.25)


class StrongBot:
    """The strong player: at the table or solo (module docstring)."""

    name = "strong"

    def __init__(self, budget: float = 1.0):
        self.table = SearchBot("strong", Model(), STRONG, budget)
        self.solo = SearchBot("strong", Solo(), STRONG_SOLO, budget)

    def choose_action(self, engine: Engine[Any], view: SeatView, rng: random.Random) -> str:
        solo = len(view.observation["players"]) == 1
        return (self.solo if solo else self.table).choose_action(engine, view, rng)


def strong(*, budget: float = 1.0) -> Bot:
    return StrongBot(budget)


def beginner(*, budget: float = 1.0) -> Bot:
    return SearchBot("beginner", OwnWork(), BEGINNER, budget)


def explain(engine: Engine[Any], view: SeatView, action: str) -> list[Reason]:
    """Why ``action`` is good: what it does to the work of winning (module docstring). The cards
    the view does not show do not change what one's own move does."""
    state = deal_unseen(engine, view, random.Random(0))
    after, events = engine.apply(state, action)
    me = state.players.index(view.seat)
    reasons = event_reasons(state, after, events, me)
    head = action.split(":")[0]
    if head == "play" and action.count(":") == 1:
        reasons.append(Reason("advice.dice", "bt-dobbelsteen-gooien"))
    elif head == "reroll":
        reasons.append(Reason("advice.reroll", "bt-dobbelsteen-herwerpen", {"roll": state.pending.roll if state.pending else 0}))
    elif head == "pass":
        reasons.append(Reason("advice.pass", "bt-kaarten-wisselen"))
    elif head == "spell":
        spell = action.split(":")[1]
        reasons.append(Reason("advice.spell", "bt-flesjes-uit-spel", {"cost": SPELL_COST.get(spell, 0)}))
    elif head == "end":
        reasons.append(Reason("advice.end", "bt-twee-acties"))
    if not reasons:
        mine, theirs = work_of(state, me), work_of(after, me)
        clause = "bt-einde-spel" if state.variant == "base" else "bt-solo-score"
        reasons.append(Reason("advice.best", clause, {"before": round(mine), "after": round(theirs)}))
    return reasons


def work_of(state: State, i: int) -> float:
    return work(state, i, wizard_work(state))


def event_reasons(state: State, after: State, events: list[Any], me: int) -> list[Reason]:
    """The reasons a move's events give: a wizard into the Raventoren, wizards imprisoned and a flask
    filled, wizards of one's own set free, a wizard nearer the Raventoren, the Raventoren carried."""
    colour = state.players[me]
    reasons: list[Reason] = []
    keys = {e.key: e for e in events}
    if "wizard.raven" in keys or "spell.free-raven" in keys or "spell.lift-raven" in keys:
        mover = state.mover_colour(me)
        reasons.append(Reason("advice.raven", "bt-tovenaar-in-raventoren",
                              {"inside": after.inside(mover), "total": state.wizards_each}))
    if "tower.imprisons" in keys:
        prisoners = list(keys["tower.imprisons"].data["wizards"])
        mate = state.mate(me)
        team = {colour} if mate is None else {colour, state.players[mate]}
        others = [w for w in prisoners if w not in team]
        filled = "flask.fill" in keys
        key = "advice.imprison-fill" if filled else "advice.imprison"
        reasons.append(Reason(key, "bt-fles-vullen" if filled else "bt-toren-over-tovenaar",
                              {"count": len(prisoners), "others": len(others), "wizards": sorted(set(prisoners))}))
    if "tower.freed" in keys and colour in keys["tower.freed"].data["wizards"]:
        reasons.append(Reason("advice.freed", "bt-tovenaars-bevrijd", {"space": keys["tower.freed"].data["space"]}))
    if "wizard.lands" in keys:
        to = int(keys["wizard.lands"].data["to"])
        reasons.append(Reason("advice.closer", "bt-tovenaar-landen", {"distance": (after.raven_at - to) % RING}))
    if "tower.raven" in keys:
        reasons.append(Reason("advice.raven-moves", "bt-raventoren-reist-mee", {"to": after.raven_at}))
    return reasons


def fewer_discarded(result: Result, seat: str) -> float:
    """How good a finished solo game is: the fewer cards discarded, the better (bt-solo-score)."""
    return -float(result.scores.get(seat, 0.0))


PLAYERS = ComputerPlayers(beginner=beginner, strong=strong, explain=explain, solo_score=fewer_discarded)
