from django.apps import AppConfig


class SitewideConfig(AppConfig):
    name = "sitewide"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import content_version

        content_version.connect()
