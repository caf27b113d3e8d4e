"""Moving by tapping (``DunkleTurmView.tap``): from states reached by random play, walking every tap
sequence from the empty pick reaches exactly the legal actions, never an illegal one. Every legal
action is tappable (none is list-only): a companion then where it goes for a step card, "Aus dem
Exil" and the owl's rescue (dt-schrittkarte, dt-aus-dem-exil, dt-niemand-im-exil,
dt-eule-alle-gefangen); a companion alone for a thunderbolt or a protection spell (dt-donnerblitz,
dt-schutzzauber); a rift for a floating field (dt-schwebefeld-sofort, dt-schwebefeld-spaeter); the rest
(drawing, keeping, the duel choice, the lot, cards, dice, the tower's, beasts' and owl's turns) as
buttons under the board."""

from __future__ import annotations

import random

import pytest

from rules.core.bots import next_action, random_bots
from rules.core.engine import TERMINAL
from rules.core.tapping import TARGET_RE, PickError
from rules.games.der_dunkle_turm import ENGINE, GAME

from .support import pos

VIEW = GAME.view


def sample_states(games: int, seed: int, every: int = 7, limit: int = 1500) -> list:
    """States along random games (``rules.core.bots`` with random bots and a fixed Random)."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        state = ENGINE.initial_state({"teams": rng.randint(2, 4)})
        bots = random_bots(ENGINE, state)
        for i in range(limit):
            if i % every == 0:
                out.append(state)
            action = next_action(ENGINE, state, bots, rng)
            if action is None:
                out.append(state)
                break
            state, _ = ENGINE.apply(state, action)
    return out


# Rare situations random play seldom reaches, written by hand: the choice after a lost first duel
# round (dt-erste-runde-verloren), the owl for an all-captured team (dt-eule-alle-gefangen), a duel.
RARE = [
    pos({"red1": {"at": "tower", "charred": True}}, pending=[{"task": "choice", "companion": "red1"}]),
    pos({"blue1": "exile", "blue2": "exile", "blue3": "exile", "red1": 5}, pending=[{"task": "rescue", "team": "blue"},
        {"task": "step", "steps": 1}]),
    pos({"red2": "tower"}, pending=[{"task": "wizard", "companion": "red2", "round": 2, "roll": 6}]),
    pos({"red1": 14, "blue1": 12}, pending=[{"task": "beast", "lair": 12}], beasts={"12": {"awake": True}}),
]
STATES = sample_states(6, seed=11) + RARE


def tap_tree(state, lang="de"):
    """Every action reachable by tapping from the empty pick, and every pick tapped on the way."""
    reached: dict[str, tuple[str, ...]] = {}
    picks: list[tuple[str, ...]] = []

    def walk(pick: tuple[str, ...]) -> None:
        picks.append(pick)
        options = VIEW.tap(ENGINE, state, pick, lang=lang)
        if pick and options.confirm:
            reached.setdefault(options.confirm, pick)
        for tap in options.taps:
            assert TARGET_RE.match(tap.target)
            if tap.plays is not None:
                reached.setdefault(tap.plays, (*pick, tap.target))
            else:
                walk((*pick, tap.target))

    walk(())
    return reached, picks


def board_targets(state) -> set[str]:
    return {sh.target for sh in VIEW.board_view(ENGINE, state).shapes if sh.target}


def test_the_sample_covers_every_kind_of_actor_and_action():
    actors = {ENGINE.current_actor(s) for s in STATES}
    assert {"chance", "tower", "red", "blue", TERMINAL} <= actors
    verbs = {a.split(":")[0] for s in STATES for a in ENGINE.legal_actions(s)}
    assert {"start", "card", "d12", "draw", "move", "bolt", "spell", "free", "advance", "tower", "beast", "owl",
            "float", "keep", "fight-on", "retreat", "rescue"} <= verbs


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_tapping_reaches_exactly_the_legal_actions(lang):
    for state in STATES[:: 1 if lang == "de" else 3]:
        legal = set(ENGINE.legal_actions(state))
        reached, _picks = tap_tree(state, lang)
        assert set(reached) == legal, (ENGINE.position_of(state), set(reached) ^ legal)


def test_board_targets_and_off_board_buttons():
    """A tap target is either a shape of the board (companions, fields, the camp, the tower, rifts) or
    an off-board button ``do:<action>`` for what the board does not draw."""
    for state in STATES:
        targets = board_targets(state)
        _reached, picks = tap_tree(state)
        for pick in picks:
            for tap in VIEW.tap(ENGINE, state, pick, lang="en").taps:
                assert tap.target in targets or tap.target.startswith("do:"), tap
                assert not tap.target.startswith("do:") or tap.plays == tap.target[3:]


def test_a_step_card_lights_up_where_the_companion_lands():
    """dt-freie-felder: occupied fields do not count; from the camp the first step enters on the first
    free field (dt-freie-gefaehrten). Blue stands on 1 and 2: with two steps Red 1 ends on field 4."""
    state = pos({"blue1": 1, "blue2": 2}, pending=[{"task": "step", "steps": 2}])
    first = VIEW.tap(ENGINE, state, (), lang="en")
    assert {t.target for t in first.taps} == {"c:red1", "c:red2", "c:red3"}
    assert all(t.plays is None for t in first.taps)
    second = VIEW.tap(ENGINE, state, ("c:red1",), lang="en")
    assert [(t.target, t.plays) for t in second.taps] == [("f:4", "move:red1")]
    assert second.taps[0].label == "Red 1: 2 steps to field 4 (magic place)"  # dt-magische-orte
    assert second.status == "Red 1: tap where it goes."


def test_reaching_the_tower_lights_up_the_tower():
    """dt-turm-erreichen: the tower follows field 20; extra steps lapse."""
    state = pos({"red1": 19}, pending=[{"task": "step", "steps": 4}])
    options = VIEW.tap(ENGINE, state, ("c:red1",), lang="de")
    assert [(t.target, t.plays) for t in options.taps] == [("tower", "move:red1")]


def test_a_thunderbolt_is_one_tap_on_the_opponent():
    """dt-donnerblitz: only opponents standing on a field of the path can be chosen."""
    state = pos({"blue1": 9, "blue2": "exile", "red1": 8}, pending=[{"task": "bolt"}])
    options = VIEW.tap(ENGINE, state, (), lang="nl")
    assert [(t.target, t.plays) for t in options.taps] == [("c:blue1", "bolt:blue1")]
    assert options.taps[0].label == "Donderbliksem op Blauw 1 (drie velden terug naar veld 5)"


def test_out_of_exile_and_the_owl_tap_the_prisoner_then_the_camp():
    """dt-aus-dem-exil: an own prisoner first; dt-eule-alle-gefangen: the captured team chooses."""
    state = pos({"red1": "exile", "blue1": "exile"}, pending=[{"task": "exile"}])
    assert [t.target for t in VIEW.tap(ENGINE, state, (), lang="de").taps] == ["c:red1"]
    assert [(t.target, t.plays) for t in VIEW.tap(ENGINE, state, ("c:red1",), lang="de").taps] == [("camp", "free:red1")]
    captured = pos({"blue1": "exile", "blue2": "exile", "blue3": "exile"}, pending=[{"task": "rescue", "team": "blue"}])
    assert ENGINE.current_actor(captured) == "blue"
    options = VIEW.tap(ENGINE, captured, ("c:blue2",), lang="en")
    assert [(t.target, t.plays, t.label) for t in options.taps] == [
        ("camp", "rescue:blue2", "The owl frees Blue 2 from the exile (to the camp)")]


def test_a_floating_field_is_laid_by_tapping_the_rift():
    """dt-schwebefeld-sofort: over an open rift without a floating field; keeping it is a button."""
    state = pos(rifts={"9": 2, "13": 1}, floats={"13": {"team": "blue", "turns": 1}}, pending=[{"task": "float"}])
    options = VIEW.tap(ENGINE, state, (), lang="de")
    assert {(t.target, t.plays) for t in options.taps} == {("rift:9", "float:9"), ("do:keep", "keep")}
    assert "rift:9" in board_targets(state)


def test_chance_outcomes_are_buttons_in_plain_words():
    state = pos({"red1": 12}, pending=[{"task": "fight", "companion": "red1", "lair": 12, "magic": True}],
                field_event_used=True)
    options = VIEW.tap(ENGINE, state, (), lang="en")
    labels = {t.target: t.label for t in options.taps}
    assert len(labels) == 12 and all(t.plays == t.target[3:] for t in options.taps)
    # dt-knochentier-kampf: 7 to 12 wins (the wand counts 12), 1 to 6 loses
    assert labels["do:d12:7"] == "Die 7: Red 1 beats the bone beast and gets a shield"
    assert labels["do:d12:6"] == "Die 6: Red 1 loses to the bone beast and lies beside the field"
    assert labels["do:d12:12"] == "Wand (12): Red 1 beats the bone beast and gets a shield"


@pytest.mark.parametrize(
    "pick",
    [("zz",), ("c:red1", "c:red1"), ("do:draw", "do:draw"), ("c:blue1",), ("f:3",), ("c:red1", "f:4"),
     ("c:red1", "f:3", "f:4"), ("do:keep",), ("rift:9",)],
)
def test_a_pick_the_board_never_offered_is_refused(pick):
    state = pos(pending=[{"task": "step", "steps": 3}])
    with pytest.raises(PickError):
        VIEW.tap(ENGINE, state, pick, lang="de")


def test_nothing_is_tapped_in_a_finished_game():
    over = next(s for s in STATES if ENGINE.current_actor(s) == TERMINAL)
    assert VIEW.tap(ENGINE, over, (), lang="nl").taps == ()
    with pytest.raises(PickError):
        VIEW.tap(ENGINE, over, ("c:red1",), lang="nl")


@pytest.mark.django_db
def test_the_page_links_the_companion_then_its_destination(client, rulebooks):
    from rules.core import codec
    from rules.core.codec import Log

    log = codec.encode(Log(setup={"teams": 2}, actions=("start:red", "card:step2")))
    page = client.get("/en/der-dunkle-turm/sim/", {"log": log}).content.decode()
    # The camp's companions are drawn a thumb apart: each is a link of its own (issue 34).
    assert 'data-target="c:red1"' in page and "pick=c%3Ared1" in page
    picked = client.get("/en/der-dunkle-turm/sim/", {"log": log, "pick": "c:red1"})
    assert picked.status_code == 200
    html = picked.content.decode()
    assert 'data-target="f:2"' in html and "Red 1: 2 steps to field 2" in html
    assert client.get("/en/der-dunkle-turm/sim/", {"log": log, "pick": "c:blue1"}).status_code == 400
