"""Moving by tapping the board (no Django).

A player chooses an action by tapping *targets* one after the other: the piece, then a
destination (or, in Finstere Flure, every square of a figure's path). A target id is a short string
that a board shape carries in :attr:`rules.core.view.Shape.target` (``"sq:3,4"``, ``"fig:red4"``);
targets that are not drawn on the board (an outcome among several at one destination, a card in
the hand) are offered in a row under the board, with their label.

The *pick* is the tuple of targets tapped so far (the page keeps it in the URL, ``&pick=a/b/c``).
A game's view-model answers ``tap(engine, state, pick, lang=...) -> TapOptions``: what may be
tapped next, and which action the pick stands for if the player confirms now ("OK").
:func:`taps_from_paths` builds that answer for games whose actions each have one fixed tap path;
a game whose paths are free (Finstere Flure's walks) answers incrementally itself.

A target that is not offered can be asked about: the view-model's ``explain(engine, state, pick,
target, lang=...) -> RuleError | None`` says why it cannot continue the pick, citing the clause
that forbids it. It tries the actions the tap would stand for and reports the engine's own refusal
(:func:`refusal`), so the answer is always the engine's; where no single action applies it gives
a reason of its own that still cites a clause ("it is not your piece", "no move ends there").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .engine import RuleError, attempt
from .problems import Code, Problem

if TYPE_CHECKING:
    from .registry import GameSpec

TARGET_RE = re.compile(r"^[A-Za-z0-9:,_+=-]{1,64}$")
MAX_PICK = 64
PICK_SEPARATOR = "/"


class PickError(Problem, ValueError):
    """A pick that is malformed or cannot be tapped in this state (code ``bad-pick``, 400)."""

    code = Code.BAD_PICK

    def __init__(self, reason: str, field: str = "pick"):
        super().__init__(field, reason)


@dataclass(frozen=True)
class Tap:
    """One target that may be tapped next.

    ``plays``: the action tapping it plays at once (the pick is complete and nothing longer
    starts with it); ``None`` when the pick goes on (the target is added to the pick).
    ``label``: its accessible name, and its text when it is not drawn on the board."""

    target: str
    label: str
    plays: str | None = None


@dataclass(frozen=True)
class TapOptions:
    taps: tuple[Tap, ...] = ()
    # The action the pick stands for when the player confirms now ("OK"); None when the pick is not
    # yet a whole action (or when the last tap plays it at once).
    confirm: str | None = None
    # A sentence about the pick so far ("Rood 4: 2 stappen, nog 2"), in the reader's language.
    status: str = ""
    # Targets already picked, for highlighting (default: the pick itself).
    chosen: tuple[str, ...] = field(default_factory=tuple)

    def tap(self, target: str) -> Tap | None:
        for t in self.taps:
            if t.target == target:
                return t
        return None


def parse_pick(raw: str | None) -> tuple[str, ...]:
    """The pick of a URL parameter ``a/b/c``; raises :class:`PickError` when malformed."""
    if not raw:
        return ()
    parts = tuple(raw.split(PICK_SEPARATOR))
    if len(parts) > MAX_PICK:
        raise PickError(f"a pick has at most {MAX_PICK} targets")
    for part in parts:
        if not TARGET_RE.match(part):
            raise PickError(f"'{part[:40]}' is not a target id")
    return parts


def format_pick(pick: Sequence[str]) -> str:
    return PICK_SEPARATOR.join(pick)


def taps_from_paths(
    legal: Iterable[str],
    path_of: Callable[[str], Sequence[str] | None],
    pick: Sequence[str],
    label_of: Callable[[str, str | None], str],
    *,
    confirm_always: bool = False,
) -> TapOptions:
    """Tap options for games whose every action has one fixed tap path.

    ``path_of(action)`` is the targets tapped for ``action`` (``None``: not tappable, the list of
    actions offers it); ``label_of(target, action)`` names a target (``action``: the action that
    tapping it plays, if it does). Two actions with the same path: the first wins (a game avoids
    this by ending the path with a target per outcome). With ``confirm_always`` every action needs
    "OK" (no tap plays at once)."""
    pick = tuple(pick)
    n = len(pick)
    complete: str | None = None
    nexts: dict[str, list[tuple[str, int]]] = {}
    for action in legal:
        path = path_of(action)
        if not path:
            continue
        path = tuple(path)
        if path[:n] != pick:
            continue
        if len(path) == n:
            if complete is None:
                complete = action
            continue
        nexts.setdefault(path[n], []).append((action, len(path)))
    if n and complete is None and not nexts:
        raise PickError("this cannot be tapped here")
    taps = []
    for target, actions in nexts.items():
        plays = None
        if not confirm_always and len(actions) >= 1 and all(length == n + 1 for _a, length in actions):
            plays = actions[0][0]
        taps.append(Tap(target, label_of(target, plays), plays))
    return TapOptions(tuple(taps), complete if n else None, "", pick)


def tap_options(spec: GameSpec, state: Any, pick: Sequence[str], lang: str | None) -> TapOptions | None:
    """The view-model's tap options, or None for a game that does not declare tapping
    (``Capability.TAP``). The view-model raises :class:`PickError` for a pick the board would never
    have offered (a URL cannot smuggle one in)."""
    if spec.tap is None:
        if pick:
            raise PickError("this game cannot be played by tapping")
        return None
    options: TapOptions = spec.tap(spec.engine, state, tuple(pick), lang=lang)
    return options


def refusal(engine: Any, state: Any, action: str) -> RuleError | None:
    """The engine's refusal of ``action`` at ``state`` (its RuleError, citing the clause), or None
    when the engine would play it (:func:`~rules.core.engine.attempt`)."""
    outcome = attempt(engine, state, action)
    return outcome if isinstance(outcome, RuleError) else None
