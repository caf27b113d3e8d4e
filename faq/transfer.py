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
matched by (date, reason), a translation by its language, a phrasing by its language and text, an
answered asking by all its fields; nothing is ever deleted. Rendered copies (answer HTML) are not
exported; they are rendered again on import. Version 4 adds, per entry, the language it was
asked in, when its asker was told by e-mail and the ruling it duplicates, and per answered
asking whether an editor reviewed its words. Files of version 1 (without translations), 2
(without the admin's "players also say" phrasings and the askings a suggestion answered) and 3
(without what version 4 adds) still import and leave what they do not hold as it is.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from pagecache.httpcache import bump
from rulebooks.models import Clause, Game
from rules.core.scenario_files import scenario_ids

from .models import (
    PHRASING_MAX,
    QUESTION_MAX,
    REASON_MAX,
    Change,
    Entry,
    EntryTranslation,
    Phrasing,
    RefusedCount,
    SuggestionAnswer,
)

FORMAT = "rulesite-faq"
VERSION = 4
READABLE_VERSIONS = (1, 2, 3, 4)
# The faq app's models in the file (entries carry their changes, translations and the admin's
# "players also say" phrasings; the clauses' phrasings and the askings a suggestion answered are
# lists of their own; the content files' phrasings are rebuilt by loadrules) ...
EXPORTED: tuple[type, ...] = (Entry, Change, EntryTranslation, Phrasing, SuggestionAnswer)
# ... and those left out, each with the reason (derived data that is rebuilt, not written by people).
NOT_EXPORTED: dict[type, str] = {
    RefusedCount: "daily counts of clicks the site refused to count: figures about visitors, not written by anyone",
}
# A JSON object of an export file (an entry, a change, a phrasing, ...) or the file itself.
Record = dict[str, Any]
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
# Version 4: the language asked in, when the asker was told, the ruling it duplicates ("game/slug").
NOTICE_FIELDS = ("asker_language", "notified_at", "duplicate_of")
ENTRY_KEYS = {
    "game", "clauses", "token", "changes", "translations", "phrasings", *TEXT_FIELDS, *BOOL_FIELDS, *DATE_FIELDS,
    *NOTICE_FIELDS,
}  # fmt: skip
CHANGE_KEYS = {"reason", "editor", "created_at"}
TRANSLATION_KEYS = {"language", "question", "answer"}
PHRASING_KEYS = {"language", "text", "created_at"}
CLAUSE_PHRASING_KEYS = {"clause", *PHRASING_KEYS}
ANSWER_KEYS = {"game", "language", "question", "entry", "clause", "created_at", "review"}
REVIEWS = {value for value, _label in SuggestionAnswer.REVIEW_CHOICES}


class _Keep:
    """A field an older file does not hold: the stored value stays (a new row gets the default)."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Any = _Keep()


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
    phrasings_added: int = 0  # clauses' "players also say" (entries' count with their entry)
    answers_added: int = 0  # askings a suggestion answered
    unknown_editors: set[str] = field(default_factory=set)

    def __str__(self) -> str:
        text = (
            f"FAQ import: {self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.changes_added} change(s) added to the history, {self.phrasings_added} clause phrasing(s) and "
            f"{self.answers_added} suggestion answer(s) added"
        )
        if self.unknown_editors:
            text += f"\n  editors without an account here (kept as no editor): {', '.join(sorted(self.unknown_editors))}"
        return text


def _when(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def entry_record(entry: Entry) -> Record:
    """One entry as exported (everything people wrote; no rendered copies, no primary keys)."""
    record: Record = {"game": entry.game_id}
    record.update({name: getattr(entry, name) for name in TEXT_FIELDS + BOOL_FIELDS})
    record.update({name: _when(getattr(entry, name)) for name in DATE_FIELDS})
    record["token"] = entry.token
    record["asker_language"] = entry.asker_language
    record["notified_at"] = _when(entry.notified_at)
    duplicate = entry.duplicate_of
    record["duplicate_of"] = f"{duplicate.game_id}/{duplicate.slug}" if duplicate is not None else None
    record["clauses"] = sorted(c.anchor for c in entry.clauses.all())
    record["changes"] = [
        {"reason": c.reason, "editor": c.editor.get_username() if c.editor else None, "created_at": _when(c.created_at)}
        for c in sorted(entry.changes.all(), key=lambda c: (c.created_at, c.pk))
    ]
    record["translations"] = [
        {"language": t.language, "question": t.question, "answer": t.answer}
        for t in sorted(entry.translations.all(), key=lambda t: t.language)
    ]
    record["phrasings"] = [
        phrasing_record(p) for p in sorted(entry.phrasings.all(), key=lambda p: (p.language, p.text)) if p.origin == Phrasing.ADMIN
    ]
    return record


def phrasing_record(phrasing: Phrasing) -> Record:
    return {"language": phrasing.language, "text": phrasing.text, "created_at": _when(phrasing.created_at)}


def clause_phrasing_records() -> list[Record]:
    """The admin's "players also say" phrasings of clauses (the content files' are rebuilt)."""
    rows = Phrasing.objects.filter(origin=Phrasing.ADMIN, clause__isnull=False).select_related("clause")
    records = [{"clause": p.clause.anchor, **phrasing_record(p)} for p in rows if p.clause is not None]
    return sorted(records, key=lambda r: (r["clause"], r["language"], r["text"]))


def answer_record(row: SuggestionAnswer) -> Record:
    return {
        "game": row.game_id,
        "language": row.language,
        "question": row.question,
        "entry": f"{row.entry.game_id}/{row.entry.slug}" if row.entry else None,
        "clause": row.clause.anchor if row.clause else None,
        "created_at": _when(row.created_at),
        "review": row.review,
    }


def answer_records() -> list[Record]:
    """The askings a suggestion answered: the words typed and the answer chosen (no person)."""
    rows = SuggestionAnswer.objects.select_related("entry", "clause")
    return sorted((answer_record(r) for r in rows), key=lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False))


def export_time() -> dt.datetime:
    """Now, or ``SOURCE_DATE_EPOCH`` when set (the reproducible-builds convention): two exports of
    the same data are then the same bytes."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    if epoch.isascii() and epoch.isdigit():
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC)
    return timezone.now()


