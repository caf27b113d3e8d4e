"""The rules library: the engine core (``rules.core``) and one package per game (``rules.games``).

No Django here and no app's code: the rulebooks, FAQ, simulator and rooms apps import this
library, never the other way round (``tests/test_layering.py``). A game is a package
``rules/games/<pkg>/`` exporting ``GAME = GameSpec(...)`` (``rules/core/registry.py``).
"""
