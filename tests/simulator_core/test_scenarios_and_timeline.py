"""Scenario files and timelines over a toy engine: parsing, replay, expectations, branching."""

import pytest

from rules.core.codec import Log
from rules.core.scenarios import ScenarioError, parse_scenario, replay, resolve, start_state
from rules.core.timeline import TimelineError, from_log, from_scenario
from tests.toygames.toy_game import ENGINE

GOOD = """
title = "Optellen tot zeven"
clauses = ["toy-optellen", "toy-einde"]
intro = "De teller staat op 5."

[position]
counter = 5
turn = "a"

[[step]]
action = "add:3"
refused = "toy-beurt"
caption = "Drie optellen mag niet."

[[step]]
action = "add:1"
caption = "Speler a telt 1 op."
[step.expect]
clauses = ["toy-optellen"]
position = { counter = 6, turn = "b" }
legal = ["add:2"]
not_legal = ["add:3"]
over = false

[[step]]
action = "add:1"
caption = "Speler b haalt zeven."
[step.expect]
clauses = ["toy-einde"]
over = true
winners = ["b"]
"""


def scenario(text=GOOD, sid="toy-tot-zeven"):
    return parse_scenario(text, "toy-game", sid, "toy.toml")


def test_a_good_scenario_replays_with_every_expectation_holding():
    frames = replay(ENGINE, scenario())
    assert [f.index for f in frames] == [0, 1, 2, 3]
    assert frames[0].caption == "De teller staat op 5."
    assert frames[1].refused is not None and frames[1].refused.clause == "toy-beurt"
    assert frames[1].state == frames[0].state  # a refused step changes nothing
    assert ENGINE.position_of(frames[3].state)["counter"] == 7