def export_data(now: dt.datetime | None = None) -> Record:
    entries = (
        Entry.objects.all()
        .select_related("game", "duplicate_of")
        .prefetch_related("clauses", "changes__editor", "translations", "phrasings")
        .order_by("game_id", "slug")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": (now or export_time()).isoformat(),
        "personal_data": PERSONAL_DATA_NOTE,
        "entries": [entry_record(entry) for entry in entries],
        "clause_phrasings": clause_phrasing_records(),
        "suggestion_answers": answer_records(),
    }


# -- import ---------------------------------------------------------------------------------------


@dataclass
class _Planned:
    record: Record
    entry: Entry | None  # the stored entry it updates, or None to create
    clauses: list[Clause]
    unchanged: bool = False


def import_data(data: object, dry_run: bool = False) -> ImportReport:
    """Import an export (see the module doc). Raises :class:`ImportRefused`, changing nothing."""
    envelope, records = _check_envelope(data)
    if envelope["version"] == 1:  # before translations were exported: leave them as they are
        records = [{**r, "translations": None} if isinstance(r, dict) else r for r in records]
    if envelope["version"] < 3:  # before phrasings and suggestion answers were exported: the same
        records = [{**r, "phrasings": None} if isinstance(r, dict) else r for r in records]
    if envelope["version"] < 4:  # before the askers' notices: the same
        records = [{**r, **dict.fromkeys(NOTICE_FIELDS, KEEP)} if isinstance(r, dict) else r for r in records]
    with transaction.atomic():
        planned = _plan(records)
        extras = _plan_extras(envelope)
        report = _apply(planned)
        _apply_duplicates(planned)
        _apply_extras(extras, report)
        if dry_run:
            transaction.set_rollback(True)
        else:
            bump()  # public pages change once the import commits (bulk updates send no signals)
    return report


