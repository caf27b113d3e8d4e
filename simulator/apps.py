from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """Django glue for the simulator (views, URLs, template tags) arrives with the engines."""

    name = "simulator"
    verbose_name = "Simulator"
