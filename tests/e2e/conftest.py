"""Real-browser fixtures: Playwright driving the system Chromium against the live server.

Browser downloads are impossible here, so Playwright launches /usr/bin/chromium. Locally the
browser tests skip with a message when it is missing; CI sets RULESITE_REQUIRE_BROWSER=1 and
they fail instead.
"""

import os
import threading
import time
from pathlib import Path

import pytest

from tests.conftest import load_site_content

CHROMIUM = Path(os.environ.get("RULESITE_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Requests a service worker makes go through the context's routes too (Chromium), so a test can
# make the site stop answering while the browser stays online (tests/e2e/test_offline.py).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

# Playwright's sync API runs an event loop in this thread; the ORM calls the fixtures make
# from the same thread are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the whole run: its sync API runs an event loop in this thread, and a
    second one could not start beside it (browsers with other flags launch from this one)."""
    if not CHROMIUM.exists():
        message = f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)"
        if os.environ.get("RULESITE_REQUIRE_BROWSER") == "1":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


class RequestsInFlight:
    """The live server's WSGI application, counting the requests it is still answering.

    The live server shares the test's in-memory SQLite connection. A page can still have requests
    on their way when its test ends (htmx's requests after ``load``, the offline page's service
    worker fetching pages to keep): if the test database is flushed while one of them is reading,
    SQLite refuses the flush ("database table is locked") and the test errors at teardown. The
    ``site`` fixture waits for the server to be idle before the flush.
    """

    def __init__(self, app):
        self.app = app
        self.count = 0
        self.changed = threading.Condition()

    def __call__(self, environ, start_response):
        with self.changed:
            self.count += 1
        try:
            return Answer(self.app(environ, start_response), self)
        except BaseException:
            self.done()
            raise

    def done(self) -> None:
        with self.changed:
            self.count -= 1
            self.changed.notify_all()

    def wait_idle(self, quiet: float = 0.2, timeout: float = 30.0) -> bool:
        """True once no request has been in flight for ``quiet`` seconds (a request the browser
        sent just before its page closed may not have been accepted yet)."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while time.monotonic() < deadline:
                if self.count:
                    self.changed.wait(deadline - time.monotonic())
                    continue
                if not self.changed.wait(quiet) and not self.count:
                    return True
        return False


class Answer:
    """A response on its way: the request counts as answered when the server closes it (WSGI)."""

    def __init__(self, result, requests: RequestsInFlight):
        self.result = result
        self.requests = requests

    def __iter__(self):
        return iter(self.result)

    def close(self) -> None:
        try:
            if hasattr(self.result, "close"):
                self.result.close()
        finally:
            self.requests.done()


def requests_in_flight(live_server) -> RequestsInFlight:
    """The live server's counter, put in front of its application the first time it is asked."""
    httpd = live_server.thread.httpd
    app = httpd.get_app()
    if not isinstance(app, RequestsInFlight):
        app = RequestsInFlight(app)
        httpd.set_app(app)
    return app


@pytest.fixture
def site(transactional_db, live_server, browser):
    """The live server with the rulebooks loaded. After the test its pages are closed (whatever
    order the test asked for its fixtures in) and the server's last requests are answered before
    the database is flushed."""
    requests = requests_in_flight(live_server)
    load_site_content()
    yield live_server.url
    for context in browser.contexts:
        context.close()
    if not requests.wait_idle():
        pytest.fail(f"the live server was still answering {requests.count} request(s) 30 s after the test")


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="nl-NL")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="nl-NL")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def nojs_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False, locale="nl-NL")
    page = context.new_page()
    yield page
    context.close()

from tests.mailserver import smtp_server  # noqa: E402,F401 - the real SMTP server fixture
