"""A field that is a number is a number in the events as in the position (the API's promise):
``9``, not ``"9"``; a side field (``"6b"``) or a place (``"camp"``) stays a string."""

from __future__ import annotations

import random

from rules.core.setup import validate_setup
from rules.games.der_dunkle_turm import ENGINE

FIELD_KEYS = ("field", "fields", "to", "trail", "lair")


def test_events_give_numbered_fields_as_numbers():
    seen = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = ENGINE.initial_state(validate_setup(ENGINE, {}))
        for _ in range(400):
            actions = ENGINE.legal_actions(state)
            if not actions:
                break
            state, events = ENGINE.apply(state, rng.choice(actions))
            for event in events:
                for key in FIELD_KEYS:
                    if key not in event.data:
                        continue
                    value = event.data[key]
                    for item in value if isinstance(value, list | tuple) else [value]:
                        assert not (isinstance(item, str) and item.isdigit()), (event.key, key, value)
                        seen += isinstance(item, int)
    assert seen > 50  # the games above move over many numbered fields
