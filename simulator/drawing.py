"""A board drawn for a thumb: the whole board fits the phone's column, every tap target is at least
:data:`MIN_TAP_PX` CSS pixels (WCAG 2.2, 2.5.8), and the part of the board in play is enlarged
where its targets are too small, not the page.

- The board is drawn across the column of a :data:`PHONE_PX` phone (it grows with wider pages), a
  tall one at most :data:`BOARD_HEIGHT_PX` high there (and then that wide on every page); it never
  scrolls sideways.
- A linked target drawn smaller than :data:`MIN_TAP_PX` that has room around it (no other target
  within a thumb's width: a companion's only destination, the four squares a figure may step to)
  keeps its link, with an invisible hit area of a thumb's size (``BoardShape.hit``).
- Crowded small targets (wizards on a tower, companions in the camp, a whole grid in the editor)
  lose their own links; the area around them (the smallest larger target they lie in, else a
  cluster of neighbours, cut into parts small enough) becomes one link that shows it enlarged, where
  every target is large enough. An area that holds one candidate only acts at once: its link is that
  target's own (no zoom step; reviews-ux N3).
- A target that is no link may be asked about ("why not?") where it is drawn a thumb's size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from rules.core.view import BoardView, Box, shape_boxes, side

from .markup import BoardLayout, Overlay, board_svg
from .playing import BoardShape, link_shapes

MIN_TAP_PX = 24.0  # WCAG 2.2 SC 2.5.8: a tap target's smaller side on the page
PHONE_PX = 390.0  # the phone column a board is drawn across (the reviews' and the browser tests' phone)
# A board taller than wide is drawn at most this tall on that phone (narrower than the column), so
# that what the step did stays in the first screen under it (844 px: header, board, verdict).
BOARD_HEIGHT_PX = 480.0
ZOOM_PAD = 0.06  # an enlarged area keeps this share of its size around it
EPSILON = 1e-6  # board units: rounding
HIT_MARGIN_PX = 0.3  # a hit area is drawn this much over a thumb's width (coordinates are rounded)


@dataclass
class DrawnBoard:
    shapes: list[BoardShape]
    layout: BoardLayout
    svg: SafeString
    interactive: bool


def _inside(inner: Box, outer: Box) -> bool:
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


def _intersects(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _grow(box: Box, by: float) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _padded(box: Box, board: BoardView) -> Box:
    w, h = box[2] - box[0], box[3] - box[1]
    pad = ZOOM_PAD * max(w, h)
    return (
        round(max(board.min_x, box[0] - pad), 2),
        round(max(board.min_y, box[1] - pad), 2),
        round(min(board.min_x + board.width, box[2] + pad), 2),
        round(min(board.min_y + board.height, box[3] + pad), 2),
    )


def hit_box(box: Box, least: float) -> Box:
    """``box`` grown about its centre to at least ``least`` board units each way."""
    x0, y0, x1, y1 = box
    dx, dy = max(0.0, (least - (x1 - x0)) / 2), max(0.0, (least - (y1 - y0)) / 2)
    return (round(x0 - dx, 3), round(y0 - dy, 3), round(x1 + dx, 3), round(y1 + dy, 3))


def draw_board(
    board: BoardView,
    decide: Callable[[Any], tuple[str | None, str, str]],
    links: Any,
    lang: str,
    *,
    zoom: Box | None = None,
    zoom_url: Callable[[Box | None], str] | None = None,
    ask_url: str | None = None,
) -> DrawnBoard:
    """The board's shapes with their links (``decide(shape) -> (href, label, state)``), drawn across
    the phone's column for a thumb (see the module docstring). ``zoom``: the enlarged area shown."""
    shapes = board.shapes
    boxes = shape_boxes(shapes)
    area = zoom
    width = (area[2] - area[0]) if area else board.width
    shown: Sequence[int] = range(len(shapes)) if area is None else _shown(shapes, boxes, area)
    drawn = link_shapes(shapes, decide)
    height = (area[3] - area[1]) if area else board.height
    scale = min(PHONE_PX / width, BOARD_HEIGHT_PX / height)
    least = MIN_TAP_PX / scale  # a thumb's width in board units
    linked = [i for i in shown if drawn[i].href and drawn[i].wrap in ("self", "open") and boxes[i] is not None]
    small = [i for i in linked if side(boxes[i]) < least - EPSILON]  # type: ignore[arg-type]
    roomy, crowded = _room(boxes, linked, small, least)
    thumb = (MIN_TAP_PX + HIT_MARGIN_PX) / scale  # a hit area a little over the minimum (rounding)
    drawn = [replace(b, hit=hit_box(boxes[i], thumb)) if i in roomy else b for i, b in enumerate(drawn)]  # type: ignore[arg-type]
    overlays: list[Overlay] = []
    if crowded and zoom_url is not None:
        areas = _enlarged_areas(shapes, boxes, crowded, least, scale)
        overlays = [_overlay(board, boxes, drawn, box, members, zoom_url, linked) for box, members in areas]
        gone = set(crowded)
        drawn = [BoardShape(b.shape, None, "", b.state, "") if i in gone else b for i, b in enumerate(drawn)]
        drawn = _close_groups(drawn)  # a group whose opening link went keeps no closing link either
    if ask_url is not None:
        drawn = _askable(drawn, boxes, least)
    layout = BoardLayout(
        viewbox=(f"{area[0]:g} {area[1]:g} {area[2] - area[0]:g} {area[3] - area[1]:g}" if area else board.viewbox),
        width_px=math.ceil(width * scale),
        height_px=math.ceil(height * scale),
        overlays=tuple(overlays),
        shown=frozenset(shown) if area is not None else None,
        whole_url=zoom_url(None) if area is not None and zoom_url is not None else None,
        ask_url=ask_url,
        tall=scale < PHONE_PX / width - EPSILON,
    )
    interactive = any(b.href for b in drawn) or bool(overlays)
    svg = board_svg(board, drawn, interactive, lang, links.hx_target, layout=layout, push=links.push, with_legend=False)
    return DrawnBoard(drawn, layout, svg, interactive)


