"""The message catalogues: Dutch (source) and the setup labels in German and English."""

from __future__ import annotations

from simulator.core.messages import Catalogue, Messages

from .messages_nl import MESSAGES_NL
from .names import FORMATS

MESSAGES = Messages(
    Catalogue("nl", MESSAGES_NL, FORMATS),
    Catalogue(
        "de",
        {
            "setup.players": "Anzahl Spieler (1 = solo)",
            "setup.solo_flasks": "Solo mit Fläschchen und 3 Zaubersprüchen",
            "setup.teams": "In Teams (bei 4 oder 6 Spielern)",
            "setup.master": "Meisterzauberer",
            "setup.master_spells": "Meisterzauberer: Anzahl offener Zaubersprüche",
        },
        FORMATS,
    ),
    Catalogue(
        "en",
        {
            "setup.players": "Number of players (1 = solo)",
            "setup.solo_flasks": "Solo with flasks and 3 spells",
            "setup.teams": "In teams (with 4 or 6 players)",
            "setup.master": "Master wizards",
            "setup.master_spells": "Master wizards: number of open spells",
        },
        FORMATS,
    ),
)
