"""The message catalogues: Dutch (the rulebook's language, the source), German and English; the
words outside the sentences are the same files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Messages

from .names import formats
from .words import WORDS

MESSAGES = Messages.for_package(__name__, source="nl", formats=formats, words=WORDS)
