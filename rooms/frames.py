"""Reading what a browser sends over a room's socket, through the project's one input reader.

A frame is JSON text of at most ``MAX_FRAME_CHARS`` characters, nested at most
``MAX_FRAME_DEPTH`` deep, with integers of at most 30 digits and finite floats
(``rules.core.inputs.parse_json`` checks them before Python's decoder can fail): an object with a
known ``type`` and the fields that type needs, as :data:`GRAMMAR` declares them. Every number,
string, list and object of a frame is read against its declaration by ``rules.core.inputs``
(``json_int`` with its bounds, ``json_text`` with its length, ...), so a number out of range
(``2**63`` as a seat, ``1e400``), a string too long or a list too long is a
:class:`~rooms.services.RoomError` with the field's code (``bad-message``, ``bad-pick``,
``bad-action``, ``bad-version``) and a sentence in the socket's language, never an exception of
its own; the socket stays open and nothing changes. Fields a type does not declare are ignored,
and only declared fields are passed on (a signal relays nothing it has not read).

=========== ======================================================================
``pong``    the answer to the server's ``ping`` (the heartbeat)
``refresh`` send the room again
``pick``    ``"pick"``: a list of at most ``MAX_PICK`` target ids (text); optionally ``"zoom"`` (an
            enlarged area) and ``"why"`` (a target asked about), short texts
``move``    ``"action"``: text; ``"version"``: the board version it was made on
``voice``   ``"on"``: true or false
``signal``  ``"to"``: a seat id; ``"data"``: a WebRTC offer or answer (``{"sdp": {"type", "sdp"}}``)
            or ICE candidate (``{"candidate": {"candidate", "sdpMid", "sdpMLineIndex",
            "usernameFragment"}}``)
=========== ======================================================================

The tests' socket fuzzer (``tests/rooms/test_socket_fuzz.py``) builds its frames from
:data:`GRAMMAR`: values inside and just outside every bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.core.inputs import (
    MAX_ID,
    InputError,
    json_bool,
    json_int,
    json_list,
    json_object,
    json_text,
    parse_json,
)
from rules.core.problems import Code

from .services import MAX_ACTION_CHARS, RoomError

MAX_FRAME_CHARS = 16_000  # a WebRTC offer with its candidates is a few kilobytes
MAX_FRAME_DEPTH = 6  # {"data": {"sdp": {...}}} is three
MAX_PICK = 12
MAX_TARGET_CHARS = 60
MAX_VERSION = 2**31 - 1  # Room.version is a PositiveIntegerField
MAX_SDP_CHARS = 12_000
RENDERING = frozenset({"refresh", "pick", "move"})  # each costs at least one render of the board

BAD_PICK = gettext_lazy("A pick is a short list of target ids.")
BAD_SIGNAL = gettext_lazy("A signal names a seat (“to”) and carries an object (“data”).")


@dataclass(frozen=True)
class Field:
    """One value of a frame: its kind and bounds, and the refusal when it is out of them.

    ``kind``: ``int`` (``lo``..``hi``), ``text`` (``lo``..``hi`` characters, or one of
    ``choices``), ``bool``, ``list`` (at most ``hi`` ``item``\\ s) or ``object`` (its ``fields``;
    ``one_of``: exactly one of them)."""

    kind: str
    lo: int = 0
    hi: int = 0
    item: Field | None = None
    fields: Mapping[str, Field] = field(default_factory=dict)
    optional: bool = False
    nullable: bool = False
    choices: tuple[str, ...] = ()
    one_of: bool = False
    code: Code = Code.BAD_MESSAGE
    message: str | Promise = gettext_lazy("A message is a JSON object with a known “type”.")


def _signal_part(**fields: Field) -> Field:
    return Field("object", fields=fields, optional=True, message=BAD_SIGNAL)


_SIGNAL_DATA = Field(
    "object",
    one_of=True,
    message=BAD_SIGNAL,
    fields={
        "sdp": _signal_part(
            type=Field("text", choices=("offer", "answer"), message=BAD_SIGNAL),
            sdp=Field("text", hi=MAX_SDP_CHARS, message=BAD_SIGNAL),
        ),
        "candidate": _signal_part(
            candidate=Field("text", hi=1000, message=BAD_SIGNAL),
            sdpMid=Field("text", hi=64, optional=True, nullable=True, message=BAD_SIGNAL),
            sdpMLineIndex=Field("int", hi=1023, optional=True, nullable=True, message=BAD_SIGNAL),
            usernameFragment=Field("text", hi=256, optional=True, nullable=True, message=BAD_SIGNAL),
        ),
    },
)

# What each type of message carries (besides "type").
GRAMMAR: dict[str, dict[str, Field]] = {
    "pong": {},
    "refresh": {},
    "pick": {
        "pick": Field(
            "list", hi=MAX_PICK, item=Field("text", hi=MAX_TARGET_CHARS, code=Code.BAD_PICK, message=BAD_PICK),
            code=Code.BAD_PICK, message=BAD_PICK,
        ),
        # What the board shows besides: an enlarged area ("zoom") and a "why not?" of a target.
        "zoom": Field("text", hi=MAX_TARGET_CHARS * 2, optional=True, code=Code.BAD_PICK, message=BAD_PICK),
        "why": Field("text", hi=MAX_TARGET_CHARS * 2, optional=True, code=Code.BAD_PICK, message=BAD_PICK),
    },
    "move": {
        "action": Field(
            "text", lo=1, hi=MAX_ACTION_CHARS, code=Code.BAD_ACTION, message=gettext_lazy("A move is a short text.")
        ),
        "version": Field(
            "int", hi=MAX_VERSION, code=Code.BAD_VERSION,
            message=gettext_lazy("A move names the version of the board it was made on."),
        ),
    },
    "voice": {"on": Field("bool", message=gettext_lazy("“on” is true or false."))},
    "signal": {"to": Field("int", lo=1, hi=MAX_ID, message=BAD_SIGNAL), "data": _SIGNAL_DATA},
}  # fmt: skip
TYPES = tuple(GRAMMAR)


@dataclass(frozen=True)
class Message:
    type: str
    fields: dict[str, Any]

    @property
    def renders(self) -> bool:
        return self.type in RENDERING


def bad(message: str) -> RoomError:
    return RoomError(Code.BAD_MESSAGE, message)


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
    if not isinstance(kind, str) or kind not in GRAMMAR:
        raise bad(_("A message is a JSON object with a known “type”."))
    return Message(kind, read_fields(GRAMMAR[kind], content, kind))


def read_fields(fields: Mapping[str, Field], content: dict[str, Any], where: str) -> dict[str, Any]:
    """The declared fields of an object, each read against its declaration (absent optional
    fields are left out)."""
    out: dict[str, Any] = {}
    for name, declared in fields.items():
        if name not in content:
            if declared.optional:
                continue
            raise RoomError(declared.code, str(declared.message))
        out[name] = read_value(declared, content[name], f"{where}.{name}")
    return out


def read_value(declared: Field, value: object, where: str) -> Any:
    """``value`` read as ``declared`` says; RoomError with the field's code and sentence."""
    if value is None and declared.nullable:
        return None
    try:
        return _read(declared, value, where)
    except InputError:
        raise RoomError(declared.code, str(declared.message)) from None


def _read(declared: Field, value: object, where: str) -> Any:
    if declared.kind == "int":
        return json_int(value, where, declared.lo, declared.hi)
    if declared.kind == "bool":
        return json_bool(value, where)
    if declared.kind == "text":
        if declared.choices:
            if value not in declared.choices:
                raise InputError(where, "is not one of the choices", "range")
            return value
        return json_text(value, where, declared.hi, declared.lo)
    if declared.kind == "list":
        assert declared.item is not None
        return [read_value(declared.item, v, f"{where}[]") for v in json_list(value, where, declared.hi)]
    content = json_object(value, where)
    if declared.one_of and sum(1 for name in declared.fields if name in content) != 1:
        raise InputError(where, "must have exactly one of its fields", "format")
    return read_fields(declared.fields, content, where)
