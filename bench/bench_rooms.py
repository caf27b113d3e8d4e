"""Online rooms under load, past one process: concurrent rooms (two people and a computer player
each) served by two uvicorn worker processes that share a real ``redis-server`` (channels-redis,
and the cache) and one database; move latency p50/p95 for 32, 64 and 128 rooms.

Each room of Finstere Flure has two people and a computer player (``BOT``); the two people's
WebSockets go to different workers, so every move reaches the other person through Redis. In
every room the person whose turn it is looks at the board for 0.5 to 1.5 s (``THINK_S``) and sends
a move (the first move the room offers them). Two latencies per move, from sending it:

- *mover*: until the mover's socket shows the board after it (the engine's judgement, the
  monster and chance, the write, the render of the mover's view);
- *other*: until the other person's socket, on the other worker, shows it (through Redis).

The computer seat answers in a second write right after; what plays itself is then shown one
action at a time (``ROOMS_STEP_MS``), as in a real room. The issue's target (issue 36) is move p95
<= 100 ms with 128 rooms; the machine's load average is printed beside the figures, since this
machine is shared.

Environment: ``BENCH_ROOMS`` (the room counts, "32,64,128"), ``BENCH_ROOMS_WORKERS`` (2; 1 runs one
process with the in-memory layer and no Redis, as before), ``BENCH_ROOMS_BOT`` ("random";
"sensible" thinks ~80 ms a move itself), ``BENCH_ROOMS_MOVES`` (moves per room, 8),
``BENCH_ROOMS_DATABASE_URL`` (a throwaway PostgreSQL database instead of SQLite, whose writers on two
processes wait for each other's lock; ``.ci/postgres.sh`` starts a cluster).
"""

from __future__ import annotations

import asyncio
import json
import os
import pathlib
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote_plus

if TYPE_CHECKING:
    from websockets.asyncio.client import ClientConnection

    from rooms.models import Room

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

MOVES_PER_ROOM = int(os.environ.get("BENCH_ROOMS_MOVES", "8"))
THINK_S = (0.5, 1.5)  # a person looks at the board this long before moving (uniform)
LIMIT_MS = 100.0
ROUNDS = [int(n) for n in os.environ.get("BENCH_ROOMS", "32,64,128").split(",")]
WORKERS = int(os.environ.get("BENCH_ROOMS_WORKERS", "2"))
GAME = "finstere-flure"
BOT = os.environ.get("BENCH_ROOMS_BOT", "random")
ANSWER_S = 30.0  # a move not answered in this long counts as lost (none should be)


def percentile(values: Iterable[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port}")


def database_url(folder: pathlib.Path) -> str:
    """``BENCH_ROOMS_DATABASE_URL`` (a throwaway PostgreSQL database: the bench migrates it and
    fills it with rooms), else an SQLite file in ``folder``."""
    return os.environ.get("BENCH_ROOMS_DATABASE_URL") or f"sqlite:///{folder / 'bench.sqlite3'}"


def prepare(folder: pathlib.Path, redis_url: str | None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings_test",
        DATABASE_URL=database_url(folder),
        ROOMS_PER_GAME=str(sum(ROUNDS)),
        # Many sockets from one address and one process: the abuse limits are not what is measured.
        ROOMS_SEATS_PER_ADDRESS="100000",
    )
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    os.environ.update({k: env[k] for k in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "ROOMS_PER_GAME")})
    os.environ.pop("REDIS_URL", None)  # this process writes the rooms; it announces nothing
    import django

    django.setup()
    from rooms.models import PlayedGame, Room

    Room.objects.all().delete()  # a PostgreSQL database used before: its rooms go
    PlayedGame.objects.all().delete()
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


@dataclass
class Figures:
    mover: list[float] = field(default_factory=list)
    other: list[float] = field(default_factory=list)
    lost: int = 0
    dropped: list[str] = field(default_factory=list)  # rooms whose socket could not open or was closed


async def play_room(bases: list[str], room: Room, tokens: list[tuple[int, str]], figures: Figures) -> None:
    """One room's game; a socket that cannot open or is closed by a server (1012: its channel layer
    failed, as on a starved machine) ends the room's game and counts as unanswered, as the page
    would connect again."""
    import websockets

    try:
        await play_room_on(bases, room, tokens, figures)
    except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as exc:
        figures.lost += 1
        figures.dropped.append(type(exc).__name__)


