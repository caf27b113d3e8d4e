"""Settings for the rules site, read from the environment.

Environment variables:

- ``DJANGO_DEBUG``: "1"/"true" for development; anything else (default) is production mode.
- ``DJANGO_SECRET_KEY``: required when not debugging.
- ``DJANGO_ALLOWED_HOSTS``: comma separated host names (default: localhost names).
- ``DATABASE_URL``: any dj-database-url URL; default is an SQLite file ``db.sqlite3``.
- ``DJANGO_HTTPS``: "1" (default when not debugging) turns on HSTS, secure cookies and the
  redirect to HTTPS; ``make run`` sets it to "0" to serve plain http on 127.0.0.1.
- ``DJANGO_TRUST_X_FORWARDED_PROTO``: "1" behind a TLS-terminating proxy.
- ``DJANGO_CACHE_DIR``: a directory for a file cache shared by worker processes (the FAQ rate
  limit); default is a per-process memory cache.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


DEBUG = env_flag("DJANGO_DEBUG", False)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "dev-only-key-not-for-production-use-0123456789abcdefghijklmnop"
    else:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off (see README.md)."
        )

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]").split(",")
    if h.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "rulebooks",
    "faq",
    "sitewide",
    "simulator",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "rulesite.middleware.SecurityHeadersMiddleware",
]

ROOT_URLCONF = "rulesite.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "rulesite.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "rulesite.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: the UI speaks nl, de and en; every URL carries the language prefix.
LANGUAGE_CODE = "nl"
LANGUAGES = [
    ("nl", _("Dutch")),
    ("de", _("German")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "simulator.staticfinders.GameStaticFinder",  # simulator/games/<game>/static/ as games/<slug>/
]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Cache: the FAQ question form's rate limit counts here. Local memory counts per process; with
# several gunicorn workers point DJANGO_CACHE_DIR at a directory they share.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rulesite"}}
if os.environ.get("DJANGO_CACHE_DIR"):
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": os.environ["DJANGO_CACHE_DIR"],
    }
# Questions a visitor may ask per client address: (count, seconds).
FAQ_QUESTION_RATE = (5, 600)
# How long the simulator shows a position before the computer's (or the monster's) next move plays itself.
SIMULATOR_AUTOPLAY_MS = int(os.environ.get("SIMULATOR_AUTOPLAY_MS", "800"))

# Rulebook content (Markdown) and the seeds the coverage checklists quote.
RULEBOOK_CONTENT_DIR = BASE_DIR / "rulebooks" / "content"
SEEDS_DIR = Path(os.environ.get("RULESITE_SEEDS_DIR", BASE_DIR.parent / "shared" / "seeds"))

# Security. HTTPS-only settings are on by default outside debug mode.
HTTPS = env_flag("DJANGO_HTTPS", not DEBUG)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
if env_flag("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
