"""The course of the game: rounds, the two chapters, the monster cards and the three endings
(clauses ``ff-ronde``, ``ff-hoofdstuk-*``, ``ff-monster-kaart-trekken``, ``ff-einde-*``)."""

from __future__ import annotations

from dataclasses import replace

from simulator.core.engine import Event

from .state import (
    CARD,
    CARDS_PER_CHAPTER,
    COLOUR_NL,
    FULL_DECK,
    MONSTER,
    OVER,
    PLAYERS,
    MonsterTurn,
    State,
    split_figure_id,
)


def _reset_moved(state: State) -> State:
    if any(f.moved for f in state.figures):
        state = replace(state, figures=tuple(replace(f, moved=False) if f.moved else f for f in state.figures))
    return state


def start_round(state: State, events: list[Event]) -> State:
    """A new round begins with the players' part, at the start player (ff-ronde, ff-beurtvolgorde)."""
    state = replace(_reset_moved(state), phase=PLAYERS, turns=(0,) * len(state.players), monster_turn=None)
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(state, "ff-einde-bord-leeg", events)
    events.append(Event("ff-ronde", f"Ronde {state.round} begint; {COLOUR_NL[state.player_to_move()]} is aan de beurt.",
                        {"round": state.round, "chapter": state.chapter}))
    return state


def after_player_turn(state: State, events: list[Event]) -> State:
    """After a turn: the next player (ff-beurtvolgorde) or the end of the players' part (ff-ronde)."""
    if state.player_to_move() is not None:
        return state
    state = replace(_reset_moved(state), turns=None)
    if state.end_rung():
        events.append(Event("ff-einde-kampioenschap",
                            "De lopende ronde is uitgespeeld; volgens de kampioenschapsregel is het spel nu afgelopen.",
                            {}))
        return game_over(state, "ff-einde-kampioenschap", events)
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(state, "ff-einde-bord-leeg", events)
    events.append(Event("ff-ronde", "De spelers zijn klaar met deze ronde; nu is het monster aan de beurt.", {}))
    return replace(state, phase=CARD)


def card_outcomes(state: State) -> dict[str, float]:
    """Probability of each card (ff-monster-kaart-trekken); the first card of the game is never X or XX
    (ff-eerste-kaart)."""
    deck = list(state.deck)
    if first_card(state):
        deck = [c for c in deck if c not in ("X", "XX")]
    total = len(deck)
    out: dict[str, float] = {}
    for c in deck:
        out[c] = out.get(c, 0.0) + 1.0 / total
    return out


def first_card(state: State) -> bool:
    return state.chapter == 1 and not state.discard


def draw_card(state: State, card: str, events: list[Event]) -> State:
    deck = list(state.deck)
    deck.remove(card)
    if first_card(state):
        events.append(Event("ff-eerste-kaart", "Dit is de eerste monsterkaart van het spel; die is nooit X of XX.",
                            {"card": card}))
    events.append(Event("ff-monster-kaart-trekken", f"Monsterkaart {card} wordt omgedraaid.", {"card": card}))
    if card == "X":
        events.append(Event("ff-monster-treffers",
                            "Het monster loopt tot het één figuur gepakt heeft, hoogstens 20 stappen.", {"card": card}))
    elif card == "XX":
        events.append(Event("ff-monster-treffers",
                            "Het monster loopt tot het twee figuren gepakt heeft, hoogstens 20 stappen.",
                            {"card": card}))
    else:
        events.append(Event("ff-monster-getalkaart", f"Het monster zet precies {card} stappen.", {"card": card}))
    return replace(state, phase=MONSTER, deck=tuple(deck), discard=state.discard + (card,),
                   monster_turn=MonsterTurn(card=card))


def end_monster_turn(state: State, events: list[Event]) -> State:
    """After the monster's last step: next round, next chapter, or the end (ff-einde-kaarten-op)."""
    state = replace(state, monster_turn=None)
    if len(state.discard) >= CARDS_PER_CHAPTER:
        if state.chapter == 1:
            events.append(Event("ff-hoofdstuk-1-einde",
                                "De zevende monsterkaart is gelopen: hoofdstuk 1 is voorbij; de achtste kaart vervalt.",
                                {}))
            events.append(Event("ff-hoofdstuk-2",
                                "Alle acht monsterkaarten worden opnieuw geschud; hoofdstuk 2 begint. Monster en "
                                "figuren blijven staan.", {}))
            state = replace(state, chapter=2, deck=FULL_DECK, discard=(), round=state.round + 1)
            return start_round(state, events)
        events.append(Event("ff-einde-kaarten-op",
                            "Het monster heeft in hoofdstuk 2 zeven kaarten gelopen zonder dat het einde is "
                            "ingeluid: het spel is afgelopen.", {}))
        return game_over(state, "ff-einde-kaarten-op", events)
    return start_round(replace(state, round=state.round + 1), events)


def check_board_empty(state: State, events: list[Event]) -> State | None:
    """In chapter 2 the game ends when no figure is left on the board or in the pool (ff-einde-bord-leeg)."""
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(replace(state, monster_turn=None, turns=None), "ff-einde-bord-leeg", events)
    return None


def game_over(state: State, clause: str, events: list[Event]) -> State:
    state = replace(_reset_moved(state), phase=OVER, ending=clause, turns=None, monster_turn=None)
    if clause == "ff-einde-bord-leeg":
        events.append(Event("ff-einde-bord-leeg",
                            "In hoofdstuk 2 staat er geen figuur meer op het bord of in de startvoorraad: "
                            "het spel is afgelopen.", {}))
    res = result(state)
    assert res is not None
    events.append(Event(res.get("tiebreak") or clause, res["reason"], {"winners": res["winners"]}))
    return state


def result(state: State) -> dict | None:
    """Most saved figures wins; a tie goes to who reached that number first (ff-einde-gelijke-stand)."""
    if state.phase != OVER or state.ending is None:
        return None
    counts = {p: 0 for p in state.players}
    reached: dict[str, int] = {}  # player -> index in state.saved at which it reached its count
    for i, fid in enumerate(state.saved):
        owner = split_figure_id(fid)[0]
        counts[owner] += 1
        reached[owner] = i
    best = max(counts.values())
    res = {"clause": state.ending, "saved": dict(counts)}
    if best == 0:
        res.update(winners=[], draw=True, tiebreak="ff-einde-gelijke-stand",
                   reason="Niemand heeft een figuur gered: gelijkspel.")
        return res
    tied = [p for p in state.players if counts[p] == best]
    winner = min(tied, key=lambda p: reached[p])
    res.update(winners=[winner], draw=False)
    if len(tied) > 1:
        others = ", ".join(COLOUR_NL[p] for p in tied if p != winner)
        res["tiebreak"] = "ff-einde-gelijke-stand"
        res["reason"] = (f"{COLOUR_NL[winner].capitalize()} wint met {best} geredde figuren; {others} redde er evenveel, "
                         f"maar {COLOUR_NL[winner]} bereikte dat aantal het eerst.")
    else:
        res["reason"] = f"{COLOUR_NL[winner].capitalize()} wint met {best} geredde figuren."
    return res
