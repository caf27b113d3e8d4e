"""Validate all rulebook content: ids, structure, references, demos, coverage, FAQ (in ``sitewide``
because it checks both the rulebooks and the FAQ)."""

import json
from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from faq.sync import deploy_problems
from faq.verification import curated_problems, is_verified
from rulebooks.contentset import ContentSet
from rulebooks.loader import plan_load, read_content
from rulebooks.parsing import Problem
from rules.core.registry import get_game
from simulator.scenario_citations import citation_problems


def scenario_citation_problems(content: ContentSet) -> list[Problem]:
    """What each scenario step and its caption cite (simulator.scenario_citations), per game."""
    problems = []
    for slug, game in content.games.items():
        spec = get_game(slug)
        if spec is not None:
            _count, found = citation_problems(spec, {clause.id for clause in game.book.clauses})
            for where, problem in found:
                path = where.relative_to(settings.BASE_DIR) if where.is_relative_to(settings.BASE_DIR) else where
                problems.append(Problem(str(path), 0, problem))
    return problems


class Command(BaseCommand):
    help = (
        "Check rulebooks/content/: unique ids, clause kinds, cross references, demo scenarios, "
        "coverage checklists, FAQ entries (a FAQ scenario must replay) and the translations of every "
        "rulebook, FAQ entry and scenario text into nl, de and en (aligned with the source, glossary terms). Prints each problem as "
        "file:line: message and exits non-zero if there is any."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--json", action="store_true", help="print a JSON summary per game and language")
        parser.add_argument(
            "--no-seeds",
            action="store_true",
            help="do not check coverage quotes against ../shared/seeds/",
        )
        parser.add_argument(
            "--database",
            action="store_true",
            help="also check what loadrules would refuse against the database (FAQ entries of a missing "
            "game, citations of a removed clause, a file slug held by an admin entry); changes nothing",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        content = read_content(check_seeds=not options["no_seeds"])
        # The badge rule: a curated FAQ entry that names a scenario must replay with its
        # expectations holding.
        problems = content.problems + curated_problems(content)
        if not content.problems:
            problems += scenario_citation_problems(content)
        if options["database"] and not content.problems:
            plan = plan_load(content)
            problems += plan.problems + deploy_problems(content, plan)
        for problem in problems:
            self.stderr.write(str(problem))
        summary = content.summary(verify=is_verified)
        if options["json"]:
            self.stdout.write(json.dumps(summary, indent=2, sort_keys=True))
        else:
            for slug, counts in summary.items():
                details = ", ".join(f"{k}={v}" for k, v in counts.items() if k != "languages")
                self.stdout.write(f"{slug}: {details}")
                for lang, info in counts["languages"].items():
                    state = (
                        "source"
                        if info["role"] == "source"
                        else ("ok" if info["ok"] else f"{len(info['problems'])} problem(s)")
                    )
                    self.stdout.write(
                        f"  {lang}: {state}, clauses={info['clauses']}, faq_entries={info['faq_entries']}"
                    )
        if problems:
            raise CommandError(f"{len(problems)} content problem(s) found")
        if not options["json"]:
            self.stdout.write(self.style.SUCCESS("All rulebook content is valid."))
