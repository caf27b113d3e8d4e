"""The message catalogues of Torens & Dieven: Dutch (the rulebook's language, every key) and full
translations in English and German (``messages_en.py``, ``messages_de.py``), each with every key of
the Dutch source and the same placeholders, in the terms of the game's glossary."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl

# The setup labels (kept here by name for the pages that read them; the catalogues hold them too).
EN = {key: messages_en.MESSAGES[key] for key in ("setup.players", "setup.river", "setup.land")}
DE = {key: messages_de.MESSAGES[key] for key in ("setup.players", "setup.river", "setup.land")}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, messages_nl.FORMATS),
    Catalogue("en", messages_en.MESSAGES, messages_en.FORMATS),
    Catalogue("de", messages_de.MESSAGES, messages_de.FORMATS),
)
