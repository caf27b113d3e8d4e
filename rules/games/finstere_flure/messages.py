"""The message catalogues of Finstere Flure: Dutch (the rulebook's language, the source with every
key), German and English (full translations with the same keys and placeholders; the terms follow
``rulebooks/content/finstere-flure/glossary.toml``)."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl

# The setup labels (also in the full catalogues below; kept here by name for the setup form).
EN = {key: messages_en.MESSAGES[key] for key in ("setup.players", "setup.dmaufbau")}
DE = {key: messages_de.MESSAGES[key] for key in ("setup.players", "setup.dmaufbau")}

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES, messages_nl.FORMATS),
    Catalogue("en", messages_en.MESSAGES, messages_en.FORMATS),
    Catalogue("de", messages_de.MESSAGES, messages_de.FORMATS),
)
