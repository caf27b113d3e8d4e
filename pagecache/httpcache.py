"""HTTP caching of the public pages: Cache-Control, ETag and 304, compression, and a per-process
store of rendered pages.

Every public page (rulebooks, clauses, demos and the simulator, FAQ lists and entries, search,
feeds, the API's GETs) is a pure function of its URL, a few request headers it names in ``Vary``
(``HX-Request``/``HX-Target`` for htmx partials, ``Accept-Language`` for the API) and the
*content version*. A view says so with :func:`public`; :class:`PublicPageMiddleware` then

- refuses to treat the response as public unless it really is (status 200, no ``Set-Cookie``, no
  ``Vary: Cookie``, nothing ``private``/``no-store``): a page that touches the session or the
  CSRF token stays uncacheable instead of leaking one visitor's data to the next;
- sends ``Cache-Control: public, max-age=…`` and a weak ETag of the body, and answers a matching
  ``If-None-Match`` with 304;
- keeps the rendered page, and its brotli and gzip encodings, in a bounded per-process store keyed
  on the content version, the scheme, the host, the full path and the values of the request headers the page
  varies on, so a repeat request costs a dictionary lookup instead of a rendering.

The content version is kept per scope: one token per game, ``site`` and ``any``, each in the
shared cache (``settings.CACHES["default"]``, shared by every worker). A game's pages (addresses
``/<lang>/<game>/...``: its rulebook, clauses, FAQ, simulator) are stored under ``site`` + that
game's token; pages that show several games (home, search, the site-wide FAQ, the API) under
``site`` + ``any``. :func:`bump` replaces a game's token and ``any`` after a committed change to
that game's rows (``sitewide.content_version``), and ``site`` and ``any`` (every page) after a
change no game owns and at the end of ``loadrules`` and ``importfaq``; so publishing one answer for
Torens & Dieven keeps every stored page of the other games. Each process re-reads a token at most
every ``VERSION_TTL`` seconds; its own changes take effect in it at once. A new release (code,
templates) needs nothing more: a deploy restarts the processes, which start with an empty store,
and the ETag is a hash of the body, so a page the release changed gets a new one.

Compression: public pages are compressed here (brotli when the client accepts it, else gzip),
once per stored page. Everything else is left to :class:`CompressionMiddleware`, which gzips text
with Django's BREACH mitigation (random padding), because those responses may carry a CSRF token.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import ParamSpec, TypeGuard, TypeVar, overload

import brotli
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import cc_delim_re, get_conditional_response, patch_vary_headers

from . import hooks

logger = logging.getLogger(__name__)

PUBLIC_ATTR = "public_max_age"
ENCODED_ATTR = "encoded_by_store"  # set on a response whose body the store already encoded
VERSION_KEY = "rulesite:content-version"
VERSION_TTL = 1.0  # seconds a process trusts its copy of the shared content version
COMPRESSIBLE = ("text/", "application/json", "application/xml", "application/rss+xml",
                "application/atom+xml", "application/javascript", "image/svg+xml")
MIN_COMPRESS = 512  # bytes; smaller bodies are sent as they are
# Headers a stored page keeps; per-request ones (Date, Set-Cookie) are never stored.
UNSTORED_HEADERS = {"date", "set-cookie", "content-length", "content-encoding", "etag", "cache-control", "vary"}


# --- The content version ------------------------------------------------------------------

SITE = "site"  # the scope of what every page may show (and of a change no game owns)
ANY = "any"  # bumped with every change: the scope of pages that show several games


class _Version:
    """This process's view of the shared content versions, one token per scope (see the module
    docstring): ``site``, ``any`` and one per game."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.shared: dict[str, str] = {}
        self.read_at: dict[str, float] = {}
        self.local: dict[str, int] = {}  # bumped at once by this process's own changes (before they commit, too)
        self.warned = False

    def token(self, scope: str) -> str | None:
        """The token of one scope, or None when the shared cache cannot be read."""
        now = time.monotonic()
        if now - self.read_at.get(scope, -VERSION_TTL) >= VERSION_TTL:
            key = f"{VERSION_KEY}:{scope}"
            try:
                token = cache.get(key)
                if token is None:
                    # Never set, or evicted: any new token is correct (it only invalidates).
                    cache.add(key, secrets.token_hex(8), timeout=None)
                    token = cache.get(key)
            except Exception:  # noqa: BLE001 - no cache table yet, database down: serve uncached
                self._warn_once("the shared cache cannot be read (manage.py createcachetable?); pages are not stored")
                return None
            if token is None:
                return None
            with self.lock:
                self.shared[scope], self.read_at[scope] = token, now
        return f"{self.shared[scope]}.{self.local.get(scope, 0)}"

    def current(self, game: str | None = None) -> str | None:
        """The version of a game's pages (``site`` and that game), or of the pages that show
        several games (``site`` and ``any``); None when the shared cache cannot be read (then
        nothing is stored or served from the store: a page of an unknown version could be stale)."""
        site = self.token(SITE)
        own = self.token(game or ANY)
        if site is None or own is None:
            return None
        return f"{site}:{game or ANY}.{own}"

    def _warn_once(self, message: str) -> None:
        if not self.warned:
            self.warned = True
            logger.warning("pagecache.httpcache: %s", message)

    def bump_local(self, scopes: tuple[str, ...]) -> None:
        with self.lock:
            for scope in scopes:
                self.local[scope] = self.local.get(scope, 0) + 1

    def bump_shared(self, scopes: tuple[str, ...]) -> None:
        try:
            cache.set_many({f"{VERSION_KEY}:{scope}": secrets.token_hex(8) for scope in scopes}, timeout=None)
        except Exception:  # noqa: BLE001 - a cache that cannot be written; this process still
            # stops using its stored pages (local bump), the others keep theirs until the next bump.
            self._warn_once("the shared cache cannot be written (manage.py createcachetable?); version not bumped")
        with self.lock:
            for scope in scopes:
                self.local[scope] = self.local.get(scope, 0) + 1
                self.read_at[scope] = -VERSION_TTL  # re-read on the next request


