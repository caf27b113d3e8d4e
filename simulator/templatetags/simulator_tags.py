"""Template helpers for linking to the simulator."""

from django import template
from django.template.loader import render_to_string
from django.urls import reverse

from simulator.addressing import Address
from simulator.core.registry import get_engine
from simulator.core.scenarios import ScenarioError, load_scenario
from simulator.core.timeline import from_scenario
from simulator.views import board_context

register = template.Library()


@register.filter
def has_simulator(game_slug: str) -> bool:
    """Whether a game has a rules engine (and so a simulator page)."""
    return get_engine(str(game_slug)) is not None


@register.simple_tag(takes_context=True)
def scenario_board(context, game, scenario_id: str, demo_id: str, step: int = 0) -> str:
    """A scenario's mini-board rendered in place (e.g. the proof under an FAQ answer).

    Its controls step through the scenario with htmx inside the element ``demo_id``; without
    JavaScript they are links to the simulator page. Renders nothing if the scenario is broken
    (checkrules reports that)."""
    engine = get_engine(game.slug)
    if engine is None or not scenario_id:
        return ""
    try:
        timeline = from_scenario(engine, load_scenario(game.slug, scenario_id))
    except ScenarioError:
        return ""
    step = max(0, min(int(step), timeline.last))
    board = board_context(game, engine, Address(timeline, step), reverse("simulator:page", args=[game.slug]))
    board["demo_id"] = demo_id
    return render_to_string("simulator/page.html#miniboard", board, request=context.get("request"))
