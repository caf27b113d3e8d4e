"""Formerly created a full-text index in the database (FTS5 trigram tables on SQLite, pg_trgm
indexes on PostgreSQL). The search now keeps its own index in each process
(``sitewide.search``); 0003 removes what this migration made on existing databases."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("rulebooks", "0002_retired_games_and_former_ids"),
        ("faq", "0002_entry_game_protect"),
    ]

    operations: list = []
