"""Telling an asker that their question is answered: one e-mail, then the address is erased.

An asker may leave an e-mail address with a question. Once the question is answered and
published (or an editor marks it a duplicate of a published ruling), :func:`notify` sends one
e-mail through Django's e-mail framework (``EMAIL_*`` settings, README), in the language the
question was asked in, with the ruling's link and the link of the position's board, and erases
the address. An address is never kept longer than ``FAQ_ASKER_EMAIL_DAYS`` after the question
was asked (:func:`erase_expired`): asking a question and ``manage.py notifyaskers`` sweep them.

"One e-mail" holds across processes: the entry is claimed (``notified_at`` set by a conditional
UPDATE) before the message is sent; a message that cannot be sent gives the claim back and
keeps the address, so ``notifyaskers`` tries again. These updates send no signal: no public
page shows the private fields.
"""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from rulebooks.localize import localize_game

from .models import Entry
from .positions import localize_position_url

logger = logging.getLogger(__name__)
DEFAULT_DAYS = 90


def keep_days() -> int:
    return int(getattr(settings, "FAQ_ASKER_EMAIL_DAYS", DEFAULT_DAYS))


def ruling_of(entry: Entry) -> Entry | None:
    """The published ruling that answers the asker: the entry itself, or the one it duplicates."""
    if entry.published and entry.status in Entry.ANSWERED_STATUSES:
        return entry
    ruling = entry.duplicate_of
    if ruling is not None and ruling.published and not ruling.game.retired:
        return ruling
    return None


def is_due(entry: Entry) -> bool:
    return bool(entry.asker_email) and entry.notified_at is None and ruling_of(entry) is not None


@dataclass(frozen=True)
class Links:
    ruling: str
    position: str  # "" when neither the question nor the ruling has a position
    tracking: str


def links(entry: Entry, ruling: Entry, lang: str, base_url: str) -> Links:
    """Absolute links in the asker's language: the ruling, the position's board (the one the
    asker attached, else the ruling's) and the asker's private page."""
    base = base_url.rstrip("/")
    with translation.override(lang):
        ruling_path = reverse("faq:entry", args=[ruling.game_id, ruling.slug])
        tracking = reverse("faq:track", args=[entry.token]) if entry.token else ""
    position = localize_position_url(entry.position_url or ruling.position_url, lang)
    return Links(base + ruling_path, base + position if position else "", base + tracking if tracking else "")


def message(entry: Entry, ruling: Entry, base_url: str) -> EmailMessage:
    lang = entry.asker_language if entry.asker_language in dict(settings.LANGUAGES) else entry.game.language
    with translation.override(lang):
        context = {
            "entry": entry,
            "ruling": ruling,
            "duplicate": ruling.pk != entry.pk,
            "game": localize_game(entry.game, lang),
            "links": links(entry, ruling, lang, base_url),
            "keep_days": keep_days(),
        }
        subject = " ".join(render_to_string("faq/email/answered_subject.txt", context).split())
        body = render_to_string("faq/email/answered.txt", context)
    return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [entry.asker_email], headers={"Content-Language": lang})


SENT, FAILED, NOT_DUE = "sent", "failed", ""


def notify(entry: Entry, base_url: str) -> str:
    """Send the asker's one e-mail if it is due: SENT (and the address erased), FAILED (kept for
    a retry) or NOT_DUE (no address, not answered and published, or told already)."""
    entry = Entry.objects.select_related("game", "duplicate_of__game").get(pk=entry.pk)
    if not is_due(entry):
        return NOT_DUE
    ruling = ruling_of(entry)
    assert ruling is not None
    now = timezone.now()
    address = entry.asker_email
    claimed = Entry.objects.filter(pk=entry.pk, notified_at__isnull=True, asker_email=address).update(notified_at=now)
    if not claimed:
        return NOT_DUE  # another process sent it a moment ago
    try:
        message(entry, ruling, base_url).send()
    except (smtplib.SMTPException, OSError) as error:
        Entry.objects.filter(pk=entry.pk, notified_at=now).update(notified_at=None)
        logger.warning("could not tell the asker of FAQ entry %s (kept for a retry): %s", entry.pk, error)
        return FAILED
    Entry.objects.filter(pk=entry.pk).update(asker_email="")
    return SENT


def erase_expired(now: datetime | None = None) -> int:
    """Erase the addresses of questions received more than ``FAQ_ASKER_EMAIL_DAYS`` ago."""
    cutoff = (now or timezone.now()) - timedelta(days=keep_days())
    return Entry.objects.exclude(asker_email="").filter(created_at__lt=cutoff).update(asker_email="")


@dataclass
class SweepReport:
    sent: int = 0
    failed: int = 0
    erased: int = 0

    def __str__(self) -> str:
        return (
            f"Askers: {self.sent} told by e-mail, {self.failed} e-mail(s) not sent (kept for the next run), "
            f"{self.erased} address(es) erased after {keep_days()} days."
        )


def sweep(base_url: str) -> SweepReport:
    """Send every e-mail that is due (one that could not be sent before), then erase the
    addresses kept too long. Without ``base_url`` nothing is sent (the links need the site's address)."""
    report = SweepReport()
    due = Entry.objects.exclude(asker_email="").filter(notified_at__isnull=True)
    for entry in due.select_related("game", "duplicate_of__game"):
        if not base_url or not is_due(entry):
            continue
        outcome = notify(entry, base_url)
        report.sent += outcome == SENT
        report.failed += outcome == FAILED
    report.erased = erase_expired()
    return report
