"""A :class:`~rules.core.problems.Problem` as the rules API's JSON answer, written in one place.

``{"error": {"code", "field", "reason", "message", "clause"?, "data"?}}``: ``code`` is stable for
programs (:class:`rules.core.problems.Code`), ``field`` names the part of the request at fault, ``reason`` is
English, ``message`` says the same in the request's language where the site has the sentence (a
rule's refusal from the game's catalogues, the API's own checks from the site's translations), and
``clause`` is the rulebook clause when a rule refused, ``data`` the values a client can use (the
game, the limit, the action ...: the sentence's placeholders that are plain JSON values).
"""

from __future__ import annotations

from typing import Any

from django.http import JsonResponse
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from rules.core.engine import RuleError
from rules.core.problems import Code, Problem, plain_data
from rules.core.replay import ReplayError

NOT_ALLOWED_HERE = gettext_noop("'%(action)s' is not allowed here: %(reason)s")


def problem(field: str, template: str, status: int = 400, *, code: Code = Code.BAD_VALUE, **data: Any) -> Problem:
    """A problem whose sentence the site translates: ``template`` is marked with gettext_noop."""
    return Problem(field, key=template, data=data, code=code, status=status)


def message(exc: Problem) -> str:
    """The problem's sentence in the active language (falling back to English)."""
    if isinstance(exc, ReplayError):
        lang = translation.get_language()
        reason = exc.refusal.reason_in(lang) if exc.refusal is not None else exc.reason
        if exc.code == Code.NOT_AN_ACTION:  # no rule was asked: "not allowed here" would mislead
            return reason
        return gettext(NOT_ALLOWED_HERE) % {"action": exc.action, "reason": reason}
    if isinstance(exc, RuleError) and exc.messages is not None and exc.messages.has(exc.key):
        return exc.reason_in(translation.get_language())
    if exc.message:
        return exc.message
    text = gettext(exc.key) if exc.key else exc.reason
    if not exc.data:
        return text
    try:
        return text % exc.data
    except (KeyError, TypeError, ValueError):
        return exc.reason


def problem_response(exc: Problem) -> JsonResponse:
    """The JSON answer to ``exc``, with its status."""
    payload: dict[str, Any] = {"code": exc.code, "field": exc.field, "reason": exc.sentence(), "message": message(exc)}
    if exc.clause:
        payload["clause"] = exc.clause
    data = plain_data(exc.data)
    if data:
        payload["data"] = data
    return JsonResponse({"error": payload}, status=exc.status)
