"""``{% offline_keep game %}``: the "Keep this game offline" control of a rulebook page
(``static/js/offline.js`` shows it where the browser can keep pages; see :mod:`sitewide.offline`)."""

from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language_info, override

from rulebooks.localize import reader_language
from rulebooks.models import Game

from ..offline import offline_languages

register = template.Library()


@register.simple_tag
def offline_keep(game: Game) -> str:
    reader = reader_language()
    languages = offline_languages(game, reader)
    manifests = []
    for lang in languages:
        with override(lang):
            manifests.append(reverse("sitewide:offline-manifest", args=[game.slug]))
    names = [get_language_info(code)["name_translated"] for code in languages]
    return render_to_string(
        "sitewide/_offline_keep.html",
        {"game": game, "manifests": " ".join(manifests), "languages": names},
    )
