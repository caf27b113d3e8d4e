"""The picture in a shared link's preview: the board at a step, 1200×630 PNG, in the reader's language.

The board is the same SVG the page draws (:func:`simulator.markup.board_svg`, the site's one board
writer), without links, set in a 1200×630 card with the game's title, the step and what happened
(with its § number), and rendered by resvg (``resvg-py``, a real SVG renderer; no browser). resvg
reads a subset of CSS (no custom properties, no ``@media``), so the board's stylesheets
(``simulator.css`` and the game's ``board.css``) are given to it in their light colours with every
``var(--…)`` resolved (:func:`renderer_css`). Text is set in the machine's fonts (DejaVu Sans on
Debian). The view (:mod:`simulator.views`) serves the PNG as a public page: cached with the
content version and an ETag like every page (:mod:`pagecache.httpcache`).
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path

import resvg_py
from django.contrib.staticfiles import finders

from rules.core.view import BoardView, Box, shape_boxes, side, union

from .markup import board_svg
from .playing import link_shapes

WIDTH, HEIGHT = 1200, 630
PAD = 36
BACKGROUND = "#fbfaf7"  # site.css --bg
INK = "#1d1c1a"  # --text
MUTED = "#5a5750"  # --muted
ACCENT = "#8a2c0d"  # --accent
BAND_FILL = "#2b2621"  # --header-bg
FONT = "DejaVu Sans, Liberation Sans, Noto Sans, sans-serif"

_MEDIA = re.compile(r"@media[^{]*\{")
_VAR = re.compile(r"var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*(?:\([^()]*\)[^()]*)*))?\)")
_ROOT_VARS = re.compile(r":root\s*\{([^}]*)\}")
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_UNSUPPORTED = re.compile(r":(hover|focus|focus-visible|active|target|not|is|where|has)\b")


def _without_media(css: str) -> str:
    """The stylesheet without its @media blocks (the light, screen colours are kept)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out, i = [], 0
    for match in _MEDIA.finditer(css):
        if match.start() < i:
            continue
        out.append(css[i : match.start()])
        depth, j = 1, match.end()
        while j < len(css) and depth:
            depth += {"{": 1, "}": -1}.get(css[j], 0)
            j += 1
        i = j
    out.append(css[i:])
    return "".join(out)


def _resolve(value: str, variables: dict[str, str], depth: int = 0) -> str:
    if depth > 8:
        return value
    def one(m: re.Match[str]) -> str:
        found = variables.get(m.group(1))
        if found is None:
            found = m.group(2) or ""
        return _resolve(found.strip(), variables, depth + 1)
    return _VAR.sub(one, value)


@lru_cache(maxsize=32)
def renderer_css(paths: tuple[str, ...]) -> str:
    """The board rules of the named static stylesheets as resvg reads them: light colours, every
    ``var(--…)`` replaced by its value, only rules for ``.board-svg`` shapes, no pseudo-classes."""
    texts = []
    for path in paths:
        found = finders.find(path)
        if found:
            texts.append(_without_media(Path(found).read_text(encoding="utf-8")))
    css = "\n".join(texts)
    variables: dict[str, str] = {}
    for block in _ROOT_VARS.findall(css):
        for decl in block.split(";"):
            name, _, value = decl.partition(":")
            if name.strip().startswith("--"):
                variables[name.strip()] = value.strip()
    rules = []
    for selectors, body in _RULE.findall(_ROOT_VARS.sub("", css)):
        kept = [s.strip() for s in selectors.split(",") if ".board-svg" in s and not _UNSUPPORTED.search(s)]
        if kept:
            rules.append(f"{', '.join(kept)} {{ {_resolve(body.strip(), variables)} }}")
    return "\n".join(rules)


@dataclass(frozen=True)
class Card:
    """What the card says beside the board (every text in the reader's language)."""

    title: str  # the game
    heading: str  # the scenario or "Simulator", and the step
    what: str  # what happened, with its § number
    site: str  # the site's name


