"""Response headers the site sets on every page, and bodies for Django's empty 405s."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseNotAllowed
from django.http.response import HttpResponseBase
from django.middleware.locale import LocaleMiddleware

from .errors import method_not_allowed

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "connect-src 'self'",  # the online rooms' WebSocket (same origin, ws: or wss:)
        "media-src 'self' blob:",  # the rooms' voice: remote audio streams
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


class SecurityHeadersMiddleware:
    """Adds a strict Content-Security-Policy (the admin keeps Django's defaults)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if not request.path.startswith("/admin/"):
            response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
        return response


class MethodNotAllowedMiddleware:
    """Gives Django's empty 405 (``require_GET``, ``require_safe``, ...) a body: the designed page,
    or the API's JSON error under /api/. It comes after the locale, session, auth and message
    middleware in MIDDLEWARE, so the page has the visitor's language like any other."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            return method_not_allowed(request, response.get("Allow", ""))
        return response


class SiteLocaleMiddleware(LocaleMiddleware):
    """Django's LocaleMiddleware, except that the API's answers are never redirected: Django turns
    a 404 into a redirect to /<lang>/<path> when that path would resolve, and "/nl/api/v2/" looks
    like a rulebook clause, so "/api/v2/" would get an HTML page instead of the API's JSON 404."""

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if response.status_code == 404 and request.path_info.startswith("/api/"):
            return response
        return super().process_response(request, response)
