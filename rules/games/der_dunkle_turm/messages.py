"""The message catalogues of Der dunkle Turm: German (the rulebook's language, every key, the source)
and its full Dutch and English translations, with the terms of the game's glossary
(rulebooks/content/der-dunkle-turm/glossary.toml); the words outside the sentences are the same
files' ``WORDS`` (:mod:`.words`)."""

from __future__ import annotations

from rules.core.messages import Messages

from .message_formats import formats
from .words import WORDS

MESSAGES = Messages.for_package(__name__, source="de", formats=formats, words=WORDS)
