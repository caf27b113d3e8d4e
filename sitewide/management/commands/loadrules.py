"""Load rulebooks/content/ into the database (after checking it), then sync the curated FAQ (in
``sitewide`` because it loads both the rulebooks and the FAQ)."""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from faq.sync import sync_curated
from rulebooks.loader import ContentError, read_content, store_content


class Command(BaseCommand):
    help = (
        "Check and load the rulebook content into the database, then sync the curated FAQ entries "
        "(idempotent; entries edited in the admin are kept)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--no-seeds", action="store_true", help="skip the seed quote check")

    def handle(self, *args, **options):
        content = read_content(check_seeds=not options["no_seeds"])
        try:
            with transaction.atomic():
                counts = store_content(content)
                report = sync_curated(content)
        except ContentError as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(f"{len(exc.problems)} content problem(s); nothing was loaded") from None
        self.stdout.write(
            self.style.SUCCESS(
                f"Loaded {counts['games']} rulebooks, {counts['sections']} sections, {counts['clauses']} clauses."
            )
        )
        self.stdout.write(str(report))
