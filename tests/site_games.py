"""The games on the site: every folder of the rulebook content with a rulebook (read from the
folders, so a new game is covered by the tests that list games without editing them)."""

from __future__ import annotations

from pathlib import Path

CONTENT_DIR = Path(__file__).resolve().parent.parent / "rulebooks" / "content"
SITE_GAMES: tuple[str, ...] = tuple(sorted(p.name for p in CONTENT_DIR.iterdir() if (p / "rulebook.md").is_file()))
