"""Existing answers that match a new question, for the editor triaging it in the admin: answer with
a link to a ruling or a clause instead of writing the same answer twice.

The search sits above the FAQ app (``sitewide``), so it registers its matcher here when the site
starts (``sitewide.apps``); without one (the FAQ app alone) there are no matches to show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulebooks.models import Game

# (question, game, language) -> search hits (``sitewide.search.Hit``, which this app cannot import).
Matcher = Callable[[str, Game, str], list[Any]]
_matcher: Matcher | None = None


def register_matcher(matcher: Matcher) -> None:
    global _matcher
    _matcher = matcher


def matches(question: str, game: Game, lang: str) -> list[Any]:
    """Search hits (``sitewide.search.Hit``) for ``question`` about ``game``, in ``lang``."""
    return _matcher(question, game, lang) if _matcher is not None else []


# What "answer with this" writes into the answer, in the rulebook's language.
CLAUSE_ANSWER = {
    "nl": "Dit staat in [[{ref}]].",
    "de": "Das regelt [[{ref}]].",
    "en": "This is answered by [[{ref}]].",
}
ENTRY_ANSWER = {
    "nl": "Deze vraag is al beantwoord: [{question}]({url}).",
    "de": "Diese Frage ist schon beantwortet: [{question}]({url}).",
    "en": "This question has already been answered: [{question}]({url}).",
}
