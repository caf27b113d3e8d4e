"""The rooms' pages: lobby, room, the forms it posts (303 on success, a 4xx page naming the
problem on refusal, nothing changed), the no-JavaScript move confirmation."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest

from rooms import services
from rooms.models import Room, Seat
from rules.core.registry import all_games
from tests.toygames.site import add_to_site
from tests.toygames.toy_game import RULEBOOK

from .helpers import fresh, room_game, seat_to_act, seated_room

pytestmark = pytest.mark.usefixtures("site")

ROOM = "/en/finstere-flure/rooms/1/"


def join(client) -> str:
    response = client.post(ROOM + "join/")
    assert response.status_code == 303 and response["Location"] == ROOM
    return response.cookies[f"rooms_{Room.objects.get(game='finstere-flure', number=1).pk}"]


def test_the_lobby_lists_four_rooms_with_links(client):
    response = client.get("/en/finstere-flure/rooms/")
    assert response.status_code == 200
    html = response.content.decode()
    for n in range(1, 5):
        assert f'href="/en/finstere-flure/rooms/{n}/"' in html
    assert 'href="/en/finstere-flure/rooms/5/"' not in html


@pytest.mark.parametrize("url", ["/en/finstere-flure/rooms/5/", "/en/no-such-game/rooms/", "/en/no-such-game/rooms/1/"])
def test_unknown_rooms_and_games_are_404(client, url):
    assert client.get(url).status_code == 404


def test_joining_sets_a_secret_http_only_cookie_and_the_room_page_invites(client):
    cookie = join(client)
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    seat = Seat.objects.get()
    assert seat.is_host and seat.token_hash != cookie.value
    page = client.get(ROOM)
    html = page.content.decode()
    assert page["Permissions-Policy"].startswith("camera=(), microphone=(self)")
    assert 'href="http://testserver/en/finstere-flure/rooms/1/" class="room-invite__link"' in html
    assert "Invite friends" in html
    assert "Add computer player" in html and 'class="room-start" disabled' in html
    assert client.post(ROOM + "join/").status_code == 409  # already seated: nothing changes
    assert Seat.objects.count() == 1


def test_host_controls_refused_to_others_with_a_page_naming_the_problem(client, django_user_model):
    from django.test import Client

    join(client)
    guest = Client()
    join(guest)
    response = guest.post(ROOM + "start/")
    assert response.status_code == 403 and b"Only the host may do this." in response.content
    response = guest.post(ROOM + "bot/", {"bot": "strong"})
    assert response.status_code == 403
    assert Room.objects.get().status == Room.LOBBY and Seat.objects.count() == 2
    assert client.post(ROOM + "bot/", {"bot": "nonsense"}).status_code == 400
    assert client.post(ROOM + "bot/", {"bot": "strong"}).status_code == 303
    assert client.post(ROOM + "start/").status_code == 303
    assert Room.objects.get().status == Room.PLAYING
    assert guest.post(ROOM + "frobnicate/").status_code == 404
    assert guest.get(ROOM + "start/").status_code == 405


def test_without_javascript_a_move_is_confirmed_by_a_post(client):
    from django.test import Client

    room, seats, tokens = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])
    actor = seat_to_act(room, seats)
    player = Client()
    player.cookies[f"rooms_{room.pk}"] = tokens[[s.pk for s in seats].index(actor.pk)]
    html = player.get(ROOM).content.decode()
    assert "Your turn." in html
    links = [a for a in html.split('href="')[1:] if a.startswith(ROOM + "?play=")]
    assert links, "the seat to act gets its moves as links"
    query = parse_qs(urlparse(links[0].split('"')[0].replace("&amp;", "&")).query)
    confirm = player.get(ROOM, {"play": query["play"][0], "v": query["v"][0]})
    assert confirm.status_code == 200 and b"Play this move" in confirm.content
    unplayable = player.get(ROOM, {"play": "nonsense", "v": "1"})
    assert unplayable.status_code == 400 and unplayable.context["error"].code == "not-playable"
    assert player.get(ROOM, {"pick": "<script>"}).status_code == 400
    version = room.version
    response = player.post(ROOM + "move/", {"action": query["play"][0], "v": query["v"][0]})
    assert response.status_code == 303
    room.refresh_from_db()
    assert room.version == version + 1
    stale = player.post(ROOM + "move/", {"action": query["play"][0], "v": str(version)})
    assert stale.status_code == 409 and b"The board has changed" in stale.content
    stranger = Client().post(ROOM + "move/", {"action": query["play"][0], "v": str(room.version)})
    assert stranger.status_code == 403


def test_a_visitor_without_a_seat_never_sees_a_hidden_information_board(client):
    room, seats, _ = seated_room("betoverde-torens", people=2)
    services.start(room.pk, seats[0])
    html = client.get("/en/betoverde-torens/rooms/1/").content.decode()
    assert "board-svg" not in html and "Only its players see the board." in html
    assert fresh(seats[0]).seat == "red" and room_game(room).events


def test_the_simulator_start_page_links_to_the_rooms(client):
    html = client.get("/en/finstere-flure/sim/").content.decode()
    assert 'href="/en/finstere-flure/rooms/"' in html


@pytest.mark.parametrize(
    "game, seats_named",
    [
        ("finstere-flure", {"Red (R)", "Yellow (Y)"}),  # the board legend's names in the page's language, not "red"
        ("betoverde-torens", None),
        ("torens-en-dieven", None),
        ("der-dunkle-turm", None),
    ],
)
def test_every_seat_is_named_by_the_games_own_colour_or_team_once_the_game_runs(game, seats_named):
    from django.test import Client

    room, seats, tokens = seated_room(game, people=2)
    services.start(room.pk, seats[0])
    player = Client()
    player.cookies[f"rooms_{room.pk}"] = tokens[0]
    html = player.get(f"/en/{game}/rooms/1/").content.decode()
    names = re.findall(r'<span class="seat__colour"[^>]*>([^<]+)</span>', html)
    assert len(names) == 2 and len(set(names)) == 2, names
    assert not {fresh(s).seat for s in seats} & set(names)  # never the engine's own seat id
    if seats_named:
        assert set(names) == seats_named


@pytest.mark.parametrize("game", [spec.slug for spec in all_games()])
def test_the_host_fills_a_free_place_with_either_strength_named_in_the_pages_language(client, game):
    """Issue 40: a room's empty places take the beginner or the strong computer player."""
    if game == "toy-game":  # registered by the tests, without a rulebook on the site
        add_to_site(game, RULEBOOK)
    room_url = f"/de/{game}/rooms/1/"
    assert client.post(room_url + "join/").status_code == 303
    html = client.get(room_url).content.decode()
    bots = re.search(r'<select id="room-bot" name="bot">(.*?)</select>', html, re.S)
    assert bots is not None
    assert '<option value="beginner">Computer (Anfänger)</option>' in bots.group(1)
    assert '<option value="strong">Computer (stark)</option>' in bots.group(1)
    for name in ("beginner", "strong"):  # one at a time: a game of two seats has one free place
        assert client.post(room_url + "bot/", {"bot": name}).status_code == 303
        assert list(Seat.objects.filter(kind=Seat.BOT).values_list("bot", flat=True)) == [name]
        Seat.objects.filter(kind=Seat.BOT).delete()
