"""HTTP load and cache benchmark (issue 13): the site under gunicorn with two workers, as the issue
measured it and as README.md's "Serving it for real" serves the pages; wrk in front (16
connections); nginx serving the rulebook page as a static file, and nginx's proxy_cache in front
of the site (README.md, "Behind a cache (nginx)").

``make bench-http`` runs it (``BENCH_HTTP_SECONDS`` shortens each wrk run, default 10;
``BENCH_HTTP_SERVER=uvicorn`` serves the site with uvicorn's two workers (ASGI), as ``make run``
and the online rooms do, instead of gunicorn's two sync workers (WSGI); ``BENCH_HTTP_KEEP=1``
keeps the temporary directory with the logs). It sets up its own SQLite database in a temporary
directory, starts the server (settings ``bench.http.settings``: the site plus a bare view
``/bench/bare/`` returning a page as big as the Finstere Flure rulebook page) and nginx
(``bench/http/nginx.conf.template``), measures with wrk and prints one table, ending with the
issue's targets, each with its measured value and "met" or "not met". It never asserts anything
about speed; it exits non-zero only when something could not be started.

Issue 29 ("Fast the first time too") adds two things:

* the JSON API's step, ``POST /api/v1/games/finstere-flure/apply`` with a fixed short body (a
  setup and two moves; a log of ten actions and one more), sent by wrk with
  ``bench/http/post.lua``, beside a bare view returning as many bytes of JSON to the same POST
  (``/bench/bare/json/<size>/``);
* cold figures: the rulebook, a clause, the FAQ list and a demo step with a query string never
  asked before on every request (``bench/http/cold.lua``: ``?cold=<run>-<thread>-<n>``, which the
  pages ignore), so the site's store of rendered pages never answers, beside the hot run of the
  same page and a bare view of the page's size (``/bench/bare/<size>/``).
"""

import http.client
import json
import os
import pathlib
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "bench" / "http" / "nginx.conf.template"
POST_SCRIPT = ROOT / "bench" / "http" / "post.lua"
COLD_SCRIPT = ROOT / "bench" / "http" / "cold.lua"
SECONDS = max(1, int(os.environ.get("BENCH_HTTP_SECONDS", "10")))
THREADS = 2
CONNECTIONS = 16
MANY_CONNECTIONS = 64
WORKERS = 2  # server worker processes (and nginx workers)
SERVER = os.environ.get("BENCH_HTTP_SERVER", "").strip().lower() or "gunicorn"  # or "uvicorn"
SERVERS = ("gunicorn", "uvicorn")

RULEBOOK = "/nl/finstere-flure/"
BARE = "/bench/bare/"
PAGES = [  # (label, path) measured through Django at CONNECTIONS
    ("rulebook page (Django)", RULEBOOK),
    ("bare view, same size", BARE),
    ("clause page", "/nl/finstere-flure/ff-doel/"),
    ("demo step", "/nl/finstere-flure/sim/?scenario=ff-standaardopstelling&step=3"),
    ("FAQ list", "/nl/finstere-flure/faq/"),
    ("search", "/nl/search/?q=toren"),
]
# Pages measured cold too (a new query string per request) beside their hot run above.
COLD_PAGES = [
    ("rulebook page", RULEBOOK),
    ("clause page", "/nl/finstere-flure/ff-doel/"),
    ("FAQ list", "/nl/finstere-flure/faq/"),
    ("demo step", "/nl/finstere-flure/sim/?scenario=ff-standaardopstelling&step=3"),
]
API_GAME = "finstere-flure"
API_APPLY = f"/api/v1/games/{API_GAME}/apply"
API_SETUP_STEP = {"setup": {"players": 2}, "apply": ["move:red1:", "move:yellow1:"]}
API_LOG_ACTIONS = 10  # the log step: a log of this many actions (the first legal ones), and one more
API_TARGET = 0.5  # issue 29: an API step at >= 0.5x a bare view of the same size
SHOWN_HEADERS = ("Cache-Control", "ETag", "Last-Modified", "Vary", "Content-Encoding", "Content-Length")


class StartupError(Exception):
    """Something the bench needs could not be started (the bench exits non-zero with the reason)."""


