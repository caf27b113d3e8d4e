"""WebSocket routes (Django Channels): the online rooms' sockets."""

from rooms.routing import websocket_urlpatterns

__all__ = ["websocket_urlpatterns"]
