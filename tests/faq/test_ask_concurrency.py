"""Asking under concurrency, on the real database (SQLite or PostgreSQL, threads with their own
connections like gunicorn workers): a double-clicked question is stored once and both clicks get
its tracking link; the question rate limit holds when questions arrive at the same moment."""

import re
import threading

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test import Client

from faq import asking, ratelimit
from faq.models import Entry

from .conftest import load_faq_content

pytestmark = pytest.mark.django_db(transaction=True)
QUESTION = "Mag de Raventoren landen op een toren waar al een tovenaar op staat?"


@pytest.fixture(autouse=True)
def mid_window(monkeypatch):
    """The rate limit counts in fixed windows: keep the tests inside one (at its 100th second)."""
    from faq import ratelimit

    monkeypatch.setattr(ratelimit, "_clock", lambda: 600 * 3_000_000 + 100.0)


def in_thread(work):
    """Run ``work()`` in a thread of its own (with its own database connection); return its result."""
    return at_once(1, lambda i: work())[0]


def at_once(count, work):
    """Run ``work(i)`` in ``count`` threads released together; return their results in order."""
    barrier = threading.Barrier(count)
    results = [None] * count
    errors = []

    def run(i):
        try:
            barrier.wait(timeout=10)
            results[i] = work(i)
        except Exception as error:  # noqa: BLE001 - reported by the assert below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return results


@pytest.fixture
def site(transactional_db, tmp_path):
    """The site's content in a database that threads share the way worker processes do.

    PostgreSQL: the test database. SQLite: the test database lives in memory in shared-cache
    mode, where a second writer fails at once ("database table is locked") instead of waiting
    for the lock as it does on a database file, so these tests use a file (the main thread's
    in-memory connection is left alone and does no work meanwhile)."""
    settings_dict = connection.settings_dict
    original_name = settings_dict["NAME"]
    if connection.vendor == "sqlite":
        settings_dict["NAME"] = str(tmp_path / "threads.sqlite3")
        in_thread(lambda: (call_command("migrate", verbosity=0), call_command("createcachetable")))
    in_thread(lambda: (load_faq_content(), cache.clear()))
    try:
        yield
    finally:
        in_thread(cache.clear)  # the cache table is not emptied between transactional tests
        settings_dict["NAME"] = original_name


def post_question(nonce, question=QUESTION, address="127.0.0.1"):
    client = Client(REMOTE_ADDR=address)
    response = client.post("/nl/faq/ask/", {"question": question, "game": "betoverde-torens", "nonce": nonce})
    thanks = client.get("/nl/faq/thanks/").content.decode() if response.status_code == 302 else ""
    match = re.search(r"/nl/faq/question/([A-Za-z0-9_-]+)/", thanks)
    return response.status_code, match.group(1) if match else None


@pytest.mark.parametrize("copies", [2, 6])
def test_a_double_click_stores_one_question_and_every_click_gets_its_link(site, copies):
    nonce = asking.new_nonce()
    results = at_once(copies, lambda i: post_question(nonce))
    assert [status for status, _token in results] == [302] * copies
    entry = in_thread(lambda: Entry.objects.get(origin=Entry.VISITOR))
    assert {token for _status, token in results} == {entry.token}


def test_a_double_click_on_the_last_allowed_question_is_not_refused(site, settings):
    settings.FAQ_QUESTION_RATE = (1, 600)
    nonce = asking.new_nonce()
    results = at_once(3, lambda i: post_question(nonce))
    assert [status for status, _token in results] == [302] * 3  # the last response is what the browser shows
    entry = in_thread(lambda: Entry.objects.get(origin=Entry.VISITOR))
    assert {token for _status, token in results} == {entry.token}
    assert in_thread(lambda: post_question(asking.new_nonce(), question=f"Nog een: {QUESTION}"))[0] == 429