# --- processes ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def stop(process: subprocess.Popen[bytes] | None, name: str) -> None:
    """Ends a process started in a session of its own, and everything in that process group."""
    if process is None or process.poll() is not None and not group_alive(process.pid):
        return
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            continue
        deadline = time.monotonic() + wait
        while group_alive(process.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if not group_alive(process.pid):
            return
    print(f"  warning: {name} (process group {process.pid}) did not stop", file=sys.stderr)


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def tail(path: pathlib.Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def wait_for_http(
    port: int, process: subprocess.Popen[bytes], name: str, log: pathlib.Path, seconds: float = 60, path: str = "/favicon.ico"
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise StartupError(f"{name} exited with status {process.returncode}:\n{tail(log)}")
        try:
            fetch(port, path, timeout=2)
            return
        except OSError:
            time.sleep(0.1)
    raise StartupError(f"{name} did not answer on port {port} within {seconds:.0f} s:\n{tail(log)}")


def manage(env: dict[str, Any], log: pathlib.Path, *args: str) -> None:
    with log.open("ab") as out:
        done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, stdout=out, stderr=out)
    if done.returncode != 0:
        raise StartupError(f"manage.py {' '.join(args)} failed (status {done.returncode}):\n{tail(log)}")


def server_command(port: int) -> list[Any]:
    """gunicorn (WSGI, two sync workers) as README.md's "Serving it for real" starts it; or uvicorn
    as ``make run`` starts it, with two workers, with ``BENCH_HTTP_SERVER=uvicorn``."""
    if SERVER == "gunicorn":
        return [*venv_tool("gunicorn"), "rulesite.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", str(WORKERS),
                "--limit-request-line", "8190"]
    return [*venv_tool("uvicorn"), "rulesite.asgi:application", "--host", "127.0.0.1", "--port", str(port),
            "--workers", str(WORKERS), "--no-access-log", "--no-server-header"]


def venv_tool(name: str) -> list[Any]:
    script = pathlib.Path(sys.executable).parent / name
    return [str(script)] if script.exists() else [sys.executable, "-m", name]


def start_server(env: dict[str, Any], port: int, log: pathlib.Path) -> subprocess.Popen[bytes]:
    with log.open("ab") as out:
        process = subprocess.Popen(
            server_command(port), cwd=ROOT, env=env, stdout=out, stderr=out, start_new_session=True
        )
    wait_for_http(port, process, SERVER, log)
    return process


def start_nginx(nginx: str, prefix: pathlib.Path, ports: dict[str, Any], log: pathlib.Path) -> subprocess.Popen[bytes]:
    conf = TEMPLATE.read_text()
    for key, value in {"prefix": str(prefix), **{k: str(v) for k, v in ports.items()}}.items():
        conf = conf.replace("{{" + key + "}}", value)
    if "{{" in conf:
        raise StartupError(f"unfilled placeholder in {TEMPLATE}: {conf[conf.index('{{'):][:40]}")
    (prefix / "nginx.conf").write_text(conf)
    # Run as root, nginx's workers are "nobody": they must reach the static page. nginx creates
    # its temporary and cache folders itself (owned by the workers' user).
    for folder in (prefix, prefix / "static-site", *(prefix / "static-site").rglob("*")):
        folder.chmod(0o755 if folder.is_dir() else 0o644)
    prefix.parent.chmod(0o711)
    base = [nginx, "-p", str(prefix), "-c", str(prefix / "nginx.conf"), "-e", str(prefix / "error.log")]
    test = subprocess.run([*base, "-t", "-q"], capture_output=True, text=True)
    if test.returncode != 0:
        raise StartupError(f"nginx rejected its configuration:\n{test.stderr}")
    with log.open("ab") as out:
        process = subprocess.Popen([*base, "-g", "daemon off;"], stdout=out, stderr=out, start_new_session=True)
    wait_for_http(ports["static_port"], process, "nginx", prefix / "error.log", seconds=15, path=RULEBOOK)
    wait_for_http(ports["cache_port"], process, "nginx", prefix / "error.log", seconds=15)
    return process


# --- HTTP probes -------------------------------------------------------------------------------


class Response:
    def __init__(self, status: int, headers: list[Any], body: bytes):
        self.status = status
        self.headers = headers
        self.body = body  # the bytes on the wire (not decompressed; chunked framing removed)

    def header(self, name: str) -> str | None:
        values = [v for k, v in self.headers if k.lower() == name.lower()]
        return ", ".join(values) if values else None


def fetch(
    port: int, path: str, headers: dict[str, Any] | None = None, timeout: float = 30, method: str = "GET", body: bytes | None = None
) -> Response:
    """One request with exactly the given headers (plus Host, unless given), as wrk sends it: no
    Accept-Encoding unless asked for, so nginx picks the same cached variant for the probe as for wrk.
    A ``body`` is sent as JSON (as bench/http/post.lua sends it)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = dict(headers or {})
        if body is not None:
            headers.update({"Content-Type": "application/json", "Content-Length": str(len(body))})
        given = {name.lower() for name in headers}
        connection.putrequest(method, path, skip_host="host" in given, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return Response(response.status, response.getheaders(), response.read())
    finally:
        connection.close()


# --- wrk ---------------------------------------------------------------------------------------

UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0, "h": 3_600_000.0}


def to_ms(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)([a-z]+)", text)
    assert match is not None, text
    number, unit = match.groups()
    return float(number) * UNITS[unit]


def connections_per_process(port: int) -> str:
    """How the open connections to ``port`` are spread over the server's worker processes, e.g.
    "12/4" (from ``ss``; "" without it). The workers share one listening socket and the kernel
    hands each new connection to one of them; wrk keeps its connections open for the whole run."""
    ss = shutil.which("ss")
    if not ss:
        return ""
    done = subprocess.run(
        [ss, "-tnpH", "state", "established", f"( sport = :{port} or dport = :{port} )"], capture_output=True, text=True
    )
    # Each connection appears twice (client side, server side): keep the server sides whose client is wrk.
    wrk_ports, server_sides = set(), []
    for line in done.stdout.splitlines():
        fields = line.split()
        if len(fields) < 5:
            continue
        local_port, peer_port = fields[2].rsplit(":", 1)[1], fields[3].rsplit(":", 1)[1]
        owner = re.search(r'\(\("([^"]+)",pid=(\d+)', line)
        if peer_port == str(port) and owner and owner.group(1) == "wrk":
            wrk_ports.add(local_port)
        elif local_port == str(port) and owner:
            server_sides.append((peer_port, owner.group(2)))
    counts: dict[str, Any] = {}
    for peer_port, pid in server_sides:
        if peer_port in wrk_ports:
            counts[pid] = counts.get(pid, 0) + 1
    spread = sorted(counts.values(), reverse=True)
    spread += [0] * (WORKERS - len(spread))
    return "/".join(str(n) for n in spread) if counts else ""


def run_wrk(
    wrk: str,
    port: int,
    path: str,
    connections: int,
    headers: dict[str, Any] | None = None,
    spread: bool = False,
    script: tuple[Any, ...] | None = None,
) -> dict[str, Any]:
    """One wrk run; ``script``: (a Lua file of bench/http/, its arguments)."""
    command = [wrk, f"-t{min(THREADS, connections)}", f"-c{connections}", f"-d{SECONDS}s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script:
        command += ["-s", str(script[0])]
    command.append(f"http://127.0.0.1:{port}{path}")
    if script:
        command += ["--", *script[1]]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    split = ""
    try:
        if spread:
            time.sleep(min(1.0, SECONDS / 3))
            split = connections_per_process(port)
        out, err = process.communicate(timeout=SECONDS + 60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        return {"failed": "wrk timed out"}
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if process.returncode != 0 or "Requests/sec" not in out:
        return {"failed": (err or out).strip().splitlines()[-1:] or [f"wrk status {process.returncode}"]}
    result = {
        "split": split,
        "rps": float(found(r"Requests/sec:\s*([\d.]+)", out)),
        "requests": int(found(r"(\d+) requests in", out)),
        "non2xx3xx": 0,
        "socket": 0,
    }
    for pct in ("50", "99"):
        match = re.search(rf"^\s*{pct}(?:\.0+)?%\s+([\d.]+[a-z]+)", out, re.M)
        result[f"p{pct}"] = to_ms(match.group(1)) if match else None
    match = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", out)
    if match:
        result["non2xx3xx"] = int(match.group(1))
    match = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    if match:
        result["socket"] = sum(int(n) for n in match.groups())
        result["socket_detail"] = "connect {}, read {}, write {}, timeout {}".format(*match.groups())
    return result


def found(pattern: str, text: str) -> str:
    """The first group of ``pattern`` in wrk's output (which always holds it after a run)."""
    match = re.search(pattern, text)
    assert match is not None, pattern
    return match.group(1)


def warm_up(
    port: int, path: str, headers: dict[str, Any] | None = None, count: int = 8, method: str = "GET", body: bytes | None = None
) -> int:
    """A few requests on fresh connections (both workers, per-process caches), returning the last status."""
    status = 0
    for _ in range(count):
        status = fetch(port, path, headers, method=method, body=body).status
    return status


def with_query(path: str, parameter: str) -> str:
    return path + ("&" if "?" in path else "?") + parameter


def api_steps(port: int) -> list[Any]:
    """The API steps measured, (label, body): a setup and two moves, and a log of API_LOG_ACTIONS
    actions (each the first legal one, or a draw where chance acts) with one more, the log built
    by asking the API itself."""

    def step(body: dict[str, Any]) -> dict[str, Any]:
        answer = fetch(port, API_APPLY, method="POST", body=json.dumps(body).encode())
        if answer.status != 200:
            raise StartupError(f"POST {API_APPLY} {body} answered {answer.status}: {answer.body[:300]!r}")
        data: dict[str, Any] = json.loads(answer.body)
        return data

    def next_action(data: dict[str, Any]) -> str:
        if data["chance"]:
            return "@draw"
        if not data["legal_actions"]:
            raise StartupError(f"{API_GAME} ended before {API_LOG_ACTIONS} actions")
        action: str = data["legal_actions"][0]
        return action

    checked = step(API_SETUP_STEP)
    if not all(result["legal"] for result in checked["results"]):
        raise StartupError(f"the setup step {API_SETUP_STEP} is not legal: {checked['results']}")
    data = step({"setup": {"players": 2}, "seed": 1, "apply": ["@draw"]})  # drawn or refused: the log so far
    applied = sum(result["legal"] is True for result in data["results"])
    while applied < API_LOG_ACTIONS:
        data = step({"log": data["log"], "apply": [next_action(data)]})
        if data["results"][0]["legal"] is not True:
            raise StartupError(f"the API refused its own legal action: {data['results'][0]}")
        applied += 1
    return [
        ("API step: setup + 2 moves", API_SETUP_STEP),
        (f"API step: log of {API_LOG_ACTIONS} + 1", {"log": data["log"], "apply": [next_action(data)]}),
    ]


# --- the table -----------------------------------------------------------------------------------


def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}" if value < 100 else f"{value:.0f}"


def ratio(a: dict[str, Any], b: dict[str, Any]) -> str:
    if "rps" not in a or "rps" not in b or not b["rps"]:
        return "n/a"
    return f"{a['rps'] / b['rps']:.2f}x"


def caching(probe: Response) -> str:
    """What the response says about caching, short: "public 300", "cookie", "-" (nothing)."""
    if probe.header("Set-Cookie"):
        return "cookie"
    control = (probe.header("Cache-Control") or "").replace(" ", "")
    age = re.search(r"max-age=(\d+)", control)
    if "public" in control.split(",") and age:
        return f"public {age.group(1)}"
    return control[:12] or "-"


def print_runs(runs: list[Any]) -> None:
    header = (
        f"  {'what':34} {'conns':>5} {'status':>6} {'KB':>6} {'caching':>11} {'req/s':>9} {'p50 ms':>8} "
        f"{'p99 ms':>8} {'non-2xx/3xx':>11} {'socket err':>10} {'conns/worker':>12}"
    )
    print(header)
    print("  " + "-" * (len(header) - 2))
    for run in runs:
        r, probe = run["result"], run["probe"]
        first = (
            f"  {run['label']:34} {run['connections']:>5} {probe.status:>6} {len(probe.body) / 1000:>6.1f} "
            f"{caching(probe):>11}"
        )
        if "failed" in r:
            print(f"{first}   wrk failed: {r['failed']}")
            continue
        print(
            f"{first} {r['rps']:>9.1f} {ms(r['p50']):>8} {ms(r['p99']):>8} {r['non2xx3xx']:>11} {r['socket']:>10} "
            f"{r['split'] or '-':>12}"
        )
    for run in runs:
        if run["result"].get("socket"):
            print(f"  socket errors, {run['label']}: {run['result']['socket_detail']}")


def head_size(response: Response) -> int:
    """Bytes of the status line and headers, about as sent."""
    return len("HTTP/1.1 200 OK\r\n") + sum(len(k) + len(v) + 4 for k, v in response.headers) + 2


def figures(result: dict[str, Any]) -> str:
    """req/s, p50 and p99 of a run, as columns."""
    if "rps" not in result:
        return f"{'wrk failed':>9} {'':>8} {'':>8}"
    return f"{result['rps']:>9.1f} {ms(result['p50']):>8} {ms(result['p99']):>8}"


def errors_of(result: dict[str, Any]) -> str:
    count = result.get("non2xx3xx", 0) + result.get("socket", 0)
    return f"  ({count} errors)" if count else ""


def print_api_steps(steps: list[Any]) -> None:
    """Issue 29: the API's step vs a bare view returning as many bytes of JSON to the same POST."""
    print(f"  the API's step, POST {API_APPLY} (bench/http/post.lua, one fixed body), vs a bare JSON view")
    print("  of the same size sent the same POST (/bench/bare/json/<size>/)")
    header = f"    {'what':28} {'bytes':>6} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} | {'bare req/s':>10} {'p50 ms':>8} {'p99 ms':>8} | {'API/bare':>8}"
    print(header)
    for label, api, bare, size in steps:
        print(f"    {label:28} {size:>6} {figures(api)} | {figures(bare):>28} | {ratio(api, bare):>8}{errors_of(api)}")
    print()


def print_cold(colds: list[Any]) -> None:
    """Issue 29: each page cold (rendered for every request) beside its hot run (from the store)."""
    print("  cold: every request with a query string never asked before (bench/http/cold.lua), so the store of")
    print("  rendered pages never answers; hot: the same page as above (from the store); bare: /bench/bare/<size>/")
    print(
        f"    {'page':14} {'bytes':>7} | {'hot req/s':>9} {'p50 ms':>8} {'p99 ms':>8} | {'cold req/s':>10} {'p50 ms':>8} "
        f"{'p99 ms':>8} | {'bare req/s':>10} | {'cold/hot':>8} {'cold/bare':>9}"
    )
    for label, _path, hot, cold, bare, size in colds:
        print(
            f"    {label:14} {size:>7} | {figures(hot)} | {figures(cold):>28} | "
            f"{bare.get('rps', 0):>10.1f} | {ratio(cold, hot):>8} {ratio(cold, bare):>9}{errors_of(cold)}"
        )
    print()


TARGETS: list[tuple[int, bool | None, str]] = []  # (issue, met, text) of the last print_targets, for the closing lines


# (text, target, value measured, its rendering, whether it meets the target)
Target = tuple[str, str, Any, Callable[[Any], str], Callable[[Any], bool]]


def print_targets(rulebook: dict[str, Any], bare: dict[str, Any], cached: dict[str, Any], static: dict[str, Any], many: dict[str, Any], steps: list[Any]) -> None:
    """The issues' targets, each with the value measured here and "met"/"not met" (figures only)."""

    def rate(a: dict[str, Any], b: dict[str, Any]) -> float | None:
        return a["rps"] / b["rps"] if "rps" in a and "rps" in b and b["rps"] else None

    errors = None if "failed" in many else many.get("non2xx3xx", 0) + many.get("socket", 0)
    p99 = rulebook.get("p99")
    targets: list[Target] = [
        ("rulebook page through Django / bare view of the same size", ">= 0.8x", rate(rulebook, bare),
         lambda v: f"{v:.2f}x", lambda v: v >= 0.8),
        ("nginx proxy_cache / nginx serving the page as a static file", ">= 0.8x", rate(cached, static),
         lambda v: f"{v:.2f}x", lambda v: v >= 0.8),
        (f"rulebook page p99 latency at {CONNECTIONS} connections", "< 50 ms", p99,
         lambda v: f"{ms(v)} ms", lambda v: v < 50),
        (f"rulebook page errors at {MANY_CONNECTIONS} connections", "0", errors, str, lambda v: v == 0),
    ]
    api_targets: list[Target] = [
        (f"{label} / bare JSON view, same size", f">= {API_TARGET}x", rate(api, bare_json),
         lambda v: f"{v:.2f}x", lambda v: v >= API_TARGET)
        for label, api, bare_json, _size in steps
    ]
    TARGETS.clear()
    for issue, listed in ((13, targets), (29, api_targets)):
        print(f"  {f'targets (issue {issue})':62} {'target':>8} {'measured':>11}")
        for text, target, value, shown, check in listed:
            met = None if value is None else check(value)
            verdict = "n/a (no figure)" if met is None else "met" if met else "NOT MET"
            print(f"    {text:60} {target:>8} {shown(value) if value is not None else '-':>11}  {verdict}")
            TARGETS.append((issue, met, text))
        print()


# --- main ----------------------------------------------------------------------------------------


def site_env(tmp: pathlib.Path, settings_module: str) -> dict[str, Any]:
    """The environment of a production-like site on a fresh SQLite database in ``tmp`` (DEBUG off,
    plain http, no Redis or proxy settings inherited); also used by bench/lighthouse.py."""
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DJANGO_CACHE_DIR", "DATABASE_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE=settings_module,
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        PYTHONDONTWRITEBYTECODE="1",
    )
    for name in ("DJANGO_TRUST_X_FORWARDED_PROTO", "DJANGO_TRUST_X_FORWARDED_FOR"):
        env.pop(name, None)
    return env


