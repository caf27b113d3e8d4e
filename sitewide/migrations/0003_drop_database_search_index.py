"""Remove the database full-text index that 0001/0002 once created (FTS5 tables and their
triggers on SQLite, pg_trgm indexes on PostgreSQL): the search keeps its own index in each process
(``sitewide.search``), and the search columns it indexed go in the rulebooks' and FAQ's next
migrations, which therefore run after this one."""

from django.db import migrations

FTS_TABLES = (
    "sitewide_clause_fts",
    "sitewide_entry_fts",
    "sitewide_clausetranslation_fts",
    "sitewide_entrytranslation_fts",
)
PG_INDEXES = [
    f"{table}_{column}_trgm"
    for table in ("rulebooks_clause", "faq_entry", "rulebooks_clausetranslation", "faq_entrytranslation")
    for column in ("search_title", "search_body")
]


def drop(apps, schema_editor):
    with schema_editor.connection.cursor() as cursor:
        if schema_editor.connection.vendor == "sqlite":
            for table in FTS_TABLES:
                for suffix in ("_ai", "_ad", "_au"):
                    cursor.execute(f"DROP TRIGGER IF EXISTS {table}{suffix}")
                cursor.execute(f"DROP TABLE IF EXISTS {table}")
        elif schema_editor.connection.vendor == "postgresql":
            for name in PG_INDEXES:
                cursor.execute(f"DROP INDEX IF EXISTS {name}")


class Migration(migrations.Migration):
    dependencies = [("sitewide", "0002_search_translations")]

    operations = [migrations.RunPython(drop, migrations.RunPython.noop, elidable=False)]
