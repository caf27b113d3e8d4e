"""FAQ fixtures: the rulebooks plus the curated FAQ entries, and a clean cache per test."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache

from faq import verification
from faq.models import Entry
from faq.sync import sync_curated
from tests import conftest as base


def load_faq_content():
    """Rulebooks and curated FAQ entries into the current test database."""
    base.load_site_content()
    if not Entry.objects.filter(origin=Entry.REPOSITORY).exists():
        sync_curated(base.parsed_content())


@pytest.fixture(autouse=True)
def clean_caches(request):
    # The site's cache is a database table (rulesite.settings.cache_settings): tests that use the
    # database get it cleared before and after; the others cannot reach it.
    uses_db = request.node.get_closest_marker("django_db") is not None or bool(
        {"db", "transactional_db", "live_server"} & set(request.fixturenames)
    )
    if uses_db:
        request.getfixturevalue("db")
        cache.clear()
    verification.clear_cache()
    yield
    if uses_db:
        cache.clear()
    verification.clear_cache()


@pytest.fixture
def faq(db):
    load_faq_content()


@pytest.fixture
def editor(db):
    return get_user_model().objects.create_user("editor", "editor@example.org", "a-long-editor-password", is_staff=True,
                                                 is_superuser=True)


def make_entry(game="betoverde-torens", slug="", question="Mag een tovenaar op de Raventoren landen?", answer="Ja.",
               clauses=(), published=True, status=Entry.ANSWERED, **fields):
    entry = Entry(game_id=game, slug=slug, question=question, answer=answer, published=published, status=status,
                  **fields)
    entry.save()
    if clauses:
        from rulebooks.models import Clause

        entry.clauses.set(Clause.objects.filter(anchor__in=clauses))
    return entry


from tests.mailserver import smtp_server  # noqa: E402,F401 - the real SMTP server fixture
