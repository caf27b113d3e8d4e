"""The message catalogues: Dutch (the rulebook's language, the source), German and English."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en
from .messages_nl import MESSAGES_NL
from .names import FORMATS

MESSAGES = Messages(
    Catalogue("nl", MESSAGES_NL, FORMATS),
    Catalogue("de", messages_de.MESSAGES_DE, messages_de.FORMATS),
    Catalogue("en", messages_en.MESSAGES_EN, messages_en.FORMATS),
)
