"""The search's full-text index (sitewide.fulltext): it finds exactly the rows a plain substring
filter finds, compounds included, and follows every way clauses and FAQ entries change."""

import pytest
from django.db import connection

from faq.models import Entry
from rulebooks.models import Clause
from rulebooks.textsearch import parse_query
from sitewide import fulltext, search
from tests.faq.conftest import make_entry

pytestmark = pytest.mark.usefixtures("rulebooks")

QUERIES = ["toren", "raventoren", "e", "de", "sta", "brücke", "Zugbrücken", "Straße", "monster zet", "tovenaar toren", "x9q"]


def _found(model, text, base=None):
    base = base if base is not None else model.objects.all()
    return set(base.filter(fulltext.matching(model, parse_query(text).stems)).values_list("pk", flat=True))


def _by_substring(model, text):
    """The reference: every stem's needle is a substring of the title or the body."""
    stems = parse_query(text).stems
    return {
        pk
        for pk, title, body in model.objects.values_list("pk", "search_title", "search_body")
        if all(fulltext.needle(s) in title or fulltext.needle(s) in body for s in stems)
    }


@pytest.mark.parametrize("text", QUERIES)
def test_the_index_finds_exactly_the_rows_that_contain_every_term(text):
    make_entry(question="Waar staat de Zugbrücke?", answer="Bij de Straße, naast de Raventoren.")
    for model in (Clause, Entry):
        assert _found(model, text) == _by_substring(model, text)


def test_a_part_of_a_compound_word_is_found():
    raventoren = set(Clause.objects.filter(title__icontains="raventoren").values_list("pk", flat=True))
    assert raventoren  # the rulebooks have such clauses
    assert raventoren <= _found(Clause, "toren")
    entry = make_entry(question="Wer öffnet die Zugbrücke?", answer="Der Spieler am Zug.", game="der-dunkle-turm")
    assert entry.pk in _found(Entry, "brücke")
    assert entry.pk in _found(Entry, "BRUCKE")  # accents and case folded
    assert entry.pk not in _found(Entry, "brug")


def test_the_index_follows_saves_updates_and_deletes():
    entry = make_entry(question="Mag de draak vliegen?", answer="Nee, de draak loopt.")
    assert entry.pk in _found(Entry, "draak")
    entry.question, entry.answer = "Mag de griffioen vliegen?", "Ja."
    entry.save()
    assert entry.pk not in _found(Entry, "draak")
    assert entry.pk in _found(Entry, "griffioen")
    # Bulk paths (the repository sync writes with update/bulk_update) are followed too.
    Entry.objects.filter(pk=entry.pk).update(search_title=" kwartel ", search_body=" ")
    assert _found(Entry, "griffioen") == set() and _found(Entry, "kwartel") == {entry.pk}
    Entry.objects.filter(pk=entry.pk).delete()
    assert _found(Entry, "kwartel") == set()


def test_unpublishing_an_entry_takes_it_out_of_the_search():
    entry = make_entry(question="Telt de kwartelkoning mee?", answer="Altijd.")
    assert search.run_search({"q": "kwartelkoning"})["faq_total"] == 1
    entry.published = False
    entry.save()
    assert search.run_search({"q": "kwartelkoning"})["faq_total"] == 0


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite triggers")
def test_a_dropped_trigger_is_put_back_and_the_index_rebuilt():
    # What a later migration that rebuilds the table does on SQLite: its triggers are gone.
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER sitewide_entry_fts_ai")
    entry = make_entry(question="Mag de eenhoorn springen?", answer="Ja.")
    assert _found(Entry, "eenhoorn") == set()  # the stale index misses it ...
    assert fulltext.ensure_index() is True
    assert _found(Entry, "eenhoorn") == {entry.pk}  # ... until it is repaired
    assert fulltext.ensure_index() is False  # nothing left to do
    entry.delete()
    assert _found(Entry, "eenhoorn") == set()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL indexes")
def test_the_trigram_indexes_exist_on_postgresql():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes WHERE indexname LIKE %s", ["%_trgm"])
        assert {row[0] for row in cursor.fetchall()} == set(fulltext.PG_INDEXES)
    assert fulltext.ensure_index() is False
