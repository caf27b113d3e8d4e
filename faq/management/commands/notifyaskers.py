"""Send the askers' e-mails that are due and erase the addresses kept too long (faq/notify.py):
for cron, e.g. hourly."""

from argparse import ArgumentParser
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from faq import notify


class Command(BaseCommand):
    help = (
        "Tell by e-mail every asker whose question is answered and published (or marked a duplicate of a "
        "published ruling) and who was not told yet (the mail server was down at publishing), then erase "
        "the e-mail addresses of questions that arrived more than FAQ_ASKER_EMAIL_DAYS ago. The links "
        "start with SITE_URL (or --site-url); without either, nothing is sent, addresses are still erased."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--site-url", default="", help="e.g. https://rules.example.org (default: SITE_URL)")

    def handle(self, *args: Any, **options: Any) -> None:
        base_url = (options["site_url"] or settings.SITE_URL).rstrip("/")
        report = notify.sweep(base_url)
        if not base_url:
            self.stderr.write("No SITE_URL (or --site-url): no e-mail sent, the links need the site's address.")
        self.stdout.write(str(report))
