"""A fifth game as a contributor writes it (issue 38's proof, tests/toygames/test_fifth_game.py): the
toy game's rules under a slug of its own, in a package of its own, with its catalogues
(``messages_<lang>.py``), scenarios, scenario texts and stylesheet; its content folder is
``tests/toygames/fifth/content/fifth-game/``. Nothing shared names it."""

from __future__ import annotations

from pathlib import Path

from rules.core.engine import GameInfo
from rules.core.messages import Messages
from rules.core.registry import Capability, GameSpec
from tests.toygames.toy_game import PLAYERS, ToyEditor, ToyEngine, ToyView


class FifthEngine(ToyEngine):
    info = GameInfo(slug="fifth-game", language="nl", min_seats=2, max_seats=2)
    messages = Messages.for_package(__name__, source="nl")


GAME = GameSpec(
    engine=FifthEngine(),
    view=ToyView(),
    package_dir=Path(__file__).resolve().parent,
    stylesheet="board.css",
    editor=ToyEditor(),
    players=PLAYERS,
    capabilities=frozenset({Capability.TAP, Capability.EXPLAIN, Capability.EDITOR}),
)
