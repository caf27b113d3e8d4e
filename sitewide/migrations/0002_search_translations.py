"""Formerly extended the database full-text index to the translations (see 0001 and 0003)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("sitewide", "0001_search_index"),
        ("rulebooks", "0003_translations"),
        ("faq", "0003_translations"),
    ]

    operations: list = []
