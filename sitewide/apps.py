from django.apps import AppConfig


class SitewideConfig(AppConfig):
    name = "sitewide"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import content_version, site_hooks  # noqa: F401 (site_hooks registers this app's hooks)

        content_version.connect()
