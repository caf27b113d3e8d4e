"""Site-wide URLs, included in rulesite/urls.py before the rulebooks (whose ``<game>/`` would
otherwise take ``search/``)."""

from django.urls import path

from . import views

app_name = "sitewide"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("search/suggest/", views.suggestions, name="suggest"),
]
