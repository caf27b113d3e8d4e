"""The full-text index of the site search (see :mod:`sitewide.fulltext`): FTS5 trigram tables and
their triggers on SQLite, pg_trgm GIN indexes on PostgreSQL, built from the rows already there."""

from django.db import migrations


def create(apps, schema_editor):
    from sitewide.fulltext import ensure_index

    ensure_index(schema_editor.connection)


def drop(apps, schema_editor):
    from sitewide.fulltext import drop_index

    drop_index(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [
        ("rulebooks", "0002_retired_games_and_former_ids"),
        ("faq", "0002_entry_game_protect"),
    ]

    operations = [migrations.RunPython(create, drop, elidable=False)]
