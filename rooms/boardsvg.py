"""The board as SVG markup, written in Python: the same markup as
``templates/simulator/_board_svg.html`` (without htmx attributes), several times faster than the
template for a board of a thousand shapes. A room re-renders its board for every seat after
every move, so this is the rooms' hot path (bench/bench_rooms.py)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe


def _e(value: Any) -> str:
    return escape(str(value), quote=True)


def _attrs(pairs: Sequence[tuple[str, str]]) -> str:
    return "".join(f' {k}="{_e(v)}"' for k, v in pairs)


def board_svg(board: Any, board_shapes: Sequence[Any], interactive: bool, language: str) -> SafeString:
    out: list[str] = [
        f'<svg class="board-svg{" board-svg--taps" if interactive else ""}" viewBox="{_e(board.viewbox)}" '
        f'role="{"group" if interactive else "img"}" aria-label="{_e(board.label)}" focusable="false">\n'
    ]
    for b in board_shapes:
        s = b.shape
        if b.wrap in ("self", "open"):
            out.append(f'<a class="board-action{" " + _e(b.state) if b.state else ""}" href="{_e(b.href)}"')
            if s.action:
                out.append(f' data-action="{_e(s.action)}"')
            if s.target:
                out.append(f' data-target="{_e(s.target)}"')
            out.append(f' aria-label="{_e(b.label)}">')
        extra = f" {_e(b.state)}" if b.state and not b.href else ""
        if s.kind == "g-start":
            out.append(f'<g class="{_e(s.css)}{extra}"{_attrs(s.attrs)}>')
        elif s.kind == "g-end":
            out.append("</g>")
        elif s.kind == "text":
            out.append(f'<text class="{_e(s.css)}"{_attrs(s.attrs)}>{_e(s.text)}</text>')
        else:
            title = f"<title>{_e(s.title)}</title>" if s.title else ""
            out.append(f'<{s.kind} class="{_e(s.css)}{extra}"{_attrs(s.attrs)}>{title}</{s.kind}>')
        if b.wrap in ("self", "close"):
            out.append("</a>")
        out.append("\n")
    out.append("</svg>\n")
    if board.legend:
        out.append(f'<ul class="board-legend" lang="{_e(language)}" aria-hidden="true">')
        for row in board.legend:
            chips = "".join(f'<span class="chip {_e(row.css)}">{_e(c)}</span>' for c in row.chips)
            out.append(
                f'<li><span class="board-legend__name">{_e(row.label)}</span>{chips}'
                f'<span class="board-legend__note">{_e(row.note)}</span></li>'
            )
        out.append("</ul>")
    out.append(f'\n<ul class="visually-hidden" lang="{_e(language)}">')
    out.extend(f"<li>{_e(line)}</li>" for line in board.description)
    out.append("</ul>")
    return mark_safe("".join(out))
