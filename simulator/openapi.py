"""The OpenAPI 3.1 description of the rules API (``/api/v1/openapi.json``).

Written by hand next to the views it describes (:mod:`simulator.api`) and kept true by the tests:
every route is described, real answers match the response schemas, and Schemathesis generates
requests from this document (tests/simulator_web/test_openapi.py). docs/API.md is the guide for
people; this is the contract for machines.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from rules.core.codec import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_TOKEN_CHARS
from rules.core.languages import LANGUAGES
from rules.core.problems import CODES

from .api_limits import MAX_APPLY, MAX_BODY_BYTES

SLUG_PATTERN = "^[-a-zA-Z0-9_]+$"  # Django's <slug:...> converter
INT64 = {"type": "integer", "minimum": -(2**63), "maximum": 2**63 - 1}


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


def _error(description: str) -> dict[str, Any]:
    return _json(_ref("Error"), description)


def _error_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["code", "field", "reason", "message"],
                "properties": {
                    "code": {
                        "enum": sorted(CODES),
                        "description": "Stable for programs: "
                        + "; ".join(f"'{code}': {meaning}" for code, meaning in CODES.items()),
                    },
                    "field": {"type": "string", "description": "The field, parameter or part of the request at fault."},
                    "reason": {"type": "string", "description": "Why, in English."},
                    "message": {
                        "type": "string",
                        "description": "Why, in the request's language (?lang= or Accept-Language) where the site "
                        "has the sentence; else the English reason.",
                    },
                    "clause": {"type": ["string", "null"], "description": "The rulebook clause that forbids it."},
                    "data": {
                        "type": "object",
                        "description": "The values a client can use (the game, the limit, the retry time ...).",
                    },
                },
            }
        },
    }


READING = {
    "type": "string",
    "description": "Present when the verdict rests on the site's own reading of a rule the rulebook leaves open: "
    "the clause whose interpretation note holds that reading.",
}

SCORES_DESCRIPTION = (
    "Every seat (player or team) with a number: what the game counts at the end (figures saved, "
    "flasks filled, points; 1 for the winning team and 0 for the others in a game without points). "
    "The same shape in every game."
)


def _state_schemas() -> dict[str, Any]:
    """A position, its events and result, and a state with what can happen next."""
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "Position": {
            "type": "object",
            "description": "A whole situation of the game; the format is per game (see the API guide). "
            "A number that names a field or square is a JSON number.",
        },
        "Event": {
            "type": "object",
            "required": ["clause", "key", "text", "data"],
            "properties": {
                "clause": {"type": "string"},
                "key": {"type": "string"},
                "text": {"type": "string"},
                "data": {
                    "type": "object",
                    "description": "The sentence's values; a field that is a number is a number.",
                },
                "visible_to": string_list,
                "decisive": {
                    "type": "boolean",
                    "description": "Present (true) on an event a dispute turns on: a capture, a fall, points, the end.",
                },
                "reading": READING,
            },
        },
        "Result": {
            "type": "object",
            "required": ["winners", "clause", "text", "key", "data", "scores", "tiebreak", "draw"],
            "properties": {
                "winners": string_list,
                "clause": {"type": "string"},
                "text": {"type": "string"},
                "key": {"type": "string"},
                "data": {"type": "object"},
                "scores": {
                    "type": "object",
                    "additionalProperties": {"type": "number"},
                    "description": SCORES_DESCRIPTION,
                },
                "tiebreak": {"type": ["string", "null"]},
                "draw": {"type": "boolean"},
                "reading": READING,
            },
        },
        "State": _state_schema(),
    }


def _state_schema() -> dict[str, Any]:
    """A state of the game: its position, who acts, the legal actions, chance's odds, the end."""
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "type": "object",
        "description": "A state of the game and what can happen next.",
        "required": ["position", "actor", "legal_actions", "chance", "over", "result"],
        "properties": {
            "position": _ref("Position"),
            "actor": {"type": "string", "description": "A seat, 'chance', an automatic actor, or '' when over."},
            "legal_actions": string_list,
            "chance": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["action", "probability"],
                    "properties": {"action": {"type": "string"}, "probability": {"type": "number"}},
                },
            },
            "over": {"type": "boolean"},
            "result": _nullable(_ref("Result")),
        },
    }


