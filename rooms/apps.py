from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = _("Online rooms")

    def ready(self) -> None:
        from . import site_hooks  # noqa: F401 (registers what the rooms add to lower pages)
