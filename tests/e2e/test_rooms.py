"""Online rooms in real Chromium (issue 15): two people in two browser contexts, the host invites
and fills a seat with the computer, both play turns over the room's WebSocket (the first by
tapping the board, after asking why a square is not offered), one drops and comes back to the
same seat, and voice over WebRTC with Chromium's fake microphone: audio packets arrive at the other
peer and stop when 🎙 goes off.

The site runs in a uvicorn process (ASGI, WebSockets) on its own SQLite file (tests/rooms/servers.py)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.rooms.servers import rooms_database, servers  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
ROOM = "/nl/finstere-flure/rooms/3/"
FAKE_MEDIA = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"]


@pytest.fixture(scope="module")
def media_browser(playwright):
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS + FAKE_MEDIA)
    yield browser
    browser.close()


@pytest.fixture
def site_url(servers):  # noqa: F811
    return servers.worker()


def person(browser, base):
    context = browser.new_context(viewport={"width": 1100, "height": 900}, locale="nl-NL", base_url=base)
    context.grant_permissions(["microphone"], origin=base)
    return context, context.new_page()


def live(page) -> None:
    """The room's socket is open and the room has been sent over it. (While a form's post reloads
    the page there is no #room-app for a moment: the wait goes on instead of failing.)"""
    page.wait_for_function("() => document.getElementById('room-app')?.hasAttribute('data-version') === true")


# The centre of a board target that may be asked about (data-why), in the screen and under no link.
ASK_SPOT = """() => {
  for (const e of document.querySelectorAll('#room svg.board-svg [data-why][data-target]')) {
    const b = e.getBoundingClientRect(), x = b.left + b.width / 2, y = b.top + b.height / 2;
    const top = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    if (top && !top.closest('a') && top.closest('.board-frame')) return {x, y, target: e.getAttribute('data-target')};
  }
  return null;
}"""


def ask_why(page) -> None:
    """Issue 24: a tap on a target that is not offered (on a board whose shapes catch no taps but its
    links) asks over the socket; the answer is beside the board, citing its clause."""
    page.locator("#room svg.board-svg").scroll_into_view_if_needed()
    assert "board-svg--taps" in page.get_attribute("#room svg.board-svg", "class")
    spot = page.evaluate(ASK_SPOT)
    assert spot, "no target that is not offered can be tapped"
    why = page.locator("#room .room-now .tap-why")
    expect(why).to_have_count(0)
    page.mouse.click(spot["x"], spot["y"])
    expect(why).to_be_visible()
    expect(why.locator("a.cite")).to_have_count(1)


def play_a_turn(pages, by_tapping: bool = False) -> None:
    """Whoever's turn it is moves; everyone's board moves on to the next version. By tapping, the
    player first asks why a square that is not offered cannot be tapped (issue 24)."""
    page = next(p for p in pages if p.get_attribute("#room-app", "data-my-turn") == "1")
    version = int(page.get_attribute("#room-app", "data-version"))
    if by_tapping and page.locator(".tap-choice").count():
        page.locator(".tap-choice").first.click()
        expect(page.locator("svg.board-svg a.tap-next").first).to_be_attached()
        ask_why(page)
        page.locator("svg.board-svg a.tap-next").first.click()
        expect(page.locator(".tap-ok")).to_be_visible()
        page.locator(".tap-ok").click()
    else:
        page.locator("details.whatif summary").click()
        page.locator("details.whatif a.action").first.click()
    for p in pages:
        p.wait_for_function(
            "v => +document.getElementById('room-app').getAttribute('data-version') > v", arg=version
        )


