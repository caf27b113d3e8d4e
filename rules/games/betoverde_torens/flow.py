"""The course of a game: dealing, turns of two card plays, dice, the pass option, spells, refilling
the hand, the end. ``legal_actions`` and ``transition`` of the engine live here."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from itertools import combinations

from rules.core.engine import Event, Outcome, RuleError
from rules.core.inputs import is_digits

from .cards import BY_CODE, CODES, INDEX, SPELL_CLAUSE, SPELL_COST, SPELLS
from .moves import (
    free_wizard,
    lift_wizard,
    mate_wizard,
    move_tower,
    move_wizard,
    relocate_raven,
    swap_towers,
    wizard_target_problem,
)
from .state import Flasks, Pending, State, evolve, find_tower, ring


@cache
def spell_sets(k: int) -> tuple[str, ...]:
    """Every choice of ``k`` open spells, written ``a+b+c`` in the order of ``cards.SPELLS``."""
    return tuple("+".join(c) for c in combinations(SPELLS, k))


WIZARD_SPELLS = frozenset({"wizard-fwd", "wizard-back", "lift", "free"})  # spells that move a wizard


# -- small queries ---------------------------------------------------------------------------------


def limit(state: State) -> int:
    """Card plays per turn: two (bt-twee-acties), one solo (bt-solo-beurt)."""
    return 1 if state.variant in ("solo", "solo-flasks") else 2


def qualifies(state: State, i: int) -> bool:
    """All wizards inside and every flask filled (bt-einde-spel); in teams, for both teammates
    (bt-teams-einde)."""
    mate = state.mate(i)
    done = state.inside(state.players[i]) == state.wizards_each and state.flasks[i].empty == 0
    if mate is None:
        return done
    return done and state.inside(state.players[mate]) == state.wizards_each and state.flasks[mate].empty == 0


def all_inside(state: State) -> bool:
    return all(state.inside(p) == state.wizards_each for p in state.players)


def visible_spaces(state: State, colour: str) -> list[int]:
    return [n for n, sp in enumerate(state.spaces, start=1) if colour in sp.top and n != state.raven_at]


def wizard_moves(state: State, colour: str, steps: int) -> list[int]:
    return [n for n in visible_spaces(state, colour) if wizard_target_problem(state, colour, n, steps) is None]


def tower_moves(state: State, steps: int) -> list[int]:
    """The towers a move of ``steps`` may take (the same test as ``moves.tower_target_problem``)."""
    raven = state.raven_at
    out = []
    for n, space in enumerate(state.spaces, start=1):
        if space.towers and (n == raven or ring(n + steps) != raven):
            out += [tid for tid, _ in space.towers]
    return sorted(out)


def card_options(state: State, code: str, roll: int = 0) -> list[str]:
    """'wizard:<space>' and 'tower:<n>' moves a card allows (with ``roll`` for a dice card)."""
    card = BY_CODE[code]
    out: list[str] = []
    if card.wizard:
        out += [f"wizard:{n}" for n in wizard_moves(state, state.mover_colour(state.turn), roll or card.wizard_steps)]
    if card.tower:
        out += [f"tower:{t}" for t in tower_moves(state, roll or card.tower_steps)]
    return out


def cards_left(state: State) -> int:
    return sum(state.deck) + sum(state.discard)


def spell_window(state: State) -> bool:
    """The active player may cast a spell now (bt-spreuk-per-beurt, bt-solo-met-flesjes); with the
    master wizards, spells are cast in the offer phase instead (bt-meester-volgorde)."""
    if state.master or state.phase != "play" or state.spell_used or not state.spells:
        return False
    if state.variant == "solo-flasks" and state.actions < limit(state):
        return False
    return True


def can_cast(state: State) -> bool:
    filled = state.flasks[state.turn].filled
    return spell_window(state) and any(SPELL_COST[s] <= filled for s in state.spells if s != "lift")


def spell_actions(state: State) -> list[str]:
    if state.master:
        if state.phase != "offer":
            return []
        return spell_options(state, state.offer, state.window == "after")
    if not spell_window(state):
        return []
    return spell_options(state, state.turn, False)


def spell_options(state: State, caster: int, lift_ok: bool) -> list[str]:  # noqa: C901 (one branch per spell: bt-spreuk-*)
    """The spells seat ``caster`` can cast and pay for now."""
    filled = state.flasks[caster].filled
    colour = state.mover_colour(caster)
    out: list[str] = []
    for spell in state.spells:
        if SPELL_COST[spell] > filled:
            continue
        if spell == "wizard-fwd":
            out += [f"spell:{spell}:{n}" for n in wizard_moves(state, colour, 1)]
        elif spell == "wizard-back":
            out += [f"spell:{spell}:{n}" for n in wizard_moves(state, colour, -1)]
        elif spell == "tower-fwd":
            out += [f"spell:{spell}:{t}" for t in tower_moves(state, 2)]
        elif spell == "tower-back":
            out += [f"spell:{spell}:{t}" for t in tower_moves(state, -2)]
        elif spell == "swap":
            where = {t: find_tower(state, t)[0] for t in range(1, 10)}
            out += [f"spell:swap:{a},{b}" for a, b in combinations(range(1, 10), 2) if where[a] != where[b]]
        elif spell == "raven":
            out += ["spell:raven:cw", "spell:raven:ccw"]
        elif spell == "lift":
            if lift_ok and state.last_move[0]:
                try:
                    lift_wizard(state, colour, state.last_move)
                except RuleError:
                    continue
                out.append("spell:lift")
        elif spell == "free":
            for t in range(1, 10):
                try:
                    free_wizard(state, t, colour)
                except RuleError:
                    continue
                out.append(f"spell:free:{t}")
    return out


# -- chance ----------------------------------------------------------------------------------------


def drawer(state: State) -> int | None:
    """The player who draws now, or None."""
    if cards_left(state) == 0:
        return None
    if state.phase == "deal":
        for i, hand in enumerate(state.hands):
            if len(hand) < 3:
                return i
        return None
    if state.phase == "draw" and len(state.hands[state.turn]) < 3:
        return state.turn
    return None


def chance_outcomes(state: State) -> list[Outcome]:
    if state.phase == "spells":
        sets = spell_sets(3 if state.variant == "solo-flasks" else state.spell_count)
        return [Outcome(f"spells:{s}", 1 / len(sets)) for s in sets]
    if state.phase == "roll":
        return [Outcome(f"roll:{n}", 1 / 6) for n in range(1, 7)]
    if drawer(state) is not None:
        pile = state.deck if sum(state.deck) else state.discard
        total = sum(pile)
        return [Outcome(f"draw:{code}", count / total) for code, count in zip(CODES, pile, strict=True) if count]
    return []


def is_chance(state: State) -> bool:
    return state.phase in ("spells", "roll") or (state.phase in ("deal", "draw") and drawer(state) is not None)


def chance_first(state: State) -> RuleError:
    """What chance does first, at a chance node, citing its clause (the players wait for it)."""
    if state.phase == "spells":
        clause = "bt-solo-met-flesjes" if state.variant == "solo-flasks" else "bt-meester-spreuken"
        return RuleError(clause, "why.spells-first")
    if state.phase == "deal":
        return RuleError("bt-startkaarten", "why.deal-first")
    if state.phase == "roll" and state.pending is not None:
        clause = "bt-dobbelsteen-herwerpen" if BY_CODE[state.pending.card].dice > 1 else "bt-dobbelsteen-gooien"
        return RuleError(clause, "why.roll-first", colour=state.active, card=state.pending.card)
    return RuleError("bt-hand-aanvullen", "why.draw-first", colour=state.active)


def _no_outcome(state: State, head: str, rest: str) -> RuleError:
    """A chance outcome that cannot come now (a card not in the pile, a die's seventh face ...)."""
    if head not in ("draw", "roll", "spells"):
        return chance_first(state)  # a player's action while chance acts
    clause = chance_first(state).clause
    if state.phase == "spells":
        return RuleError(clause, "refuse.chance.spells", count=3 if state.variant == "solo-flasks" else state.spell_count)
    if state.phase == "roll":
        return RuleError(clause, "refuse.chance.roll")
    if rest in BY_CODE:
        return RuleError(clause, "refuse.chance.draw", card=rest)
    return RuleError(clause, "refuse.no-card", card=rest[:20])


def not_chance(state: State, head: str) -> RuleError:
    """A chance outcome (a card drawn, a die rolled, the spells laid out) while a player acts."""
    if head == "draw":
        return RuleError("bt-hand-aanvullen", "refuse.draw-now")
    if head == "roll":
        return RuleError("bt-dobbelsteen-gooien", "refuse.roll-now")
    clause = {"solo": "bt-solo-opstelling", "solo-flasks": "bt-solo-met-flesjes"}.get(state.variant, "bt-materiaal-klaarleggen")
    return RuleError("bt-meester-spreuken" if state.master else clause, "refuse.spells-now")


def _not_now(state: State, head: str) -> RuleError:
    """An action that belongs to another moment of the turn than this one, with the rule of its moment."""
    if head == "decline":
        return RuleError("bt-meester-volgorde", "refuse.decline-now")
    if head in ("give", "return"):
        return RuleError("bt-teams-kaart-vragen", "refuse.exchange-now")
    if head == "pass-tower":
        return RuleError("bt-kaarten-wisselen", "refuse.pass-tower-late")
    if head == "reroll":
        return RuleError("bt-dobbelsteen-herwerpen", "refuse.no-roll")
    return RuleError("bt-dobbelsteen-gooien", "refuse.no-roll")  # move, none: the choice after a roll


# -- legal actions ---------------------------------------------------------------------------------


def legal_actions(state: State) -> list[str]:
    if state.phase == "over":
        return []
    if is_chance(state):
        return [o.action for o in chance_outcomes(state)]
    if state.phase == "choose" and state.pending is not None:
        options = card_options(state, state.pending.card, state.pending.roll)
        moves = [f"move:{o}" for o in options] or ["none"]
        return moves + (["reroll"] if state.pending.rolls_left > 0 else [])
    if state.phase == "pass-tower":
        return [f"pass-tower:{t}" for t in tower_moves(state, 1)] + ["pass-tower:none"]
    if state.phase == "offer":
        return spell_actions(state) + ["decline"]
    if state.phase == "ask":
        mate = state.mate(state.turn)
        assert mate is not None
        return [f"give:{c}" for c in _distinct(state.hands[mate])] + ["give:none"]
    if state.phase == "return":
        return [f"return:{c}" for c in _distinct(state.hands[state.turn])]
    return _turn_actions(state) + spell_actions(state)


def _turn_actions(state: State) -> list[str]:
    """bt-twee-acties: the cards the active player can play, passing, asking the teammate, ending the turn."""
    out: list[str] = []
    if state.actions < limit(state):
        for code in sorted(set(state.hands[state.turn]), key=INDEX.__getitem__):
            if BY_CODE[code].dice:
                out.append(f"play:{code}")
            else:
                out += [f"play:{code}:{o}" for o in card_options(state, code)] or [f"play:{code}:none"]
        if state.actions == 0:
            out.append("pass")
        if state.teams and not state.asked:
            out.append("ask")
        if not state.hands[state.turn]:
            out.append("end")  # no card left to play (a hand-written position): the turn can still end
    else:
        out.append("end")
    return out


def _distinct(hand: tuple[str, ...]) -> list[str]:
    return sorted(set(hand), key=INDEX.__getitem__)


def actor_index(state: State) -> int:
    """The seat that acts in a player phase."""
    if state.phase == "offer":
        return state.offer
    if state.phase == "ask":
        mate = state.mate(state.turn)
        assert mate is not None
        return mate
    return state.turn


# -- transitions -----------------------------------------------------------------------------------


def transition(state: State, action: str) -> tuple[State, list[Event]]:  # noqa: C901 (which action each phase takes: bt-twee-acties)
    if state.phase == "over":
        # the game ended: everyone inside with no one done (bt-einde-spel), the solo score, or the round
        clause = "bt-einde-spel" if state.stalled else "bt-solo-score" if state.variant != "base" else "bt-laatste-ronde"
        raise RuleError(clause, "refuse.over")
    head, _, rest = action.partition(":")
    if is_chance(state):
        return _chance(state, head, rest, action)
    if head in ("draw", "roll", "spells"):
        raise not_chance(state, head)
    if head == "spell":
        return _spell(state, rest)
    if state.phase == "offer":
        if action != "decline":
            raise RuleError("bt-meester-volgorde", "refuse.offer-now", colour=state.players[state.offer])
        return _decline(state)
    if state.phase in ("ask", "return"):
        return _exchange(state, head, rest)
    if head in ("decline", "give", "return"):
        raise _not_now(state, head)
    if head == "ask":
        return _ask(state)
    if state.phase == "choose":
        return _choose(state, head, rest, action)
    if state.phase == "pass-tower":
        if head != "pass-tower":
            raise RuleError("bt-kaarten-wisselen", "refuse.pass-tower-now")
        return _pass_tower(state, rest)
    if head == "play":
        return _play(state, rest)
    if head == "pass":
        if rest:
            raise RuleError("bt-kaarten-wisselen", "refuse.unknown", action=action)
        return _pass(state)
    if head == "end":
        if rest or (state.actions < limit(state) and state.hands[state.turn]):
            raise RuleError("bt-twee-acties", "refuse.end-early")
        return end_turn(state, [Event("bt-twee-acties", "turn.end", {"colour": state.active})])
    if head in ("move", "none", "reroll", "pass-tower"):
        raise _not_now(state, head)
    raise RuleError("bt-twee-acties", "refuse.unknown", action=action)


def _chance(state: State, head: str, rest: str, action: str) -> tuple[State, list[Event]]:
    if not _is_outcome(state, head, rest):
        raise _no_outcome(state, head, rest)
    if head == "spells":
        spells = tuple(rest.split("+"))
        clause = "bt-solo-met-flesjes" if state.variant == "solo-flasks" else "bt-meester-spreuken"
        return evolve(state, spells=spells, phase="deal", spell_count=0), [
            Event(clause, "setup.spells", {"spells": list(spells)})
        ]
    if head == "roll":
        assert state.pending is not None
        roll = int(rest)
        clause = "bt-dobbelsteen-herwerpen" if BY_CODE[state.pending.card].dice > 1 else "bt-dobbelsteen-gooien"
        pending = replace(state.pending, roll=roll)
        data = {"colour": state.active, "roll": roll, "left": pending.rolls_left}
        return evolve(state, pending=pending, phase="choose"), [Event(clause, "die.rolled", data)]
    return _draw(state, rest)


def _is_outcome(state: State, head: str, rest: str) -> bool:
    """Whether ``head:rest`` is one of ``chance_outcomes(state)`` (without building them all)."""
    if state.phase == "spells":
        return head == "spells" and rest in spell_sets(3 if state.variant == "solo-flasks" else state.spell_count)
    if state.phase == "roll":
        return head == "roll" and rest in ("1", "2", "3", "4", "5", "6")
    if head != "draw" or rest not in INDEX:
        return False
    pile = state.deck if sum(state.deck) else state.discard
    return pile[INDEX[rest]] > 0


def _draw(state: State, code: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    who = drawer(state)
    assert who is not None
    deck, discard = state.deck, state.discard
    if not sum(deck):
        deck, discard = discard, tuple(0 for _ in discard)
        events.append(Event("bt-hand-aanvullen", "deck.reshuffled", {"cards": sum(deck)}))
    i = INDEX[code]
    deck = deck[:i] + (deck[i] - 1,) + deck[i + 1 :]
    hands = list(state.hands)
    hands[who] = tuple(sorted((*hands[who], code), key=INDEX.__getitem__))
    colour = state.players[who]
    clause = "bt-startkaarten" if state.phase == "deal" else "bt-hand-aanvullen"
    seen = frozenset({colour})
    others = frozenset(state.players) - seen
    events.append(Event(clause, "card.drawn", {"colour": colour, "card": code}, visible_to=seen))
    if others:
        events.append(Event(clause, "card.drawn-hidden", {"colour": colour}, visible_to=others, table=False))
    state = evolve(state, deck=deck, discard=discard, hands=tuple(hands))
    if drawer(state) is not None:
        return state, events
    if state.phase == "deal":
        return start_action(evolve(state, phase="play", turn=0), events)
    if state.passing:
        return evolve(state, phase="pass-tower", passing=False), events
    return next_turn(state, events)


def _take_card(state: State, code: str) -> State:
    hand = state.hands[state.turn]
    if code not in hand:
        raise RuleError("bt-twee-acties", "refuse.not-in-hand", card=code)
    rest = list(hand)
    rest.remove(code)
    hands = list(state.hands)
    hands[state.turn] = tuple(rest)
    return evolve(state, hands=tuple(hands))


def _play(state: State, rest: str) -> tuple[State, list[Event]]:
    if state.actions >= limit(state):
        raise RuleError("bt-solo-beurt" if limit(state) == 1 else "bt-twee-acties", "refuse.no-actions-left")
    code, _, choice = rest.partition(":")
    if code not in BY_CODE:
        raise RuleError("bt-twee-acties", "refuse.no-card", card=code[:20])
    if code not in state.hands[state.turn]:
        raise RuleError("bt-twee-acties", "refuse.not-in-hand", card=code)
    card = BY_CODE[code]
    if card.dice:
        if choice:
            raise RuleError(
                "bt-keuze-eerst-gooien" if card.wizard and card.tower else "bt-dobbelsteen-gooien",
                "refuse.roll-first",
                card=code,
            )
        state = _take_card(state, code)
        pending = Pending(code, 0, card.dice - 1)
        return evolve(state, pending=pending, phase="roll"), [
            Event("bt-dobbelsteen-gooien", "card.dice", {"colour": state.active, "card": code, "rolls": card.dice})
        ]
    if not choice:
        raise RuleError(
            "bt-keuze-eerst-zeggen" if card.wizard and card.tower else "bt-vast-getal", "refuse.choose-move", card=code
        )
    state = _take_card(state, code)
    return _resolve(state, code, choice, 0)


def _choose(state: State, head: str, rest: str, action: str) -> tuple[State, list[Event]]:
    pending = state.pending
    assert pending is not None
    if head == "reroll":
        if rest or pending.rolls_left <= 0:
            raise RuleError("bt-dobbelsteen-herwerpen", "refuse.no-reroll")
        new = Pending(pending.card, 0, pending.rolls_left - 1)
        return evolve(state, pending=new, phase="roll"), [
            Event("bt-dobbelsteen-herwerpen", "die.reroll", {"colour": state.active, "old": pending.roll})
        ]
    if head == "none" and not rest:
        return _resolve(state, pending.card, "none", pending.roll)
    if head == "move":
        return _resolve(state, pending.card, rest, pending.roll)
    raise RuleError("bt-dobbelsteen-gooien", "refuse.choose-now", action=action)


def _resolve(state: State, code: str, choice: str, roll: int) -> tuple[State, list[Event]]:  # noqa: C901 (a card's move: bt-vast-getal, bt-eigen-tovenaar, bt-toren-kiezen)
    """Carry out a card's move (or nothing), then the card goes to the discard pile."""
    card = BY_CODE[code]
    kind, _, arg = choice.partition(":")
    colour = state.active
    events: list[Event] = []
    entered = False
    moved_to = 0
    if kind == "none" and not arg:
        if card_options(state, code, roll):
            raise RuleError("bt-kaart-zonder-effect", "refuse.must-move", card=code)
        events.append(Event("bt-kaart-zonder-effect", "card.nothing", {"colour": colour, "card": code}))
    elif kind in ("wizard", "tower") and is_digits(arg, 2):
        number = int(arg)
        if not roll:
            steps = card.wizard_steps if kind == "wizard" else card.tower_steps
            clause = "bt-keuze-eerst-zeggen" if card.wizard and card.tower else "bt-vast-getal"
            events.append(Event(clause, "card.number", {"colour": colour, "card": code, "steps": steps, "kind": kind}))
        if kind == "wizard":
            if not card.wizard:
                raise RuleError("bt-toren-kiezen", "refuse.card-kind", card=code)
            if not 1 <= number <= 16:
                raise RuleError("bt-eigen-tovenaar", "refuse.no-wizard", colour=colour, space=number)
            mover = state.mover_colour(state.turn)
            events += mate_wizard(state, state.turn, mover)  # bt-teams-doorspelen
            state, moved, entered = move_wizard(state, mover, number, roll or card.wizard_steps)
            moved_to = int(moved[0].data["to"])
            events += moved
            if entered:
                _end_not_yet(state, mover, events)
        else:
            if not card.tower:
                raise RuleError("bt-eigen-tovenaar", "refuse.card-kind", card=code)
            state, moved = move_tower(state, number, roll or card.tower_steps, state.turn)
            events += moved
    else:
        raise RuleError("bt-twee-acties", "refuse.unknown", action=choice[:40])
    i = INDEX[code]
    discard = state.discard[:i] + (state.discard[i] + 1,) + state.discard[i + 1 :]
    state = evolve(
        state, discard=discard, discarded=state.discarded + 1, actions=state.actions + 1, pending=None, phase="play"
    )
    if entered:
        events.append(Event("bt-tovenaar-in-raventoren", "turn.raven-ends", {"colour": colour}))
    if state.master:
        if kind == "wizard":
            state = evolve(state, last_move=(int(arg), moved_to, entered))
        state = evolve(state, turn_over=entered)
        if state.action_spell:
            return finish_action(state, events)
        return open_window(state, "after", events)
    if entered:
        return end_turn(state, events)
    if state.actions >= limit(state) and not can_cast(state):
        return end_turn(state, events)
    return state, events


def _pass(state: State) -> tuple[State, list[Event]]:
    if state.actions > 0:
        raise RuleError("bt-kaarten-wisselen", "refuse.pass-late")
    hand = state.hands[state.turn]
    discard = list(state.discard)
    for code in hand:
        discard[INDEX[code]] += 1
    hands = list(state.hands)
    hands[state.turn] = ()
    state = replace(
        state,
        hands=tuple(hands),
        discard=tuple(discard),
        discarded=state.discarded + len(hand),
        phase="draw",
        passing=True,
    )
    events = [Event("bt-kaarten-wisselen", "pass", {"colour": state.active, "cards": len(hand)})]
    if drawer(state) is None:
        return evolve(state, phase="pass-tower", passing=False), events
    return state, events


def _pass_tower(state: State, rest: str) -> tuple[State, list[Event]]:
    if rest == "none":
        return end_turn(state, [Event("bt-kaarten-wisselen", "pass.no-tower", {"colour": state.active})])
    if not is_digits(rest, 2):
        raise RuleError("bt-kaarten-wisselen", "refuse.unknown", action=rest[:40])
    state, events = move_tower(state, int(rest), 1, state.turn, "bt-kaarten-wisselen")
    return end_turn(state, events)


def _spell(state: State, rest: str) -> tuple[State, list[Event]]:
    """A spell: may it be cast now, its price paid from the caster's flasks, its effect, the turn after it."""
    name, _, arg = rest.partition(":")
    _spell_allowed(state, name)
    cost = SPELL_COST[name]
    me = state.offer if state.master else state.turn
    if state.flasks[me].filled < cost:
        raise _unpaid(state, me, name, cost)
    colour = state.players[me]
    own = state.mover_colour(me)
    flasks = list(state.flasks)
    f = flasks[me]
    flasks[me] = Flasks(f.empty, f.filled - cost, f.spent + cost)
    paid = evolve(state, flasks=tuple(flasks), spell_used=True, action_spell=state.master)
    events = [
        Event(SPELL_CLAUSE[name], "spell.cast", {"colour": colour, "spell": name, "cost": cost}),
        Event("bt-flesjes-uit-spel", "spell.paid", {"colour": colour, "cost": cost, "left": f.filled - cost}),
    ]
    if state.master and me != state.turn:
        events.append(Event("bt-meester-volgorde", "spell.other", {"colour": colour, "active": state.active}))
    after, more, entered = _spell_effect(paid, name, arg, me, own)
    if name in WIZARD_SPELLS and not any(e.key == "spell.free-none" for e in more):
        events += mate_wizard(paid, me, own)  # bt-teams-doorspelen: the teammate's wizard moved
    events += more
    if entered:
        _end_not_yet(after, own, events)
    return _after_spell(state, after, me, entered, events)


def _spell_allowed(state: State, name: str) -> None:
    """Refuse a spell that does not exist, is not in play, or may not be cast now (before its price)."""
    if name not in SPELL_COST:
        raise RuleError("bt-spreuk-per-beurt", "refuse.no-spell", spell=name[:30])
    if state.master:
        if state.phase != "offer":
            raise RuleError("bt-meester-volgorde", "refuse.spell-offer")
    elif state.phase != "play":
        raise RuleError("bt-spreuk-per-beurt", "refuse.spell-now")
    if name not in state.spells:
        clause = {"solo": "bt-solo-opstelling", "solo-flasks": "bt-solo-met-flesjes"}.get(
            state.variant, "bt-materiaal-klaarleggen"
        )
        if state.master:
            clause = "bt-meester-spreuken"
        raise RuleError(clause, "refuse.spell-closed", spell=name)
    if state.spell_used and not state.master:
        raise RuleError("bt-spreuk-per-beurt", "refuse.spell-twice")
    if state.variant == "solo-flasks" and state.actions < limit(state):
        raise RuleError("bt-solo-met-flesjes", "refuse.solo-spell-time")
    if name == "lift" and not (state.master and state.window == "after"):
        raise RuleError("bt-spreuk-meeliften", "refuse.lift")


def _spell_effect(paid: State, name: str, arg: str, me: int, own: str) -> tuple[State, list[Event], bool]:
    """What the paid spell ``name`` does with its argument: the state after it, its events, and whether a
    wizard entered the raven tower."""
    entered = False
    if name in ("wizard-fwd", "wizard-back"):
        number = _number(arg, 16, SPELL_CLAUSE[name])
        after, more, entered = move_wizard(
            paid, own, number, 1 if name == "wizard-fwd" else -1, "bt-spreukverplaatsing"
        )
    elif name in ("tower-fwd", "tower-back"):
        number = _number(arg, 9, SPELL_CLAUSE[name])
        after, more = move_tower(paid, number, 2 if name == "tower-fwd" else -2, me, "bt-spreukverplaatsing")
    elif name == "swap":
        a, _, b = arg.partition(",")
        after, more = swap_towers(paid, _number(a, 9, SPELL_CLAUSE[name]), _number(b, 9, SPELL_CLAUSE[name]))
    elif name == "raven":
        if arg not in ("cw", "ccw"):
            raise RuleError("bt-spreuk-raventoren", "refuse.direction")
        after, more = relocate_raven(paid, 1 if arg == "cw" else -1, "bt-spreuk-raventoren")
    elif name == "lift":
        if arg:
            raise RuleError("bt-spreuk-meeliften", "refuse.bad-number", text=arg[:20])
        after, more, entered = lift_wizard(paid, own, paid.last_move)
    else:
        after, more, entered = free_wizard(paid, _number(arg, 9, SPELL_CLAUSE[name]), own)
    return after, more, entered


def _after_spell(state: State, after: State, me: int, entered: bool, events: list[Event]) -> tuple[State, list[Event]]:
    """How the turn goes on after a spell cast in ``state`` by seat ``me``: a wizard that entered the
    raven tower ends its player's turn (bt-spreukverplaatsing); a master wizard's offer window closes."""
    colour = state.players[me]
    if state.master:
        if entered and me == state.turn:
            events.append(Event("bt-spreukverplaatsing", "turn.raven-ends", {"colour": colour}))
            if state.window == "before":
                return end_turn(after, events)
            after = evolve(after, turn_over=True)
        elif entered and all_inside(after) and not any(qualifies(after, i) for i in range(len(after.players))):
            return end_turn(after, events)  # bt-einde-spel: everyone inside, nobody done: over at once
        return close_window(after, events)
    if entered:
        events.append(Event("bt-spreukverplaatsing", "turn.raven-ends", {"colour": colour}))
        return end_turn(after, events)
    if after.actions >= limit(after):
        return end_turn(after, events)
    return after, events


# -- master wizards: offering a spell before and after each action ---------------------------------


def _eligible(state: State, i: int, window: str) -> bool:
    return bool(spell_options(state, i, window == "after"))


def open_window(state: State, window: str, events: list[Event]) -> tuple[State, list[Event]]:
    """bt-meester-volgorde: ask the active player, then clockwise, whether he casts a spell."""
    if window == "before":
        state = evolve(state, action_spell=False, last_move=(0, 0, False))
    n = len(state.players)
    passed: list[str] = []
    for k in range(n):
        i = (state.turn + k) % n
        if _eligible(state, i, window):
            return evolve(state, phase="offer", window=window, offer=i), _passed_over(events, passed, n)
        passed.append(state.players[i])
    return close_window(evolve(state, window=window), _passed_over(events, passed, n))


def _decline(state: State) -> tuple[State, list[Event]]:
    n = len(state.players)
    events = [Event("bt-meester-volgorde", "spell.declined", {"colour": state.players[state.offer]})]
    k = (state.offer - state.turn) % n + 1
    passed: list[str] = []
    for j in range(k, n):
        i = (state.turn + j) % n
        if _eligible(state, i, state.window):
            return evolve(state, offer=i), _passed_over(events, passed, n)
        passed.append(state.players[i])
    return close_window(state, _passed_over(events, passed, n))


def _passed_over(events: list[Event], passed: list[str], players: int) -> list[Event]:
    """bt-meester-volgorde (its note): who can pay for or use no open spell is not asked; say so."""
    if len(passed) == players:
        events.append(Event("bt-meester-volgorde", "spell.skipped.all", {}))
    elif passed:
        events.append(Event("bt-meester-volgorde", "spell.skipped", {"colours": passed, "count": len(passed)}))
    return events


def close_window(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    window = state.window
    state = evolve(state, window="", offer=0, phase="play")
    if window == "before":
        return state, events
    return finish_action(evolve(state, last_move=(0, 0, False)), events)


def finish_action(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.turn_over or state.actions >= limit(state):
        return end_turn(state, events)
    return open_window(state, "before", events)


def start_action(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.master:
        return open_window(state, "before", events)
    return state, events


# -- teams: asking the teammate for a card ---------------------------------------------------------


def _ask(state: State) -> tuple[State, list[Event]]:
    if not state.teams:
        raise RuleError("bt-teams-kaart-vragen", "refuse.no-team")
    if state.asked:
        raise RuleError("bt-teams-kaart-vragen", "refuse.asked")
    if state.actions >= limit(state) or state.phase != "play":  # its note: before or between your cards
        raise RuleError("bt-teams-kaart-vragen", "refuse.ask-now")
    mate = state.mate(state.turn)
    assert mate is not None
    return evolve(state, phase="ask"), [
        Event("bt-teams-kaart-vragen", "team.ask", {"colour": state.active, "mate": state.players[mate]})
    ]


def _exchange(state: State, head: str, rest: str) -> tuple[State, list[Event]]:
    mate = state.mate(state.turn)
    assert mate is not None
    me, other = state.players[state.turn], state.players[mate]
    pair = frozenset({me, other})
    others = frozenset(state.players) - pair
    if state.phase == "ask":
        if head != "give":
            raise RuleError("bt-teams-kaart-vragen", "refuse.give-now")
        if rest == "none":
            return evolve(state, phase="play", asked=True), [
                Event("bt-teams-kaart-vragen", "team.no-card", {"colour": other})
            ]
        giver, taker = mate, state.turn
    else:
        if head != "return":
            raise RuleError("bt-teams-kaart-vragen", "refuse.return-now")
        giver, taker = state.turn, mate
    hand = list(state.hands[giver])
    if rest not in hand:
        raise RuleError("bt-teams-kaart-vragen", "refuse.not-in-hand", card=rest[:20])
    hand.remove(rest)
    hands = list(state.hands)
    hands[giver] = tuple(hand)
    hands[taker] = tuple(sorted((*hands[taker], rest), key=INDEX.__getitem__))
    data = {"colour": state.players[giver], "to": state.players[taker], "card": rest}
    key = "team.give" if state.phase == "ask" else "team.return"
    events = [Event("bt-teams-kaart-vragen", key, data, visible_to=pair)]
    if others:
        events.append(
            Event(
                "bt-teams-kaart-vragen",
                key + "-hidden",
                {"colour": data["colour"], "to": data["to"]},
                visible_to=others,
                table=False,
            )
        )
    phase = "return" if state.phase == "ask" else "play"
    return evolve(state, hands=tuple(hands), phase=phase, asked=True), events


def _unpaid(state: State, me: int, name: str, cost: int) -> RuleError:
    """A spell seat ``me`` cannot pay: its cost is on the spell's own clause ("Kosten"). Where the
    flasks it spent before would have paid it, bt-flesjes-uit-spel forbids it (a flask is used once);
    in teams, where the teammate's filled flasks would, the note on bt-teams-doorspelen does (spells
    are paid only with the flasks in front of you)."""
    filled, spent = state.flasks[me].filled, state.flasks[me].spent
    mate = state.mate(me)
    if filled + spent >= cost:
        return RuleError("bt-flesjes-uit-spel", "refuse.spell-cost.spent", spell=name, cost=cost, filled=filled, spent=spent)
    if mate is not None and filled + state.flasks[mate].filled >= cost:
        data = {"spell": name, "cost": cost, "filled": filled, "mate": state.players[mate]}
        return RuleError("bt-teams-doorspelen", "refuse.spell-cost.mate", **data)
    return RuleError(SPELL_CLAUSE[name], "refuse.spell-cost", spell=name, cost=cost, filled=filled)


def _number(text: str, top: int, clause: str) -> int:
    if not is_digits(text, 2) or not 1 <= int(text) <= top:
        raise RuleError(clause, "refuse.bad-number", text=text[:20])
    return int(text)


def _end_not_yet(state: State, colour: str, events: list[Event]) -> None:
    """bt-einde-spel: a player whose last wizard went into the Raventoren while flasks are still
    empty does not ring the end ("Voldoet een speler pas aan één van de twee, dan gaat het spel
    gewoon door"), and the game says so instead of going on silently (review N15)."""
    if state.teams or state.variant != "base" or state.ending or state.inside(colour) < state.wizards_each:
        return
    if all_inside(state):  # everyone inside and no one done: the game ends at once (end.stalled)
        return
    flasks = state.flasks_of(colour)
    if flasks.empty:
        data = {"colour": colour, "filled": flasks.filled + flasks.spent, "total": flasks.total}
        events.append(Event("bt-einde-spel", "end.not-yet", data))


def end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The turn is over: ring the end, finish the round, refill the hand, next player."""
    state = evolve(state, pending=None, phase="play", window="", offer=0, turn_over=False, last_move=(0, 0, False))
    solo = state.variant != "base"
    if not state.ending:
        for i, colour in enumerate(state.players):
            if qualifies(state, i):
                state = evolve(state, ending=True)
                clause = "bt-solo-score" if solo else ("bt-teams-einde" if state.teams else "bt-einde-spel")
                events.append(Event(clause, "end.rung", {"colour": colour}, decisive=True))
                break
    if not state.ending and all_inside(state):
        events.append(Event("bt-einde-spel", "end.stalled", {}, decisive=True))
        return evolve(state, phase="over", stalled=True), events
    if state.ending and state.turn == len(state.players) - 1:
        clause = "bt-solo-score" if solo else "bt-laatste-ronde"
        events.append(Event(clause, "end.over", {"discarded": state.discarded}, decisive=True))
        return evolve(state, phase="over"), events
    if len(state.hands[state.turn]) < 3 and cards_left(state):
        return evolve(state, phase="draw"), events
    return next_turn(state, events)


def next_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    turn = (state.turn + 1) % len(state.players)
    state = evolve(
        state, turn=turn, actions=0, spell_used=False, phase="play", passing=False, asked=False, action_spell=False
    )
    events.append(Event("bt-beurtvolgorde", "turn.next", {"colour": state.active}))
    if state.ending and state.variant == "base" and turn == len(state.players) - 1:
        # bt-laatste-ronde: the player right of the start player plays the round's last turn
        events.append(Event("bt-laatste-ronde", "turn.last", {"colour": state.active}))
    return start_action(state, events)