def _check_envelope(data: object) -> tuple[Record, list[Any]]:
    """The file as a JSON object and its entries (each still to check), or ImportRefused."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused([f"not a FAQ export: the file must be a JSON object with \"format\": \"{FORMAT}\""])
    version = data.get("version")
    if isinstance(version, bool) or version not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise ImportRefused([f"unsupported version {json.dumps(version)[:20]}: this site reads versions {readable}"])
    records = data.get("entries")
    if not isinstance(records, list):
        raise ImportRefused(["\"entries\" must be a list"])
    for name in ("clause_phrasings", "suggestion_answers"):
        if version >= 3 and not isinstance(data.get(name), list):
            raise ImportRefused([f"\"{name}\" must be a list"])
    return data, records


def _plan(records: list[Any]) -> list[_Planned]:
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
        local = _model_problems(entry, record, where, languages.get(record["game"], ""))
        if local:
            problems.extend(local)
            continue
        planned.append(_Planned(record, entry, clauses, unchanged))
    problems.extend(_unknown_duplicates(records, seen_keys))
    if problems:
        raise ImportRefused(problems)
    return planned


def _model_problems(entry: Entry | None, record: Record, where: str, game_language: str) -> list[str]:
    """What the model's validation and the admin's form refuse in ``record``; fills ``entry`` (when
    stored) in place."""
    candidate = _filled(entry or Entry(), record)
    problems: list[str] = []
    try:
        candidate.full_clean(exclude=["game"], validate_unique=False, validate_constraints=False)
    except ValidationError as exc:
        for name, messages in exc.message_dict.items():
            problems.extend(f"{where}: {name}: {message}" for message in messages)
    problems.extend(_admin_form_rules(record, where, game_language))
    return problems


def _unknown_duplicates(records: list[Any], seen_keys: set[tuple[str, str]]) -> list[str]:
    """``duplicate_of`` naming an entry neither stored nor in the file."""
    known = {f"{g}/{s}" for g, s in Entry.objects.values_list("game_id", "slug")} | {f"{g}/{s}" for g, s in seen_keys}
    problems = []
    for i, record in enumerate(records):
        duplicate = record.get("duplicate_of") if isinstance(record, dict) else None
        if isinstance(duplicate, str) and "/" in duplicate and duplicate not in known:
            problems.append(f"entries[{i}].duplicate_of: unknown entry {json.dumps(duplicate)[:80]}")
    return problems


def _admin_form_rules(record: Record, where: str, game_language: str) -> list[str]:
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
    return problems + _translation_form_rules(record, where, game_language)


def _translation_form_rules(record: Record, where: str, game_language: str) -> list[str]:
    """What the admin's translation inline refuses: the rulebook's own language, a language twice, an
    empty or too long question, an empty answer."""
    problems = []
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


def _check_record(record: object, where: str) -> list[str]:
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
    problems = _field_problems(record, where)
    changes = record["changes"]
    if not isinstance(changes, list):
        problems.append(f"{where}.changes: must be a list")
        return problems
    problems.extend(_change_problems(changes, where))
    problems.extend(_phrasing_problems(record["phrasings"], f"{where}.phrasings"))
    translations = record["translations"]
    if translations is None:  # a version 1 file
        return problems
    if not isinstance(translations, list):
        problems.append(f"{where}.translations: must be a list")
        return problems
    return problems + _translation_problems(translations, where)


def _field_problems(record: Record, where: str) -> list[str]:
    """The entry's own fields of the wrong type: text, true/false, dates, notices, token, clause ids."""
    problems = []
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
    problems.extend(_notice_problems(record, where))
    if record["token"] is not None and (not isinstance(record["token"], str) or not record["token"].strip()):
        problems.append(f"{where}.token: must be text or null")
    if not isinstance(record["clauses"], list) or not all(isinstance(c, str) for c in record["clauses"]):
        problems.append(f"{where}.clauses: must be a list of clause ids")
    return problems


