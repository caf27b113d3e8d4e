"""Template context shared by every page (the frame, rulebooks/base.html: its language switch and alternates)."""

import re
from typing import Any

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info

_CODES = "|".join(re.escape(code) for code, _name in settings.LANGUAGES)
LANGUAGE_PREFIX = re.compile(rf"^/({_CODES})/")


def site(request: HttpRequest) -> dict[str, Any]:
    """Language switch links that keep the visitor on the same page, and the absolute addresses
    of the page in every language for <link rel="alternate" hreflang> (x-default: the address
    without a language, which redirects to the visitor's language)."""
    current = get_language()
    path = request.get_full_path()
    try:
        request.get_host()
    except DisallowedHost:
        absolute = None  # the 400 page for a foreign Host header: no links to that host
    else:
        absolute = request.build_absolute_uri
    switch: list[dict[str, Any]] = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        url = translate_url(path, code)
        switch.append(
            {
                "code": code,
                "name_local": info["name_local"],
                "url": url,
                "absolute_url": absolute(url) if absolute else "",
                "current": code == current,
            }
        )
    neutral = LANGUAGE_PREFIX.sub("/", path, count=1) if LANGUAGE_PREFIX.match(path) else None
    return {
        "language_switch": switch,
        "x_default_url": absolute(neutral) if neutral and absolute else "",
    }
