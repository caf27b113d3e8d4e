"""Real ASGI servers for the rooms' multi-process and browser tests: uvicorn worker processes
serving rulesite.asgi on a shared SQLite file (migrated and loaded once), optionally a real
redis-server as their channel layer. Plain HTTP helpers for a person without a browser."""

from __future__ import annotations

import http.cookiejar
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 60  # only stops a broken start from hanging the suite
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port}")


def site_env(database: Path, redis_url: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="rulesite.settings_test",
        DATABASE_URL=f"sqlite:///{database}",
        SIMULATOR_AUTOPLAY_MS="50",
    )
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def prepare_database(folder: Path) -> Path:
    database = folder / "rooms.sqlite3"
    env = site_env(database)
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True)
    return database


class Servers:
    """Start uvicorn workers (and redis-server); stop them all at the end."""

    def __init__(self, database: Path):
        self.database = database
        self.processes: list[subprocess.Popen] = []

    def redis(self) -> str:
        binary = shutil.which("redis-server")
        if binary is None:
            message = "the two-worker rooms test needs redis-server (apt-get install redis-server)"
            if os.environ.get("RULESITE_REQUIRE_REDIS") == "1":
                pytest.fail(message)
            pytest.skip(message)
        port = free_port()
        process = subprocess.Popen(
            [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.processes.append(process)
        wait_for_port(port, process, "redis-server")
        return f"redis://127.0.0.1:{port}/0"

    def worker(self, redis_url: str | None = None, **settings: str) -> str:
        """A uvicorn worker; ``settings``: environment variables of the site (``ROOMS_…``)."""
        port = free_port()
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "rulesite.asgi:application", "--host", "127.0.0.1",
             "--port", str(port), "--log-level", "warning"],
            cwd=ROOT,
            env={**site_env(self.database, redis_url), **settings},
        )
        self.processes.append(process)
        wait_for_port(port, process, "uvicorn")
        return f"http://127.0.0.1:{port}"

    def stop(self) -> None:
        for process in reversed(self.processes):
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.fixture(scope="session")
def rooms_database(tmp_path_factory) -> Path:
    return prepare_database(tmp_path_factory.mktemp("rooms-site"))


@pytest.fixture
def servers(rooms_database):
    started = Servers(rooms_database)
    yield started
    started.stop()


class Person:
    """A visitor without a browser: a cookie jar, GET pages and POST the room's forms."""

    def __init__(self, base: str):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path) as response:
            return response.read().decode()

    def post(self, path: str, form_page: str, data: dict[str, str] | None = None) -> int:
        html = self.get(form_page)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": token, **(data or {})}).encode()
        request = urllib.request.Request(self.base + path, data=body, method="POST")
        with self.opener.open(request) as response:
            return response.status

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)
