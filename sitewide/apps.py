from django.apps import AppConfig
from django.db.models.signals import post_migrate


class SitewideConfig(AppConfig):
    name = "sitewide"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import content_version
        from .fulltext import on_post_migrate

        content_version.connect()

        post_migrate.connect(on_post_migrate, sender=self, dispatch_uid="sitewide.fulltext.ensure_index")
