"""Issue 27: a shared address's link preview (Open Graph and Twitter card tags, the board as a
1200x630 PNG rendered by resvg) and the printable ruling of a step (board, what happened, every
cited clause in full, the FAQ rulings on them, a QR code back to the address)."""

from __future__ import annotations

import io
import re
from html import unescape
from urllib.parse import urlparse

import pytest
from django.test import Client
from PIL import Image, ImageStat

from pagecache import httpcache
from rulebooks.models import Clause, Game
from rules.core.registry import all_games
from rules.core.scenario_files import scenario_paths
from simulator import preview
from simulator.timelines import scenario_timeline
from tests.faq.conftest import load_faq_content
from tests.simulator_web.test_toy_game import toy  # noqa: F401 - the toy game's rulebook rows

STEP = "/en/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1"
MAX_PNG_BYTES = 300 * 1024


@pytest.fixture
def site(db):
    load_faq_content()
    httpcache.STORE.clear()


@pytest.fixture
def client():
    return Client()


def meta(html: str) -> dict[str, str]:
    """The page's Open Graph and Twitter tags: name -> content."""
    found = re.findall(r'<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)">', html)
    return {name: unescape(value) for name, value in found}


def png_of(client, url: str):
    path = urlparse(url)
    response = client.get(path.path + (f"?{path.query}" if path.query else ""))
    assert response.status_code == 200, url
    assert response["Content-Type"] == "image/png"
    return response, Image.open(io.BytesIO(response.content))


def assert_board_picture(response, image) -> None:
    assert image.format == "PNG" and image.size == (1200, 630)
    assert len(response.content) < MAX_PNG_BYTES
    # Not blank: the picture has many colours and light and dark areas, in the board's area too.
    rgb = image.convert("RGB")
    assert len(rgb.getcolors(maxcolors=1 << 20) or []) > 50
    board = rgb.crop((36, 36, 560, 520))
    stat = ImageStat.Stat(board)
    assert max(stat.stddev) > 8, "the board area is one flat colour"
    extrema = board.convert("L").getextrema()
    assert extrema[0] < 80 and extrema[1] > 200


def test_a_steps_page_carries_its_preview_and_its_image_is_the_board_at_that_step(client, site):
    html = client.get(STEP).content.decode()
    tags = meta(html)
    for name in ("og:title", "og:description", "og:image", "og:url", "twitter:card", "twitter:title",
                 "twitter:description", "twitter:image"):
        assert tags.get(name), name
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:image:width"] == "1200" and tags["og:image:height"] == "630"
    # One sentence: the step and what happened, with its clause.
    assert "Step 1 of" in tags["og:description"] and re.search(r"\(§[\d.]+ ", tags["og:description"])
    assert tags["og:url"].endswith(STEP)
    image_url = tags["og:image"]
    assert image_url.startswith("http://") and "/en/finstere-flure/sim/preview.png?scenario=ff-steen-schuiven&step=1" in image_url
    response, image = png_of(client, image_url)
    assert_board_picture(response, image)
    # Another step is another picture.
    other, _ = png_of(client, image_url.replace("step=1", "step=0"))
    assert other.content != response.content


def test_the_preview_is_in_the_readers_language(client, site):
    english = client.get("/en/finstere-flure/sim/preview.png?scenario=ff-steen-schuiven&step=1").content
    dutch = client.get("/nl/finstere-flure/sim/preview.png?scenario=ff-steen-schuiven&step=1").content
    assert english != dutch
    tags = meta(client.get("/nl/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1").content.decode())
    assert "Stap 1 van" in tags["og:description"] and tags["og:locale"] == "nl_NL"


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_every_registered_game_has_a_board_preview_of_a_demo_step(client, site, spec, request):
    if not Game.objects.filter(slug=spec.slug).exists():
        request.getfixturevalue("toy")  # the tests' toy game has its rulebook rows made by a fixture
    scenario = next(iter(scenario_paths(spec.slug)))
    last = scenario_timeline(spec.engine, scenario).last
    response, image = png_of(client, f"/en/{spec.slug}/sim/preview.png?scenario={scenario}&step={last}")
    assert_board_picture(response, image)
    response, image = png_of(client, f"/en/{spec.slug}/sim/preview.png")  # the game's own card
    assert_board_picture(response, image)