def bench(tmp: pathlib.Path, tools: dict[str, str], processes: dict[str, subprocess.Popen[bytes]]) -> None:
    site = start_site(tmp, processes)
    prefix, ports = start_proxies(tmp, tools["nginx"], processes, site.port)
    wire = wire_answers(site.port, site.page)
    cache_checks = cache_answers(ports["cache_port"])
    runs = Runs(tools["wrk"], site.port)
    print(f"  wrk: {THREADS} threads, {SECONDS} s a run ...", flush=True)
    pages = measure_pages(runs, site.port, ports, prefix)
    steps = measure_api_steps(runs, tmp, site.port)
    colds = measure_cold(runs, site.port, pages.results)
    print_report(runs, pages, steps, colds)
    print_wire(site.page, wire, cache_checks)


class Site:
    """The site under the bench's server: its port and the rulebook page it answered first."""

    def __init__(self, env: dict[str, str], port: int, page: Response):
        self.env, self.port, self.page = env, port, page


def start_site(tmp: pathlib.Path, processes: dict[str, subprocess.Popen[bytes]]) -> Site:
    """A fresh database with the content, and the server, started twice: first to learn the
    rulebook page's size (the bare view returns as many bytes), then for real."""
    log = tmp / "setup.log"
    env = site_env(tmp, "bench.http.settings")
    print(f"  setting up a database in {tmp} (migrate, createcachetable, loadrules, collectstatic) ...", flush=True)
    manage(env, log, "migrate", "--noinput", "-v0")
    manage(env, log, "createcachetable")
    manage(env, log, "loadrules", "-v0")
    # STATIC_ROOT is not settable from the environment: the project's staticfiles/ (gitignored).
    manage(env, log, "collectstatic", "--noinput", "-v0")

    port = free_port()
    server_log = tmp / "server.log"
    processes["server"] = start_server(env, port, server_log)
    page = fetch(port, RULEBOOK)
    if page.status != 200:
        raise StartupError(f"{RULEBOOK} answered {page.status}, not 200:\n{tail(server_log)}")
    size = len(page.body)
    stop(processes.pop("server"), SERVER)
    env["BENCH_BARE_BYTES"] = str(size)
    port = free_port()
    print(f"  starting {SERVER} (2 workers) on port {port}; the bare view returns {size} bytes ...", flush=True)
    processes["server"] = start_server(env, port, server_log)
    page = fetch(port, RULEBOOK)
    bare = fetch(port, BARE)
    if bare.status != 200 or len(bare.body) != size:
        raise StartupError(f"{BARE} answered {bare.status} with {len(bare.body)} bytes, expected 200 and {size}")
    return Site(env, port, page)


