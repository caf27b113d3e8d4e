"""A copy of the test database as it was right after the content was loaded, put back instead of
storing the content again into a database a test's flush emptied (``transactional_db``, the
browser tests' live server, the rooms' tests).

Storing the rulebooks and the curated FAQ entries takes 1-3 s (more on PostgreSQL); putting the
copy back takes ~0.1 s. SQLite copies the whole database with its backup API; PostgreSQL keeps
each table's rows in a schema of its own and copies them back in one transaction (Django makes
its foreign keys deferrable, so the order of the tables does not matter).
"""

import sqlite3

from django.core.management.color import no_style
from django.db import connection

SCHEMA = "stored_content"


class StoredContent:
    """The copy: taken once (:meth:`keep`), put back as often as a test needs it (:meth:`restore`)."""

    def __init__(self) -> None:
        self.sqlite: sqlite3.Connection | None = None
        self.tables: list[str] = []

    def keep(self) -> None:
        """Copy the database as it is now (outside any transaction; once per run)."""
        if connection.in_atomic_block or self.sqlite is not None or self.tables:
            return
        connection.ensure_connection()
        if connection.vendor == "sqlite":
            self.sqlite = sqlite3.connect(":memory:", check_same_thread=False)
            connection.connection.backup(self.sqlite)
        elif connection.vendor == "postgresql":
            self.tables = sorted(connection.introspection.django_table_names(only_existing=True))
            with connection.cursor() as cursor:
                cursor.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
                for table in self.tables:
                    name = connection.ops.quote_name(table)
                    cursor.execute(f"CREATE TABLE {SCHEMA}.{name} AS SELECT * FROM {name}")

    def restore(self) -> bool:
        """Put the copy back (False: there is none to put back here)."""
        if connection.in_atomic_block:
            return False
        if self.sqlite is not None:
            connection.ensure_connection()
            self.sqlite.backup(connection.connection)
            return True
        if self.tables:
            self._restore_postgresql()
            return True
        return False

    def _restore_postgresql(self) -> None:
        from django.apps import apps
        from django.db import transaction

        names = [connection.ops.quote_name(table) for table in self.tables]
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {', '.join(names)}")
            for name in names:
                cursor.execute(f"INSERT INTO {name} SELECT * FROM {SCHEMA}.{name}")
            # The sequences go on from the copied ids, as they did after the content was stored.
            for sql in connection.ops.sequence_reset_sql(no_style(), apps.get_models(include_auto_created=True)):
                cursor.execute(sql)


STORED = StoredContent()
