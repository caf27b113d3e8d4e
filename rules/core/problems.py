"""One problem type for everything refused: bad input, a broken position, an illegal action (no Django).

A :class:`Problem` is raised where the problem is found and rendered once by whoever answers (the
API's ``@endpoint`` as JSON, the simulator's pages as a notice, a room's socket as a message). It
carries

- ``code``: a stable word for programs, a :class:`Code` (one vocabulary for the API, the pages and
  the rooms; :data:`MEANINGS` says what each means, docs/API.md lists them);
- ``field``: a dotted path into the input (``log.actions[3]``, ``position.figures.red1.at.0``);
  a layer that knows where its input came from puts its prefix in front with :meth:`Problem.under`
  instead of wrapping the problem in another one;
- ``key`` and ``data``: the message. For a rule's refusal (:class:`~rules.core.engine.RuleError`) the
  key is a message of the game's catalogues (``engine.reason(error, lang)``); for every other problem
  it is an English template with ``%(name)s`` placeholders (a gettext msgid: the web layer renders it
  in the reader's language where the site's catalogues have it); ``reason`` is the English sentence;
- ``clause``: the rulebook clause when a rule refused;
- ``status``: the HTTP status an answer gives it (400 unless said otherwise).

The old names (``PositionError``, ``CodecError``, ``InputError``, ``PickError``, ``EditError``,
``RuleError``, ``ReplayError``, rooms' ``RoomError``) are kinds of it with their own constructors;
``TimelineError`` and ``BadAddress``, which only re-wrapped the others, are names of Problem itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Code(StrEnum):
    """Every stable code of a refusal: the rules API, the simulator's pages and the rooms (their pages
    and their socket) speak this one vocabulary. A ``StrEnum``: the JSON carries the string, and mypy
    rejects a code that is not declared here. :data:`MEANINGS` says what each one means."""

    BAD_JSON = "bad-json"
    BAD_VALUE = "bad-value"
    UNKNOWN_FIELD = "unknown-field"
    BAD_REQUEST = "bad-request"
    BAD_LOG = "bad-log"
    BAD_POSITION = "bad-position"
    UNKNOWN_SCENARIO = "unknown-scenario"
    NOT_AN_ACTION = "not-an-action"
    ILLEGAL_ACTION = "illegal-action"
    NOTHING_TO_DRAW = "nothing-to-draw"
    BAD_PICK = "bad-pick"
    EDIT_REFUSED = "edit-refused"
    UNKNOWN_LANGUAGE = "unknown-language"
    UNKNOWN_GAME = "unknown-game"
    NO_ENGINE = "no-engine"
    NOT_FOUND = "not-found"
    METHOD_NOT_ALLOWED = "method-not-allowed"
    TOO_LARGE = "too-large"
    RATE_LIMITED = "rate-limited"
    FORBIDDEN = "forbidden"
    SERVER_ERROR = "server-error"
    # The rooms' own refusals (rooms.services, rooms.standins, rooms.frames, the room socket).
    BAD_MESSAGE = "bad-message"
    BAD_ACTION = "bad-action"
    BAD_VERSION = "bad-version"
    NO_ROOM = "no-room"
    NO_SEAT = "no-seat"
    NO_BOT = "no-bot"
    NO_PEER = "no-peer"
    NOT_HOST = "not-host"
    NOT_PLAYING = "not-playing"
    NOT_OVER = "not-over"
    NOT_YOUR_TURN = "not-your-turn"
    NOT_PLAYABLE = "not-playable"
    NOT_AWAY = "not-away"
    TOO_SOON = "too-soon"
    STARTED = "started"
    FULL = "full"
    SEATED = "seated"
    SEATS = "seats"
    FEW_PEOPLE = "few-people"
    FEW_SEATS = "few-seats"
    TOO_MANY_ROOMS = "too-many-rooms"
    BUSY = "busy"
    BUSY_ADDRESS = "busy-address"
    STALE = "stale"
    CONFLICT = "conflict"
    SLOW_DOWN = "slow-down"
    SEAT_GONE = "seat-gone"


@dataclass(frozen=True)
class Meaning:
    """What a code means: the HTTP status(es) it is answered with, where it is used (``api``: the
    rules API and the simulator's pages; ``rooms``: the room pages and the room socket, whose
    messages are ``{"type": "refused", ...}``), the sentence, and the ``data`` fields it carries."""

    status: str
    where: str
    text: str
    data: str = ""


API, ROOMS, BOTH = "api", "rooms", "api, rooms"

MEANINGS: dict[Code, Meaning] = {
    Code.BAD_JSON: Meaning("400", API, "The body or a JSON parameter is not plain JSON within the limits (syntax, nesting, numbers)."),
    Code.BAD_VALUE: Meaning("400", API, "A field or parameter has a value that is not allowed (type, range, format).", "max"),
    Code.UNKNOWN_FIELD: Meaning("400", API, "The request has a field the endpoint does not know."),
    Code.BAD_REQUEST: Meaning("400", API, "The request is not a valid request (e.g. no start, or two)."),
    Code.BAD_LOG: Meaning("400", API, "A log string or log object that cannot be read."),
    Code.BAD_POSITION: Meaning("400", API, "A position or setup that the game's position reader refuses (field: the path in it)."),
    Code.UNKNOWN_SCENARIO: Meaning("400/404", API, "No worked example of that name.", "scenario"),
    Code.NOT_AN_ACTION: Meaning("400", BOTH, "A string that is no action of this game at all (its grammar does not know the word)."),
    Code.ILLEGAL_ACTION: Meaning(
        "400/422", BOTH, "A well-formed action that the rules forbid here (with the clause that forbids it).", "action"
    ),
    Code.NOTHING_TO_DRAW: Meaning("400", API, "'@draw' where chance does not act."),
    Code.BAD_PICK: Meaning("400", BOTH, "A pick, zoom or 'why' of a simulator address or room that the board does not offer."),
    Code.EDIT_REFUSED: Meaning("400", API, "An edit of the position editor that its rules or the position reader refuse."),
    Code.UNKNOWN_LANGUAGE: Meaning("400", API, "A ?lang= that is not one of the site's languages.", "lang, known"),
    Code.UNKNOWN_GAME: Meaning("404", API, "No game of that name.", "game"),
    Code.NO_ENGINE: Meaning("404", BOTH, "The game has no rules engine yet.", "game"),
    Code.NOT_FOUND: Meaning("404", API, "No API endpoint at this address.", "path"),
    Code.METHOD_NOT_ALLOWED: Meaning("405", API, "The method is not allowed at this address (see the Allow header).", "method, allow"),
    Code.TOO_LARGE: Meaning("413", API, "The request body is larger than the limit.", "limit"),
    Code.RATE_LIMITED: Meaning(
        "429", API, "Too many requests from this address in the current window (see the Retry-After header).",
        "limit, window, retry",
    ),
    Code.FORBIDDEN: Meaning("403", API, "The request is forbidden (e.g. it failed the CSRF check because it sent cookies)."),
    Code.SERVER_ERROR: Meaning("500", API, "An error on the server."),
    Code.BAD_MESSAGE: Meaning("-", ROOMS, "A socket message that is not a JSON object of a known type with its fields."),
    Code.BAD_ACTION: Meaning("400", ROOMS, "A move that is not a short text."),
    Code.BAD_VERSION: Meaning("400", ROOMS, "A move that does not name the version of the board it was made on."),
    Code.NO_ROOM: Meaning("404", ROOMS, "No room of that number.", "room"),
    Code.NO_SEAT: Meaning("403/404", ROOMS, "The person has no seat in this room, or there is no such seat."),
    Code.NO_BOT: Meaning("400", ROOMS, "The game has no computer player of that name.", "bot"),
    Code.NO_PEER: Meaning("-", ROOMS, "A voice signal to a seat that is not connected to this room.", "seat"),
    Code.NOT_HOST: Meaning("403", ROOMS, "Only the room's host may do this."),
    Code.NOT_PLAYING: Meaning("409", ROOMS, "No game is running in this room."),
    Code.NOT_OVER: Meaning("409", ROOMS, "The game in this room is not over yet."),
    Code.NOT_YOUR_TURN: Meaning("409", ROOMS, "Another seat is to act.", "seat"),
    Code.NOT_PLAYABLE: Meaning(
        "400", ROOMS, "A move link (?play=) that cannot be played now: no game running, not this seat's turn, "
        "or the rules refuse it.", "action",
    ),
    Code.NOT_AWAY: Meaning("409", ROOMS, "The computer can only play the seat of a person who is away.", "seat"),
    Code.TOO_SOON: Meaning("409", ROOMS, "That person has been away for a short while only: try again later.", "seat, retry"),
    Code.STARTED: Meaning("409", ROOMS, "The game in this room has already started."),
    Code.FULL: Meaning("409", ROOMS, "The room is full.", "limit"),
    Code.SEATED: Meaning("409", ROOMS, "The person already has a seat in this room."),
    Code.SEATS: Meaning("400", ROOMS, "The game cannot be played with this many seats.", "seats"),
    Code.FEW_PEOPLE: Meaning("409", ROOMS, "The game starts as soon as two people are in the room.", "min"),
    Code.FEW_SEATS: Meaning("409", ROOMS, "The game needs more players.", "min"),
    Code.TOO_MANY_ROOMS: Meaning("409", ROOMS, "The person already has a seat in as many rooms as allowed.", "limit"),
    Code.BUSY: Meaning("409", ROOMS, "Many people joined at the same moment: try again."),
    Code.BUSY_ADDRESS: Meaning("429", ROOMS, "Too many seats are taken from this network right now.", "limit"),
    Code.STALE: Meaning("409", ROOMS, "The board has changed since the move was made on it: look again.", "version"),
    Code.CONFLICT: Meaning("409", ROOMS, "Another move was made at the same moment; this one was not played."),
    Code.SLOW_DOWN: Meaning("-", ROOMS, "Too many socket messages: wait a moment.", "limit, window"),
    Code.SEAT_GONE: Meaning("200", ROOMS, "A notice: this browser's seat in the room is free again."),
}  # fmt: skip
assert set(MEANINGS) == set(Code), "every code says what it means"

# The codes of the rules API and the simulator's pages (documented in docs/API.md and the OpenAPI
# description): code -> what it means.
CODES: dict[Code, str] = {code: meaning.text for code, meaning in MEANINGS.items() if API in meaning.where}


def plain_data(data: Mapping[str, Any]) -> dict[str, Any]:
    """The values of ``data`` a JSON client can use as they are (text, numbers, true/false, and lists
    of those): the structured ``data`` of an error answer."""
    scalar = (str, int, float, bool, type(None))
    return {
        key: list(value) if isinstance(value, (list, tuple)) else value
        for key, value in data.items()
        if isinstance(value, scalar) or (isinstance(value, (list, tuple)) and all(isinstance(v, scalar) for v in value))
    }


def sub(field: str, key: str | int) -> str:
    """The dotted path of ``key`` below ``field`` (an index ``[3]`` joins without a dot)."""
    if not field:
        return str(key)
    text = str(key)
    return f"{field}{text}" if text.startswith("[") else f"{field}.{text}"


class Problem(Exception):
    """Something refused, with a stable ``code``, the ``field`` at fault and the sentence's key.

    ``Problem(field, reason)`` is the short form: the English ``reason`` is then also the key.
    ``message`` is a sentence already in the reader's language, when the raiser had one."""

    code: Code = Code.BAD_VALUE
    status: int = 400

    def __init__(
        self,
        field: str = "",
        reason: str = "",
        clause: str | None = None,
        message: str = "",
        *,
        code: Code | None = None,
        key: str = "",
        data: Mapping[str, Any] | None = None,
        status: int | None = None,
    ):
        self.field = field
        self.key = key or reason
        self.data: dict[str, Any] = dict(data or {})
        self.reason = reason or _filled(self.key, self.data)
        self.clause = clause
        self.message = message
        if code is not None:
            self.code = code
        if status is not None:
            self.status = status
        super().__init__(self._text())

    def _text(self) -> str:
        return f"{self.field}: {self.reason}" if self.field else self.reason

    def under(self, prefix: str) -> Problem:
        """The same problem, its field seen from one level up (``position`` + ``counter``)."""
        self.field = sub(prefix, self.field) if self.field else prefix
        self.args = (self._text(),)
        return self

    def sentence(self) -> str:
        """The English sentence an answer shows (the ``reason`` of the API's JSON)."""
        return self.reason

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "field": self.field, "reason": self.sentence()}
        if self.clause:
            out["clause"] = self.clause
        data = plain_data(self.data)
        if data:
            out["data"] = data
        return out


def _filled(template: str, data: Mapping[str, Any]) -> str:
    if not data:
        return template
    try:
        return template % data
    except (KeyError, TypeError, ValueError):
        return template


# Names of the layers that used to wrap each other's errors; every one of them is a Problem now.
TimelineError = Problem