def _room(boxes: Sequence[Box | None], linked: list[int], small: list[int], least: float) -> tuple[set[int], list[int]]:
    """(the small targets with a thumb's room around them, the crowded ones). A small target has
    room when its hit area (a thumb's size about its centre) meets no other target's, except a much
    larger target it stands in (a tower on its space: the space is still tapped around it)."""
    small_set = set(small)
    hits = {i: hit_box(boxes[i], least) if i in small_set else boxes[i] for i in linked}  # type: ignore[arg-type]
    roomy: set[int] = set()
    crowded: list[int] = []
    for i in small:
        mine = hits[i]
        clash = any(j != i and _intersects(mine, hits[j]) and not _holds(hits[j], mine) for j in linked)  # type: ignore[arg-type]
        (crowded.append(i) if clash else roomy.add(i))
    return roomy, crowded


def _area(box: Box) -> float:
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def _holds(outer: Box, inner: Box) -> bool:
    """Whether ``inner`` lies wholly in ``outer`` and leaves it at least half its area to tap."""
    inside = outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]
    return inside and _area(inner) <= _area(outer) / 2


def _enlarged_areas(
    shapes: Sequence[Any], boxes: Sequence[Box | None], crowded: list[int], least: float, scale: float
) -> list[tuple[Box, list[int]]]:
    """The areas that show ``crowded`` targets enlarged, with the targets each shows: the smallest
    target large enough to tap that a crowded one lies in, else a cluster of crowded neighbours, cut
    into parts narrow enough that, enlarged across the column, their targets are a thumb wide."""
    containers = [
        i for i in range(len(shapes)) if shapes[i].target and (b := boxes[i]) is not None and side(b) >= least - EPSILON
    ]
    areas: dict[Box, list[int]] = {}
    loose: list[int] = []
    for i in crowded:
        b = boxes[i]
        assert b is not None
        around = [j for j in containers if j != i and _inside(b, boxes[j]) and side(boxes[j]) > side(b)]  # type: ignore[arg-type]
        if around:
            best = min(around, key=lambda j: (boxes[j][2] - boxes[j][0]) * (boxes[j][3] - boxes[j][1]))  # type: ignore[index]
            areas.setdefault(boxes[best], []).append(i)  # type: ignore[arg-type]
        else:
            loose.append(i)
    clusters: list[tuple[Box, list[int]]] = []
    for i in loose:  # targets in no larger target: a cluster of neighbours becomes one area
        b = boxes[i]
        assert b is not None
        grown = _grow(b, side(b))
        for k, (cbox, members) in enumerate(clusters):
            if _intersects(cbox, grown):
                clusters[k] = (_union(cbox, grown), [*members, i])
                break
        else:
            clusters.append((grown, [i]))
    out = list(areas.items())
    for cbox, members in clusters:
        out.extend(_cut(cbox, members, boxes, scale))
    return out