async def play_room_on(bases: list[str], room: Room, tokens: list[tuple[int, str]], figures: Figures) -> None:
    table = await Table.connect(bases, room, tokens)
    try:
        for _ in range(MOVES_PER_ROOM):
            if not await table.play_one(figures):
                break
    finally:
        await table.close()


class Table:
    """A room's two people over their sockets: the latest room message each saw, when each first saw
    each version, and a signal when anything came in."""

    def __init__(self, sockets: list[ClientConnection]) -> None:
        self.sockets = sockets
        self.latest: dict[int, dict[str, Any]] = {i: {} for i in range(len(sockets))}  # {}: no message yet
        self.seen: dict[int, dict[int, float]] = {i: {} for i in range(len(sockets))}  # version -> first seen
        self.changed = asyncio.Event()
        self.readers = [asyncio.create_task(self.read(i, ws)) for i, ws in enumerate(sockets)]

    @classmethod
    async def connect(cls, bases: list[str], room: Room, tokens: list[tuple[int, str]]) -> Table:
        import websockets

        sockets = []
        try:
            for i, (_seat, token) in enumerate(tokens):
                base = bases[(room.number + i) % len(bases)]  # the two people on different workers
                url = base.replace("http://", "ws://") + f"/ws/rooms/{GAME}/{room.number}/?lang=en"
                headers = {"Cookie": f"rooms_{room.pk}={token}", "Origin": base}
                sockets.append(await websockets.connect(url, additional_headers=headers, open_timeout=ANSWER_S))
        except BaseException:
            for ws in sockets:
                await ws.close()
            raise
        return cls(sockets)

    async def close(self) -> None:
        for ws in self.sockets:
            await ws.close()
        for task in self.readers:
            task.cancel()

    async def read(self, i: int, ws: ClientConnection) -> None:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "room":
                self.seen[i].setdefault(message["version"], time.perf_counter())
                if not message.get("pacing"):
                    self.latest[i] = message
            elif message["type"] == "refused":
                self.latest[i] = dict(self.latest[i] or {}, refused=True)
            elif message["type"] == "ping":  # as the page does: a socket silent for a minute is closed (4408)
                await ws.send(json.dumps({"type": "pong"}))
            self.changed.set()

    async def until(self, predicate: Callable[[], object]) -> bool:
        try:
            async with asyncio.timeout(ANSWER_S):
                while not predicate():
                    self.changed.clear()
                    await self.changed.wait()
        except TimeoutError:
            return False
        return True

    def after(self, i: int, version: int) -> float | None:
        times = [t for v, t in self.seen[i].items() if v > version]
        return min(times) if times else None

    def to_move(self) -> list[int]:
        return [i for i, m in self.latest.items() if m and m.get("my_turn") and not m.get("refused")]

    async def play_one(self, figures: Figures) -> bool:
        """The person to move thinks, plays the first move offered and times the answer to both;
        False when the game is over or stuck."""
        latest = self.latest
        if not await self.until(lambda: self.to_move() or any(m and m["status"] == "over" for m in latest.values())):
            figures.lost += 1
            return False
        if not self.to_move():
            return False
        await asyncio.sleep(random.uniform(*THINK_S))
        movers = self.to_move()
        if not movers:
            return True
        mover = movers[0]
        version = latest[mover]["version"]
        action = first_move(latest[mover]["html"])
        if action is None:
            return False
        started = time.perf_counter()
        await self.sockets[mover].send(json.dumps({"type": "move", "action": action, "version": version}))
        other = 1 - mover
        if not await self.until(lambda: bool(latest[mover].get("refused")) or self.after(mover, version) is not None):
            figures.lost += 1
            return False
        if latest[mover].get("refused"):
            latest[mover] = dict(latest[mover], refused=False, my_turn=False)
            await self.sockets[mover].send(json.dumps({"type": "refresh"}))
            return True
        figures.mover.append((self.after(mover, version) or started) * 1000 - started * 1000)
        if await self.until(lambda: self.after(other, version) is not None):
            figures.other.append((self.after(other, version) or started) * 1000 - started * 1000)
        else:
            figures.lost += 1
        return True


