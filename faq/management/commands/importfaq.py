"""Import a FAQ export made by exportfaq (see faq/transfer.py): all or nothing, idempotent."""

from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from faq.transfer import ImportRefused, import_data
from rules.core.inputs import InputError, parse_json

MAX_DEPTH = 16  # an export nests five levels deep


class Command(BaseCommand):
    help = (
        "Import a JSON file written by exportfaq. Entries are matched by tracking token, else by game "
        "and slug; a matched entry takes the file's version; nothing is deleted. The whole file is "
        "checked first: a malformed file, an unknown game or clause refuses it and changes nothing."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("path", help="the export file")
        parser.add_argument("--dry-run", action="store_true", help="check and count, change nothing")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["path"]
        try:
            with open(path, "rb") as handle:
                data = parse_json(handle.read(), path, max_depth=MAX_DEPTH)
        except OSError as exc:
            raise CommandError(f"cannot read {path}: {exc}") from None
        except InputError as exc:
            raise CommandError(f"{path} is not valid JSON: {exc.reason}") from None
        try:
            report = import_data(data, dry_run=options["dry_run"])
        except ImportRefused as exc:
            for problem in exc.problems:
                self.stderr.write(problem)
            raise CommandError(f"{len(exc.problems)} problem(s) in {path}; nothing was imported") from None
        self.stdout.write(str(report) + (" (dry run: nothing was changed)" if options["dry_run"] else ""))
