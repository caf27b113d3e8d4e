"""The declared editor form and the tools the core runs (rules/core/editor.py: Field, SeatField,
FormEditor): a field is checked against its declared choices once, only changed values reach the
game, a field declared once for every seat gives one field per seat, and "move" / "drop:<held>" /
"empty" work on the toy game's declared editor (tests/toygames/toy_game)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from rules.core.editor import EditError, Field, FormEditor, SeatField, Tool, apply_edit, apply_fields
from tests.toygames.toy_game import ENGINE, ToyEditor

EDITOR = ToyEditor()
START = {"counter": 2, "turn": "a", "moves": 4, "coin": False, "winner": ""}


# -- the form -------------------------------------------------------------------------------------------


def test_a_value_outside_a_declared_range_is_refused_naming_the_field_and_changes_nothing():
    position = dict(START)
    with pytest.raises(EditError) as refused:
        apply_fields(ENGINE, EDITOR, position, {"moves": "21"}, "en")  # declared range(0, 21)
    assert refused.value.field == "moves"
    assert refused.value.reason == "'21' is not a choice of 'moves'"
    assert (refused.value.code, refused.value.status) == ("edit-refused", 422)
    assert position == START


def test_an_unknown_field_is_refused_naming_it():
    with pytest.raises(EditError) as refused:
        apply_fields(ENGINE, EDITOR, START, {"colour": "red"}, "en")
    assert refused.value.field == "colour" and "unknown field" in refused.value.reason


def test_declared_fields_show_their_current_values_labels_and_choices():
    fields = {f.name: f for f in EDITOR.fields(ENGINE, START, "nl")}
    assert fields["turn"].value == "a" and fields["turn"].label == "Aan de beurt"
    assert fields["moves"].value == "4" and fields["moves"].label == "Zetten gedaan"
    assert [c for c, _label in fields["moves"].choices] == [str(n) for n in range(21)]


def test_a_changed_field_goes_through_its_setter_and_the_engine_judges_the_result():
    assert apply_fields(ENGINE, EDITOR, START, {"turn": "b", "moves": "4"}, "en") == {**START, "turn": "b"}


class Seats:
    def __init__(self, scores: dict[str, int], bonus: str = "no"):
        self.scores, self.bonus = scores, bonus


class CountingEditor(FormEditor[Seats, str]):
    """A form with a field for every seat; counts how often the form's choices are built."""

    builds = 0

    def __init__(self) -> None:
        self.settled: dict[str, str] = {}
        self.form = (
            Field("bonus", "Bonus", self._yes_no, get=lambda st: st.bonus),  # no setter: settle() applies it
            SeatField("score.{seat}", "Score of {who}", range(0, 5), get=lambda st, i: st.scores[self.seats(st)[i]],
                      set=lambda st, i, value, lang: st.scores.update({self.seats(st)[i]: int(value)})),
        )

    def _yes_no(self, st: Seats, lang: str) -> tuple[tuple[str, str], ...]:
        CountingEditor.builds += 1
        return ("no", "no"), ("yes", "yes")

    seat_word = "who"

    def decode(self, engine: Any, position: Mapping[str, Any]) -> Seats:
        return Seats(dict(position["scores"]), position["bonus"])

    def encode(self, engine: Any, st: Seats) -> dict[str, Any]:
        return {"scores": st.scores, "bonus": st.bonus}

    def text(self, key: str, lang: str, **data: Any) -> str:
        return key.format(**data)

    def seats(self, st: Seats) -> list[str]:
        return sorted(st.scores)

    def seat_name(self, seat: str, lang: str) -> str:
        return seat.upper()

    # No board: the tools are not what these tests are about.
    def blank(self, engine: Any, position: Mapping[str, Any]) -> dict[str, Any]:
        return dict(position)

    def tools(self, st: Seats, lang: str) -> list[Any]:
        return []

    def target(self, st: Seats, target: str, lang: str) -> str:
        raise EditError("no board")

    pick_up = drop = empty = put = target  # type: ignore[assignment]

    def settle(self, engine: Any, st: Seats, values: Mapping[str, str], changed: Mapping[str, str], lang: str) -> dict[str, Any]:
        self.settled = dict(changed)
        st.bonus = values["bonus"]
        return self.encode(engine, st)


def test_a_seat_field_is_one_field_per_seat_named_and_labelled_for_the_seat():
    editor = CountingEditor()
    fields = editor.fields(None, {"scores": {"x": 1, "y": 3}, "bonus": "no"}, "en")
    assert [(f.name, f.label, f.value) for f in fields[1:]] == [("score.x", "Score of X", "1"), ("score.y", "Score of Y", "3")]
    changed = editor.set_fields(None, {"scores": {"x": 1, "y": 3}, "bonus": "no"}, {"score.y": "4", "score.x": "1"}, "en")
    assert changed["scores"] == {"x": 1, "y": 4}
    assert editor.settled == {"score.y": "4"}  # only the changed value reaches the game


def test_the_form_is_built_once_per_change_and_a_field_without_setter_is_settled_by_the_game():
    editor = CountingEditor()
    CountingEditor.builds = 0
    changed = editor.set_fields(None, {"scores": {"x": 0}, "bonus": "no"}, {"bonus": "yes"}, "en")
    assert changed["bonus"] == "yes"
    assert CountingEditor.builds == 1  # D8: not built again to learn the current values
    with pytest.raises(EditError, match="not a choice of 'score.x'"):
        editor.set_fields(None, {"scores": {"x": 0}, "bonus": "no"}, {"score.x": "5"}, "en")


# -- the tools ------------------------------------------------------------------------------------------


