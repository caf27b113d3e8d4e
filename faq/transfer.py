"""Export and import everything people wrote in the FAQ (``manage.py exportfaq`` / ``importfaq``).

The file is JSON with a format name and version. It holds every entry (curated, written in the
admin, asked by visitors) with its cited clause ids, status, dates, origin and sync bookkeeping,
the public history of changes, its translations (editors write and change them in the admin),
and the **private** fields: askers' names, email addresses and tracking tokens. Keep an export as
private as the database itself. Every model of the faq app is either in :data:`EXPORTED` or, with
the reason, in :data:`NOT_EXPORTED`; a test fails for a model in neither.

Import is all or nothing and idempotent: the whole file is checked first (format, version, text
that is valid Unicode without NUL, dates a database can hold, every field through the model's own
validation and the rules of the admin's form: question length, clauses of the entry's game, a
scenario that exists, no publishing without an answer; games and clauses that exist), and every
problem is reported with its place (``entries[3].question: ...``). An entry is matched by its
tracking token, else by (game, slug); a matched entry takes the file's version, a change is
matched by (date, reason), a translation by its language; nothing is ever deleted. Rendered
copies (answer HTML, search columns) are not exported; they are rendered again on import. Files
of version 1 (without translations) still import and leave translations as they are.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass, field

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from rulebooks.models import Clause, Game
from rulesite.httpcache import bump
from simulator.core.scenario_files import scenario_ids

from .models import QUESTION_MAX, REASON_MAX, Change, Entry, EntryTranslation

FORMAT = "rulesite-faq"
VERSION = 2
READABLE_VERSIONS = (1, 2)
# The faq app's models in the file (entries carry their changes and translations) ...
EXPORTED: tuple[type, ...] = (Entry, Change, EntryTranslation)
# ... and those left out, each with the reason (derived data that is rebuilt, not written by people).
NOT_EXPORTED: dict[type, str] = {}
PERSONAL_DATA_NOTE = (
    "This file holds personal data: the names, email addresses and private tracking tokens of "
    "visitors who asked questions. Keep it as private as the database."
)

TEXT_FIELDS = (
    "slug", "question", "answer", "scenario", "position_url", "status", "origin", "provenance",
    "asker_name", "asker_email", "source_path", "content_hash",
)  # fmt: skip
BOOL_FIELDS = ("published", "edited_in_admin")
DATE_FIELDS = ("created_at", "asked_at", "answered_at", "changed_at", "published_at", "updated_at")
ENTRY_KEYS = {"game", "clauses", "token", "changes", "translations", *TEXT_FIELDS, *BOOL_FIELDS, *DATE_FIELDS}
CHANGE_KEYS = {"reason", "editor", "created_at"}
TRANSLATION_KEYS = {"language", "question", "answer"}


class ImportRefused(Exception):
    """The file cannot be imported; ``problems`` name each place (nothing was changed)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    changes_added: int = 0
    unknown_editors: set[str] = field(default_factory=set)

    def __str__(self) -> str:
        text = (
            f"FAQ import: {self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.changes_added} change(s) added to the history"
        )
        if self.unknown_editors:
            text += f"\n  editors without an account here (kept as no editor): {', '.join(sorted(self.unknown_editors))}"
        return text


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def entry_record(entry: Entry) -> dict:
    """One entry as exported (everything people wrote; no rendered copies, no primary keys)."""
    record: dict = {"game": entry.game_id}
    record.update({name: getattr(entry, name) for name in TEXT_FIELDS + BOOL_FIELDS})
    record.update({name: _when(getattr(entry, name)) for name in DATE_FIELDS})
    record["token"] = entry.token
    record["clauses"] = sorted(c.anchor for c in entry.clauses.all())
    record["changes"] = [
        {"reason": c.reason, "editor": c.editor.get_username() if c.editor else None, "created_at": _when(c.created_at)}
        for c in sorted(entry.changes.all(), key=lambda c: (c.created_at, c.pk))
    ]
    record["translations"] = [
        {"language": t.language, "question": t.question, "answer": t.answer}
        for t in sorted(entry.translations.all(), key=lambda t: t.language)
    ]
    return record