def _game_schemas() -> dict[str, Any]:
    """A game and its setup options."""
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "SetupOption": {
            "type": "object",
            "required": ["name", "type", "default"],
            "properties": {
                "name": {"type": "string"},
                "type": {"enum": ["int", "bool", "choice"]},
                "default": {"type": ["integer", "boolean", "string"]},
                "min": {"type": "integer"},
                "max": {"type": "integer"},
                "choices": string_list,
                "clause": {"type": "string"},
            },
        },
        "Game": {
            "type": "object",
            "required": ["slug", "title", "language", "engine", "seats", "information", "chance", "setup", "scenarios"],
            "properties": {
                "slug": {"type": "string"},
                "title": {"type": "string"},
                "language": {"type": "string"},
                "engine": {"type": "boolean", "description": "Whether the game has a rules engine."},
                "seats": _nullable(
                    {
                        "type": "object",
                        "required": ["min", "max"],
                        "properties": {"min": {"type": "integer"}, "max": {"type": "integer"}},
                    }
                ),
                "information": _nullable({"enum": ["perfect", "imperfect"]}),
                "chance": {"type": ["boolean", "null"]},
                "setup": _nullable({"type": "array", "items": _ref("SetupOption")}),
                "scenarios": {"type": "integer", "minimum": 0},
            },
        },
    }


def _scenario_step_schema() -> dict[str, Any]:
    return {
        "allOf": [
            _ref("State"),
            {
                "type": "object",
                "required": [
                    "game",
                    "scenario",
                    "title",
                    "clauses",
                    "step",
                    "steps",
                    "caption",
                    "action",
                    "refused",
                    "events",
                    "log",
                ],
                "properties": {
                    "game": {"type": "string"},
                    "scenario": {"type": "string"},
                    "title": {"type": "string"},
                    "clauses": {"type": "array", "items": {"type": "string"}},
                    "step": {"type": "integer", "minimum": 0},
                    "steps": {"type": "integer", "minimum": 0},
                    "caption": {"type": "string"},
                    "action": {"type": ["string", "null"]},
                    "refused": _nullable(
                        {
                            "type": "object",
                            "required": ["action", "reason", "clause"],
                            "properties": {
                                "action": {"type": "string"},
                                "reason": {"type": "string"},
                                "clause": {"type": "string"},
                                "reading": READING,
                            },
                        }
                    ),
                    "events": {"type": "array", "items": _ref("Event")},
                    "log": {"type": "string", "description": "The log string of this step (simulator URLs)."},
                },
            },
        ]
    }


def _apply_request_schema() -> dict[str, Any]:
    """What the apply endpoint is asked: one start, the actions to replay, the actions to try, a seed."""
    return {
        "type": "object",
        "description": "Exactly one start (position, setup, log or scenario), optional actions to replay first, "
        "and the actions to try (none: only read the start's state and its legal actions).",
        "additionalProperties": False,
        "oneOf": [{"required": [start]} for start in ("position", "setup", "log", "scenario")],
        "properties": {
            "position": _ref("Position"),
            "setup": {"type": "object", "description": "Setup options by name (see the game's 'setup')."},
            "log": {"type": "string", "minLength": 1, "maxLength": MAX_TOKEN_CHARS},
            "scenario": {"type": "string", "minLength": 1, "maxLength": 100},
            "actions": {
                "type": "array",
                "maxItems": MAX_ACTIONS,
                "items": {"type": "string", "minLength": 1, "maxLength": MAX_ACTION_CHARS},
            },
            "apply": {
                "description": "'@draw' draws the next chance outcome from the seed (without a seed: from seed 0).",
                "oneOf": [
                    {"type": "string", "minLength": 1},
                    {"type": "array", "maxItems": MAX_APPLY, "items": {"type": "string", "minLength": 1}},
                ],
            },
            "seed": {
                **INT64,
                "type": ["integer", "null"],
                "description": "The seed of '@draw' (null or absent: 0).",
            },
        },
    }


def _apply_schemas() -> dict[str, Any]:
    """The apply endpoint's request, the judgement of each action, and its answer."""
    return {
        "ApplyRequest": _apply_request_schema(),
        "ApplyResult": {
            "type": "object",
            "required": ["action", "legal"],
            "properties": {
                "action": {"type": "string"},
                "legal": {
                    "type": ["boolean", "null"],
                    "description": "null: not tried (an earlier action was refused).",
                },
                "skipped": {"type": "boolean"},
                "events": {"type": "array", "items": _ref("Event")},
                "drawn": {"type": "boolean"},
                "position": _ref("Position"),
                "code": {"enum": ["illegal-action", "nothing-to-draw"], "description": "Why it was refused."},
                "reason": {"type": "string"},
                "clause": {"type": ["string", "null"]},
                "reading": READING,
            },
        },
        "ApplyResponse": {
            "allOf": [
                _ref("State"),
                {
                    "type": "object",
                    "required": ["game", "results", "log"],
                    "properties": {
                        "game": {"type": "string"},
                        "results": {"type": "array", "items": _ref("ApplyResult")},
                        "log": {"type": "string"},
                    },
                },
            ]
        },
    }


def _schemas() -> dict[str, Any]:
    return {
        "Error": _error_schema(),
        **_state_schemas(),
        **_game_schemas(),
        "ScenarioStep": _scenario_step_schema(),
        **_apply_schemas(),
        "SearchResponse": _search_schema(),
    }


