"""The message catalogues of Der dunkle Turm: German (the rulebook's language, every key, the source)
and its full Dutch and English translations, with the terms of the game's glossary
(rulebooks/content/der-dunkle-turm/glossary.toml)."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl

MESSAGES = Messages(
    Catalogue("de", messages_de.MESSAGES, messages_de.FORMATS),
    Catalogue("nl", messages_nl.MESSAGES, messages_nl.FORMATS),
    Catalogue("en", messages_en.MESSAGES, messages_en.FORMATS),
)
