"""``{% share_meta %}``: the Open Graph and Twitter card tags of a page (the frame's ``head_meta`` hook, simulator/site_hooks.py, writes them on
every page), so a link pasted into a group chat shows a title, one sentence and a picture.

What the page is, is read from its context: a step of the simulator (or of its print view) tells
what happened with its clause and shows the board at that step (:mod:`simulator.sharing`); an FAQ
entry its question, answer and proof board; a clause its text and its first demo; a rulebook its
description and the game's board; a rulebook or clause address with ``?demo=<scenario>&step=<n>``
(the demo step a reader had open) that step. Everything else gets the site's own card.
"""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.core.exceptions import DisallowedHost
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rulebooks.models import Game
from rulebooks.site_description import GENERIC, describe
from rules.core.registry import get_game
from rules.core.scenarios import ScenarioError
from simulator import sharing
from simulator.addressing import Address, BadAddress, demo_query, parse_step
from simulator.timelines import scenario_timeline

register = template.Library()

LOCALES = {"nl": "nl_NL", "de": "de_DE", "en": "en_GB"}
_SENTENCE = re.compile(r"^(.{20,}?[.!?])(\s|$)", re.S)


def first_sentence(text: str, limit: int = sharing.DESCRIPTION_CHARS) -> str:
    text = " ".join((text or "").split())
    found = _SENTENCE.match(text)
    if found and len(found.group(1)) <= limit:
        return found.group(1)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _scenario_step(spec: Any, scenario_id: str, step: str | None = None) -> Address | None:
    """A scenario's step (default: its last, where the rule has happened), or None when the id or
    the step does not name one (a page never fails for its preview)."""
    if not scenario_id or spec is None:
        return None
    try:
        timeline = scenario_timeline(spec.engine, scenario_id)
        return Address(timeline, parse_step(step, timeline.last, timeline.last))
    except (ScenarioError, BadAddress):
        return None


def _demo_in_address(request: Any, spec: Any) -> Address | None:
    """The demo step in a rulebook or clause address (``?demo=<scenario>&step=<n>``), if valid."""
    scenario_id, step = demo_query(request.GET)
    if not scenario_id or len(scenario_id) > 120:
        return None
    return _scenario_step(spec, scenario_id, step)


def _share(context: Any) -> dict[str, str]:
    """title, description, image (a path) and image_alt of the page in ``context``."""
    request = context.get("request")
    game = context.get("game")
    spec = get_game(game.slug) if game is not None and getattr(game, "slug", None) else None
    site = _("Rules at the table")
    listed = [g for g in context.get("games") or () if isinstance(g, Game)]
    out = {
        "title": site,
        # The home page's games name themselves (no query: error pages render this tag too).
        "description": describe(g.title for g in listed) if listed else _(GENERIC),
        "image": static("icons/icon-512.png"),
        "image_alt": site,
        "large": "",
    }
    if game is None:
        return out
    game_card = sharing.preview_url(game.slug) if spec is not None else out["image"]
    out.update(title=game.title, description=first_sentence(game.description or ""), image=game_card, image_alt=game.title)
    out["large"] = "1" if spec is not None else ""

    def step_image(address: Address | None, alt: str) -> None:
        if address is not None:
            out.update(image=sharing.preview_url(game.slug, address), image_alt=alt)

    timeline, scene = context.get("timeline"), context.get("scene")
    if spec is not None and timeline is not None and scene is not None and "step" in context:
        story = sharing.story_of(game, spec, context)
        out.update(title=f"{story.title} · {game.title}", description=story.sentence())
        step_image(Address(timeline, context["step"]), story.heading)
        return out
    entry, clause = context.get("entry"), context.get("clause")
    demo = _demo_in_address(request, spec) if request is not None and spec is not None else None
    if entry is not None:
        out.update(title=f"{entry.question} · {game.title}", description=first_sentence(entry.answer_text))
        step_image(_scenario_step(spec, entry.scenario or ""), entry.question)
    elif clause is not None:
        out.update(title=f"§{clause.number} {clause.title} · {game.title}", description=first_sentence(clause.body_text))
        demos = clause.demos or []
        step_image(_scenario_step(spec, demos[0].get("scenario", "") if demos else ""), f"§{clause.number} {clause.title}")
    if demo is not None and spec is not None:  # (a demo is only found with a rules engine)
        story = sharing.step_story(game, spec, demo)
        out.update(description=story.sentence())
        step_image(demo, story.heading)
    return out


@register.simple_tag(takes_context=True)
def share_meta(context: Any) -> SafeString:
    request = context.get("request")
    if request is None:
        return mark_safe("")
    try:
        absolute = request.build_absolute_uri
        url = absolute(request.get_full_path())
    except DisallowedHost:
        return mark_safe("")
    share = _share(context)
    image = absolute(share["image"])
    lang = (get_language() or "nl").split("-")[0]
    tags = [
        ("property", "og:type", "website"),
        ("property", "og:site_name", _("Rules at the table")),
        ("property", "og:locale", LOCALES.get(lang, lang)),
        ("property", "og:url", url),
        ("property", "og:title", share["title"]),
        ("property", "og:description", share["description"]),
        ("property", "og:image", image),
        ("property", "og:image:type", "image/png"),
        ("property", "og:image:width", "1200" if share["large"] else "512"),
        ("property", "og:image:height", "630" if share["large"] else "512"),
        ("property", "og:image:alt", share["image_alt"]),
        ("name", "twitter:card", "summary_large_image" if share["large"] else "summary"),
        ("name", "twitter:title", share["title"]),
        ("name", "twitter:description", share["description"]),
        ("name", "twitter:image", image),
        ("name", "twitter:image:alt", share["image_alt"]),
    ]
    return format_html_join("\n  ", '<meta {}="{}" content="{}">', tags) + mark_safe("\n")
