"""exportfaq / importfaq: everything people wrote survives a round trip; bad files change nothing.

Every model of the faq app must be in the backup (``faq.transfer.EXPORTED``) or left out with a
reason (``NOT_EXPORTED``), and the round trip below must hold for a database with rows of every
exported model: a model added to the app without its place in the export fails these tests."""

import datetime as dt
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models
from django.utils import timezone

from faq import transfer
from faq.models import Change, Entry, EntryTranslation, Phrasing, SuggestionAnswer
from faq.sync import sync_curated
from rulebooks.models import Clause
from tests import conftest as base

from .conftest import make_entry

ROOT = Path(__file__).resolve().parents[2]

DERIVED = ("answer_html", "answer_text", "search_title", "search_body")


@pytest.fixture
def people(faq, editor):
    """The curated entries plus one of each kind people write, with history and private fields."""
    past = timezone.make_aware(dt.datetime(2026, 3, 4, 5, 6, 7, 890123))
    written = make_entry(
        slug="redactie", answer="Ja, zie [[bt-einde-spel]].", clauses=["bt-einde-spel", "bt-winnaar"],
        origin=Entry.EDITOR, provenance="Vraag aan tafel", scenario="bt-einde-spel",
    )  # fmt: skip
    written.record_change("Antwoord aangevuld.", editor=editor, now=past)
    written.record_change("Tweede correctie.", editor=None)
    make_entry(
        game="finstere-flure", slug="", question="Mag het monster terug lopen?", answer="", published=False,
        status=Entry.RECEIVED, origin=Entry.VISITOR, token="tok-" + "x" * 28, asker_name="Anna de Vries",
        asker_email="anna@example.org", position_url="/nl/finstere-flure/sim/?scenario=ff-ronde", asked_at=past,
        asker_language="de",
    )  # fmt: skip
    # A question answered as a duplicate of a ruling; its asker was told (and the address erased).
    make_entry(
        slug="dubbel", question="Telt de zwarte toren mee aan het einde?", answer="Zie de uitspraak.", published=False,
        origin=Entry.VISITOR, token="dup-" + "y" * 28, asker_language="en", notified_at=past,
        duplicate_of=Entry.objects.get(slug="flessen-hergebruiken"),
    )  # fmt: skip
    curated = Entry.objects.get(slug="flessen-hergebruiken")
    curated.answer = "Door een redacteur herschreven."
    curated.edited_in_admin = True
    curated.save()
    # Editors' translations: of their own entry, and an admin edit of a curated one (F6).
    EntryTranslation(entry=written, language="de", question="Darf ein Magier auf dem Rabenturm landen?",
                     answer="Ja, siehe [[bt-einde-spel]]. ZQTRANSLATION").save()
    translated = EntryTranslation.objects.filter(entry__origin=Entry.REPOSITORY).exclude(entry=curated).first()
    translated.answer = "Von einer Redakteurin umgeschrieben."
    translated.save()
    Entry.objects.filter(pk=translated.entry_id).update(edited_in_admin=True)
    # "Players also say" written in the admin, for an entry and for a clause (the content files'
    # own are rebuilt by loadrules), and askings a suggestion answered (the words typed, no person).
    Phrasing(entry=written, language="nl", text="mag je op de zwarte toren landen", origin=Phrasing.ADMIN,
             created_at=past).save()
    clause = Clause.objects.get(anchor="bt-einde-spel")
    Phrasing(clause=clause, language="de", text="wann ist Schluss ZQPHRASING", origin=Phrasing.ADMIN).save()
    SuggestionAnswer.objects.create(game_id="betoverde-torens", language="nl", question="zwarte toren landen?",
                                    entry=curated, created_at=past)
    SuggestionAnswer.objects.create(game_id="betoverde-torens", language="de", question="Wann endet es ZQASKED",
                                    clause=clause, review=SuggestionAnswer.APPROVED)
    return written


def faq_models() -> list[type[models.Model]]:
    return list(apps.get_app_config("faq").get_models())


def _natural(value):
    """A related row by what identifies it in any database (not its primary key)."""
    if isinstance(value, Entry):
        return (value.game_id, value.slug)
    if hasattr(value, "get_username"):
        return value.get_username()
    if hasattr(value, "anchor"):
        return value.anchor
    return value.pk if isinstance(value, models.Model) else value