VERSION = _Version()


def content_version(game: str | None = None) -> str | None:
    """The content version of ``game``'s pages, or (None) of pages that show several games: it
    changes with every change."""
    return VERSION.current(game)


def _scopes(game: str | None) -> tuple[str, ...]:
    return (SITE, ANY) if game is None else (game, ANY)


def bump(game: str | None = None) -> None:
    """Public pages change: those of ``game`` (None: every page) and those that show several
    games. This process stops using its stored pages now, every process after the transaction
    commits (so no process stores a page rendered from the old rows under the new version)."""
    from django.db import connection, transaction

    scopes = _scopes(game)
    VERSION.bump_local(scopes)
    # One shared bump per scope and transaction, however many rows it writes (loadrules writes hundreds).
    pending = getattr(connection, "run_on_commit", None) or []
    if not any(getattr(entry[1], "scopes", None) == scopes for entry in pending):
        transaction.on_commit(SharedBump(scopes))


class SharedBump:
    """The shared half of a bump, run after the commit (comparable, so a transaction queues one
    per scope)."""

    def __init__(self, scopes: tuple[str, ...]) -> None:
        self.scopes = scopes

    def __call__(self) -> None:
        VERSION.bump_shared(self.scopes)


def game_of_path(path: str) -> str | None:
    """Which game a public page belongs to, from its path (None: it shows several games or none):
    the first answer of the ``game_resolver`` hooks (sitewide registers the one that knows the
    games; the page cache knows no app)."""
    for resolver in hooks.get_hooks("game_resolver"):
        game: str | None = resolver(path)
        if game is not None:
            return game
    return None


def version_for_path(path: str) -> str | None:
    """The content version a page at ``path`` is stored under: its game's, or the one of pages
    that show several games."""
    return content_version(game_of_path(path))


# --- Marking views public -----------------------------------------------------------------

_P = ParamSpec("_P")
_R = TypeVar("_R", bound=HttpResponseBase)


@overload
def public(view: Callable[_P, _R], *, max_age: int | None = None) -> Callable[_P, _R]: ...
@overload
def public(view: None = None, *, max_age: int | None = None) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]: ...