def _change_problems(changes: list[Any], where: str) -> list[str]:
    """The entry's change log: objects with a reason, an editor's name or null, a date."""
    problems = []
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
    return problems


def _translation_problems(translations: list[Any], where: str) -> list[str]:
    """The entry's translations: objects in a language of the site, with text for question and answer."""
    problems = []
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


def _notice_problems(record: Record, where: str) -> list[str]:
    """What is wrong with the version 4 fields of an entry (nothing to check in older files)."""
    problems = []
    language = record["asker_language"]
    if language is not KEEP and language not in {"", *(code for code, _name in settings.LANGUAGES)}:
        problems.append(f"{where}.asker_language: must be empty or a language of the site")
    if record["notified_at"] is not KEEP:
        problem = _date_problem(record["notified_at"], required=False)
        if problem:
            problems.append(f"{where}.notified_at: {problem}" + ("" if "range" in problem else ", or null"))
    duplicate = record["duplicate_of"]
    if duplicate is not KEEP and duplicate is not None and (not isinstance(duplicate, str) or "/" not in duplicate):
        problems.append(f"{where}.duplicate_of: must be the game/slug of an entry, or null")
    return problems


def _phrasing_problems(items: object, where: str, keys: set[str] = PHRASING_KEYS) -> list[str]:
    """What is wrong with a list of phrasings (None: a file from before they were exported)."""
    if items is None:
        return []
    if not isinstance(items, list):
        return [f"{where}: must be a list"]
    problems = []
    languages = {code for code, _name in settings.LANGUAGES}
    seen: set[tuple[object, object, str]] = set()
    for j, item in enumerate(items):
        here = f"{where}[{j}]"
        if not isinstance(item, dict) or set(item) != keys:
            problems.append(f"{here}: must be an object with exactly {', '.join(sorted(keys))}")
            continue
        if item["language"] not in languages:
            problems.append(f"{here}.language: must be one of {', '.join(sorted(languages))}")
        text = item["text"]
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{here}.text: must be text")
        elif len(" ".join(text.split())) > PHRASING_MAX:
            problems.append(f"{here}.text: has {len(text)} characters; at most {PHRASING_MAX}")
        else:
            key = (item.get("clause"), item["language"], " ".join(text.split()))
            if key in seen:
                problems.append(f"{here}: the same phrasing appears twice")
            seen.add(key)
        problem = _date_problem(item["created_at"], required=True)
        if problem:
            problems.append(f"{here}.created_at: {problem}")
    return problems


def _bad_text(value: object, where: str) -> list[str]:
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


def _date_problem(value: object, required: bool) -> str:
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


def _moment(value: str) -> dt.datetime:
    """A date and time that ``_date_problem(value, required=True)`` accepted."""
    moment = parse_datetime(value)
    if moment is None:
        raise ValueError(f"not a date and time: {value[:40]!r}")
    return moment


def _match(record: Record) -> tuple[Entry | None, str]:
    """The stored entry a record updates: by tracking token, else by (game, slug). A slug held by
    an entry that is not the record's own (another token, or none) is refused, never overwritten."""
    by_slug = Entry.objects.filter(game_id=record["game"], slug=record["slug"]).first()
    by_token = Entry.objects.filter(token=record["token"]).first() if record["token"] else None
    if by_slug is not None and by_slug.token != (record["token"] or None):
        return None, "its slug is held by another entry (with another tracking token, or none)"
    return by_token or by_slug, ""


def _filled(entry: Entry, record: Record) -> Entry:
    entry.game_id = record["game"]
    for name in TEXT_FIELDS + BOOL_FIELDS:
        setattr(entry, name, record[name])
    for name in DATE_FIELDS:
        setattr(entry, name, _date(record[name]))
    entry.token = record["token"] or None
    if record["asker_language"] is not KEEP:
        entry.asker_language = record["asker_language"]
    if record["notified_at"] is not KEEP:
        entry.notified_at = _date(record["notified_at"])
    return entry


