"""Settings for the test suite: production mode (DEBUG off, designed error pages) on plain
http, with the ordinary static storage so the live test server can serve CSS and JS."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "test-only-secret-key-" + "k" * 40)
os.environ.setdefault("DJANGO_DEBUG", "0")
os.environ.setdefault("DJANGO_HTTPS", "0")

from .settings import *  # noqa: E402,F403
from .settings import STORAGES  # noqa: E402

STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Static files come straight from static/ (no collectstatic before the tests).
STATIC_ROOT = None
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = True
# A content change is searchable at once (no rebuild in a background thread).
SEARCH_REBUILD_IN_BACKGROUND = False