def start_proxies(
    tmp: pathlib.Path, nginx: str, processes: dict[str, subprocess.Popen[bytes]], port: int
) -> tuple[pathlib.Path, dict[str, int]]:
    """nginx serving the rulebook page as a static file and, on another port, its proxy_cache in
    front of the site: (nginx's prefix folder, its ports)."""
    # The static file holds the bytes the cache stores: Django writes absolute links with the Host
    # it is asked for, and nginx passes "Host: 127.0.0.1" ($host, without the port).
    proxied = fetch(port, RULEBOOK, {"Host": "127.0.0.1"})
    if proxied.status != 200:
        raise StartupError(f"{RULEBOOK} with Host: 127.0.0.1 answered {proxied.status}, not 200")
    prefix = tmp / "nginx"
    site = prefix / "static-site" / RULEBOOK.strip("/")
    site.mkdir(parents=True)
    (site / "index.html").write_bytes(proxied.body)
    ports = {"static_port": free_port(), "cache_port": free_port(), "upstream_port": port}
    print(f"  starting nginx (2 workers): static file on port {ports['static_port']}, "
          f"proxy_cache on port {ports['cache_port']} ...", flush=True)
    processes["nginx"] = start_nginx(nginx, prefix, ports, tmp / "nginx.log")
    return prefix, ports


