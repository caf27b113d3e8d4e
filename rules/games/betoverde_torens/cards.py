"""The 90 movement cards (bt-verplaatsingskaarten) and the spells (bt-toverspreuken).

Card codes: ``w1``..``w5`` (wizard), ``t1``..``t5`` (tower), ``x1``..``x4`` (wizard or tower, one
number), ``x5-1``, ``x4-2``, ``x2-4``, ``x1-5`` (wizard or tower, tower number first), ``xd``
(wizard or tower, one die), ``w2d``/``t2d`` (two dice: up to two rolls), ``w3d``/``t3d`` (three).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Card:
    code: str
    wizard: bool  # may move a wizard
    tower: bool  # may move a tower
    wizard_steps: int  # 0 for a die card
    tower_steps: int
    dice: int  # 0 for a number card; otherwise the number of rolls allowed
    copies: int


def _cards() -> tuple[Card, ...]:
    out = [Card(f"w{n}", True, False, n, 0, 0, 4) for n in range(1, 6)]
    out += [Card(f"t{n}", False, True, 0, n, 0, 4) for n in range(1, 6)]
    out += [Card(f"x{n}", True, True, n, n, 0, 3) for n in range(1, 5)]
    out += [Card(f"x{t}-{w}", True, True, w, t, 0, 6) for t, w in ((5, 1), (4, 2), (2, 4), (1, 5))]
    out += [
        Card("xd", True, True, 0, 0, 1, 6),
        Card("w2d", True, False, 0, 0, 2, 3),
        Card("t2d", False, True, 0, 0, 2, 3),
        Card("w3d", True, False, 0, 0, 3, 1),
        Card("t3d", False, True, 0, 0, 3, 1),
    ]
    return tuple(out)


CARDS: tuple[Card, ...] = _cards()
CODES: tuple[str, ...] = tuple(c.code for c in CARDS)
INDEX: dict[str, int] = {c.code: i for i, c in enumerate(CARDS)}
BY_CODE: dict[str, Card] = {c.code: c for c in CARDS}
FULL_DECK: tuple[int, ...] = tuple(c.copies for c in CARDS)
assert sum(FULL_DECK) == 90

# Spells: name -> cost in filled flasks (bt-spreuk-*)
SPELL_COST: dict[str, int] = {
    "wizard-fwd": 2,
    "wizard-back": 2,
    "tower-fwd": 1,
    "tower-back": 1,
    "swap": 2,
    "raven": 2,
    "lift": 2,
    "free": 2,
}
SPELLS: tuple[str, ...] = tuple(SPELL_COST)
SPELL_CLAUSE: dict[str, str] = {
    "wizard-fwd": "bt-spreuk-tovenaar",
    "wizard-back": "bt-spreuk-tovenaar",
    "tower-fwd": "bt-spreuk-toren",
    "tower-back": "bt-spreuk-toren",
    "swap": "bt-spreuk-torens-wisselen",
    "raven": "bt-spreuk-raventoren",
    "lift": "bt-spreuk-meeliften",
    "free": "bt-spreuk-bevrijden",
}
BASIC_SPELLS: tuple[str, ...] = ("wizard-fwd", "tower-fwd")