def _lines(text: str, chars: int, most: int) -> list[str]:
    lines = textwrap.wrap(" ".join(text.split()), width=chars) or [""]
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = lines[-1][: max(1, chars - 1)].rstrip() + "…"
    return lines


def _text_block(x: int, y: int, lines: list[str], size: int, fill: str, weight: int = 400, gap: float = 1.3) -> str:
    out = [f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" fill="{fill}">']
    for i, line in enumerate(lines):
        out.append(f'<tspan x="{x}" dy="{0 if i == 0 else round(size * gap)}">{escape(line)}</tspan>')
    out.append("</text>")
    return "".join(out)


BAND = 48  # the site's name along the foot of the card
GAP = 12  # the card's margin
BOARD_SHARE = 0.68  # at most this share of the card's width goes to a board beside the texts
LEAST_SHOWN = 0.55  # a card shows at least this share of the board's width
THUMB = 300 / WIDTH  # a chat thumbnail shows the card 300 px wide
THUMB_PIECE_PX = 8.0  # a piece at least this big in the thumbnail (32 px on the card)


@dataclass(frozen=True)
class CardLayout:
    """Where the board goes on the card: the part of it shown (a viewBox), the box it is drawn in and
    its scale (card pixels per board unit); and where the texts go."""

    view: Box
    x: int
    y: int
    width: int
    height: int
    scale: float
    text_x: int
    text_y: int
    text_width: int  # px
    wide: bool


def focus(board: BoardView, width: float, height: float) -> Box:
    """The part of the board drawn in a ``width`` x ``height`` px box of the card: the whole board,
    or, where its pieces would be under :data:`THUMB_PIECE_PX` in a thumbnail, a part in the box's
    shape around the play (the last move's trail, else the pieces), as large as the pieces allow and
    never under :data:`LEAST_SHOWN` of the board's width."""
    whole: Box = (board.min_x, board.min_y, board.min_x + board.width, board.min_y + board.height)
    boxes = shape_boxes(board.shapes)
    pieces = [b for sh, b in zip(board.shapes, boxes, strict=True) if b is not None and sh.seat and sh.kind != "text"]
    fit = min(width / board.width, height / board.height)
    need = THUMB_PIECE_PX / THUMB / min(side(b) for b in pieces) if pieces else fit
    fills = board.width * board.height * fit * fit / (width * height)  # the box's share the whole board covers
    if need <= fit and fills >= 0.7:
        return whole
    trail = [b for sh, b in zip(board.shapes, boxes, strict=True) if b is not None and "trail" in sh.css.split()]
    play = trail or pieces or [whole]
    box = play[0]
    for b in play[1:]:
        box = union(box, b)  # type: ignore[assignment]
    assert box is not None
    aspect = width / height
    w = max(min(width / max(need, fit), board.width), LEAST_SHOWN * board.width)
    h = min(w / aspect, board.height)
    w = min(h * aspect, board.width)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    left = min(max(cx - w / 2, whole[0]), whole[2] - w)
    top = min(max(cy - h / 2, whole[1]), whole[3] - h)
    return (round(left, 3), round(top, 3), round(left + w, 3), round(top + h, 3))


def card_layout(board: BoardView) -> CardLayout:
    """The board as large as the card allows: the card's whole height beside the texts (a board wider
    than 2:1 across the top, the texts under it), showing the part in play where the whole board's
    pieces would be too small for a chat thumbnail."""
    aspect = board.width / board.height if board.height else 1.0
    wide = aspect >= 2.2
    if wide:  # edge to edge: a board four times as wide as high still covers half the card
        text_h = 130
        bw, bh = WIDTH, HEIGHT - BAND - text_h - GAP
    else:
        bh = HEIGHT - BAND - 2 * GAP
        bw = round(BOARD_SHARE * WIDTH)
    view = focus(board, bw, bh)
    vw, vh = view[2] - view[0], view[3] - view[1]
    scale = min(bw / vw, bh / vh)
    dw, dh = round(vw * scale), round(vh * scale)
    if wide:
        return CardLayout(view, (WIDTH - dw) // 2, GAP, dw, dh, scale, GAP + 12, GAP + dh + 44, WIDTH - 2 * GAP - 24, True)
    x = GAP
    text_x = x + dw + 28
    return CardLayout(view, x, GAP + (bh - dh) // 2, dw, dh, scale, text_x, GAP + 46, WIDTH - text_x - GAP, False)


def thumbnail_figures(board: BoardView) -> tuple[float, float]:
    """(the share of the card the board covers, the smallest piece shown in a 300 px thumbnail, px):
    what a chat shows of the card (the tests check them, bench/bench_sharing.py prints them)."""
    lay = card_layout(board)
    share = lay.width * lay.height / (WIDTH * (HEIGHT - BAND))
    x0, y0, x1, y1 = lay.view
    shown = [
        side(b)
        for sh, b in zip(board.shapes, shape_boxes(board.shapes), strict=True)
        if b is not None and sh.seat and sh.kind != "text" and x0 <= (b[0] + b[2]) / 2 <= x1 and y0 <= (b[1] + b[3]) / 2 <= y1
    ]
    return share, (min(shown) * lay.scale * THUMB if shown else 0.0)


def card_svg(board: BoardView, board_inner_svg: str, card: Card) -> str:
    """The 1200×630 card: the board as large as it fits (the part in play where the whole board's
    pieces would be too small), the texts beside it (or under a wide one): the game, the step, and
    what happened, the decisive event, largest."""
    lay = card_layout(board)
    tx, ty, room = lay.text_x, lay.text_y, lay.text_width

    def chars(size: int) -> int:  # characters of a bold line ``size`` px high that fit the column
        return max(8, int(room / (size * 0.62)))

    if lay.wide:
        title = _text_block(tx, ty, _lines(f"{card.title} · {card.heading}", chars(26), 1), 26, ACCENT, 700)
        what = _text_block(tx, ty + 40, _lines(card.what, chars(28), 2), 28, INK, 700, gap=1.2)
        heading = ""
    else:
        title_lines = _lines(card.title, chars(30), 2)
        title = _text_block(tx, ty, title_lines, 30, INK, 700)
        hy = ty + 38 * len(title_lines) + 4
        heading_lines = _lines(card.heading, chars(22), 2)
        heading = _text_block(tx, hy, heading_lines, 22, ACCENT, 700)
        wy = hy + 30 * len(heading_lines) + 16
        what = _text_block(tx, wy, _lines(card.what, chars(28), 9), 28, INK, 700, gap=1.22)
    x0, y0, x1, y1 = lay.view
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>'
        f'<svg class="board-svg" x="{lay.x}" y="{lay.y}" width="{lay.width}" height="{lay.height}"'
        f' viewBox="{x0:g} {y0:g} {x1 - x0:g} {y1 - y0:g}" preserveAspectRatio="xMidYMid meet">{board_inner_svg}</svg>'
        f"{title}{heading}{what}"
        f'<rect y="{HEIGHT - BAND}" width="{WIDTH}" height="{BAND}" fill="{BAND_FILL}"/>'
        f'{_text_block(GAP + 12, HEIGHT - BAND + 32, [card.site], 22, BACKGROUND, 700)}'
        "</svg>"
    )


_SVG_BODY = re.compile(r"<svg\b[^>]*>(.*?)</svg>", re.S)


def board_png(board: BoardView, card: Card, stylesheets: tuple[str, ...], lang: str) -> bytes:
    """The preview card of a board as PNG bytes."""
    shapes = link_shapes(board.shapes, lambda shape: (None, "", ""))
    drawn = str(board_svg(board, shapes, False, lang, with_legend=False))
    match = _SVG_BODY.search(drawn)
    inner = match.group(1) if match else ""
    document = card_svg(board, inner, card)
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=document,
            style_sheet=renderer_css(stylesheets),
            width=WIDTH,
            height=HEIGHT,
            shape_rendering="geometric_precision",
            text_rendering="optimize_legibility",
        )
    )
