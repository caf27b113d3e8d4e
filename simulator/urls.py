from django.urls import path

from . import views

app_name = "simulator"

urlpatterns = [
    path("api/", views.api_docs, name="api-docs"),
    path("<slug:game>/sim/", views.simulator_page, name="page"),
]
