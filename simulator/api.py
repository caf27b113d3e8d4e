"""JSON rules API, version 1 (documented with examples in docs/API.md, described for machines by
the OpenAPI document at ``/api/v1/openapi.json``, :mod:`simulator.openapi`).

An entry "@draw" in "apply" draws the next chance outcome from the log's seed (replay.DRAW).
Every error is JSON ``{"error": {"field": ..., "reason": ..., "message": ...}}`` with status 400
(404 for an unknown game, scenario or endpoint, 405 for a wrong method, 413 for a body that is too
large); nothing a client sends can cause a 500. ``reason`` is English and stable for programs;
``message`` says the same in the request's language (``?lang=`` or Accept-Language) where the site
has the sentence: the API's own checks and the rules' refusals (other input errors: English). The API keeps no state and reads no cookies, so no
endpoint needs a CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any

import orjson
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, gettext_noop
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.csrf import csrf_exempt

from pagecache.httpcache import content_version, public
from rulebooks.models import Game, looks_like_slug
from rules.core import codec
from rules.core.codec import CodecError
from rules.core.engine import Engine, Event, PositionError, RuleError
from rules.core.inputs import InputError, parse_int, parse_json
from rules.core.registry import get_engine
from rules.core.replay import ReplayError, advance
from rules.core.scenario_files import scenario_paths
from rules.core.scenarios import ScenarioError, load_scenario
from rules.core.timeline import TimelineError

from . import openapi
from .addressing import BadAddress, parse_step
from .timelines import json_log_timeline, log_timeline, scenario_timeline

MAX_BODY_BYTES = 256 * 1024
MAX_APPLY = 500


def error(field: str, reason: str, status: int = 400, *, message: str | None = None, **extra) -> JsonResponse:
    payload = {"field": field, "reason": reason, "message": message or reason, **extra}
    return JsonResponse({"error": payload}, status=status)


def said(field: str, template: str, status: int = 400, extra: dict | None = None, **params: Any) -> JsonResponse:
    """An error whose sentence the site translates: ``template`` (marked with gettext_noop) in
    English as the reason, and in the active language as the message."""
    return error(field, template % params, status, message=gettext(template) % params, **(extra or {}))


def method_not_allowed(request: HttpRequest, allowed: Iterable[str]) -> JsonResponse:
    """The JSON 405, with the ``Allow`` header."""
    allow = ", ".join(sorted(allowed))
    response = said(
        "method", gettext_noop("%(method)s is not allowed here; allowed: %(allow)s"), 405,
        method=request.method[:20], allow=allow,
    )  # fmt: skip
    response["Allow"] = allow
    return response


def too_large(limit: int) -> JsonResponse:
    return said("body", gettext_noop("the request body is larger than %(limit)d bytes"), 413, limit=limit)


def endpoint(*methods: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """An API view answering ``methods`` (HEAD too where GET is) and a JSON 405 to any other.
    CSRF-exempt: the API keeps no state and reads no cookies, and a CSRF check would answer an
    unknown method or address with an HTML 403 before the view could answer it in JSON."""
    allowed = frozenset(methods) | ({"HEAD"} if "GET" in methods else frozenset())

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            with translation.override(_asked_language(request)):  # the language of error messages
                if request.method not in allowed:
                    return method_not_allowed(request, allowed)
                return view(request, *args, **kwargs)

        # A GET answer is a pure function of its URL (and Accept-Language): public, cacheable.
        return csrf_exempt(public(checked) if "GET" in methods else checked)

    return decorate


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


def _game_engine(slug: str):
    """The game's engine, or the JSON 404 to answer (an unknown game, or a game without rules
    engine). Only whether the game is visible is read: no view here uses the row."""
    if not _is_visible_game(slug):
        return None, said("game", gettext_noop("unknown game '%(game)s'"), 404, game=slug[:80])
    engine = get_engine(slug)
    if engine is None:
        return None, said("game", gettext_noop("'%(game)s' has no rules engine yet"), 404, game=slug)
    return engine, None


LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)


def _language(request: HttpRequest) -> tuple[str | None, JsonResponse | None]:
    """The language of the game's sentences (events, refusals, results): ``?lang=`` (nl, de or
    en), else the first of those the Accept-Language header asks for, else None (the rulebook's
    own language, as before either existed)."""
    asked = request.GET.get("lang")
    if asked is not None and asked not in LANGUAGES:
        return None, said(
            "lang", gettext_noop("unknown language '%(lang)s'; one of: %(known)s"),
            lang=asked[:20], known=", ".join(LANGUAGES),
        )  # fmt: skip
    return asked or _header_language(request), None


def _header_language(request: HttpRequest) -> str | None:
    """The first of the site's languages the Accept-Language header asks for, or None."""
    for code, _q in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        base = code.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return None