async def round_of(bases: list[str], rooms: list[PlayedRoom]) -> Figures:
    figures = Figures()
    await asyncio.gather(*(play_room(bases, room, tokens, figures) for room, tokens in rooms))
    return figures


def start(command: list[str], env: dict[str, str] | None, port: int, what: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    wait_for_port(port, process, what)
    return process


def cpu_seconds(processes: list[subprocess.Popen[bytes]]) -> float:
    """User and system CPU time of the processes so far (Linux /proc; 0 elsewhere)."""
    total = 0.0
    for process in processes:
        try:
            fields = pathlib.Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def report(count: int, figures: Figures, seconds: float, cpu: float) -> float:
    p95 = percentile(figures.mover, 95)
    load = os.getloadavg()[0]
    moves = len(figures.mover)
    print(
        f"  {count:3d} rooms: {moves} moves in {seconds:.0f} s; mover's board median "
        f"{statistics.median(figures.mover):.1f} ms, p95 {p95:.1f} ms; the other person's board (other worker) "
        f"median {statistics.median(figures.other):.1f} ms, p95 {percentile(figures.other, 95):.1f} ms; "
        f"{figures.lost} unanswered ({len(figures.dropped)} rooms' sockets dropped); servers' CPU {cpu / max(moves, 1) * 1000:.0f} ms a move; "
        f"load average {load:.1f} ({os.cpu_count()} cores)"
    )
    return max(p95, percentile(figures.other, 95))


def main() -> None:
    if os.environ.get("BENCH_ROOMS_CHILD") != "1":
        # A process of its own: run_all.py runs the benches in one process, whose Django is
        # already set up on another database.
        subprocess.run([sys.executable, __file__], env={**os.environ, "BENCH_ROOMS_CHILD": "1"}, check=True)
        return
    redis = shutil.which("redis-server")
    if WORKERS > 1 and redis is None:
        print("  skipped: two workers share rooms through redis-server (apt-get install redis-server)")
        return
    processes: list[subprocess.Popen[bytes]] = []
    # The database file on tmpfs where there is one: the bench measures the site, not the disk's
    # fsync (about 18 ms a commit on the CI disk; PostgreSQL in production commits differently).
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None
    with tempfile.TemporaryDirectory(dir=shm) as tmp:
        try:
            redis_url = None
            if WORKERS > 1 and redis is not None:
                port = free_port()
                processes.append(
                    start([redis, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
                          None, port, "redis-server")
                )  # fmt: skip
                redis_url = f"redis://127.0.0.1:{port}/0"
            env = prepare(pathlib.Path(tmp), redis_url)
            bases = []
            for n in range(WORKERS):
                port = free_port()
                command = [sys.executable, "-m", "uvicorn", "rulesite.asgi:application", "--port", str(port),
                           "--log-level", "warning"]  # fmt: skip
                processes.append(start(command, env, port, f"uvicorn {n + 1}"))
                bases.append(f"http://127.0.0.1:{port}")
            where = f"{WORKERS} uvicorn processes sharing redis-server" if WORKERS > 1 else "one uvicorn process"
            store = "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else f"SQLite on {'tmpfs' if shm else 'disk'}"
            print(f"  {where}; {store}; a {BOT} computer player in every room")
            first, worst = 1, 0.0
            for count in ROUNDS:
                time.sleep(1)  # the last round's disconnects are written
                rooms = make_rooms(count, first)
                first += count
                servers = processes[-WORKERS:]
                began, cpu = time.monotonic(), cpu_seconds(servers)
                figures = asyncio.run(round_of(bases, rooms))
                worst = report(count, figures, time.monotonic() - began, cpu_seconds(servers) - cpu)
            verdict = "met" if worst <= LIMIT_MS else "NOT met"
            print(f"  issue 36's target (move p95 <= {LIMIT_MS:.0f} ms with {ROUNDS[-1]} rooms): {verdict}")
        finally:
            for process in reversed(processes):  # the workers first, then redis-server
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    main()
