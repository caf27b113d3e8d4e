"""Storing a visitor's question, idempotently.

Every rendering of the ask form carries a random nonce (``{% ask_nonce %}``). The tracking token
of the question is derived from that nonce, the game and the question text with a keyed HMAC,
so the same form sent twice (a double click, a reload, the back button) yields the same token.
The token column is unique: when two copies arrive at the same moment, one insert wins and the
other fails inside its own savepoint, finds the stored entry by its token and answers with the
same tracking link. A slug taken by another question in the meantime is chosen again.
"""

from __future__ import annotations

import base64
import re
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.crypto import salted_hmac

from .models import Entry, new_token, unique_slug

NONCE_RE = re.compile(r"[A-Za-z0-9_-]{16,64}")
SAVE_ATTEMPTS = 4


def new_nonce() -> str:
    return secrets.token_urlsafe(18)


def question_token(nonce: str, game_slug: str, question: str) -> str:
    """The tracking token for this form's question: derived when the form has a nonce, random
    otherwise (a form without one is not recognised when sent again)."""
    if not NONCE_RE.fullmatch(nonce or ""):
        return new_token()
    digest = salted_hmac("faq.asking.question_token", f"{nonce}\x1f{game_slug}\x1f{question}", algorithm="sha256")
    return base64.urlsafe_b64encode(digest.digest()[:24]).decode("ascii")  # 32 characters, like new_token()


def find_question(token: str) -> Entry | None:
    return Entry.objects.filter(token=token).select_related("game").first()


def store_question(data: dict[str, Any], token: str) -> tuple[Entry, bool]:
    """Store the visitor's question (the cleaned data of an AskForm) under ``token``.

    Returns ``(entry, created)``; ``created`` is False when the question with this token was
    already stored, by an earlier or a simultaneous request.
    """
    game = data["game"]
    for attempt in range(SAVE_ATTEMPTS):
        existing = find_question(token)
        if existing is not None:
            return existing, False
        entry = Entry(
            game=game,
            question=data["question"],
            asker_name=data["name"],
            asker_email=data["email"],
            asker_language=data.get("language", ""),
            position_url=data.get("position") or "",
            origin=Entry.VISITOR,
            status=Entry.RECEIVED,
            published=False,
            token=token,
        )
        entry.asked_at = entry.created_at
        entry.slug = unique_slug(game.slug, entry.question)
        if attempt == SAVE_ATTEMPTS - 1:  # still colliding: a slug nobody else computes
            entry.slug = f"{entry.slug[:70]}-{secrets.token_hex(4)}"
        try:
            with transaction.atomic():
                entry.save()
                if data.get("clause_obj") is not None:
                    entry.clauses.add(data["clause_obj"])
        except IntegrityError:
            continue  # the token (a repeat) or the slug (another question) was taken meanwhile: look again
        return entry, True
    existing = find_question(token)
    if existing is None:
        raise IntegrityError("could not store the question")
    return existing, False
