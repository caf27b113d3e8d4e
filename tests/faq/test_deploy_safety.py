"""Content deploys never lose what people wrote (issue 14; review defects 1, 4 and 8).

Each test loads the real content with ``loadrules``, adds the work of an editor and of visitors,
then deploys a changed copy of the content folder: a missing, renamed or retired game folder,
renamed or vanished clause ids, an empty content directory, a curated file taking a visitor's
slug. Every refused load must change nothing; every accepted one must keep every entry.
"""

import re
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from faq.models import Change, Entry
from rulebooks.models import Clause, Game, Section

from .conftest import make_entry

OLD, NEW = "bt-spel-in-vogelvlucht", "bt-vogelvlucht"  # an .info clause no engine cites


@pytest.fixture
def deployed(db, tmp_path, settings):
    """The repository content loaded with loadrules, a writable copy of it as the content folder
    from now on, and people's work: an editor's entry with its history and two visitor questions."""
    call_command("loadrules", "--no-seeds")
    folder = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, folder)
    settings.RULEBOOK_CONTENT_DIR = folder
    editor_entry = make_entry(
        game="torens-en-dieven", slug="redactie-vraag", question="Een vraag van de redactie over dieven?",
        answer="Zie [[td-dieven]].", origin=Entry.EDITOR,
    )  # fmt: skip
    editor_entry.record_change("Antwoord verduidelijkt.")
    make_entry(
        game="torens-en-dieven", slug="bezoekersvraag", question="Wat doet een dief op een weg?", answer="",
        published=False, status=Entry.RECEIVED, origin=Entry.VISITOR, token="v" * 32,
        asker_name="Anna", asker_email="anna@example.org",
    )  # fmt: skip
    return folder


def snapshot():
    """Everything a refused load must leave as it was."""
    entries = sorted(
        (e.game_id, e.slug, e.origin, e.question, e.answer, e.token, e.asker_email, e.published,
         tuple(sorted(e.clauses.values_list("pk", flat=True))))
        for e in Entry.objects.all()
    )  # fmt: skip
    return (
        entries,
        sorted(Change.objects.values_list("entry__slug", "reason")),
        sorted(Game.all_objects.values_list("slug", "retired")),
        sorted(Clause.all_objects.values_list("pk", "anchor")),
        sorted(Section.all_objects.values_list("pk", "anchor")),
    )


def refused(capsys, *args):
    with pytest.raises(CommandError, match="nothing was loaded"):
        call_command("loadrules", "--no-seeds", *args)
    return capsys.readouterr().err


def td_entries():
    return Entry.objects.filter(game_id="torens-en-dieven").count()


# -- games -----------------------------------------------------------------------------------------


def test_a_missing_game_folder_refuses_the_load_and_loses_nothing(deployed, capsys):
    before, entries = snapshot(), td_entries()
    assert entries >= 3  # curated files, the editor's entry, the visitor's question
    moved = deployed.parent / "td-moved"
    shutil.move(deployed / "torens-en-dieven", moved)
    err = refused(capsys)
    assert "game 'torens-en-dieven' is missing from the content" in err
    assert "Een vraag van de redactie over dieven?" in err or "FAQ entries" in err
    assert "retired.toml" in err
    assert snapshot() == before
    # Putting the folder back loads as before: nothing was lost in between.
    shutil.move(moved, deployed / "torens-en-dieven")
    call_command("loadrules", "--no-seeds")
    assert td_entries() == entries
    assert Entry.objects.get(token="v" * 32).asker_email == "anna@example.org"
    assert Entry.objects.get(slug="redactie-vraag").changes.count() == 1


def test_a_game_renamed_with_its_folder_and_slug_refuses_the_load(deployed, capsys, monkeypatch):
    from rulebooks import loader

    # The game's scenarios live under its slug in the simulator; let them follow the rename so
    # that the content itself stays valid and only the missing game is left to refuse.
    real = loader.scenario_ids
    monkeypatch.setattr(loader, "scenario_ids", lambda slug: real("torens-en-dieven" if slug == "torens-dieven" else slug))
    monkeypatch.setattr(loader, "scenario_problems", lambda content: [])
    before = snapshot()
    book = deployed / "torens-en-dieven" / "rulebook.md"
    book.write_text(book.read_text(encoding="utf-8").replace('slug = "torens-en-dieven"', 'slug = "torens-dieven"'))
    shutil.move(deployed / "torens-en-dieven", deployed / "torens-dieven")
    assert "game 'torens-en-dieven' is missing" in refused(capsys)
    assert snapshot() == before


