from django.urls import path

from . import views

app_name = "simulator"

urlpatterns = [
    path("<slug:game>/sim/", views.simulator_page, name="page"),
]
