"""Issue 27's figures: the link-preview image (server time to render the board as a 1200x630 PNG
and its size, for the last step of every scenario of every game, with the store of rendered pages
cleared before each request), and what keeping a game offline stores (every address of the
game's offline manifest fetched as the browser's offline.js fetches it, the decoded bytes added up
as the browser's cache keeps them), per game and language. Prints figures; asserts nothing on time.

``BENCH_PREVIEW_STRIDE=N`` renders only every N-th scenario (a quick look); ``BENCH_OFFLINE=0``
leaves out the sizes of kept games (a few minutes).
"""

import os
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulesite.settings_test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]

from django.db import connection  # noqa: E402
from django.http import StreamingHttpResponse  # noqa: E402
from django.test import Client  # noqa: E402

from pagecache import httpcache  # noqa: E402
from rules.core.registry import all_games  # noqa: E402
from rules.core.scenario_files import scenario_paths  # noqa: E402
from simulator.timelines import scenario_timeline  # noqa: E402


def previews(client: Client) -> None:
    stride = int(os.environ.get("BENCH_PREVIEW_STRIDE", "1"))
    print(f"{'game':18} {'images':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'p50 KB':>7} {'max KB':>7}")
    for spec in all_games():
        times, sizes = [], []
        for scenario in list(scenario_paths(spec.slug))[::stride]:
            last = scenario_timeline(spec.engine, scenario).last
            httpcache.STORE.clear()
            start = time.perf_counter()
            response = client.get(f"/en/{spec.slug}/sim/preview.png?scenario={scenario}&step={last}")
            times.append((time.perf_counter() - start) * 1000)
            assert response.status_code == 200, scenario
            sizes.append(len(response.content) / 1024)
        if not times:
            continue
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"{spec.slug:18} {len(times):6d} {statistics.median(times):7.0f} {p95:7.0f} {max(times):7.0f}"
            f" {statistics.median(sizes):7.0f} {max(sizes):7.0f}"
        )


def offline_sizes(client: Client) -> None:
    from rulebooks.models import Game

    print(f"\n{'game':18} {'lang':4} {'files':>6} {'MB':>6}  (as kept by the browser: decoded bodies)")
    for game in Game.objects.order_by("slug"):
        for lang in ("nl", "de", "en"):
            manifest = client.get(f"/{lang}/{game.slug}/offline.json").json()
            total, files = 0, 0
            urls = [(u, None) for u in manifest["pages"] + manifest["assets"] + [manifest["index"]]]
            urls += [(u, t) for u, t in manifest["fragments"]]
            for url, target in urls:
                headers: dict[str, str] = {"HX-Request": "true", "HX-Target": target} if target else {}
                response = client.get(url, headers=headers)
                assert response.status_code == 200, url
                if isinstance(response, StreamingHttpResponse):
                    body = b"".join(response.streaming_content)
                else:
                    body = response.content
                total += len(body)
                files += 1
            print(f"{game.slug:18} {lang:4} {files:6d} {total / 1048576:6.1f}")


def main() -> None:
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        from faq.sync import sync_curated
        from rulebooks.loader import read_content, store_content

        content = read_content(check_seeds=False)
        store_content(content)
        sync_curated(content)
        client = Client(raise_request_exception=False)
        previews(client)
        if os.environ.get("BENCH_OFFLINE", "1") != "0":
            offline_sizes(client)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
