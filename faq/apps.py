from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class FaqConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "faq"
    verbose_name = _("Questions and rulings")

    def ready(self) -> None:
        # The rulebook pages list the published rulings under each clause; rulebooks sits below
        # the FAQ and cannot import it, so the FAQ hands it the queries (rulebooks.annotations).
        from rulebooks.annotations import register_clause_rulings

        from . import queries

        register_clause_rulings(queries)