@pytest.mark.parametrize(
    "change, message",
    [
        (('position = { counter = 6, turn = "b" }', 'position = { counter = 5, turn = "b" }'), "expected counter = 5, found 6"),
        (('clauses = ["toy-optellen"]', 'clauses = ["toy-munt"]'), "expected an event citing toy-munt"),
        (('winners = ["b"]', 'winners = ["a"]'), "expected winners ['a']"),
        (('refused = "toy-beurt"', 'refused = "toy-ander"'), "citing toy-beurt, expected toy-ander"),
        (('legal = ["add:2"]', 'legal = ["add:5"]'), "expected 'add:5' to be legal"),
        (('not_legal = ["add:3"]', 'not_legal = ["add:2"]'), "expected 'add:2' to be illegal"),
        (('action = "add:3"', 'action = "add:1"'), "should be refused"),
        (("over = false", "over = true"), "expected the game to be over"),
        (('position = { counter = 6, turn = "b" }', 'position = { "nope.x" = 1 }'), "position has no 'nope.x'"),
    ],
)
def test_a_broken_expectation_fails_naming_file_step_and_reason(change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(ScenarioError, match=r"toy\.toml: step \d: .*" + message.replace("[", r"\[").replace("]", r"\]")):
        replay(ENGINE, scenario(GOOD.replace(old, new)))


@pytest.mark.parametrize(
    "text, message",
    [
        ("title = 'x'\nclauses=['a']\n[setup]\n", "at least one"),
        ("clauses=['a']\n[setup]\n[[step]]\naction='add:1'\ncaption='c'\n", "'title' is required"),
        ("title='x'\nclauses=['a']\n[[step]]\naction='add:1'\ncaption='c'\n", "exactly one of"),
        ("title='x'\nclauses=['a']\n[setup]\n[[step]]\naction='add:1'\n", "'caption' is required"),
        ("title='x'\nclauses=['a']\nfoo=1\n[setup]\n", "unknown key 'foo'"),
        ("title='x'\nclauses=['a']\n[setup]\n[[step]]\naction='add:1'\ncaption='c'\nexpect={bogus=1}\n", "'expect' may hold"),
        ("title = ", "invalid TOML"),
    ],
)
def test_malformed_scenarios_are_refused(text, message):
    with pytest.raises(ScenarioError, match=message):
        parse_scenario(text, "toy-game", "x", "toy.toml")


def test_illegal_start_position_is_reported():
    bad = GOOD.replace("counter = 5", "counter = 9")
    with pytest.raises(ScenarioError, match="start position: counter: must be a whole number from 0 to 6"):
        replay(ENGINE, scenario(bad))


def test_a_start_that_breaks_the_setup_rules_is_reported_with_the_rule():
    # toy-munt: a coin is tossed only after every second move; this start has one after move 3
    bad = GOOD.replace('counter = 5\nturn = "a"', 'counter = 5\nturn = "a"\nmoves = 3\ncoin = true')
    assert bad != GOOD
    with pytest.raises(ScenarioError, match=r"toy\.toml: the start breaks the game's setup rules: .*move 3 \(toy-munt\)"):
        replay(ENGINE, scenario(bad))
    # the same start is a position a dispute may ask about: the engine reads it
    assert start_state(ENGINE, scenario(bad)).coin_pending


def test_resolve_walks_dicts_and_lists():
    data = {"a": [{"b": 1}, {"b": 2}]}
    assert resolve(data, "a.1.b") == 2
    assert resolve(data, "a.-1.b") == 2
    with pytest.raises(KeyError):
        resolve(data, "a.5.b")


def test_timeline_from_a_scenario_branches_into_a_log():
    timeline = from_scenario(ENGINE, scenario())
    assert timeline.log == Log(scenario="toy-tot-zeven", actions=("add:1", "add:1"))
    # At frame 2 (after the refused step and one addition) play add:2 instead.
    branch = timeline.branch(2, "add:2")
    assert branch == Log(scenario="toy-tot-zeven", actions=("add:1", "add:2"))
    assert timeline.actions_until(1) == ()


def test_timeline_from_a_log_replays_and_names_the_illegal_action():
    log = Log(setup={"target": 7}, actions=("add:2", "add:2", "coin:heads", "add:2"))
    timeline = from_log(ENGINE, log)
    assert timeline.last == 4
    assert ENGINE.position_of(timeline.frames[-1].state)["counter"] == 7
    # A log's frames have no caption of their own: the page renders the first event, per language.
    assert timeline.frames[1].caption is None
    first = timeline.frames[1].events[0]
    assert ENGINE.describe(first) == "Speler a telt 2 op."
    assert ENGINE.describe(first, "en") == "Player a adds 2."
    assert ENGINE.describe(timeline.frames[3].events[0], "en") == "The coin lands on heads."
    assert ENGINE.describe(timeline.frames[3].events[0], "fr") == "De munt valt op heads."  # falls back to nl
    with pytest.raises(TimelineError) as info:
        from_log(ENGINE, Log(setup={}, actions=("add:2", "add:2", "add:1")))
    assert info.value.field == "actions[2]"
    assert info.value.clause == "toy-beurt"
    with pytest.raises(TimelineError) as info:
        from_log(ENGINE, Log(position={"counter": "x", "turn": "a"}))
    assert info.value.field == "position.counter"


@pytest.mark.parametrize(
    "change, message",
    [
        (('listed = ["add:2"]', 'listed = ["add:3"]'), "expected 'add:3' among the listed legal actions"),
        (('actor = "b"', 'actor = "a"'), "expected actor 'a', found 'b'"),
        (('actor = ""', 'actor = "b"'), "expected actor 'b', found ''"),
    ],
)
def test_listed_and_actor_expectations_can_fail(change, message):
    from pathlib import Path

    text = (Path(__file__).parent.parent / "toygames/toy_game/scenarios/toy-tot-zeven.toml").read_text()
    old, new = change
    assert old in text
    replay(ENGINE, scenario(text))
    with pytest.raises(ScenarioError, match=r"step \d: " + message):
        replay(ENGINE, scenario(text.replace(old, new)))


def test_chance_and_observation_expectations():
    text = """
title = "Munt"
clauses = ["toy-munt"]
[position]
counter = 1
turn = "a"
moves = 1
[[step]]
action = "add:1"
caption = "Na de tweede zet wordt de munt gegooid."
[step.expect]
actor = "chance"
chance = { "coin:heads" = 0.5, "coin:tails" = 0.5 }
observation = { a = { counter = 2 }, b = { coin = true } }
"""
    replay(ENGINE, scenario(text))
    with pytest.raises(ScenarioError, match=r"expected chance coin:heads = 0.7, found 0.5"):
        replay(ENGINE, scenario(text.replace('"coin:heads" = 0.5', '"coin:heads" = 0.7')))
    with pytest.raises(ScenarioError, match=r"expected counter = 3, found 2"):
        replay(ENGINE, scenario(text.replace("a = { counter = 2 }", "a = { counter = 3 }")))
    with pytest.raises(ScenarioError, match=r"observation of unknown seat 'c'"):
        replay(ENGINE, scenario(text.replace("b = { coin = true }", "c = { coin = true }")))


def _scenario_file(tmp_path, monkeypatch, text):
    import rules.core.scenarios as scenarios

    path = tmp_path / "optellen.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(scenarios, "scenario_paths", lambda game: {"optellen": path})
    return path


def test_a_scenario_file_is_parsed_once_per_version(tmp_path, monkeypatch):
    import os

    from rules.core.scenarios import load_scenario

    path = _scenario_file(tmp_path, monkeypatch, GOOD)
    first = load_scenario("toy", "optellen")
    assert load_scenario("toy", "optellen") is first  # not parsed again
    path.write_text(GOOD.replace("Optellen tot zeven", "Optellen tot acht"), encoding="utf-8")
    later = path.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(later, later))
    edited = load_scenario("toy", "optellen")
    assert edited.title == "Optellen tot acht" and first.title == "Optellen tot zeven"


