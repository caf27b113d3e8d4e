"""The message catalogues of Finstere Flure: Dutch (the rulebook's language, the source with every
key), German and English (full translations with the same keys and placeholders; the terms follow
``rulebooks/content/finstere-flure/glossary.toml``); the words outside the sentences are the
same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl
from .message_formats import formats
from .words import WORDS

# The setup labels (also in the full catalogues below; kept here by name for the setup form).
EN = {key: messages_en.MESSAGES[key] for key in ("setup.players", "setup.dmaufbau")}
DE = {key: messages_de.MESSAGES[key] for key in ("setup.players", "setup.dmaufbau")}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, formats("nl")),
    Catalogue("en", messages_en.MESSAGES, formats("en")),
    Catalogue("de", messages_de.MESSAGES, formats("de")),
    words=WORDS,
)
