"""ASGI entry point: Django's HTTP handler and the rooms' WebSockets (Django Channels).

``make run`` serves it with uvicorn; in production run uvicorn (or daphne) with several workers
and ``REDIS_URL`` set so they share the rooms' channel layer (README.md, "Online rooms").
"""

import os
import warnings

from django.core.asgi import get_asgi_application

# WhiteNoise serves static files with a synchronous file iterator; under ASGI Django warns once
# per process that it reads it in a thread. That is expected here, not a fault.
warnings.filterwarnings(
    "ignore", message="StreamingHttpResponse must consume synchronous iterators", module="django.core.handlers.asgi"
)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings")

django_asgi_app = get_asgi_application()  # sets Django up before the consumers are imported

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware  # noqa: E402

from .routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Same-origin sockets only (Origin checked against ALLOWED_HOSTS); the seat's cookie is read.
        # (channels' stubs want their own pattern type for the list Django's re_path makes.)
        "websocket": AllowedHostsOriginValidator(CookieMiddleware(URLRouter(websocket_urlpatterns))),  # type: ignore[arg-type]
    }
)
