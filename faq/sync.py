"""Load the curated FAQ entries shipped in the repository and keep them in sync.

Rule (run by ``loadrules`` after the rulebooks are stored):

- An entry is matched by (game, slug); the slug is the file name.
- A missing entry is created: origin "repository", status answered, published.
- A repository entry is updated from its file only while no editor has touched it in the admin
  (``edited_in_admin``); ``content_hash`` records the file version last applied, so an
  unchanged file costs nothing. Once edited in the admin, the editor's version wins until an
  editor chooses "restore the repository version".
- Entries created in the admin or asked by visitors are never overwritten. Curated files and
  visitors' questions must not collide: a visitor question holding a file's slug moves aside to a
  free slug (its tracking token, and so the asker's link, stays; if it was published, its old
  address now shows the curated entry for the same question). An entry written in the admin
  keeps its slug, and ``deploy_problems`` makes ``loadrules`` refuse the file loudly.
- A repository entry whose file was removed is unpublished (unless an editor took it over);
  entries of a retired game are left as they are (hidden with their game).
- ``[[former-id]]`` references in stored answers are rewritten to the id the clause was renamed to
  (``renamed_from``); the rendering is then the same as before the rename.
- Afterwards every entry's answer is rendered again, since clause numbers may have changed.

``deploy_problems`` is what ``loadrules`` (and ``checkrules --database``) refuse before anything
changes: an answer citing ``[[id]]`` of a clause the content drops without a rename, and a curated
file whose slug an entry written in the admin holds.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TypeVar

from django.db import transaction
from django.utils import timezone, translation

from pagecache.httpcache import bump
from rulebooks.contentset import ContentSet, FaqSource, GameContent
from rulebooks.loader import LoadPlan
from rulebooks.models import Clause, Game
from rulebooks.parsing import Problem, cross_refs, resolve_refs

from .models import Entry, EntryTranslation, Phrasing, source_hash, unique_slug
from .rendering import cached_references


@dataclass
class SyncReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    kept: int = 0  # edited in the admin: left alone
    withdrawn: int = 0
    references_renamed: int = 0  # answers whose [[former-id]] now reads [[current-id]]
    conflicts: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)  # visitor questions moved aside for a file
    phrasings: int = 0  # "players also say" rows of the files added or removed

    def __str__(self) -> str:
        text = (
            f"FAQ: {self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.kept} kept as edited in the admin, {self.withdrawn} withdrawn"
        )
        if self.references_renamed:
            text += f", {self.references_renamed} answer(s) now cite renamed clauses by their new id"
        if self.phrasings:
            text += f", {self.phrasings} “players also say” phrasing(s) added or removed"
        text += "".join(f"\n  moved aside: {m}" for m in self.moved)
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


def apply_source(entry: Entry, source: FaqSource, now: dt.datetime | None = None) -> None:
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


def apply_translations(entry: Entry, game: GameContent) -> None:
    """The entry's ``faq/<lang>/<slug>.md`` files as its translations (changed ones rewritten,
    ones whose file is gone removed)."""
    wanted = {
        lang: translation.faqs[entry.slug]
        for lang, translation in game.translations.items()
        if entry.slug in translation.faqs
    }
    for row in entry.translations.all():
        source = wanted.pop(row.language, None)
        if source is None:
            row.delete()
        elif (row.question, row.answer) != (source.question, source.answer):
            row.question, row.answer = source.question, source.answer
            row.save()
    for lang, source in wanted.items():
        EntryTranslation(entry=entry, language=lang, question=source.question, answer=source.answer).save()


def deploy_problems(content: ContentSet, plan: LoadPlan) -> list[Problem]:
    """What loading ``content`` would do to people's work that must refuse the load (no writes).

    (Citations through the many-to-many table and a missing game's entries are refused by
    ``rulebooks.loader.plan_load`` itself; this adds what only the FAQ knows.)"""
    with translation.override("en"):  # command output is English
        return _deploy_problems(content, plan)


def _deploy_problems(content: ContentSet, plan: LoadPlan) -> list[Problem]:
    problems: list[Problem] = []
    # (A curated entry that mirrors its file is checked by checkrules through the file.)
    for entry in Entry.objects.written_by_people().filter(answer__contains="[[").order_by("game_id", "slug"):
        for ref in dict.fromkeys(cross_refs(entry.answer)):
            if ref in plan.removed_ids and content.resolve(ref) is None:
                problems.append(
                    Problem(
                        f"FAQ entry {entry.game_id}/{entry.slug}",
                        0,
                        f"the answer ({entry.get_origin_display()}) cites [[{ref}]], which is no longer in the "
                        f"content: if it was renamed, add 'renamed_from={ref}' to its new heading",
                    )
                )
    for game_slug, game in sorted(content.games.items()):
        files = {source.slug: source for source in game.faqs}
        taken = Entry.objects.filter(game_id=game_slug, slug__in=list(files), origin=Entry.EDITOR).order_by("slug")
        for entry in taken:
            problems.append(
                Problem(
                    files[entry.slug].path,
                    1,
                    f"the slug '{entry.slug}' belongs to an entry written in the admin (“{entry}”): rename this "
                    f"file, or give that entry another slug in the admin",
                )
            )
    return problems


def follow_renames(aliases: dict[str, str]) -> int:
    """Rewrite ``[[former-id]]`` to ``[[current-id]]`` in every stored answer; returns how many."""
    if not aliases:
        return 0
    done = 0
    for entry in Entry.objects.select_for_update(of=("self",)).filter(answer__contains="[[").order_by("pk"):
        answer = resolve_refs(entry.answer, aliases)
        if answer != entry.answer:
            Entry.objects.filter(pk=entry.pk).update(answer=answer)
            done += 1
    return done


def _move_visitor_question(entry: Entry, source: FaqSource, curated: set[str]) -> str:
    """Give a visitor's question that holds a curated file's slug a free slug; says what happened."""
    old = entry.slug
    entry.slug = unique_slug(entry.game_id, old, avoid=curated)
    Entry.objects.filter(pk=entry.pk).update(slug=entry.slug)
    text = (
        f"{source.path}: the visitor question '{old}' now has the slug '{entry.slug}' (its tracking link is unchanged)"
    )
    if entry.published:
        text += f"; its old address /<lang>/{entry.game_id}/faq/{old}/ now shows the curated entry"
    return text


@transaction.atomic
def sync_curated(content: ContentSet, only: set[tuple[str, str]] | None = None) -> SyncReport:
    """Bring the repository entries in line with the files of ``content`` (see the module doc).

    ``only``: restrict to these (game, slug) pairs (the admin's "restore" action).
    """
    with cached_references():  # the rulebooks do not change during the sync
        return _sync_curated(content, only)


def _sync_curated(content: ContentSet, only: set[tuple[str, str]] | None) -> SyncReport:
    report = SyncReport()
    now = timezone.now()
    games = set(Game.objects.values_list("slug", flat=True))
    if only is None:
        report.references_renamed = follow_renames(content.aliases)
    seen: set[tuple[str, str]] = set()
    for game_slug, game in sorted(content.games.items()):
        if game_slug not in games:
            continue
        curated = {source.slug for source in game.faqs}
        for source in game.faqs:
            key = (game_slug, source.slug)
            seen.add(key)
            if only is None or key in only:
                _sync_source(game_slug, game, source, curated, now, report)
    if only is None:
        report.withdrawn = _withdraw_missing(content, seen)
        report.phrasings = sync_phrasings(content)
        rerender_all()
    return report


def _sync_source(
    game_slug: str, game: GameContent, source: FaqSource, curated: set[str], now: dt.datetime, report: SyncReport
) -> None:
    """One curated question from the repository: created, updated, or left alone when it is unchanged,
    edited in the admin or a slug of the admin's; a visitor's question with its slug moves aside."""
    entry = Entry.objects.filter(game_id=game_slug, slug=source.slug).first()
    if entry is not None and entry.origin == Entry.VISITOR:
        report.moved.append(_move_visitor_question(entry, source, curated))
        entry = None
    if entry is None:
        entry = Entry(game_id=game_slug, slug=source.slug, origin=Entry.REPOSITORY, created_at=now)
        apply_source(entry, source, now)
        report.created += 1
    elif entry.origin != Entry.REPOSITORY:
        report.conflicts.append(f"{source.path}: the slug '{source.slug}' belongs to an entry written in the admin")
    elif entry.edited_in_admin:
        report.kept += 1
    elif entry.content_hash == faq_hash(source) and entry.published:
        report.unchanged += 1
    else:
        apply_source(entry, source, now)
        report.updated += 1
    if entry.origin == Entry.REPOSITORY and not entry.edited_in_admin:
        apply_translations(entry, game)


def _withdraw_missing(content: ContentSet, seen: set[tuple[str, str]]) -> int:
    """Unpublish the repository's published entries whose file is gone (not edited in the admin)."""
    withdrawn = 0
    gone = Entry.objects.filter(
        origin=Entry.REPOSITORY, edited_in_admin=False, published=True, game_id__in=list(content.games)
    )
    for entry in gone:
        if (entry.game_id, entry.slug) not in seen:
            entry.published = False
            entry.content_hash = ""
            entry.save(dates=False)
            withdrawn += 1
    return withdrawn


def sync_phrasings(content: ContentSet) -> int:
    """Make the files' "players also say" rows (origin "file") those of ``phrasings.toml``; the
    admin's are left alone (one that says the same as a file is not written twice). Returns how
    many rows were added or removed."""
    wanted: dict[tuple[int | None, int | None, str, str], str] = {}  # key -> game
    games = [slug for slug in content.games if Game.objects.filter(slug=slug).exists()]
    for slug in games:
        clauses = dict(Clause.objects.filter(game_id=slug).values_list("anchor", "pk"))
        entries = dict(Entry.objects.filter(game_id=slug, origin=Entry.REPOSITORY).values_list("slug", "pk"))
        for phrasing in content.games[slug].phrasings:
            if phrasing.kind == "clause" and phrasing.ref in clauses:
                wanted[(clauses[phrasing.ref], None, phrasing.language, phrasing.text)] = slug
            elif phrasing.kind == "faq" and phrasing.ref in entries:
                wanted[(None, entries[phrasing.ref], phrasing.language, phrasing.text)] = slug
    rows = Phrasing.objects.filter(game_id__in=games)
    have = {(p.clause_id, p.entry_id, p.language, p.text): p for p in rows}
    stale = [p.pk for key, p in have.items() if p.origin == Phrasing.FILE and key not in wanted]
    Phrasing.objects.filter(pk__in=stale).delete()
    # In one statement (some thousand rows, no signals): the caller's bump announces the change.
    new = [
        Phrasing(game_id=game, clause_id=key[0], entry_id=key[1], language=key[2], text=key[3], origin=Phrasing.FILE)
        for key, game in sorted(wanted.items(), key=lambda item: str(item[0]))
        if key not in have
    ]
    Phrasing.objects.bulk_create(new, batch_size=500)
    if new or stale:
        bump()
    return len(new) + len(stale)


@transaction.atomic
def rerender_all() -> int:
    """Render every answer again (clause numbers and titles in links may have changed); returns
    how many renderings changed.

    The rows stay locked from the read to the write (``SELECT … FOR UPDATE`` on PostgreSQL): an
    admin save committing in between would otherwise be overwritten with the rendering of the
    answer it replaced. The admin's save waits for this transaction instead and renders its own
    text. (SQLite has no row locks; its writer lock already serialises the two.)"""
    # the answers and their translations
    return _rerender(Entry) + _rerender(EntryTranslation)


_Rendered = TypeVar("_Rendered", Entry, EntryTranslation)


def _rerender(model: type[_Rendered]) -> int:
    fields = ["answer_html", "answer_text"]
    changed: list[_Rendered] = []
    for row in model.objects.select_for_update(of=("self",)).order_by("pk"):
        before = [getattr(row, name) for name in fields]
        row.render()
        if [getattr(row, name) for name in fields] != before:
            changed.append(row)
    model.objects.bulk_update(changed, fields, batch_size=200)
    return len(changed)