def export_time() -> dt.datetime:
    """Now, or ``SOURCE_DATE_EPOCH`` when set (the reproducible-builds convention): two exports of
    the same data are then the same bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isascii() and epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC)
    return timezone.now()


def export_data(now: dt.datetime | None = None) -> dict:
    entries = (
        Entry.objects.all()
        .select_related("game")
        .prefetch_related("clauses", "changes__editor", "translations")
        .order_by("game_id", "slug")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": (now or export_time()).isoformat(),
        "personal_data": PERSONAL_DATA_NOTE,
        "entries": [entry_record(entry) for entry in entries],
    }


# -- import ---------------------------------------------------------------------------------------


@dataclass
class _Planned:
    record: dict
    entry: Entry | None  # the stored entry it updates, or None to create
    clauses: list[Clause]
    unchanged: bool = False


def import_data(data, dry_run: bool = False) -> ImportReport:
    """Import an export (see the module doc). Raises :class:`ImportRefused`, changing nothing."""
    records = _check_envelope(data)
    if data["version"] == 1:  # before translations were exported: leave them as they are
        records = [{**r, "translations": None} if isinstance(r, dict) else r for r in records]
    with transaction.atomic():
        planned = _plan(records)
        report = _apply(planned)
        if dry_run:
            transaction.set_rollback(True)
        else:
            bump()  # public pages change once the import commits (bulk updates send no signals)
    return report


def _check_envelope(data) -> list[dict]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused([f"not a FAQ export: the file must be a JSON object with \"format\": \"{FORMAT}\""])
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise ImportRefused([f"unsupported version {json.dumps(version)[:20]}: this site reads versions {readable}"])
    records = data.get("entries")
    if not isinstance(records, list):
        raise ImportRefused(["\"entries\" must be a list"])
    return records


def _plan(records: list) -> list[_Planned]:
    problems: list[str] = []
    languages = dict(Game.all_objects.values_list("slug", "language"))
    games = set(languages)
    clause_ids = _clause_lookup()
    seen_keys: set[tuple[str, str]] = set()
    seen_tokens: set[str] = set()
    planned: list[_Planned] = []
    for i, record in enumerate(records):
        where = f"entries[{i}]"
        local = _check_record(record, where)
        if local:
            problems.extend(local)
            continue
        key = (record["game"], record["slug"])
        where = f"{where} ({key[0]}/{key[1]})"
        if record["game"] not in games:
            problems.append(f"{where}: unknown game '{record['game']}' (load its rulebook first)")
            continue
        if key in seen_keys or (record["token"] and record["token"] in seen_tokens):
            problems.append(f"{where}: the same entry appears twice in the file")
            continue
        seen_keys.add(key)
        if record["token"]:
            seen_tokens.add(record["token"])
        unknown = [c for c in record["clauses"] if c not in clause_ids]
        if unknown:
            problems.append(f"{where}: unknown clause(s) {', '.join(unknown)}")
            continue
        entry, problem = _match(record)
        if problem:
            problems.append(f"{where}: {problem}")
            continue
        clauses = [clause_ids[c] for c in dict.fromkeys(record["clauses"])]
        foreign = sorted({c.anchor for c in clauses if c.game_id != record["game"]})
        if foreign:
            problems.append(f"{where}.clauses: these clauses belong to another game: {', '.join(foreign)}")
            continue
        unchanged = entry is not None and entry_record(entry) == _comparable(record, clauses, entry)
        candidate = _filled(entry or Entry(), record)  # (fills the stored entry in place: compare first)
        local = []
        try:
            candidate.full_clean(exclude=["game"], validate_unique=False, validate_constraints=False)
        except ValidationError as exc:
            for name, messages in exc.message_dict.items():
                local.extend(f"{where}: {name}: {message}" for message in messages)
        local.extend(_admin_form_rules(record, where, languages.get(record["game"], "")))
        if local:
            problems.extend(local)
            continue
        planned.append(_Planned(record, entry, clauses, unchanged))
    if problems:
        raise ImportRefused(problems)
    return planned


def _admin_form_rules(record: dict, where: str, game_language: str) -> list[str]:
    """What the admin's form (``faq.forms.EntryAdminForm``) and the translation inline refuse."""
    problems = []
    question = record["question"].strip()
    if not question:
        problems.append(f"{where}.question: must not be empty")
    elif len(record["question"]) > QUESTION_MAX:
        problems.append(f"{where}.question: has {len(record['question'])} characters; at most {QUESTION_MAX}")
    if record["published"]:
        if not record["answer"].strip():
            problems.append(f"{where}.published: an entry without an answer cannot be published")
        if record["status"] not in Entry.ANSWERED_STATUSES:
            problems.append(f"{where}.published: only an answered (or changed) entry can be published")
    scenario = record["scenario"].strip()
    if scenario and scenario not in scenario_ids(record["game"]):
        problems.append(f"{where}.scenario: there is no scenario '{scenario[:100]}' for this game")
    for j, change in enumerate(record["changes"]):
        if len(change["reason"]) > REASON_MAX:
            problems.append(f"{where}.changes[{j}].reason: has {len(change['reason'])} characters; at most {REASON_MAX}")
    seen: set[str] = set()
    for j, item in enumerate(record["translations"] or ()):
        here = f"{where}.translations[{j}]"
        if item["language"] == game_language:
            problems.append(f"{here}.language: '{game_language}' is the rulebook's own language")
        if item["language"] in seen:
            problems.append(f"{here}.language: '{item['language']}' appears twice")
        seen.add(item["language"])
        if not item["question"].strip():
            problems.append(f"{here}.question: must not be empty")
        elif len(item["question"]) > QUESTION_MAX:
            problems.append(f"{here}.question: has {len(item['question'])} characters; at most {QUESTION_MAX}")
        if not item["answer"].strip():
            problems.append(f"{here}.answer: must not be empty")
    return problems