class WireAnswers:
    """What the rulebook page sends: its answer per encoding, and the status of conditional requests."""

    def __init__(self, encodings: dict[str, Response], etag: str | None, conditional: int | None,
                 gzip_etag: str | None, conditional_gzip: int | None):
        self.encodings, self.etag, self.conditional = encodings, etag, conditional
        self.gzip_etag, self.conditional_gzip = gzip_etag, conditional_gzip


def wire_answers(port: int, page: Response) -> WireAnswers:
    encodings = {}
    for encoding in ("identity", "gzip", "br"):
        answer = fetch(port, RULEBOOK, {"Accept-Encoding": encoding} if encoding != "identity" else None)
        encodings[encoding] = answer
    etag = page.header("ETag")
    conditional = fetch(port, RULEBOOK, {"If-None-Match": etag}).status if etag else None
    conditional_gzip = None
    gzip_etag = encodings["gzip"].header("ETag")
    if gzip_etag:
        conditional_gzip = fetch(port, RULEBOOK, {"If-None-Match": gzip_etag, "Accept-Encoding": "gzip"}).status
    return WireAnswers(encodings, etag, conditional, gzip_etag, conditional_gzip)


def cache_answers(cache_port: int) -> list[tuple[str, Response, Response]]:
    """The cache: each variant warmed, then it must answer from its store (X-Cache-Status: HIT)."""
    cache_checks = []
    for encoding in ("identity", "gzip", "br"):
        headers = {"Accept-Encoding": encoding} if encoding != "identity" else None
        first = fetch(cache_port, RULEBOOK, headers)
        second = fetch(cache_port, RULEBOOK, headers)
        cache_checks.append((encoding, first, second))
    return cache_checks


