"""What the site-wide app adds to the apps below it (hooks of :mod:`pagecache.hooks`, found
by ``PagecacheConfig.ready``): which game a page's path belongs to (for the page
cache), the search's matches for an editor triaging a question, the "Keep this game offline"
control of a rulebook page (``static/js/offline.js`` shows it where the browser can keep pages; see
:mod:`sitewide.offline`), the home page's search form and the ask form's typeahead and search link;
in every page's frame the web app manifest, the offline script and banner, and the header's search."""

from __future__ import annotations

from typing import Any

from django.template.context import Context
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language_info, override
from django.utils.translation import gettext as _

from pagecache import hooks
from rulebooks.localize import reader_language

from . import content_version, search
from .offline import offline_languages

hooks.register("game_resolver", content_version.game_of_path)
hooks.register("triage_matchers", search.matches_for_editors)


@hooks.register("rulebook_extras")
def offline_keep(context: Context, game: Any) -> str:
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


@hooks.register("home_search")
def home_search(context: Context) -> SafeString:
    return hooks.render_fragment(context, "sitewide/_home_search.html")


@hooks.register("question_attrs")
def question_typeahead(context: Context) -> SafeString:
    return hooks.render_fragment(context, "sitewide/_question_typeahead.html")


@hooks.register("ask_form_links")
def search_the_answers_first(context: Context, game: Any) -> str:
    url = f"{reverse('sitewide:search')}?in={game.slug}"
    return format_html('<p class="ask__search"><a href="{}">{}</a></p>', url, _("Search the answers first"))


@hooks.register("head_links")
def web_manifest(context: Context) -> str:
    return format_html('<link rel="manifest" href="{}">', reverse("sitewide:webmanifest"))


@hooks.register("head_scripts")
def offline_script(context: Context) -> str:
    return format_html('<script src="{}" defer></script>', static("js/offline.js"))


@hooks.register("header_search")
def header_search(context: Context) -> SafeString:
    return hooks.render_fragment(context, "sitewide/_site_search.html")


@hooks.register("under_header")
def offline_banner(context: Context) -> SafeString:
    # site-answers is this app's view (offline_views.site_answers), routed at the root by rulesite.
    return hooks.render_fragment(context, "sitewide/_offline_banner.html", ping_url=reverse("site-answers"))
