"""The message catalogues of Torens & Dieven: Dutch (the rulebook's language, every key) and the
setup labels in English and German (other sentences fall back to Dutch)."""

from __future__ import annotations

from simulator.core.messages import Catalogue, Messages

from . import messages_nl

EN = {
    "setup.players": "Number of players",
    "setup.river": "With the river mini-expansion (recommended)",
    "setup.land": "Ordinary land tiles without a thief symbol (the base game has 71)",
}

DE = {
    "setup.players": "Anzahl der Spieler",
    "setup.river": "Mit der Mini-Erweiterung Der Fluss (empfohlen)",
    "setup.land": "Gewöhnliche Landschaftskarten ohne Diebessymbol (das Grundspiel hat 71)",
}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, messages_nl.FORMATS),
    Catalogue("en", EN),
    Catalogue("de", DE),
)
