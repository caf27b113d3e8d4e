"""The game registry checked at start-up (Django's system checks: ``manage.py check``, ``migrate``,
``runserver``): every game package is imported and its spec checked once, so a game that declares a
capability it does not provide (or provides one it does not declare) stops the site from starting
with a message naming the game, instead of failing on the first page that asks for it."""

from __future__ import annotations

from typing import Any

from django.core.checks import CheckMessage, Error, register

from rules.core.registry import SpecError, all_games


@register("games")
def games_are_declared(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    try:
        all_games()
    except (SpecError, TypeError) as exc:
        return [Error(str(exc), hint="rules/core/registry.py: GameSpec and Capability", id="simulator.E001")]
    return []
