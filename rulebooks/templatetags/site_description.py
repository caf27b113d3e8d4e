"""``{% site_description %}``: the site's meta description, naming the games on the site from their
rows (:mod:`rulebooks.site_description`)."""

from __future__ import annotations

from django import template

from rulebooks import site_description as description

register = template.Library()


@register.simple_tag
def site_description() -> str:
    return description.site_description()
