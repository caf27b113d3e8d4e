"""JSON rules API, version 1 (documented with examples in docs/API.md, described for machines by
the OpenAPI document at ``/api/v1/openapi.json``, :mod:`simulator.openapi`).

An entry "@draw" in "apply" draws the next chance outcome from the log's seed (replay.DRAW); an
empty (or absent) "apply" only reads the state: its position, actor and legal actions.
Views *raise* a :class:`~rules.core.problems.Problem`; :func:`endpoint` writes it once as JSON
``{"error": {"code": ..., "field": ..., "reason": ..., "message": ..., "clause": ...}}``
(:mod:`simulator.api_problems`) with its status: 400, 404 for an unknown game, scenario or
endpoint, 405 for a wrong method, 413 for a body that is too large; nothing a client sends can cause
a 500. ``code`` is stable for programs (:data:`rules.core.problems.CODES`); ``reason`` is English;
``message`` says the same in the request's language (``?lang=`` or Accept-Language) where the site
has the sentence: the API's own checks and the rules' refusals (other input errors: English). The
API keeps no state and reads no cookies, so no endpoint needs a CSRF token.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import orjson
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_noop
from django.views.decorators.csrf import csrf_exempt

from pagecache.httpcache import content_version
from rulebooks.models import Game, looks_like_slug
from rules.core import codec
from rules.core.codec import CodecError, Log
from rules.core.engine import Engine, Event, NotAnAction
from rules.core.inputs import InputError, parse_int, parse_json
from rules.core.problems import Code, Problem
from rules.core.registry import get_engine
from rules.core.replay import DRAW, ReplayError, replay
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import ScenarioError, load_scenario
from rules.core.timeline import Timeline

from . import openapi
from .addressing import step_of
from .api_endpoint import LANGUAGES, endpoint
from .api_endpoint import asked_language as _asked_language
from .api_endpoint import header_language as _header_language
from .api_limits import MAX_APPLY, MAX_BODY_BYTES
from .api_problems import problem, problem_response
from .timelines import json_log_timeline, log_timeline, scenario_timeline

__all__ = ["MAX_APPLY", "MAX_BODY_BYTES", "apply", "endpoint", "not_found"]

def too_large(limit: int) -> Problem:
    return problem("body", gettext_noop("the request body is larger than %(limit)d bytes"), 413, code=Code.TOO_LARGE, limit=limit)


# Games found visible, per process: slug -> the content version they were found under. Rows
# change only with the content version (loadrules, saves and deletes replace it), so a step does
# not query the database for its game. Only games found are kept: an unknown slug asks again.
_visible_games: dict[str, str] = {}


def _is_visible_game(slug: str) -> bool:
    if not looks_like_slug(slug):
        return False
    version = content_version()
    if version is not None and _visible_games.get(slug) == version:
        return True
    found = Game.objects.filter(slug=slug).exists()
    if found and version is not None:
        _visible_games[slug] = version
    return found


def _game_engine(slug: str) -> Engine[Any]:
    """The game's engine; a 404 problem for an unknown game or a game without rules engine. Only
    whether the game is visible is read: no view here uses the row."""
    if not _is_visible_game(slug):
        raise problem("game", gettext_noop("unknown game '%(game)s'"), 404, code=Code.UNKNOWN_GAME, game=slug[:80])
    engine = get_engine(slug)
    if engine is None:
        raise problem("game", gettext_noop("'%(game)s' has no rules engine yet"), 404, code=Code.NO_ENGINE, game=slug)
    return engine


def _language(request: HttpRequest) -> str | None:
    """The language of the game's sentences (events, refusals, results): ``?lang=`` (nl, de or
    en), else the first of those the Accept-Language header asks for, else None (the rulebook's
    own language, as before either existed)."""
    asked = request.GET.get("lang")
    if asked is not None and asked not in LANGUAGES:
        raise problem(
            "lang", gettext_noop("unknown language '%(lang)s'; one of: %(known)s"),
            code=Code.UNKNOWN_LANGUAGE, lang=asked[:20], known=", ".join(LANGUAGES),
        )  # fmt: skip
    return asked or _header_language(request)


def _events(engine: Engine[Any], events: Iterable[Event], lang: str | None = None) -> list[dict[str, Any]]:
    return [_read(engine, e.key, e.as_dict(engine.describe(e, lang))) for e in events]


def _read(engine: Engine[Any], key: str, out: dict[str, Any]) -> dict[str, Any]:
    """``out`` (an event, refusal or result) with ``reading``: the clause whose interpretation note
    its verdict rests on, when it rests on the site's own reading of an open rule."""
    reading = engine.reading(key)
    if reading:
        out["reading"] = reading
    return out


