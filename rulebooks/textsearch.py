"""Folding text for the search (no Django): lowercase, accents stripped, ß -> ss, punctuation to
spaces, with a map back to the original characters (for highlighting), and the cleaning of a
visitor's query (control characters out, white space collapsed, length capped). The search itself
is :mod:`rulebooks.search`.
"""

from __future__ import annotations

import re
import unicodedata

MAX_QUERY_CHARS = 200
SPECIAL_FOLDS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ĳ": "ij", "ẞ": "ss"}


_NOT_ASCII_ALNUM = re.compile(r"[^a-z0-9]")
_ASCII_OR_NOT = re.compile(r"[\x00-\x7f]+|[^\x00-\x7f]+")


def _fold_char(ch: str) -> str:
    low = ch.lower()
    if low in SPECIAL_FOLDS:
        folded = SPECIAL_FOLDS[low]
    else:
        folded = "".join(c for c in unicodedata.normalize("NFKD", low) if not unicodedata.combining(c))
    return "".join(c if c.isalnum() else " " for c in folded)


def fold_with_map(text: str) -> tuple[str, list[int]]:
    """Fold ``text``; also return, for each folded character, its index in ``text``."""
    out: list[str] = []
    positions: list[int] = []
    # Runs of ASCII (most of any text) are folded at once; other characters one by one.
    for run in _ASCII_OR_NOT.finditer(text):
        chunk, offset = run.group(0), run.start()
        if chunk[0] < "\x80":
            out.append(_NOT_ASCII_ALNUM.sub(" ", chunk.lower()))
            positions.extend(range(offset, offset + len(chunk)))
            continue
        for i, ch in enumerate(chunk, offset):
            folded = _fold_char(ch)
            out.append(folded)
            positions.extend([i] * len(folded))
    return "".join(out), positions


def fold(text: str) -> str:
    return fold_with_map(text)[0]


def clean_query(raw: str) -> tuple[str, bool]:
    """Drop control and format characters, collapse white space, cap the length."""
    cleaned = "".join(" " if unicodedata.category(c) in {"Cc", "Cf", "Cs", "Co", "Zl", "Zp"} else c for c in raw)
    cleaned = " ".join(cleaned.split())
    truncated = len(cleaned) > MAX_QUERY_CHARS
    return cleaned[:MAX_QUERY_CHARS].strip(), truncated
