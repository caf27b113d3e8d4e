"""The message catalogues: Dutch (the rulebook's language, the source), German and English; the
words outside the sentences are the same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Catalogue, Messages

from . import messages_de, messages_en, messages_nl
from .names import formats
from .words import WORDS

MESSAGES = Messages(
    Catalogue("nl", messages_nl.MESSAGES_NL, formats("nl")),
    Catalogue("de", messages_de.MESSAGES_DE, formats("de")),
    Catalogue("en", messages_en.MESSAGES_EN, formats("en")),
    words=WORDS,
)
