"""Replayed timelines kept per process, so stepping through a game does not replay it per request.

Time travel is replay (:mod:`rules.core.timeline`): every step of a 400-action log would replay
400 actions. This cache keeps recently used timelines, keyed by everything that determines them:

* a scenario: (game, scenario id, the file's modification time and size), so an edited file is
  replayed afresh;
* a log: (game, the exact log token of the URL). Two different tokens never share an entry, even
  if they decode to the same game;
* a log the JSON API was given as JSON (a setup, position or scenario start with actions): (game,
  the log's canonical JSON: sorted keys, no spaces), if that is at most MAX_JSON_KEY_CHARS long
  (a longer one is replayed and not kept).

It is bounded by the number of frames it holds (the memory is in the states), least recently used
first out. Timelines are shared between requests: engines' states are immutable (frozen
dataclasses, every ``apply`` returns a new state) and nothing that renders a page changes a
timeline, its frames or their event lists. Failed replays are not cached (they raise each time).
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from rules.core import codec
from rules.core.engine import Engine
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import ScenarioError, load_scenario
from rules.core.timeline import Timeline, from_log, from_scenario

MAX_FRAMES = 50_000  # all cached timelines together (a 400-action log is 401 frames)
MAX_JSON_KEY_CHARS = 16_000  # the longest canonical JSON of a log kept as a key (a URL token: 12,000)


class TimelineCache:
    """A least-recently-used map of timelines, bounded by their total number of frames."""

    def __init__(self, max_frames: int = MAX_FRAMES):
        self.max_frames = max_frames
        self._entries: OrderedDict[Hashable, Timeline] = OrderedDict()
        self._frames = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable, build: Callable[[], Timeline]) -> Timeline:
        with self._lock:
            timeline = self._entries.get(key)
            if timeline is not None:
                self._entries.move_to_end(key)
                self.hits += 1
                return timeline
        timeline = build()  # outside the lock: a slow replay does not hold up other requests
        with self._lock:
            self.misses += 1
            if key not in self._entries and len(timeline.frames) <= self.max_frames:
                self._entries[key] = timeline
                self._frames += len(timeline.frames)
                while self._frames > self.max_frames:
                    _, dropped = self._entries.popitem(last=False)
                    self._frames -= len(dropped.frames)
        return timeline

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._frames = 0
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def frames(self) -> int:
        return self._frames


CACHE = TimelineCache()


def scenario_timeline(engine: Engine[Any], scenario_id: str) -> Timeline:
    """A scenario's timeline (ScenarioError if it is unknown or broken)."""
    path = scenario_paths(engine.slug).get(scenario_id)
    if path is None:
        raise ScenarioError(f"{engine.slug}: unknown scenario '{scenario_id}'")
    try:
        stat = path.stat()
    except OSError as exc:
        raise ScenarioError(f"{engine.slug}: scenario '{scenario_id}' cannot be read") from exc
    key = ("scenario", engine.slug, scenario_id, stat.st_mtime_ns, stat.st_size)
    return CACHE.get(key, lambda: from_scenario(engine, load_scenario(engine.slug, scenario_id)))


def log_timeline(engine: Engine[Any], token: str) -> Timeline:
    """The timeline of a URL's log token (CodecError, TimelineError as :func:`codec.decode` and
    :func:`~rules.core.timeline.from_log` raise them)."""
    return CACHE.get(("log", engine.slug, token), lambda: from_log(engine, codec.decode(token)))


def json_log_timeline(engine: Engine[Any], log: codec.Log) -> Timeline:
    """The timeline of a log the API was given as JSON (TimelineError and PositionError as
    :func:`~rules.core.timeline.from_log` raises them). Equal logs share one entry: the key
    is the log's canonical JSON, which tells 1, 1.0 and true apart as the engines do."""
    canonical = json.dumps(log.as_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    if len(canonical) > MAX_JSON_KEY_CHARS:
        return from_log(engine, log)
    return CACHE.get(("json", engine.slug, canonical), lambda: from_log(engine, log))
