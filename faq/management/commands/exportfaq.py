"""Export everything people wrote in the FAQ to a JSON file (see faq/transfer.py)."""

import json
import os
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from faq.transfer import export_data


class Command(BaseCommand):
    help = (
        "Write every FAQ entry (curated, written in the admin, visitors' questions), its citations, "
        "dates and history of changes to JSON, for importfaq. The file holds personal data (askers' "
        "names, email addresses, tracking tokens): keep it private."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("-o", "--output", help="file to write (created readable by its owner only); default stdout")

    def handle(self, *args: Any, **options: Any) -> None:
        data = export_data()
        text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
        path = options["output"]
        if not path:
            self.stdout.write(text, ending="")
            return
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
        except OSError as exc:
            raise CommandError(f"cannot write {path}: {exc}") from None
        self.stderr.write(f"Exported {len(data['entries'])} FAQ entries to {path} (personal data: keep it private).")
