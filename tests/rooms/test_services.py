"""Rooms without sockets: joining, the host's rules, starting, moves judged on the server,
optimistic concurrency, chance from the server, finished games as replay URLs."""

from __future__ import annotations

import random

import pytest

from rooms import gamestate, services
from rooms.models import PlayedGame, Room, Seat
from rooms.services import RoomError
from rules.core.codec import log_from_json
from rules.core.engine import CHANCE
from rules.core.problems import Problem
from rules.core.timeline import from_log

from .helpers import fresh, room_game, seat_to_act, seated_room

pytestmark = pytest.mark.usefixtures("site")


def refused(code: str, call, *args):
    with pytest.raises(RoomError) as info:
        call(*args)
    assert info.value.code == code, info.value.message
    return info.value


def test_four_rooms_per_game_and_no_fifth():
    rooms = services.rooms_of("finstere-flure")
    assert [r.number for r in rooms] == [1, 2, 3, 4]
    error = refused("no-room", services.get_room, "finstere-flure", 5)
    assert error.status == 404 and error.data == {"room": 5}


def test_first_person_in_is_host_and_tokens_are_stored_hashed():
    room, seats, tokens = seated_room("finstere-flure", people=2)
    assert [s.is_host for s in seats] == [True, False]
    assert tokens[0] != tokens[1] and len(tokens[0]) >= 40
    stored = Seat.objects.get(pk=seats[0].pk).token_hash
    assert stored != tokens[0] and tokens[0] not in stored
    assert services.seat_for_token(room, tokens[1]).pk == seats[1].pk
    assert services.seat_for_token(room, tokens[1] + "x") is None


def test_only_the_host_adds_computer_players_and_starts():
    room, seats, _ = seated_room("finstere-flure", people=2)
    refused("not-host", services.add_bot, room.pk, seats[1], "strong")
    refused("not-host", services.start, room.pk, seats[1])
    refused("not-host", services.start, room.pk, None)
    refused("no-bot", services.add_bot, room.pk, seats[0], "grandmaster")
    services.add_bot(room.pk, seats[0], "strong")
    room = services.start(room.pk, seats[0])
    assert room.status == Room.PLAYING
    assert log_from_json(room.log).bots == {"green": "strong"}
    assert [fresh(s).seat for s in seats] == ["red", "yellow"]


def test_start_needs_two_people_even_with_computer_players():
    room, seats, _ = seated_room("finstere-flure", people=1, bots=("random", "random"))
    error = refused("few-people", services.start, room.pk, seats[0])
    assert error.status == 409 and error.data == {"min": 2}
    room.refresh_from_db()
    assert room.status == Room.LOBBY and room.log is None


def test_a_full_room_and_a_started_room_take_nobody_in():
    room, seats, _ = seated_room("der-dunkle-turm", people=2, bots=("strong", "random"))  # 4 of 4
    assert refused("full", services.join, room.pk).data == {"limit": 4}
    refused("full", services.add_bot, room.pk, seats[0], "random")
    services.remove_bot(room.pk, seats[0], room.seats.filter(kind=Seat.BOT).first().pk)
    services.start(room.pk, seats[0])
    refused("started", services.join, room.pk)


def test_when_the_host_leaves_the_next_person_hosts():
    room, seats, _ = seated_room("torens-en-dieven", people=2)
    services.leave(room.pk, seats[0])
    assert fresh(seats[1]).is_host
    services.leave(room.pk, fresh(seats[1]))
    assert not room.seats.exists()


def test_out_of_turn_and_illegal_moves_change_nothing():
    room, seats, _ = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])
    actor = seat_to_act(room, seats)
    other = next(fresh(s) for s in seats if s.pk != actor.pk)
    legal = services.spec_of(room).engine.legal_actions(room_game(room).state)
    version, log = room.version, room.log
    turn = refused("not-your-turn", services.move, room.pk, other, legal[0], version)
    assert turn.as_dict()["data"] == {"seat": actor.seat}  # who is to act, for a client
    error = refused("illegal-action", services.move, room.pk, actor, "move:red1:U,U,U,U,U,U,U,U,U", version)
    assert error.status == 422 and error.clause  # the API's code for the same refusal (one vocabulary)
    assert error.as_dict()["data"] == {"action": "move:red1:U,U,U,U,U,U,U,U,U"}
    nothing = refused("not-an-action", services.move, room.pk, actor, "jump:red1", version)
    assert nothing.status == 400 and not nothing.clause and isinstance(nothing, Problem)
    refused("bad-action", services.move, room.pk, actor, {"move": 1}, version)
    refused("bad-version", services.move, room.pk, actor, legal[0], "7")
    assert refused("stale", services.move, room.pk, actor, legal[0], version - 1).data == {"version": version}
    room.refresh_from_db()
    assert (room.version, room.log) == (version, log)
    moved = services.move(room.pk, actor, legal[0], version)
    assert moved.room.version == version + 1
    assert log_from_json(moved.room.log).actions[: len(log["actions"]) + 1][-1] == legal[0]


def test_of_two_simultaneous_moves_one_wins_the_other_is_refused(monkeypatch):
    """Both players read version N; the first write wins, the second finds no row at version N."""
    room, seats, _ = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])
    actor = seat_to_act(room, seats)
    legal = services.spec_of(room).engine.legal_actions(room_game(room).state)
    real = gamestate.play_automatic
    raced = []

    def competing_write(spec, game, **options):  # another worker writes while this move is computed
        if not raced:
            raced.append(True)
            services.move(room.pk, actor, legal[1], room.version)
        return real(spec, game, **options)

    monkeypatch.setattr(gamestate, "play_automatic", competing_write)
    started, played = room.version, len(room.log["actions"])
    error = refused("conflict", services.move, room.pk, actor, legal[0], room.version)
    assert error.status == 409
    room.refresh_from_db()
    assert room.version == started + 1 and log_from_json(room.log).actions[played] == legal[1]


