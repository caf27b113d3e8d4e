"""exportfaq / importfaq: everything people wrote survives a round trip; bad files change nothing."""

import datetime as dt
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from faq.models import Change, Entry

from .conftest import make_entry

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
    )  # fmt: skip
    curated = Entry.objects.get(slug="flessen-hergebruiken")
    curated.answer = "Door een redacteur herschreven."
    curated.edited_in_admin = True
    curated.save()
    return written


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
        fields["changes"] = sorted(entry.changes.values_list("reason", "editor_id", "created_at"))
        entries[(entry.game_id, entry.slug)] = fields
    return entries


def without_stamp(data):
    return {k: v for k, v in data.items() if k != "exported_at"}


def test_a_round_trip_restores_everything_people_wrote(people, tmp_path):
    before = state()
    assert len(before) >= 50
    path, data = export(tmp_path)
    assert data["format"] == "rulesite-faq" and data["version"] == 1
    assert "personal data" in data["personal_data"]
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    visitor = next(e for e in data["entries"] if e["origin"] == "visitor")
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
        (lambda d: d.update(version=2), "unsupported version 2"),
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
    before = state()
    assert message in refused(path, capsys)
    assert state() == before


@pytest.mark.parametrize("text", ["{", "", "[1, 2]", "null", "[" * 5000 + "]" * 5000])
def test_a_file_that_is_not_an_export_is_refused(faq, tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    count = Entry.objects.count()
    refused(path, capsys)
    assert Entry.objects.count() == count


def test_an_entry_holding_the_slug_of_another_is_not_overwritten(people, tmp_path, capsys):
    path, data = export(tmp_path)
    visitor = Entry.objects.get(origin=Entry.VISITOR)
    record = next(e for e in data["entries"] if e["token"] == visitor.token)
    visitor.delete()
    # Someone else's question took the slug since the export.
    other = make_entry(game="finstere-flure", slug=record["slug"], origin=Entry.VISITOR, token="other" * 6)
    err = refused(path, capsys)
    assert "held by another entry" in err
    other.refresh_from_db()
    assert other.token == "other" * 6


def test_a_dry_run_changes_nothing(people, tmp_path, capsys):
    path, _ = export(tmp_path)
    Entry.objects.filter(slug="redactie").delete()
    before = state()
    call_command("importfaq", str(path), "--dry-run")
    assert "1 created" in capsys.readouterr().out
    assert state() == before
