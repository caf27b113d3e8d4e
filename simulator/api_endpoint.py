"""The shape of every JSON API view (:func:`endpoint`): its methods, the JSON 405 to any other,
a :class:`~rules.core.problems.Problem` it raises answered as JSON once, the language of error
messages, CSRF-exempt, and a GET answer public. The rules API's views (:mod:`simulator.api`) and
the search API (``sitewide.api``, which may not import another app's views) use it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext_noop
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.csrf import csrf_exempt

from pagecache.httpcache import public
from rules.core.problems import Code, Problem

from .api_problems import problem, problem_response

View = Callable[..., HttpResponse]
LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def method_not_allowed(request: HttpRequest, allowed: Iterable[str]) -> JsonResponse:
    """The JSON 405, with the ``Allow`` header."""
    allow = ", ".join(sorted(allowed))
    response = problem_response(
        problem(
            "method", gettext_noop("%(method)s is not allowed here; allowed: %(allow)s"), 405,
            code=Code.METHOD_NOT_ALLOWED, method=(request.method or "")[:20], allow=allow,
        )
    )  # fmt: skip
    response["Allow"] = allow
    return response


def endpoint(*methods: str) -> Callable[[View], View]:
    """An API view answering ``methods`` (HEAD too where GET is) and a JSON 405 to any other; a
    :class:`~rules.core.problems.Problem` the view raises is answered as JSON here, once.
    CSRF-exempt: the API keeps no state and reads no cookies, and a CSRF check would answer an
    unknown method or address with an HTML 403 before the view could answer it in JSON."""
    allowed = frozenset(methods) | ({"HEAD"} if "GET" in methods else frozenset())

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            with translation.override(asked_language(request)):  # the language of error messages
                if request.method not in allowed:
                    return method_not_allowed(request, allowed)
                try:
                    return view(request, *args, **kwargs)
                except Problem as exc:
                    return problem_response(exc)

        # A GET answer is a pure function of its URL (and Accept-Language): public, cacheable.
        return csrf_exempt(public(checked) if "GET" in methods else checked)

    return decorate


def header_language(request: HttpRequest) -> str | None:
    """The first of the site's languages the Accept-Language header asks for, or None."""
    for code, _q in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        base = code.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return None


def asked_language(request: HttpRequest) -> str:
    """The language of the API's own messages: ``?lang=`` if it is one of the site's, else
    Accept-Language's first site language, else English."""
    asked = request.GET.get("lang")
    return asked if asked in LANGUAGES else header_language(request) or "en"