def test_replaying_a_shared_scenario_leaves_it_unchanged(tmp_path, monkeypatch):
    import copy

    from rules.core.scenarios import load_scenario

    _scenario_file(tmp_path, monkeypatch, GOOD)
    scenario = load_scenario("toy", "optellen")
    before = copy.deepcopy(scenario)
    from_scenario(ENGINE, scenario)
    assert load_scenario("toy", "optellen") == before


def test_a_timeline_knows_its_token_and_whether_it_is_the_scenario_as_written():
    from rules.core import codec

    scenario = parse_scenario(GOOD, "toy", "optellen")
    timeline = from_scenario(ENGINE, scenario)
    assert timeline.is_plain_scenario
    assert codec.decode(timeline.token) == timeline.log
    log = Log(position={"counter": 5, "turn": "a"}, actions=("add:1", "add:2"))
    from_position = from_log(ENGINE, log)
    assert not from_position.is_plain_scenario
    assert codec.decode(from_position.token) == log


@pytest.mark.parametrize(
    "log",
    [
        Log(position={"counter": 5, "turn": "a"}),
        Log(position={"counter": 5, "turn": "a"}, actions=("add:1", "add:2")),
        Log(setup={"players": 3, "naam": "Zoë"}, actions=tuple(f"move:{i}:“é”" for i in range(300)), seed=7),
        Log(scenario="optellen", actions=("add:1",), bots={"b": "random"}, seed=0),
    ],
    ids=["no-actions", "position", "long-unicode-seed", "scenario-bots"],
)
def test_branch_tokens_are_exactly_the_codecs_tokens(log):
    from rules.core import codec
    from rules.core.timeline import branch_encoder

    encode = branch_encoder(log)
    for actions in [("add:1",), ("add:2",), ("a", "b", "c"), ('quote"back\\slash',), ("€",), ()]:
        assert encode(*actions) == codec.encode(log.extended(*actions))
        assert codec.decode(encode(*actions)) == log.extended(*actions)
