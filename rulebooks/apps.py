from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulebooksConfig(AppConfig):
    name = "rulebooks"
    verbose_name = _("Rulebooks")
    default_auto_field = "django.db.models.BigAutoField"