def snapshot() -> dict[str, list]:
    """Every stored field of every row of every exported faq model, related rows by their natural
    keys, sorted: equal in two databases exactly when they hold the same FAQ."""
    out = {}
    for model in faq_models():
        if model in transfer.NOT_EXPORTED:
            continue
        rows = []
        relations = [f.name for f in model._meta.concrete_fields if f.is_relation]
        many = [f.name for f in model._meta.many_to_many]
        for row in model.objects.select_related(*relations).prefetch_related(*many):  # not a query per row
            fields = {}
            for f in model._meta.concrete_fields:
                if f.primary_key:
                    continue
                if isinstance(row, Phrasing) and row.origin == Phrasing.FILE and f.name == "created_at":
                    continue  # a content file's phrasing is made anew by loadrules (only its text counts)
                fields[f.name] = _natural(getattr(row, f.name)) if f.is_relation else getattr(row, f.attname)
            for f in model._meta.many_to_many:
                fields[f.name] = sorted(_natural(r) for r in getattr(row, f.name).all())
            rows.append(repr(sorted(fields.items())))
        out[model._meta.label] = sorted(rows)
    return out


def test_every_model_of_the_faq_app_is_exported_or_left_out_with_a_reason():
    covered = set(transfer.EXPORTED) | set(transfer.NOT_EXPORTED)
    missing = [m._meta.label for m in faq_models() if m not in covered]
    assert not missing, (
        f"faq models not in the backup: {missing}. Export them in faq/transfer.py (and import them), "
        "or list them in transfer.NOT_EXPORTED with the reason, and give the `people` fixture rows of them."
    )
    assert all(reason.strip() for reason in transfer.NOT_EXPORTED.values())


def test_the_fixture_has_rows_of_every_exported_model(people):
    empty = [m._meta.label for m in faq_models() if m not in transfer.NOT_EXPORTED and not m.objects.exists()]
    assert not empty, f"give the `people` fixture rows of {empty}, so the round trips cover them"


def export(tmp_path, name="faq.json"):
    path = tmp_path / name
    call_command("exportfaq", "--output", str(path))
    return path, json.loads(path.read_text(encoding="utf-8"))


def state():
    """Every stored field of every entry and change, keyed by what identifies them."""
    entries = {}
    for entry in Entry.objects.all():
        fields = {f.attname: getattr(entry, f.attname) for f in Entry._meta.concrete_fields if f.attname != "id"}
        fields["clauses"] = sorted(entry.clauses.values_list("anchor", flat=True))
        fields["duplicate_of_id"] = _natural(entry.duplicate_of)  # (game, slug): primary keys differ after a restore
        fields["changes"] = sorted(entry.changes.values_list("reason", "editor_id", "created_at"))
        entries[(entry.game_id, entry.slug)] = fields
    return entries


def without_stamp(data):
    return {k: v for k, v in data.items() if k != "exported_at"}


def test_a_round_trip_restores_everything_people_wrote(people, tmp_path):
    before = state()
    assert len(before) >= 50
    path, data = export(tmp_path)
    assert data["format"] == "rulesite-faq" and data["version"] == 4
    assert "personal data" in data["personal_data"]
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    visitor = next(e for e in data["entries"] if e["origin"] == "visitor" and e["token"].startswith("tok-"))
    assert visitor["asker_email"] == "anna@example.org" and visitor["token"].startswith("tok-")
    # Lose everything (the bad deploy), then import.
    Entry.objects.all().delete()
    assert not Change.objects.exists()
    call_command("importfaq", str(path))
    after = state()
    assert after.keys() == before.keys()
    for key, fields in before.items():
        assert after[key] == fields, key  # every field, rendered copies and dates included
    _, again = export(tmp_path, "again.json")
    assert without_stamp(again) == without_stamp(data)


def fresh_faq():
    """What a restore starts from after `migrate` and `loadrules`: the curated entries and their
    translations from the files, nothing people wrote (users stay: editors match by user name)."""
    for model in faq_models():
        model.objects.all().delete()
    sync_curated(base.parsed_content())


