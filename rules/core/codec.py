"""Compact, versioned URL encoding of a game log: where it starts and which actions follow.

A *log* starts from a setup (``{"players": 3}``), a hand-written position, or a scenario id,
and lists actions; ``seed`` (a driver option, never the engine's) fixes the chance outcomes drawn
with "draw from the seed". It is encoded as ``1.<base64url(zlib(json))>``; the leading ``1`` is the
format version. Decoding validates everything and raises :class:`CodecError` naming the
problem: a tampered or truncated string never produces a half-decoded log. (zlib's checksum
catches corruption; whether the *actions* are legal is for the engine to decide on replay.)
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from .inputs import InputError, parse_json
from .problems import Code, Problem

VERSION = "1"
MAX_TOKEN_CHARS = 12_000
MAX_JSON_BYTES = 200_000
MAX_ACTIONS = 5_000
MAX_ACTION_CHARS = 200


class CodecError(Problem, ValueError):
    """A log that cannot be decoded (code ``bad-log``); ``reason`` says why. ``field``: the log's
    part at fault (``seed``), else empty: the caller puts the log's own name in front (``under``)."""

    code = Code.BAD_LOG

    def __init__(self, reason: str, field: str = ""):
        super().__init__(field, reason)


@dataclass(frozen=True)
class Log:
    """Where a game starts and the actions after it."""

    setup: dict[str, Any] | None = None
    position: dict[str, Any] | None = None
    scenario: str | None = None
    actions: tuple[str, ...] = field(default_factory=tuple)
    seed: int | None = None
    # Seats played by the computer: seat -> bot name (GameSpec.bots); the other seats are people.
    bots: dict[str, str] | None = None

    def __post_init__(self) -> None:
        starts = sum(x is not None for x in (self.setup, self.position, self.scenario))
        if starts != 1:
            raise CodecError("a log starts from exactly one of: setup, position, scenario")

    def extended(self, *actions: str) -> Log:
        return Log(self.setup, self.position, self.scenario, tuple(self.actions) + tuple(actions), self.seed, self.bots)

    def truncated(self, n: int) -> Log:
        return Log(self.setup, self.position, self.scenario, tuple(self.actions[:n]), self.seed, self.bots)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.setup is not None:
            out["setup"] = self.setup
        if self.position is not None:
            out["position"] = self.position
        if self.scenario is not None:
            out["scenario"] = self.scenario
        out["actions"] = list(self.actions)
        if self.seed is not None:
            out["seed"] = self.seed
        if self.bots:
            out["bots"] = dict(self.bots)
        return out


def encode(log: Log) -> str:
    payload = json.dumps(log.as_json(), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    packed = zlib.compress(payload.encode("utf-8"), 9)
    return VERSION + "." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(token: str) -> Log:
    if not isinstance(token, str) or not token:
        raise CodecError("the log is empty")
    if len(token) > MAX_TOKEN_CHARS:
        raise CodecError(f"the log is longer than {MAX_TOKEN_CHARS} characters")
    version, dot, body = token.partition(".")
    if not dot:
        raise CodecError("the log has no version prefix (expected '1.')")
    if version != VERSION:
        raise CodecError(f"unknown log format version '{version[:10]}' (this site reads version {VERSION})")
    if not body or any(c not in _B64_ALPHABET for c in body):
        raise CodecError("the log contains characters that are not base64url")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodecError("the log is not valid base64url (truncated?)") from None
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_JSON_BYTES)
        if inflater.unconsumed_tail:
            raise CodecError("the log unpacks to more than the allowed size")
        if not inflater.eof:
            raise CodecError("the log is truncated")
    except zlib.error:
        raise CodecError("the log is damaged (checksum or compression error)") from None
    try:
        data = parse_json(raw, "log")
    except InputError as exc:
        reason = "the log does not contain valid JSON" if exc.kind == "syntax" else f"the log's JSON is refused: {exc.reason}"
        raise CodecError(reason) from None
    return log_from_json(data)


def log_from_json(data: Any) -> Log:
    """Validate the JSON form of a log (also used by the API)."""
    if not isinstance(data, dict):
        raise CodecError("a log must be a JSON object")
    unknown = set(data) - {"setup", "position", "scenario", "actions", "seed", "bots"}
    if unknown:
        raise CodecError(f"unknown field '{sorted(unknown)[0]}' in the log")
    setup, position, scenario = data.get("setup"), data.get("position"), data.get("scenario")
    if setup is not None and not isinstance(setup, dict):
        raise CodecError("'setup' must be an object")
    if position is not None and not isinstance(position, dict):
        raise CodecError("'position' must be an object")
    if scenario is not None and (not isinstance(scenario, str) or not scenario or len(scenario) > 100):
        raise CodecError("'scenario' must be a scenario id")
    actions = _actions(data.get("actions", []))
    seed = data.get("seed")
    if setup is not None and "seed" in setup:  # logs before the seed became a driver option
        setup = {k: v for k, v in setup.items() if k != "seed"}
        seed = data["setup"]["seed"] if seed is None else seed
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not -(2**63) <= seed < 2**63):
        raise CodecError("'seed' must be an integer", "seed")
    bots = data.get("bots")
    if bots is not None:
        _check_bots(bots)
    return Log(setup=setup, position=position, scenario=scenario, actions=tuple(actions), seed=seed, bots=bots or None)


MAX_BOT_SEATS = 12


def _actions(actions: object) -> list[str]:
    """A log's actions: a list of at most MAX_ACTIONS non-empty strings, none too long."""
    if not isinstance(actions, list):
        raise CodecError("'actions' must be a list of strings")
    if len(actions) > MAX_ACTIONS:
        raise CodecError(f"a log holds at most {MAX_ACTIONS} actions")
    for i, action in enumerate(actions):
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION_CHARS:
            raise CodecError(f"actions[{i}] must be a non-empty string of at most {MAX_ACTION_CHARS} characters")
    return actions


def _check_bots(bots: object) -> None:
    """A log's computer players: seat name -> computer player name, for at most MAX_BOT_SEATS seats."""
    if not isinstance(bots, dict) or len(bots) > MAX_BOT_SEATS:
        raise CodecError(f"'bots' must be an object of at most {MAX_BOT_SEATS} seats")
    for seat, name in bots.items():
        if not _is_name(seat) or not isinstance(name, str) or not _is_name(name):
            raise CodecError("'bots' maps seat names to computer player names")


def _is_name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40 and all(c.isascii() and (c.isalnum() or c in "-_") for c in value)


_B64_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