def _apply_duplicates(planned: list[_Planned]) -> None:
    """Point each imported entry at the ruling it duplicates (which may have come in the same file)."""
    for item in planned:
        duplicate = item.record["duplicate_of"]
        if duplicate is KEEP or item.unchanged:
            continue
        ruling = None
        if duplicate is not None:
            game, _sep, slug = duplicate.partition("/")
            ruling = Entry.objects.get(game_id=game, slug=slug)
        Entry.objects.filter(game_id=item.record["game"], slug=item.record["slug"]).update(duplicate_of=ruling)


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
            when = _moment(change["created_at"])
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
        _add_phrasings(record["phrasings"] or (), entry=entry)
        if item.entry is None:
            report.created += 1
        else:
            report.updated += 1
    return report


def _add_phrasings(items: Iterable[Record], **target: Entry | Clause) -> int:
    """Add the admin's phrasings a target does not have yet (by language and text); none deleted."""
    have = {(p.language, p.text) for p in Phrasing.objects.filter(**target)}
    added = 0
    for item in items:
        text = " ".join(item["text"].split())
        if (item["language"], text) in have:
            continue
        Phrasing(
            language=item["language"], text=text, origin=Phrasing.ADMIN, created_at=_moment(item["created_at"]), **target
        ).save()
        have.add((item["language"], text))
        added += 1
    return added


@dataclass
class _Extras:
    clause_phrasings: list[tuple[Clause, Record]]
    answers: list[tuple[Record, Clause | None]]


def _plan_extras(data: Record) -> _Extras:
    """Check the clauses' phrasings and the suggestion answers of a version 3 file (older files
    have none), naming each problem's place."""
    extras = _Extras([], [])
    if data["version"] < 3:
        return extras
    clauses = _clause_lookup()
    problems = _plan_clause_phrasings(data["clause_phrasings"], clauses, extras)
    games = set(Game.all_objects.values_list("slug", flat=True))
    entries = {f"{g}/{s}" for g, s in Entry.objects.values_list("game_id", "slug")}
    entries |= {f"{r.get('game')}/{r.get('slug')}" for r in data["entries"] if isinstance(r, dict)}
    answers = data["suggestion_answers"]
    bad = _bad_text(answers, "suggestion_answers")
    problems.extend(bad)
    keys = ANSWER_KEYS if data["version"] >= 4 else ANSWER_KEYS - {"review"}
    for j, item in enumerate(answers if not bad else ()):
        here = f"suggestion_answers[{j}]"
        if not isinstance(item, dict) or set(item) != keys:
            problems.append(f"{here}: must be an object with exactly {', '.join(sorted(keys))}")
            continue
        item = {"review": KEEP, **item}  # a version 3 file: the stored review stays
        local, clause = _answer_problems(item, here, games, entries, clauses)
        problems.extend(local)
        if not local:
            extras.answers.append((item, clause))
    if problems:
        raise ImportRefused(problems)
    return extras


def _plan_clause_phrasings(items: Any, clauses: dict[str, Clause], extras: _Extras) -> list[str]:
    """Check the clauses' phrasings of a version 3 file, adding the good ones to ``extras``."""
    problems = _bad_text(items, "clause_phrasings")
    if not problems:
        problems.extend(_phrasing_problems(items, "clause_phrasings", CLAUSE_PHRASING_KEYS))
    for j, item in enumerate(items if not problems else ()):
        clause = clauses.get(item["clause"]) if isinstance(item["clause"], str) else None
        if clause is None:
            problems.append(f"clause_phrasings[{j}].clause: unknown clause {json.dumps(item['clause'])[:60]}")
        else:
            extras.clause_phrasings.append((clause, item))
    return problems


