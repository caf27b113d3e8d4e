"""Highlighted titles and snippets of search hits: the words that matched, wrapped in <mark>, and
an excerpt of a long text around the place where most of them meet. Spans come from
:meth:`rulebooks.search.index.Index.marks`; everything else is escaped. No Django."""

from __future__ import annotations

import html

SNIPPET_WIDTH = 200


def highlight(text: str, spans: list[tuple[int, int]], start: int = 0, end: int | None = None) -> str:
    """HTML-escaped ``text[start:end]`` with the spans inside it marked."""
    end = len(text) if end is None else end
    out, last = [], start
    for s, e in spans:
        if s < start or e > end:
            continue
        out.append(html.escape(text[last:s]))
        out.append(f"<mark>{html.escape(text[s:e])}</mark>")
        last = e
    out.append(html.escape(text[last:end]))
    return "".join(out)


def _window(text: str, spans: list[tuple[int, int]], width: int) -> tuple[int, int]:
    """The ``width`` characters of ``text`` holding the most distinct marked words (the first
    such place), widened to whole words."""
    if len(text) <= width:
        return 0, len(text)
    best_start, best_count = 0, -1
    for i, (s, _e) in enumerate(spans):
        begin = max(0, s - width // 4)
        words = {text[a:b].lower() for a, b in spans[i:] if b <= begin + width}
        if len(words) > best_count:
            best_start, best_count = begin, len(words)
    start = best_start
    if start > 0:
        space = text.rfind(" ", 0, start)
        start = space + 1 if space != -1 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start else end
    return start, end


def snippet(text: str, spans: list[tuple[int, int]], width: int = SNIPPET_WIDTH) -> str:
    """An escaped excerpt of ``text`` around its marked words, with "…" where it was cut."""
    start, end = _window(text, spans, width)
    prefix = "… " if start > 0 else ""
    suffix = " …" if end < len(text) else ""
    return prefix + highlight(text, spans, start, end) + suffix


def plain_snippet(text: str, spans: list[tuple[int, int]], width: int = SNIPPET_WIDTH) -> str:
    """The same excerpt as :func:`snippet`, as plain text (no marks, not escaped): for JSON."""
    start, end = _window(text, spans, width)
    return ("… " if start > 0 else "") + text[start:end] + (" …" if end < len(text) else "")