def _asked_language(request: HttpRequest) -> str:
    """The language of the API's own messages: ``?lang=`` if it is one of the site's, else
    Accept-Language's first site language, else English."""
    asked = request.GET.get("lang")
    return asked if asked in LANGUAGES else _header_language(request) or "en"


def _refusal(engine: Engine[Any], exc: ReplayError, lang: str | None) -> str:
    """A refused action's reason in ``lang`` (a rule's refusal carries its message key)."""
    cause = exc.__cause__
    if isinstance(cause, RuleError) and engine.messages.has(cause.key):
        return engine.reason(cause, lang)
    return exc.reason


def _events(engine: Engine[Any], events: Iterable[Event], lang: str | None = None) -> list[dict[str, Any]]:
    return [e.as_dict(engine.describe(e, lang)) for e in events]


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
        "result": result.as_dict(engine.describe_result(result, lang)) if result else None,
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
    engine, problem = _game_engine(game)
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
    engine, problem = _game_engine(game)
    if problem:
        return problem
    lang, problem = _language(request)
    if problem:
        return problem
    try:
        timeline = scenario_timeline(engine, scenario_id)  # replayed once per process and file version
    except ScenarioError:
        return said("scenario", gettext_noop("unknown scenario '%(scenario)s'"), 404, scenario=scenario_id[:80])
    try:
        step = parse_step(request.GET.get("step"), timeline.last, 0)
    except BadAddress as exc:
        return error(exc.field, exc.reason)
    frame = timeline.frames[step]
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
            "refused": {**frame.refused.as_dict(), "reason": engine.reason(frame.refused, lang)} if frame.refused else None,
            "events": _events(engine, frame.events, lang),
            "log": codec.encode(timeline.log_until(step)),
            **_state_payload(engine, frame.state, lang),
        }
    )


@endpoint("POST")
def apply(request, game):
    engine, problem = _game_engine(game)
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
        return said("body", gettext_noop("the body must be a JSON object"))
    unknown = set(body) - {"position", "setup", "log", "scenario", "actions", "apply", "seed"}
    if unknown:
        return said(sorted(unknown)[0], gettext_noop("unknown field"))

    to_apply = body.get("apply")
    if isinstance(to_apply, str):
        to_apply = [to_apply]
    if not isinstance(to_apply, list) or not to_apply or not all(isinstance(a, str) and a for a in to_apply):
        return said("apply", gettext_noop("give one action or a non-empty list of actions to apply"))
    if len(to_apply) > MAX_APPLY:
        return said("apply", gettext_noop("at most %(max)d actions per request"), max=MAX_APPLY)

    starts = [k for k in ("position", "setup", "log", "scenario") if k in body]
    if len(starts) != 1:
        return said("position", gettext_noop("give exactly one start: position, setup (with optional actions), log or scenario"))
    try:
        if "log" in body:
            if "actions" in body or "seed" in body:
                return said("actions" if "actions" in body else "seed", gettext_noop("a log already holds its actions and seed"))
            if not isinstance(body["log"], str):
                return said("log", gettext_noop("must be a log string as found in simulator URLs"))
            timeline = log_timeline(engine, body["log"])  # replayed once per process (simulator.timelines)
            log = timeline.log
        else:
            log = codec.log_from_json({k: body[k] for k in (starts[0], "actions", "seed") if k in body})
            timeline = json_log_timeline(engine, log)
    except CodecError as exc:
        field = "log" if "log" in body else ("seed" if "seed" in exc.reason else starts[0])
        return error(field, exc.reason)
    except TimelineError as exc:
        field = exc.field if "." in exc.field or exc.field.startswith("actions") else f"{starts[0]}.{exc.field}"
        message = None
        if isinstance(exc.__cause__, ReplayError):  # a refused action of the log: the rule's sentence
            refused = exc.__cause__
            message = gettext("'%(action)s' is not allowed here: %(reason)s") % {
                "action": refused.action, "reason": _refusal(engine, refused, lang or translation.get_language()),
            }  # fmt: skip
        return error(field, exc.reason, message=message, **({"clause": exc.clause} if exc.clause else {}))
    except PositionError as exc:
        return error(f"{starts[0]}.{exc.field}", exc.reason)

    state = timeline.frames[-1].state
    position = None  # the position of ``state`` once written (the last result's is the answer's)
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
        item["position"] = position = engine.position_of(state)
        results.append(item)
    # (codec.encode, not timeline.branch_encoder: copying a compressor costs more than packing a
    # short log afresh.)
    token = codec.encode(log.extended(*applied[len(log.actions) :]))
    return _answer({"game": game, "results": results, "log": token, **_state_payload(engine, state, lang, position)})


@csrf_exempt
def not_found(request, *args, **kwargs):
    with translation.override(_asked_language(request)):
        return said("path", gettext_noop("no API endpoint at %(path)s"), 404, path=request.path[:200])
