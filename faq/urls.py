"""FAQ URLs, included in rulesite/urls.py before the rulebooks (whose ``<game>/<clause>/``
would otherwise take ``<game>/faq/``)."""

from django.urls import path

from pagecache.httpcache import public

from . import feeds, views

app_name = "faq"

urlpatterns = [
    path("faq/", views.index, name="index"),
    path("faq/ask/", views.ask, name="ask"),
    path("faq/answered/", views.answered, name="answered"),
    path("faq/thanks/", views.thanks, name="thanks"),
    path("faq/question/<str:token>/", views.track, name="track"),
    path("faq/feed/", public(feeds.SiteFaqFeed()), name="feed"),
    path("<slug:game>/faq/", views.game_faq, name="game"),
    path("<slug:game>/faq/feed/", public(feeds.GameFaqFeed()), name="game_feed"),
    path("<slug:game>/faq/<slug:slug>/", views.entry_detail, name="entry"),
]
