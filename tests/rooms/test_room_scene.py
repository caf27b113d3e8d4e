"""A room's board scene (issue 24): every sentence, refusal and clause title in the page's language;
what happened since the last person's move with who moved; and the board on its way, one action of
the computer, chance or the monster at a time (rooms.pacing)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from rooms import pacing, presenter, services
from rooms.models import Room
from rulebooks.localize import clause_titles
from rulebooks.models import Game

from .helpers import Client as SocketClient
from .helpers import fresh, room_game, run, seated_room

pytestmark = pytest.mark.usefixtures("site")


def started(game: str, people: int = 2, bots: tuple[str, ...] = ()):
    room, seats, tokens = seated_room(game, people=people, bots=bots)
    room = services.start(room.pk, seats[0])
    return room, [fresh(s) for s in seats], tokens


def visitor(room: Room, token: str) -> Client:
    client = Client()
    client.cookies[f"rooms_{room.pk}"] = token
    return client


def test_a_tap_by_the_player_not_on_turn_is_refused_in_the_pages_language():
    """The review's Der dunkle Turm room: ?pick=c:red1 opened by the player not on turn."""
    room, seats, tokens = started("der-dunkle-turm")
    engine = services.spec_of(room).engine
    actor = engine.current_actor(room_game(room).state)
    waiting = next(i for i, s in enumerate(seats) if s.seat != actor)
    response = visitor(room, tokens[waiting]).get("/nl/der-dunkle-turm/rooms/1/", {"pick": "c:red1"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "Hier valt niets aan te tikken: je bent niet aan de beurt." in html
    assert "it is not this seat's turn" not in html and "nothing can be tapped" not in html


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_clause_titles_in_a_room_follow_the_pages_language(lang):
    room, seats, tokens = started("finstere-flure")
    engine = services.spec_of(room).engine
    for _ in range(3):  # some moves, so that what happened cites clauses
        state = room_game(room).state
        seat = next(s for s in room.seats.all() if s.seat == engine.current_actor(state))
        room = services.move(room.pk, seat, engine.legal_actions(state)[0], room.version).room
    game = Game.objects.get(slug="finstere-flure")
    for other in ("nl", "en", "de"):  # every language renders the room: each keeps its own titles
        visitor(room, tokens[0]).get(f"/{other}/finstere-flure/rooms/1/")
    html = visitor(room, tokens[0]).get(f"/{lang}/finstere-flure/rooms/1/").content.decode()
    titles = {unescape(t) for t in re.findall(r'<a class="cite" href="[^"]+" title="([^"]+)"', html)}
    assert titles
    expected = clause_titles(lang, game=game) if lang != game.language else {}
    for anchor, title in re.findall(r'<a class="cite" href="/[a-z]{2}/finstere-flure/([^/]+)/" title="([^"]+)"', html):
        own = expected.get(anchor) or game.clauses.get(anchor=anchor).title
        assert unescape(title) == own


def test_what_happened_names_who_moved_since_the_last_persons_move():
    room, seats, tokens = started("finstere-flure", people=2, bots=("strong",))
    engine = services.spec_of(room).engine
    for _ in range(12):
        game = room_game(room)
        seat = next((s for s in room.seats.all() if s.seat == engine.current_actor(game.state)), None)
        if seat is None:
            break
        room = services.move(room.pk, seat, engine.legal_actions(game.state)[0], room.version).room
        if services.computer_moves(room.pk) is not None:
            room.refresh_from_db()
            if "De computer:" in visitor(room, tokens[0]).get("/nl/finstere-flure/rooms/1/").content.decode():
                break
    html = visitor(room, tokens[0]).get("/nl/finstere-flure/rooms/1/").content.decode()
    now = re.search(r'<section class="sim__now room-now".*?</section>', html, re.S).group(0)
    assert '<h3 class="room-happened"' in now and "happened__step" in now


def test_the_board_on_its_way_stops_after_every_action_that_played_itself():
    """A person's move, then the card (chance) and every step of the monster: each is a stop."""
    room, seats, _tokens = started("finstere-flure", people=2)
    engine = services.spec_of(room).engine
    for _ in range(40):
        game = room_game(room)
        before = len(game.events)
        seat = next(s for s in room.seats.all() if s.seat == engine.current_actor(game.state))
        room = services.move(room.pk, seat, engine.legal_actions(game.state)[0], room.version).room
        after = room_game(room)
        if len(after.events) - before > 2:  # the monster answered
            break
    stops = pacing.stops(room.pk, before)
    assert stops == list(range(before + 1, len(after.events) + 1))
    assert pacing.stops(room.pk, None) == [] and pacing.stops(room.pk, len(after.events)) == []
    context = presenter.room_context(Game.objects.get(slug="finstere-flure"), room, seats[0], "nl", upto=stops[2])
    assert not context["my_turn"] and context["shown_actions"] == stops[2]
    assert context["scene"].announce.startswith(("Het toeval beslist:", "Het spel gaat vanzelf verder:"))
    assert not context["scene"].taps


def test_every_seat_receives_the_board_on_its_way_then_the_room_as_it_is(application):
    room, seats, tokens = started("finstere-flure", people=2)
    engine = services.spec_of(room).engine

    async def body():
        from asgiref.sync import sync_to_async

        clients = [SocketClient(application, room, t) for t in tokens]
        for c in clients:
            await c.connect()
            await c.room()
        for _ in range(40):
            saved = await sync_to_async(Room.objects.get)(pk=room.pk)
            game = await sync_to_async(room_game)(saved)
            before = len(game.events)
            actor = engine.current_actor(game.state)
            names = [(await sync_to_async(fresh)(s)).seat for s in seats]
            mover = next(c for c, name in zip(clients, names, strict=True) if name == actor)
            await mover.send({"type": "move", "action": engine.legal_actions(game.state)[0], "version": saved.version})
            final = await clients[0].room(saved.version + 1)
            if final["shown"] - before > 2:
                break
        paced = [m for m in clients[0].messages if m["type"] == "room" and m.get("pacing") and m["shown"] > before]
        for c in clients:
            await c.close()
        return before, final, paced

    before, final, paced = run(body)
    assert [m["shown"] for m in paced] == list(range(before + 1, final["shown"] + 1))
    assert all(not m["my_turn"] and "?play=" not in m["html"] for m in paced)  # nothing to tap on the way
    assert any("Het spel gaat vanzelf verder" in m["html"] or "The game moves on by itself" in m["html"] for m in paced)
