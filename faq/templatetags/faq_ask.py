"""Template tags of the ask form."""

from django import template

from faq.asking import new_nonce

register = template.Library()


@register.simple_tag
def ask_nonce() -> str:
    """A fresh nonce for one rendering of the ask form: the same form sent twice is one question."""
    return new_nonce()
