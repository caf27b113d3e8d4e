"""The checked game spec (issue 38, boardgame.io's ``ProcessGameConfig``): a game declares what it
offers beyond its engine and view-model, and the spec is checked once, when it is made: a declared
capability the game does not provide, or one it provides without declaring it, is an error naming
the game and the capability; the pages read the completed spec."""

from __future__ import annotations

import types
from dataclasses import replace

import pytest

from rules.core.registry import Capability, GameSpec, SpecError, all_games, get_game

TOY = get_game("toy-game")


def toy_spec(view, **changes):
    base = {"engine": TOY.engine, "view": view, "package_dir": TOY.package_dir, "players": TOY.players}
    return GameSpec(**{**base, **changes})


def view_module(*optional: str) -> types.ModuleType:
    """A module holding the toy's view functions: the module is the view-model."""
    module = types.ModuleType("a_view")
    for name in ("board_view", "action_label", "action_group", *optional):
        setattr(module, name, getattr(TOY.view, name))
    return module


def test_a_module_is_a_view_and_its_declared_functions_are_what_the_pages_call():
    spec = toy_spec(view_module("tap"), capabilities=frozenset({Capability.TAP}))
    assert spec.tap == TOY.view.tap and spec.can(Capability.TAP)
    assert spec.explain is None and spec.about is None and not spec.can(Capability.EXPLAIN)


def test_a_declared_capability_the_game_lacks_is_an_error_naming_game_and_capability():
    with pytest.raises(SpecError, match=r"toy-game: declares Capability.ABOUT \('about'\)"):
        toy_spec(view_module(), capabilities=frozenset({Capability.ABOUT}))
    with pytest.raises(SpecError, match=r"toy-game: declares Capability.EDITOR"):
        toy_spec(view_module(), capabilities=frozenset({Capability.EDITOR}))


def test_a_capability_provided_but_not_declared_is_an_error():
    with pytest.raises(SpecError, match=r"toy-game: provides Capability.EXPLAIN \('explain'\).*does not declare"):
        toy_spec(view_module("explain"))
    with pytest.raises(SpecError, match=r"toy-game: provides Capability.EDITOR"):
        toy_spec(view_module(), editor=TOY.editor)


def test_a_view_without_the_view_model_functions_is_refused():
    module = view_module()
    del module.action_group
    with pytest.raises(SpecError, match="toy-game: the view-model has no action_group"):
        toy_spec(module)


def test_every_registered_game_gets_what_it_declares():
    for spec in all_games():
        assert replace(spec).capabilities == spec.capabilities  # it passes its own check again
        for capability, function in ((Capability.TAP, spec.tap), (Capability.EXPLAIN, spec.explain),
                                     (Capability.ABOUT, spec.about)):  # fmt: skip
            assert (function is not None) == spec.can(capability), (spec.slug, capability)
        assert (spec.editor is not None) == spec.can(Capability.EDITOR), spec.slug


BROKEN_GAME = """
from rules.core.registry import Capability, GameSpec, get_game

TOY = get_game("toy-game")
GAME = GameSpec(engine=TOY.engine, view=TOY.view, editor=TOY.editor, package_dir=TOY.package_dir, players=TOY.players,
                capabilities=TOY.capabilities | {Capability.POSITION_FORMAT})
"""


def test_the_site_does_not_start_with_a_game_that_does_not_hold_its_declaration(tmp_path, monkeypatch):
    """The registry is checked at start-up (Django's system checks, run by ``check``, ``migrate`` and
    ``runserver``), not on the first page that asks for the game."""
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    from rules.core import registry

    call_command("check")  # the real games pass
    (tmp_path / "brokengames" / "broken_game").mkdir(parents=True)
    (tmp_path / "brokengames" / "__init__.py").write_text("")
    (tmp_path / "brokengames" / "broken_game" / "__init__.py").write_text(BROKEN_GAME)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "PACKAGES", [*registry.PACKAGES, "brokengames"])
    monkeypatch.setattr(registry, "_cache", {})
    with pytest.raises(SystemCheckError, match=r"simulator.E001.*toy-game: declares Capability.POSITION_FORMAT"):
        call_command("check")
