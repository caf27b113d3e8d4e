"""URLs: the admin, and every public page under a language prefix (/nl/, /de/, /en/).

A request for "/" (or any path without prefix) is redirected by LocaleMiddleware to the
language the browser asks for in Accept-Language, defaulting to Dutch.
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path

from simulator.api import not_found as api_not_found
from sitewide import api as search_api
from sitewide.offline_views import service_worker, site_answers
from sitewide.site_views import favicon

urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", favicon),
    path("sw.js", service_worker, name="service-worker"),  # at the root: its scope is the whole site
    path("online.json", site_answers, name="site-answers"),  # does the site answer? (static/js/offline.js)
    # The search API is the search's (sitewide), beside the rules API's own routes: routed here so
    # that the simulator's URLs need not import a higher layer. Described in simulator/openapi.py.
    path("api/v1/search", search_api.search, name="api-search"),
    path("api/v1/", include("simulator.api_urls")),
    # Other API versions and addresses: the API's JSON 404 ("/api/v1" without its slash is left
    # to APPEND_SLASH; SiteLocaleMiddleware does not redirect these 404s to a language).
    re_path(r"^api/(?!v1/?$)(?!v1/).*$", api_not_found),
]

urlpatterns += i18n_patterns(
    # FAQ first: the rulebooks' "<game>/<clause>/" would otherwise take "<game>/faq/".
    path("", include("faq.urls")),
    path("", include("simulator.urls")),
    path("", include("rooms.urls")),
    # Before the rulebooks too: their "<game>/" would otherwise take "search/".
    path("", include("sitewide.urls")),
    path("", include("rulebooks.urls")),
    prefix_default_language=True,
)

handler400 = "sitewide.errors.bad_request"
handler403 = "sitewide.errors.permission_denied"
handler404 = "sitewide.errors.page_not_found"
handler500 = "sitewide.errors.server_error"
