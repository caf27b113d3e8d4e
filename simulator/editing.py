"""The position editor on the simulator page: ``?edit=<position token>&tool=<id>[&at=<target>]``.

Every edited position is a URL (the position travels in the same versioned token as a log). A tap
(``at``) applies the tool through :func:`rules.core.editor.apply_edit`, which lets the engine
judge the result; the page then shows the new position under its own URL. A refused tap keeps the
position and shows the reason next to the board.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from rules.core import codec
from rules.core.codec import CodecError, Log
from rules.core.editor import EditError, PaletteItem, apply_edit, apply_fields, judged
from rules.core.problems import Code, Problem
from rules.core.registry import GameSpec
from rules.core.view import Box

from .addressing import FIELD_PREFIX, EditQuery, edit_query, log_query, parse_zoom
from .scene import Links, Scene, draw_board


@dataclass
class EditRequest:
    position: dict[str, Any]
    tool: str
    error: EditError | None = None
    changed: bool = False  # the request changed the position: the page moves to its new URL
    # The fields as sent: a refused set keeps them in the form (the fields apply as each changes, so
    # two that go together, a phase and the tile drawn, are refused until the second is chosen).
    submitted: dict[str, str] = field(default_factory=dict)


def decode_position(token: str) -> dict[str, Any]:
    try:
        log = codec.decode(token)
    except CodecError as exc:
        raise exc.under("edit") from None
    if log.position is None or log.actions:
        raise Problem("edit", "an edit address holds one position and no actions", code=Code.BAD_LOG)
    return log.position


def edit_token(position: Mapping[str, Any]) -> str:
    return codec.encode(Log(position=dict(position)))


def handle(spec: GameSpec, asked: EditQuery, lang: str) -> EditRequest:
    """Read an edit address; apply its tap (``at``) or its fields (``set``)."""
    assert spec.editor is not None
    engine, editor = spec.engine, spec.editor
    raw = decode_position(asked.edit)
    try:
        position = judged(engine, raw)
    except EditError as exc:  # the token's own position is refused: the address is bad (400)
        raise exc.under("edit") from None
    tool = asked.tool
    if not tool:  # the palette's first tool
        palette = editor.palette(engine, position, tool, lang)
        tool = palette[0].id if palette else ""
    request = EditRequest(position, tool)
    try:
        if asked.at:
            result = apply_edit(engine, editor, position, asked.at, tool, lang)
            request.position, request.changed = result.position, True
            if result.tool is not None:
                request.tool = result.tool
        elif asked.set:
            values = dict(asked.fields)
            request.submitted = values
            request.position, request.changed = apply_fields(engine, editor, position, values, lang), True
    except EditError as exc:
        request.error = exc
    return request


def edit_url(sim_url: str, position: Mapping[str, Any], tool: str = "") -> str:
    return f"{sim_url}?{edit_query(edit_token(position), tool)}"


class EditorLinks(Links):
    """The position editor: tapping a target applies the current tool there; every answer replaces
    ``#editor`` and changes the address."""

    hx_target = "editor"
    push = True
    board_links = True

    def __init__(self, sim_url: str, position: Mapping[str, Any], tool: str):
        self.sim_url, self.tool = sim_url, tool
        self.token = edit_token(position)

    def edit(self, target: str) -> str:
        return f"{self.sim_url}?{edit_query(self.token, self.tool, at=target)}"

    def pick(self, pick: Sequence[str], zoom: Box | None = None) -> str:
        return f"{self.sim_url}?{edit_query(self.token, self.tool, zoom=zoom)}"


def held_target(spec: GameSpec, position: Mapping[str, Any], tool: str) -> str:
    """The board target of the piece the editor holds (a "move" picked it up), if any."""
    assert spec.editor is not None
    return spec.editor.held(spec.engine, position, tool) or ""


