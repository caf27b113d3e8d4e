"""The course of the game: rounds, the two chapters, the monster cards and the three endings
(clauses ``ff-ronde``, ``ff-hoofdstuk-*``, ``ff-monster-kaart-trekken``, ``ff-einde-*``)."""

from __future__ import annotations

from typing import Any

from rules.core.engine import Event, Result

from .state import (
    CARD,
    CARDS_PER_CHAPTER,
    FULL_DECK,
    HIT_CARDS,
    MAX_HIT_STEPS,
    MONSTER,
    OVER,
    PLAYERS,
    MonsterTurn,
    State,
    split_figure_id,
)

TIEBREAK = "ff-einde-gelijke-stand"


def _reset_moved(state: State) -> State:
    if any(f.moved for f in state.figures):
        state = state.evolve(figures=tuple(f.evolve(moved=False) if f.moved else f for f in state.figures))
    return state


def start_round(state: State, events: list[Event]) -> State:
    """A new round begins with the players' part, at the start player (ff-ronde, ff-beurtvolgorde)."""
    state = _reset_moved(state).evolve(phase=PLAYERS, turns=(0,) * len(state.players), monster_turn=None)
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(state, "ff-einde-bord-leeg", events)
    data = {"round": state.round, "chapter": state.chapter, "player": state.player_to_move()}
    events.append(Event("ff-ronde", "round.start", data))
    passed_over(state, None, events)
    return state


def after_player_turn(state: State, events: list[Event]) -> State:
    """After a turn: the next player (ff-beurtvolgorde) or the end of the players' part (ff-ronde)."""
    if state.player_to_move() is not None:
        return state
    state = _reset_moved(state).evolve(turns=None)
    if state.end_rung():
        events.append(Event("ff-einde-kampioenschap", "end.championship", {}))
        return game_over(state, "ff-einde-kampioenschap", events)
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(state, "ff-einde-bord-leeg", events)
    events.append(Event("ff-ronde", "round.monster", {}))
    return state.evolve(phase=CARD)


def card_outcomes(state: State) -> dict[str, float]:
    """Probability of each card (ff-monster-kaart-trekken); the first card of the game is never X or XX
    (ff-eerste-kaart)."""
    deck = list(state.deck)
    if first_card(state):
        deck = [c for c in deck if c not in HIT_CARDS]
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
        events.append(Event("ff-eerste-kaart", "card.first", {"card": card}))
    events.append(Event("ff-monster-kaart-trekken", "card.drawn", {"card": card}))
    if card in HIT_CARDS:
        data = {"card": card, "hits": HIT_CARDS[card], "max_steps": MAX_HIT_STEPS}
        events.append(Event("ff-monster-treffers", "card.hits", data))
    else:
        events.append(Event("ff-monster-getalkaart", "card.steps", {"card": card}))
    return state.evolve(
        phase=MONSTER, deck=tuple(deck), discard=state.discard + (card,), monster_turn=MonsterTurn(card=card)
    )


def end_monster_turn(state: State, events: list[Event]) -> State:
    """After the monster's last step: next round, next chapter, or the end (ff-einde-kaarten-op)."""
    state = state.evolve(monster_turn=None)
    if len(state.discard) >= CARDS_PER_CHAPTER:
        if state.chapter == 1:
            events.append(Event("ff-hoofdstuk-1-einde", "chapter.1.end", {}))
            events.append(Event("ff-hoofdstuk-2", "chapter.2.start", {}))
            state = state.evolve(chapter=2, deck=FULL_DECK, discard=(), round=state.round + 1)
            return start_round(state, events)
        events.append(Event("ff-einde-kaarten-op", "end.cards", {}))
        return game_over(state, "ff-einde-kaarten-op", events)
    return start_round(state.evolve(round=state.round + 1), events)


def check_board_empty(state: State, events: list[Event]) -> State | None:
    """In chapter 2 the game ends when no figure is left on the board or in the pool (ff-einde-bord-leeg)."""
    if state.chapter == 2 and not state.figures_in_play():
        return game_over(state.evolve(monster_turn=None, turns=None), "ff-einde-bord-leeg", events)
    return None


def game_over(state: State, clause: str, events: list[Event]) -> State:
    state = _reset_moved(state).evolve(phase=OVER, ending=clause, turns=None, monster_turn=None)
    if clause == "ff-einde-bord-leeg":
        events.append(Event("ff-einde-bord-leeg", "end.board-empty", {}))
    res = result(state)
    assert res is not None
    events.append(Event(res.tiebreak or clause, res.key, res.data))
    return state


def result(state: State) -> Result | None:
    """Most saved figures wins; a tie goes to who reached that number first (ff-einde-gelijke-stand).

    Nobody saved a figure: no winner, a draw (cited as ff-einde-gelijke-stand too)."""
    if state.phase != OVER or state.ending is None:
        return None
    counts = {p: 0 for p in state.players}
    reached: dict[str, int] = {}  # player -> index in state.saved at which it reached its count
    for i, fid in enumerate(state.saved):
        owner = split_figure_id(fid)[0]
        counts[owner] += 1
        reached[owner] = i
    best = max(counts.values())
    if best == 0:
        return Result(
            winners=(),
            clause=state.ending,
            key="result.draw",
            data={"winners": []},
            scores=counts,
            tiebreak=TIEBREAK,
            draw=True,
        )
    tied = [p for p in state.players if counts[p] == best]
    winner = min(tied, key=lambda p: reached[p])
    others = [p for p in tied if p != winner]
    data: dict[str, Any] = {"winners": [winner], "winner": winner, "saved": best}
    if others:
        data["others"] = others
    return Result(
        winners=(winner,),
        clause=state.ending,
        key="result.tiebreak" if others else "result.win",
        data=data,
        scores=counts,
        tiebreak=TIEBREAK if others else None,
        draw=False,
    )


def passed_over(state: State, after: str | None, events: list[Event]) -> None:
    """ff-beurtvolgorde: "Wie deze ronde geen figuur meer heeft die nog moet lopen, wordt
    overgeslagen." Tell each player the round robin passes over between ``after`` (who just moved;
    None at the start of the round, which begins at the start player) and the player to move now."""
    nxt = state.player_to_move()
    if nxt is None:
        return
    players = state.players
    i = 0 if after is None else (players.index(after) + 1) % len(players)
    stop = players.index(nxt)
    while i != stop:
        events.append(Event("ff-beurtvolgorde", "turn.skipped", {"player": players[i]}))
        i = (i + 1) % len(players)