def test_rulebook_clause_faq_entry_and_demo_step_addresses_carry_previews(client, site):
    rulebook = meta(client.get("/en/betoverde-torens/").content.decode())
    assert rulebook["og:title"] == "Wandering Towers" and rulebook["og:image"].endswith("/en/betoverde-torens/sim/preview.png")
    clause = Clause.objects.filter(game_id="betoverde-torens").exclude(demos=[]).order_by("position").first()
    tags = meta(client.get(f"/en/betoverde-torens/{clause.anchor}/").content.decode())
    assert tags["og:title"].startswith(f"§{clause.number} ")
    assert f"preview.png?scenario={clause.demos[0]['scenario']}&step=" in tags["og:image"]
    assert tags["og:description"]
    entry = meta(client.get("/en/betoverde-torens/faq/winregel-beide-voorwaarden/").content.decode())
    assert entry["og:title"] and entry["og:description"] and entry["og:image"]
    # The demo step a reader had open under a clause (?demo=&step=, kept by site.js).
    scenario = clause.demos[0]["scenario"]
    demo = meta(client.get(f"/en/betoverde-torens/{clause.anchor}/?demo={scenario}&step=1").content.decode())
    assert demo["og:image"].endswith(f"preview.png?scenario={scenario}&step=1")
    assert "Step 1 of" in demo["og:description"]
    # A broken demo parameter changes nothing and breaks nothing.
    broken = client.get(f"/en/betoverde-torens/{clause.anchor}/?demo=nope&step=x")
    assert broken.status_code == 200 and meta(broken.content.decode())["og:image"] == tags["og:image"]


def test_the_preview_is_cached_like_the_pages(client, site, monkeypatch):
    url = "/en/finstere-flure/sim/preview.png?scenario=ff-steen-schuiven&step=1"
    first = client.get(url)
    assert first["Cache-Control"] == "public, max-age=300" and re.fullmatch(r'W/"[0-9a-f]{24}"', first["ETag"])
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 304

    def fail(*args, **kwargs):
        raise AssertionError("rendered again")

    monkeypatch.setattr(preview, "board_png", fail)
    assert client.get(url).content == first.content  # from the store, under the content version
    httpcache.bump()  # a content change: a new version key
    with pytest.raises(AssertionError, match="rendered again"):
        client.get(url)


@pytest.mark.parametrize(
    "query",
    ["scenario=nope&step=1", "scenario=ff-steen-schuiven&step=x", "scenario=ff-steen-schuiven&step=99999",
     "log=garbage", "log=1.AAAA&step=0", "scenario=ff-steen-schuiven&step=-1", "scenario=%00&step=1"],
)
def test_bad_addresses_are_a_400_for_the_image_and_the_print_view(client, site, query):
    image = client.get(f"/en/finstere-flure/sim/preview.png?{query}")
    assert image.status_code == 400 and image["Content-Type"].startswith("text/plain")
    assert image.content.decode().startswith("Bad address:")
    page = client.get(f"/en/finstere-flure/sim/print/?{query}")
    assert page.status_code == 400 and "This address does not show a step" in page.content.decode()


def test_the_print_view_needs_a_step(client, site):
    response = client.get("/en/finstere-flure/sim/print/")
    assert response.status_code == 400


def test_the_print_view_quotes_every_cited_clause_in_full_with_its_rulings_and_a_qr_code(client, site):
    url = "/en/finstere-flure/sim/print/?scenario=ff-steen-schuiven&step=1"
    html = client.get(url).content.decode()
    assert html.count("<svg") >= 2  # the board and the QR code
    assert 'class="qr"' in html and "/en/finstere-flure/sim/?scenario=ff-steen-schuiven&amp;step=1" in html
    cited = set(re.findall(r'<a class="cite" href="/en/finstere-flure/([\w-]+)/"', html))
    assert cited
    for anchor in cited:
        clause = Clause.objects.get(anchor=anchor)
        assert f"§{clause.number}</span>" in html
        # In full: the clause's whole text (the reader's language), not a snippet.
        body = re.sub(r"<[^>]+>", "", clause.translations.get(language="en").body_html)
        first_and_last = [w for w in re.findall(r"\w{4,}", body)]
        assert first_and_last and first_and_last[0] in html and first_and_last[-1] in html
    # The simulator page links it.
    page = client.get("/en/finstere-flure/sim/?scenario=ff-steen-schuiven&step=1").content.decode()
    assert 'href="/en/finstere-flure/sim/print/?scenario=ff-steen-schuiven&amp;step=1"' in page


