"""Template tags of the ask form."""

import json
from urllib.parse import urlencode

from django import template
from django.urls import reverse

from faq.asking import new_nonce
from faq.notify import keep_days
from rulebooks.models import Clause, Game

register = template.Library()


@register.simple_tag
def ask_nonce() -> str:
    """A fresh nonce for one rendering of the ask form: the same form sent twice is one question."""
    return new_nonce()


@register.simple_tag
def ask_url(game: Game, clause: Clause | None = None, position_url: str = "") -> str:
    """The ask form's own page for a game, a clause and a position: cacheable pages link to it
    (and load it in place with htmx) instead of carrying a form with a per-visitor CSRF token."""
    params = {"game": game.slug}
    if clause:
        params["clause"] = clause.anchor
    if position_url:
        params["position"] = position_url
    return f"{reverse('faq:ask')}?{urlencode(params)}"


@register.simple_tag
def suggest_vals(game: Game, clause: Clause | None = None, position_url: str = "") -> str:
    """The ``hx-vals`` of the ask form's question: what the suggestions need besides the text
    (the game it is about, the clause and position it is asked from), as JSON for the attribute."""
    values = {"ask": "1", "in": game.slug}
    if clause:
        values["clause"] = clause.anchor
    if position_url:
        values["position"] = position_url
    return json.dumps(values)


@register.simple_tag
def email_days() -> int:
    """How many days an unanswered asker's address is kept (``FAQ_ASKER_EMAIL_DAYS``)."""
    return keep_days()