def _clause_lookup() -> dict[str, Clause]:
    """Clause id -> row, including former ids (an export made before a rename still imports)."""
    lookup: dict[str, Clause] = {}
    for clause in Clause.all_objects.all():
        for former in clause.former_ids:
            lookup.setdefault(former, clause)
    for clause in Clause.all_objects.all():
        lookup[clause.anchor] = clause
    return lookup


def _check_record(record, where: str) -> list[str]:
    if not isinstance(record, dict):
        return [f"{where}: must be an object"]
    problems = []
    missing = sorted(ENTRY_KEYS - set(record))
    extra = sorted(set(record) - ENTRY_KEYS)
    if missing:
        problems.append(f"{where}: missing field(s) {', '.join(missing)}")
    if extra:
        problems.append(f"{where}: unknown field(s) {', '.join(extra)}")
    if problems:
        return problems
    bad_text = _bad_text(record, where)
    if bad_text:
        return bad_text
    for name in ("game", *TEXT_FIELDS):
        if not isinstance(record[name], str):
            problems.append(f"{where}.{name}: must be text")
    for name in BOOL_FIELDS:
        if not isinstance(record[name], bool):
            problems.append(f"{where}.{name}: must be true or false")
    for name in DATE_FIELDS:
        required = name in ("created_at", "updated_at")
        problem = _date_problem(record[name], required)
        if problem:
            problems.append(f"{where}.{name}: {problem}" + ("" if required or "range" in problem else ", or null"))
    if record["token"] is not None and (not isinstance(record["token"], str) or not record["token"].strip()):
        problems.append(f"{where}.token: must be text or null")
    if not isinstance(record["clauses"], list) or not all(isinstance(c, str) for c in record["clauses"]):
        problems.append(f"{where}.clauses: must be a list of clause ids")
    changes = record["changes"]
    if not isinstance(changes, list):
        problems.append(f"{where}.changes: must be a list")
        return problems
    for j, change in enumerate(changes):
        here = f"{where}.changes[{j}]"
        if not isinstance(change, dict) or set(change) != CHANGE_KEYS:
            problems.append(f"{here}: must be an object with exactly {', '.join(sorted(CHANGE_KEYS))}")
            continue
        if not isinstance(change["reason"], str) or not change["reason"].strip():
            problems.append(f"{here}.reason: must be text")
        if change["editor"] is not None and not isinstance(change["editor"], str):
            problems.append(f"{here}.editor: must be a user name or null")
        problem = _date_problem(change["created_at"], required=True)
        if problem:
            problems.append(f"{here}.created_at: {problem}")
    translations = record["translations"]
    if translations is None:  # a version 1 file
        return problems
    if not isinstance(translations, list):
        problems.append(f"{where}.translations: must be a list")
        return problems
    languages = {code for code, _name in settings.LANGUAGES}
    for j, item in enumerate(translations):
        here = f"{where}.translations[{j}]"
        if not isinstance(item, dict) or set(item) != TRANSLATION_KEYS:
            problems.append(f"{here}: must be an object with exactly {', '.join(sorted(TRANSLATION_KEYS))}")
            continue
        if item["language"] not in languages:
            problems.append(f"{here}.language: must be one of {', '.join(sorted(languages))}")
        for name in ("question", "answer"):
            if not isinstance(item[name], str):
                problems.append(f"{here}.{name}: must be text")
    return problems


def _bad_text(value, where: str) -> list[str]:
    """Text no database stores: NUL (PostgreSQL refuses it in text and in lookups) and lone
    surrogates (``\\ud800`` in JSON: half of a character, which cannot be encoded as UTF-8)."""
    if isinstance(value, str):
        if "\x00" in value:
            return [f"{where}: text must not contain NUL characters"]
        if any("\ud800" <= ch <= "\udfff" for ch in value):
            return [f"{where}: text must not contain lone surrogates (half of a character, like \\ud800)"]
        return []
    if isinstance(value, dict):
        for key, item in value.items():
            problems = _bad_text(key, where) or _bad_text(item, f"{where}.{_printable(key)}")
            if problems:
                return problems
    if isinstance(value, list):
        for i, item in enumerate(value):
            problems = _bad_text(item, f"{where}[{i}]")
            if problems:
                return problems
    return []


