from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """The simulator's web layer: views, URLs, template tags, and what it adds to the rulebook pages."""

    name = "simulator"
    verbose_name = "Simulator"
