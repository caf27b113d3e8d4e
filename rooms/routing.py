from django.urls import path

from .consumers import RoomConsumer

websocket_urlpatterns = [
    path("ws/rooms/<slug:game>/<int:number>/", RoomConsumer.as_asgi()),
]
