"""Online rooms: a room of a game, its seats, and the games it has finished.

A running game is stored as its log (``simulator.core.codec.Log.as_json()``: the setup, who the
computer plays, and every action including each chance outcome the server drew) plus a
``version`` that every change increments; a move is written with ``UPDATE … WHERE version=``
(optimistic concurrency, :mod:`rooms.services`). A seat's secret token is kept only as a hash.
"""

from __future__ import annotations

from django.db import models


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

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="room_game_number")]
        ordering = ["game", "number"]

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
    connections = models.PositiveIntegerField(default=0)  # open WebSockets of this seat
    voice = models.BooleanField(default=False)  # 🎙 switched on (nothing of the audio is stored)

    class Meta:
        ordering = ["order"]
        constraints = [models.UniqueConstraint(fields=["room", "order"], name="seat_room_order")]

    def __str__(self) -> str:
        return f"{self.room} seat {self.order}"

    @property
    def is_bot(self) -> bool:
        return self.kind == self.BOT


class PlayedGame(models.Model):
    """A finished room game, kept so its replay URL can settle disputes afterwards."""

    game = models.CharField(max_length=80)
    room_number = models.PositiveSmallIntegerField()
    log = models.JSONField()
    finished = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-finished"]
