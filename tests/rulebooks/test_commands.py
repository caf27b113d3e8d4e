"""The content commands: checkrules (text and --json) and loadrules."""

import json
import shutil

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from rulebooks.models import Clause, Game
from tests.site_games import SITE_GAMES


def test_checkrules_passes_on_the_repository_content(capsys, settings):
    call_command("checkrules")
    out = capsys.readouterr().out
    assert "All rulebook content is valid." in out


def test_checkrules_json_summary_has_the_counts_per_game(capsys):
    call_command("checkrules", "--json")
    summary = json.loads(capsys.readouterr().out)
    assert sorted(summary) == list(SITE_GAMES)  # every game folder of the content, no other
    keys = {"clauses", "rule_clauses", "rule_clauses_with_demo", "scenarios", "faq_entries", "faq_verified", "languages"}
    for counts in summary.values():
        assert set(counts) == keys
        assert counts["clauses"] >= counts["rule_clauses"] > 0
    assert summary["betoverde-torens"]["faq_entries"] >= 3


def test_checkrules_names_file_and_line_and_fails(tmp_path, settings, capsys):
    content = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, content)
    book = content / "finstere-flure" / "rulebook.md"
    lines = book.read_text(encoding="utf-8").split("\n")
    lines.append("\n## Kapot {#ff-kapot .rule}\n\nZie [[ff-nergens]].\n\n## Raar {#ff-raar .regel}\n")
    book.write_text("\n".join(lines), encoding="utf-8")
    settings.RULEBOOK_CONTENT_DIR = content
    with pytest.raises(CommandError, match="content problem"):
        call_command("checkrules")
    err = capsys.readouterr().err
    line = len(lines) + 1
    assert f"finstere-flure/rulebook.md:{line + 2}: [[ff-nergens]] in clause 'ff-kapot' refers to an unknown clause" in err
    assert f"finstere-flure/rulebook.md:{line + 4}: unknown class '.regel'" in err


@pytest.mark.django_db
def test_loadrules_is_idempotent_and_refuses_broken_content(tmp_path, settings):
    call_command("loadrules", "--no-seeds")
    first = Clause.objects.count()
    keys = dict(Clause.objects.values_list("anchor", "pk"))
    call_command("loadrules", "--no-seeds")
    assert Clause.objects.count() == first > 100
    # Rows keep their primary keys across loads, so other tables can point at clauses.
    assert dict(Clause.objects.values_list("anchor", "pk")) == keys
    assert sorted(Game.objects.values_list("slug", flat=True)) == sorted(SITE_GAMES)  # every content folder
    content = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, content)
    (content / "torens-en-dieven" / "rulebook.md").write_text("kapot", encoding="utf-8")
    settings.RULEBOOK_CONTENT_DIR = content
    with pytest.raises(CommandError, match="nothing was loaded"):
        call_command("loadrules", "--no-seeds")
    assert Clause.objects.count() == first


def test_checkrules_fails_naming_the_file_of_a_scenario_that_does_not_replay(monkeypatch, capsys):
    from rules.core.scenarios import ScenarioReport

    real = __import__("rulebooks.loader", fromlist=["check_scenario"]).check_scenario

    def check(game, scenario_id):
        if scenario_id == "ff-steen-schuiven":
            return ScenarioReport(False, ["step 1: expected figures.red2.at = [5, 2], found [5, 3]"])
        return real(game, scenario_id)

    monkeypatch.setattr("rulebooks.loader.check_scenario", check)
    with pytest.raises(CommandError, match="1 content problem"):
        call_command("checkrules", "--no-seeds")
    err = capsys.readouterr().err
    assert (
        "rules/games/finstere_flure/scenarios/ff-steen-schuiven.toml:0: "
        "step 1: expected figures.red2.at = [5, 2], found [5, 3]"
    ) in err
