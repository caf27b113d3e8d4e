"""The curated FAQ files: loaded by loadrules, kept in sync, never overwriting editors' work."""

import shutil

import pytest
from django.core.management import call_command
from django.db import transaction

from faq.models import Entry
from faq.sync import sync_curated
from rulebooks.loader import read_content
from tests import conftest as base

from .conftest import make_entry

SEED_SLUGS = {"winregel-beide-voorwaarden", "raventoren-op-torens", "flessen-hergebruiken"}


@pytest.fixture
def content_copy(tmp_path, settings, rulebooks):
    """A writable copy of the content folder, used by read_content from now on."""
    folder = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, folder)
    settings.RULEBOOK_CONTENT_DIR = folder
    return folder


def faq_file(folder, slug, question="Mag het?", answer="Ja, zie [[bt-einde-spel]].", clauses='["bt-einde-spel"]'):
    path = folder / "betoverde-torens" / "faq" / f"{slug}.md"
    path.write_text(f'+++\nquestion = "{question}"\nclauses = {clauses}\n+++\n\n{answer}\n', encoding="utf-8")
    return path


def test_the_seed_reader_questions_are_published_answered_entries(faq):
    entries = Entry.objects.filter(game_id="betoverde-torens", origin=Entry.REPOSITORY, slug__in=SEED_SLUGS)
    assert {e.slug for e in entries} == SEED_SLUGS
    for entry in entries:
        assert entry.published and entry.status == Entry.ANSWERED
        assert entry.clauses.exists()
        assert entry.answer_html.startswith("<p>") and "[[" not in entry.answer_html
        assert entry.provenance.startswith("Lezersvraag")
    winrule = entries.get(slug="winregel-beide-voorwaarden")
    assert {"bt-einde-spel", "bt-laatste-ronde", "bt-flesjes-uit-spel"} <= set(winrule.clauses.values_list("anchor", flat=True))
    assert winrule.scenario and winrule.verified  # the win rule is proven by the engine
    # No invented dates: the files carry none.
    assert winrule.asked_at is None and winrule.answered_at is None
    assert winrule.published_at is not None


def test_loadrules_syncs_the_faq_and_is_idempotent(empty_db, capsys, settings):
    files = len(list(settings.RULEBOOK_CONTENT_DIR.glob("*/faq/*.md")))
    assert files >= 3 + 8  # the seed's reader questions and the Finstere Flure entries
    call_command("loadrules", "--no-seeds")
    assert f"FAQ: {files} created" in capsys.readouterr().out
    pks = dict(Entry.objects.values_list("slug", "pk"))
    call_command("loadrules", "--no-seeds")
    assert f"FAQ: 0 created, 0 updated, {files} unchanged" in capsys.readouterr().out
    assert dict(Entry.objects.values_list("slug", "pk")) == pks


def test_a_changed_file_updates_an_untouched_entry(faq, content_copy):
    faq_file(content_copy, "winregel-beide-voorwaarden", question="Nieuwe vraag over het einde?", answer="Nieuw antwoord.")
    report = sync_curated(read_content(check_seeds=False))
    assert report.updated == 1 and report.unchanged == Entry.objects.filter(origin=Entry.REPOSITORY).count() - 1
    entry = Entry.objects.get(slug="winregel-beide-voorwaarden")
    assert entry.question == "Nieuwe vraag over het einde?"
    assert entry.answer_text == "Nieuw antwoord."


def test_an_entry_edited_in_the_admin_is_not_overwritten(faq, content_copy):
    entry = Entry.objects.get(slug="flessen-hergebruiken")
    entry.answer = "Door een redacteur herschreven."
    entry.edited_in_admin = True
    entry.save()
    faq_file(content_copy, "flessen-hergebruiken", answer="Versie uit het bestand.")
    report = sync_curated(read_content(check_seeds=False))
    assert report.kept == 1
    entry.refresh_from_db()
    assert entry.answer == "Door een redacteur herschreven."


def test_entries_created_in_the_admin_are_never_touched(faq, content_copy):
    own = make_entry(slug="eigen-vraag", answer="Van de redactie.", origin=Entry.EDITOR)
    faq_file(content_copy, "eigen-vraag", answer="Uit de repository.")
    report = sync_curated(read_content(check_seeds=False))
    assert report.conflicts and "eigen-vraag" in report.conflicts[0]
    own.refresh_from_db()
    assert own.answer == "Van de redactie." and own.origin == Entry.EDITOR


def test_new_files_are_added_and_removed_files_withdrawn(faq, content_copy):
    faq_file(content_copy, "nieuwe-vraag", question="Een nieuwe vraag uit de repository?")
    (content_copy / "betoverde-torens" / "faq" / "raventoren-op-torens.md").unlink()
    report = sync_curated(read_content(check_seeds=False))
    assert report.created == 1 and report.withdrawn == 1
    assert Entry.objects.get(slug="nieuwe-vraag").published
    assert not Entry.objects.get(slug="raventoren-op-torens").published


def test_visitor_questions_survive_a_sync(faq):
    question = make_entry(slug="", question="Wat als de stapel omvalt tijdens het spel?", answer="", published=False,
                          status=Entry.RECEIVED, origin=Entry.VISITOR, token="t" * 32)
    sync_curated(base.parsed_content())
    question.refresh_from_db()
    assert question.status == Entry.RECEIVED and not question.published and question.slug


@pytest.mark.django_db(transaction=True)
def test_rerender_all_locks_the_rows_it_will_write(monkeypatch):
    """Review 12: an admin save committing between rerender_all's read and its write got the
    rendering of the previous answer. The rows are now locked from the read to the write: another
    connection cannot take them meanwhile (NOWAIT fails at once instead of waiting)."""
    import threading

    from django.db import DatabaseError, connection, connections

    if not connection.features.has_select_for_update_nowait:
        pytest.skip("row locks need PostgreSQL (SQLite serialises writers with one database lock)")
    from faq import sync

    base.load_site_content()
    entry = make_entry(slug="gelockt", answer="Oud antwoord.", origin=Entry.EDITOR)
    seen = []

    def other_connection_tries_to_write():
        try:
            with transaction.atomic():
                seen.append(list(Entry.objects.select_for_update(nowait=True).filter(pk=entry.pk)))
        except DatabaseError as exc:
            seen.append(exc)
        finally:
            connections.close_all()

    real_render = Entry.render

    def render(self):
        if self.pk == entry.pk and not seen:
            worker = threading.Thread(target=other_connection_tries_to_write)
            worker.start()
            worker.join()
        real_render(self)

    monkeypatch.setattr(Entry, "render", render)
    sync.rerender_all()
    assert len(seen) == 1 and isinstance(seen[0], DatabaseError), seen