def _answer_problems(
    item: Record, here: str, games: set[str], entries: set[str], clauses: dict[str, Clause]
) -> tuple[list[str], Clause | None]:
    """What is wrong with one suggestion answer's fields, and the clause it names (None for none)."""
    local = []
    if item["review"] is not KEEP and item["review"] not in REVIEWS:
        local.append(f"{here}.review: must be one of {', '.join(repr(r) for r in sorted(REVIEWS))}")
    if item["game"] is not None and item["game"] not in games:
        local.append(f"{here}.game: unknown game {json.dumps(item['game'])[:60]}")
    if not isinstance(item["language"], str) or not isinstance(item["question"], str):
        local.append(f"{here}: language and question must be text")
    elif len(item["question"]) > QUESTION_MAX:
        local.append(f"{here}.question: has {len(item['question'])} characters; at most {QUESTION_MAX}")
    if item["entry"] is not None and item["entry"] not in entries:
        local.append(f"{here}.entry: unknown entry {json.dumps(item['entry'])[:80]}")
    clause = None
    if item["clause"] is not None:
        clause = clauses.get(item["clause"]) if isinstance(item["clause"], str) else None
        if clause is None:
            local.append(f"{here}.clause: unknown clause {json.dumps(item['clause'])[:60]}")
    problem = _date_problem(item["created_at"], required=True)
    if problem:
        local.append(f"{here}.created_at: {problem}")
    return local, clause


def _apply_extras(extras: _Extras, report: ImportReport) -> None:
    by_clause: dict[Clause, list[Record]] = {}
    for clause, item in extras.clause_phrasings:
        by_clause.setdefault(clause, []).append(item)
    for clause, items in by_clause.items():
        report.phrasings_added += _add_phrasings(items, clause=clause)
    # An asking is identified by when, where and what was typed; a stored one that lost its
    # answer (the entry or clause was deleted and restored) gets it back.
    stored = {(r.created_at, r.game_id, r.language, r.question): r for r in SuggestionAnswer.objects.all()}
    for item, answer_clause in extras.answers:
        entry = None
        if item["entry"] is not None:
            game, _sep, slug = item["entry"].partition("/")
            entry = Entry.objects.get(game_id=game, slug=slug)
        key = (_moment(item["created_at"]), item["game"], item["language"], item["question"])
        row = stored.get(key)
        if row is None:
            row = stored[key] = SuggestionAnswer(
                game_id=item["game"], language=item["language"], question=item["question"], created_at=key[0]
            )
            report.answers_added += 1
        elif (
            (row.entry_id or entry is None)
            and (row.clause_id or answer_clause is None)
            and item["review"] in (KEEP, row.review)
        ):
            continue
        row.entry = row.entry or entry
        row.clause = row.clause or answer_clause
        if item["review"] is not KEEP:
            row.review = item["review"]
        row.save()


def _comparable(record: Record, clauses: list[Clause], entry: Entry) -> Record:
    """A file record normalised like :func:`entry_record` (dates re-serialised, current clause ids;
    a version 1 record, without translations, compares with the stored ones)."""
    out = dict(record)
    for name in DATE_FIELDS:
        out[name] = _when(_date(record[name]))
    out["token"] = record["token"] or None
    stored_record = entry_record(entry)
    for name in NOTICE_FIELDS:
        out[name] = stored_record[name] if record[name] is KEEP else record[name]
    out["notified_at"] = _when(_date(out["notified_at"]))
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
    # Phrasings in the file are added to the stored ones (none deleted).
    phrasings = {(p.language, p.text): phrasing_record(p) for p in entry.phrasings.all() if p.origin == Phrasing.ADMIN}
    for item in record["phrasings"] or ():
        text = " ".join(item["text"].split())
        phrasings.setdefault((item["language"], text), {**item, "text": text, "created_at": _when(_date(item["created_at"]))})
    out["phrasings"] = [phrasings[key] for key in sorted(phrasings)]
    return out