def _game_parameter() -> dict[str, Any]:
    return {
        "name": "game",
        "in": "path",
        "required": True,
        "schema": {"type": "string", "pattern": SLUG_PATTERN},
        "example": "finstere-flure",
    }


def _lang_parameter() -> dict[str, Any]:
    return {
        "name": "lang",
        "in": "query",
        "required": False,
        "description": (
            "The language of the game's sentences (events, refusals, results). Without it the "
            "first of nl, de, en in Accept-Language, else the rulebook's own language."
        ),
        "schema": {"type": "string", "enum": list(LANGUAGES)},
        "example": "en",
    }


NOT_FOUND = "Unknown game (or a game without a rules engine), scenario or address."


def _listing_paths() -> dict[str, Any]:
    """The index, this document and the games."""
    return {
        "/": {
            "get": {
                "operationId": "index",
                "summary": "The API root: endpoints, this document, and the games",
                "responses": {
                    "200": _json({"type": "object", "required": ["version", "openapi", "games"]}, "The index.")
                },
            }
        },
        "/openapi.json": {
            "get": {
                "operationId": "openapi",
                "summary": "This document",
                "responses": {"200": _json({"type": "object", "required": ["openapi", "paths"]}, "OpenAPI 3.1.")},
            }
        },
        "/games/": {
            "get": {
                "operationId": "games",
                "summary": "Every game, whether it has a rules engine, its seats and setup options",
                "responses": {
                    "200": _json(
                        {
                            "type": "object",
                            "required": ["games"],
                            "properties": {"games": {"type": "array", "items": _ref("Game")}},
                        },
                        "The games.",
                    )
                },
            }
        },
    }


def _scenario_list_schema() -> dict[str, Any]:
    """A game's worked examples: id, title, clauses and number of steps of each."""
    return {
        "type": "object",
        "required": ["game", "scenarios"],
        "properties": {
            "game": {"type": "string"},
            "scenarios": {
                "type": "array",
                "items": {
                    "type": "object",
                    "required": ["id", "title", "clauses", "steps"],
                    "properties": {
                        "id": {"type": "string"},
                        "title": {"type": "string"},
                        "clauses": {"type": "array", "items": {"type": "string"}},
                        "steps": {"type": "integer", "minimum": 0},
                    },
                },
            },
        },
    }


def _scenario_paths() -> dict[str, Any]:
    """A game's worked examples and one step of one."""
    not_found = _error(NOT_FOUND)
    return {
        "/games/{game}/scenarios/": {
            "get": {
                "operationId": "scenarios",
                "summary": "The worked examples of a game",
                "parameters": [_game_parameter()],
                "responses": {
                    "200": _json(_scenario_list_schema(), "The scenarios."),
                    "404": not_found,
                },
            }
        },
        "/games/{game}/scenarios/{scenario}/": {
            "get": {
                "operationId": "scenario_step",
                "summary": "One step of a worked example",
                "parameters": [
                    _game_parameter(),
                    {
                        "name": "scenario",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string", "pattern": SLUG_PATTERN},
                        "example": "ff-steen-schuiven",
                    },
                    {
                        "name": "step",
                        "in": "query",
                        "required": False,
                        "description": "The step (default 0, the start); at most the scenario's number of steps.",
                        "schema": {"type": "integer", "minimum": 0},
                        "example": 1,
                    },
                    _lang_parameter(),
                ],
                "responses": {
                    "200": _json(_ref("ScenarioStep"), "The step."),
                    "400": _error("A step that is not a whole number or past the last step, or an unknown lang."),
                    "404": not_found,
                },
            }
        },
    }


def _apply_path() -> dict[str, Any]:
    not_found = _error(NOT_FOUND)
    return {
        "/games/{game}/apply": {
            "post": {
                "operationId": "apply",
                "summary": "Try actions from a start: each is judged by the rules engine",
                "parameters": [_game_parameter(), _lang_parameter()],
                "requestBody": {
                    "required": True,
                    "description": f"At most {MAX_BODY_BYTES} bytes.",
                    "content": {
                        "application/json": {
                            "schema": _ref("ApplyRequest"),
                            "example": {
                                "setup": {"players": 2},
                                "actions": ["move:red1:E"],
                                "apply": ["move:yellow2:EL"],
                            },
                        }
                    },
                },
                "responses": {
                    "200": _json(_ref("ApplyResponse"), "Each action judged; an illegal action is not an error."),
                    "400": _error(
                        "A body that is not valid JSON or not a valid request, naming the field, or an unknown lang."
                    ),
                    "404": not_found,
                    "413": _error(f"A body of more than {MAX_BODY_BYTES} bytes."),
                },
            }
        },
    }


SEARCH_MAX_LIMIT = 20  # as sitewide.api.MAX_LIMIT (that layer is above this one)