@pytest.mark.parametrize("emptied", ["empty", "missing"])
def test_an_empty_or_missing_content_directory_refuses_the_load(deployed, capsys, settings, emptied):
    before = snapshot()
    empty = deployed.parent / "empty"
    if emptied == "empty":
        empty.mkdir()
    settings.RULEBOOK_CONTENT_DIR = empty
    assert "no game folders found" in refused(capsys)
    assert snapshot() == before


def test_the_database_itself_refuses_to_cascade_delete_entries(deployed):
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        Game.all_objects.filter(slug="torens-en-dieven").delete()
    assert td_entries() >= 3


def test_a_game_without_entries_may_go(deployed):
    Entry.objects.filter(game_id="torens-en-dieven").delete()
    shutil.rmtree(deployed / "torens-en-dieven")
    call_command("loadrules", "--no-seeds")
    assert not Game.all_objects.filter(slug="torens-en-dieven").exists()


def test_a_retired_game_is_hidden_and_keeps_its_entries(deployed, client):
    before = sorted(Entry.objects.filter(game_id="torens-en-dieven").values_list("pk", "slug", "published"))
    public = Entry.objects.filter(game_id="torens-en-dieven", published=True).first()
    clause_rows = Clause.all_objects.filter(game_id="torens-en-dieven").count()
    moved = deployed.parent / "td-archived"
    shutil.move(deployed / "torens-en-dieven", moved)
    (deployed / "retired.toml").write_text('retired = ["torens-en-dieven"]\n', encoding="utf-8")
    call_command("loadrules", "--no-seeds")
    after = sorted(Entry.objects.filter(game_id="torens-en-dieven").values_list("pk", "slug", "published"))
    assert after == before  # kept as they were, not even unpublished
    assert Clause.all_objects.filter(game_id="torens-en-dieven").count() == clause_rows
    assert Game.all_objects.get(slug="torens-en-dieven").retired
    # Hidden from the site.
    assert "torens-en-dieven" not in Game.objects.values_list("slug", flat=True)
    assert not Entry.objects.published().filter(game_id="torens-en-dieven").exists()
    assert client.get("/nl/torens-en-dieven/").status_code == 404
    assert client.get(f"/nl/torens-en-dieven/faq/{public.slug}/").status_code == 404
    # A second load is fine too, and bringing the folder back shows the game again.
    call_command("loadrules", "--no-seeds")
    (deployed / "retired.toml").unlink()
    shutil.move(moved, deployed / "torens-en-dieven")
    call_command("loadrules", "--no-seeds")
    assert not Game.all_objects.get(slug="torens-en-dieven").retired
    assert sorted(Entry.objects.filter(game_id="torens-en-dieven").values_list("pk", "slug", "published")) == before
    assert client.get(f"/nl/torens-en-dieven/faq/{public.slug}/").status_code == 200


def test_retiring_a_game_whose_folder_is_still_there_is_a_content_problem(deployed, capsys):
    (deployed / "retired.toml").write_text('retired = ["torens-en-dieven"]\n', encoding="utf-8")
    assert "is retired but its folder is still there" in refused(capsys)


# -- clause ids ------------------------------------------------------------------------------------


def rename_clause(folder, old, new, declare=True):
    """Rename a clause id everywhere in betoverde-torens (heading, references, coverage)."""
    game = folder / "betoverde-torens"
    attr = f" renamed_from={old}" if declare else ""
    for name in ("rulebook.md", "rulebook.de.md", "rulebook.en.md"):  # the id is the same in every language
        book = game / name
        text = book.read_text(encoding="utf-8")
        text = re.sub(rf"\{{#{old} \.(\w+)[^}}]*\}}", lambda m: f"{{#{new} .{m.group(1)}{attr}}}", text, count=1)
        book.write_text(text.replace(f"[[{old}]]", f"[[{new}]]"), encoding="utf-8")
    coverage = game / "coverage.toml"
    coverage.write_text(re.sub(rf"\b{old}\b", new, coverage.read_text(encoding="utf-8")), encoding="utf-8")


def curated_file(folder, slug, clause, game="betoverde-torens"):
    path = folder / game / "faq" / f"{slug}.md"
    path.write_text(
        f'+++\nquestion = "Een vraag uit de repository, nummer {len(slug)}?"\nclauses = ["{clause}"]\n+++\n\nZie [[{clause}]].\n',
        encoding="utf-8",
    )
    # Its translations (every curated entry exists in nl, de and en).
    for lang, question, answer in (("de", "Eine Frage aus dem Repository", "Siehe"), ("en", "A question from the repository", "See")):
        translated = folder / game / "faq" / lang / f"{slug}.md"
        translated.write_text(
            f'+++\nquestion = "{question}, number {len(slug)}?"\n+++\n\n{answer} [[{clause}]].\n', encoding="utf-8"
        )
    return path


