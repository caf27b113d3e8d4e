"""Small site-wide views: the favicon."""

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    """Browsers that ask for /favicon.ico get the SVG icon (resolved at request time, so the
    static manifest is only needed once the site serves)."""
    return HttpResponsePermanentRedirect(static("icons/favicon.svg"))
