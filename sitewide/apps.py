from django.apps import AppConfig


class SitewideConfig(AppConfig):
    name = "sitewide"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from faq import triage

        from . import content_version, search

        content_version.connect()
        triage.register_matcher(search.matches_for_editors)
