"""FAQ answers: editor Markdown -> HTML, sanitised with nh3.

Answers are written by editors (or shipped in the repository), but they are still treated as
untrusted: ``rulebooks.rendering.render_markdown`` turns them into HTML (resolving
``[[clause-id]]`` against the clauses in the database) and ``nh3`` keeps only a strict set of
tags and attributes: no script/style/iframe, no event handlers, no ``style``, and only http(s)
and mailto links. A link without a scheme stays only when a browser would keep it on this site
(:func:`safe_href`): ``//host``, ``/\\host`` and the like are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import urljoin, urlsplit

import nh3

from rulebooks.localize import clause_titles
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

# How a browser reads an href (WHATWG URL standard): tabs and newlines anywhere are removed,
# leading and trailing C0 controls and spaces are stripped, and in http(s) URLs "\\" is "/".
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")
_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_ORIGIN = "https://this-site.invalid"  # stands in for the site's own origin


def safe_href(value: str) -> str | None:
    """The link a browser would follow for ``value``, or None when it must be dropped.

    Absolute http(s) links (``scheme://host``) and mailto links stay: they visibly leave the site.
    A link without a scheme stays only when resolving it against the site's own origin keeps that
    origin, so ``//evil.example``, ``/\\evil.example`` and ``\\\\evil.example`` go; so do ``http:/host``
    and ``http:host``, which a browser reads differently on http and https pages.
    """
    url = value.translate(_TAB_OR_NEWLINE).strip(_C0_OR_SPACE)
    scheme = _SCHEME.match(url)
    if scheme:
        name = scheme.group(0)[:-1].lower()
        if name == "mailto":
            return url
        rest = url[scheme.end() :].replace("\\", "/")
        if name not in ("http", "https") or not rest.startswith("//"):
            return None
        url = f"{name}:{rest}"
        try:
            host = urlsplit(url).hostname
        except ValueError:
            return None
        return url if host else None
    url = url.replace("\\", "/")
    if url.startswith("//"):
        return None
    try:
        resolved = urlsplit(urljoin(_ORIGIN + "/page/", url))
    except ValueError:
        return None
    return url if f"{resolved.scheme}://{resolved.netloc}" == _ORIGIN else None


def _filter_attribute(element: str, attribute: str, value: str) -> str | None:
    if attribute == "href":
        return safe_href(value)
    return value


def sanitize(html: str) -> str:
    """Keep only harmless markup (the allow-list above) and links that stay where they say."""
    return nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        clean_content_tags={"script", "style"},
        attributes=ALLOWED_ATTRIBUTES,
        allowed_classes=ALLOWED_CLASSES,
        url_schemes=URL_SCHEMES,
        attribute_filter=_filter_attribute,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )


# Clause/section id -> (game slug, the section or clause row).
ReferenceIndex = dict[str, tuple[str, Section | Clause]]


def reference_index(markdown_text: str, lang: str | None = None) -> ReferenceIndex:
    """Clause/section id -> (game slug, row with number and title) for the ids the text cites;
    with ``lang``, titles in that language where the rulebook has them."""
    refs = {ref.strip() for ref in cross_refs(markdown_text)}
    if not refs:
        return {}
    cache = _CACHE.get()
    if cache is None:
        return _index(refs, lang)
    if lang not in cache:
        cache[lang] = _index(None, lang)
    return {ref: cache[lang][ref] for ref in refs if ref in cache[lang]}


@contextmanager
def cached_references() -> Iterator[None]:
    """Within the block, every rendering looks clauses up in one index per language, read once
    (for bulk work such as syncing every curated entry; the rulebook must not change meanwhile)."""
    token = _CACHE.set({})
    try:
        yield
    finally:
        _CACHE.reset(token)


_CACHE: ContextVar[dict[str | None, ReferenceIndex] | None] = ContextVar("faq_reference_cache", default=None)


def _index(refs: set[str] | None, lang: str | None) -> ReferenceIndex:
    """The index for ``refs`` (None: every id)."""
    index: ReferenceIndex = {}
    sections = Section.objects.only("anchor", "game_id", "number", "title", "titles")
    clauses = Clause.objects.only("anchor", "game_id", "number", "title")
    only_refs = {} if refs is None else {"clause__anchor__in": refs}
    if refs is not None:
        sections, clauses = sections.filter(anchor__in=refs), clauses.filter(anchor__in=refs)
    for row in sections:
        if lang and (row.titles or {}).get(lang):
            row.title = row.titles[lang]
        index[row.anchor] = (row.game_id, row)
    titles = clause_titles(lang, **only_refs) if lang else {}
    for clause in clauses:
        clause.title = titles.get(clause.anchor, clause.title)
        index[clause.anchor] = (clause.game_id, clause)
    return index


def render_answer(markdown_text: str, lang: str | None = None) -> tuple[str, str]:
    """(sanitised HTML, plain text) of an answer written in Markdown; a translation (``lang``)
    names the clauses it cites by their titles in that language."""
    if not markdown_text.strip():
        return "", ""
    html = sanitize(render_markdown(markdown_text, reference_index(markdown_text, lang)))
    return html, html_to_text(html)
