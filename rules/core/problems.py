"""One problem type for everything refused: bad input, a broken position, an illegal action (no Django).

A :class:`Problem` is raised where the problem is found and rendered once by whoever answers (the
API's ``@endpoint`` as JSON, the simulator's pages as a notice, a room's socket as a message). It
carries

- ``code``: a stable word for programs, one of :data:`CODES` (rooms add their own, see
  ``rooms.services``);
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
from typing import Any

# The stable codes of the rules API and the simulator's pages (documented in docs/API.md and the
# OpenAPI description): code -> what it means.
CODES: dict[str, str] = {
    "bad-json": "The body or a JSON parameter is not plain JSON within the limits (syntax, nesting, numbers).",
    "bad-value": "A field or parameter has a value that is not allowed (type, range, format).",
    "unknown-field": "The request has a field the endpoint does not know.",
    "bad-request": "The request is not a valid request (e.g. no start, or two).",
    "bad-log": "A log string or log object that cannot be read.",
    "bad-position": "A position or setup that the game's position reader refuses (field: the path in it).",
    "unknown-scenario": "No worked example of that name.",
    "not-an-action": "A string that is no action of this game at all (its grammar does not know the word).",
    "illegal-action": "A well-formed action that the rules forbid here (with the clause that forbids it).",
    "nothing-to-draw": "'@draw' where chance does not act.",
    "bad-pick": "A pick, zoom or 'why' of a simulator address that the board does not offer.",
    "edit-refused": "An edit of the position editor that its rules or the position reader refuse.",
    "unknown-language": "A ?lang= that is not one of the site's languages.",
    "unknown-game": "No game of that name.",
    "no-engine": "The game has no rules engine yet.",
    "not-found": "No API endpoint at this address.",
    "method-not-allowed": "The method is not allowed at this address (see the Allow header).",
    "too-large": "The request body is larger than the limit.",
    "rate-limited": "Too many requests from this address in the current window (see the Retry-After header).",
    "forbidden": "The request is forbidden (e.g. it failed the CSRF check because it sent cookies).",
    "server-error": "An error on the server.",
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

    code: str = "bad-value"
    status: int = 400

    def __init__(
        self,
        field: str = "",
        reason: str = "",
        clause: str | None = None,
        message: str = "",
        *,
        code: str | None = None,
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
