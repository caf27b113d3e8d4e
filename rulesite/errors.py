"""Error pages in the site's design."""

from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader


def page_not_found(request, exception):
    return render(request, "404.html", {"reason": _reason(exception)}, status=404)


def bad_request(request, exception):
    return render(request, "400.html", {"reason": _reason(exception)}, status=400)


def server_error(request):
    # No context processors here: the error may come from one of them.
    return HttpResponseServerError(loader.get_template("500.html").render())


def _reason(exception) -> str:
    """The message of an Http404/SuspiciousOperation, if it is a plain sentence."""
    if exception is None:
        return ""
    args = getattr(exception, "args", ())
    if args and isinstance(args[0], str):
        return args[0][:200]
    return ""
