"""The words of Finstere Flure outside its sentences (colours, directions, the board's texts, the
labels of the actions and of tapping, the position editor), read from the catalogues
``messages_<lang>.py`` (their ``WORDS``); the rulebook's Dutch is the source."""

from __future__ import annotations

from rules.core.messages import Words

WORDS = Words.for_package(__name__, source="nl")