@pytest.fixture
def citing(deployed):
    """Entries citing OLD: the editor's (many-to-many and [[OLD]] in the answer), a visitor's
    question asked from that clause page, and a curated file (loaded)."""
    curated_file(deployed, "vogelvlucht-vraag", OLD)
    call_command("loadrules", "--no-seeds")
    editor_entry = make_entry(slug="over-het-spel", answer=f"Lees eerst [[{OLD}]].", clauses=[OLD], origin=Entry.EDITOR)
    visitor = make_entry(
        slug="", question="Hoe lang duurt een spel ongeveer?", answer="", published=False, status=Entry.RECEIVED,
        origin=Entry.VISITOR, token="w" * 32, clauses=[OLD],
    )  # fmt: skip
    return {"editor": editor_entry, "visitor": visitor, "clause": Clause.all_objects.get(anchor=OLD)}


def cited(entry):
    return sorted(entry.clauses.values_list("anchor", flat=True))


def test_a_permalink_shared_before_a_rename_leads_to_the_renamed_clause(citing, deployed, client):
    rename_clause(deployed, OLD, NEW)
    call_command("loadrules", "--no-seeds")
    old_link = client.get(f"/nl/betoverde-torens/{OLD}/?step=2")
    assert old_link.status_code == 301
    assert old_link["Location"] == f"/nl/betoverde-torens/{NEW}/?step=2"
    assert client.get(old_link["Location"]).status_code == 200
    assert client.get("/nl/betoverde-torens/bt-nooit-bestaan/").status_code == 404


def test_a_declared_rename_keeps_every_citation_and_renaming_back_too(citing, deployed, capsys, client):
    rename_clause(deployed, OLD, NEW)
    call_command("loadrules", "--no-seeds")
    assert "Renamed in place: 1 id(s)" in capsys.readouterr().out
    clause = Clause.objects.get(anchor=NEW)
    assert clause.pk == citing["clause"].pk and clause.former_ids == [OLD]
    editor_entry = Entry.objects.get(pk=citing["editor"].pk)
    assert cited(editor_entry) == [NEW]
    assert editor_entry.answer == f"Lees eerst [[{NEW}]]."
    assert "xref-broken" not in editor_entry.answer_html and f"#{NEW}" in editor_entry.answer_html
    assert cited(Entry.objects.get(pk=citing["visitor"].pk)) == [NEW]
    # The curated file still cites the old id: it follows the rename.
    curated = Entry.objects.get(slug="vogelvlucht-vraag")
    assert cited(curated) == [NEW] and "xref-broken" not in curated.answer_html
    page = client.get(f"/nl/betoverde-torens/faq/{editor_entry.slug}/")
    assert page.status_code == 200 and b"xref-broken" not in page.content
    # Renaming back, declared the other way round, keeps them again.
    rename_clause(deployed, NEW, OLD)
    call_command("loadrules", "--no-seeds")
    assert Clause.objects.get(anchor=OLD).pk == citing["clause"].pk
    assert cited(Entry.objects.get(pk=citing["editor"].pk)) == [OLD]
    assert cited(Entry.objects.get(pk=citing["visitor"].pk)) == [OLD]
    assert cited(Entry.objects.get(slug="vogelvlucht-vraag")) == [OLD]


def test_an_undeclared_rename_refuses_the_load_and_changes_nothing(citing, deployed, capsys):
    for name in ("vogelvlucht-vraag.md", "de/vogelvlucht-vraag.md", "en/vogelvlucht-vraag.md"):
        (deployed / "betoverde-torens" / "faq" / name).unlink()  # the content itself is consistent
    rename_clause(deployed, OLD, NEW, declare=False)
    call_command("checkrules", "--no-seeds")  # the files alone are valid...
    capsys.readouterr()
    with pytest.raises(CommandError):
        call_command("checkrules", "--no-seeds", "--database")  # ...but not against the stored entries
    assert f"renamed_from={OLD}" in capsys.readouterr().err
    before = snapshot()
    err = refused(capsys)
    assert f"clause '{OLD}' is no longer in the content" in err and f"renamed_from={OLD}" in err
    # The editor's and the visitor's; not the curated one, whose file (now removed) is its source.
    assert "2 FAQ entries" in err and "vogelvlucht-vraag" not in err
    assert snapshot() == before
    assert cited(Entry.objects.get(pk=citing["visitor"].pk)) == [OLD]


