from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """The simulator's web layer: views, URLs, template tags, and what it adds to the rulebook pages."""

    name = "simulator"
    verbose_name = "Simulator"

    def ready(self) -> None:
        from . import checks  # noqa: F401 - registers the game registry's start-up check
