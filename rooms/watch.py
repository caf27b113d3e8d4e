"""Changes made by another process reach this process's sockets within ``ROOMS_WATCH_MS``.

A change made through a room's socket or page is announced to the room's channel-layer group at
once (:func:`rooms.services.notify`). A process that shares no channel layer with the sockets'
worker cannot announce: ``manage.py expirerooms`` run from cron releasing a seat, a page served by
another worker without ``REDIS_URL``. So every worker process with open room sockets reads the
version and presence count of the rooms they show, one query every ``ROOMS_WATCH_MS``, and when a
room's changed since the last reading it tells its own sockets of that room (``room.changed``, as
the group would). A socket that has already rendered that version ignores it; everyone else
renders the room, with the news of what the server did (:mod:`rooms.news`), and a socket whose
seat is gone closes (4403). A change this process's sockets already heard of through the group
(:func:`heard`: every socket of a room is in its group) is not sent again, so on a shared Redis
layer the watch adds a query, not a second message per socket and move; a socket whose channel is
full (a backlog it has not read yet) is skipped for that reading, not the others.

One task per process and event loop, running while the process has room sockets.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.exceptions import ChannelFull
from django.conf import settings

from .models import Room

logger = logging.getLogger(__name__)

_sockets: dict[int, set[str]] = {}  # room id -> channel names of this process's sockets of that room
_seen: dict[int, tuple[int, int]] = {}  # room id -> (version, presence) at the last reading
_task: asyncio.Task[None] | None = None


def follow(room_id: int, channel: str, layer: Any) -> None:
    """A socket of this process shows ``room_id`` (starts the watch if it is not running)."""
    global _task
    _sockets.setdefault(room_id, set()).add(channel)
    loop = asyncio.get_running_loop()
    if _task is None or _task.done() or _task.get_loop() is not loop:
        _task = loop.create_task(_watch(layer))


def unfollow(room_id: int, channel: str) -> None:
    """The socket ended; the watch stops with the process's last socket."""
    global _task
    channels = _sockets.get(room_id)
    if channels is not None:
        channels.discard(channel)
        if not channels:
            del _sockets[room_id]
            _seen.pop(room_id, None)
    if not _sockets and _task is not None:
        _task.cancel()
        _task = None


def heard(room_id: int, version: int | None, presence: int | None) -> None:
    """A socket of this process received the group's announcement of ``room_id`` at ``version``
    with ``presence``: the room's other sockets here received it too, the watch need not tell them."""
    if version is None or presence is None or room_id not in _sockets:
        return
    seen = _seen.get(room_id)
    if seen is None or version >= seen[0]:
        _seen[room_id] = (version, presence)


def _read(room_ids: list[int]) -> list[tuple[int, int, int]]:
    return list(Room.objects.filter(pk__in=room_ids).values_list("pk", "version", "presence"))


async def _watch(layer: Any) -> None:
    while _sockets:
        await asyncio.sleep(settings.ROOMS_WATCH_MS / 1000)
        try:
            await check(layer)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - the database away for a moment: read again next time
            logger.warning("rooms: the watch could not read the rooms", exc_info=True)


async def check(layer: Any) -> int:
    """One reading: tell this process's sockets of every room that changed. How many rooms changed."""
    rows = await database_sync_to_async(_read)(list(_sockets))
    changed = 0
    for room_id, version, presence in rows:
        if _seen.get(room_id) == (version, presence):
            continue
        _seen[room_id] = (version, presence)
        changed += 1
        for channel in list(_sockets.get(room_id, ())):
            try:
                await layer.send(channel, {"type": "room.changed", "version": version, "presence": presence, "watch": True})
            except ChannelFull:
                logger.debug("rooms: the watch skipped a socket with a full channel")
    return changed