def edit_context(
    game: Any, spec: GameSpec, request: EditRequest, sim_url: str, lang: str, zoom: str | None = None
) -> dict[str, Any]:
    assert spec.editor is not None
    engine, editor, view = spec.engine, spec.editor, spec.view
    position, tool = request.position, request.tool
    state = engine.state_from_position(position)
    board = view.board_view(engine, state, lang=lang)
    links = EditorLinks(sim_url, position, tool)
    held = held_target(spec, position, tool)

    def decide(sh: Any) -> tuple[str | None, str, str]:
        if not sh.target:
            return None, "", ""
        return links.edit(sh.target), sh.title or sh.target, "edit-target" + (" tap-chosen" if sh.target == held else "")

    drawn = draw_board(board, decide, links, lang, zoom=parse_zoom(zoom, board), zoom_url=lambda area: links.pick((), area))
    off_board = [
        {"label": label, "url": links.edit(target), "target": target, "held": target == held}
        for target, label in editor.off_board(engine, position, lang)
    ]
    palette = editor.palette(engine, position, tool, lang)
    current = next((item for item in palette if item.id == tool), None)
    error = request.error
    play_log = Log(position=position)
    blank = editor.blank(engine, position)
    scene = Scene(lang=lang, engine=engine, state=state, board=board, drawn=drawn, links=links)
    return {
        "game": game,
        "scene": scene,
        "stylesheet": spec.stylesheet_path,
        "off_board": off_board,
        "palette_groups": palette_groups(palette, sim_url, position, tool),
        "tool": tool,
        "current_tool": current,
        "holding": bool(held) or tool.startswith("drop:"),
        "fields": [shown_field(f, request.submitted if error is not None else {}) for f in editor.fields(engine, position, lang)],
        "field_prefix": FIELD_PREFIX,
        "token": links.token,
        "error": error,
        "error_text": refusal_text(error),
        "error_from_engine": bool(error and error.engine),
        "urls": {
            "self": edit_url(sim_url, position, tool),
            "play": f"{sim_url}?{log_query(codec.encode(play_log), 0)}",
            "blank": edit_url(sim_url, blank, tool),
            "sim": sim_url,
        },
        "position_json": position_json(position),
        "status": board.status,
    }


def palette_groups(palette: Sequence[PaletteItem], sim_url: str, position: Mapping[str, Any], tool: str) -> list[dict[str, Any]]:
    """The palette's tools under their headings, each with its address."""
    groups: list[dict[str, Any]] = []
    for item in palette:
        entry = {"item": item, "url": edit_url(sim_url, position, item.id), "current": item.id == tool}
        if not groups or groups[-1]["heading"] != item.group:
            groups.append({"heading": item.group, "items": []})
        groups[-1]["items"].append(entry)
    return groups


def refusal_text(error: EditError | None) -> str:
    """A refused edit in the reader's language (the engine's reason is its own English sentence)."""
    if error is None or not error.engine:
        return error.reason if error is not None else ""
    return _("The rules engine refuses this position (%(field)s): %(reason)s") % {
        "field": error.field,
        "reason": error.reason,
    }


def shown_field(edit_field: Any, sent: Mapping[str, str]) -> dict[str, Any]:
    """A field of the editor as the page shows it: a few short choices as a row of buttons, one tap
    each (a count of flasks, yes or no, the phase), more or longer ones as a list (two taps: open,
    choose; reviews-ux N5). ``sent``: the values of a refused set, shown again where they are choices."""
    labels = [label for _value, label in edit_field.choices]
    longest = max((len(label) for label in labels), default=0)
    buttons = (len(labels) <= 8 and longest <= 12) or (len(labels) <= 5 and longest <= 48)
    value = sent.get(edit_field.name, edit_field.value)
    if value not in {v for v, _label in edit_field.choices}:
        value = edit_field.value
    return {"name": edit_field.name, "label": edit_field.label, "choices": edit_field.choices, "value": value,
            "buttons": buttons}


def position_json(position: Mapping[str, Any]) -> str:
    """A position as the pages show it: real JSON, indented, that pastes back as it is."""
    return json.dumps(position, ensure_ascii=False, indent=2)
