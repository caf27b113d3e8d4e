"""Existing answers that match a new question, for the editor triaging it in the admin: answer with
a link to a ruling or a clause instead of writing the same answer twice.

The search sits above the FAQ app (``sitewide``), so it registers its matcher for the
``triage_matchers`` hook (``sitewide.site_hooks``); without one (the FAQ app alone) there are no matches to show.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from pagecache import hooks
from rulebooks.models import Game

from .models import Entry


def matches(question: str, game: Game, lang: str) -> list[Any]:
    """Search hits (``sitewide.search.Hit``) for ``question`` about ``game``, in ``lang``: what the
    ``triage_matchers`` hooks find (:mod:`pagecache.hooks`)."""
    return [hit for matcher in hooks.get_hooks("triage_matchers") for hit in matcher(question, game, lang)]


def question_language(entry: Entry) -> str:
    """The language a question is written in: the asker's, else its rulebook's."""
    return entry.asker_language or entry.game.language


def ruling_link(entry: Entry, lang: str) -> str:
    """"This question has already been answered: [question](url)" in ``lang`` (Markdown)."""
    url = f"/{lang}/{entry.game_id}/faq/{entry.slug}/"
    return ENTRY_ANSWER.get(lang, ENTRY_ANSWER["en"]).format(question=str(entry).replace("]", ")"), url=url)


def mark_duplicate(entry: Entry, ruling: Entry) -> str:
    """Answer ``entry`` with the published ``ruling`` of its game that already answers it: the
    entry is answered (not published: the ruling is the public answer) with a link to the
    ruling, cites its clauses, and its asker is told (by the caller, once committed). Returns ""
    when done, else why not (nothing changed)."""
    if entry.published:
        return gettext("a published entry is a ruling itself")
    if ruling.pk == entry.pk or not ruling.published or ruling.duplicate_of_id is not None:
        return gettext("not a published ruling")
    if ruling.game_id != entry.game_id:
        return gettext("a ruling of another game")
    with transaction.atomic():
        entry.duplicate_of = ruling
        entry.status = Entry.ANSWERED
        entry.published = False
        if not entry.answer.strip():
            entry.answer = ruling_link(ruling, entry.game.language)
        entry.save()
        entry.clauses.add(*ruling.clauses.all())
    return ""


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
