from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """The simulator's web layer: views, URLs, template tags, and what it adds to the rulebook pages."""

    name = "simulator"
    verbose_name = "Simulator"

    def ready(self) -> None:
        from . import site_hooks  # noqa: F401 (registers what the simulator adds to lower pages)
