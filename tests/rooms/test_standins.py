"""A started game goes on when a person's connection is gone (issue 36, review N9): the host (and
after a longer time anyone seated) lets the computer play the away person's seat, every board
shows it at once, and the person who comes back through the same room plays their seat again at
once (Der dunkle Turm, seed 003 rule 10, dt-online-platz). Also: leaving a started game, and what
the server does on its own reaching every open socket, also when another process did it.

Time never passes for real: the clock of rooms.presence is replaced and moved on."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.exceptions import ChannelFull
from channels.layers import get_channel_layer
from django.db.models import F
from django.test import Client as Browser

from rooms import expiry, news, presence, services, standins, watch
from rooms.models import Connection, PlayedGame, Room, Seat
from rooms.services import RoomError
from rules.core.bots import RandomBot
from rules.core.engine import TERMINAL
from rules.core.registry import all_games

from .helpers import Client, fresh, room_game, run, seat_to_act, seated_room

pytestmark = pytest.mark.usefixtures("site", "no_errors_logged")
db = sync_to_async




def refused(code: str, call, *args) -> RoomError:
    with pytest.raises(RoomError) as info:
        call(*args)
    assert info.value.code == code, info.value.message
    return info.value


def browser(room: Room, token: str) -> Browser:
    person = Browser()
    person.cookies[f"rooms_{room.pk}"] = token
    return person


def action_url(room: Room, what: str) -> str:
    return f"/en/{room.game}/rooms/{room.number}/{what}/"


def test_the_computer_that_takes_a_seat_is_the_strongest_a_game_declares():
    """Read from the declaration the rooms offer their computer players from (GameSpec.bots), so a
    player a game adds (issue 40's ``strong`` in every game) is taken without the rooms changing."""

    def declaring(*names: str) -> Any:
        return SimpleNamespace(bots={name: RandomBot for name in names})

    for spec in all_games():
        name = standins.strongest_bot(spec)
        assert name in spec.bots
        assert name == ("strong" if "strong" in spec.bots else list(spec.bots)[-1]), spec.slug
    assert standins.strongest_bot(declaring("random")) == "random"
    assert standins.strongest_bot(declaring()) == "random"
    assert standins.strongest_bot(declaring("random", "beginner", "sensible")) == "sensible"
    assert standins.strongest_bot(declaring("beginner", "strong", "random")) == "strong"


def play_until(room: Room, seat: Seat, other: Seat) -> Room:
    """``other`` plays (its first legal move) until ``seat`` is to act; the room then."""
    spec = services.spec_of(room)
    for _ in range(60):
        room.refresh_from_db()
        actor = spec.engine.current_actor(room_game(room).state)
        if actor == seat.seat or actor == TERMINAL:
            return room
        assert actor == other.seat, actor  # two people, no computer seat: one of them acts
        services.move(room.pk, other, spec.engine.legal_actions(room_game(room).state)[0], room.version)
    raise AssertionError("the seat never came to act")


@pytest.mark.parametrize("slug", [spec.slug for spec in all_games()])
def test_in_every_game_the_host_hands_an_away_seat_to_the_computer_and_its_person_takes_it_back(slug, clock, settings):
    room, seats, tokens = seated_room(slug, people=2)
    room = services.start(room.pk, seats[0])
    host, guest = (fresh(s) for s in seats)
    room = play_until(room, guest, host)
    if room.status == Room.OVER:
        pytest.skip("the game was over before the guest's turn")
    clock.advance(settings.ROOMS_HANDOVER_AWAY - 1, heartbeats=False)
    soon = refused("too-soon", standins.hand_over, room.pk, host, guest.pk)
    assert soon.as_dict()["data"] == {"seat": guest.pk, "retry": 2}  # the seat, and when to ask again (s)
    assert services.computer_moves(room.pk) is None  # nobody plays the away seat yet: the game waits
    clock.advance(2, heartbeats=False)
    handed = standins.hand_over(room.pk, fresh(host), guest.pk)
    spec = services.spec_of(room)
    bot = standins.strongest_bot(spec)
    assert fresh(guest).stand_in == bot and handed.version == room.version + 1
    assert Room.objects.get(pk=room.pk).news[-1] == {"what": news.STAND_IN, "n": 2, "bot": bot, "v": handed.version}
    before = len(room_game(handed).events)
    played = services.computer_moves(room.pk)  # the computer plays the guest's turn(s): the game goes on
    assert played is not None
    game = room_game(played)
    assert len(game.events) > before
    assert any(spec.engine.current_actor(game.before[i]) == guest.seat for i in range(before, len(game.events)))
    assert spec.engine.current_actor(game.state) in (host.seat, TERMINAL)
    # The guest opens the room again: their seat is theirs at once, announced to everyone.
    back = standins.take_back(guest.pk)
    assert back is not None and fresh(guest).stand_in == "" and back.version == played.version + 1
    assert Room.objects.get(pk=room.pk).news[-1]["what"] == news.BACK
    assert standins.take_back(guest.pk) is None  # once
    if spec.engine.current_actor(room_game(back).state) == guest.seat:
        assert services.computer_moves(room.pk) is None


def test_only_an_away_persons_seat_of_a_started_game_and_anyone_only_after_the_longer_time(clock, settings):
    room, seats, _ = seated_room("finstere-flure", people=3)
    host, guest, third = seats
    refused("not-playing", standins.hand_over, room.pk, host, guest.pk)  # the lobby
    room = services.start(room.pk, host)
    host, guest, third = (fresh(s) for s in seats)
    Connection.objects.create(seat=guest, channel="specific.x!guest", opened=clock(), seen=clock())
    clock.advance(settings.ROOMS_HANDOVER_ANYONE + 1, heartbeats=True)
    refused("not-away", standins.hand_over, room.pk, host, guest.pk)  # connected
    refused("not-away", standins.hand_over, room.pk, host, host.pk)  # one's own seat
    refused("no-seat", standins.hand_over, room.pk, host, 10**9)
    refused("no-seat", standins.hand_over, room.pk, None, guest.pk)
    Connection.objects.all().delete()
    presence.seen_now(guest, clock())  # the guest's tab closes now
    clock.advance(settings.ROOMS_HANDOVER_AWAY + 1, heartbeats=False)
    refused("too-soon", standins.hand_over, room.pk, third, guest.pk)  # anyone: later than the host
    clock.advance(settings.ROOMS_HANDOVER_ANYONE - settings.ROOMS_HANDOVER_AWAY, heartbeats=False)
    standins.hand_over(room.pk, fresh(third), guest.pk)
    refused("not-away", standins.hand_over, room.pk, host, guest.pk)  # already handed over


def test_the_computer_stands_in_only_while_somebody_plays_their_own_seat():
    """A room whose people have all gone waits for them instead of playing itself to the end."""
    room, seats, _ = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])
    bot = standins.strongest_bot(services.spec_of(room))
    Seat.objects.filter(pk=seats[1].pk).update(stand_in=bot)
    assert services.stand_ins(room) == {fresh(seats[1]).seat: bot}
    Seat.objects.filter(pk=seats[0].pk).update(stand_in=bot)
    assert services.stand_ins(room) == {}
    assert services.computer_moves(room.pk) is None


