"""``{% hook_output "name" arg ... %}``: what the higher apps registered for a page hook
(:mod:`pagecache.hooks`), rendered in place; nothing when no app registered. ``sep`` goes between
the parts that are not empty (``sep=" · "`` for a row of links)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.context import Context
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from pagecache import hooks

register = template.Library()


@register.simple_tag(takes_context=True)
def hook_output(context: Context, name: str, *args: Any, sep: str = "") -> SafeString:
    parts = [conditional_escape(fn(context, *args)) for fn in hooks.get_hooks(name)]
    return mark_safe(conditional_escape(sep).join(part for part in parts if part.strip()))
