"""Run the rooms' expiry once (see rooms/expiry.py): for cron, e.g. every minute."""

from typing import Any

from django.core.management.base import BaseCommand

from rooms import expiry
from rooms.services import notify


class Command(BaseCommand):
    help = (
        "Pass on the host role of hosts who have gone, release lobby seats nobody is connected to, "
        "free rooms everybody has left (an unfinished game is kept as a replay link) and delete the "
        "presence rows of stopped workers. Pages and sockets do this for the rooms they show; run it "
        "from cron so rooms nobody looks at are freed too."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        swept = expiry.sweep_all()
        for change in swept:
            notify(change.room, change.gone, change.bumped)
        freed = sum(1 for change in swept if change.room.status == "lobby" and not change.room.seats.exists())
        released = sum(len(change.gone) for change in swept)
        self.stdout.write(f"Rooms: {len(swept)} changed, {freed} free, {released} seat(s) released.")