def test_leaving_a_started_game_hands_the_seat_to_the_computer_for_good(settings):
    settings.ROOMS_PER_PERSON = 1
    game = "der-dunkle-turm"
    people = [Browser(REMOTE_ADDR=f"10.9.0.{i}") for i in range(3)]
    for person in people:
        assert person.post(f"/en/{game}/rooms/1/join/").status_code == 303
    room = Room.objects.get()
    assert people[0].post(action_url(room, "start")).status_code == 303
    seats = list(room.seats.order_by("order"))
    engine = services.spec_of(room).engine
    # Whoever is to act leaves: the computer plays that seat from now on, its turn at once.
    before = len(room_game(room).events)
    leaver = seats.index(seat_to_act(room, seats))
    assert people[leaver].post(action_url(room, "leave")).status_code == 303
    gone = fresh(seats[leaver])
    assert gone.left and gone.stand_in == "strong" and not gone.is_host and gone.token_hash == ""
    assert gone.person_hash is None and gone.address_hash is None  # it stops counting toward the limits
    game_now = room_game(room)
    assert len(game_now.events) > before and engine.current_actor(game_now.state) != gone.seat
    room.refresh_from_db()
    assert (news.LEFT, leaver + 1) in [(i["what"], i["n"]) for i in room.news]
    assert f"rooms_{room.pk}" not in people[leaver].cookies or not people[leaver].cookies[f"rooms_{room.pk}"].value
    page = people[leaver].get(f"/en/{game}/rooms/{room.number}/").content.decode()
    assert "left the game" in page and "Computer (strong) plays this seat" in page
    assert people[leaver].post(f"/en/{game}/rooms/2/join/").status_code == 303  # a place in another room
    # The host leaves: the host role passes to the one still playing their own seat.
    host = next(i for i, s in enumerate(seats) if fresh(s).is_host)
    last = next(i for i in range(3) if i not in (leaver, host))
    assert people[host].post(action_url(room, "leave")).status_code == 303
    assert fresh(seats[last]).is_host and not fresh(seats[host]).is_host
    room.refresh_from_db()
    assert [(i["what"], i["n"]) for i in room.news[-2:]] == [(news.LEFT, host + 1), (news.HOST, last + 1)]
    # The last one leaves: nobody could come back, so the room is free again, the game kept.
    assert people[last].post(action_url(room, "leave")).status_code == 303
    room.refresh_from_db()
    assert room.status == Room.LOBBY and not room.seats.exists()
    assert PlayedGame.objects.filter(complete=False).count() == 1


