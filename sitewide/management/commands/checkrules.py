"""Validate all rulebook content: ids, structure, references, demos, coverage, FAQ (in ``sitewide``
because it checks both the rulebooks and the FAQ)."""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from faq.sync import deploy_problems
from faq.verification import curated_problems, is_verified
from rulebooks.loader import plan_load, read_content


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