class Runs:
    """The wrk runs of the bench, in order: each with its label, connections, a probe request and the result."""

    def __init__(self, wrk: str, site_port: int):
        self.wrk, self.site_port = wrk, site_port
        self.runs: list[dict[str, Any]] = []

    def measure(
        self,
        label: str,
        target_port: int,
        path: str,
        connections: int = CONNECTIONS,
        headers: dict[str, str] | None = None,
        body: bytes | None = None,
        script: tuple[pathlib.Path, list[str]] | None = None,
        probe_path: str | None = None,
    ) -> dict[str, Any]:
        method = "GET" if body is None else "POST"
        warm_up(target_port, path, headers, method=method, body=body)
        probe = fetch(target_port, probe_path or path, headers, method=method, body=body)
        result = run_wrk(self.wrk, target_port, path, connections, headers, spread=target_port == self.site_port, script=script)
        self.runs.append({"label": label, "connections": connections, "probe": probe, "result": result})
        return result

    def probe_of(self, result: dict[str, Any]) -> Response:
        probe: Response = next(run["probe"] for run in self.runs if run["result"] is result)
        return probe


class PageRuns:
    """The runs of the pages through Django, the static file and the proxy cache."""

    def __init__(self, results: dict[str, dict[str, Any]], static: dict[str, Any], cached: dict[str, Any],
                 after_run: Response, not_hits: dict[str, int], many: dict[str, Any], gzip_run: dict[str, Any],
                 br_run: dict[str, Any]):
        self.results, self.static, self.cached, self.after_run = results, static, cached, after_run
        self.not_hits, self.many, self.gzip_run, self.br_run = not_hits, many, gzip_run, br_run


