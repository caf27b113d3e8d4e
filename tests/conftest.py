"""Shared fixtures: the real rulebook content, loaded into the test database.

The content (rulebooks and the curated FAQ entries) is loaded once, when the test database is made
(:func:`django_db_setup`); each test runs in a transaction that is rolled back, so it starts from
that content. A test that empties the database (``transactional_db``, the browser tests' live
server, the rooms' tests) leaves it empty; the ``site``, ``rulebooks`` and ``faq`` fixtures put
back the copy of the database kept after the first load (:mod:`tests.stored_content`).
"""

import os

import pytest

from rulebooks.loader import ContentSet, read_content, store_content
from rulebooks.models import Game
from tests.stored_content import STORED

_CONTENT: ContentSet | None = None


def parsed_content() -> ContentSet:
    """The repository's content, parsed once per run (~2 s). Shared: a test that changes it
    works on a copy (``copy.deepcopy``)."""
    global _CONTENT
    if _CONTENT is None:
        _CONTENT = read_content(check_seeds=False)
    return _CONTENT


def load_site_content():
    """Put the content back into a test database a flush emptied: the copy kept when the test
    database was made (:mod:`tests.stored_content`: the rulebooks and the curated FAQ entries),
    or, without one, the rulebooks stored again."""
    if Game.objects.exists():
        return
    if STORED.restore():
        return
    store_content(parsed_content())


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database with the repository's content in it (loaded once per run, not per test:
    about two seconds per test on SQLite, more on PostgreSQL)."""
    from faq.sync import sync_curated

    with django_db_blocker.unblock():
        load_site_content()
        sync_curated(parsed_content())
        STORED.keep()


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
    """The parsed content set (no database; parsed once per run: do not change it)."""
    return parsed_content()


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
    if os.environ.get("RULESITE_DATABASE_TESTS_ONLY") == "1":
        # `make test-postgres`: the tests that reach the database, again on PostgreSQL (the others
        # ran in `make test` already and would prove nothing new).
        kept = [item for item in items if _uses_the_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if not _uses_the_database(item)])
        items[:] = kept


DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences", "django_db_serialized_rollback"}


def _uses_the_database(item) -> bool:
    """pytest-django lets a test reach the database only through its marker or these fixtures."""
    return item.get_closest_marker("django_db") is not None or bool(DATABASE_FIXTURES & set(item.fixturenames))


@pytest.fixture(scope="session", autouse=True)
def _search_indexes_built_once_per_documents():
    """A language's search index is analysed again (0.5-2 s) only for documents it was not built
    from before in this run: the index the site would build from the same rows, synonyms and
    names is the one built the first time (an index is a function of them). Every test still
    rebuilds its indexes from its own rows (``_fresh_page_store``); most find them unchanged."""
    import threading
    from collections import OrderedDict

    from sitewide import search

    make, built, lock = search.Index, OrderedDict(), threading.Lock()

    def index(lang, documents, synonyms=(), game_names=None, memo=None):
        key = repr((lang, documents, synonyms, game_names))
        with lock:
            found = built.get(key)
            if found is not None:
                built.move_to_end(key)
                return found
        found = make(lang, documents, synonyms, game_names=game_names, memo=memo)
        with lock:
            built[key] = found
            while len(built) > 12:  # the content's indexes and a few of tests' changed rows
                built.popitem(last=False)
        return found

    search.Index = index
    yield
    search.Index = make


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
    # The search's index of each language: one test's rows are not the next one's (an index
    # built from the same documents before is reused: _search_indexes_built_once_per_documents).
    INDEXES.clear()
    yield
    STORE.clear()
    FRAGMENTS.clear()
    INDEXES.clear()
