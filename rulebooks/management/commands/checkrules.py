"""Validate all rulebook content: ids, structure, references, demos, coverage, FAQ."""

import json

from django.core.management.base import BaseCommand, CommandError

from rulebooks.loader import read_content


class Command(BaseCommand):
    help = (
        "Check rulebooks/content/: unique ids, clause kinds, cross references, demo scenarios, "
        "coverage checklists and FAQ entries. Prints each problem as file:line: message and "
        "exits non-zero if there is any."
    )

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", help="print a JSON summary per game")
        parser.add_argument(
            "--no-seeds",
            action="store_true",
            help="do not check coverage quotes against ../shared/seeds/",
        )

    def handle(self, *args, **options):
        content = read_content(check_seeds=not options["no_seeds"])
        for problem in content.problems:
            self.stderr.write(str(problem))
        if options["json"]:
            self.stdout.write(json.dumps(content.summary(), indent=2, sort_keys=True))
        else:
            for slug, counts in content.summary().items():
                details = ", ".join(f"{k}={v}" for k, v in counts.items())
                self.stdout.write(f"{slug}: {details}")
        if content.problems:
            raise CommandError(f"{len(content.problems)} content problem(s) found")
        if not options["json"]:
            self.stdout.write(self.style.SUCCESS("All rulebook content is valid."))
