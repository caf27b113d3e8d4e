"""The computer players of De Betoverde Torens see their own hand, the other hands' sizes and the
discard pile, never the others' cards or the deck (docs/ARCHITECTURE.md, hidden information): two
games that differ only in what a seat may not see give the same choice; and a move that imprisons
other players' wizards is explained as such, citing bt-fles-vullen."""

from __future__ import annotations

import copy
import random

from rules.core.bots import next_action, random_bots, seat_view
from rules.core.registry import get_game
from rules.games.betoverde_torens import ENGINE

from .support import TOWERS_ONLY, new_game, position


def a_decision(seed: int = 2):
    """Red's first choice of a random 3-player game."""
    state = new_game(3)
    rng = random.Random(seed)
    bots = random_bots(ENGINE, state)
    while not (ENGINE.current_actor(state) == "red" and len(ENGINE.legal_actions(state)) > 1):
        state, _events = ENGINE.apply(state, next_action(ENGINE, state, bots, rng) or "")
    return state


def swap_hidden(state):
    """The same game with blue's hand swapped for cards of the deck: red may see neither."""
    position = ENGINE.position_of(state)
    hand = position["hands"]["blue"]
    deck = dict(position["deck"])
    other = [code for code, k in deck.items() if k and code not in hand][: len(hand)]
    for old, new in zip(hand, other, strict=True):
        deck[new] -= 1
        deck[old] = deck.get(old, 0) + 1
    position["hands"]["blue"] = other
    position["deck"] = deck
    return ENGINE.state_from_position(position)


def test_what_red_cannot_see_does_not_change_its_choice():
    spec = get_game("betoverde-torens")
    assert spec is not None
    state = a_decision()
    other = swap_hidden(state)
    assert other.hands[1] != state.hands[1] and other.deck != state.deck
    views = [seat_view(ENGINE, s, "red") for s in (state, other)]
    assert views[0].observation == views[1].observation  # what red sees is the same
    for name in ("beginner", "strong"):
        choices = {spec.players.make(name, budget=0.3).choose_action(ENGINE, v, random.Random(4)) for v in views}
        assert len(choices) == 1, name


def test_imprisoning_another_players_wizard_is_chosen_and_explained_with_the_flask_it_fills():
    """Tower 9 (space 10) one space onto blue's wizard (space 11) locks it up and fills one of red's
    flasks (bt-toren-over-tovenaar, bt-fles-vullen): the strong player's move, and its reason."""
    spec = get_game("betoverde-torens")
    assert spec is not None
    lay = {**copy.deepcopy(TOWERS_ONLY), "11": {"wizards": ["blue"]}, "12": {"wizards": ["red"]}}
    s = ENGINE.state_from_position(position(lay, hands={"red": ["t1", "w1"], "blue": ["w2", "t2", "x2"]}))
    view = seat_view(ENGINE, s, "red")
    assert spec.players.make("strong").choose_action(ENGINE, view, random.Random(1)) == "play:t1:tower:9"
    reasons = spec.players.explain(ENGINE, view, "play:t1:tower:9")
    assert reasons[0].key == "advice.imprison-fill" and reasons[0].clause == "bt-fles-vullen"
    assert reasons[0].data == {"count": 1, "others": 1, "wizards": ["blue"]}
    assert ENGINE.label(reasons[0].key, "en", **reasons[0].data) == (
        "The tower lands on 1 wizard (Blue, 1 of others): it is imprisoned, and you fill a potion.")


def solo_last_wizard(hand: list[str], discarded: int = 40):
    """A solo game (bt-solo-opstelling) with eleven wizards in the Raventoren (space 1) and the last
    one on space 16, one space before it."""
    return ENGINE.state_from_position({
        "players": ["red"], "variant": "solo", "wizards_each": 12,
        "spaces": {**TOWERS_ONLY, "16": {"wizards": ["red"]}}, "raven": {"at": 1, "inside": {"red": 11}},
        "hands": {"red": hand}, "discarded": discarded, "discard": {"w3": 3},
    })  # fmt: skip


def test_solo_the_strong_player_ends_the_game_now_rather_than_a_card_later():
    """bt-solo-score: solo every game ends in a win and the fewer cards it needed, the better. The
    tower card now and the 1 next turn also end the game, one card later; the strong player brings
    the last wizard in at once (bt-tovenaar-in-raventoren) and says so."""
    spec = get_game("betoverde-torens")
    assert spec is not None
    s = solo_last_wizard(["w2", "t1", "x1"])
    view = seat_view(ENGINE, s, "red")
    for seed in range(3):
        assert spec.players.make("strong", budget=0.3).choose_action(ENGINE, view, random.Random(seed)) == "play:x1:wizard:16"
    reasons = spec.players.explain(ENGINE, view, "play:x1:wizard:16")
    assert reasons[0].key == "advice.raven" and reasons[0].clause == "bt-tovenaar-in-raventoren"
    assert reasons[0].data == {"inside": 12, "total": 12}
    after, _events = ENGINE.apply(s, "play:x1:wizard:16")
    result = ENGINE.result(after)
    assert result is not None and result.clause == "bt-solo-score" and result.scores == {"red": 41}


def test_solo_games_are_compared_by_the_cards_they_needed():
    """bt-solo-score: the bench compares two players' solo games by the game's own measure, fewer
    cards discarded being better."""
    spec = get_game("betoverde-torens")
    assert spec is not None
    fewer, more = (ENGINE.result(ENGINE.apply(solo_last_wizard(["x1", "t1", "t2"], n), "play:x1:wizard:16")[0]) for n in (40, 50))
    assert fewer is not None and more is not None and fewer.scores["red"] < more.scores["red"]
    assert spec.players.solo_score(fewer, "red") > spec.players.solo_score(more, "red")
