"""The message catalogues of Finstere Flure: Dutch (the rulebook's language, the source with every
key), German and English (full translations with the same keys and placeholders; the terms follow
``rulebooks/content/finstere-flure/glossary.toml``); the words outside the sentences are the
same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Messages

from .message_formats import formats
from .words import WORDS

MESSAGES = Messages.for_package(__name__, source="nl", formats=formats, words=WORDS)
