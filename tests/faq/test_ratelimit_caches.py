"""The question rate limit on each cache the site can be configured with: with several worker
processes every accepted question claims a slot with ``cache.add``, so ``add`` must let exactly
one of several simultaneous callers win (the database cache: tests/faq/test_ask_concurrency.py).
Django's own FileBasedCache.add checks and then writes, so there several callers win."""

import threading

from faq import ratelimit
from pagecache.filecache import AtomicAddFileBasedCache


def at_once(count, work):
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(i):
        barrier.wait(timeout=10)
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return results


def test_only_one_of_simultaneous_adds_wins_in_the_shared_file_cache(tmp_path):
    cache = AtomicAddFileBasedCache(str(tmp_path), {})
    for n in range(40):
        assert sum(at_once(12, lambda i, key=f"k{n}": cache.add(key, i))) == 1
    assert cache.get("k0") in range(12)
    assert not list(tmp_path.glob("tmp*"))  # no temporary files left behind


def test_an_expired_entry_can_be_added_again(tmp_path):
    cache = AtomicAddFileBasedCache(str(tmp_path), {})
    cache.set("k", "old", timeout=0)  # expires at once
    assert cache.get("k") is None
    assert cache.add("k", "new", timeout=60) is True
    assert cache.add("k", "newer", timeout=60) is False
    assert cache.get("k") == "new"


def test_the_rate_limit_holds_across_processes_sharing_a_cache_directory(tmp_path, settings):
    settings.CACHES = {"default": {"BACKEND": "pagecache.filecache.AtomicAddFileBasedCache", "LOCATION": str(tmp_path)}}
    settings.FAQ_QUESTION_RATE = (5, 600)

    class Request:
        META = {"REMOTE_ADDR": "2001:db8::7"}

    claimed = at_once(16, lambda i: ratelimit.consume(Request, now=1_000_000.0))
    assert sum(slot is not None for slot in claimed) == 5
    assert ratelimit.used_up(Request, now=1_000_000.0)
    assert not ratelimit.used_up(Request, now=1_000_600.0)  # the next window
