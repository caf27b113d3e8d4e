"""The full-text index behind the site search: which clauses and FAQ entries can match a query.

Both tables keep their folded search text in ``search_title`` and ``search_body``
(:func:`rulebooks.textsearch.index_text`). A query term matches such a text when the text contains
its *needle* (:func:`needle`): the stem itself for terms of four letters or more (so "toren" finds
"Raventoren"), " stem" (a word start) for shorter ones, " e " (a whole word) for one letter. Every
needle is at least three characters long, so a trigram index answers "which rows contain it"
exactly; the Python scoring then runs on those rows only.

- SQLite: one FTS5 table with the trigram tokenizer per searched table (``sitewide_clause_fts``,
  ``sitewide_entry_fts`` and the two of the translations), *external content* over the table itself, kept in sync by triggers on
  insert, update and delete (so bulk loads, ``QuerySet.update()`` and cascades are covered).
- PostgreSQL: GIN trigram indexes (``pg_trgm``) on the two columns, which serve the ordinary
  ``LIKE '%needle%'`` filter; PostgreSQL keeps them in sync itself.

Language-specific full-text configurations (``to_tsvector('dutch', …)``) are not used: they index
whole words, so they cannot find "toren" inside "Raventoren" or "brücke" inside "Zugbrücke".

SQLite drops a table's triggers when Django rebuilds the table (as some later migrations of
``Clause`` or ``Entry`` would); :func:`ensure_index` runs after every ``migrate`` and puts back what
is missing, rebuilding the index from the tables when it did.
"""

from __future__ import annotations

from functools import reduce
from operator import and_, or_

from django.db import connection
from django.db.models import Q
from django.db.models.expressions import RawSQL

from rulebooks.textsearch import MIN_INFIX, MIN_PREFIX

# index table -> the table it indexes
# The source texts (Clause, Entry) and the translations (ClauseTranslation, EntryTranslation).
SQLITE_INDEXES = {
    "sitewide_clause_fts": "rulebooks_clause",
    "sitewide_entry_fts": "faq_entry",
    "sitewide_clausetranslation_fts": "rulebooks_clausetranslation",
    "sitewide_entrytranslation_fts": "faq_entrytranslation",
}
PG_INDEXES = {
    f"{table}_{column}_trgm": (table, column)
    for table in SQLITE_INDEXES.values()
    for column in ("search_title", "search_body")
}
COLUMNS = ("search_title", "search_body")


def needle(stemmed: str) -> str:
    """What a folded, space-padded search text must contain for a stemmed term to match."""
    if len(stemmed) < MIN_PREFIX:
        return f" {stemmed} "  # a whole word
    return stemmed if len(stemmed) >= MIN_INFIX else f" {stemmed}"


def _sqlite_statements(index: str, table: str) -> list[str]:
    cols = ", ".join(COLUMNS)
    new = ", ".join(f"new.{c}" for c in COLUMNS)
    old = ", ".join(f"old.{c}" for c in COLUMNS)
    delete = f"INSERT INTO {index}({index}, rowid, {cols}) VALUES('delete', old.id, {old});"
    insert = f"INSERT INTO {index}(rowid, {cols}) VALUES (new.id, {new});"
    return [
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {index} USING fts5({cols}, content='{table}', "
        f"content_rowid='id', tokenize='trigram')",
        f"CREATE TRIGGER IF NOT EXISTS {index}_ai AFTER INSERT ON {table} BEGIN {insert} END",
        f"CREATE TRIGGER IF NOT EXISTS {index}_ad AFTER DELETE ON {table} BEGIN {delete} END",
        f"CREATE TRIGGER IF NOT EXISTS {index}_au AFTER UPDATE OF {cols} ON {table} BEGIN {delete} {insert} END",
    ]


def _existing(conn) -> dict[str, str]:
    """The indexes whose tables exist (an older migration state may lack the translations')."""
    tables = set(conn.introspection.table_names())
    return {index: table for index, table in SQLITE_INDEXES.items() if table in tables}


def _sqlite_missing(cursor, indexes: dict[str, str]) -> bool:
    cursor.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
    present = {row[0] for row in cursor.fetchall()}
    wanted = {name for index in indexes for name in (index, f"{index}_ai", f"{index}_ad", f"{index}_au")}
    return not wanted <= present


def ensure_index(conn=None) -> bool:
    """Create whatever part of the index is missing on ``conn``; True when something was."""
    conn = conn or connection
    indexes = _existing(conn)
    with conn.cursor() as cursor:
        if conn.vendor == "sqlite":
            if not _sqlite_missing(cursor, indexes):
                return False
            for index, table in indexes.items():
                for statement in _sqlite_statements(index, table):
                    cursor.execute(statement)
                cursor.execute(f"INSERT INTO {index}({index}) VALUES('rebuild')")
            return True
        if conn.vendor == "postgresql":
            wanted = {name: spec for name, spec in PG_INDEXES.items() if spec[0] in indexes.values()}
            cursor.execute("SELECT indexname FROM pg_indexes WHERE indexname = ANY(%s)", [list(wanted)])
            present = {row[0] for row in cursor.fetchall()}
            if present >= set(wanted):
                return False
            cursor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
            for name, (table, column) in wanted.items():
                cursor.execute(f"CREATE INDEX IF NOT EXISTS {name} ON {table} USING gin ({column} gin_trgm_ops)")
            return True
    return False


def drop_index(conn=None) -> None:
    """Remove the index (the migration's reverse)."""
    conn = conn or connection
    with conn.cursor() as cursor:
        if conn.vendor == "sqlite":
            for index in SQLITE_INDEXES:
                for suffix in ("_ai", "_ad", "_au"):
                    cursor.execute(f"DROP TRIGGER IF EXISTS {index}{suffix}")
                cursor.execute(f"DROP TABLE IF EXISTS {index}")
        elif conn.vendor == "postgresql":
            for name in PG_INDEXES:
                cursor.execute(f"DROP INDEX IF EXISTS {name}")


def matching(model, stems: list[str], columns: tuple[str, ...] = COLUMNS) -> Q:
    """A filter for the rows of ``model`` (Clause or Entry) in which every stem matches, in one of
    ``columns`` (by default the title or the body)."""
    needles = [needle(s) for s in stems]
    table = model._meta.db_table
    index = next((i for i, t in SQLITE_INDEXES.items() if t == table), None)
    if connection.vendor == "sqlite" and index is not None:
        # Folded text holds only [a-z0-9 ], so the needles need no quoting beyond the phrase quotes.
        expression = " AND ".join(f'"{n}"' for n in needles)
        if columns != COLUMNS:
            expression = f"{{{' '.join(columns)}}} : ({expression})"
        return Q(pk__in=RawSQL(f"SELECT rowid FROM {index} WHERE {index} MATCH %s", [expression]))
    per_needle = [reduce(or_, [Q(**{f"{c}__contains": n}) for c in columns]) for n in needles]
    return reduce(and_, per_needle)


def on_post_migrate(sender, using="default", **kwargs) -> None:
    """After every ``migrate``: put back index parts a table rebuild dropped (see the module doc)."""
    from django.db import connections
    from django.db.migrations.recorder import MigrationRecorder

    conn = connections[using]
    if MigrationRecorder(conn).migration_qs.filter(app="sitewide", name="0001_search_index").exists():
        ensure_index(conn)