def _state_payload(
    engine: Engine[Any], state: Any, lang: str | None = None, position: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The state's fields of an answer; ``position``: the state's position if already written."""
    over = engine.is_over(state)
    result = engine.result(state) if over else None
    return {
        "position": engine.position_of(state) if position is None else position,
        "actor": engine.current_actor(state),
        "legal_actions": [] if over else engine.legal_actions(state),
        "chance": [{"action": o.action, "probability": o.probability} for o in engine.chance_outcomes(state)],
        "over": over,
        "result": _read(engine, result.key, result.as_dict(engine.describe_result(result, lang))) if result else None,
    }


def _answer(data: dict[str, Any]) -> HttpResponse:
    """A step's JSON answer. Written by orjson (a tenth of the standard encoder's time for a
    step's answer of some 5 KB; UTF-8 instead of \\u escapes, no spaces: the same JSON values); an
    answer orjson cannot write (a number past 64 bits) is written as JsonResponse writes it."""
    try:
        body = orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return JsonResponse(data)
    return HttpResponse(body, content_type="application/json")


@endpoint("GET")
def index(request: HttpRequest) -> HttpResponse:
    """The API root: what there is, where it is described, and the games."""
    base = reverse("api:index")
    return JsonResponse(
        {
            "api": "rules",
            "version": 1,
            "openapi": reverse("api:openapi"),
            "documentation": reverse("simulator:api-docs"),
            "endpoints": {
                "games": f"{base}games/",
                "scenarios": f"{base}games/{{game}}/scenarios/",
                "scenario_step": f"{base}games/{{game}}/scenarios/{{scenario}}/?step={{step}}",
                "apply": f"{base}games/{{game}}/apply",
                "search": f"{base}search?q={{question}}&lang={{lang}}&game={{game}}",
            },
            "games": [
                {
                    "slug": game.slug,
                    "title": game.title,
                    "engine": get_engine(game.slug) is not None,
                    "scenarios": reverse("api:scenarios", args=[game.slug]),
                    "apply": reverse("api:apply", args=[game.slug]),
                }
                for game in Game.objects.all()
            ],
        }
    )


@endpoint("GET")
def openapi_document(request: HttpRequest) -> HttpResponse:
    return JsonResponse(openapi.document(), json_dumps_params={"ensure_ascii": False})


@endpoint("GET")
def games(request: HttpRequest) -> HttpResponse:
    out = []
    for game in Game.objects.all():
        engine = get_engine(game.slug)
        out.append(
            {
                "slug": game.slug,
                "title": game.title,
                "language": game.language,
                "engine": engine is not None,
                "seats": {"min": engine.info.min_seats, "max": engine.info.max_seats} if engine else None,
                "information": engine.info.information if engine else None,
                "chance": engine.info.chance if engine else None,
                "setup": [o.as_dict() for o in engine.setup_options()] if engine else None,
                "scenarios": len(scenario_paths(game.slug)),
            }
        )
    return JsonResponse({"games": out})


@endpoint("GET")
def scenarios(request: HttpRequest, game: str) -> HttpResponse:
    _game_engine(game)
    items = []
    for scenario_id in scenario_paths(game):
        try:
            s = load_scenario(game, scenario_id)
        except ScenarioError:
            continue
        items.append({"id": s.id, "title": s.title, "clauses": list(s.clauses), "steps": len(s.steps)})
    return JsonResponse({"game": game, "scenarios": items})


@endpoint("GET")
def scenario_step(request: HttpRequest, game: str, scenario_id: str) -> HttpResponse:
    engine = _game_engine(game)
    lang = _language(request)
    try:
        timeline = scenario_timeline(engine, scenario_id)  # replayed once per process and file version
    except ScenarioError:
        raise problem(
            "scenario", gettext_noop("unknown scenario '%(scenario)s'"), 404, code=Code.UNKNOWN_SCENARIO, scenario=scenario_id[:80]
        ) from None
    assert timeline.scenario is not None
    step = step_of(request.GET, timeline.last, 0)
    frame = timeline.frames[step]
    refused = frame.refused
    return _answer(
        {
            "game": game,
            "scenario": scenario_id,
            "title": timeline.scenario.title,
            "clauses": list(timeline.scenario.clauses),
            "step": step,
            "steps": timeline.last,
            "caption": frame.caption,
            "action": frame.action,
            "refused": _read(engine, refused.key, {**refused.as_dict(), "reason": engine.reason(refused, lang)}) if refused else None,
            "events": _events(engine, frame.events, lang),
            "log": codec.encode(timeline.log_until(step)),
            **_state_payload(engine, frame.state, lang),
        }
    )


START_FIELDS = ("position", "setup", "log", "scenario")
BODY_FIELDS = frozenset({*START_FIELDS, "actions", "apply", "seed"})


def _body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object, within the size limit."""
    try:
        declared = parse_int(request.META.get("CONTENT_LENGTH") or "0", "Content-Length", lo=0)
    except InputError:
        declared = 0  # as Django: a malformed length reads no body
    if declared > MAX_BODY_BYTES:
        raise too_large(MAX_BODY_BYTES)
    try:
        raw = request.body
    except RequestDataTooBig:
        raise too_large(MAX_BODY_BYTES) from None
    if len(raw) > MAX_BODY_BYTES:
        raise too_large(MAX_BODY_BYTES)
    body = parse_json(raw, "body")
    if not isinstance(body, dict):
        raise problem("body", gettext_noop("the body must be a JSON object"))
    unknown = set(body) - BODY_FIELDS
    if unknown:
        raise problem(sorted(unknown)[0], gettext_noop("unknown field"), code=Code.UNKNOWN_FIELD)
    return body


def _to_apply(body: dict[str, Any]) -> list[str]:
    """The actions to try: none (only read the state), one, or a list."""
    to_apply = body.get("apply", [])
    if isinstance(to_apply, str):
        to_apply = [to_apply]
    if not isinstance(to_apply, list) or not all(isinstance(a, str) and a for a in to_apply):
        raise problem("apply", gettext_noop("give one action or a list of actions to apply"))
    if len(to_apply) > MAX_APPLY:
        raise problem("apply", gettext_noop("at most %(max)d actions per request"), max=MAX_APPLY)
    return to_apply


def _check_words(engine: Engine[Any], to_apply: list[str]) -> None:
    """A string that is no action of the game at all is refused before anything is tried (code
    ``not-an-action``, 400): an illegal action is an answer, a non-action is a bad request."""
    for i, action in enumerate(to_apply):
        if action != DRAW and not engine.is_action(action):
            raise NotAnAction(action, engine.messages).under(f"apply[{i}]")


def _start(engine: Engine[Any], body: dict[str, Any]) -> Timeline:
    """The timeline of the request's start (and its actions); a problem names its field."""
    starts = [k for k in START_FIELDS if k in body]
    if len(starts) != 1:
        raise problem(
            "position", gettext_noop("give exactly one start: position, setup (with optional actions), log or scenario"),
            code=Code.BAD_REQUEST,
        )  # fmt: skip
    if "log" not in body:
        try:
            log = codec.log_from_json({k: body[k] for k in (starts[0], "actions", "seed") if k in body})
        except CodecError as exc:
            raise (exc if exc.field else exc.under(starts[0])) from None
        return json_log_timeline(engine, log)
    if "actions" in body or "seed" in body:
        raise problem("actions" if "actions" in body else "seed", gettext_noop("a log already holds its actions and seed"))
    if not isinstance(body["log"], str):
        raise problem("log", gettext_noop("must be a log string as found in simulator URLs"))
    try:
        return log_timeline(engine, body["log"])  # replayed once per process (simulator.timelines)
    except CodecError as exc:
        raise exc.under("log") from None


def _try(engine: Engine[Any], log: Log, state: Any, to_apply: list[str], lang: str | None) -> tuple[Any, list[dict[str, Any]], list[str]]:
    """The actions judged in turn from ``state`` through the one replay loop: the state after the
    last legal one, the results, and the actions applied (drawn outcomes instead of "@draw"). After
    a refusal the rest is skipped."""
    results: list[dict[str, Any]] = []
    applied: list[str] = []
    try:
        for step in replay(engine, state, to_apply, seed=log.seed, first=len(log.actions)):
            state = step.after
            applied.append(step.action)
            item: dict[str, Any] = {"action": step.action, "legal": True, "events": _events(engine, step.events, lang)}
            if step.drawn:
                item["drawn"] = True
            item["position"] = engine.position_of(state)
            results.append(item)
    except ReplayError as exc:
        reason = exc.refusal.reason_in(lang) if exc.refusal is not None else exc.reason
        judged = {"action": to_apply[len(results)], "legal": False, "code": exc.code, "reason": reason, "clause": exc.clause}
        results.append(_read(engine, exc.refusal.key, judged) if exc.refusal is not None else judged)
        results.extend({"action": action, "legal": None, "skipped": True} for action in to_apply[len(results):])
    return state, results, applied


@endpoint("POST")
def apply(request: HttpRequest, game: str) -> HttpResponse:
    """Judge the body's actions ("apply") from its start; with none, only read the start's state."""
    engine = _game_engine(game)
    lang = _language(request)
    body = _body(request)
    to_apply = _to_apply(body)
    timeline = _start(engine, body)
    _check_words(engine, to_apply)
    log = timeline.log
    state, results, applied = _try(engine, log, timeline.frames[-1].state, to_apply, lang)
    # The position of the last legal action's result is the answer's (written once).
    position = next((r["position"] for r in reversed(results) if r["legal"]), None)
    # (codec.encode, not timeline.branch_encoder: copying a compressor costs more than packing a
    # short log afresh.)
    token = codec.encode(log.extended(*applied))
    return _answer({"game": game, "results": results, "log": token, **_state_payload(engine, state, lang, position)})


@csrf_exempt
def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
    with translation.override(_asked_language(request)):
        return problem_response(
            problem("path", gettext_noop("no API endpoint at %(path)s"), 404, code=Code.NOT_FOUND, path=request.path[:200])
        )
