"""Settings for the rules site, read from the environment.

Environment variables:

- ``DJANGO_DEBUG``: "1"/"true" for development; anything else (default) is production mode.
- ``DJANGO_SECRET_KEY``: required when not debugging.
- ``DJANGO_ALLOWED_HOSTS``: comma separated host names (default: localhost names).
- ``DATABASE_URL``: any dj-database-url URL; default is an SQLite file ``db.sqlite3``.
- ``DJANGO_HTTPS``: "1" (default when not debugging) turns on HSTS, secure cookies and the
  redirect to HTTPS; ``make run`` sets it to "0" to serve plain http on 127.0.0.1.
- ``DJANGO_TRUST_X_FORWARDED_PROTO``: "1" behind a TLS-terminating proxy.
- ``DJANGO_TRUST_X_FORWARDED_FOR``: "1" behind one proxy that appends the visitor's address to
  X-Forwarded-For, with gunicorn (which leaves REMOTE_ADDR the proxy's).
- ``REDIS_URL``: a Redis server for the cache (and the rooms' channel layer), e.g.
  ``redis://localhost:6379/0``.
- ``DJANGO_CACHE_DIR``: a directory for a file cache shared by worker processes. Without either,
  the cache is a table in the database (``manage.py createcachetable``), shared by all workers.
- ``PUBLIC_CACHE_MAX_AGE``: seconds browsers and caches in front may keep a public page (300).
- ``PUBLIC_CACHE_ENABLED``: "0" turns off the per-process store of rendered public pages
  (default: on unless debugging).
- ``SEARCH_REBUILD_IN_BACKGROUND``: "0" makes the search rebuild its index before answering the
  first search after a content change (default: in a thread, the previous index answering).
- ``EMAIL_HOST`` (``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS``,
  ``EMAIL_USE_SSL``, ``EMAIL_TIMEOUT``), ``EMAIL_FILE_PATH``, ``DEFAULT_FROM_EMAIL``, ``SITE_URL``:
  the askers' e-mail (below); ``FAQ_ASKER_EMAIL_DAYS``, ``FAQ_ANSWER_RATE``: the FAQ's limits.
- ``ROOMS_*``: the online rooms' presence, expiry and abuse limits (below, and README.md,
  "Online rooms").
"""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from rules.core.languages import LANGUAGES as SITE_LANGUAGES

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int, minimum: int = 0) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()) or int(value) < minimum:
        raise ImproperlyConfigured(f"{name} must be a whole number of at least {minimum}, not {value!r}.")
    return int(value)


