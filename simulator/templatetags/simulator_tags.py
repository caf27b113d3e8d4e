"""Template helpers for boards: whether a game has a simulator, its stylesheet, and a scenario's
mini-board rendered in place. Contexts come from :mod:`simulator.presenter` (never from views)."""

from django import template
from django.template.context import Context
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from rulebooks.models import Game
from rules.core.registry import get_game
from rules.core.scenarios import ScenarioError
from simulator.addressing import Address
from simulator.presenter import board_context
from simulator.timelines import scenario_timeline

register = template.Library()


@register.filter
def has_simulator(game_slug: str) -> bool:
    """Whether a game has a rules engine (and so a simulator page)."""
    return get_game(str(game_slug)) is not None


@register.simple_tag
def game_stylesheet(game_slug: str) -> str:
    """The URL of the game's board stylesheet, or "" (a game without an engine has none)."""
    spec = get_game(str(game_slug))
    return static(spec.stylesheet_path) if spec and spec.stylesheet_path else ""


@register.simple_tag
def hx(scene: object, url: str) -> SafeString:
    """The htmx attributes of a link of ``scene``'s surface to ``url`` (nothing where the surface's
    links are plain, e.g. the rooms, whose script sends them over the socket)."""
    links = getattr(scene, "links", None)
    target = getattr(links, "hx_target", "")
    if links is None or not target or not url:
        return mark_safe("")
    push = ' hx-push-url="true"' if links.push else ""
    return format_html(' hx-get="{}" hx-target="#{}" hx-swap="{}"', url, target, links.hx_swap) + mark_safe(push)


@register.simple_tag(takes_context=True)
def scenario_board(context: Context, game: Game, scenario_id: str, demo_id: str, step: int = 0) -> str:
    """A scenario's mini-board rendered in place (e.g. the proof under an FAQ answer).

    Its controls step through the scenario with htmx inside the element ``demo_id``; without
    JavaScript they are links to the simulator page. Renders nothing if the scenario is broken
    (checkrules reports that)."""
    spec = get_game(game.slug)
    if spec is None or not scenario_id:
        return ""
    try:
        timeline = scenario_timeline(spec.engine, scenario_id)  # replayed once per file version
    except ScenarioError:
        return ""
    step = max(0, min(int(step), timeline.last))
    board = board_context(
        game,
        spec,
        Address(timeline, step),
        reverse("simulator:page", args=[game.slug]),
        playable_board=False,
        demo_id=demo_id,
    )
    return render_to_string("simulator/page.html#miniboard", board, request=context.get("request"))
