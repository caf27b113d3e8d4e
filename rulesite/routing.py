"""WebSocket routes (Django Channels): the online rooms' sockets, and a refusal for every other
path (a 404 answer to the handshake where the server supports it, else a 403), which writes
nothing and logs no error."""

from typing import Any

from django.urls import re_path

from rooms.routing import websocket_urlpatterns as rooms_patterns


async def no_socket_here(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Refuse the handshake of a path no route serves."""
    message = await receive()
    if message.get("type") != "websocket.connect":
        return
    if "websocket.http.response" in scope.get("extensions", {}):
        await send(
            {
                "type": "websocket.http.response.start",
                "status": 404,
                "headers": [(b"content-type", b"text/plain; charset=utf-8")],
            }
        )
        await send({"type": "websocket.http.response.body", "body": b"No WebSocket at this address.\n"})
    else:
        await send({"type": "websocket.close", "code": 4404})


# Channels' URLRouter takes ASGI applications in Django's re_path; django-stubs types its view
# argument as a Django view only.
websocket_urlpatterns = [*rooms_patterns, re_path(r"", no_socket_here)]  # type: ignore[arg-type]

__all__ = ["websocket_urlpatterns"]