def test_create_invite_fill_play_drop_and_reconnect(media_browser, site_url):
    host_context, host = person(media_browser, site_url)
    guest_context, guest = person(media_browser, site_url)
    try:
        host.goto(ROOM)
        host.locator(".room-join").click()
        live(host)
        results = Axe().run(host)  # the lobby view of the room, with the host's controls
        assert results.violations_count == 0, results.generate_report()
        invite = host.locator(".room-invite__link").get_attribute("href")
        assert invite == site_url + ROOM
        # The host fills a free seat with the computer, at the chosen strength.
        host.select_option("#room-bot", "strong")
        host.locator(".room-bot-add").click()
        live(host)
        expect(host.locator("#room .seat")).to_have_count(2)
        expect(host.locator(".room-start")).to_be_disabled()  # one person: not yet
        # The friend opens the invitation; the host's page shows them without reloading.
        guest.goto(invite)
        guest.locator(".room-join").click()
        live(guest)
        expect(host.locator("#room .seat")).to_have_count(3)
        expect(host.locator(".room-start")).to_be_enabled()
        expect(guest.locator(".room-start")).to_have_count(0)  # only the host starts
        host.locator(".room-start").click()
        live(host)
        expect(guest.locator("svg.board-svg")).to_be_visible()
        expect(host.locator("svg.board-svg")).to_be_visible()
        for page in (host, guest):  # the room in play, for the seat to act and the one waiting
            results = Axe().run(page)
            assert results.violations_count == 0, results.generate_report()
        play_a_turn([host, guest], by_tapping=True)
        play_a_turn([host, guest])
        play_a_turn([host, guest])
        # The guest's connection drops; they come back through the room link to the same seat.
        seat = guest.locator("#room .seat--me").get_attribute("data-seat-id")
        version = guest.get_attribute("#room-app", "data-version")
        guest.close()
        expect(host.locator(f'#room .seat[data-seat-id="{seat}"]')).to_have_attribute("data-connected", "0")
        guest = guest_context.new_page()
        guest.goto(invite)
        live(guest)
        assert guest.locator("#room .seat--me").get_attribute("data-seat-id") == seat
        assert guest.get_attribute("#room-app", "data-version") == version
        expect(host.locator(f'#room .seat[data-seat-id="{seat}"]')).to_have_attribute("data-connected", "1")
        play_a_turn([host, guest])
    finally:
        host_context.close()
        guest_context.close()


def test_voice_reaches_the_other_player_and_stops_when_switched_off(media_browser, site_url):
    contexts = [person(media_browser, site_url) for _ in range(2)]
    (_, alice), (_, bob) = contexts
    try:
        for page in (alice, bob):
            page.goto(ROOM.replace("/3/", "/4/"))
            page.locator(".room-join").click()
            live(page)
        stats = "() => window.roomVoice.stats()"
        for page in (bob, alice):
            page.locator(".room-mic").click()
            expect(page.locator(".room-mic")).to_have_attribute("aria-pressed", "true")
        # Packets from Alice's fake microphone arrive at Bob (and Bob's at Alice).
        for page in (bob, alice):
            page.wait_for_function(f"async () => (await ({stats})()).packets > 20", timeout=20_000)
        expect(bob.locator(".room-voice__peers input[type=range]")).to_have_count(1)
        bob.locator(".room-voice__peers input[type=range]").fill("0.3")
        assert bob.evaluate("document.querySelector('.room-voice__peers audio').volume") == pytest.approx(0.3)
        # Alice switches 🎙 off: her connection to Bob closes, no packets can arrive any more.
        alice.locator(".room-mic").click()
        expect(alice.locator(".room-mic")).to_have_attribute("aria-pressed", "false")
        bob.wait_for_function(f"async () => (await ({stats})()).peers === 0")
        assert alice.evaluate(f"({stats})()")["peers"] == 0
        expect(bob.locator(".room-voice__peers li")).to_have_count(0)
    finally:
        for context, _ in contexts:
            context.close()


def test_leaving_closes_the_others_audio_to_the_one_who_left(media_browser, site_url):
    """Issue 25 (F1): the server closes the departed seat's socket and tells the others, whose
    browsers close their audio connection to it at once."""
    contexts = [person(media_browser, site_url) for _ in range(2)]
    (_, alice), (_, bob) = contexts
    room = ROOM.replace("/3/", "/2/")
    try:
        for page in (alice, bob):
            page.goto(room)
            page.locator(".room-join").click()
            live(page)
        stats = "() => window.roomVoice.stats()"
        for page in (bob, alice):
            page.locator(".room-mic").click()
            expect(page.locator(".room-mic")).to_have_attribute("aria-pressed", "true")
        alice.wait_for_function(f"async () => (await ({stats})()).packets > 20", timeout=20_000)
        # Bob leaves without his page navigating away (as a client keeping its socket would):
        # the server closes his socket and Alice's browser drops its audio to him.
        status = bob.evaluate(
            """() => { const form = document.querySelector("form[action$='/leave/']");
                       return fetch(form.action, {method: "POST", body: new FormData(form), redirect: "manual"})
                              .then(r => r.type === "opaqueredirect" ? 303 : r.status); }"""
        )
        assert status == 303
        expect(bob.locator(".room-join")).to_be_visible()  # his page learnt it (4403) and reloaded
        alice.wait_for_function(f"async () => (await ({stats})()).peers === 0")
        expect(alice.locator(".room-voice__peers li")).to_have_count(0)
        expect(alice.locator("#room .seat")).to_have_count(1)
    finally:
        for context, _ in contexts:
            context.close()