def _printable(key: str) -> str:
    return key.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")[:40]


def _date_problem(value, required: bool) -> str:
    """What is wrong with an ISO date and time with its UTC offset (it must also be a moment a
    database can hold in UTC); "" when nothing."""
    malformed = "must be a date and time with its UTC offset"
    if value is None:
        return malformed if required else ""
    if not isinstance(value, str):
        return malformed
    try:
        parsed = parse_datetime(value)
    except ValueError:
        return malformed
    if parsed is None or not timezone.is_aware(parsed):
        return malformed
    try:
        parsed.astimezone(dt.UTC)  # 9999-12-31T23:59:59-23:59 is past the last year in UTC
    except OverflowError:
        return "is out of range: in UTC it falls outside the years 1 to 9999"
    return ""


def _date(value: str | None) -> dt.datetime | None:
    return parse_datetime(value) if value else None


def _match(record: dict) -> tuple[Entry | None, str]:
    """The stored entry a record updates: by tracking token, else by (game, slug). A slug held by
    an entry that is not the record's own (another token, or none) is refused, never overwritten."""
    by_slug = Entry.objects.filter(game_id=record["game"], slug=record["slug"]).first()
    by_token = Entry.objects.filter(token=record["token"]).first() if record["token"] else None
    if by_slug is not None and by_slug.token != (record["token"] or None):
        return None, "its slug is held by another entry (with another tracking token, or none)"
    return by_token or by_slug, ""


def _filled(entry: Entry, record: dict) -> Entry:
    entry.game_id = record["game"]
    for name in TEXT_FIELDS + BOOL_FIELDS:
        setattr(entry, name, record[name])
    for name in DATE_FIELDS:
        setattr(entry, name, _date(record[name]))
    entry.token = record["token"] or None
    return entry


def _apply(planned: list[_Planned]) -> ImportReport:
    report = ImportReport()
    users = get_user_model()
    for item in planned:
        record = item.record
        if item.unchanged:
            report.unchanged += 1
            continue
        entry = _filled(item.entry or Entry(), record)
        entry.save(dates=False)
        # updated_at is auto_now: put the exported value back.
        Entry.objects.filter(pk=entry.pk).update(updated_at=_date(record["updated_at"]))
        entry.clauses.set(item.clauses)
        existing = {(c.created_at, c.reason) for c in entry.changes.all()}
        for change in record["changes"]:
            when = _date(change["created_at"])
            if (when, change["reason"]) in existing:
                continue
            editor = None
            if change["editor"]:
                editor = users.objects.filter(**{users.USERNAME_FIELD: change["editor"]}).first()
                if editor is None:
                    report.unknown_editors.add(change["editor"])
            Change.objects.create(entry=entry, reason=change["reason"], editor=editor, created_at=when)
            report.changes_added += 1
        for text in record["translations"] or ():
            row = entry.translations.filter(language=text["language"]).first() or EntryTranslation(
                entry=entry, language=text["language"]
            )
            if row.pk is None or (row.question, row.answer) != (text["question"], text["answer"]):
                row.question, row.answer = text["question"], text["answer"]
                row.save()
        if item.entry is None:
            report.created += 1
        else:
            report.updated += 1
    return report


def _comparable(record: dict, clauses: list[Clause], entry: Entry) -> dict:
    """A file record normalised like :func:`entry_record` (dates re-serialised, current clause ids;
    a version 1 record, without translations, compares with the stored ones)."""
    out = dict(record)
    for name in DATE_FIELDS:
        out[name] = _when(_date(record[name]))
    out["token"] = record["token"] or None
    out["clauses"] = sorted({c.anchor for c in clauses})
    out["changes"] = [{**c, "created_at": _when(_date(c["created_at"]))} for c in record["changes"]]
    stored = {t.language: t for t in entry.translations.all()}
    if record["translations"] is None:
        out["translations"] = [
            {"language": t.language, "question": t.question, "answer": t.answer}
            for t in sorted(stored.values(), key=lambda t: t.language)
        ]
    else:
        # Translations in the file replace stored ones of the same language; others stay.
        merged = {t.language: {"language": t.language, "question": t.question, "answer": t.answer} for t in stored.values()}
        merged.update({t["language"]: dict(t) for t in record["translations"]})
        out["translations"] = [merged[lang] for lang in sorted(merged)]
    return out
