from django.urls import path

from . import views

app_name = "rooms"

urlpatterns = [
    path("<slug:game>/rooms/", views.lobby, name="lobby"),
    path("<slug:game>/rooms/<int:number>/", views.room_page, name="room"),
    path(
        "<slug:game>/rooms/<int:number>/<slug:what>/",
        views.room_action,
        name="action",
    ),
]