def test_a_reference_only_in_a_stored_answer_also_refuses(deployed, capsys):
    make_entry(slug="alleen-tekst", answer=f"Zie [[{OLD}]].", origin=Entry.EDITOR)  # no many-to-many citation
    rename_clause(deployed, OLD, NEW, declare=False)
    before = snapshot()
    err = refused(capsys)
    assert f"FAQ entry betoverde-torens/alleen-tekst:0: the answer (written in the admin) cites [[{OLD}]]" in err
    assert snapshot() == before


def test_checkrules_accepts_a_curated_file_citing_a_former_id_and_refuses_an_unknown_one(deployed, capsys):
    curated_file(deployed, "oude-naam", OLD)
    rename_clause(deployed, OLD, NEW)
    call_command("checkrules", "--no-seeds")
    curated_file(deployed, "verdwenen", "bt-bestaat-niet")
    with pytest.raises(CommandError):
        call_command("checkrules", "--no-seeds")
    assert "FAQ entry cites unknown clause 'bt-bestaat-niet'" in capsys.readouterr().err


# -- curated files and visitors' slugs -----------------------------------------------------------


def test_a_curated_file_takes_its_slug_from_a_visitor_question_which_moves_aside(deployed, capsys, client):
    slug = "mag-het-monster-door-een-muur-lopen"
    visitor = make_entry(
        game="finstere-flure", slug="", question="Mag het monster door een muur lopen?", answer="Nee.",
        published=True, origin=Entry.VISITOR, token="m" * 32, asker_email="piet@example.org",
    )  # fmt: skip
    assert visitor.slug == slug
    curated_file(deployed, slug, _a_clause("finstere-flure"), game="finstere-flure")
    call_command("loadrules", "--no-seeds")
    captured = capsys.readouterr()
    assert f"the visitor question '{slug}' now has the slug '{slug}-2'" in captured.out
    curated = Entry.objects.get(game_id="finstere-flure", slug=slug)
    assert curated.origin == Entry.REPOSITORY and curated.published and curated.token is None
    moved = Entry.objects.get(pk=visitor.pk)
    assert moved.slug == f"{slug}-2" and moved.origin == Entry.VISITOR
    assert moved.token == "m" * 32 and moved.asker_email == "piet@example.org"
    # The old public address shows the curated answer to the same question, the moved one its own.
    assert client.get(f"/nl/finstere-flure/faq/{slug}/").status_code == 200
    assert client.get(f"/nl/finstere-flure/faq/{slug}-2/").status_code == 200
    # Idempotent: a second load moves nothing.
    call_command("loadrules", "--no-seeds")
    assert "moved aside" not in capsys.readouterr().out
    assert Entry.objects.get(pk=visitor.pk).slug == f"{slug}-2"


def test_an_entry_written_in_the_admin_keeps_its_slug_and_refuses_the_file_loudly(deployed, capsys):
    own = make_entry(game="finstere-flure", slug="eigen-vraag", answer="Van de redactie.", origin=Entry.EDITOR)
    curated_file(deployed, "eigen-vraag", _a_clause("finstere-flure"), game="finstere-flure")
    before = snapshot()
    err = refused(capsys)
    assert "faq/eigen-vraag.md:1: the slug 'eigen-vraag' belongs to an entry written in the admin" in err
    assert snapshot() == before
    own.refresh_from_db()
    assert own.answer == "Van de redactie." and own.origin == Entry.EDITOR


def _a_clause(game):
    return Clause.objects.filter(game_id=game, kind="rule").order_by("position").values_list("anchor", flat=True)[0]


def test_an_entry_of_a_retired_game_keeps_its_citations_when_saved_in_the_admin(deployed):
    from faq.admin import EntryAdmin

    entry = Entry.objects.get(slug="redactie-vraag")
    clause = Clause.objects.filter(game_id="torens-en-dieven").first()
    entry.clauses.set([clause])
    shutil.rmtree(deployed / "torens-en-dieven")
    (deployed / "retired.toml").write_text('retired = ["torens-en-dieven"]\n', encoding="utf-8")
    call_command("loadrules", "--no-seeds")
    data = {
        "game": entry.game_id, "slug": entry.slug, "question": entry.question, "answer": "Nieuw antwoord.",
        "clauses": [clause.pk], "scenario": "", "position_url": "", "status": Entry.ANSWERED, "published": "on",
        "provenance": "", "asked_at": "", "change_reason": "",
    }  # fmt: skip
    form = EntryAdmin.form(data=data, instance=entry)
    assert form.is_valid(), form.errors
    form.save()
    assert list(Entry.objects.get(pk=entry.pk).clauses.all()) == [clause]
