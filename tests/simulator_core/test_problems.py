"""One problem type: every refusal of the rules library is a Problem with a stable code, a field
path that a layer above extends with ``under`` (no re-wrapping), and the clause when a rule refused."""

from __future__ import annotations

import pytest

from rules.core import codec
from rules.core.codec import CodecError, Log
from rules.core.editor import EditError, read_state
from rules.core.engine import NotAnAction, PositionError, RuleError
from rules.core.inputs import InputError, parse_int, parse_json
from rules.core.problems import CODES, Problem, TimelineError
from rules.core.replay import ReplayError, advance
from rules.core.tapping import PickError, parse_pick
from rules.core.timeline import from_log
from tests.toygames.toy_game import ENGINE


def test_under_puts_a_prefix_in_front_of_the_field():
    problem = PositionError("figures.red1.at", "must be a list")
    assert problem.under("position") is problem
    assert problem.field == "position.figures.red1.at" and str(problem) == "position.figures.red1.at: must be a list"
    assert Problem("", "empty").under("log").field == "log"
    assert Problem("[3]", "x").under("actions").field == "actions[3]"


@pytest.mark.parametrize(
    "raise_it, cls, code, field",
    [
        (lambda: codec.decode("2.abc"), CodecError, "bad-log", ""),
        (lambda: parse_json("[", "body"), InputError, "bad-json", "body"),
        (lambda: parse_json("[" * 40 + "]" * 40, "body"), InputError, "bad-json", "body"),
        (lambda: parse_int("x", "step"), InputError, "bad-value", "step"),
        (lambda: parse_int("7", "step", hi=3), InputError, "bad-value", "step"),
        (lambda: parse_pick("a/b c"), PickError, "bad-pick", "pick"),
        (lambda: read_state(ENGINE, {"counter": "x", "turn": "a"}), EditError, "edit-refused", "counter"),
        (lambda: ENGINE.state_from_position({"counter": "x", "turn": "a"}), PositionError, "bad-position", "counter"),
        (lambda: from_log(ENGINE, Log(setup={"target": "x"})), PositionError, "bad-position", "setup."),
        (lambda: from_log(ENGINE, Log(scenario="nope")), Problem, "unknown-scenario", "scenario"),
    ],
)
def test_each_kind_is_a_problem_with_its_code_and_field(raise_it, cls, code, field):
    with pytest.raises(cls) as caught:
        raise_it()
    problem = caught.value
    assert isinstance(problem, Problem) and problem.code == code and problem.code in CODES
    assert problem.field.startswith(field) and problem.reason


def test_a_refused_action_keeps_the_rules_refusal_as_a_typed_attribute():
    start = ENGINE.initial_state({"target": 7})
    with pytest.raises(ReplayError) as caught:
        advance(ENGINE, start, "add:3", 4)
    problem = caught.value
    assert isinstance(problem.refusal, RuleError) and problem.refusal.clause == problem.clause == "toy-beurt"
    assert problem.code == "illegal-action" and problem.field == "actions[4]"
    assert problem.__cause__ is None  # nobody needs to dig for it
    from rules.games.finstere_flure import ENGINE as FF

    with pytest.raises(ReplayError) as caught:
        from_log(FF, Log(setup={"players": 2}, actions=("move:red1:E", "move:red1:E")))
    refusal = caught.value.refusal
    assert refusal is not None and refusal.reason_in("en") != refusal.reason_in("de")  # rendered from its key


def test_a_string_that_is_no_action_is_not_a_rules_refusal():
    start = ENGINE.initial_state({"target": 7})
    with pytest.raises(NotAnAction) as caught:
        ENGINE.apply(start, "jump:1")
    assert caught.value.code == "not-an-action" and not caught.value.clause
    with pytest.raises(ReplayError) as replayed:
        from_log(ENGINE, Log(setup={}, actions=("add:1", "jump")))
    assert replayed.value.code == "not-an-action" and replayed.value.clause is None
    assert replayed.value.field == "actions[1]" and "not an action" in replayed.value.sentence()


def test_an_edit_refused_by_the_editors_rules_carries_its_sentence_as_the_message():
    assert EditError("Daar staat al iets.").message == "Daar staat al iets." and EditError("x").status == 422
    assert EditError("must be an integer", "counter", engine=True).message == ""


def test_the_old_wrapping_names_are_the_problem_itself():
    assert TimelineError is Problem
    with pytest.raises(TimelineError):
        from_log(ENGINE, Log(setup={}, actions=("add:3",)))
