"""Functions a reader can hold: none longer than :data:`MAX_LINES` lines, in every Python file of the
project (product, benches, tools and tests; migrations are generated and left out).

A function's length is counted from its ``def`` (decorators not included) to its last line,
docstring and comments included, as :mod:`ast` reports them. Its complexity (McCabe 12) is checked
by ruff's C901 in ``make lint`` (see pyproject.toml); the engines' rule functions that stay above it
say so with ``# noqa: C901`` and the clause they implement. The last test runs the check on a
made-up source to show that it fails on a long function and names it.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_LINES = 60
# Directories that hold no project source of ours.
SKIPPED_DIRS = {"migrations", "node_modules", "staticfiles", "__pycache__"}


def project_sources() -> Iterator[Path]:
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.endswith(".py"):
                yield Path(folder, name)


def long_functions(source: str, path: str, limit: int = MAX_LINES) -> list[str]:
    """``path:line name (n lines)`` for each function or method in ``source`` longer than ``limit``."""
    found = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                found.append(f"{path}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_longer_than_sixty_lines() -> None:
    sources = list(project_sources())
    assert len(sources) > 100, "the walk found too few files to be the project"
    offenders = [
        line
        for path in sources
        for line in long_functions(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    ]
    assert not offenders, f"functions over {MAX_LINES} lines:\n" + "\n".join(offenders)


def test_the_check_names_a_long_function_and_passes_a_short_one() -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(MAX_LINES))  # def + 60 lines = 61
    source = f"def short():\n    return 1\n\n\nclass Box:\n    async def long(self):\n{body}"
    assert long_functions(source, "made/up.py") == [f"made/up.py:6 long ({MAX_LINES + 1} lines)"]
    assert long_functions(source, "made/up.py", limit=MAX_LINES + 1) == []
