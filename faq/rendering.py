"""FAQ answers: editor Markdown -> HTML, sanitised with nh3.

Answers are written by editors (or shipped in the repository), but they are still treated as
untrusted: ``rulebooks.rendering.render_markdown`` turns them into HTML (resolving
``[[clause-id]]`` against the clauses in the database) and ``nh3`` keeps only a strict set of
tags and attributes: no script/style/iframe, no event handlers, no ``style``, and only http(s)
and mailto links (relative links to the site stay).
"""

from __future__ import annotations

import nh3

from rulebooks.models import Clause, Section
from rulebooks.parsing import cross_refs
from rulebooks.rendering import html_to_text, render_markdown

ALLOWED_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "del", "em", "h3", "h4", "h5", "h6", "hr", "i",
    "li", "ol", "p", "pre", "span", "strong", "sub", "sup", "table", "tbody", "td", "th", "thead",
    "tr", "ul",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "th": {"scope"},
    "ol": {"start"},
}
ALLOWED_CLASSES = {"a": {"xref"}, "span": {"xref-broken"}}  # the cross-reference classes only
URL_SCHEMES = {"http", "https", "mailto"}


def sanitize(html: str) -> str:
    """Keep only harmless markup (the allow-list above)."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        clean_content_tags={"script", "style"},
        attributes=ALLOWED_ATTRIBUTES,
        allowed_classes=ALLOWED_CLASSES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


def reference_index(markdown_text: str) -> dict[str, tuple[str, object]]:
    """Clause/section id -> (game slug, row with number and title) for the ids the text cites."""
    refs = {ref.strip() for ref in cross_refs(markdown_text)}
    if not refs:
        return {}
    index: dict[str, tuple[str, object]] = {}
    for row in Section.objects.filter(anchor__in=refs).only("anchor", "game_id", "number", "title"):
        index[row.anchor] = (row.game_id, row)
    for row in Clause.objects.filter(anchor__in=refs).only("anchor", "game_id", "number", "title"):
        index[row.anchor] = (row.game_id, row)
    return index


def render_answer(markdown_text: str) -> tuple[str, str]:
    """(sanitised HTML, plain text) of an answer written in Markdown."""
    if not markdown_text.strip():
        return "", ""
    html = sanitize(render_markdown(markdown_text, reference_index(markdown_text)))
    return html, html_to_text(html)
