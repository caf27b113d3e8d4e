"""The table of error codes in docs/API.md, written from :class:`rules.core.problems.Code`.

``python tools/error_codes.py`` rewrites the table between the two markers in docs/API.md;
``python tools/error_codes.py --check`` only says whether it is up to date (exit status 1 if not).
tests/simulator_web/test_api_codes.py fails when the document and the enum differ."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.problems import MEANINGS  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "API.md"
BEGIN = "<!-- error codes: written by tools/error_codes.py from rules.core.problems.Code; do not edit -->"
END = "<!-- end of error codes -->"


def table() -> str:
    """Every code once: its HTTP status, where it is used, what it means, and its ``data`` fields."""
    rows = ["| code | status | where | meaning | `data` |", "|---|---|---|---|---|"]
    for code, meaning in MEANINGS.items():
        data = ", ".join(f"`{name.strip()}`" for name in meaning.data.split(",")) if meaning.data else ""
        rows.append(f"| `{code}` | {meaning.status} | {meaning.where} | {meaning.text} | {data} |")
    return "\n".join(rows)


def written(doc: str) -> str:
    """``doc`` with the table between the markers replaced by :func:`table`."""
    head, found, rest = doc.partition(BEGIN)
    _old, ended, tail = rest.partition(END)
    if not found or not ended:
        raise ValueError(f"docs/API.md lacks the markers {BEGIN!r} ... {END!r}")
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    doc = DOC.read_text(encoding="utf-8")
    new = written(doc)
    if "--check" in argv:
        print("docs/API.md: the error codes are up to date" if new == doc else "docs/API.md: run tools/error_codes.py")
        return 0 if new == doc else 1
    DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
