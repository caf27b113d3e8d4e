from django.urls import path, re_path

from . import api

app_name = "api"

urlpatterns = [
    path("games/<slug:game>/apply", api.apply, name="apply"),  # first: the address asked most
    path("", api.index, name="index"),
    path("openapi.json", api.openapi_document, name="openapi"),
    path("games/", api.games, name="games"),
    path("games/<slug:game>/scenarios/", api.scenarios, name="scenarios"),
    path("games/<slug:game>/scenarios/<slug:scenario_id>/", api.scenario_step, name="scenario"),
    re_path(r"^.*$", api.not_found),
]
