from typing import TYPE_CHECKING

from django.contrib import admin

from .models import PlayedGame, Room, Seat

if TYPE_CHECKING:
    # django-stubs makes the admin's classes generic; Django's own take no type parameters.
    _SeatInline = admin.TabularInline[Seat, Room]
    _RoomAdmin = admin.ModelAdmin[Room]
    _PlayedGameAdmin = admin.ModelAdmin[PlayedGame]
else:
    _SeatInline = admin.TabularInline
    _RoomAdmin = _PlayedGameAdmin = admin.ModelAdmin


class SeatInline(_SeatInline):
    model = Seat
    extra = 0
    fields = ("order", "kind", "bot", "seat", "is_host", "connections", "voice", "last_seen", "stand_in", "left")
    readonly_fields = fields


@admin.register(Room)
class RoomAdmin(_RoomAdmin):
    list_display = ("game", "number", "status", "version", "updated")
    list_filter = ("game", "status")
    readonly_fields = ("log", "version", "turn_from")
    inlines = [SeatInline]


@admin.register(PlayedGame)
class PlayedGameAdmin(_PlayedGameAdmin):
    list_display = ("game", "room_number", "finished", "complete")
    list_filter = ("game", "complete")
    readonly_fields = ("game", "room_number", "log", "finished", "complete")