def measure_pages(runs: Runs, port: int, ports: dict[str, int], prefix: pathlib.Path) -> PageRuns:
    results = {}
    for label, path in PAGES:
        results[path] = runs.measure(label, port, path)
    static = runs.measure("nginx: rulebook as static file", ports["static_port"], RULEBOOK)
    # nginx logs only the requests its cache did not answer (MISS, EXPIRED, UPDATING, ...), unbuffered.
    misses_log = prefix / "cache-misses.log"
    before = misses_log.stat().st_size if misses_log.exists() else 0
    cached = runs.measure("nginx proxy_cache: rulebook", ports["cache_port"], RULEBOOK)
    after_run = fetch(ports["cache_port"], RULEBOOK)
    not_hits: dict[str, int] = {}
    if misses_log.exists():
        with misses_log.open("rb") as f:
            f.seek(before)
            for line in f.read().decode(errors="replace").split():
                not_hits[line] = not_hits.get(line, 0) + 1
    many = runs.measure(f"rulebook (Django), {MANY_CONNECTIONS} conns", port, RULEBOOK, MANY_CONNECTIONS)
    gzip_run = runs.measure("rulebook (Django), gzip", port, RULEBOOK, headers={"Accept-Encoding": "gzip"})
    br_run = runs.measure("rulebook (Django), br", port, RULEBOOK, headers={"Accept-Encoding": "br"})
    return PageRuns(results, static, cached, after_run, not_hits, many, gzip_run, br_run)


def measure_api_steps(runs: Runs, tmp: pathlib.Path, port: int) -> list[tuple[str, dict[str, Any], dict[str, Any], int]]:
    """Issue 29: the API's step beside a bare JSON view of its size, both sent the same POST:
    (label, API result, bare result, bytes)."""
    steps = []
    for number, (label, body) in enumerate(api_steps(port)):
        raw = json.dumps(body).encode()
        body_file = tmp / f"api-body-{number}.json"
        body_file.write_bytes(raw)
        script = (POST_SCRIPT, [str(body_file)])
        api = runs.measure(label, port, API_APPLY, body=raw, script=script)
        size = len(runs.probe_of(api).body)
        bare_json = runs.measure(f"bare JSON view, same POST, {size} B", port, f"/bench/bare/json/{size}/", body=raw, script=script)
        if len(runs.probe_of(bare_json).body) != size:
            raise StartupError(f"/bench/bare/json/{size}/ answered {len(runs.probe_of(bare_json).body)} bytes")
        steps.append((label, api, bare_json, size))
    return steps


def measure_cold(
    runs: Runs, port: int, results: dict[str, dict[str, Any]]
) -> list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, Any], int]]:
    """Issue 29: cold pages (a query string never asked before on every request) beside the hot
    runs: (label, path, hot result, cold result, bare result, bytes)."""
    colds = []
    run_id = secrets.token_hex(3)
    for number, (label, path) in enumerate(COLD_PAGES):
        cold_probe = with_query(path, f"cold={run_id}-probe")
        cold = runs.measure(f"{label}, cold", port, path, script=(COLD_SCRIPT, [f"{run_id}{number}"]), probe_path=cold_probe)
        size = len(runs.probe_of(cold).body)
        bare_page = runs.measure(f"bare view, {size} B", port, f"/bench/bare/{size}/")
        colds.append((label, path, results[path], cold, bare_page, size))
    return colds


def print_report(
    runs: Runs,
    pages: PageRuns,
    steps: list[tuple[str, dict[str, Any], dict[str, Any], int]],
    colds: list[tuple[str, str, dict[str, Any], dict[str, Any], dict[str, Any], int]],
) -> None:
    """The table of runs, the rates between them and the issues' targets."""
    print()
    if SERVER == "uvicorn":
        served = "uvicorn --workers 2 (ASGI, h11; BENCH_HTTP_SERVER=uvicorn)"
        spread_note = " conns/worker: wrk's open connections per server process, from ss, a second into the run)"
    else:
        served = "gunicorn --workers 2 (WSGI, sync; as README's \"Serving it for real\")"
        spread_note = (" conns/worker: connections per server process, from ss, a second into the run; a sync"
                       " worker holds one at a time\n and closes it after the response, so wrk reconnects)")
    print(f"HTTP bench, server: {served}")
    print(f"  nginx 2 workers, wrk -t{THREADS} -c{CONNECTIONS} (and -c{MANY_CONNECTIONS}) -d{SECONDS}s, "
          f"{os.cpu_count()} CPUs shared by all of them")
    print("(status, KB on the wire, caching: one request before the run; latency from wrk --latency;")
    print(spread_note)
    print()
    print_runs(runs.runs)
    print()
    rulebook, static, cached = pages.results[RULEBOOK], pages.static, pages.cached
    print(f"  gzip / br rate vs identity (Django):              {ratio(pages.gzip_run, rulebook)} / {ratio(pages.br_run, rulebook)}")
    static_probe, cached_probe = runs.probe_of(static), runs.probe_of(cached)
    print(f"  static file vs proxy_cache response: body {len(static_probe.body)} / {len(cached_probe.body)} bytes"
          f" ({'the same bytes' if static_probe.body == cached_probe.body else 'NOT the same bytes'}), "
          f"headers {head_size(static_probe)} / {head_size(cached_probe)} bytes")
    counted = ", ".join(f"{k} {v}" for k, v in sorted(pages.not_hits.items(), key=lambda kv: -kv[1])) or "none"
    print(f"  X-Cache-Status: {cached_probe.header('X-Cache-Status') or '-'} before the proxy_cache run, "
          f"{pages.after_run.header('X-Cache-Status') or '-'} after it; not HIT during it (nginx's log): {counted}"
          + (f" of {cached['requests']} requests" if "requests" in cached else ""))
    print()
    print_api_steps(steps)
    print_cold(colds)
    print_targets(rulebook, pages.results[BARE], cached, static, pages.many, steps)


