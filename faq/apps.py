from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FaqConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "faq"
    verbose_name = _("Questions and rulings")

    def ready(self) -> None:
        # What the FAQ adds to the pages of the layers below it (pagecache.hooks).
        from . import site_hooks  # noqa: F401
