"""Reading what a browser sends over a room's socket, through the project's one input reader.

A frame is JSON text of at most ``MAX_FRAME_CHARS`` characters, nested at most
``MAX_FRAME_DEPTH`` deep, with integers of at most 30 digits (``rules.core.inputs.parse_json``
checks depth and digits before Python's decoder can fail): an object with a known ``type`` and
the fields that type needs. Anything else is a :class:`~rooms.services.RoomError` with code
``bad-message`` (or ``bad-pick``) and a sentence in the socket's language; the socket stays open
and nothing changes. Fields a type does not use are ignored.

=========== ======================================================================
``pong``    the answer to the server's ``ping`` (the heartbeat)
``refresh`` send the room again
``pick``    ``"pick"``: a list of at most ``MAX_PICK`` target ids (text); optionally ``"zoom"`` (an
            enlarged area) and ``"why"`` (a target asked about), short texts
``move``    ``"action"``: text; ``"version"``: the board version it was made on
``voice``   ``"on"``: true or false
``signal``  ``"to"``: a seat id; ``"data"``: an object (WebRTC offer, answer or candidate)
=========== ======================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from rules.core.inputs import InputError, parse_json

from .services import MAX_ACTION_CHARS, RoomError

MAX_FRAME_CHARS = 16_000  # a WebRTC offer with its candidates is a few kilobytes
MAX_FRAME_DEPTH = 6  # {"data": {"sdp": {...}}} is three
MAX_PICK = 12
MAX_TARGET_CHARS = 60
TYPES = ("pong", "refresh", "pick", "move", "voice", "signal")
RENDERING = frozenset({"refresh", "pick", "move"})  # each costs at least one render of the board


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any]

    @property
    def renders(self) -> bool:
        return self.type in RENDERING


def bad(message: str) -> RoomError:
    return RoomError("bad-message", message)


def read(text: str | None, data: bytes | None = None) -> Message:
    """The message in a frame, or :class:`RoomError`."""
    if text is None:
        raise bad(_("A message is JSON text, not binary data."))
    if len(text) > MAX_FRAME_CHARS:
        raise bad(_("A message has at most %(n)s characters.") % {"n": MAX_FRAME_CHARS})
    try:
        content = parse_json(text, "message", max_depth=MAX_FRAME_DEPTH)
    except InputError:
        raise bad(_("A message is a JSON object with a known “type”.")) from None
    kind = content.get("type") if isinstance(content, dict) else None
    if not isinstance(kind, str) or kind not in TYPES:
        raise bad(_("A message is a JSON object with a known “type”."))
    fields: dict[str, Any] = {}
    if kind == "pick":
        pick = content.get("pick")
        if (
            not isinstance(pick, list)
            or len(pick) > MAX_PICK
            or not all(isinstance(p, str) and len(p) <= MAX_TARGET_CHARS for p in pick)
        ):
            raise RoomError("bad-pick", _("A pick is a short list of target ids."))
        fields["pick"] = pick
        # What the board shows besides: an enlarged area ("zoom") and a "why not?" of a target.
        view = {k: content[k] for k in ("zoom", "why") if k in content}
        if not all(isinstance(v, str) and len(v) <= MAX_TARGET_CHARS * 2 for v in view.values()):
            raise RoomError("bad-pick", _("A pick is a short list of target ids."))
        fields["view"] = view
    elif kind == "move":
        action, version = content.get("action"), content.get("version")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
            raise RoomError("bad-action", _("A move is a short text."))
        if not isinstance(version, int) or isinstance(version, bool):
            raise RoomError("bad-version", _("A move names the version of the board it was made on."))
        fields.update(action=action, version=version)
    elif kind == "voice":
        on = content.get("on")
        if not isinstance(on, bool):
            raise bad(_("“on” is true or false."))
        fields["on"] = on
    elif kind == "signal":
        to, data = content.get("to"), content.get("data")
        if not isinstance(to, int) or isinstance(to, bool) or not isinstance(data, dict):
            raise bad(_("A signal names a seat (“to”) and carries an object (“data”)."))
        fields.update(to=to, data=data)
    return Message(kind, fields)
