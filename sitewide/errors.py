"""Error responses: pages in the site's design and language, JSON under /api/.

The 400, 403, 405 and 413 pages say only generic, translated things: never an exception's
message (that could name settings such as ALLOWED_HOSTS). Under /api/ every error is the API's
JSON shape ``{"error": {"code": ..., "field": ..., "reason": ..., "message": ...}}`` (docs/API.md), its
``code`` one of :data:`rules.core.problems.CODES`.
"""

from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost, RequestDataTooBig, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, JsonResponse, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.template import loader

from rules.core.problems import CODES, Code, Problem
from simulator.api_problems import problem_response

API_PREFIX = "/api/"
# A form's typed text shown back on the CSRF failure page, so it is not lost (at most this long).
MAX_KEPT_TEXT = 5000


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def api_error(code: Code, field: str, reason: str, status: int, **data: Any) -> JsonResponse:
    """Errors before any API view runs (no language chosen yet): the message is the reason. Written
    by the API's own writer of problems, so the JSON has one shape."""
    assert code in CODES, code
    return problem_response(Problem(field, reason, message=reason, code=code, status=status, data=data))


def page_not_found(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    if is_api(request):
        return api_error(Code.NOT_FOUND, "path", f"no API endpoint at {request.path[:200]}", 404, path=request.path[:200])
    return render(request, "404.html", {"reason": _reason(exception)}, status=404)


def bad_request(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    if isinstance(exception, RequestDataTooBig):
        return request_too_large(request)
    if is_api(request):
        return api_error(Code.BAD_REQUEST, "request", "the request could not be understood", 400)
    return render(request, "400.html", status=400)


def permission_denied(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    if is_api(request):
        return api_error(Code.FORBIDDEN, "request", "forbidden", 403)
    return render(request, "403.html", status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: a form sent without a valid token (an expired or blocked cookie, a page
    left open for long). Says what to do, and shows the text the visitor typed when the form came
    from this site, so it is not lost."""
    if is_api(request):
        return api_error(Code.FORBIDDEN, "csrf", "the request failed the CSRF check; the API needs no cookies, send it without them", 403)
    context = {"csrf": True, "kept_text": _typed_text(request) if _same_origin(request) else ""}
    return render(request, "403.html", context, status=403)


def method_not_allowed(request: HttpRequest, allowed: str) -> HttpResponse:
    """A 405 with a body (Django's own is empty) and the ``Allow`` header."""
    if is_api(request):
        method = (request.method or "")[:20]
        response: HttpResponse = api_error(
            Code.METHOD_NOT_ALLOWED, "method", f"{method} is not allowed here; allowed: {allowed}", 405,
            method=method, allow=allowed,
        )  # fmt: skip
    else:
        response = render(request, "405.html", status=405)
    response["Allow"] = allowed
    return response


def request_too_large(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return api_error(Code.TOO_LARGE, "body", f"the request body is larger than {limit} bytes", 413, limit=limit)
    return render(request, "413.html", status=413)


def server_error(request: HttpRequest) -> HttpResponse:
    if is_api(request):
        return api_error(Code.SERVER_ERROR, "server", "an error on the server; please try again later", 500)
    # No context processors here: the error may come from one of them.
    return HttpResponse(loader.get_template("500.html").render(), status=500)


def _reason(exception: Exception | None) -> str:
    """The message of an Http404 raised by the site's own views (a translated sentence)."""
    if exception is None:
        return ""
    args = getattr(exception, "args", ())
    if args and isinstance(args[0], str):
        return args[0][:200]
    return ""


def _same_origin(request: HttpRequest) -> bool:
    """Whether the browser says the form was sent from a page of this site (Origin header)."""
    origin = request.META.get("HTTP_ORIGIN", "")
    try:
        return bool(origin) and origin == f"{request.scheme}://{request.get_host()}"
    except DisallowedHost:
        return False


def _typed_text(request: HttpRequest) -> str:
    """The longest text field of a posted form (on the question form: the question)."""
    if request.method != "POST":
        return ""
    try:
        values = [str(v) for k, v in request.POST.items() if k != "csrfmiddlewaretoken"]
    except (SuspiciousOperation, UnreadablePostError, MultiPartParserError):  # nothing readable to keep
        return ""
    longest = max(values, key=len, default="").strip()
    return longest[:MAX_KEPT_TEXT] if len(longest) >= 2 else ""
