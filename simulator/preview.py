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

from rules.core.view import BoardView

from .markup import board_svg
from .playing import link_shapes

WIDTH, HEIGHT = 1200, 630
PAD = 36
BACKGROUND = "#fbfaf7"  # site.css --bg
INK = "#1d1c1a"  # --text
MUTED = "#5a5750"  # --muted
ACCENT = "#8a2c0d"  # --accent
BAND = "#2b2621"  # --header-bg
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


def card_svg(board: BoardView, board_inner_svg: str, card: Card) -> str:
    """The 1200×630 card: the board as large as it fits, the texts beside it (or under a wide one)."""
    aspect = board.width / board.height if board.height else 1.0
    wide = aspect >= 1.55
    band = 64
    if wide:
        text_h = 112
        bx, by, bw, bh = PAD, PAD, WIDTH - 2 * PAD, HEIGHT - band - text_h - PAD
        tx, ty, chars = PAD, by + bh + 40, 70
    else:
        bw = bh = HEIGHT - band - 2 * PAD
        if aspect < 1:
            bw = round(bh * aspect)
        else:
            bh = round(bw / aspect)
        bx, by = PAD, PAD + (HEIGHT - band - 2 * PAD - bh) // 2
        tx, ty, chars = PAD + max(bw, 300) + 40, PAD + 40, 30
    if wide:
        title = _text_block(tx, ty, _lines(f"{card.title} · {card.heading}", 64, 1), 30, INK, 700)
        heading = ""
        what = _text_block(tx, ty + 42, _lines(card.what, 84, 2), 23, INK, gap=1.25)
    else:
        title_lines = _lines(card.title, chars, 2)
        title = _text_block(tx, ty, title_lines, 34, INK, 700)
        hy = ty + 44 * len(title_lines) + 8
        heading_lines = _lines(card.heading, int(chars * 1.25), 2)
        heading = _text_block(tx, hy, heading_lines, 24, ACCENT, 700)
        wy = hy + 34 * len(heading_lines) + 10
        what = _text_block(tx, wy, _lines(card.what, int(chars * 1.2), 7), 25, INK)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">'
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="{BACKGROUND}"/>'
        f'<svg class="board-svg" x="{bx}" y="{by}" width="{bw}" height="{bh}" viewBox="{escape(board.viewbox)}"'
        f' preserveAspectRatio="xMidYMid meet">{board_inner_svg}</svg>'
        f"{title}{heading}{what}"
        f'<rect y="{HEIGHT - band}" width="{WIDTH}" height="{band}" fill="{BAND}"/>'
        f'{_text_block(PAD, HEIGHT - band + 41, [card.site], 24, BACKGROUND, 700)}'
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
