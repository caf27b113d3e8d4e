"""Load the curated FAQ entries shipped in the repository and keep them in sync.

Rule (run by ``loadrules`` after the rulebooks are stored):

- An entry is matched by (game, slug); the slug is the file name.
- A missing entry is created: origin "repository", status answered, published.
- A repository entry is updated from its file only while no editor has touched it in the admin
  (``edited_in_admin``); ``content_hash`` records the file version last applied, so an
  unchanged file costs nothing. Once edited in the admin, the editor's version wins until an
  editor chooses "restore the repository version".
- Entries created in the admin or asked by visitors are never touched. A file whose slug is
  already taken by such an entry is skipped and reported.
- A repository entry whose file was removed is unpublished (unless an editor took it over).
- Afterwards every entry's answer is rendered again, since clause numbers may have changed.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from rulebooks.contentset import ContentSet, FaqSource
from rulebooks.models import Clause, Game

from .models import Entry, source_hash


@dataclass
class SyncReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    kept: int = 0  # edited in the admin: left alone
    withdrawn: int = 0
    conflicts: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        text = (
            f"FAQ: {self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.kept} kept as edited in the admin, {self.withdrawn} withdrawn"
        )
        return text + "".join(f"\n  skipped: {c}" for c in self.conflicts)


def _aware(day: dt.date | None) -> dt.datetime | None:
    if day is None:
        return None
    return timezone.make_aware(dt.datetime.combine(day, dt.time(12, 0)))


def faq_hash(source: FaqSource) -> str:
    return source_hash(
        source.question, source.answer, ",".join(source.clauses), source.scenario, source.asked, source.answered,
        source.origin,
    )  # fmt: skip


def apply_source(entry: Entry, source: FaqSource, now=None) -> None:
    """Copy a repository file into ``entry`` (saved) and attach its clauses."""
    entry.question = source.question
    entry.answer = source.answer
    entry.scenario = source.scenario
    entry.provenance = source.origin[:300]
    entry.source_path = source.path
    entry.status = Entry.ANSWERED if entry.status != Entry.CHANGED else entry.status
    entry.published = True
    entry.content_hash = faq_hash(source)
    entry.edited_in_admin = False
    entry.apply_dates(now)
    # Dates shown to readers come from the file only: no date is better than an invented one.
    entry.asked_at = _aware(source.asked)
    entry.answered_at = _aware(source.answered)
    entry.save(dates=False)
    entry.clauses.set(Clause.objects.filter(anchor__in=source.clauses))


@transaction.atomic
def sync_curated(content: ContentSet, only: set[tuple[str, str]] | None = None) -> SyncReport:
    """Bring the repository entries in line with the files of ``content`` (see the module doc).

    ``only``: restrict to these (game, slug) pairs (the admin's "restore" action).
    """
    report = SyncReport()
    now = timezone.now()
    games = set(Game.objects.values_list("slug", flat=True))
    seen: set[tuple[str, str]] = set()
    for game_slug, game in sorted(content.games.items()):
        if game_slug not in games:
            continue
        for source in game.faqs:
            key = (game_slug, source.slug)
            seen.add(key)
            if only is not None and key not in only:
                continue
            entry = Entry.objects.filter(game_id=game_slug, slug=source.slug).first()
            if entry is None:
                entry = Entry(game_id=game_slug, slug=source.slug, origin=Entry.REPOSITORY, created_at=now)
                apply_source(entry, source, now)
                report.created += 1
            elif entry.origin != Entry.REPOSITORY:
                report.conflicts.append(f"{source.path}: the slug '{source.slug}' belongs to an entry made in the admin")
            elif entry.edited_in_admin:
                report.kept += 1
            elif entry.content_hash == faq_hash(source) and entry.published:
                report.unchanged += 1
            else:
                apply_source(entry, source, now)
                report.updated += 1
    if only is None:
        gone = Entry.objects.filter(origin=Entry.REPOSITORY, edited_in_admin=False, published=True)
        for entry in gone:
            if (entry.game_id, entry.slug) not in seen:
                entry.published = False
                entry.content_hash = ""
                entry.save(dates=False)
                report.withdrawn += 1
        rerender_all()
    return report


def rerender_all() -> int:
    """Render every answer again (clause numbers and titles in links may have changed)."""
    entries = list(Entry.objects.all())
    for entry in entries:
        entry.render()
    Entry.objects.bulk_update(entries, ["answer_html", "answer_text", "search_title", "search_body"], batch_size=200)
    return len(entries)
