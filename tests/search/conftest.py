"""The FAQ's fixtures (rulebooks plus curated entries, a clean cache per test, an editor)."""

from tests.faq.conftest import clean_caches, editor, faq  # noqa: F401
