"""Where scenario files live: ``<game package>/scenarios/<scenario-id>.toml``.

A registered game's package folder comes from its ``GameSpec``; a game without an engine (yet) is
looked up under ``rules/games/<slug_with_underscores>/`` so that stray scenarios are reported.
"""

from __future__ import annotations

from pathlib import Path

GAMES_DIR = Path(__file__).resolve().parent.parent / "games"


def game_package_dir(slug: str, games_dir: Path = GAMES_DIR) -> Path:
    return games_dir / slug.replace("-", "_")


def scenario_paths(slug: str) -> dict[str, Path]:
    """Scenario id -> file, for one game (empty if the game has no scenarios yet)."""
    from .registry import get_game, valid_slug

    if not valid_slug(slug):
        return {}
    spec = get_game(slug)
    folder = spec.scenario_dir if spec is not None else game_package_dir(slug) / "scenarios"
    if not folder.is_dir():
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def scenario_ids(slug: str) -> set[str]:
    return set(scenario_paths(slug))