def test_move_picks_up_what_stands_at_the_target_and_drop_puts_it_down():
    picked = apply_edit(ENGINE, EDITOR, START, "sq:2", "move", "en")
    assert (picked.position, picked.tool) == (START, "drop:sq:2")
    assert EDITOR.held(ENGINE, START, "drop:sq:2") == "sq:2" and EDITOR.held(ENGINE, START, "move") is None
    dropped = apply_edit(ENGINE, EDITOR, START, "sq:5", "drop:sq:2", "en")
    assert (dropped.position["counter"], dropped.tool) == (5, "move")


def test_the_held_piece_stands_in_the_palette_just_before_move_while_it_is_held():
    ids = [item.id for item in EDITOR.palette(ENGINE, START, "drop:sq:2", "en")]
    assert ids == ["counter", "drop:sq:2", "move", "empty"]
    assert [item.id for item in EDITOR.palette(ENGINE, START, "move", "en")] == ["counter", "move", "empty"]
    assert "drop:sq:5" not in {item.id for item in EDITOR.palette(ENGINE, START, "drop:sq:5", "en")}  # nothing there


def test_move_on_an_empty_target_and_a_drop_the_game_refuses_are_refused_in_the_readers_language():
    with pytest.raises(EditError, match="Hier staat niets"):
        apply_edit(ENGINE, EDITOR, START, "sq:4", "move", "nl")
    with pytest.raises(EditError, match="goes up to 6"):
        apply_edit(ENGINE, EDITOR, START, "sq:7", "drop:sq:2", "en")


def test_empty_takes_the_piece_at_the_target_away():
    assert apply_edit(ENGINE, EDITOR, START, "sq:2", "empty", "en").position["counter"] == 0
    with pytest.raises(EditError):
        apply_edit(ENGINE, EDITOR, START, "sq:3", "empty", "en")
    assert EDITOR.off_board(ENGINE, START, "en") == []  # the toy has nothing off the board


# -- the declared palette and the engine's refusals in the editor's words ---------------------------


class ToolEditor(FormEditor[dict[str, Any], int]):
    """A palette declared as Tools on the toy game: "set" puts the counter on the square tapped,
    "coin" is shown only while the counter is off 0; the engine's refusal of a counter above 6 is
    said in the editor's words."""

    unknown_tool = "unknown"
    engine_refusals = (("counter", "whole number from 0 to 6", "too-far"),)
    toolbox = (
        Tool[dict[str, Any], int]("set", "set", lambda pos, at, lang: {**pos, "counter": at}, "chip", "#", "pieces"),
        Tool[dict[str, Any], int]("coin", "coin", lambda pos, at, lang: {**pos, "coin": True}, shown=lambda pos: pos["counter"] > 0),
        Tool[dict[str, Any], int]("move", "move", glyph="↔"),
    )
    WORDS = {"set": "Set the counter", "coin": "Coin", "move": "Move", "pieces": "Pieces", "unknown": "No such tool.",
             "too-far": "The counter stops at 6."}

    def decode(self, engine: Any, position: Mapping[str, Any]) -> dict[str, Any]:
        return dict(position)

    def text(self, key: str, lang: str, **data: Any) -> str:
        return self.WORDS[key]

    def refuse(self, key: str, lang: str, **data: Any) -> EditError:
        return EditError(self.WORDS[key])

    def blank(self, engine: Any, position: Mapping[str, Any]) -> dict[str, Any]:
        return dict(START)

    def target(self, pos: dict[str, Any], target: str, lang: str) -> int:
        return int(target.removeprefix("sq:"))

    def pick_up(self, pos: dict[str, Any], at: int, lang: str) -> str:
        return f"sq:{at}"

    def drop(self, pos: dict[str, Any], held: str, at: int, lang: str) -> dict[str, Any]:
        return {**pos, "counter": at}

    def empty(self, pos: dict[str, Any], at: int, lang: str) -> dict[str, Any]:
        return {**pos, "counter": 0}

    def after_tap(self, engine: Any, pos: dict[str, Any], lang: str) -> dict[str, Any]:
        return self.judge(engine, pos, lang)


def test_the_palette_is_built_from_the_declared_tools_with_their_words_and_shown_only_where_they_fit():
    editor = ToolEditor()
    items = editor.palette(ENGINE, START, "set", "en")
    assert [(i.id, i.label, i.css, i.glyph, i.group) for i in items] == [
        ("set", "Set the counter", "chip", "#", "Pieces"), ("coin", "Coin", "", "", ""), ("move", "Move", "", "↔", "")]
    assert "coin" not in {i.id for i in editor.palette(ENGINE, {**START, "counter": 0}, "set", "en")}


def test_a_tap_runs_the_declared_tool_and_an_undeclared_one_is_refused_in_the_editors_words():
    editor = ToolEditor()
    assert apply_edit(ENGINE, editor, START, "sq:5", "set", "en").position["counter"] == 5
    with pytest.raises(EditError, match="No such tool"):
        apply_edit(ENGINE, editor, START, "sq:5", "paint", "en")


def test_an_engine_refusal_the_editor_declares_is_said_in_its_words_naming_the_field_others_stay_the_engines():
    editor = ToolEditor()
    with pytest.raises(EditError) as refused:
        apply_edit(ENGINE, editor, START, "sq:8", "set", "en")
    assert (refused.value.reason, refused.value.field, refused.value.engine) == ("The counter stops at 6.", "counter", False)
    editor.engine_refusals = ()
    with pytest.raises(EditError) as engine_said:
        apply_edit(ENGINE, editor, START, "sq:8", "set", "en")
    assert engine_said.value.engine and "whole number from 0 to 6" in engine_said.value.reason
