"""The events a dispute turns on are marked by the engines themselves (``Event.decisive``, issue 34),
so the simulator's page, the link preview, the print view and the rooms lead with the same one:
the first decisive event of the move or turn (``rules.core.engine.decisive_event``).

Each row is a rulebook example (its scenario, replayed) and the clause whose event must lead; the
events that merely follow from it (a flask filled for an imprisonment, §6.7) or that are routine
(the bridges rising, the card drawn) are not decisive. The contract at the end holds for every
registered game: a played-out game marks at least its end as decisive."""

from __future__ import annotations

import random

import pytest

from rules.core.bots import play, random_bots
from rules.core.engine import decisive_event
from rules.core.registry import all_games, get_game
from rules.core.scenarios import load_scenario
from rules.core.setup import validate_setup
from rules.core.timeline import from_scenario

CASES = [
    # game, scenario, the step's action, the clause of the event that leads, one that does not
    ("finstere-flure", "ff-steen-verpulvert", "monster", "ff-steen-verpulvert", "ff-monster-kijkt"),
    ("finstere-flure", "ff-monster-pakt", "monster", "ff-monster-pakt", "ff-monster-kijkt"),
    ("betoverde-torens", "bt-toren-over-tovenaar", "play:t2:tower:9", "bt-toren-over-tovenaar", "bt-fles-vullen"),
    ("der-dunkle-turm", "dt-turmattacke", "tower", "dt-zugbruecken-heben", "dt-turmattacke"),
    ("der-dunkle-turm", "dt-freie-felder", "move:red1", "dt-freie-felder", "dt-ablauf-teamzug"),
    ("torens-en-dieven", "td-wachter-verdrijven", "guard:2,0", "td-wachter-verdrijven", "td-bereik-hoogte"),
]


def frame_of(slug: str, scenario: str, action: str):
    timeline = from_scenario(get_game(slug).engine, load_scenario(slug, scenario))
    for frame in timeline.frames[1:]:
        if frame.action == action and frame.refused is None and decisive_event(frame.events) is not None:
            return frame
    raise AssertionError(f"{scenario}: no step {action} with a decisive event")


@pytest.mark.parametrize("slug, scenario, action, leads, routine", CASES, ids=[c[1] for c in CASES])
def test_the_rule_the_example_shows_leads_its_step(slug, scenario, action, leads, routine):
    frame = frame_of(slug, scenario, action)
    assert decisive_event(frame.events).clause == leads
    assert not any(e.decisive for e in frame.events if e.clause == routine)


def test_the_bridges_rising_lead_with_red_1_falling_into_the_lava_dt_zugbruecken_heben():
    """The tower's defence (dt-turmattacke): the first thing of consequence is Red 1 falling with
    bridge 6 into the lava; Blue 2 saved by its spell (dt-fallen) and Blue 1 in the rift follow."""
    frame = frame_of("der-dunkle-turm", "dt-turmattacke", "tower")
    first = decisive_event(frame.events)
    assert (first.key, first.data["companion"]) == ("bridge.fall", "red1")
    later = [e.key for e in frame.events if e.decisive][1:]
    assert "fall.saved" in later and "rift.swallows" in later


def test_the_end_rung_in_leads_the_last_wizards_step_bt_einde_spel():
    """bt-einde-spel: the end is rung in only with both conditions; the wizard's step into the
    Raventoren is not itself decisive, the end is."""
    frame = frame_of("betoverde-torens", "bt-einde-spel", "play:w3:wizard:14")
    assert decisive_event(frame.events).key == "end.rung"
    assert not any(e.decisive for e in frame.events if e.key == "wizard.raven")


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_every_game_marks_the_end_of_a_played_out_game_decisive(spec):
    engine = spec.engine
    for seed in range(3, 30):
        state = engine.initial_state(validate_setup(engine, {}))
        done = play(engine, state, random_bots(engine, state), random.Random(seed), max_actions=3_000)
        if done.over:
            break
    else:
        pytest.fail(f"{spec.slug}: no random game ended")
    from rules.core.replay import replay

    last = list(replay(engine, engine.initial_state(validate_setup(engine, {})), done.actions))[-1]
    assert decisive_event(last.events) is not None, f"{spec.slug}: the last move of a game marks nothing decisive"


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_what_a_decisive_event_is_about_is_a_target_drawn_on_the_board_after_it(spec):
    """The page marks the piece or place the step's decisive event concerns (the view-model's
    optional ``about``): whatever ``about`` names is a target the board after that step draws, so
    the mark is never lost; and in a game that has ``about``, seeded random play meets decisive
    events it can point at (a catch, a fall, a guard displaced), not only ones about nothing."""
    engine, view = spec.engine, spec.view
    about = spec.about
    if about is None:
        pytest.skip(f"{spec.slug}: its view-model marks nothing (it does not declare Capability.ABOUT)")
    from rules.core.replay import advance

    pointed = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = engine.initial_state(validate_setup(engine, {}))
        bots = random_bots(engine, state)
        for index in range(300):
            if engine.is_over(state):
                break
            more = play(engine, state, bots, rng, max_actions=1)
            if not more.actions:
                break
            step = advance(engine, state, more.actions[0], index)
            state = step.after
            lead = decisive_event(step.events)
            target = about(engine, state, lead) if lead is not None else ""
            if target:
                drawn = {s.target for s in view.board_view(engine, state, events=step.events, lang="en").shapes}
                assert target in drawn, f"{spec.slug} seed {seed}: {lead.key} is about {target}, not on the board"
                pointed += 1
    assert pointed >= 3, f"{spec.slug}: decisive events pointed at the board only {pointed} times"