def test_a_room_whose_people_are_all_away_waits_and_goes_on_when_one_is_back(clock, settings):
    """The computer plays for the absent only while someone plays their own seat; the person back
    through the room page makes the game go on at once, the computer playing the others' turns."""
    room, seats, tokens = seated_room("der-dunkle-turm", people=2)
    room = services.start(room.pk, seats[0])
    mover = seat_to_act(room, seats)
    other = next(fresh(s) for s in seats if s.pk != mover.pk)
    clock.advance(settings.ROOMS_HANDOVER_ANYONE + 1, heartbeats=False)  # nobody connected
    assert browser(room, tokens[seats.index(mover)]).post(action_url(room, "handover"), {"seat": other.pk}).status_code == 303
    version = Room.objects.get(pk=room.pk).version
    # The one whose turn it is leaves: nobody plays their own seat any more, so nothing is played.
    assert browser(room, tokens[seats.index(mover)]).post(action_url(room, "leave")).status_code == 303
    assert fresh(mover).left and services.stand_ins(room) == {}
    waiting = room_game(room)
    assert Room.objects.get(pk=room.pk).version == version + 1 and services.spec_of(room).engine.current_actor(
        waiting.state
    ) == mover.seat
    # The other person opens the room again: their seat back, and the computer plays the leaver's turn.
    page = browser(room, tokens[seats.index(other)]).get(f"/en/{room.game}/rooms/{room.number}/")
    assert page.status_code == 200 and fresh(other).stand_in == ""
    going = room_game(room)
    assert len(going.events) > len(waiting.events)
    assert services.spec_of(room).engine.current_actor(going.state) in (other.seat, TERMINAL)


