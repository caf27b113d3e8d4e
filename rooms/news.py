"""What the server did in a room on its own, told to everyone in the room in their own language.

A sweep (:mod:`rooms.expiry`) or a seat handed to the computer (:mod:`rooms.standins`) writes an
item into ``Room.news`` together with the new version it makes: ``{"v": version, "what": kind,
"n": player number, "bot": name}``. Every socket renders the room after a change, and with it
the items newer than the board it showed before (:func:`since`), so everyone whose socket is
open reads at once, for example, "Player 3 is away: Computer (strong) plays for them until they
are back." -- on whichever worker, and also after a change made by another process
(``manage.py expirerooms``), which the watcher (:mod:`rooms.watch`) notices. Only the latest
:data:`KEEP` items are kept; a page reload shows the room as it is, not the news.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import gettext as _

from simulator.presenter import bot_label

from .models import Room, Seat

KEEP = 8

RELEASED, HOST, STAND_IN, BACK, LEFT = "released", "host", "stand-in", "back", "left"


def item(what: str, n: int, bot: str = "") -> dict[str, Any]:
    """One thing the server did: ``what`` happened to player ``n`` (``bot``: the computer player)."""
    out: dict[str, Any] = {"what": what, "n": n}
    if bot:
        out["bot"] = bot
    return out


def add(room: Room, items: Iterable[dict[str, Any]]) -> None:
    """Record ``items`` as made by the room's current version (call after increasing it)."""
    added = [{**i, "v": room.version} for i in items]
    if added:
        room.news = [*(room.news or []), *added][-KEEP:]


def player_number(seats: Sequence[Seat], seat_id: int) -> int:
    """The seat's number among the people of the room ("Player 2"), in seating order."""
    people = [s.pk for s in sorted(seats, key=lambda s: s.order) if s.kind == Seat.PERSON]
    return people.index(seat_id) + 1 if seat_id in people else 0


def since(room: Room, version: int) -> list[str]:
    """The sentences of the items newer than ``version``, in the active language (none for a
    socket that has shown nothing yet: it sees the room as it is)."""
    if version < 0:
        return []
    return [text(i) for i in room.news or [] if isinstance(i, dict) and i.get("v", 0) > version]


def text(news: dict[str, Any]) -> str:
    name = _("Player %(n)s") % {"n": news.get("n", "?")}
    bot = bot_label(str(news.get("bot", "")))
    what = news.get("what")
    if what == RELEASED:
        return _("%(name)s was away too long: their seat is free again.") % {"name": name}
    if what == HOST:
        return _("%(name)s hosts the room now.") % {"name": name}
    if what == STAND_IN:
        return _("%(name)s is away: %(bot)s plays for them until they are back.") % {"name": name, "bot": bot}
    if what == BACK:
        return _("%(name)s is back and plays their seat again.") % {"name": name}
    if what == LEFT:
        return _("%(name)s left the game: %(bot)s plays their seat.") % {"name": name, "bot": bot}
    return ""
