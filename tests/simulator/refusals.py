"""Refusals in engine tests: apply an action that the rules must forbid and return the error."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core.engine import Engine, RuleError


def refusal(engine: Engine[Any], state: Any, action: str) -> RuleError:
    """The RuleError ``engine`` raises for ``action`` at ``state`` (the test fails if it is legal)."""
    with pytest.raises(RuleError) as info:
        engine.apply(state, action)
    return info.value
