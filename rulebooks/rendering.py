"""Render clause bodies, interpretation notes and FAQ answers from Markdown to HTML.

Cross references ``[[clause-id]]`` become links carrying the target's number and title. The
links point at ``/__LANG__/<game>/#<id>``; the ``localize_links`` template filter puts the
visitor's language prefix in at request time, so stored HTML is language independent.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Mapping
from typing import Protocol

import markdown

from .parsing import CROSS_REF_RE

LANG_PLACEHOLDER = "/__LANG__/"
_TAG_RE = re.compile(r"<[^>]+>")

MARKDOWN_EXTENSIONS = [
    "tables",
    "sane_lists",
    "pymdownx.tilde",
    "pymdownx.betterem",
]


_local = threading.local()


def _markdown() -> markdown.Markdown:
    """One converter per thread, reset before each use (building one costs more than converting
    a clause)."""
    md = getattr(_local, "md", None)
    if md is None:
        md = _local.md = markdown.Markdown(extensions=MARKDOWN_EXTENSIONS, output_format="html")
    return md.reset()


def clause_url(game_slug: str, clause_id: str) -> str:
    return f"{LANG_PLACEHOLDER}{game_slug}/#{clause_id}"


class Numbered(Protocol):
    """What a cross reference shows of its target: a parsed node, or a section or clause row."""

    @property
    def number(self) -> str: ...
    @property
    def title(self) -> str: ...


def render_markdown(text: str, index: Mapping[str, tuple[str, Numbered]]) -> str:
    """Markdown to HTML with ``[[id]]`` resolved against the site-wide index."""

    def replace(match: re.Match[str]) -> str:
        ref = match.group(1).strip()
        if ref not in index:
            # Validation reports this with file and line; render visibly, never silently.
            return f'<span class="xref-broken">[[{html.escape(ref)}]]</span>'
        game, node = index[ref]
        label = f"§{node.number} {node.title}"
        return f'<a class="xref" href="{clause_url(game, ref)}">{html.escape(label)}</a>'

    rendered: str = _markdown().convert(CROSS_REF_RE.sub(replace, text))  # Python-Markdown has no type information
    return rendered


def html_to_text(fragment: str) -> str:
    """Plain text of a rendered fragment, for snippets and the search index."""
    return " ".join(html.unescape(_TAG_RE.sub(" ", fragment)).split())