RECORD = """() => {
  window.__frames = [];
  new MutationObserver(() => {
    const app = document.getElementById('room-app');
    window.__frames.push({shown: +app.getAttribute('data-shown'), pacing: app.getAttribute('data-pacing') === '1',
                          turn: (document.querySelector('#room .room-turn') || {}).textContent || ''});
  }).observe(document.getElementById('room-app'), {attributes: true, attributeFilter: ['data-pacing']});
}"""


def test_the_computer_chance_and_the_monster_are_shown_one_step_at_a_time(media_browser, site_url):
    """Finstere Flure with two people and a computer player: after a person's move every seat sees
    the board on its way, one action of the computer, chance or the monster at a time, announced in
    the page's language; then the room as it is, where the next person plays."""
    host_context, host = person(media_browser, site_url)
    guest_context = media_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                              locale="nl-NL", base_url=site_url)  # fmt: skip
    guest = guest_context.new_page()
    room = ROOM.replace("/3/", "/1/")  # a room of its own: the tests share one server
    try:
        host.goto(room)
        host.locator(".room-join").click()
        live(host)
        host.select_option("#room-bot", "strong")
        host.locator(".room-bot-add").click()
        live(host)
        guest.goto(room)
        guest.locator(".room-join").click()
        live(guest)
        expect(host.locator(".room-start")).to_be_enabled()
        host.locator(".room-start").click()
        live(host)
        expect(guest.locator("svg.board-svg")).to_be_visible()
        guest.evaluate(RECORD)
        seen = []
        for _ in range(12):  # turns until the computer and the monster have both moved
            play_a_turn([host, guest])
            seen = guest.evaluate("window.__frames")
            turns = " ".join(f["turn"] for f in seen if f["pacing"])
            if "De computer speelt" in turns and "vanzelf verder" in turns:
                break
        paced = [f for f in seen if f["pacing"]]
        turns = " ".join(f["turn"] for f in paced)
        assert "De computer speelt" in turns and "vanzelf verder" in turns, "\n".join(map(str, seen))
        # One action at a time: within a run, each frame shows one action more than the one before.
        runs, run = [], []
        for frame in seen:
            if frame["pacing"]:
                run.append(frame["shown"])
            elif run:
                runs.append(run)
                run = []
        assert runs and all(b - a == 1 for r in runs for a, b in pairwise(r)), runs
        assert all(seen[i]["shown"] >= seen[i - 1]["shown"] for i in range(1, len(seen))), seen  # never back
        # On the phone: board, what the last move did (its decisive event, else the move) and whose
        # turn in the room's first screen (issue 34: earlier steps of the turn fold under it).
        guest.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
        now = "#room .room-now .verdict" if guest.locator("#room .room-now .verdict").count() else "#room .room-now .happened--now .happened__what"
        for part in ("#room .sim__board", now, "#room .room-turn"):
            assert guest.evaluate(
                f"(() => {{ const b = document.querySelector({part!r}).getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }})()"
            ), part
    finally:
        host_context.close()
        guest_context.close()


def three_people(browser, base, network: str):
    """Three people at one table, each phone or laptop in its own language: nl (a phone), de, en.
    They share one network address (``network``, as uvicorn reads X-Forwarded-For from loopback),
    apart from the seats the other tests on this server's database took from 127.0.0.1."""
    headers = {"X-Forwarded-For": network}
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                locale="nl-NL", base_url=base, extra_http_headers=headers)  # fmt: skip
    others = [browser.new_context(viewport={"width": 1100, "height": 900}, locale=locale, base_url=base,
                                  extra_http_headers=headers)
              for locale in ("de-DE", "en-GB")]  # fmt: skip
    return [phone, *others]


def seat_row(page, seat: str):
    return page.locator(f'#room .seat[data-seat-id="{seat}"]')


def play_until_turn_of(page, pages):
    """Turns are played until it is ``page``'s turn (a turn may take several moves)."""
    for _ in range(20):
        if page.get_attribute("#room-app", "data-my-turn") == "1":
            break
        play_a_turn(pages)
    assert page.get_attribute("#room-app", "data-my-turn") == "1"


