"""The site's one board writer and its clause citations, built in Python.

A board has hundreds of shapes and a step log cites a clause per event; drawing them through the
template language was most of a step's server time. :func:`board_svg` draws every board of the
site (simulator page, mini-boards, position editor, online rooms: :mod:`simulator.scene`) and
:func:`clause_cite` writes every § citation (``templates/simulator/_clause_link.html`` includes
it), escaping every value as templates do.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _


@lru_cache(maxsize=65536)
def _escaped(text: str) -> str:
    return html.escape(text)  # what django.utils.html.escape does, without the wrapping


def _v(value: Any) -> str:
    """A value as ``{{ value }}`` renders it (localized, escaped). Boards repeat most of their
    attribute values, so plain strings are escaped once each."""
    if type(value) is str:
        return _escaped(value)
    return str(conditional_escape(localize(value)))


@dataclass(frozen=True)
class Overlay:
    """A link over an area of the board (:func:`simulator.drawing.draw_board`): it shows the area
    enlarged, or, holding one candidate only, plays or picks that ``target`` at once."""

    box: tuple[float, float, float, float]
    href: str
    label: str
    target: str = ""  # the one target it acts on at once ("" : it enlarges the area)
    state: str = ""  # that target's state ("tap-next" ...)


@dataclass(frozen=True)
class BoardLayout:
    """How a board is drawn on the page (:func:`simulator.drawing.draw_board`): its viewBox (an
    enlarged area's, when zoomed), its width and height in CSS pixels across a phone's column (it
    grows with the page), the links over crowded areas, the shapes shown (None: all) and the link
    back to the whole board."""

    viewbox: str
    width_px: int
    height_px: int
    overlays: tuple[Overlay, ...] = ()
    shown: frozenset[int] | None = None
    whole_url: str | None = None
    ask_url: str | None = None  # + a target id: why that target cannot be tapped now (site.js asks it)
    tall: bool = False  # taller than wide: drawn at its own width (width_px), not across the column


def clause_cite(clause: Any) -> SafeString:
    """The citation link of a clause (§ and its number), or nothing; with the include's newline."""
    if not clause:
        return mark_safe("\n")
    url = reverse("rulebooks:clause", args=[clause.game_id, clause.anchor])
    return mark_safe(f'<a class="cite" href="{_v(url)}" title="{_v(clause.title)}">§{_v(clause.number)}</a>\n')


def reading_mark(clause: Any) -> SafeString:
    """The mark of a verdict that rests on the site's own reading of an open rule: one short phrase
    linking to the clause's interpretation note (its anchor ``<id>-note`` on the clause page)."""
    if not clause:
        return mark_safe("")
    url = reverse("rulebooks:clause", args=[clause.game_id, clause.anchor]) + f"#{clause.anchor}-note"
    title = _("The rulebook leaves this open: the interpretation note of §%(number)s says how the site reads it") % {
        "number": clause.number
    }
    return mark_safe(f'<a class="reading" href="{_v(url)}" title="{_v(title)}">{_v(_("the site’s reading"))}</a>\n')


def _attrs(shape: Any) -> str:
    return "".join(f' {_v(k)}="{_v(v)}"' for k, v in shape.attrs)


def _htmx(href: str, hx_target: str, push: bool) -> str:
    if not hx_target:
        return ""
    return f' hx-get="{_v(href)}" hx-target="#{_v(hx_target)}" hx-swap="outerHTML"' + (
        ' hx-push-url="true"' if push else ""
    )


def _seat(s: Any) -> str:
    if not s.seat:
        return ""
    return f' data-seat-mark="{_v(s.seat)}"' if s.kind == "text" else f' data-seat="{_v(s.seat)}"'


def _shape(b: Any, hx_target: str, push: bool = True, ask: bool = False) -> str:
    s = b.shape
    out = []
    # A target that is no link names itself; "data-why" (drawn a thumb's size): a tap on it asks why not.
    asked = ""
    if ask and s.target and not b.href:
        asked = f' data-target="{_v(s.target)}"'
        if b.askable:  # reachable by keyboard too (site.js: the arrow keys, Enter asks why not)
            name = _("%(what)s: why not?") % {"what": (s.title or s.text or s.target).rstrip(". ")}
            asked += f' data-why tabindex="-1" role="button" aria-label="{_v(name)}"'

    if b.wrap in ("self", "open"):
        out.append(f'<a class="board-action{" " + _v(b.state) if b.state else ""}" href="{_v(b.href)}"')
        out.append(_htmx(b.href, hx_target, push))
        if s.action:
            out.append(f' data-action="{_v(s.action)}"')
        if s.target:
            out.append(f' data-target="{_v(s.target)}"')
        out.append(f' aria-label="{_v(b.label)}">')
        if b.hit is not None:  # a small target with room around it: a thumb's hit area
            x0, y0, x1, y1 = b.hit
            out.append(f'<rect class="board-hit" x="{x0:g}" y="{y0:g}" width="{round(x1 - x0, 3):g}" height="{round(y1 - y0, 3):g}"></rect>')
    state = f" {_v(b.state)}" if b.state and not b.href else ""
    if s.kind == "g-start":
        out.append(f'<g class="{_v(s.css)}{state}"{_seat(s)}{asked}{_attrs(s)}>')
    elif s.kind == "g-end":
        out.append("</g>")
    elif s.kind == "text":  # a label drawn on the board: the pieces' names and the description say it
        out.append(f'<text class="{_v(s.css)}"{_seat(s)}{_attrs(s)} aria-hidden="true">{_v(s.text)}</text>')
    else:
        kind = _v(s.kind)
        title = f"<title>{_v(s.title)}</title>" if s.title else ""
        out.append(f'<{kind} class="{_v(s.css)}{state}"{_seat(s)}{asked}{_attrs(s)}>{title}</{kind}>')
    if b.wrap in ("self", "close"):
        out.append("</a>")
    return "".join(out)


def board_svg(
    board: Any,
    board_shapes: Sequence[Any],
    interactive: bool,
    language: str,
    hx_target: str = "",
    *,
    layout: BoardLayout | None = None,
    push: bool = True,
    with_legend: bool = True,
) -> SafeString:
    """The board's SVG, legend and description in words (``hx_target``: the element its links
    swap; ``push``: whether they change the address). With a ``layout`` the board is drawn across
    the phone's column for a thumb, with the links over its crowded areas."""
    if not board:
        return mark_safe("\n")
    viewbox = layout.viewbox if layout else board.viewbox
    css = "board-svg" + (" board-svg--taps" if interactive else "")
    size = ""
    if layout is not None:
        size = f' width="{layout.width_px}" height="{layout.height_px}"'
        css += " board-svg--tall" if layout.tall else ""
    out = []
    if layout is not None:
        out.append('<div class="board-frame">')
        if layout.whole_url:
            whole = _("Show the whole board")
            out.append(
                f'<p class="board-zoomed"><a class="button board-whole" href="{_v(layout.whole_url)}"'
                f"{_htmx(layout.whole_url, hx_target, push)}>{_v(whole)}</a></p>"
            )
    ask = layout is not None and layout.ask_url is not None
    asking = ""
    if ask and layout is not None:
        asking = f' data-ask="{_v(layout.ask_url)}"' + (f' data-ask-target="#{_v(hx_target)}"' if hx_target else "")
    out.append(
        f'<svg class="{css}" viewBox="{_v(viewbox)}"{size}{asking} '
        f'role="{"group" if interactive or ask else "img"}" aria-label="{_v(board.label)}" focusable="false">\n'
    )
    shown = layout.shown if layout is not None else None
    out.extend(
        _shape(b, hx_target, push, ask) + "\n" for i, b in enumerate(board_shapes) if shown is None or i in shown
    )
    if layout is not None:
        out.extend(_overlays(layout, hx_target, push))
    out.append("</svg>\n")
    if layout is not None:
        out.append("</div>\n")
    lang = _v(language)
    if with_legend:
        out.append(board_legend(board, language))
    out.append(f'\n<ul class="visually-hidden" lang="{lang}">')
    out.extend(f"<li>{_v(line)}</li>" for line in board.description)
    out.append("</ul>\n")
    return mark_safe("".join(out))


def _overlays(layout: BoardLayout, hx_target: str, push: bool) -> list[str]:
    """The layout's links over the board: a direct tap on a piece or place, or a zoom into a crowded area."""
    out = []
    for o in layout.overlays:
        x0, y0, x1, y1 = o.box
        kind = f'board-direct{" " + _v(o.state) if o.state else ""}" data-target="{_v(o.target)}' if o.target else "board-zoom"
        out.append(
            f'<a class="board-action {kind}" href="{_v(o.href)}"{_htmx(o.href, hx_target, push)}'
            f' aria-label="{_v(o.label)}"><rect class="board-zoom__area" x="{x0:g}" y="{y0:g}"'
            f' width="{round(x1 - x0, 3):g}" height="{round(y1 - y0, 3):g}" rx="0.12"></rect></a>\n'
        )
    return out


def board_legend(board: Any, language: str) -> SafeString:
    """The rows beside a board (start pools, hands, scores), as HTML so the board keeps the width."""
    if not board or not board.legend:
        return mark_safe("")
    out = [f'<ul class="board-legend" lang="{_v(language)}" aria-hidden="true">']
    for row in board.legend:
        chips = "".join(f'<span class="chip {_v(row.css)}">{_v(chip)}</span>' for chip in row.chips)
        out.append(
            f'<li><span class="board-legend__name">{_v(row.label)}</span>{chips}'
            f'<span class="board-legend__note">{_v(row.note)}</span></li>'
        )
    out.append("</ul>")
    return mark_safe("".join(out))
