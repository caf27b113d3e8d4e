from django.urls import path

from . import share_views, views

app_name = "simulator"

urlpatterns = [
    path("api/", views.api_docs, name="api-docs"),
    path("<slug:game>/sim/", views.simulator_page, name="page"),
    path("<slug:game>/sim/preview.png", share_views.preview_image, name="preview"),
    path("<slug:game>/sim/print/", share_views.print_ruling, name="print"),
]
