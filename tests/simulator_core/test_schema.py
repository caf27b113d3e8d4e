"""The declared position formats (``rules.core.schema``): each kind refuses bad input naming the
field, defaults are filled in, ``encode`` writes back what ``decode`` reads, and the reference lists
every field. The games' formats are checked through the registry."""

from __future__ import annotations

import json

import pytest

from rules.core.engine import PositionError
from rules.core.registry import all_games
from rules.core.schema import (
    Bool,
    Check,
    Choice,
    Counts,
    Either,
    Int,
    ListOf,
    MapOf,
    Nullable,
    Obj,
    Str,
    Tuple,
    need,
    only_keys,
    opt,
)
from rules.core.setup import validate_setup


def _even(value: int, field: str) -> int:
    if value % 2:
        raise PositionError(field, "must be even")
    return value


SQUARE = Tuple(Int(0, 9), Int(0, 9), shown="a square [x, y]")
PIECE = Obj({"at": need(SQUARE), "kind": opt(Choice(("pawn", "king")), default="pawn")})
FORMAT = Obj({
    "players": need(ListOf(Choice(("red", "blue", "green")), 2, 3, unique="a colour is listed twice", noun="colours")),
    "round": opt(Int(1, 50), default=1),
    "over": opt(Bool(), default=False),
    "name": opt(Str(max_length=10)),
    "pieces": opt(MapOf(("red", "blue", "green"), ListOf(Either(SQUARE, PIECE)), "a colour"), default=dict),
    "winner": opt(Nullable(Choice(("red", "blue", "green")), null=""), default_doc="none yet"),
    "cards": opt(Counts({"a": 2, "b": 1}), default=lambda: {"a": 0, "b": 0}),
    "score": opt(Check(Int(0), _even, "an even number"), default=0),
    "last": opt(SQUARE, null_is_absent=True),
})  # fmt: skip
GOOD = {"players": ["red", "blue"]}


def refused(change: dict, kind=FORMAT) -> PositionError:
    with pytest.raises(PositionError) as info:
        kind.decode({**GOOD, **change})
    return info.value


def test_defaults_are_filled_in():
    assert FORMAT.decode(GOOD) == {
        "players": ["red", "blue"], "round": 1, "over": False, "name": None, "pieces": {}, "winner": None,
        "cards": {"a": 0, "b": 0}, "score": 0, "last": None,
    }  # fmt: skip


def test_a_mutable_default_is_fresh_each_time():
    first = FORMAT.decode(GOOD)
    first["pieces"]["red"] = []
    assert FORMAT.decode(GOOD)["pieces"] == {}


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"colour": 1}, "colour", "unknown key; expected one of players, round"),
        ({"players": "red"}, "players", "must be a list"),
        ({"players": ["red"]}, "players", "must list 2 to 3 colours, not 1"),
        ({"players": ["red", "pink"]}, "players.1", "must be one of red, blue, green"),
        ({"players": ["red", "red"]}, "players", "a colour is listed twice: 'red'"),
        ({"round": 0}, "round", "must be at least 1"),
        ({"round": 51}, "round", "must be at most 50"),
        ({"round": "3"}, "round", "must be an integer"),
        ({"round": True}, "round", "must be an integer"),
        ({"over": 1}, "over", "must be true or false"),
        ({"name": 5}, "name", "must be a string"),
        ({"name": "x" * 11}, "name", "at most 10 characters"),
        ({"pieces": {"pink": []}}, "pieces.pink", "unknown key"),
        ({"pieces": {"red": [[1]]}}, "pieces.red.0", "must be a square [x, y]"),
        ({"pieces": {"red": [[1, 10]]}}, "pieces.red.0.1", "must be at most 9"),
        ({"pieces": {"red": [{"kind": "king"}]}}, "pieces.red.0.at", "missing"),
        ({"pieces": {"red": [{"at": [1, 1], "kind": "queen"}]}}, "pieces.red.0.kind", "must be one of pawn, king"),
        ({"pieces": {"red": [{"at": [1, 1], "colour": "red"}]}}, "pieces.red.0.colour", "unknown key"),
        ({"winner": "pink"}, "winner", "must be one of"),
        ({"cards": {"a": 3}}, "cards.a", "must be at most 2"),
        ({"cards": {"c": 1}}, "cards.c", "unknown key"),
        ({"score": 3}, "score", "must be even"),
        ({"last": [1, 2, 3]}, "last", "must be a square [x, y]"),
    ],
)
def test_each_kind_refuses_bad_input_naming_the_field(change, field, words):
    error = refused(change)
    assert error.field == field and words in error.reason, error