def env_rate(name: str, default: tuple[int, int]) -> tuple[int, int]:
    """A rate written "<count>/<seconds>", e.g. "60/10"."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    count, _, seconds = value.partition("/")
    if not all(p.isascii() and p.isdigit() and int(p) > 0 for p in (count, seconds)):
        raise ImproperlyConfigured(f"{name} must be written <count>/<seconds>, e.g. 60/10, not {value!r}.")
    return int(count), int(seconds)


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
    "django.contrib.humanize",  # apnumber: "four rulebooks" on the home page, in the reader's language
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "pagecache",
    "rulebooks",
    "faq",
    "sitewide",
    "simulator",
    "axes",
    "channels",
    "rooms",
]

MIDDLEWARE = [
    "pagecache.httpcache.CompressionMiddleware",  # gzip (BREACH-padded) for what is not a public page
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "pagecache.httpcache.PublicPageMiddleware",  # public pages: stored, compressed, ETag/304
    "django.contrib.sessions.middleware.SessionMiddleware",
    "sitewide.middleware.SiteLocaleMiddleware",  # Django's, without redirecting the API's 404s
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "sitewide.middleware.SecurityHeadersMiddleware",
    "sitewide.middleware.MethodNotAllowedMiddleware",  # designed 405 pages, JSON under /api/
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into the lockout page
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
                "rulebooks.context_processors.site",
            ],
        },
    },
]

WSGI_APPLICATION = "rulesite.wsgi.application"
ASGI_APPLICATION = "rulesite.asgi.application"

# Online rooms (Django Channels): one process shares rooms in memory; with several ASGI worker
# processes set REDIS_URL (redis://host:6379/0) so they share them through Redis.
CHANNEL_LAYERS: dict[str, dict[str, Any]] = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
if os.environ.get("REDIS_URL"):
    CHANNEL_LAYERS["default"] = {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [os.environ["REDIS_URL"]]},
    }

# Online rooms: presence, expiry and abuse limits (README.md, "Online rooms"). Seconds unless said.
# The server pings every socket every ROOMS_HEARTBEAT seconds and closes one it has heard nothing
# from for ROOMS_PRESENCE_TIMEOUT (a connection whose worker stopped counts as gone after that
# long too). The host role passes to a connected person once the host has been away
# ROOMS_HOST_AWAY; a lobby seat nobody has been connected to for ROOMS_SEAT_AWAY is released; a
# room nobody has been connected to for ROOMS_ROOM_AWAY is freed (a started game is kept as a
# replay link). Expiry runs on every lobby and room page, every socket connect, close and
# heartbeat, and in `manage.py expirerooms` (for cron).
ROOMS_PER_GAME = env_int("ROOMS_PER_GAME", 4, minimum=1)  # "Oder online spielen": four rooms per game
ROOMS_HEARTBEAT = env_int("ROOMS_HEARTBEAT", 20, minimum=1)
ROOMS_PRESENCE_TIMEOUT = env_int("ROOMS_PRESENCE_TIMEOUT", 60, minimum=2)
ROOMS_HOST_AWAY = env_int("ROOMS_HOST_AWAY", 120)
ROOMS_SEAT_AWAY = env_int("ROOMS_SEAT_AWAY", 10 * 60)
ROOMS_ROOM_AWAY = env_int("ROOMS_ROOM_AWAY", 30 * 60)
# In a started game, a person away (no socket) for ROOMS_HANDOVER_AWAY may have their seat handed to
# the computer by the host, for ROOMS_HANDOVER_ANYONE by any seated person; they take it back by
# opening the room again (rooms.standins). A seat away for ROOMS_ADDRESS_AWAY stops counting toward
# ROOMS_SEATS_PER_ADDRESS (below). Every ROOMS_WATCH_MS each worker process reads the versions of
# the rooms its sockets show, so a change made by another process (cron's expirerooms, a worker
# without REDIS_URL) reaches them too.
ROOMS_HANDOVER_AWAY = env_int("ROOMS_HANDOVER_AWAY", 60)
ROOMS_HANDOVER_ANYONE = env_int("ROOMS_HANDOVER_ANYONE", 3 * 60)
ROOMS_ADDRESS_AWAY = env_int("ROOMS_ADDRESS_AWAY", 5 * 60)
ROOMS_WATCH_MS = env_int("ROOMS_WATCH_MS", 1000, minimum=50)
if ROOMS_PRESENCE_TIMEOUT < 2 * ROOMS_HEARTBEAT:
    raise ImproperlyConfigured("ROOMS_PRESENCE_TIMEOUT must be at least twice ROOMS_HEARTBEAT.")
# Abuse limits, held in the database (so across worker processes): rooms one person (browser)
# holds a seat in at once, seats taken from one network address at once (friends behind one
# router share it; IPv6 counts per /64), sockets open per seat (the newest wins). Per socket:
# messages, and render-heavy messages (board, pick, move) per seat in the shared cache.
ROOMS_PER_PERSON = env_int("ROOMS_PER_PERSON", 2, minimum=1)
ROOMS_SEATS_PER_ADDRESS = env_int("ROOMS_SEATS_PER_ADDRESS", 8, minimum=1)
ROOMS_SOCKETS_PER_SEAT = env_int("ROOMS_SOCKETS_PER_SEAT", 3, minimum=1)
ROOMS_MESSAGE_RATE = env_rate("ROOMS_MESSAGE_RATE", (60, 10))
ROOMS_RENDER_RATE = env_rate("ROOMS_RENDER_RATE", (20, 10))

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DATABASE_CONN_MAX_AGE", "60")),
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several workers (and threads) write to one SQLite file: every transaction takes the write
    # lock when it begins (BEGIN IMMEDIATE), so a writer waits for another (up to `timeout`
    # seconds) instead of failing at once with "database is locked" when a transaction that read
    # first tries to write; WAL lets readers go on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"}
    )

# Admin logins are throttled by django-axes: after AXES_FAILURE_LIMIT wrong passwords for one
# username from one address, that pair is locked out for AXES_COOLOFF_TIME hours. Staff lift a
# lockout in the admin (Axes > Access attempts: delete the row) or with
# `manage.py axes_reset_username <name>` / `manage.py axes_reset`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 1  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "admin/locked_out.html"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Internationalisation: the UI speaks nl, de and en; every URL carries the language prefix.
LANGUAGE_CODE = "nl"
LANGUAGE_NAMES = {"nl": _("Dutch"), "de": _("German"), "en": _("English")}
LANGUAGES = [(code, LANGUAGE_NAMES[code]) for code in SITE_LANGUAGES]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "simulator.staticfinders.GameStaticFinder",  # rules/games/<game>/static/ as games/<slug>/
]
STATIC_ROOT: Path | None = BASE_DIR / "staticfiles"
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



def cache_settings(environ: Mapping[str, str]) -> dict[str, Any]:
    """The cache, shared by every worker process: the FAQ question form's rate limit counts here.

    ``REDIS_URL``: Redis. ``DJANGO_CACHE_DIR``: files in that directory. Otherwise a table in the
    database (create it with ``manage.py createcachetable``; the test database gets it itself).
    Enough entries that culling never drops a live rate-limit slot.
    """
    options = {"MAX_ENTRIES": 100_000}
    if environ.get("REDIS_URL"):
        return {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": environ["REDIS_URL"]}
    if environ.get("DJANGO_CACHE_DIR"):
        return {
            "BACKEND": "pagecache.filecache.AtomicAddFileBasedCache",  # Django's, with an atomic add
            "LOCATION": environ["DJANGO_CACHE_DIR"],
            "OPTIONS": options,
        }
    return {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "rulesite_cache", "OPTIONS": options}


CACHES = {"default": cache_settings(os.environ)}
# Public pages (pagecache/httpcache.py): how long browsers and caches in front may keep them, and
# whether this process keeps rendered pages (off while debugging: templates change under you).
PUBLIC_CACHE_MAX_AGE = int(os.environ.get("PUBLIC_CACHE_MAX_AGE", "300"))
PUBLIC_CACHE_ENABLED = env_flag("PUBLIC_CACHE_ENABLED", not DEBUG)
# The search's index (sitewide/search.py) is rebuilt in a thread after a content change while the
# previous one answers; "0" rebuilds before answering (the tests: a change is found at once).
SEARCH_REBUILD_IN_BACKGROUND = env_flag("SEARCH_REBUILD_IN_BACKGROUND", True)
PUBLIC_BROTLI_QUALITY = 5  # 140 KB of HTML -> 23 KB in about 2 ms (quality 11: 21 KB in 116 ms)
# Questions a visitor may ask per client address: (count, seconds).
FAQ_QUESTION_RATE = (5, 600)
# "This answers my question" counted per client address: (count, seconds), in the shared cache.
# (Each browser counts an answer once a day anyway: faq.counting.)
FAQ_ANSWER_RATE = env_rate("FAQ_ANSWER_RATE", (10, 3600))
# An asker's e-mail address is erased after their one e-mail (faq.notify), or this many days
# after the question arrived if it is never answered (`manage.py notifyaskers`, and every question sent).
FAQ_ASKER_EMAIL_DAYS = env_int("FAQ_ASKER_EMAIL_DAYS", 90, minimum=1)

# E-mail (the askers' one e-mail) through Django's e-mail framework. EMAIL_HOST set: SMTP with
# EMAIL_PORT, EMAIL_HOST_USER, EMAIL_HOST_PASSWORD, EMAIL_USE_TLS / EMAIL_USE_SSL; else
# EMAIL_FILE_PATH set: each message written to a file in that folder (`make run`: sent-emails/);
# else the console while debugging, and SMTP on localhost:25 otherwise. SITE_URL (e.g.
# https://rules.example.org) starts the links in e-mails; without it, the address the editor's
# admin request came to.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "").strip()
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", "").strip()
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 25, minimum=1)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS", False)
    EMAIL_USE_SSL = env_flag("EMAIL_USE_SSL", False)
elif EMAIL_FILE_PATH:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
elif DEBUG:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    EMAIL_HOST = "localhost"
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 10, minimum=1)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Regels aan tafel <noreply@localhost>")
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
# Questions the search API (GET /api/v1/search) answers per client address: "<count>/<seconds>".
SEARCH_API_RATE = env_rate("SEARCH_API_RATE", (60, 60))
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
CSRF_FAILURE_VIEW = "sitewide.errors.csrf_failure"  # the site's 403 page (JSON under /api/)
if HTTPS:
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
if env_flag("DJANGO_TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Behind one proxy that appends the visitor's address to X-Forwarded-For, served by a server that
# does not pass it on as REMOTE_ADDR (gunicorn): the question rate limit and the admin login
# throttle count the address the proxy saw (the header's last one) instead of the proxy's own.
TRUST_X_FORWARDED_FOR = env_flag("DJANGO_TRUST_X_FORWARDED_FOR", False)
if TRUST_X_FORWARDED_FOR:
    AXES_IPWARE_PROXY_COUNT = 1
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}
