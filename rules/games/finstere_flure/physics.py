"""How pushed objects move over blood, shared by a player's move and the monster's step
(clauses ``ff-steen-op-bloedplas``, ``ff-steen-op-start-of-doel``, ``ff-monster-schuift-steen``).

A stone pushed by a figure and a stone or figure pushed by the monster obey the same rule: an object
that lands on blood slides on in the direction of the push and stops on the blood square before the
first obstacle (another object, the monster or the outer wall) or on the first square beyond the
pool. A stone that comes to rest on the start or exit square is taken off the board.
"""

from __future__ import annotations

from collections.abc import Callable, Set

from .board import EXIT, START, Square, on_board, step


def slide(square: Square, direction: str, blood: Set[Square], blocked: Callable[[Square], bool]) -> Square:
    """Where an object pushed onto ``square`` in ``direction`` comes to rest (ff-steen-op-bloedplas).

    ``blocked(sq)`` says whether another object or the monster stands on ``sq``; the object itself
    never blocks its own way (it moves away from where it was). Off blood the object stays put.
    """
    pos = square
    while pos in blood:
        nxt = step(pos, direction)
        if not on_board(nxt) or blocked(nxt):
            break
        pos = nxt
    return pos


def stone_removed(square: Square) -> bool:
    """A stone that comes to rest on the start or exit square leaves the board (ff-steen-op-start-of-doel)."""
    return square == START or square == EXIT
