"""The message catalogues of Der dunkle Turm: German (the rulebook's language, every key) and the
setup labels in Dutch and English (other sentences fall back to German)."""

from __future__ import annotations

from simulator.core.messages import Catalogue, Messages

from . import messages_de

NL = {"setup.teams": "Aantal teams"}
EN = {"setup.teams": "Number of teams"}

MESSAGES = Messages(
    Catalogue("de", messages_de.MESSAGES, messages_de.FORMATS),
    Catalogue("nl", NL),
    Catalogue("en", EN),
)
