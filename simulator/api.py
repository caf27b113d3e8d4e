"""JSON rules API, version 1 (documented with examples in docs/API.md, described for machines by
the OpenAPI document at ``/api/v1/openapi.json``, :mod:`simulator.openapi`).

An entry "@draw" in "apply" draws the next chance outcome from the log's seed (replay.DRAW).
Every error is JSON ``{"error": {"field": ..., "reason": ...}}`` with status 400 (404 for an
unknown game, scenario or endpoint, 405 for a wrong method, 413 for a body that is too large);
nothing a client sends can cause a 500. The API keeps no state and reads no cookies, so no
endpoint needs a CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.csrf import csrf_exempt

from rulebooks.models import Game, looks_like_slug
from rulesite.httpcache import public
from simulator.core import codec
from simulator.core.codec import CodecError, Log
from simulator.core.engine import Engine, Event, PositionError, RuleError
from simulator.core.inputs import InputError, parse_int, parse_json
from simulator.core.registry import get_engine
from simulator.core.replay import ReplayError, advance
from simulator.core.scenario_files import scenario_paths
from simulator.core.scenarios import ScenarioError, load_scenario
from simulator.core.timeline import TimelineError, from_log, from_scenario

from . import openapi
from .addressing import BadAddress, parse_step

MAX_BODY_BYTES = 256 * 1024
MAX_APPLY = 500


def error(field: str, reason: str, status: int = 400, **extra) -> JsonResponse:
    return JsonResponse({"error": {"field": field, "reason": reason, **extra}}, status=status)


def method_not_allowed(request: HttpRequest, allowed: Iterable[str]) -> JsonResponse:
    """The JSON 405, with the ``Allow`` header."""
    allow = ", ".join(sorted(allowed))
    response = error("method", f"{request.method[:20]} is not allowed here; allowed: {allow}", 405)
    response["Allow"] = allow
    return response


def too_large(limit: int) -> JsonResponse:
    return error("body", f"the request body is larger than {limit} bytes", 413)


def endpoint(*methods: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """An API view answering ``methods`` (HEAD too where GET is) and a JSON 405 to any other.
    CSRF-exempt: the API keeps no state and reads no cookies, and a CSRF check would answer an
    unknown method or address with an HTML 403 before the view could answer it in JSON."""
    allowed = frozenset(methods) | ({"HEAD"} if "GET" in methods else frozenset())

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in allowed:
                return method_not_allowed(request, allowed)
            return view(request, *args, **kwargs)

        # A GET answer is a pure function of its URL (and Accept-Language): public, cacheable.
        return csrf_exempt(public(checked) if "GET" in methods else checked)

    return decorate


def _game_engine(slug: str):
    game = Game.objects.filter(slug=slug).first() if looks_like_slug(slug) else None
    if game is None:
        return None, None, error("game", f"unknown game '{slug[:80]}'", 404)
    engine = get_engine(slug)
    if engine is None:
        return game, None, error("game", f"'{slug}' has no rules engine yet", 404)
    return game, engine, None


LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def _language(request: HttpRequest) -> tuple[str | None, JsonResponse | None]:
    """The language of the game's sentences (events, refusals, results): ``?lang=`` (nl, de or
    en), else the first of those the Accept-Language header asks for, else None (the rulebook's
    own language, as before either existed)."""
    asked = request.GET.get("lang")
    if asked is not None:
        if asked not in LANGUAGES:
            return None, error("lang", f"unknown language '{asked[:20]}'; one of: {', '.join(LANGUAGES)}")
        return asked, None
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    if header:
        for code, _q in parse_accept_lang_header(header):
            base = code.split("-")[0].lower()
            if base in LANGUAGES:
                return base, None
    return None, None


def _refusal(engine: Engine[Any], exc: ReplayError, lang: str | None) -> str:
    """A refused action's reason in ``lang`` (a rule's refusal carries its message key)."""
    cause = exc.__cause__
    if isinstance(cause, RuleError) and engine.messages.has(cause.key):
        return engine.reason(cause, lang)
    return exc.reason


def _events(engine: Engine[Any], events: Iterable[Event], lang: str | None = None) -> list[dict[str, Any]]:
    return [e.as_dict(engine.describe(e, lang)) for e in events]


def _state_payload(engine: Engine[Any], state: Any, lang: str | None = None) -> dict[str, Any]:
    over = engine.is_over(state)
    result = engine.result(state) if over else None
    return {
        "position": engine.position_of(state),
        "actor": engine.current_actor(state),
        "legal_actions": [] if over else engine.legal_actions(state),
        "chance": [{"action": o.action, "probability": o.probability} for o in engine.chance_outcomes(state)],
        "over": over,
        "result": result.as_dict(engine.describe_result(result, lang)) if result else None,
    }


@endpoint("GET")
def index(request):
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
def openapi_document(request):
    return JsonResponse(openapi.document(), json_dumps_params={"ensure_ascii": False})


@endpoint("GET")
def games(request):
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
def scenarios(request, game):
    game_obj, engine, problem = _game_engine(game)
    if problem:
        return problem
    items = []
    for scenario_id in scenario_paths(game):
        try:
            s = load_scenario(game, scenario_id)
        except ScenarioError:
            continue
        items.append({"id": s.id, "title": s.title, "clauses": list(s.clauses), "steps": len(s.steps)})
    return JsonResponse({"game": game, "scenarios": items})


@endpoint("GET")
def scenario_step(request, game, scenario_id):
    game_obj, engine, problem = _game_engine(game)
    if problem:
        return problem
    lang, problem = _language(request)
    if problem:
        return problem
    try:
        timeline = from_scenario(engine, load_scenario(game, scenario_id))
    except ScenarioError:
        return error("scenario", f"unknown scenario '{scenario_id[:80]}'", 404)
    try:
        step = parse_step(request.GET.get("step"), timeline.last, 0)
    except BadAddress as exc:
        return error(exc.field, exc.reason)
    frame = timeline.frames[step]
    return JsonResponse(
        {
            "game": game,
            "scenario": scenario_id,
            "title": timeline.scenario.title,
            "clauses": list(timeline.scenario.clauses),
            "step": step,
            "steps": timeline.last,
            "caption": frame.caption,
            "action": frame.action,
            "refused": {**frame.refused.as_dict(), "reason": engine.reason(frame.refused, lang)} if frame.refused else None,
            "events": _events(engine, frame.events, lang),
            "log": codec.encode(timeline.log_until(step)),
            **_state_payload(engine, frame.state, lang),
        }
    )


@endpoint("POST")
def apply(request, game):
    game_obj, engine, problem = _game_engine(game)
    if problem:
        return problem
    lang, problem = _language(request)
    if problem:
        return problem
    try:
        declared = parse_int(request.META.get("CONTENT_LENGTH") or "0", "Content-Length", lo=0)
    except InputError:
        declared = 0  # as Django: a malformed length reads no body
    if declared > MAX_BODY_BYTES:
        return too_large(MAX_BODY_BYTES)
    try:
        raw = request.body
    except RequestDataTooBig:
        return too_large(MAX_BODY_BYTES)
    if len(raw) > MAX_BODY_BYTES:
        return too_large(MAX_BODY_BYTES)
    try:
        body = parse_json(raw, "body")
    except InputError as exc:
        return error(exc.field, exc.reason)
    if not isinstance(body, dict):
        return error("body", "the body must be a JSON object")
    unknown = set(body) - {"position", "setup", "log", "scenario", "actions", "apply", "seed"}
    if unknown:
        return error(sorted(unknown)[0], "unknown field")

    to_apply = body.get("apply")
    if isinstance(to_apply, str):
        to_apply = [to_apply]
    if not isinstance(to_apply, list) or not to_apply or not all(isinstance(a, str) and a for a in to_apply):
        return error("apply", "give one action or a non-empty list of actions to apply")
    if len(to_apply) > MAX_APPLY:
        return error("apply", f"at most {MAX_APPLY} actions per request")

    starts = [k for k in ("position", "setup", "log", "scenario") if k in body]
    if len(starts) != 1:
        return error("position", "give exactly one start: position, setup (with optional actions), log or scenario")
    try:
        if "log" in body:
            if "actions" in body or "seed" in body:
                return error("actions" if "actions" in body else "seed", "a log already holds its actions and seed")
            if not isinstance(body["log"], str):
                return error("log", "must be a log string as found in simulator URLs")
            log = codec.decode(body["log"])
        else:
            log = codec.log_from_json({k: body[k] for k in (starts[0], "actions", "seed") if k in body})
        timeline = from_log(engine, log)
    except CodecError as exc:
        field = "log" if "log" in body else ("seed" if "seed" in exc.reason else starts[0])
        return error(field, exc.reason)
    except TimelineError as exc:
        field = exc.field if "." in exc.field or exc.field.startswith("actions") else f"{starts[0]}.{exc.field}"
        return error(field, exc.reason, **({"clause": exc.clause} if exc.clause else {}))
    except PositionError as exc:
        return error(f"{starts[0]}.{exc.field}", exc.reason)

    state = timeline.frames[-1].state
    results: list[dict[str, Any]] = []
    applied = list(log.actions)
    stopped = False
    for action in to_apply:
        if stopped:
            results.append({"action": action, "legal": None, "skipped": True})
            continue
        try:
            step = advance(engine, state, action, len(applied), seed=log.seed)
        except ReplayError as exc:
            results.append({"action": action, "legal": False, "reason": _refusal(engine, exc, lang), "clause": exc.clause})
            stopped = True
            continue
        state = step.after
        applied.append(step.action)
        item: dict[str, Any] = {"action": step.action, "legal": True, "events": _events(engine, step.events, lang)}
        if step.drawn:
            item["drawn"] = True
        item["position"] = engine.position_of(state)
        results.append(item)
    new_log = Log(log.setup, log.position, log.scenario, tuple(applied), log.seed, log.bots)
    return JsonResponse(
        {"game": game, "results": results, "log": codec.encode(new_log), **_state_payload(engine, state, lang)}
    )


@csrf_exempt
def not_found(request, *args, **kwargs):
    return error("path", f"no API endpoint at {request.path[:200]}", 404)