def test_a_restore_brings_back_every_row_of_every_faq_model(people, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796000000")
    before = snapshot()
    path, _ = export(tmp_path)
    assert all(mark in path.read_text(encoding="utf-8") for mark in ("ZQTRANSLATION", "ZQPHRASING", "ZQASKED"))
    fresh_faq()
    assert snapshot() != before  # the editors' work is gone: the test can tell
    call_command("importfaq", str(path))
    assert snapshot() == before
    again, _ = export(tmp_path, "again.json")
    assert again.read_bytes() == path.read_bytes()


def _manage(database: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_CACHE_DIR"}}
    env.update(DJANGO_SETTINGS_MODULE="rulesite.settings_test", DATABASE_URL=f"sqlite:///{database}",
               SOURCE_DATE_EPOCH="1796000000")
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, input=stdin, text=True,
                          capture_output=True, check=True)


def test_export_then_a_fresh_database_then_import_then_export_is_byte_identical(people, tmp_path, monkeypatch):
    """The README's undo path on a really fresh database (migrate, createcachetable, loadrules, the
    editor's account), every kind of row included."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796000000")
    path, _ = export(tmp_path)
    database = tmp_path / "fresh.sqlite3"
    for command in (["migrate", "--noinput", "-v0"], ["createcachetable"], ["loadrules", "-v0"]):
        _manage(database, *command)
    _manage(database, "shell", stdin="from django.contrib.auth import get_user_model\n"
                                     "get_user_model().objects.create_user('editor')\n")
    _manage(database, "importfaq", str(path))
    restored = tmp_path / "restored.json"
    _manage(database, "exportfaq", "--output", str(restored))
    assert restored.read_bytes() == path.read_bytes()


def test_import_is_idempotent(people, tmp_path, capsys):
    path, _ = export(tmp_path)
    before = state()
    changes = Change.objects.count()
    call_command("importfaq", str(path))
    out = capsys.readouterr().out
    assert "0 created, 0 updated" in out and "0 change(s) added" in out
    assert state() == before and Change.objects.count() == changes


def test_import_puts_back_a_changed_entry_and_a_lost_change(people, tmp_path):
    path, _ = export(tmp_path)
    before = state()
    people.answer = "Per ongeluk overschreven."
    people.save()
    people.changes.filter(reason="Tweede correctie.").delete()
    call_command("importfaq", str(path))
    assert state() == before


def test_an_export_made_before_a_clause_rename_still_imports(people, tmp_path):
    from rulebooks.models import Clause

    path, _ = export(tmp_path)
    clause = Clause.all_objects.get(anchor="bt-winnaar")
    Clause.all_objects.filter(pk=clause.pk).update(anchor="bt-de-winnaar", former_ids=["bt-winnaar"])
    Entry.objects.filter(slug="redactie").delete()
    call_command("importfaq", str(path))
    assert set(Entry.objects.get(slug="redactie").clauses.values_list("pk", flat=True)) >= {clause.pk}


def refused(path, capsys):
    with pytest.raises(CommandError, match="nothing was imported|not valid JSON"):
        call_command("importfaq", str(path))
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda d: d["entries"][-1].update(game="bestaat-niet"), "unknown game 'bestaat-niet'"),
        (lambda d: d["entries"][-1].update(clauses=["bt-nergens"]), "unknown clause(s) bt-nergens"),
        (lambda d: d["entries"][-1].update(status="weg"), "status"),
        (lambda d: d["entries"][-1].update(asker_email="geen adres"), "asker_email"),
        (lambda d: d["entries"][-1].update(created_at="gisteren"), "created_at: must be a date"),
        (lambda d: d["entries"][-1].update(published="ja"), "published: must be true or false"),
        (lambda d: d["entries"][-1].pop("question"), "missing field(s) question"),
        (lambda d: d["entries"][-1].update(extra=1), "unknown field(s) extra"),
        (lambda d: d["entries"][-1]["changes"].append({"reason": "x"}), "changes[0]"),
        (lambda d: d["entries"].append(dict(d["entries"][0])), "appears twice"),
        (lambda d: d["entries"][-1].update(token="t\x00k"), "NUL"),
        (lambda d: d["entries"][-1]["changes"].append({"reason": "x", "editor": "a\x00", "created_at": None}), "NUL"),
        (lambda d: d.update(version=5), "unsupported version 5"),
        (lambda d: d.update(version=True), "unsupported version"),
        # F7: what gave a traceback, and what the admin's form refuses.
        (lambda d: d["entries"][-1].update(question="Mag dit? \ud800"), "entries[LAST].question: text must not contain lone"),
        (lambda d: d["entries"][-1]["changes"].append(
            {"reason": "x\udfff", "editor": None, "created_at": "2026-01-01T00:00:00+00:00"}),
         "entries[LAST].changes[0].reason: text must not contain lone"),
        (lambda d: d["entries"][-1].update(asked_at="9999-12-31T23:59:59-23:59"), "entries[LAST].asked_at: is out of range"),
        (lambda d: d["entries"][-1].update(asked_at="0001-01-01T00:00:00+14:00"), "entries[LAST].asked_at: is out of range"),
        (lambda d: d["entries"][-1].update(question="x" * 100_000), "question: has 100000 characters; at most 2000"),
        (lambda d: d["entries"][-1].update(question="   "), "question: must not be empty"),
        (lambda d: d["entries"][-1].update(status="received", answer="", published=True),
         "published: an entry without an answer cannot be published"),
        (lambda d: d["entries"][-1].update(status="received", published=True), "only an answered (or changed)"),
        (lambda d: d["entries"][-1].update(scenario="bt-bestaat-niet"), "no scenario 'bt-bestaat-niet'"),
        (lambda d: d["entries"][-1].update(clauses=["ff-doel"]), "clauses: these clauses belong to another game: ff-doel"),
        (lambda d: d["entries"][-1]["changes"].append(
            {"reason": "r" * 1001, "editor": None, "created_at": "2026-01-01T00:00:00+00:00"}),
         "changes[0].reason: has 1001 characters; at most 1000"),
        (lambda d: d["entries"][-1].update(translations=[{"language": "nl", "question": "Vraag?", "answer": "Ja."}]),
         "translations[0].language: 'nl' is the rulebook's own language"),
        (lambda d: d["entries"][-1].update(translations=[{"language": "fr", "question": "Q?", "answer": "Oui."}]),
         "translations[0].language: must be one of de, en, nl"),
        (lambda d: d["entries"][-1].update(translations=[{"language": "de", "question": "F?", "answer": " "}]),
         "translations[0].answer: must not be empty"),
        (lambda d: d["entries"][-1].update(translations=[{"language": "de", "question": "F?"}]),
         "translations[0]: must be an object with exactly answer, language, question"),
        (lambda d: d["entries"][-1].update(translations="de"), "translations: must be a list"),
        (lambda d: d["entries"][-1].pop("translations"), "missing field(s) translations"),
        # The admin's phrasings and the askings a suggestion answered (version 3).
        (lambda d: d["entries"][-1].update(phrasings=[{"language": "fr", "text": "x", "created_at": None}]),
         "phrasings[0].language: must be one of de, en, nl"),
        (lambda d: d["entries"][-1].update(phrasings=[{"language": "nl", "text": "x" * 201,
                                                        "created_at": "2026-01-01T00:00:00+00:00"}]),
         "phrasings[0].text: has 201 characters; at most 200"),
        (lambda d: d["entries"][-1].update(phrasings="x"), "phrasings: must be a list"),
        (lambda d: d["clause_phrasings"].append({"clause": "bt-nergens", "language": "nl", "text": "x",
                                                 "created_at": "2026-01-01T00:00:00+00:00"}),
         "clause_phrasings[1].clause: unknown clause \"bt-nergens\""),
        (lambda d: d["clause_phrasings"].append({"clause": "bt-einde-spel", "language": "nl", "text": " "}),
         "clause_phrasings[1]: must be an object with exactly clause, created_at, language, text"),
        (lambda d: d["suggestion_answers"].append({**d["suggestion_answers"][0], "entry": "bt/nergens"}),
         "suggestion_answers[2].entry: unknown entry \"bt/nergens\""),
        (lambda d: d["suggestion_answers"].append({**d["suggestion_answers"][0], "created_at": "morgen"}),
         "suggestion_answers[2].created_at: must be a date"),
        (lambda d: d["suggestion_answers"].append({**d["suggestion_answers"][0], "question": "q\x00"}), "NUL"),
        (lambda d: d.pop("suggestion_answers"), "\"suggestion_answers\" must be a list"),
        (lambda d: d.update(format="iets anders"), "not a FAQ export"),
        (lambda d: d.update(entries={}), "must be a list"),
    ],
)
def test_a_malformed_file_is_refused_and_changes_nothing(people, tmp_path, capsys, mangle, message):
    path, data = export(tmp_path)
    data["entries"].append({**data["entries"][0], "slug": "nieuw-uit-bestand", "changes": [], "token": None})
    mangle(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    Entry.objects.filter(slug="redactie").delete()  # an import would bring it back
    SuggestionAnswer.objects.all().delete()  # so would it these
    before, rows = state(), snapshot()
    assert message.replace("LAST", str(len(data["entries"]) - 1)) in refused(path, capsys)
    assert state() == before and snapshot() == rows


@pytest.mark.parametrize(
    "text", [b"{", b"", b"[1, 2]", b"null", b"[" * 5000 + b"]" * 5000, b'{"format": ' + b"9" * 5000 + b"}", b"\xff\xfe"]
)
def test_a_file_that_is_not_an_export_is_refused(faq, tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_bytes(text)
    count = Entry.objects.count()
    refused(path, capsys)
    assert Entry.objects.count() == count


def test_an_entry_holding_the_slug_of_another_is_not_overwritten(people, tmp_path, capsys):
    path, data = export(tmp_path)
    visitor = Entry.objects.get(origin=Entry.VISITOR, token__startswith="tok-")
    record = next(e for e in data["entries"] if e["token"] == visitor.token)
    visitor.delete()
    # Someone else's question took the slug since the export.
    other = make_entry(game="finstere-flure", slug=record["slug"], origin=Entry.VISITOR, token="other" * 6)
    err = refused(path, capsys)
    assert "held by another entry" in err
    other.refresh_from_db()
    assert other.token == "other" * 6


def test_a_version_1_file_still_imports_and_keeps_the_translations(people, tmp_path):
    path, data = export(tmp_path)
    data["version"] = 1
    for record in data["entries"]:
        record.pop("translations")
        record.pop("phrasings")
    del data["clause_phrasings"], data["suggestion_answers"]
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot()
    Entry.objects.filter(slug="redactie").update(answer="Per ongeluk overschreven.")
    call_command("importfaq", str(path))
    assert snapshot() == before


def test_a_version_2_file_still_imports_and_keeps_the_phrasings_and_answers(people, tmp_path):
    path, data = export(tmp_path)
    data["version"] = 2
    for record in data["entries"]:
        record.pop("phrasings")
    del data["clause_phrasings"], data["suggestion_answers"]
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot()
    Entry.objects.filter(slug="redactie").update(answer="Per ongeluk overschreven.")
    call_command("importfaq", str(path))
    assert snapshot() == before


def test_lost_phrasings_and_answers_come_back_and_a_second_import_adds_nothing(people, tmp_path, capsys):
    path, _ = export(tmp_path)
    before = snapshot()
    Phrasing.objects.filter(origin=Phrasing.ADMIN).delete()
    SuggestionAnswer.objects.filter(language="de").delete()
    call_command("importfaq", str(path))
    assert "1 clause phrasing(s) and 1 suggestion answer(s) added" in capsys.readouterr().out
    assert snapshot() == before
    call_command("importfaq", str(path))
    assert "0 clause phrasing(s) and 0 suggestion answer(s) added" in capsys.readouterr().out
    assert snapshot() == before


def test_a_dry_run_changes_nothing(people, tmp_path, capsys):
    path, _ = export(tmp_path)
    Entry.objects.filter(slug="redactie").delete()
    before = state()
    call_command("importfaq", str(path), "--dry-run")
    assert "1 created" in capsys.readouterr().out
    assert state() == before


def test_a_version_3_file_still_imports_and_keeps_the_askers_notices_and_reviews(people, tmp_path):
    path, data = export(tmp_path)
    data["version"] = 3
    for record in data["entries"]:
        for name in ("asker_language", "notified_at", "duplicate_of"):
            record.pop(name)
    for item in data["suggestion_answers"]:
        item.pop("review")
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot()
    Entry.objects.filter(slug="redactie").update(answer="Per ongeluk overschreven.")
    call_command("importfaq", str(path))
    assert snapshot() == before
    duplicate = Entry.objects.get(slug="dubbel")
    assert (duplicate.duplicate_of.slug, duplicate.asker_language) == ("flessen-hergebruiken", "en")


def test_a_lost_duplicate_link_language_and_review_come_back(people, tmp_path):
    path, _ = export(tmp_path)
    before = snapshot()
    Entry.objects.filter(slug="dubbel").update(duplicate_of=None, notified_at=None, asker_language="")
    SuggestionAnswer.objects.update(review=SuggestionAnswer.TO_REVIEW)
    call_command("importfaq", str(path))
    assert snapshot() == before


@pytest.mark.parametrize(
    "breaks, message",
    [
        (lambda r: r.update(asker_language="fr"), "asker_language: must be empty or a language of the site"),
        (lambda r: r.update(notified_at="gisteren"), "notified_at: must be a date and time"),
        (lambda r: r.update(duplicate_of="betoverde-torens/bestaat-niet"), "duplicate_of: unknown entry"),
        (lambda r: r.update(duplicate_of=7), "duplicate_of: must be the game/slug of an entry, or null"),
    ],
)
def test_bad_version_4_fields_are_refused_with_their_place(people, tmp_path, breaks, message):
    path, data = export(tmp_path)
    record = next(r for r in data["entries"] if r["slug"] == "dubbel")
    breaks(record)
    path.write_text(json.dumps(data), encoding="utf-8")
    before = snapshot()
    with pytest.raises(CommandError):
        call_command("importfaq", str(path))
    assert snapshot() == before
    with pytest.raises(transfer.ImportRefused) as refused:
        transfer.import_data(data)
    assert any(message in problem and "entries[" in problem for problem in refused.value.problems), refused.value.problems
