"""The message catalogues of Torens & Dieven: Dutch (the rulebook's language, every key) and full
translations in English and German (``messages_en.py``, ``messages_de.py``), each with every key of
the Dutch source and the same placeholders, in the terms of the game's glossary; the words outside
the sentences are the same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Messages

from .message_formats import formats
from .words import WORDS

MESSAGES = Messages.for_package(__name__, source="nl", formats=formats, words=WORDS)