def test_the_same_question_from_different_visitors_at_once_is_stored_for_each(site):
    results = at_once(4, lambda i: post_question(asking.new_nonce(), address=f"10.0.0.{i + 1}"))
    assert [status for status, _token in results] == [302] * 4
    stored = in_thread(lambda: list(Entry.objects.filter(origin=Entry.VISITOR).values_list("token", "slug")))
    assert sorted(token for token, _slug in stored) == sorted(token for _status, token in results)
    assert len({slug for _token, slug in stored}) == 4


def test_the_rate_limit_holds_for_questions_sent_at_the_same_moment(site, settings):
    settings.FAQ_QUESTION_RATE = (3, 600)
    results = at_once(8, lambda i: post_question(asking.new_nonce(), question=f"Variant {i}: {QUESTION}"))
    statuses = sorted(status for status, _token in results)
    assert statuses == [302] * 3 + [429] * 5
    assert in_thread(lambda: Entry.objects.filter(origin=Entry.VISITOR).count()) == 3


def test_slots_are_claimed_atomically_in_the_shared_cache(site, settings):
    settings.FAQ_QUESTION_RATE = (5, 600)

    class Request:
        META = {"REMOTE_ADDR": "192.0.2.7"}

    claimed = at_once(12, lambda i: ratelimit.consume(Request, now=1_000_000.0))
    assert sum(slot is not None for slot in claimed) == 5
    assert len({slot for slot in claimed if slot}) == 5


# -- "This answers my question": the attacks of the reliability review (2026-12-03, D1 and D4) -----

RULING = "faq:finstere-flure:monster-duwt-steen-tegen-de-muur"


def click(client, nonce, answered=RULING, game="finstere-flure"):
    return client.post("/nl/faq/answered/", {
        "game": game, "answered": answered, "nonce": nonce, "question": "Mag het monster een steen duwen?" + "x" * 1900,
        "website": "",
    }).status_code  # fmt: skip


def test_the_review_attacks_on_this_answers_my_question_count_each_person_once(site, settings):
    from faq.admin import deflection_figures
    from faq.models import RefusedCount, SuggestionAnswer

    settings.FAQ_ANSWER_RATE = (10, 3600)
    # 1. The same form sent 50 times by one browser (it keeps its cookies): one count.
    browser = Client(REMOTE_ADDR="192.0.2.1")
    nonce = asking.new_nonce()
    assert set(in_thread(lambda: [click(browser, nonce) for _ in range(50)])) == {303}
    # 2. The same form sent 20 times at the same moment (no cookie yet): one count.
    nonce = asking.new_nonce()
    assert set(at_once(20, lambda i: click(Client(REMOTE_ADDR="192.0.2.2"), nonce))) == {303}
    # 3. 300 clicks from one address, each a new form and no cookies: its limit, 10.
    flood = in_thread(lambda: [click(Client(REMOTE_ADDR="192.0.2.3"), asking.new_nonce()) for _ in range(300)])
    assert set(flood) == {303}
    # 4. Another game's ruling chosen under the Finstere Flure form: counted for its own game.
    other = "faq:betoverde-torens:raventoren-op-torens"
    assert in_thread(lambda: click(Client(REMOTE_ADDR="192.0.2.4"), asking.new_nonce(), answered=other)) == 303
    # Two questions really sent.
    sent = at_once(2, lambda i: post_question(asking.new_nonce(), f"Vraag {i}: {QUESTION}", f"198.51.100.{i}"))
    assert [status for status, _token in sent] == [302, 302]

    def figures():
        rows = list(SuggestionAnswer.objects.values_list("game_id", "entry__slug"))
        refused = dict(RefusedCount.objects.values_list("reason", "count"))
        return rows, refused, deflection_figures()

    rows, refused, periods = in_thread(figures)
    assert rows.count(("finstere-flure", "monster-duwt-steen-tegen-de-muur")) == 1 + 1 + 10
    assert rows.count(("betoverde-torens", "raventoren-op-torens")) == 1 and len(rows) == 13
    assert refused == {"repeat": 49 + 19, "limit": 290}
    for period in periods:  # 7 days, 30 days and all time
        assert (period["answered"], period["asked"], period["share"]) == (13, 2, 87)
        assert (period["repeats"], period["over_limit"]) == (68, 290)
