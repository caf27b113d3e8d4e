from django.contrib import admin

from .models import PlayedGame, Room, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ("order", "kind", "bot", "seat", "is_host", "connections", "voice", "last_seen")
    readonly_fields = fields


@admin.register(Room)
class RoomAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "status", "version", "updated")
    list_filter = ("game", "status")
    readonly_fields = ("log", "version", "turn_from")
    inlines = [SeatInline]


@admin.register(PlayedGame)
class PlayedGameAdmin(admin.ModelAdmin):
    list_display = ("game", "room_number", "finished", "complete")
    list_filter = ("game", "complete")
    readonly_fields = ("game", "room_number", "log", "finished", "complete")