def test_a_closed_tab_mid_game_the_computer_plays_that_seat_until_its_person_comes_back(media_browser, servers):  # noqa: F811
    """Issue 36 (review N9): a tab closed mid-game stalled Der dunkle Turm for everyone. After the
    away time the host lets the computer play the seat, every board shows it, the game goes on, and
    the person who comes back through the same room plays their seat again at once."""
    base = servers.worker(ROOMS_HANDOVER_AWAY="1", ROOMS_HANDOVER_ANYONE="2")
    contexts = three_people(media_browser, base, "198.51.100.36")
    host, guest, third = (c.new_page() for c in contexts)
    try:
        for page, lang in ((host, "nl"), (guest, "de"), (third, "en")):
            page.goto(f"/{lang}/der-dunkle-turm/rooms/2/")
            page.locator(".room-join").click()
            live(page)
        expect(host.locator(".room-start")).to_be_enabled()
        host.locator(".room-start").click()
        live(host)
        for page in (guest, third):
            expect(page.locator("svg.board-svg")).to_be_visible()
        play_until_turn_of(third, [host, guest, third])
        seat = third.locator("#room .seat--me").get_attribute("data-seat-id")
        third.close()  # her tab, closed on her turn
        expect(seat_row(host, seat)).to_have_attribute("data-connected", "0")
        expect(host.locator(".room-turn")).to_contain_text("Wachten op Speler 3")
        # After the away time the host's page offers the computer (it asks the server again then),
        # beside whose turn it is, in the phone's first screen, and in the seat list.
        button = host.locator(".room-now .room-handover")
        expect(button).to_have_text("De computer laten spelen voor Speler 3")
        expect(seat_row(host, seat).locator(".room-handover")).to_be_visible()
        host.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")
        box = button.bounding_box()
        assert box["y"] + box["height"] <= 844 and box["height"] >= 24, box
        results = Axe().run(host)
        assert results.violations_count == 0, results.generate_report()
        version = int(guest.get_attribute("#room-app", "data-version"))
        button.click()
        live(host)
        expect(seat_row(host, seat).locator(".seat__standin")).to_have_text("Computer (sterk) speelt tot de speler terug is")
        expect(seat_row(guest, seat).locator(".seat__standin")).to_have_text("Computer (stark) spielt, bis die Person zurück ist")
        expect(guest.locator("#room-notice")).to_contain_text("Spieler 3 ist weg: Computer (stark) spielt den Platz")
        # The game goes on: the computer plays her turn, then a person's turn comes.
        guest.wait_for_function("v => +document.getElementById('room-app').getAttribute('data-version') > v + 1", arg=version)
        for _ in range(2):
            play_a_turn([host, guest])
        # She comes back through the same room: her seat and her team, at once; everyone is told.
        third = contexts[2].new_page()
        third.goto("/en/der-dunkle-turm/rooms/2/")
        live(third)
        assert third.locator("#room .seat--me").get_attribute("data-seat-id") == seat
        expect(seat_row(third, seat).locator(".seat__standin")).to_have_count(0)
        expect(seat_row(host, seat).locator(".seat__standin")).to_have_count(0)
        expect(seat_row(host, seat)).to_have_attribute("data-connected", "1")
        expect(host.locator("#room-notice")).to_contain_text("Speler 3 is terug en speelt de eigen plaats weer.")
        play_until_turn_of(third, [host, guest, third])  # the game goes on with her
    finally:
        for context in contexts:
            context.close()


def test_a_third_room_from_the_same_network_after_two_abandoned_ones(media_browser, servers):  # noqa: F811
    """Issue 36 (review N10): two rooms a table abandoned held the network's seats. The refusal names
    them and when they stop counting; once they have, the third phone takes its seat."""
    base = servers.worker(ROOMS_SEATS_PER_ADDRESS="4", ROOMS_ADDRESS_AWAY="8")
    contexts = three_people(media_browser, base, "203.0.113.36")
    try:
        abandoned = []
        for number in (1, 2):  # two rooms, two people each, started; then every tab is closed
            pages = [c.new_page() for c in contexts[1:]]
            for page in pages:
                page.goto(f"/en/betoverde-torens/rooms/{number}/")
                page.locator(".room-join").click()
                live(page)
            pages[0].locator(".room-start").click()
            live(pages[0])
            abandoned += pages
        for page in abandoned:
            page.close()
        phone = contexts[0].new_page()
        phone.goto("/nl/betoverde-torens/rooms/3/")
        phone.locator(".room-join").click()
        holders = phone.locator(".room-holders li")
        expect(holders).to_have_count(2)
        expect(phone.locator(".error-box")).to_contain_text("Vanaf jouw netwerk zijn nu te veel plaatsen bezet")
        expect(holders.nth(0)).to_contain_text("kamer 1 (2 plaatsen): de eerste telt over")
        assert holders.nth(1).locator("a").get_attribute("href") == "/nl/betoverde-torens/rooms/2/"
        results = Axe().run(phone)
        assert results.violations_count == 0, results.generate_report()
        # Once the abandoned seats' away time has passed, the phone takes its seat.
        phone.locator(".room-join").click(trial=True)
        for _ in range(30):
            phone.wait_for_timeout(1000)
            phone.locator(".room-join").click()
            phone.wait_for_load_state()
            if not phone.locator(".room-holders").count():
                break
        live(phone)
        expect(phone.locator("#room .seat--me")).to_have_count(1)
    finally:
        for context in contexts:
            context.close()