def test_computer_seats_chance_and_automatic_actors_play_on_the_server():
    room, seats, _ = seated_room("finstere-flure", people=2, bots=("strong",))
    room = services.start(room.pk, seats[0])
    engine = services.spec_of(room).engine
    assert services.computer_moves(room.pk) is None  # a person (red) is to act: nothing to play
    computer_turns = 0
    for _ in range(12):  # the people move; the bot, the monster and chance answer on the server
        game = room_game(room)
        actor = seat_to_act(room, seats)
        moved = services.move(room.pk, actor, engine.legal_actions(game.state)[0], room.version)
        # The person's move is stored first; the computer seat's turn is a second write.
        assert moved.computer_due == (engine.current_actor(moved.game.state) == "green")
        if moved.computer_due:
            computer_turns += 1
            after = services.computer_moves(room.pk)
            assert after is not None and after.version == moved.room.version + 1
        room.refresh_from_db()
        assert engine.current_actor(room_game(room).state) in {"red", "yellow", ""}
    assert computer_turns
    timeline = from_log(engine, log_from_json(room.log))
    actors = {engine.current_actor(f.state) for f in timeline.frames[:-1]}
    assert "green" in actors and "monster" in actors


def test_a_computer_move_is_played_once_when_two_processes_try(monkeypatch):
    room, seats, _ = seated_room("finstere-flure", people=2, bots=("random",))
    room = services.start(room.pk, seats[0])
    engine = services.spec_of(room).engine
    moved = None
    while moved is None or not moved.computer_due:
        actor = seat_to_act(room, seats)
        moved = services.move(room.pk, actor, engine.legal_actions(room_game(room).state)[0], room.version)
        room = moved.room
    real = gamestate.play_automatic
    raced = []

    def competing(spec, game, **options):  # another process plays the computer's turn meanwhile
        if not raced:
            raced.append(None)
            raced[0] = services.computer_moves(room.pk)
        return real(spec, game, **options)

    monkeypatch.setattr(gamestate, "play_automatic", competing)
    version = room.version
    assert services.computer_moves(room.pk) is None  # the other process played it first
    assert raced[0] is not None
    room.refresh_from_db()
    assert room.version == version + 1


def test_chance_is_drawn_on_the_server_and_recorded_without_a_seed(monkeypatch):
    assert isinstance(gamestate.SECURE_RANDOM, random.SystemRandom)  # the operating system's source
    drawn = []

    class Recording(random.Random):
        def random(self):
            value = super().random()
            drawn.append(value)
            return value

    monkeypatch.setattr(gamestate, "SECURE_RANDOM", Recording(5))
    room, seats, _ = seated_room("torens-en-dieven", people=2)
    room = services.start(room.pk, seats[0])  # the first actor is chance
    assert drawn, "chance was not drawn from the rooms' random source"
    log = log_from_json(room.log)
    assert log.seed is None and log.actions
    engine = services.spec_of(room).engine
    first = from_log(engine, log).frames[0].state
    assert engine.current_actor(first) == CHANCE
    assert log.actions[0] in {o.action for o in engine.chance_outcomes(first)}


def test_a_finished_game_is_kept_as_a_replay_url(client):
    room, seats, _ = seated_room("torens-en-dieven", people=2)
    room = services.start(room.pk, seats[0])
    engine = services.spec_of(room).engine
    rng = random.Random(3)
    for _ in range(600):
        if room.status == Room.OVER:
            break
        actor = seat_to_act(room, seats)
        room = services.move(room.pk, actor, rng.choice(engine.legal_actions(room_game(room).state)), room.version).room
    assert room.status == Room.OVER
    played = PlayedGame.objects.get()
    assert played.log == room.log
    from rooms.presenter import replay_url

    response = client.get("/en" + replay_url(room.game, room.log)[3:])
    assert response.status_code == 200
    assert b"Game over." in response.content
    refused("not-host", services.new_game, room.pk, fresh(seats[1]))
    room = services.new_game(room.pk, fresh(seats[0]))
    assert room.status == Room.LOBBY and room.log is None and room.seats.count() == 2


def test_two_threads_moving_at_once_one_wins(monkeypatch):
    """Two requests (threads, each with its own database connection) read the same version and
    write at the same moment: exactly one move is stored, the other is refused."""
    import threading

    from django.db import connection, connections

    if connection.vendor == "sqlite":
        pytest.skip("SQLite serialises writers; the race runs on PostgreSQL (make test-postgres)")
    room, seats, _ = seated_room("finstere-flure", people=2)
    room = services.start(room.pk, seats[0])
    actor = seat_to_act(room, seats)
    legal = services.spec_of(room).engine.legal_actions(room_game(room).state)
    both_computed = threading.Barrier(2, timeout=30)
    real = gamestate.play_automatic

    def in_step(spec, game, **options):
        out = real(spec, game, **options)
        both_computed.wait()  # neither writes before both have read and computed
        return out

    monkeypatch.setattr(gamestate, "play_automatic", in_step)
    outcomes: list = []

    def play(action):
        try:
            outcomes.append(services.move(room.pk, actor, action, room.version).room.version)
        except RoomError as exc:
            outcomes.append(exc.code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=play, args=(a,)) for a in legal[:2]]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes, key=str) == sorted([room.version + 1, "conflict"], key=str)
    room.refresh_from_db()
    assert sum(room.log["actions"].count(a) for a in legal[:2]) == 1
