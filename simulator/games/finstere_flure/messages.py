"""The message catalogues of Finstere Flure: Dutch (the rulebook's language, every key) and the
setup labels in English and German (other sentences fall back to Dutch)."""

from __future__ import annotations

from simulator.core.messages import Catalogue, Messages

from . import messages_nl

EN = {
    "setup.players": "Number of players",
    "setup.dmaufbau": "Players place the stones and blood pools (dmaufbau)",
}

DE = {
    "setup.players": "Anzahl der Spieler",
    "setup.dmaufbau": "Die Spieler legen Steinblöcke und Blutlachen selbst (dmaufbau)",
}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, messages_nl.FORMATS),
    Catalogue("en", EN),
    Catalogue("de", DE),
)
