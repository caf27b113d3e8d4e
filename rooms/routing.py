from django.urls import re_path

from .consumers import RoomConsumer

# The game's slug and the room's number in their plain forms only (anything longer or odd falls
# through to rulesite.routing's refusal): the consumer checks both before touching the database.
websocket_urlpatterns = [
    # (django-stubs types re_path for views; Channels routes ASGI applications through it.)
    re_path(r"^ws/rooms/(?P<game>[a-z0-9-]{1,80})/(?P<number>[0-9]{1,4})/$", RoomConsumer.as_asgi()),  # type: ignore[arg-type]
]
