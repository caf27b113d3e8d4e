"""The full-text index over the translations of clauses and FAQ entries (sitewide.fulltext)."""

from django.db import migrations


def create(apps, schema_editor):
    from sitewide.fulltext import ensure_index

    ensure_index(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("sitewide", "0001_search_index"),
        ("rulebooks", "0003_translations"),
        ("faq", "0003_translations"),
    ]

    operations = [migrations.RunPython(create, migrations.RunPython.noop, elidable=False)]