def print_wire(page: Response, wire: WireAnswers, cache_checks: list[tuple[str, Response, Response]]) -> None:
    """The rulebook page on the wire: bytes per encoding, headers, conditional requests, the cache's answers."""
    print(f"  the rulebook page {RULEBOOK} on the wire (through Django)")
    for encoding, answer in wire.encodings.items():
        asked = "(no Accept-Encoding)" if encoding == "identity" else f"Accept-Encoding: {encoding}"
        got = answer.header("Content-Encoding") or "identity"
        print(f"    {asked:28} {len(answer.body):>8} bytes  {answer.status}  Content-Encoding: {got}")
    print()
    print("  response headers of the rulebook page (no Accept-Encoding; gzip where they differ)")
    for name in SHOWN_HEADERS:
        value = page.header(name)
        gz = wire.encodings["gzip"].header(name)
        extra = f"   | gzip: {gz}" if gz != value else ""
        print(f"    {name + ':':18} {value if value is not None else '(none)'}{extra}")
    cookies = [answer.header("Set-Cookie") for answer in (page, *wire.encodings.values())]
    print(f"    {'Set-Cookie:':18} {'PRESENT: ' + next(c for c in cookies if c) if any(cookies) else '(none)'}")
    if wire.etag:
        print(f"    If-None-Match with the ETag      -> {wire.conditional}{'' if wire.conditional == 304 else '  (not 304)'}")
        if wire.gzip_etag:
            conditional_gzip = wire.conditional_gzip
            print(f"    If-None-Match, gzip variant      -> {conditional_gzip}{'' if conditional_gzip == 304 else '  (not 304)'}")
    else:
        print("    If-None-Match                    -> not tried: no ETag")
    print()
    print("  through nginx proxy_cache (first request, second request)")
    for encoding, first, second in cache_checks:
        asked = "(no Accept-Encoding)" if encoding == "identity" else f"Accept-Encoding: {encoding}"
        print(
            f"    {asked:28} X-Cache-Status {first.header('X-Cache-Status') or '-'} then "
            f"{second.header('X-Cache-Status') or '-'}; {len(second.body)} bytes, "
            f"Content-Encoding: {second.header('Content-Encoding') or 'identity'}"
        )
    if cache_checks[0][2].header("X-Cache-Status") != "HIT":
        print("    (not HIT: nginx stores a page only with Cache-Control public/max-age or Expires, and no Set-Cookie)")


def main() -> int:
    if any(pathlib.Path(arg).name == "run_all.py" for arg in sys.orig_argv):  # runpy replaces sys.argv[0]
        print("  skipped here (needs nginx and wrk, about two minutes): make bench-http")
        return 0
    tools = {name: shutil.which(name) or (f"/usr/sbin/{name}" if os.path.exists(f"/usr/sbin/{name}") else None)
             for name in ("nginx", "wrk")}
    if SERVER not in SERVERS:
        print(f"bench-http: BENCH_HTTP_SERVER={SERVER!r}: use gunicorn (the default) or uvicorn", file=sys.stderr)
        return 2
    missing = [name for name, found in tools.items() if not found]
    if missing:
        print(f"bench-http: cannot run without {' and '.join(missing)} (apt-get install nginx-light wrk)", file=sys.stderr)
        return 2

    def terminated(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, terminated)
    processes: dict[str, Any] = {}
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="bench-http-"))
    try:
        bench(tmp, {name: path for name, path in tools.items() if path}, processes)
        print()
        for issue in sorted({issue for issue, _, _ in TARGETS}):
            listed = [(ok, text) for number, ok, text in TARGETS if number == issue]
            met = sum(1 for ok, _ in listed if ok)
            missed = [text for ok, text in listed if not ok]
            print(f"issue {issue} targets: {met} of {len(listed)} met" + (f"; not met: {'; '.join(missed)}" if missed else ""))
        return 0
    except StartupError as error:
        print(f"bench-http: could not start: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("bench-http: interrupted", file=sys.stderr)
        return 130
    finally:
        stop(processes.pop("nginx", None), "nginx")
        stop(processes.pop("server", None), SERVER)
        if os.environ.get("BENCH_HTTP_KEEP"):
            print(f"bench-http: kept {tmp} (logs, nginx.conf)", file=sys.stderr)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    code = main()
    if code:
        sys.exit(code)