def test_everyone_sees_the_seat_handed_over_and_taken_back_at_once_in_their_language(application, clock, settings):
    room, seats, tokens = seated_room("der-dunkle-turm", people=3)
    room = services.start(room.pk, seats[0])

    async def body():
        host = Client(application, room, tokens[0], lang="nl")
        guest = Client(application, room, tokens[1], lang="en")
        third = Client(application, room, tokens[2], lang="de")
        for client in (host, guest, third):
            assert (await client.connect())[0]
            await client.room()
        await guest.close()  # the tab is closed mid-game
        await host.until(lambda m: m["type"] == "room" and m["wake"] is not None)  # ask again when it may be handed over
        await db(clock.advance)(settings.ROOMS_HANDOVER_AWAY + 1)
        await host.send({"type": "refresh"})
        offered = await host.until(lambda m: m["type"] == "room" and "room-handover" in m["html"])
        assert "De computer laten spelen voor Speler 2" in offered["html"]
        response = await db(browser(room, tokens[0]).post)(action_url(room, "handover"), {"seat": seats[1].pk})
        assert response.status_code == 303
        handed = await host.until(lambda m: m["type"] == "room" and m["news"])
        assert handed["news"] == ["Speler 2 is weg: Computer (sterk) speelt die plaats tot Speler 2 terug is."]
        assert "Computer (sterk) speelt tot de speler terug is" in handed["html"]
        told = await third.until(lambda m: m["type"] == "room" and m["news"])
        assert told["news"] == ["Spieler 2 ist weg: Computer (stark) spielt den Platz, bis Spieler 2 zurück ist."]
        # The guest comes back through the same room: their seat, at once, and everyone is told.
        back = Client(application, room, tokens[1], lang="en")
        assert (await back.connect())[0]
        mine = await back.room()
        assert "seat--me" in mine["html"] and "plays until they are back" not in mine["html"]
        again = await host.until(lambda m: m["type"] == "room" and m["news"] and "terug en speelt" in m["news"][0])
        assert "speelt tot de speler terug is" not in again["html"]
        for client in (host, third, back):
            await client.close()

    run(body)
    assert fresh(seats[1]).stand_in == ""


def test_what_cron_changes_in_another_process_reaches_the_open_sockets(application, clock, settings):
    """Review D3: ``expirerooms`` from cron (another process, no shared channel layer) released a
    seat and the people in the room were not told. The watch reads the rooms' versions."""
    settings.ROOMS_WATCH_MS = 50
    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        host, guest = Client(application, room, tokens[0]), Client(application, room, tokens[1])
        for client in (host, guest):
            await client.connect()
            await client.room()
        await guest.close()
        await db(clock.advance)(settings.ROOMS_SEAT_AWAY + 1)
        swept = await db(expiry.sweep_all)()  # as the other process does: nothing is sent to any group
        assert [s.gone for s in swept] == [[seats[1].pk]]
        told = await host.until(lambda m: m["type"] == "room" and m["news"])
        assert told["news"] == ["Player 2 was away too long: their seat is free again."]
        assert f'data-seat-id="{seats[1].pk}"' not in told["html"]
        await host.close()

    run(body)


def test_the_watch_tells_no_socket_twice_and_a_full_channel_keeps_no_other_from_hearing(application, settings, monkeypatch):
    """On a shared Redis layer the watch sent every socket a second message for each move the
    room's group had announced (the 128-room bench filled channels: ChannelFull, and one full
    channel ended the reading for every other room)."""
    settings.ROOMS_WATCH_MS = 60_000  # only the readings this test makes
    room, seats, tokens = seated_room("finstere-flure", people=2)

    async def body():
        people = [Client(application, room, token) for token in tokens]
        for client in people:
            await client.connect()
            await client.room()
        layer = get_channel_layer()
        await watch.check(layer)  # the first reading of the room
        changed = await db(services.add_bot)(room.pk, seats[0], "random")
        await db(services.notify)(changed)  # announced to the room's group, as a page does
        for client in people:
            await client.room(changed.version)
        assert await watch.check(layer) == 0  # heard through the group: nothing sent again
        for client in people:
            assert await client.ws.receive_nothing(0.1)
        # A change no group announced (another process); one socket's channel is full.
        full = sorted(watch._sockets[room.pk])[0]
        send = layer.send

        async def send_or_full(channel: str, message: dict[str, Any]) -> None:
            if channel == full:
                raise ChannelFull()
            await send(channel, message)

        monkeypatch.setattr(layer, "send", send_or_full)
        await db(Room.objects.filter(pk=room.pk).update)(presence=F("presence") + 1)
        assert await watch.check(layer) == 1
        told = 0
        for client in people:
            before = len(client.messages)
            await client.drain()
            told += any(m["type"] == "room" for m in client.messages[before:])
        assert told == 1
        for client in people:
            await client.close()

    run(body)
