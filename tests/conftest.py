"""Shared fixtures: the real rulebook content, loaded into the test database.

The content (rulebooks and the curated FAQ entries) is loaded once, when the test database is made
(:func:`django_db_setup`); each test runs in a transaction that is rolled back, so it starts from
that content. A test that empties the database (``transactional_db``, the browser tests' live
server) leaves it empty; the ``rulebooks`` and ``faq`` fixtures load it again when it is missing.
"""

import sqlite3

import pytest
from django.db import connection

from rulebooks.loader import read_content, store_content
from rulebooks.models import Game

_CONTENT = None
# On SQLite: a copy of the test database taken right after the content was first stored, restored
# (SQLite's backup API, ~0.1 s) instead of storing the content again (~1 s) into a database a
# browser test's flush emptied.
_STORED_COPY: sqlite3.Connection | None = None


def load_site_content():
    """Load the repository's rulebooks into the current test database (parsed once)."""
    global _CONTENT
    if Game.objects.exists():
        return
    if _restore_stored_copy():
        return
    if _CONTENT is None:
        _CONTENT = read_content(check_seeds=False)
    store_content(_CONTENT)
    _keep_stored_copy()


def _sqlite_outside_a_transaction() -> sqlite3.Connection | None:
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        return None
    connection.ensure_connection()
    return connection.connection


def _keep_stored_copy() -> None:
    global _STORED_COPY
    database = _sqlite_outside_a_transaction()
    if database is not None and _STORED_COPY is None:
        _STORED_COPY = sqlite3.connect(":memory:", check_same_thread=False)
        database.backup(_STORED_COPY)


def _restore_stored_copy() -> bool:
    database = _sqlite_outside_a_transaction()
    if database is None or _STORED_COPY is None:
        return False
    _STORED_COPY.backup(database)
    return True


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database with the repository's content in it (loaded once per run, not per test:
    about two seconds per test on SQLite, more on PostgreSQL)."""
    from faq.sync import sync_curated

    with django_db_blocker.unblock():
        load_site_content()
        sync_curated(_CONTENT)


@pytest.fixture
def empty_db(db):
    """For a test that starts from a database without content (what ``django_db_setup`` loaded is
    removed inside the test's transaction, so the next test has it again)."""
    from django.core.management import call_command

    call_command("flush", "--noinput", verbosity=0)


@pytest.fixture
def rulebooks(db):
    load_site_content()


@pytest.fixture
def site_content():
    """The parsed content set (no database)."""
    load = read_content(check_seeds=False)
    return load


def pytest_configure(config):
    """Register the tests' toy game (tests/toygames/toy_game) through the same mechanism a real
    game uses: the registry finds a package exporting ``GAME``."""
    from rules.core import registry

    registry.add_package("tests.toygames")


def pytest_collection_modifyitems(config, items):
    """Browser tests last: Playwright's sync API keeps an event loop running in the main thread
    from its first use to the end of the run, and code that calls ``async_to_sync`` there (the
    rooms' services, Channels) refuses to run beside it."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(autouse=True)
def _fresh_page_store():
    """Every test starts with an empty store of rendered public pages (pagecache.httpcache), no
    stored fragments (rulebooks.fragments) and no search index: a page stored (or an index built) by one test under other settings, rows or
    monkeypatches must not answer the next."""
    from pagecache.httpcache import STORE, VERSION
    from rulebooks.fragments import FRAGMENTS
    from sitewide.search import INDEXES

    STORE.clear()
    FRAGMENTS.clear()  # rendered content: kept per content version, which a rolled-back test reuses
    # The content version's tokens are read again: a test that cleared the shared cache would
    # otherwise leave this process trusting a token gone from it, replaced within a second.
    VERSION.read_at.clear()
    INDEXES.clear()  # the search's index of each language: one test's rows are not the next one's
    yield
    STORE.clear()
    FRAGMENTS.clear()
    INDEXES.clear()
