"""The message catalogues of Torens & Dieven: Dutch (the rulebook's language, every key) and full
translations in English and German (``messages_en.py``, ``messages_de.py``), each with every key of
the Dutch source and the same placeholders, in the terms of the game's glossary; the words outside
the sentences are the same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl
from .message_formats import formats
from .words import WORDS

# The setup labels (kept here by name for the pages that read them; the catalogues hold them too).
EN = {key: messages_en.MESSAGES[key] for key in ("setup.players", "setup.river", "setup.land")}
DE = {key: messages_de.MESSAGES[key] for key in ("setup.players", "setup.river", "setup.land")}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, formats("nl")),
    Catalogue("en", messages_en.MESSAGES, formats("en")),
    Catalogue("de", messages_de.MESSAGES, formats("de")),
    words=WORDS,
)
