"""Markup built in Python for the simulator page and its mini-boards: the board and clause citations.

A board has hundreds of shapes and a step log cites a clause per event; drawing them through the
template language was most of a step's server time. :func:`board_svg` writes exactly what
``templates/simulator/_board_svg.html`` writes and :func:`clause_cite` what
``templates/simulator/_clause_link.html`` writes (the position editor still includes those
templates; tests render both ways and compare them), escaping every value as templates do. The
online rooms send the same board, without htmx attributes, after every move.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    return html.escape(text)  # what django.utils.html.escape does, without the wrapping


def _v(value: Any) -> str:
    """A value as ``{{ value }}`` renders it (localized, escaped). Boards repeat most of their
    attribute values, so plain strings are escaped once each."""
    if type(value) is str:
        return _escaped(value)
    return str(conditional_escape(localize(value)))


def clause_cite(clause: Any) -> SafeString:
    """The citation link of a clause (§ and its number), or nothing; with the include's newline."""
    if not clause:
        return mark_safe("\n")
    url = reverse("rulebooks:clause", args=[clause.game_id, clause.anchor])
    return mark_safe(f'<a class="cite" href="{_v(url)}" title="{_v(clause.title)}">§{_v(clause.number)}</a>\n')


def _attrs(shape: Any) -> str:
    return "".join(f' {_v(k)}="{_v(v)}"' for k, v in shape.attrs)


def _shape(b: Any, hx_target: str) -> str:
    s = b.shape
    out = []
    if b.wrap in ("self", "open"):
        out.append(f'<a class="board-action{" " + _v(b.state) if b.state else ""}" href="{_v(b.href)}"')
        if hx_target:
            out.append(
                f' hx-get="{_v(b.href)}" hx-target="#{_v(hx_target)}" hx-swap="outerHTML" hx-push-url="true"'
            )
        if s.action:
            out.append(f' data-action="{_v(s.action)}"')
        if s.target:
            out.append(f' data-target="{_v(s.target)}"')
        out.append(f' aria-label="{_v(b.label)}">')
    state = f" {_v(b.state)}" if b.state and not b.href else ""
    if s.kind == "g-start":
        out.append(f'<g class="{_v(s.css)}{state}"{_attrs(s)}>')
    elif s.kind == "g-end":
        out.append("</g>")
    elif s.kind == "text":
        out.append(f'<text class="{_v(s.css)}"{_attrs(s)}>{_v(s.text)}</text>')
    else:
        kind = _v(s.kind)
        title = f"<title>{_v(s.title)}</title>" if s.title else ""
        out.append(f'<{kind} class="{_v(s.css)}{state}"{_attrs(s)}>{title}</{kind}>')
    if b.wrap in ("self", "close"):
        out.append("</a>")
    return "".join(out)


def board_svg(board: Any, board_shapes: Sequence[Any], interactive: bool, language: str, hx_target: str = "") -> SafeString:
    """The board's SVG, legend and description in words (``hx_target``: the element its links swap)."""
    if not board:
        return mark_safe("\n")
    out = [
        f'<svg class="board-svg{" board-svg--taps" if interactive else ""}" viewBox="{_v(board.viewbox)}" '
        f'role="{"group" if interactive else "img"}" aria-label="{_v(board.label)}" focusable="false">\n'
    ]
    out.extend(_shape(b, hx_target) + "\n" for b in board_shapes)
    out.append("</svg>\n")
    lang = _v(language)
    if board.legend:
        out.append(f'<ul class="board-legend" lang="{lang}" aria-hidden="true">')
        for row in board.legend:
            chips = "".join(f'<span class="chip {_v(row.css)}">{_v(chip)}</span>' for chip in row.chips)
            out.append(
                f'<li><span class="board-legend__name">{_v(row.label)}</span>{chips}'
                f'<span class="board-legend__note">{_v(row.note)}</span></li>'
            )
        out.append("</ul>")
    out.append(f'\n<ul class="visually-hidden" lang="{lang}">')
    out.extend(f"<li>{_v(line)}</li>" for line in board.description)
    out.append("</ul>\n")
    return mark_safe("".join(out))
