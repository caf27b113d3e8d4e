"""Taps to settle a dispute on a phone (issue 34): the six disputes of the phone reviews
(``tests/e2e/disputes.py``: the three of the 2026-12-01 review and the three of 2026-12-03), each
played from the home page on a 390x844 phone in Chromium, as a newcomer plays it (a ``<select>``
counts two taps: open, choose). Prints the taps of each and the issue's floor where it sets one
(FF, BT, DdT: at most 10). Nothing is asserted (tests/e2e/test_disputes.py checks the floors).

It sets up its own site on a temporary SQLite database (as bench/lighthouse.py does) and needs the
system Chromium (``CHROME_PATH``, default /usr/bin/chromium); without it, it says so and stops.
"""

import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from bench_http import StartupError, free_port, manage, server_command, site_env, stop, wait_for_http  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent


def play_all(site: str, chrome: str) -> list[tuple[str, int | None, int | None, str]]:
    """(dispute, taps or None when it could not be played, floor, note) for every dispute."""
    from playwright.sync_api import sync_playwright

    from tests.e2e.disputes import DISPUTES, Taps

    rows: list[tuple[str, int | None, int | None, str]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chrome, args=["--no-sandbox", "--disable-gpu"])
        for dispute in DISPUTES:
            context = browser.new_context(
                viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="nl-NL"
            )
            taps = Taps(context.new_page(), site)
            try:
                dispute.play(taps)
                rows.append((dispute.name, taps.count, dispute.floor, ""))
            except Exception as exc:  # a dispute that cannot be played is reported, not hidden
                rows.append((dispute.name, None, dispute.floor, f"failed after {taps.count} taps: {str(exc)[:120]}"))
            finally:
                context.close()
        browser.close()
    return rows


def main() -> int:
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    if not pathlib.Path(chrome).exists():
        print(f"no browser at {chrome} (set CHROME_PATH): the disputes are played in Chromium")
        return 0
    server = None
    with tempfile.TemporaryDirectory(prefix="rulesite-taps-") as tmp_name:
        tmp = pathlib.Path(tmp_name)
        env, log = site_env(tmp, "rulesite.settings"), tmp / "server.log"
        try:
            for args in (("migrate", "--noinput", "-v0"), ("createcachetable",), ("loadrules", "-v0"),
                         ("collectstatic", "--noinput", "-v0")):
                manage(env, log, *args)
            port = free_port()
            with log.open("ab") as output:
                server = subprocess.Popen(server_command(port), cwd=ROOT, env=env, stdout=output, stderr=output,
                                          start_new_session=True)
            wait_for_http(port, server, "server", log)
            rows = play_all(f"http://127.0.0.1:{port}", chrome)
        except StartupError as exc:
            print(f"could not start the site: {exc}")
            return 1
        finally:
            stop(server, "server")
    print("taps from the home page on a 390x844 phone (a <select> counts 2)")
    print(f"  {'dispute':55} {'taps':>5} {'floor':>6}")
    for name, count, floor, note in rows:
        shown = "-" if count is None else str(count)
        print(f"  {name:55} {shown:>5} {floor if floor is not None else '':>6}  {note}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
