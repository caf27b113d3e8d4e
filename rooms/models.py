"""Online rooms: a room of a game, its seats, and the games it has finished.

A running game is stored as its log (``rules.core.codec.Log.as_json()``: the setup, who the
computer plays, and every action including each chance outcome the server drew) plus a
``version`` that every change increments; a move is written with ``UPDATE … WHERE version=``
(optimistic concurrency, :mod:`rooms.services`). A seat's secret token is kept only as a hash.

Presence (:mod:`rooms.presence`): every open WebSocket of a seat is a :class:`Connection` row,
refreshed by the socket's heartbeat; ``Seat.connections`` is recomputed from the live rows
(never counted up and down) and ``Seat.last_seen`` says when the seat was last connected or
opened its room page, which is what the expiry (:mod:`rooms.expiry`) measures absence from. The
person (a browser's cookie) and network address that took a seat are kept as keyed hashes with a
numbered slot, so the database itself refuses a seat beyond the limits (:mod:`rooms.limits`).
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Room(models.Model):
    LOBBY, PLAYING, OVER = "lobby", "playing", "over"
    STATUSES = [(LOBBY, "lobby"), (PLAYING, "playing"), (OVER, "over")]

    game = models.CharField(max_length=80)  # the game's slug (simulator registry)
    number = models.PositiveSmallIntegerField()  # 1..ROOMS_PER_GAME
    status = models.CharField(max_length=10, choices=STATUSES, default=LOBBY)
    log = models.JSONField(null=True, blank=True)  # Log.as_json() once started
    version = models.PositiveIntegerField(default=0)
    # Index in the log's actions where the last person's move began (its events and the computer's,
    # chance's and automatic actors' answers after it are shown as "what happened").
    turn_from = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)
    # Counts changes of who is connected (rooms.presence): a socket that has rendered the room at
    # this count skips the announcements of older changes, so a storm of connects costs one render.
    presence = models.PositiveIntegerField(default=0)
    # What the server did on its own lately (rooms.news: a seat released, the host passed on, the
    # computer taking or giving back a seat), each with the version it made: every socket shows
    # those newer than the board it showed, in its own language.
    news = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="room_game_number")]
        ordering = ["game", "number"]
        verbose_name = _("room")
        verbose_name_plural = _("rooms")

    def __str__(self) -> str:
        return f"{self.game} #{self.number}"


class Seat(models.Model):
    PERSON, BOT = "person", "bot"
    KINDS = [(PERSON, "person"), (BOT, "computer")]

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="seats")
    order = models.PositiveSmallIntegerField()  # seating order: the engine's seats in this order
    kind = models.CharField(max_length=10, choices=KINDS, default=PERSON)
    bot = models.CharField(max_length=40, blank=True)  # GameSpec.bots name for a computer seat
    token_hash = models.CharField(max_length=64, blank=True, db_index=True)  # sha256 of the secret
    is_host = models.BooleanField(default=False)
    seat = models.CharField(max_length=40, blank=True)  # the engine's seat once the game started
    connections = models.PositiveIntegerField(default=0)  # live Connection rows (recomputed, rooms.presence)
    voice = models.BooleanField(default=False)  # 🎙 switched on (nothing of the audio is stored)
    # A person's seat in a started game played by the computer (rooms.standins): the GameSpec.bots
    # name while its person is away (handed over by the others) or after they left the game.
    stand_in = models.CharField(max_length=40, blank=True)
    left = models.BooleanField(default=False)  # the person left the started game: nobody comes back
    last_seen = models.DateTimeField(default=timezone.now)  # last connected, or last opened the room page
    # Who took the seat (rooms.limits): keyed hashes of the person's cookie and of the network
    # address, each with a slot number; unique together, so the limits hold across workers.
    person_hash = models.CharField(max_length=64, null=True, blank=True)
    person_slot = models.PositiveSmallIntegerField(null=True, blank=True)
    address_hash = models.CharField(max_length=64, null=True, blank=True)
    address_slot = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(fields=["room", "order"], name="seat_room_order"),
            models.UniqueConstraint(fields=["room", "person_hash"], name="seat_one_per_person_per_room"),
            models.UniqueConstraint(fields=["person_hash", "person_slot"], name="seat_person_slot"),
            models.UniqueConstraint(fields=["address_hash", "address_slot"], name="seat_address_slot"),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.room} seat {self.order}"

    @property
    def is_bot(self) -> bool:
        return self.kind == self.BOT


class Connection(models.Model):
    """One open WebSocket of a seat (on whichever worker): its channel name and when its heartbeat
    last ran. A row not refreshed for ``ROOMS_PRESENCE_TIMEOUT`` (its worker stopped) is not live
    and is deleted by the next sweep."""

    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="sockets")
    channel = models.CharField(max_length=200, unique=True)
    opened = models.DateTimeField(default=timezone.now)
    seen = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["opened", "pk"]
        verbose_name = _("connection")
        verbose_name_plural = _("connections")

    def __str__(self) -> str:
        return f"{self.seat} socket {self.pk}"


class PlayedGame(models.Model):
    """A room game kept so its replay URL can settle disputes afterwards: finished, or (``complete``
    false) left unfinished when everybody had gone and the room was freed."""

    game = models.CharField(max_length=80)
    room_number = models.PositiveSmallIntegerField()
    log = models.JSONField()
    finished = models.DateTimeField(auto_now_add=True)
    complete = models.BooleanField(default=True)

    class Meta:
        ordering = ["-finished"]
        verbose_name = _("played game")
        verbose_name_plural = _("played games")