def public(
    view: Callable[_P, _R] | None = None, *, max_age: int | None = None
) -> Callable[_P, _R] | Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """Decorator: the view's successful responses are public pages (see the module docstring).
    Works on function views and on callables such as syndication feeds."""

    def decorate(func: Callable[_P, _R]) -> Callable[_P, _R]:
        @wraps(func)
        def wrapped(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            response = func(*args, **kwargs)
            setattr(response, PUBLIC_ATTR, settings.PUBLIC_CACHE_MAX_AGE if max_age is None else max_age)
            return response

        return wrapped

    return decorate(view) if view is not None else decorate


def is_public(response: HttpResponseBase) -> TypeGuard[HttpResponse]:
    """Whether a response may be stored and served to anyone: the view said so, and nothing in
    the response is about one visitor."""
    if getattr(response, PUBLIC_ATTR, None) is None or response.status_code != 200:
        return False
    if not isinstance(response, HttpResponse) or response.streaming or response.cookies or response.has_header("Content-Encoding"):
        return False
    vary = _vary_set(response)
    if "cookie" in vary or "*" in vary:
        return False
    cache_control = response.get("Cache-Control", "").lower()
    return "private" not in cache_control and "no-store" not in cache_control and "no-cache" not in cache_control


def _vary_set(response: HttpResponseBase) -> set[str]:
    return {v.strip().lower() for v in cc_delim_re.split(response.get("Vary", "")) if v.strip()}


def _vary_names(response: HttpResponseBase) -> tuple[str, ...]:
    """The request headers a stored page is keyed on (Accept-Encoding: the store's own business)."""
    return tuple(sorted(_vary_set(response) - {"accept-encoding"}))


def accepted_encoding(request: HttpRequest, codings: tuple[str, ...] = ("br", "gzip")) -> str:
    """The first of ``codings`` that Accept-Encoding accepts, or "" (q=0 refuses a coding)."""
    offered: dict[str, float] = {}
    for part in request.META.get("HTTP_ACCEPT_ENCODING", "").split(","):
        name, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip().replace(" ", "")
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        offered[name.strip().lower()] = q
    for coding in codings:
        if offered.get(coding, offered.get("*", 0.0)) > 0:
            return coding
    return ""


def compressible(content_type: str) -> bool:
    return content_type.split(";")[0].strip().lower().startswith(COMPRESSIBLE)


# --- The per-process store ----------------------------------------------------------------

# A stored page's key: version, scheme, host, full path, the Vary header names and their values.
PageKey = tuple[str | None | tuple[str, ...], ...]


@dataclass
class StoredPage:
    body: bytes
    headers: list[tuple[str, str]]
    etag: str
    cache_control: str
    vary: str
    content_type: str
    encoded: dict[str, bytes] = field(default_factory=dict)
    key: PageKey = ()  # its key in the store (set by PageStore.put)

    @property
    def size(self) -> int:
        return len(self.body) + sum(len(b) for b in self.encoded.values())

    def compress(self, coding: str) -> bytes:
        if coding == "br":
            compressed: bytes = brotli.compress(self.body, quality=settings.PUBLIC_BROTLI_QUALITY)
            return compressed
        return gzip.compress(self.body, compresslevel=6, mtime=0)


class PageStore:
    """A bounded LRU of stored pages, and the Vary header names learned per path."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.pages: OrderedDict[PageKey, StoredPage] = OrderedDict()
        self.vary: dict[tuple[str, str], tuple[str, ...]] = {}
        self.bytes = 0
        self.lock = threading.Lock()

    def key(self, version: str, request: HttpRequest, names: tuple[str, ...]) -> PageKey:
        values = tuple(request.headers.get(name, "") for name in names)
        # The scheme too: pages hold absolute addresses (hreflang), and an http request must
        # still reach SecurityMiddleware's redirect to https.
        return (version, request.scheme, request.get_host(), request.get_full_path(), names, values)

    def get(self, version: str, request: HttpRequest) -> StoredPage | None:
        names = self.vary.get((request.get_host(), request.path))
        if names is None:
            return None
        key = self.key(version, request, names)
        with self.lock:
            page = self.pages.get(key)
            if page is not None:
                self.pages.move_to_end(key)
            return page

    def put(self, version: str, request: HttpRequest, names: tuple[str, ...], page: StoredPage) -> None:
        if page.size > self.max_bytes // 8:
            return
        key = page.key = self.key(version, request, names)
        with self.lock:
            self.vary[(request.get_host(), request.path)] = names
            old = self.pages.pop(key, None)
            if old is not None:
                self.bytes -= old.size
            self.pages[key] = page
            self.bytes += page.size
            self._shrink()

    def encoded(self, page: StoredPage, coding: str) -> bytes:
        """``page``'s body in a content coding, compressed once and kept with it. Under the lock,
        so the store counts each encoding once, and only while the page is still in the store
        (a page evicted while a request was using it adds nothing to the count)."""
        with self.lock:
            body = page.encoded.get(coding)
            if body is None:
                body = page.encoded[coding] = page.compress(coding)
                if self.pages.get(page.key) is page:
                    self.bytes += len(body)
                    self._shrink()
            return body

    def _shrink(self) -> None:
        while self.bytes > self.max_bytes and self.pages:
            _key, old = self.pages.popitem(last=False)
            self.bytes -= old.size
        if len(self.vary) > 50_000:
            self.vary.clear()

    def clear(self) -> None:
        with self.lock:
            self.pages.clear()
            self.vary.clear()
            self.bytes = 0


STORE = PageStore(max_bytes=64 * 1024 * 1024)


def _stored(response: HttpResponse) -> StoredPage:
    body = response.content
    max_age = getattr(response, PUBLIC_ATTR)
    patch_vary_headers(response, ("Accept-Encoding",))
    return StoredPage(
        body=body,
        headers=[(k, v) for k, v in response.items() if k.lower() not in UNSTORED_HEADERS],
        etag=f'W/"{hashlib.blake2b(body, digest_size=12).hexdigest()}"',
        cache_control=f"public, max-age={max_age}",
        vary=response["Vary"],
        content_type=response.get("Content-Type", ""),
    )


def _response(request: HttpRequest, page: StoredPage) -> HttpResponse:
    coding = accepted_encoding(request) if compressible(page.content_type) else ""
    if coding and len(page.body) >= MIN_COMPRESS:
        body = STORE.encoded(page, coding)
    else:
        coding, body = "", page.body
    response = HttpResponse(b"" if request.method == "HEAD" else body)
    for name, value in page.headers:
        response[name] = value
    response["Content-Length"] = str(len(body))
    response["ETag"] = page.etag
    response["Cache-Control"] = page.cache_control
    response["Vary"] = page.vary
    if coding:
        response["Content-Encoding"] = coding
    setattr(response, ENCODED_ATTR, True)  # CompressionMiddleware leaves it as it is
    return response


class PublicPageMiddleware:
    """Serves public pages from the store, stores new ones, and answers conditional requests.
    It sits near the top of MIDDLEWARE (after SecurityMiddleware and WhiteNoise): a stored page
    skips the session, locale, CSRF and auth middleware, which it does not depend on."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.enabled: bool = settings.PUBLIC_CACHE_ENABLED

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if not self.enabled or request.method not in ("GET", "HEAD"):
            return self.get_response(request)
        version = version_for_path(request.path)
        if version is None:
            return self.get_response(request)
        page = STORE.get(version, request)
        if page is None:
            response = self.get_response(request)
            if not is_public(response):
                return response
            page = _stored(response)
            STORE.put(version, request, _vary_names(response), page)
        response = _response(request, page)
        conditional = get_conditional_response(request, etag=page.etag, response=response)
        return response if conditional is None else conditional  # (None only when given no response)


class CompressionMiddleware(GZipMiddleware):
    """Django's GZipMiddleware (with its BREACH mitigation) for what PublicPageMiddleware did not
    compress, limited to text: images and already-compressed files are sent as they are."""

    max_random_bytes = 100

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if getattr(response, ENCODED_ATTR, False) or response.has_header("Content-Encoding"):
            return response
        if not compressible(response.get("Content-Type", "")) or not accepted_encoding(request, ("gzip",)):
            return response  # (Django's own check ignores "gzip;q=0")
        if isinstance(response, HttpResponse) and not response.streaming and len(response.content) < MIN_COMPRESS:
            return response
        return super().process_response(request, response)
