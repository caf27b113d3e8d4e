"""Template context shared by every page."""

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info


def site(request):
    """Language switch links that keep the visitor on the same page."""
    current = get_language()
    path = request.get_full_path()
    switch = []
    for code, _name in settings.LANGUAGES:
        info = get_language_info(code)
        switch.append(
            {
                "code": code,
                "name_local": info["name_local"],
                "url": translate_url(path, code),
                "current": code == current,
            }
        )
    return {"language_switch": switch}
