"""rules.core.inputs, the one reader of visitor input: what Python's own parsers would turn into
a RecursionError or a ValueError (review 2026-11-30, defect 2) is an InputError naming the field."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.inputs import MAX_DEPTH, MAX_INT_DIGITS, InputError, nesting_depth, parse_int, parse_json

# Strings full of the characters the depth scan must see through.
TRICKY_TEXT = st.text(alphabet='[]{}"\\ab,: \n', max_size=12)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**MAX_INT_DIGITS) + 1, 10**MAX_INT_DIGITS - 1) | TRICKY_TEXT,
    lambda children: st.lists(children, max_size=3) | st.dictionaries(TRICKY_TEXT, children, max_size=3),
    max_leaves=20,
)


def _depth(value) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


@given(JSON_VALUES)
def test_the_depth_scan_agrees_with_the_decoder(value):
    text = json.dumps(value)
    assert nesting_depth(text) == _depth(value)
    assert parse_json(text, "x") == value


@pytest.mark.parametrize(
    "text, kind",
    [
        ("[" * 1000 + "]" * 1000, "depth"),  # RecursionError in json.loads
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "depth"),
        ("1" * 4301, "number"),  # ValueError: more than 4,300 digits
        ('{"seed": -' + "9" * 31 + "}", "number"),
        ("[1e999]", "number"),
        ("[NaN]", "syntax"),
        ("{", "syntax"),
        (b"\xff[]", "syntax"),
    ],
)
def test_what_python_cannot_decode_is_an_input_error_naming_the_field(text, kind):
    with pytest.raises(InputError) as caught:
        parse_json(text, "position")
    assert caught.value.field == "position" and caught.value.kind == kind and caught.value.reason


def test_nesting_up_to_the_limit_is_read():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert nesting_depth(text) == MAX_DEPTH and parse_json(text, "x")


def test_an_unterminated_string_of_escaped_quotes_is_read_in_one_pass():
    # A backtracking string pattern took minutes on this 256 KB body; the scan is linear.
    text = "[[" + '"' + '\\"' * (128 * 1024)
    assert nesting_depth(text) == 2
    with pytest.raises(InputError):
        parse_json(text, "body")


@pytest.mark.parametrize("text", ["²", "①", "𝟏", "٣", "--4", "4\n", " 4", "+4", "1_0", "0x1", "", "1" * 19])
def test_only_ascii_digits_are_a_whole_number(text):
    with pytest.raises(InputError) as caught:
        parse_int(text, "step", lo=0)
    assert caught.value.field == "step"


def test_whole_numbers_and_their_range():
    assert parse_int("0", "n", lo=0) == 0 and parse_int("-12", "n") == -12
    with pytest.raises(InputError, match="from 2 to 7"):
        parse_int("9", "players", 2, 7)
    with pytest.raises(InputError):
        parse_int("-1", "step", lo=0)


@pytest.mark.parametrize("text", ["٣", "²", "①", "3\n", "--4", "+4", " 4"])
def test_a_setup_number_from_a_form_is_ascii_digits_only(text):
    """The new-game form's numbers: int() reads "٣" and "3\\n", the form must refuse them by name."""
    from rules.core.engine import PositionError
    from rules.core.registry import get_game
    from rules.core.setup import validate_setup

    engine = get_game("finstere-flure").engine
    name = next(o.name for o in engine.setup_options() if o.kind == "int")
    with pytest.raises(PositionError) as refused:
        validate_setup(engine, {name: text}, from_strings=True)
    assert refused.value.field == name


@pytest.mark.parametrize("value", ["[", "{", "a[b", ["]"], {"[": 1}])
def test_one_bracket_inside_a_string_is_not_nesting(value):
    assert nesting_depth(json.dumps(value)) == _depth(value)
