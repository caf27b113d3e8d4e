"""How likely a misspelt word is a slip for a word of the index: the kinds of slip people make
typing on a phone or a keyboard are not equally likely.

Two neighbouring letters swapped ("mosnter", "peices"), a doubled letter typed once or a letter
typed twice ("stappel", "pasen") and a neighbouring key ("tiren") are the usual slips; any other
single edit is rarer. :func:`slip_cost` gives one edit of the usual kinds a lower cost, so the
nearest word of the index is the one the player more likely meant ("stappel" is "stapel", not
"stappen"). No Django.
"""

from __future__ import annotations

import functools

USUAL = 0.5  # a swap, a doubled or undoubled letter, a neighbouring key
OTHER = 1.0  # any other single edit
_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


@functools.cache
def _neighbours() -> dict[str, frozenset[str]]:
    """Keys next to each letter on a QWERTY or a QWERTZ keyboard (the row's neighbours and the keys
    touching it in the rows above and below)."""
    found: dict[str, set[str]] = {}
    for rows in (_ROWS, tuple(r.translate(str.maketrans("yz", "zy")) for r in _ROWS)):
        for number, row in enumerate(rows):
            for i, key in enumerate(row):
                near = found.setdefault(key, set())
                near.update(row[max(0, i - 1) : i] + row[i + 1 : i + 2])
                if number > 0:
                    near.update(rows[number - 1][i : i + 2])
                if number + 1 < len(rows):
                    near.update(rows[number + 1][max(0, i - 1) : i + 1])
    return {key: frozenset(near - {key}) for key, near in found.items()}


def slip_cost(typed: str, meant: str) -> float:
    """The cost of ``typed`` as a slip for ``meant``, both folded and one edit apart (OSA); more
    edits cost their number."""
    if len(typed) == len(meant):
        diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
        if len(diff) == 2 and diff[1] == diff[0] + 1 and typed[diff[0]] == meant[diff[1]] and typed[diff[1]] == meant[diff[0]]:
            return USUAL  # swapped
        if len(diff) == 1:
            return USUAL if typed[diff[0]] in _neighbours().get(meant[diff[0]], frozenset()) else OTHER
        return float(len(diff))
    longer, shorter = (typed, meant) if len(typed) > len(meant) else (meant, typed)
    if len(longer) - len(shorter) != 1:
        return float(abs(len(typed) - len(meant)) + 1)
    for i in range(len(longer)):
        if longer[:i] + longer[i + 1 :] == shorter:
            doubled = (i > 0 and longer[i - 1] == longer[i]) or (i + 1 < len(longer) and longer[i + 1] == longer[i])
            return USUAL if doubled else OTHER
    return 2.0
