from django.urls import path

from . import views

app_name = "rulebooks"

urlpatterns = [
    path("", views.home, name="home"),
    path("<slug:game>/", views.rulebook, name="rulebook"),
    path("<slug:game>/<slug:clause>/", views.clause_detail, name="clause"),
]