def test_the_print_view_lists_the_faq_rulings_on_the_cited_clauses(client, site):
    from faq.models import Entry

    entry = Entry.objects.published().filter(game_id="finstere-flure", scenario__gt="").first()
    timeline = scenario_timeline(next(s for s in all_games() if s.slug == "finstere-flure").engine, entry.scenario)
    html = client.get(f"/nl/finstere-flure/sim/print/?scenario={entry.scenario}&step={timeline.last}").content.decode()
    cited = set(re.findall(r'<a class="cite" href="/nl/finstere-flure/([\w-]+)/"', html))
    rulings = Entry.objects.published().filter(clauses__anchor__in=cited).distinct()
    assert rulings
    for ruling in rulings:
        assert f'href="/nl/finstere-flure/faq/{ruling.slug}/"' in html


# --- issue 34: previews and print tell the decisive event; a thumbnail shows the board large -------


def test_the_preview_and_the_print_title_lead_with_the_decisive_event(client, site):
    """The tower's defence (dt-turmattacke): the page, the link preview and the printed ruling all
    lead with the first thing of consequence the engine marks, Red 1 falling into the lava with
    bridge 6 (dt-zugbruecken-heben), not the tower's attack that started it (reviews-ux N11)."""
    from rules.core.engine import decisive_event
    from rules.core.registry import get_game

    engine = get_game("der-dunkle-turm").engine
    timeline = scenario_timeline(engine, "dt-turmattacke")
    step = next(f.index for f in timeline.frames[1:] if f.action == "tower")
    lead = decisive_event(timeline.frames[step].events)
    assert lead.clause == "dt-zugbruecken-heben"
    sentence = engine.describe(lead, "en")
    query = f"scenario=dt-turmattacke&step={step}"
    tags = meta(client.get(f"/en/der-dunkle-turm/sim/?{query}").content.decode())
    assert tags["og:title"].startswith(sentence) and sentence in tags["og:description"]
    assert tags["twitter:title"].startswith(sentence)
    ruling = client.get(f"/en/der-dunkle-turm/sim/print/?{query}").content.decode()
    title = re.search(r"<title>(.*?)</title>", ruling, re.S).group(1)
    h1 = re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", ruling, re.S).group(1))
    assert sentence in unescape(title) and sentence in unescape(h1)
    assert "§" in h1  # with its clause


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_a_chat_thumbnail_shows_the_board_large_and_its_pieces_8_px(spec):
    """At 300x157 (a chat's thumbnail of the 1200x630 card) the board covers more than half of the
    card above its foot and every piece it shows is at least 8 px (reviews-ux N17: 2-4 px, and a
    board in a sixth of the card); the last step of every example of every game."""
    for scenario in scenario_paths(spec.slug):
        timeline = scenario_timeline(spec.engine, scenario)
        frame = timeline.frames[timeline.last]
        previous = timeline.frames[timeline.last - 1].state if timeline.last else None
        board = spec.view.board_view(spec.engine, frame.state, previous=previous, events=frame.events, lang="en")
        share, piece = preview.thumbnail_figures(board)
        assert share > 0.5, f"{scenario}: the board covers {share:.0%} of the card"
        assert piece == 0.0 or piece >= preview.THUMB_PIECE_PX - 0.05, f"{scenario}: pieces {piece:.1f} px in a thumbnail"


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.slug)
def test_every_games_preview_and_print_title_lead_with_a_steps_decisive_event(client, site, spec, request):
    """Every registered game: on the first step of its examples whose events hold one the engine
    marks decisive (not the step's first or last event, reviews-ux N11), the link preview's title
    and the printed ruling's title and heading start from that event's sentence."""
    from rules.core.engine import decisive_event

    if not Game.objects.filter(slug=spec.slug).exists():
        request.getfixturevalue("toy")
    found = []  # (lead is neither the step's first nor its last event, scenario, step, sentence)
    for scenario in scenario_paths(spec.slug):
        for frame in scenario_timeline(spec.engine, scenario).frames[1:]:
            lead = decisive_event(frame.events)
            if lead is not None:
                inside = lead is not frame.events[0] and lead is not frame.events[-1]
                found.append((inside, scenario, frame.index, spec.engine.describe(lead, "en")))
    assert found, f"{spec.slug}: no example has a step with a decisive event"
    _, scenario, step, sentence = max(found, key=lambda f: f[0])  # the first one inside, if any
    query = f"scenario={scenario}&step={step}"
    tags = meta(client.get(f"/en/{spec.slug}/sim/?{query}").content.decode())
    assert tags["og:title"].startswith(sentence), (tags["og:title"], sentence)
    ruling = client.get(f"/en/{spec.slug}/sim/print/?{query}").content.decode()
    title = unescape(re.search(r"<title>(.*?)</title>", ruling, re.S).group(1))
    h1 = unescape(re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", ruling, re.S).group(1)))
    assert sentence in title and sentence in h1