def test_a_missing_required_key_and_a_non_object_are_named():
    with pytest.raises(PositionError) as info:
        FORMAT.decode({})
    assert (info.value.field, info.value.reason) == ("players", "missing")
    with pytest.raises(PositionError) as info:
        FORMAT.decode([1])
    assert info.value.field == "position"
    with pytest.raises(PositionError) as info:
        Obj({}, root="").decode(None)
    assert info.value.field == ""


def test_null_reads_as_declared():
    decoded = FORMAT.decode({**GOOD, "winner": None, "last": None})
    assert decoded["winner"] == "" and decoded["last"] is None
    assert FORMAT.decode({**GOOD, "winner": "blue"})["winner"] == "blue"


def test_choices_may_be_written_as_numbers():
    field = Choice(("7", "12", "camp"), numbers=True, write_numbers=True)
    assert field.decode(7) == "7" and field.decode("12") == "12" and field.decode("camp") == "camp"
    assert field.encode("7") == 7 and field.encode("camp") == "camp"
    with pytest.raises(PositionError, match="must be one of"):
        field.decode(8, "at")
    with pytest.raises(PositionError) as info:
        Choice(("a",), message="must be a place").decode("b", "x")
    assert info.value.reason == "must be a place, not 'b'"


def test_encode_writes_what_decode_reads_in_the_declared_order():
    data = {
        "last": [2, 3], "players": ["green", "red"], "round": 4, "pieces": {"red": [[1, 1], {"at": [2, 2], "kind": "king"}]},
        "winner": "", "cards": {"a": 2},
    }  # fmt: skip
    written = FORMAT.encode(data)
    assert list(written) == ["players", "round", "pieces", "winner", "cards", "last"]
    assert written["winner"] is None  # the declared null
    again = FORMAT.decode(json.loads(json.dumps(written)))
    assert again["pieces"] == data["pieces"] and again["last"] == [2, 3] and again["cards"] == {"a": 2, "b": 0}


def test_only_keys_refuses_keys_another_field_rules_out():
    only_keys({"red": 1}, "scores", ("red", "blue"))
    with pytest.raises(PositionError) as info:
        only_keys({"green": 1}, "scores", ("red", "blue"))
    assert info.value.field == "scores.green"


def test_the_reference_lists_every_field_with_what_it_expects():
    text = FORMAT.reference()
    for line in ("- `players`: list of 2 to 3 colours, each one of `red`, `blue`, `green`, none twice; required",
                 "- `round`: integer 1-50; default `1`", "- `winner`: null or one of", "default none yet",
                 "    - `at`: a square [x, y]", "    - `kind`: one of `pawn`, `king`; default `\"pawn\"`",
                 "- `score`: an even number"):  # fmt: skip
        assert line in text, line


@pytest.mark.parametrize("spec", [g for g in all_games() if g.position_format is not None], ids=lambda g: g.slug)
def test_every_games_reference_names_each_top_level_key(spec):
    fmt = spec.position_format.inner()
    text = fmt.reference()
    for key in fmt.keys:
        assert f"- `{key}`: " in text
    state = spec.engine.initial_state(validate_setup(spec.engine, {}))
    written = spec.engine.position_of(state)
    assert set(written) <= set(fmt.keys)
    assert fmt.encode(fmt.decode(json.loads(json.dumps(written)))) is not None
