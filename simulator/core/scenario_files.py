"""Where scenario files live: ``simulator/games/<game-slug>/scenarios/<scenario-id>.toml``.

Game slugs contain hyphens, so a game's folder name is the slug with hyphens turned into
underscores (``finstere-flure`` -> ``simulator/games/finstere_flure``).
"""

from __future__ import annotations

from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


def game_package_dir(slug: str, games_dir: Path = GAMES_DIR) -> Path:
    return games_dir / slug.replace("-", "_")


def scenario_paths(slug: str, games_dir: Path = GAMES_DIR) -> dict[str, Path]:
    """Scenario id -> file, for one game (empty if the game has no scenarios yet)."""
    folder = game_package_dir(slug, games_dir) / "scenarios"
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def scenario_ids(slug: str) -> set[str]:
    return set(scenario_paths(slug))
