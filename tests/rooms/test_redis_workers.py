"""Two uvicorn worker processes sharing rooms through a real Redis (channels-redis): players
connected to different workers see the same room, moves included."""

from __future__ import annotations

import asyncio
import json

import websockets

from .servers import Person, rooms_database, servers  # noqa: F401  (fixtures)

ROOM = "/en/torens-en-dieven/rooms/2/"
SOCKET = "/ws/rooms/torens-en-dieven/2/?lang=en"


async def receive_room(ws, predicate) -> dict:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=20))
        # The room as it is (not the board on its way there: rooms.pacing's frames).
        if message["type"] == "room" and not message.get("pacing") and predicate(message):
            return message


async def play(base_a: str, base_b: str, alice: Person, bob: Person) -> None:
    def socket(base: str, person: Person):
        url = base.replace("http://", "ws://") + SOCKET
        return websockets.connect(url, additional_headers={"Cookie": person.cookie_header(), "Origin": base})

    async with socket(base_a, alice) as ws_a, socket(base_b, bob) as ws_b:
        first = await receive_room(ws_b, lambda m: m["status"] == "lobby")
        assert first["html"].count("data-seat-id=") == 2
        # The host starts on worker A; Bob, on worker B, sees the game begin.
        assert await asyncio.to_thread(alice.post, ROOM + "start/", ROOM) == 200
        playing = await receive_room(ws_b, lambda m: m["status"] == "playing")
        state_a = await receive_room(ws_a, lambda m: m["status"] == "playing")
        # Whoever is to move moves over their own worker; the other worker's player sees it.
        mover, watcher = (ws_a, ws_b) if state_a["my_turn"] else (ws_b, ws_a)
        mine = state_a if state_a["my_turn"] else playing
        action = mine["html"].split("?play=")[1].split("&amp;")[0]
        from urllib.parse import unquote_plus

        await mover.send(json.dumps({"type": "move", "action": unquote_plus(action), "version": mine["version"]}))
        moved = await receive_room(watcher, lambda m: m["version"] == mine["version"] + 1)
        assert moved["status"] == "playing"


def test_players_on_different_workers_share_the_room(servers):  # noqa: F811
    redis_url = servers.redis()
    base_a, base_b = servers.worker(redis_url), servers.worker(redis_url)
    alice, bob = Person(base_a), Person(base_b)
    assert alice.post(ROOM + "join/", ROOM) == 200  # redirected back to the room
    assert bob.post(ROOM + "join/", ROOM) == 200
    page_b = bob.get(ROOM)
    assert page_b.count("data-seat-id=") == 2  # one database: worker B knows Alice's seat
    asyncio.run(play(base_a, base_b, alice, bob))
