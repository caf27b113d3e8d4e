"""From a simulator URL's query string to a timeline and a step, and back; and the board's own
parameters (``pick``, ``zoom``, ``why``, ``advice``) of every surface with a board.

Every state has a URL: ``?scenario=<id>&step=N`` for a scenario, ``?log=<token>&step=N`` for a
setup, a pasted position or a branch ("what if?"). Anything malformed raises a
:class:`~rules.core.problems.Problem` (``BadAddress`` is its old name here) naming the field, which
the page or the API shows (status 400).

It is the one home of the address grammar: :data:`PARAMS` declares every query parameter the
simulator page, its editor and a room's page read or write, each with its parser and its writer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django.utils.translation import gettext as _

from rules.core.codec import Log
from rules.core.engine import Engine
from rules.core.inputs import InputError, parse_int, parse_json
from rules.core.problems import Code, Problem
from rules.core.scenarios import Frame, ScenarioError
from rules.core.setup import validate_setup
from rules.core.tapping import TARGET_RE, PickError, format_pick, parse_pick
from rules.core.timeline import Timeline, from_log
from rules.core.view import BoardView, Box

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
    scenario_id, token = read(params, "scenario"), read(params, "log")
    if scenario_id:
        try:
            timeline = scenario_timeline(engine, scenario_id)
        except ScenarioError:
            raise Problem("scenario", f"unknown or broken scenario '{scenario_id[:80]}'", code=Code.UNKNOWN_SCENARIO) from None
        return Address(timeline, parse_step(params.get("step"), timeline.last, 0))
    if token:
        try:
            timeline = log_timeline(engine, token)
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


# --- How a board is looked at: ?pick=, ?zoom=, ?why=, ?advice= ---------------------------------------
# Read and written here for every surface with a board (the simulator page, the editor, a room's page
# and its socket's "pick" message), so a new parameter of the board has one home.


@dataclass(frozen=True)
class Looking:
    """The board's own parameters besides its step: the targets picked so far (``?pick=a/b``), the
    enlarged area (``?zoom=x0,y0,x1,y1``, checked against the board by :func:`parse_zoom` when it is
    drawn) and the target asked "why not?" (``?why=``)."""

    pick: tuple[str, ...] = ()
    zoom: str | None = None
    why: str = ""


def looking(params: Mapping[str, str]) -> Looking:
    """The board parameters of a query (PickError, code ``bad-pick``, for a malformed one)."""
    return Looking(parse_pick(params.get("pick")), params.get("zoom") or None, parse_why(params.get("why")))


def looking_query(pick: Sequence[str] = (), zoom: Box | None = None, why: str | None = None) -> str:
    """The query string of the board parameters (``""`` when there are none); ``why=""`` writes an
    empty ``why=`` (the board's script puts the asked target after it)."""
    query = {}
    if pick:
        query["pick"] = format_pick(pick)
    if zoom is not None:
        query["zoom"] = zoom_param(zoom)
    if why is not None:
        query["why"] = why
    return urlencode(query)


def zoom_param(box: Box) -> str:
    return ",".join(f"{round(v, 2):g}" for v in box)


_ZOOM = re.compile(r"^-?\d{1,4}(\.\d{1,4})?(,-?\d{1,4}(\.\d{1,4})?){3}$")


def parse_zoom(raw: str | None, board: BoardView | None = None) -> Box | None:
    """The enlarged area of ``?zoom=x0,y0,x1,y1`` (board units); PickError for anything else."""
    if not raw:
        return None
    if len(raw) > 60 or not _ZOOM.match(raw):
        raise PickError("zoom is four numbers: the corners x0,y0,x1,y1 of an area of the board", "zoom")
    x0, y0, x1, y1 = (float(v) for v in raw.split(","))
    if not (x1 > x0 and y1 > y0):
        raise PickError("zoom needs x1 > x0 and y1 > y0", "zoom")
    if board is not None:
        bx0, by0 = board.min_x, board.min_y
        bx1, by1 = bx0 + board.width, by0 + board.height
        if x1 <= bx0 or y1 <= by0 or x0 >= bx1 or y0 >= by1:
            raise PickError("zoom is not an area of this board", "zoom")
    return (x0, y0, x1, y1)


def parse_advice(raw: str | None) -> bool:
    """``&advice=1``: answer "what would a good player do?"; a ``bad-value`` problem for any other value."""
    if not raw:
        return False
    if raw != "1":
        raise Problem("advice", "advice is 1 (or absent)")
    return True


def parse_why(raw: str | None) -> str:
    if not raw:
        return ""
    if not TARGET_RE.match(raw):
        raise PickError(f"'{raw[:40]}' is not a target id", "why")
    return raw


# --- The address grammar: every query parameter a page reads or writes ---------------------------
# Each declared parameter is read by a parser here and written by a writer here; the pages, the
# editor and the rooms use these (tests/simulator_web/test_address_grammar.py walks ``PARAMS`` and
# checks that no other module reads or writes them itself). Links already shared in chats keep
# working: the writers write what the pages wrote before.

THEN = ("", "edit", "blank")  # after ``new``: play, edit the start position, edit a blank board


@dataclass(frozen=True)
class Param:
    """One query parameter: its name, what it means, a reader (``None`` or ``""`` when absent; a
    ``bad-value`` Problem naming the parameter for a bad value) and a writer (``None``: left out)."""

    name: str
    means: str
    parse: Callable[[str | None], Any]
    write: Callable[[Any], str | None]


def _text(name: str, limit: int = 200) -> Callable[[str | None], str]:
    def parse(raw: str | None) -> str:
        if raw is None:
            return ""
        if len(raw) > limit:
            raise Problem(name, f"{name} is at most {limit} characters")
        return raw

    return parse


def _given(raw: str | None) -> str:
    """``scenario``, ``log``: any text (:func:`resolve` says what is wrong with it)."""
    return raw or ""


def _there(raw: str | None) -> bool:
    """``new``: the new-game form's button; there or not, any value."""
    return raw is not None


def _on(raw: str | None) -> bool:
    """``set``: the editor's fields' button; any value but empty."""
    return bool(raw)


def _one_of(name: str, allowed: Sequence[str]) -> Callable[[str | None], str]:
    def parse(raw: str | None) -> str:
        if not raw:
            return ""
        if raw not in allowed:
            raise Problem(name, f"{name} is one of: {', '.join(a for a in allowed if a)}")
        return raw

    return parse


def _version(raw: str | None) -> int | None:
    return None if not raw else parse_int(raw, "v", lo=0)


def _kept(value: Any) -> str | None:
    return str(value) if value else None


PARAMS: dict[str, Param] = {p.name: p for p in (
    Param("scenario", "a scenario's id", _given, _kept),
    Param("log", "a timeline's token (setup or position, then actions)", _given, _kept),
    Param("step", "the step of the timeline shown", lambda raw: None if not raw else parse_int(raw, "step", lo=0), lambda v: None if v is None else str(v)),
    Param("pick", "the targets tapped so far, a/b/c", parse_pick, lambda pick: format_pick(pick) if pick else None),
    Param("zoom", "the enlarged area x0,y0,x1,y1", parse_zoom, lambda box: None if box is None else zoom_param(box)),
    Param("why", "the target asked 'why not?'", parse_why, lambda target: target if target else None),
    Param("advice", "1: what would a good player do?", parse_advice, lambda on: "1" if on else None),
    Param("new", "start a new game from the form's setup", _there, lambda on: "1" if on else None),
    Param("position", "a pasted position (JSON)", lambda raw: raw, lambda text: text),
    Param("then", "after new (edit, blank) or at a step (edit): open the editor", _one_of("then", THEN), _kept),
    Param("edit", "the editor's position token", lambda raw: raw, lambda token: token),
    Param("tool", "the editor's tool", _text("tool"), _kept),
    Param("at", "the target the editor's tool is applied to", _text("at"), _kept),
    Param("set", "apply the editor's fields (f.<name>)", _on, lambda on: "1" if on else None),
    Param("play", "a room's move link: the action", _text("play", 20_000), _kept),
    Param("v", "a room's move link: the room's version it was made at", _version, lambda v: None if v is None else str(v)),
)}


def read(params: Mapping[str, str], name: str) -> Any:
    """The value of declared parameter ``name`` in a query (its parser's value when absent)."""
    return PARAMS[name].parse(params.get(name))


def write(**values: Any) -> str:
    """The query string of declared parameters, in the order given (a parameter whose writer
    gives None is left out)."""
    query = {}
    for name, value in values.items():
        text = PARAMS[name].write(value)
        if text is not None:
            query[name] = text
    return urlencode(query)


@dataclass(frozen=True)
class Dispatch:
    """The simulator page's addresses answered with another address or another page."""

    new: bool = False
    position: str | None = None  # None: no paste (an empty paste is a paste)
    then: str = ""
    edit: str | None = None  # None: not the editor


def dispatch(params: Mapping[str, str]) -> Dispatch:
    return Dispatch(read(params, "new"), read(params, "position"), read(params, "then"), read(params, "edit"))


@dataclass(frozen=True)
class EditQuery:
    """The editor's address: ``?edit=<token>&tool=<id>[&at=<target>]`` or ``[&set=1&f.<name>=…]``."""

    edit: str
    tool: str = ""
    at: str = ""
    set: bool = False
    fields: Mapping[str, str] = field(default_factory=dict)
    zoom: str | None = None  # checked against the board when it is drawn


FIELD_PREFIX = "f."


def edit_query_of(params: Mapping[str, str]) -> EditQuery:
    fields = {k[len(FIELD_PREFIX) :]: v for k, v in params.items() if k.startswith(FIELD_PREFIX)}
    zoom = params.get("zoom") or None  # read against the board by parse_zoom when it is drawn
    return EditQuery(read(params, "edit") or "", read(params, "tool"), read(params, "at"), read(params, "set"), fields, zoom)


def edit_query(token: str, tool: str = "", at: str = "", zoom: Box | None = None) -> str:
    """``edit=<token>[&tool=<id>][&at=<target>][&zoom=…]``: the editor at a position."""
    return write(edit=token, tool=tool, at=at, zoom=zoom)


def log_query(token: str, step: int | None = None) -> str:
    """``log=<token>[&step=N]``: a timeline (without a step: its last)."""
    return write(log=token, step=step)


def then_edit_query(timeline: Timeline, step: int) -> str:
    """"Change this position": the editor at a step of a timeline."""
    return f"{query_for(timeline, step)}&{write(then='edit')}"


def new_game_query(engine: Engine[Any], setup: Mapping[str, Any], bots: Mapping[str, str] | None) -> str:
    """The new-game form's query for a setup and its computer seats (``new``, the options, ``seatN``)."""
    query: dict[str, str] = {"new": "1"}
    for name, value in setup.items():
        if isinstance(value, bool):
            if value:
                query[name] = "1"
        else:
            query[name] = str(value)
    for i, seat in enumerate(engine.seats(engine.initial_state(dict(setup))), start=1):
        if bots and seat in bots:
            query[f"seat{i}"] = bots[seat]
    return urlencode(query)


@dataclass(frozen=True)
class RoomQuery:
    """A room page's own parameters besides the board's: a move link ``?play=<action>&v=<version>``."""

    play: str = ""
    v: int | None = None


def room_query(params: Mapping[str, str]) -> RoomQuery:
    return RoomQuery(read(params, "play"), read(params, "v"))


def play_query(action: str, version: int) -> str:
    return write(play=action, v=version)


def scenario_query(scenario_id: str, step: int) -> str:
    """``scenario=<id>&step=N``: a step of a scenario (the offline pages list them)."""
    return write(scenario=scenario_id, step=step)


def advice_query() -> str:
    return write(advice=True)


def demo_query(params: Mapping[str, str]) -> tuple[str, str]:
    """A rulebook or clause address's demo step (``?demo=<scenario>&step=<n>``), as typed: the
    sharing tags check it and show no board for a bad one (a share card never fails a page)."""
    return params.get("demo", ""), params.get("step") or "0"


def step_of(params: Mapping[str, str], last: int, default: int) -> int:
    """``?step=N`` of a timeline with steps 0 to ``last`` (the API's scenario step)."""
    return parse_step(params.get("step"), last, default)
