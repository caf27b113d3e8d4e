"""From a simulator URL's query string to a timeline and a step, and back.

Every state has a URL: ``?scenario=<id>&step=N`` for a scenario, ``?log=<token>&step=N`` for a
setup, a pasted position or a branch ("what if?"). Anything malformed raises a
:class:`~rules.core.problems.Problem` (``BadAddress`` is its old name here) naming the field, which
the page or the API shows (status 400).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from rules.core.codec import Log
from rules.core.engine import Engine
from rules.core.inputs import InputError, parse_int, parse_json
from rules.core.problems import Code, Problem
from rules.core.scenarios import Frame, ScenarioError
from rules.core.setup import validate_setup
from rules.core.timeline import Timeline, from_log

from .timelines import log_timeline, scenario_timeline

MAX_POSITION_CHARS = 20_000


# A query string that does not address a state: ``field`` and ``reason`` say why (400);
# ``message`` is the reason in the reader's language where the site has one.
BadAddress = Problem


@dataclass
class Address:
    timeline: Timeline
    step: int

    @property
    def frame(self) -> Frame:
        return self.timeline.frames[self.step]

    def query(self, step: int | None = None) -> str:
        """The query string of this timeline at ``step`` (default: the current step)."""
        return query_for(self.timeline, self.step if step is None else step)


def query_for(timeline: Timeline, step: int) -> str:
    base = timeline.memo.get("query")  # a page links many steps of one timeline: quote its log once
    if base is None:
        if timeline.scenario is not None and timeline.is_plain_scenario:
            base = urlencode({"scenario": timeline.scenario.id})
        else:
            base = urlencode({"log": timeline.token})
        timeline.memo["query"] = base
    return f"{base}&step={step}"


def parse_step(raw: str | None, last: int, default: int) -> int:
    if raw is None or raw == "":
        return default
    step = parse_int(raw, "step", lo=0)
    if step > last:
        raise Problem("step", f"this timeline has steps 0 to {last}")
    return step


def resolve(engine: Engine[Any], params: Mapping[str, str]) -> Address:
    """The timeline and step a query string addresses (no new-game or paste handling here)."""
    if params.get("scenario"):
        scenario_id = params["scenario"]
        try:
            timeline = scenario_timeline(engine, scenario_id)
        except ScenarioError:
            raise Problem("scenario", f"unknown or broken scenario '{scenario_id[:80]}'", code=Code.UNKNOWN_SCENARIO) from None
        return Address(timeline, parse_step(params.get("step"), timeline.last, 0))
    if params.get("log"):
        try:
            timeline = log_timeline(engine, params["log"])
        except Problem as exc:
            raise exc.under("log") from None
        return Address(timeline, parse_step(params.get("step"), timeline.last, timeline.last))
    raise Problem("scenario", "give a scenario, a log, or start a new game", code=Code.BAD_REQUEST)


def new_game_log(engine: Engine[Any], params: Mapping[str, str], bot_names: tuple[str, ...] = ()) -> Log:
    """A fresh game from the 'new game' form: the engine's options (one validator for form, API and
    URL decoder), for a game with chance the seed of the driver's draws, and who plays each seat
    (``seat1``..``seatN``: "person" or a computer player's name, by seating order)."""
    raw = {o.name: params[o.name] for o in engine.setup_options() if o.name in params}
    setup = validate_setup(engine, raw, from_strings=True)
    text = params.get("seed", "")
    seed = parse_int(text, "seed") if engine.info.chance and text else None
    seats = engine.seats(engine.initial_state(setup))
    bots: dict[str, str] = {}
    for i, seat in enumerate(seats, start=1):
        who = params.get(f"seat{i}", "person") or "person"
        if who == "person":
            continue
        if who not in bot_names:
            raise Problem(f"seat{i}", f"'{who[:40]}' is not a computer player of this game")
        bots[seat] = who
    log = Log(setup=setup, seed=seed, bots=bots or None)
    from_log(engine, log)
    return log


def pasted_position_log(engine: Engine[Any], raw: str) -> Log:
    if len(raw) > MAX_POSITION_CHARS:
        raise Problem(
            "position",
            f"a position is at most {MAX_POSITION_CHARS} characters",
            message=_("A position is at most %(n)s characters.") % {"n": MAX_POSITION_CHARS},
        )
    try:
        position = parse_json(raw, "position")
    except InputError as exc:  # the reader's sentence for it
        exc.message = _json_refusal(exc)
        raise
    if not isinstance(position, dict):
        raise Problem("position", "a position is a JSON object", message=_("A position is a JSON object { … }."))
    log = Log(position=position)
    from_log(engine, log)
    return log


def _json_refusal(exc: InputError) -> str:
    """Why pasted JSON is refused, in the reader's language."""
    if exc.kind == "depth":
        return _("This JSON is nested too deeply for a position.")
    if exc.kind == "number":
        return _("This JSON holds a number that is far too large for a position.")
    if exc.line:
        return _("This is not valid JSON: line %(line)s, column %(column)s.") % {"line": exc.line, "column": exc.column}
    return _("This is not valid JSON.")