def _search_schema() -> dict[str, Any]:
    hit = {
        "type": "object",
        "required": ["kind", "id", "game", "number", "title", "snippet", "url", "engine_proven", "language", "score"],
        "properties": {
            "kind": {"enum": ["clause", "ruling"], "description": "A rulebook clause or an FAQ ruling."},
            "id": {"type": "string", "description": "The clause's id or the ruling's slug."},
            "game": {"type": "string"},
            "number": {"type": ["string", "null"], "description": "The clause's § number; null for a ruling."},
            "title": {"type": "string", "description": "The clause's title or the ruling's question."},
            "snippet": {"type": "string", "description": "Plain text around the words that matched."},
            "url": {"type": "string", "description": "The absolute address of its page, in the asked language."},
            "engine_proven": {
                "type": "boolean",
                "description": "A ruling whose board replays in the rules engine with every expectation holding "
                "(the site's 'checked by the rules engine' badge); false for clauses.",
            },
            "language": {"type": "string", "description": "The language of title and snippet."},
            "score": {"type": "number"},
        },
    }
    return {
        "type": "object",
        "required": ["q", "truncated", "max_q", "lang", "game", "answered", "hits", "ask"],
        "properties": {
            "q": {"type": "string", "description": "The question as searched (cleaned, at most max_q characters)."},
            "truncated": {"type": "boolean"},
            "max_q": {"type": "integer"},
            "lang": {"enum": list(LANGUAGES)},
            "game": {"type": ["string", "null"]},
            "answered": {
                "type": "boolean",
                "description": "Whether a rule or ruling answers the question. false: no ruling; the hits are only "
                "the closest and do not answer it (say so), and 'ask' is the ask form to send it to the editors.",
            },
            "hits": {"type": "array", "items": hit, "description": "Best first: clauses and rulings in one order."},
            "ask": {
                "type": ["string", "null"],
                "description": "When not answered and the game is known: the ask form with question and game filled in.",
            },
        },
    }


def _search_path() -> dict[str, Any]:
    return {
        "/search": {
            "get": {
                "operationId": "search",
                "summary": "Search the rulebooks and the rulings in players' words; says when nothing answers",
                "parameters": [
                    {
                        "name": "q",
                        "in": "query",
                        "required": True,
                        "description": "The question as a player would ask it (the first 200 characters are searched).",
                        "schema": {"type": "string", "minLength": 1, "maxLength": 2000},
                        "example": "can the monster walk through the wall",
                    },
                    {
                        "name": "lang",
                        "in": "query",
                        "required": False,
                        "description": "The language of the question and the answers; without it the first of nl, de, en "
                        "in Accept-Language, else English.",
                        "schema": {"type": "string", "enum": list(LANGUAGES)},
                        "example": "en",
                    },
                    {
                        "name": "game",
                        "in": "query",
                        "required": False,
                        "description": "The game the question is about: its answers come first, another game's only when "
                        "clearly better. Empty or absent: every game alike.",
                        "schema": {"type": "string", "pattern": "^[-a-zA-Z0-9_]*$"},
                        "example": "finstere-flure",
                    },
                    {
                        "name": "limit",
                        "in": "query",
                        "required": False,
                        "description": f"How many hits (1 to {SEARCH_MAX_LIMIT}, default 5; at most 5 when not answered).",
                        "schema": {"type": "integer", "minimum": 1, "maximum": SEARCH_MAX_LIMIT},
                        "example": 3,
                    },
                ],
                "responses": {
                    "200": _json(_ref("SearchResponse"), "The answer: answered or not, and the ranked hits."),
                    "400": _error("No question (q), an unknown lang or a limit out of range."),
                    "404": _error("An unknown game."),
                    "429": _error("Too many questions from this address in the current window; see Retry-After."),
                },
            }
        },
    }


@cache
def document() -> dict[str, Any]:
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Regels aan tafel: rules API",
            "version": "1",
            "description": (
                "The rules engines of the site's games: list the games and their worked examples, "
                "and apply actions to any position, setup, log or scenario (or apply none to read a "
                "state's legal actions). Nothing is stored. Every error is JSON "
                '{"error": {"code", "field", "reason", "message", "clause"?}}: \'code\' is stable '
                "for programs (an action string that is no action of the game is 'not-an-action', a 400; "
                "an action the rules forbid is judged 'legal: false' with code 'illegal-action' and its clause, "
                "or in a start's actions a 400 'illegal-action'); a wrong method is a 405 with an Allow header. "
                "The search (/search) answers players' questions with the rulebooks' clauses and the FAQ's "
                "rulings, and says when none answers. The guide with examples is the site's /<lang>/api/ page."
            ),
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {**_listing_paths(), **_scenario_paths(), **_apply_path(), **_search_path()},
        "components": {"schemas": _schemas()},
    }
