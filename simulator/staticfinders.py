"""Static files of the game packages: ``rules/games/<pkg>/static/<file>`` is served as
``games/<slug>/<file>`` (a game's board stylesheet, ``GameSpec.stylesheet``), so a new game adds
its CSS inside its own package and no shared file changes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from django.contrib.staticfiles import utils
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

from rules.core.registry import all_games


class GameStaticFinder(BaseFinder):
    def _storages(self) -> Iterator[FileSystemStorage]:
        for spec in all_games():
            if spec.static_dir.is_dir():
                storage = FileSystemStorage(location=spec.static_dir)
                storage.prefix = f"games/{spec.slug}"  # type: ignore[attr-defined]
                yield storage

    def check(self, **kwargs: Any) -> list[Any]:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        find_all = find_all or kwargs.get("all", False)
        matches = []
        for storage in self._storages():
            prefix = storage.prefix + "/"  # type: ignore[attr-defined]
            if path.startswith(prefix):
                candidate = storage.path(path[len(prefix) :])
                if os.path.exists(candidate):
                    if not find_all:
                        return candidate
                    matches.append(candidate)
        return matches

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        for storage in self._storages():
            for path in utils.get_files(storage, ignore_patterns):
                yield path, storage
