"""Site-wide URLs, included in rulesite/urls.py before the rulebooks (whose ``<game>/`` would
otherwise take ``search/``, ``offline/`` and the web app manifest)."""

from django.urls import path

from . import offline_views, views

app_name = "sitewide"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("search/suggest/", views.suggestions, name="suggest"),
    path("offline/", offline_views.offline_page, name="offline"),
    path("manifest.webmanifest", offline_views.web_manifest, name="webmanifest"),
    path("<slug:game>/offline.json", offline_views.offline_manifest, name="offline-manifest"),
    path("<slug:game>/search-index.json", offline_views.offline_index, name="offline-index"),
]
