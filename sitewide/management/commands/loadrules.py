"""Load rulebooks/content/ into the database (after checking it), then sync the curated FAQ (in
``sitewide`` because it loads both the rulebooks and the FAQ).

All or nothing, in one transaction: content problems, a missing game that has FAQ entries, a
clause that entries cite and that vanished without ``renamed_from``, or a curated file whose slug
an entry written in the admin holds, refuse the load (non-zero exit) and change nothing."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from faq.sync import deploy_problems, sync_curated
from pagecache.httpcache import bump
from rulebooks.loader import ContentError, plan_load, read_content, store_content


class Command(BaseCommand):
    help = (
        "Check and load the rulebook content into the database, then sync the curated FAQ entries "
        "(idempotent; entries edited in the admin are kept). Refuses, changing nothing, when the "
        "load would lose FAQ entries or their citations."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--no-seeds", action="store_true", help="skip the seed quote check")

    def handle(self, *args: Any, **options: Any) -> None:
        content = read_content(check_seeds=not options["no_seeds"])
        try:
            with transaction.atomic():
                if content.problems:
                    raise ContentError(content.problems)
                plan = plan_load(content)
                problems = plan.problems + deploy_problems(content, plan)
                if problems:
                    raise ContentError(problems)
                counts = store_content(content, plan)
                report = sync_curated(content)
                bump()  # the content version loadrules records: public pages change after commit
        except ContentError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(f"{len(exc.problems)} content problem(s); nothing was loaded") from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {counts['games']} rulebooks, {counts['sections']} sections, {counts['clauses']} clauses."
            )
        )
        for slug in plan.retired:
            self.stdout.write(f"Retired: {slug} (hidden; its rulebook and FAQ entries are kept)")
        renamed = len(plan.renames)
        if renamed:
            self.stdout.write(f"Renamed in place: {renamed} id(s), citations kept")
        self.stdout.write(str(report))
        if report.moved:
            self.stderr.write(self.style.WARNING(f"{len(report.moved)} visitor question(s) moved aside; see above"))
