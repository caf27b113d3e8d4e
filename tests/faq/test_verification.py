"""The "checked by the rules engine" badge: computed from the scenario replay, never stored;
checkrules fails for a curated entry whose scenario does not replay."""

import json
import shutil
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from faq import verification
from faq.models import Entry
from rules.core.scenarios import ScenarioReport

from .conftest import make_entry

BADGE = "checked by the rules engine"


def Report(ok, problems=()):
    return ScenarioReport(ok, list(problems))


@pytest.fixture
def fake_engine(monkeypatch):
    """Stand in for rules.core.scenarios: results per scenario id, calls counted."""
    results, calls = {}, []
    from rules.core import scenarios

    real = scenarios.check_scenario

    def check_scenario(game, scenario_id):
        calls.append((game, scenario_id))
        if scenario_id in results:
            return results[scenario_id]
        return real(game, scenario_id)  # the real scenarios replay for real

    monkeypatch.setattr("rules.core.scenarios.check_scenario", check_scenario)
    verification.clear_cache()
    yield results, calls
    verification.clear_cache()


@pytest.mark.usefixtures("faq")
def test_an_entry_whose_scenario_replays_gets_the_badge(client, fake_engine):
    results, calls = fake_engine
    results["bt-einde-bewijs"] = Report(True)
    entry = make_entry(slug="bewezen", scenario="bt-einde-bewijs", clauses=["bt-einde-spel"])
    assert entry.verified
    html = client.get("/en/betoverde-torens/faq/bewezen/").content.decode()
    assert BADGE in html
    assert 'id="demo-faq-bewezen"' in html  # the place of the proof's mini-board
    assert BADGE in client.get("/en/betoverde-torens/bt-einde-spel/").content.decode()
    assert BADGE in client.get("/en/betoverde-torens/faq/").content.decode()
    # Computed once per process, not once per page.
    assert calls.count(("betoverde-torens", "bt-einde-bewijs")) == 1


@pytest.mark.usefixtures("faq")
def test_an_entry_whose_scenario_breaks_has_no_badge(client, fake_engine):
    results, _ = fake_engine
    results["bt-kapot"] = Report(False, ["step 2: expected bt-einde-spel"])
    entry = make_entry(slug="kapot", scenario="bt-kapot")
    assert not entry.verified
    assert BADGE not in client.get("/en/betoverde-torens/faq/kapot/").content.decode()


@pytest.mark.usefixtures("faq")
def test_an_entry_without_scenario_has_no_badge_and_the_engine_is_not_asked(client, fake_engine):
    _, calls = fake_engine
    entry = make_entry(slug="zonder")
    assert not entry.verified and calls == []
    assert BADGE not in client.get("/en/betoverde-torens/faq/zonder/").content.decode()


def test_the_badge_is_never_a_stored_flag():
    fields = {f.name for f in Entry._meta.get_fields()}
    assert not any("verif" in name or "badge" in name for name in fields)


def test_a_crashing_replay_counts_as_not_verified(fake_engine, monkeypatch):
    def boom(game, scenario_id):
        raise RuntimeError("engine bug")

    monkeypatch.setattr(sys.modules["rules.core.scenarios"], "check_scenario", boom)
    assert not verification.is_verified("betoverde-torens", "x")
    assert "engine bug" in verification.report("betoverde-torens", "x").problems[0]


@pytest.fixture
def content_with_a_proven_faq(tmp_path, settings, monkeypatch):
    folder = tmp_path / "content"
    shutil.copytree(settings.RULEBOOK_CONTENT_DIR, folder)
    settings.RULEBOOK_CONTENT_DIR = folder
    path = folder / "betoverde-torens" / "faq" / "bewezen-einde.md"
    path.write_text('+++\nquestion = "Wanneer eindigt het?"\nclauses = ["bt-einde-spel"]\nscenario = "bt-einde-bewijs"\n'
                    "+++\n\nAls beide voorwaarden gelden.\n", encoding="utf-8")
    for lang, question, answer in (("de", "Wann endet es?", "Wenn beide Bedingungen gelten."),
                                   ("en", "When does it end?", "When both conditions hold.")):
        (path.parent / lang / path.name).write_text(f'+++\nquestion = "{question}"\n+++\n\n{answer}\n', encoding="utf-8")
    # The scenario file "exists" for the content check; its replay comes from fake_engine.
    from rulebooks import loader

    real = loader.scenario_ids
    monkeypatch.setattr("rulebooks.loader.scenario_ids",
                        lambda slug: real(slug) | ({"bt-einde-bewijs"} if slug == "betoverde-torens" else set()))
    return path


def test_checkrules_fails_when_a_faq_scenario_does_not_replay(content_with_a_proven_faq, fake_engine, capsys):
    results, _ = fake_engine
    results["bt-einde-bewijs"] = Report(False, ["step 1: wizard not imprisoned"])
    with pytest.raises(CommandError, match="content problem"):
        call_command("checkrules", "--no-seeds")
    err = capsys.readouterr().err
    assert "betoverde-torens/faq/bewezen-einde.md:1: FAQ scenario 'bt-einde-bewijs' does not replay" in err
    assert "wizard not imprisoned" in err


def test_checkrules_counts_verified_faq_entries(content_with_a_proven_faq, fake_engine, capsys):
    results, _ = fake_engine
    results["bt-einde-bewijs"] = Report(True)
    call_command("checkrules", "--no-seeds", "--json")
    summary = json.loads(capsys.readouterr().out)
    curated = len(list((content_with_a_proven_faq.parent).glob("*.md")))  # the real entries plus this one
    assert summary["betoverde-torens"]["faq_entries"] == curated
    # Every real entry with a scenario replays; the added one counts because its (fake) replay holds.
    assert summary["betoverde-torens"]["faq_verified"] == curated
    results["bt-einde-bewijs"] = Report(False, ["broken"])
    verification.clear_cache()
    with pytest.raises(CommandError):
        call_command("checkrules", "--no-seeds", "--json")
    summary = json.loads(capsys.readouterr().out)
    assert summary["betoverde-torens"]["faq_verified"] == curated - 1