def _cut(cbox: Box, members: list[int], boxes: Sequence[Box | None], scale: float) -> list[tuple[Box, list[int]]]:
    """A cluster cut into columns and rows narrow enough that each, enlarged across the phone's
    column, shows its smallest target a thumb wide (a whole grid of squares becomes a few parts)."""
    smallest = min(side(boxes[i]) for i in members)  # type: ignore[arg-type]
    widest = smallest * PHONE_PX / MIN_TAP_PX / (1 + 2 * ZOOM_PAD)  # an area at most this wide
    w, h = cbox[2] - cbox[0], cbox[3] - cbox[1]
    cols = max(1, math.ceil(w / widest))
    rows = max(1, math.ceil(h / (widest * 1.4)))  # a part is drawn across the column: it may be taller
    if cols == 1 and rows == 1:
        return [(cbox, members)]
    parts: dict[tuple[int, int], list[int]] = {}
    for i in members:
        b = boxes[i]
        assert b is not None
        cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        key = (min(cols - 1, int((cx - cbox[0]) / w * cols)), min(rows - 1, int((cy - cbox[1]) / h * rows)))
        parts.setdefault(key, []).append(i)
    out = []
    for part in parts.values():
        box = boxes[part[0]]
        assert box is not None
        for i in part[1:]:
            box = _union(box, boxes[i])  # type: ignore[arg-type]
        out.append((box, part))
    return out


def _overlay(
    board: BoardView,
    boxes: Sequence[Box | None],
    drawn: list[BoardShape],
    box: Box,
    members: list[int],
    zoom_url: Callable[[Box | None], str],
    linked: list[int],
) -> Overlay:
    """The link over an area. An area holding one candidate (its one crowded target, and no linked
    target it lies in) plays or picks it at once; else it shows the area enlarged."""
    union = box
    for i in members:
        union = _union(union, boxes[i])  # type: ignore[arg-type]
    padded = _padded(union, board)
    under = [j for j in linked if j not in members and boxes[j] == box]  # the container, when it is a link itself
    if len(members) == 1 and not under:
        only = drawn[members[0]]
        assert only.href is not None
        return Overlay(padded, only.href, only.label, only.shape.target, only.state)
    names = [drawn[i].label for i in members if drawn[i].label]
    label = _("Enlarge to tap: %(what)s") % {"what": ", ".join(dict.fromkeys(names))}
    return Overlay(padded, zoom_url(padded), label)


def _askable(drawn: list[BoardShape], boxes: Sequence[Box | None], least: float) -> list[BoardShape]:
    """A target that is no link may be asked about ("why not?") only where it is drawn at least a
    thumb wide and high; a smaller one (a wizard on a tower, a companion in the camp) is asked about
    through the larger target it stands on, or in its enlarged area."""
    out = []
    for b, box in zip(drawn, boxes, strict=True):
        if b.shape.target and not b.href and (box is None or side(box) < least - EPSILON):
            b = replace(b, askable=False)
        out.append(b)
    return out


def _shown(shapes: Sequence[Any], boxes: Sequence[Box | None], area: Box) -> list[int]:
    """The shapes drawn in an enlarged area: those that reach into it (a group with its closing)."""
    out: list[int] = []
    opened: list[bool] = []
    for i, (s, b) in enumerate(zip(shapes, boxes, strict=True)):
        if s.kind == "g-start":
            keep = b is None or _intersects(b, area)
            opened.append(keep)
        elif s.kind == "g-end":
            keep = opened.pop() if opened else True
        else:
            keep = (b is None or _intersects(b, area)) and (not opened or opened[-1])
        if keep:
            out.append(i)
    return out


def _close_groups(drawn: list[BoardShape]) -> list[BoardShape]:
    out: list[BoardShape] = []
    stack: list[bool] = []
    for b in drawn:
        if b.shape.kind == "g-start":
            stack.append(b.wrap == "open")
        elif b.shape.kind == "g-end":
            linked = stack.pop() if stack else False
            b = BoardShape(b.shape, None, "", "", "close" if linked else "")
        out.append(b)
    return out
