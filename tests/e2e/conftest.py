"""Real-browser fixtures: Playwright driving the system Chromium against the live server.

Browser downloads are impossible here, so Playwright launches /usr/bin/chromium. Locally the
browser tests skip with a message when it is missing; CI sets RULESITE_REQUIRE_BROWSER=1 and
they fail instead.
"""

import os
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


@pytest.fixture
def site(transactional_db, live_server):
    """The live server with the rulebooks loaded."""
    load_site_content()
    return live_server.url


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
