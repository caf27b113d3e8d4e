"""Online rooms under load: how many rooms with computer players one ASGI process (uvicorn, the
in-memory channel layer, SQLite) sustains with move latency p95 under 100 ms.

Each room of Finstere Flure has two people and a computer player (``BOT``); both people are
connected over WebSockets. In every room the person whose turn it is looks at the board for 0.5 to
1.5 s (``THINK_S``) and sends a move (the first move the room offers them); latency is from sending a move to receiving
the board after it (the engine's judgement, the monster and chance, the write, and everyone's
re-rendered view; the computer seat answers in a second write right after). The number of rooms
doubles until p95 reaches 100 ms.
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

    from rooms.models import Room

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOVES_PER_ROOM = 8
THINK_S = (0.5, 1.5)  # a person looks at the board this long before moving (uniform)
LIMIT_MS = 100.0
MAX_ROOMS = 64
GAME = "finstere-flure"
BOT = os.environ.get("BENCH_ROOMS_BOT", "random")  # "sensible" thinks ~80 ms a move itself


def percentile(values: Iterable[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def prepare(folder: pathlib.Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings_test",
        DATABASE_URL=f"sqlite:///{folder / 'bench.sqlite3'}",
        ROOMS_PER_GAME=str(MAX_ROOMS),
    )
    env.pop("REDIS_URL", None)
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "ROOMS_PER_GAME")})
    import django

    django.setup()
    return env


# A room and its two people's (seat id, token): they play it over WebSockets.
PlayedRoom = tuple["Room", list[tuple[int, str]]]


def make_rooms(count: int, first: int) -> list[PlayedRoom]:
    from rooms import services

    rooms: list[PlayedRoom] = []
    for number in range(first, first + count):
        room = services.get_room(GAME, number)
        tokens = []
        for _ in range(2):
            room, seat, token = services.join(room.pk)
            tokens.append((seat.pk, token))
        host = services.seat_for_token(room, tokens[0][1])
        services.add_bot(room.pk, host, BOT)
        room = services.start(room.pk, host)
        rooms.append((room, tokens))
    return rooms


def first_move(html: str) -> str | None:
    if "?play=" not in html:
        return None
    return unquote_plus(html.split("?play=", 1)[1].split("&amp;", 1)[0])


async def play_room(base: str, room: Room, tokens: list[tuple[int, str]], latencies: list[float]) -> None:
    import websockets

    url = base.replace("http://", "ws://") + f"/ws/rooms/{GAME}/{room.number}/?lang=en"
    sockets = [
        await websockets.connect(url, additional_headers={"Cookie": f"rooms_{room.pk}={token}", "Origin": base})
        for _seat, token in tokens
    ]
    latest: dict[int, dict[str, Any]] = {i: {} for i in range(len(sockets))}  # {}: no message yet
    changed = asyncio.Event()

    async def read(i: int, ws: ClientConnection) -> None:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "room":
                latest[i] = message
            elif message["type"] == "refused":
                latest[i] = dict(latest[i] or {}, refused=True)
            changed.set()

    readers = [asyncio.create_task(read(i, ws)) for i, ws in enumerate(sockets)]

    async def until(predicate: Callable[[], object]) -> None:
        while not predicate():
            changed.clear()
            await changed.wait()

    try:
        for _ in range(MOVES_PER_ROOM):
            def to_move() -> list[int]:
                return [i for i, m in latest.items() if m and m.get("my_turn") and not m.get("refused")]

            await until(lambda: to_move() or any(m and m["status"] == "over" for m in latest.values()))
            if not to_move():
                break
            await asyncio.sleep(random.uniform(*THINK_S))
            movers = to_move()
            if not movers:
                continue
            mover = movers[0]
            version = latest[mover]["version"]
            action = first_move(latest[mover]["html"])
            if action is None:
                break
            started = time.perf_counter()
            await sockets[mover].send(json.dumps({"type": "move", "action": action, "version": version}))
            def answered(m: int = mover, v: int = version) -> bool:
                return bool(latest[m].get("refused") or latest[m]["version"] > v)

            await until(answered)
            if latest[mover].get("refused"):
                latest[mover] = dict(latest[mover], refused=False, my_turn=False)
                await sockets[mover].send(json.dumps({"type": "refresh"}))
                continue
            latencies.append((time.perf_counter() - started) * 1000)
    finally:
        for ws in sockets:
            await ws.close()
        for task in readers:
            task.cancel()


async def round_of(base: str, rooms: list[PlayedRoom]) -> list[float]:
    latencies: list[float] = []
    await asyncio.gather(*(play_room(base, room, tokens, latencies) for room, tokens in rooms))
    return latencies


def main() -> None:
    if os.environ.get("BENCH_ROOMS_CHILD") != "1":
        # A process of its own: run_all.py runs the benches in one process, whose Django is
        # already set up on another database.
        subprocess.run([sys.executable, __file__], env={**os.environ, "BENCH_ROOMS_CHILD": "1"}, check=True)
        return
    # The database file on tmpfs where there is one: the bench measures the site, not the disk's
    # fsync (about 18 ms a commit on the CI disk; PostgreSQL in production commits differently).
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(dir=shm) as tmp:
        env = prepare(pathlib.Path(tmp))
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "rulesite.asgi:application", "--port", str(port), "--log-level", "warning"],
            cwd=ROOT,
            env=env,
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", port)) == 0:
                        break
                time.sleep(0.05)
            base = f"http://127.0.0.1:{port}"
            sustained, count, first = 0, 1, 1
            while count <= MAX_ROOMS and first + count - 1 <= MAX_ROOMS:
                time.sleep(1)  # the last round's disconnects are written (one SQLite file, two processes)
                rooms = make_rooms(count, first)
                first += count
                latencies = asyncio.run(round_of(base, rooms))
                p95 = percentile(latencies, 95)
                print(
                    f"  {count:3d} concurrent rooms: {len(latencies)} moves, latency median "
                    f"{statistics.median(latencies):.1f} ms, p95 {p95:.1f} ms"
                )
                if p95 >= LIMIT_MS:
                    break
                sustained = count
                count *= 2
            print(
                f"  one process sustains {sustained} concurrent rooms (two people and a {BOT} computer player "
                f"each) with move latency p95 under {LIMIT_MS:.0f} ms"
            )
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
